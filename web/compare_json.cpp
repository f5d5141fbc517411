// state().compare (compare_json.h).
#include "compare_json.h"

#include "app.h"
#include "binder/animation_names.h"

namespace taescope::web {

// The comparison with a reference file: the summary, the animations that differ, and the
// selected animation's events as the diff paired them.
void write_compare_json(JsonWriter& json, App& app) {
    json.key("compare");
    const TaeSetDifference* diff = app.compare_difference();
    if (!diff) {
        json.null();
        return;
    }
    json.begin_object()
        .field("reference", app.compare_name())
        .field("added", uint64_t(diff->added))
        .field("removed", uint64_t(diff->removed))
        .field("changed", uint64_t(diff->changed))
        .field("unchanged", uint64_t(diff->unchanged));
    json.key("animations").begin_array();
    for (const AnimationDifference& a : diff->animations)
        json.begin_object()
            .field("name", animation_name(a.full_number))
            .field("change", animation_change_name(a.change))
            .field("moved", uint64_t(a.count(EventChange::Moved)))
            .field("changedEvents", uint64_t(a.count(EventChange::Changed)))
            .field("addedEvents", uint64_t(a.count(EventChange::Added)))
            .field("removedEvents", uint64_t(a.count(EventChange::Removed)))
            .end_object();
    json.end_array();
    json.key("selected");
    if (const AnimationDifference* d = app.selected_animation_difference()) {
        json.begin_array();
        for (const EventDifference& e : d->events) {
            json.begin_object().field("change", event_change_name(e.change)).field("type", int64_t(e.type));
            json.key("reference");
            if (e.index_a)
                json.unsigned_integer(*e.index_a);
            else
                json.null();
            json.key("open");
            if (e.index_b)
                json.unsigned_integer(*e.index_b);
            else
                json.null();
            json.key("fields").begin_array();
            for (const FieldDifference& f : e.fields)
                json.begin_object()
                    .field("name", f.name)
                    .field("before", f.before)
                    .field("after", f.after)
                    .end_object();
            json.end_array().end_object();
        }
        json.end_array();
    } else {
        json.null();
    }
    json.end_object();
}

}  // namespace taescope::web
