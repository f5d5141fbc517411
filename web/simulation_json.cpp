// state().simulation (simulation_json.h).
#include "simulation_json.h"

#include "app.h"
#include "mask_strip_renderer.h"
#include "simulation_frame.h"

namespace taescope::web {

namespace {

void write_sim_event(JsonWriter& json, const SimEvent& e) {
    json.begin_object()
        .field("index", uint64_t(e.index))
        .field("type", int64_t(e.type))
        .field("name", e.type_name)
        .field("conditional", e.condition.conditional);
    if (e.condition.conditional) {
        json.key("conditions").begin_object();
        for (const ConditionValue& v : e.condition.values)
            if (v.stored && v.value != 0) json.field(v.field, int64_t(v.value));
        json.end_object();
    }
    if (e.effect.starts_effect) {
        json.key("effectId");
        if (e.effect.effect_id)
            json.integer(*e.effect.effect_id);
        else
            json.null();
    }
    json.end_object();
}

}  // namespace

// The Simulation panel's content at the playhead.
void write_simulation_json(JsonWriter& json, const App& app) {
    const DocumentSimulation* ds = app.simulation();
    if (!ds) {
        json.key("simulation").null();
        return;
    }
    const AnimationSimulation& sim = ds->simulation;
    SimulationFrame now = simulation_frame_at(sim, app.state().timeline.time);
    std::string masks;
    for (const MaskGroupState& g : now.masks) masks += mask_visibility_char(g.visibility);
    json.key("simulation")
        .begin_object()
        .field("frame", int64_t(now.frame))
        .field("frameCount", uint64_t(sim.frame_count()))
        .field("convention", convention_name(sim.convention()))
        .field("import", import_outcome_name(ds->import.outcome))
        .field("importMessage", ds->import.message)
        .field("stripRenderer", mask_strip_renderer().mode())
        .field("masks", masks);
    json.key("maskDecidedBy").begin_array();
    for (const MaskGroupState& g : now.masks) json.integer(g.decided_by);
    json.end_array();
    const SimulationViewState& view = app.state().simulation_view;
    json.key("strip")
        .begin_object()
        .field("x0", double(view.strip_x0))
        .field("y0", double(view.strip_y0))
        .field("x1", double(view.strip_x1))
        .field("y1", double(view.strip_y1))
        .field("hoveredGroup", view.hovered_group)
        .field("hoveredFrame", view.hovered_frame)
        .field("hoveredDecidedBy", view.hovered_decided_by)
        .end_object();
    json.key("active").begin_array();
    for (uint32_t i : now.active) write_sim_event(json, sim.events()[i]);
    json.end_array();
    json.key("effectsStarted").begin_array();
    for (uint32_t i : now.started)
        if (sim.events()[i].effect.starts_effect) write_sim_event(json, sim.events()[i]);
    json.end_array();
    json.key("maskEvents").begin_array();
    for (uint32_t i : sim.mask_events()) json.unsigned_integer(i);
    json.end_array();
    json.key("conditionalEvents").begin_array();
    for (uint32_t i : sim.conditional_events()) json.unsigned_integer(i);
    json.end_array();
    json.end_object();
}

}  // namespace taescope::web
