// taescope.searchHits(): the last search (search_model.h), every hit.
#include "search_json.h"

#include "app.h"
#include "binder/animation_names.h"

namespace taescope::web {

std::string search_json(const App& app) {
    const SearchState& search = app.state().search;
    JsonWriter json;
    json.begin_object().field("query", search.ran_query).field("truncated", search.truncated);
    json.key("hits").begin_array();
    const auto& doc = app.state().document;
    for (const SearchHit& hit : search.hits) {
        const TaeAnimation* a = doc ? doc->animation(hit.tae_file, hit.animation) : nullptr;
        json.begin_object()
            .field("taeFile", hit.tae_file)
            .field("animation", hit.animation)
            .field("animationName", a ? full_animation_name(doc->tae_entry(size_t(hit.tae_file)), *a) : std::string())
            .field("event", hit.event)
            .field("what", hit.what)
            .end_object();
    }
    json.end_array().end_object();
    return json.text();
}

}  // namespace taescope::web
