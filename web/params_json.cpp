// state().params and state().hitboxes (params_json.h).
#include "params_json.h"

#include <map>
#include <string>

#include "app.h"

namespace taescope::web {

void write_params_json(JsonWriter& json, App& app) {
    const ParamsStatus& s = app.params().status();
    json.key("params");
    if (s.phase == ParamsPhase::None) {
        json.null();
        return;
    }
    json.begin_object()
        .field("phase", params_phase_name(s.phase))
        .field("file", s.file)
        .field("game", s.game)
        .field("version", s.version)
        .field("summary", s.summary)
        .field("error", s.error)
        .field("remembered", s.remembered)
        .field("decodedIn", s.decoded_in_worker ? "worker" : "main thread")
        .field("workerMs", s.worker_ms)
        .field("openMs", s.open_ms);
    const AttackChain* chain = app.attack_chain();
    if (!chain) {
        json.key("variation").null().key("variationSource").null().key("npcParamRow").null().key("chain").null();
        json.end_object();
        return;
    }
    const CharacterParams& c = chain->character();
    json.field("variation", int64_t(c.variation)).field("variationSource", c.variation_source);
    json.key("npcParamRow");
    if (c.npc_param_row)
        json.integer(*c.npc_param_row);
    else
        json.null();
    json.field("player", c.player);
    json.key("variations").begin_array();
    for (const VariationChoice& v : c.variations) {
        json.begin_object().field("variation", int64_t(v.variation)).field("source", v.source);
        json.key("npcParamRows").begin_array();
        for (int32_t row : v.npc_param_rows) json.integer(row);
        json.end_array();
        json.field("judgesCovered", uint64_t(v.judges_covered))
            .field("judgesTotal", uint64_t(v.judges_total))
            .end_object();
    }
    json.end_array();
    json.key("displayMasks").begin_array();
    for (int g = 0; g < kMaskGroupCount; ++g) json.boolean(c.display_masks.shows(g));
    json.end_array();
    json.field("displayMasksSource", c.display_masks.source);
    std::map<std::string, uint64_t> misses;
    for (const AttackEvent& e : chain->events())
        if (e.miss != AttackMiss::None) ++misses[attack_miss_name(e.miss)];
    json.key("chain")
        .begin_object()
        .field("events", uint64_t(chain->events().size()))
        .field("resolved", uint64_t(chain->resolved_count()))
        .field("milliseconds", app.params().chain_ms());
    // The frame-data table once computed (the window or the CSV asked): its cost, posed or not.
    if (app.params().frame_data_ready())
        json.field("frameDataMilliseconds", app.params().frame_data_ms()).field("frameDataPosed", app.params().frame_data_posed());
    json.key("misses").begin_object();
    for (const auto& [reason, n] : misses) json.field(reason, n);
    json.end_object().end_object();
    json.key("notes").begin_array();
    for (const std::string& note : chain->notes()) json.string(note);
    for (const std::string& note : c.notes) json.string(note);
    json.end_array();
    json.end_object();
}

void write_hitboxes_json(JsonWriter& json, App& app) {
    const std::vector<PosedAttackShape>& shapes = app.hit_shapes_at_playhead();
    const AttackChain* chain = app.attack_chain();
    json.key("hitboxes").begin_array();
    for (const PosedAttackShape& shape : shapes) {
        if (!chain || shape.event >= chain->events().size()) continue;
        const AttackEvent& e = chain->events()[shape.event];
        json.begin_object().field("event", uint64_t(e.event_index)).field("type", int64_t(e.type));
        json.key("atkRow");
        if (e.atk_row)
            json.integer(*e.atk_row);
        else
            json.null();
        const AttackHit* hit = nullptr;
        for (const AttackHit& h : e.hits)
            if (h.slot == shape.slot) hit = &h;
        json.field("slot", uint64_t(shape.slot))
            .field("kind", attack_shape_kind_name(shape.kind))
            .field("radius", double(shape.radius))
            .field("hitType", int64_t(shape.hit_type))
            .field("color", hit ? attack_shape_color_name(attack_shape_color(e, *hit)) : "");
        json.key("points").begin_array();
        for (const Vec3d& p : shape.points) json.begin_array().number(p[0]).number(p[1]).number(p[2]).end_array();
        json.end_array();
        json.key("missing").begin_array();
        for (int32_t id : shape.missing) json.integer(id);
        json.end_array();
        json.end_object();
    }
    json.end_array();
}

}  // namespace taescope::web
