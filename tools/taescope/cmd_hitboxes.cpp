// `taescope hitboxes ANIBND --params REG [--variation V] [--json] [--model CHRBND --anim aXXX_YYYYYY
// --frame F]`: every type-1 and type-5 event of a binder resolved through the game's params to
// its hit capsules and spheres (engine/sim/attack_chain.h), every miss named with its reason;
// with the model, the shapes of the events live at one clip frame, posed at its dummy polys.
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "attack_cli.h"
#include "binder/animation_names.h"
#include "command.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope hitboxes ANIBND --params REG [--variation V] [--npc-row ID] [--weapon W] [--json]\n"
    "                         [--model CHRBND --anim aXXX_YYYYYY --frame F] [--paramdef XML]...\n"
    "\n"
    "Every type-1 (Attack Behavior) and type-5 (Common Behavior) event of ANIBND resolved through\n"
    "REG (a regulation.bin, decrypted or not, a .parambnd.dcx, a .param file): judge id ->\n"
    "BehaviorParam row (type 1: 200,000,000 + V x 1,000 + judge; type 5: judge) -> refType ->\n"
    "AtkParam_Npc row -> the used hit slots (capsule or sphere between dummy polys, radius, hit type).\n"
    "A miss says why (no BehaviorParam row, a bullet, an SpEffect, no AtkParam row, ...).\n"
    "  --variation V  the behaviour variation (default: model number x 10, inferred; the model's\n"
    "                 NpcParam rows and the V covering the judge ids are listed as choices)\n"
    "  --npc-row ID   the NpcParam row whose V and display masks apply\n"
    "  --weapon W     the player chain's weapon variation (c0000; Sourced, default 0)\n"
    "  --model CHRBND --anim aXXX_YYYYYY --frame F\n"
    "                 the shapes of the events live at clip frame F (start <= F x frame duration\n"
    "                 < end; the `taescope pose --frames` numbering), posed at the model's dummies:\n"
    "                 a capsule's two ends, a sphere's centre at every dummy of its id (model\n"
    "                 space, no root motion)\n"
    "  --json         JSON (docs/cli-schema.json: hitboxes)\n"
    "exit status: 0 printed, 1 unreadable file or animation, 2 usage error\n";

void write_point(JsonOut& out, const Vec3d& p) {
    out.begin_array(true);
    for (double v : p) out.number(v);
    out.end_array();
}

