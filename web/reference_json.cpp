// state().reference and taescope.referenceJson() (reference_json.h).
#include "reference_json.h"

#include "app.h"

namespace taescope::web {

// The Reference panel: its search, the type shown with every field's confidence and source,
// the simulator's reading, the other games' differences and the open file's values. Hits are
// cut at `max_hits` (state() is read every frame by tests; reference_json has them all).
void write_reference_json(JsonWriter& json, App& app, size_t max_hits) {
    const ReferencePanelState& r = app.state().reference;
    json.key("reference").begin_object();
    json.field("open", app.state().windows.reference)
        .field("fragment", app.reference_fragment())
        .field("viewSerial", r.view_serial)
        .field("query", r.query)
        .field("game", r.game)
        .field("error", r.error)
        .field("hitCount", uint64_t(r.hits.size()))
        .field("truncated", r.truncated);
    json.key("games").begin_array();
    for (const ReferenceSource& source : app.reference_index().sources()) json.string(source.game);
    json.end_array();
    json.key("hits").begin_array();
    for (size_t i = 0; i < r.hits.size() && i < max_hits; ++i) {
        const ReferenceHit& h = r.hits[i];
        json.begin_object()
            .field("game", h.game)
            .field("type", uint64_t(h.type))
            .field("name", h.name)
            .field("confidence", confidence_name(h.confidence))
            .field("matched", h.matched)
            .end_object();
    }
    json.end_array();
    json.key("shown");
    // Only while the panel is open: the per-file counts are redone after every edit.
    const ReferenceType* t = app.state().windows.reference ? app.shown_reference_type() : nullptr;
    if (!t) {
        json.null();
        json.end_object();
        return;
    }
    json.begin_object()
        .field("game", t->game)
        .field("type", uint64_t(t->type))
        .field("defined", t->defined)
        .field("name", t->name)
        .field("origin", t->origin)
        .field("size", uint64_t(t->size))
        .field("confidence", confidence_name(t->type_knowledge.confidence()))
        .field("source",
               t->type_knowledge.statements.empty() ? std::string() : t->type_knowledge.statements.front().label());
    const TypeValueStatistics* stats = app.shown_reference_statistics();
    json.key("fields").begin_array();
    for (size_t i = 0; i < t->fields.size(); ++i) {
        const ReferenceField& f = t->fields[i];
        json.begin_object()
            .field("offset", uint64_t(f.field.offset))
            .field("size", uint64_t(f.field.size))
            .field("type", f.type_text)
            .field("name", f.field.name)
            .field("default", f.default_text)
            .field("asserted", f.asserted_text)
            .field("confidence", confidence_name(f.knowledge.confidence()))
            .field("source", f.knowledge.statements.empty() ? std::string() : f.knowledge.statements.front().label())
            .field("fromNotes", f.from_notes)
            .field("namedValues", uint64_t(f.field.entries.size()));
        if (stats && i < stats->fields.size()) {
            const FieldValueStatistics& fs = stats->fields[i];
            json.field("stored", fs.stored).field("distinct", fs.distinct);
            json.key("values").begin_array();
            for (size_t v = 0; v < fs.values.size() && v < 16; ++v) {
                std::string name = f.value_name(fs.values[v].raw);
                json.begin_object()
                    .field("value", f.value_text(fs.values[v].raw))
                    .field("count", fs.values[v].count)
                    .field("name", name)
                    .field("unnamed", name.empty())
                    .end_object();
            }
            json.end_array();
        }
        json.end_object();
    }
    json.end_array();
    json.key("simulation").begin_array();
    for (const std::string& line : t->simulation) json.string(line);
    json.end_array();
    json.key("differences").begin_array();
    for (const ReferenceDifference& d : t->differences)
        json.begin_object().field("game", d.game).field("text", d.text).end_object();
    json.end_array();
    json.key("gamesWithout").begin_array();
    for (const std::string& g : t->games_without) json.string(g);
    json.end_array();
    json.key("file");
    if (stats)
        json.begin_object()
            .field("events", stats->events)
            .field("animations", stats->animations)
            .field("eventFiles", uint64_t(app.shown_reference_statistics_files()))
            .end_object();
    else
        json.null();
    json.end_object();
    json.end_object();
}

std::string reference_json(App& app) {
    JsonWriter json;
    json.begin_object();
    write_reference_json(json, app, ~size_t{0});
    json.end_object();
    return json.text();
}

}  // namespace taescope::web