int run_hitboxes(const std::vector<std::string>& args) {
    ArgSpec spec{{"--json"}, {"--anim", "--frame"}};
    add_attack_options(spec);
    auto parsed = parse_args(args, spec, "hitboxes", kUsage);
    if (!parsed) return 2;
    const bool posing = parsed->has("--anim") || parsed->has("--frame");
    if (parsed->positional.size() != 1 || !parsed->has("--params") ||
        (posing && !(parsed->has("--anim") && parsed->has("--frame") && parsed->has("--model")))) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    double frame = 0;
    std::optional<FoundAnimation> found;
    if (posing) {
        const std::string text = parsed->value("--frame");
        char* end = nullptr;
        frame = std::strtod(text.c_str(), &end);
        if (*end != '\0' || !std::isfinite(frame) || frame < 0) {
            std::fprintf(stderr, "taescope hitboxes: --frame wants a frame number >= 0\n");
            return 2;
        }
    }
    AttackSetup s;
    if (!open_attack_setup(*parsed, s, "hitboxes")) return 1;
    const Document& doc = *s.anibnd->documents[0];
    std::vector<PosedAttackShape> posed;
    if (posing) {
        auto number = parse_animation_argument(parsed->value("--anim"));
        if (number) found = find_animation(doc, *number);
        if (!found) {
            std::fprintf(stderr, "taescope hitboxes: no animation %s in %s\n", parsed->value("--anim").c_str(),
                         doc.name.c_str());
            return 1;
        }
        auto shapes = posed_attack_shapes(*s.chain, found->tae_index, found->animation_index, frame, *s.model,
                                          s.anibnd->character);
        if (!shapes.ok()) {
            std::fprintf(stderr, "taescope hitboxes: %s\n", shapes.error().to_string().c_str());
            return 1;
        }
        posed = std::move(*shapes);
    }
    const AttackChain& chain = *s.chain;
    if (!parsed->has("--json")) {
        const CharacterParams& c = chain.character();
        std::printf("%s with %s\n", doc.name.c_str(), params::regulation_summary(*s.regulation).c_str());
        std::printf("variation %d (%s); display masks: %s\n", c.variation, c.variation_source.c_str(),
                    c.display_masks.source.c_str());
        for (const auto& e : chain.events()) {
            std::printf("%s event %u type %d %.4f-%.4f judge %d -> %s %d", animation_name(e.animation).c_str(),
                        e.event_index, e.type, double(e.start), double(e.end), e.judge, e.behavior_param.c_str(),
                        e.behavior_row);
            if (e.atk_row) std::printf(" -> %s %d", e.atk_param.c_str(), *e.atk_row);
            for (const auto& h : e.hits)
                std::printf(" [%u %s %d-%d r%.3g]", h.slot, attack_shape_kind_name(h.kind), h.dummy1, h.dummy2,
                            double(h.radius));
            if (e.miss != AttackMiss::None) std::printf("  miss: %s", e.miss_text.c_str());
            std::printf("\n");
        }
        std::printf("%zu events, %zu resolved\n", chain.events().size(), chain.resolved_count());
        for (const auto& p : posed) {
            const AttackEvent& e = chain.events()[p.event];
            std::printf("posed event %u slot %u %s r%.3g:", e.event_index, p.slot, attack_shape_kind_name(p.kind),
                        double(p.radius));
            for (const auto& q : p.points) std::printf(" (%.4f, %.4f, %.4f)", q[0], q[1], q[2]);
            for (int32_t m : p.missing) std::printf(" missing dummy %d", m);
            std::printf("\n");
        }
        for (const auto& n : chain.notes()) std::printf("note: %s\n", n.c_str());
        for (const auto& n : chain.character().notes) std::printf("note: %s\n", n.c_str());
        return 0;
    }
    JsonOut out;
    out.begin_object().field("command", "hitboxes").field("anibnd", doc.name).field("params", s.regulation->name());
    out.field("game", params::param_game_code(s.regulation->game())).field("version", s.regulation->version());
    write_character_params(out, chain.character());
    out.key("events").begin_array();
    for (const auto& e : chain.events()) {
        out.begin_object().field("animation", animation_name(e.animation)).field_uint("event", e.event_index);
        out.field_int("type", e.type).field_number("start", double(e.start)).field_number("end", double(e.end));
        out.field_int("judge", e.judge)
            .field("behavior_param", e.behavior_param)
            .field_int("behavior_row", e.behavior_row);
        if (e.player) {
            out.key("behavior_rows_tried").begin_array(true);
            for (int32_t r : e.behavior_rows_tried) out.integer(r);
            out.end_array();
        }
        out.field("behavior_found", e.behavior_found).field_int("ref_type", e.ref_type).field_int("ref_id", e.ref_id);
        out.field("atk_param", e.atk_param);
        if (e.atk_row)
            out.field_int("atk_row", *e.atk_row);
        else
            out.key("atk_row").null();
        out.field("throw", e.is_throw()).field_uint("throw_type", e.throw_type);
        out.field_uint("hit_source_type", e.hit_source_type);
        out.key("hits").begin_array();
        for (const auto& h : e.hits) {
            out.begin_object().field_uint("slot", h.slot).field("kind", attack_shape_kind_name(h.kind));
            out.field_int("dummy1", h.dummy1).field_int("dummy2", h.dummy2).field_number("radius", double(h.radius));
            out.field_uint("hit_type", h.hit_type).field("color", attack_shape_color_name(attack_shape_color(e, h)));
            out.end_object();
        }
        out.end_array();
        if (e.miss == AttackMiss::None)
            out.key("miss").null();
        else
            out.field("miss", e.miss_text);
        out.field("miss_reason", attack_miss_name(e.miss));
        out.end_object();
    }
    out.end_array();
    if (posing) {
        out.field("animation", animation_name(found->full_number)).field_number("frame", frame);
        out.key("posed").begin_array();
        for (const auto& p : posed) {
            const AttackEvent& e = chain.events()[p.event];
            out.begin_object().field_uint("event", e.event_index).field_uint("slot", p.slot);
            out.field("kind", attack_shape_kind_name(p.kind)).field_number("radius", double(p.radius));
            out.field_uint("hit_type", p.hit_type);
            if (e.atk_row)
                out.field_int("atk_row", *e.atk_row);
            else
                out.key("atk_row").null();
            out.key("points").begin_array();
            for (const auto& q : p.points) write_point(out, q);
            out.end_array();
            out.key("missing_dummies").begin_array(true);
            for (int32_t m : p.missing) out.integer(m);
            out.end_array();
            out.end_object();
        }
        out.end_array();
    }
    std::vector<std::string> notes = chain.notes();
    notes.insert(notes.end(), chain.character().notes.begin(), chain.character().notes.end());
    out.key("notes").begin_array();
    for (const auto& n : notes) out.string(n);
    out.end_array().end_object();
    print_text(out.text());
    return 0;
}

const CommandRegistration registration(
    {"hitboxes", "attack events resolved through the game's params to hit shapes (posed at a frame)", kUsage,
     run_hitboxes});

}  // namespace
}  // namespace taescope::cli
