// `taescope framedata ANIBND --params REG [--model CHRBND] [--csv | --json]`: per animation of the
// binder, its attacks from the game's own params (engine/sim/frame_data.h): startup (first active
// frame), each active window in 1/30 s frames and in the clip's frames, the shapes of each window,
// their reach with the model, the AtkParam's damage fields, throws marked, the true length.
#include <cstdio>

#include "attack_cli.h"
#include "binder/animation_names.h"
#include "command.h"
#include "sim/frame_data.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope framedata ANIBND --params REG [--model CHRBND] [--variation V] [--npc-row ID]\n"
    "                          [--weapon W] [--csv | --json] [--paramdef XML]...\n"
    "\n"
    "Frame data of every attack of ANIBND (each type-1/5 event resolved as `taescope hitboxes` does):\n"
    "per animation its startup (the first active frame of a resolved attack) and true length (the\n"
    "Havok clip's), per attack its active window [start, end) in 1/30 s frames and in the clip's\n"
    "own frames, the number of shapes, the AtkParam row's damage fields > 0, throws marked.\n"
    "  --model CHRBND  pose the shapes: shape counts as drawn, and the reach (the farthest shape\n"
    "                  point from the character's origin over the window's clip frames; plus the\n"
    "                  radius: reach_surface), model space, no root motion\n"
    "  --csv           one line per attack (header line first)\n"
    "  --json          JSON (docs/cli-schema.json: framedata)\n"
    "exit status: 0 printed, 1 unreadable file, 2 usage error\n";

std::string number_text(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}


void write_optional(JsonOut& out, const char* key, const std::optional<double>& v) {
    if (v)
        out.field_number(key, *v);
    else
        out.key(key).null();
}

int run_framedata(const std::vector<std::string>& args) {
    ArgSpec spec{{"--json", "--csv"}, {}};
    add_attack_options(spec);
    auto parsed = parse_args(args, spec, "framedata", kUsage);
    if (!parsed) return 2;
    if (parsed->positional.size() != 1 || !parsed->has("--params") || (parsed->has("--json") && parsed->has("--csv"))) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    AttackSetup s;
    if (!open_attack_setup(*parsed, s, "framedata")) return 1;
    FrameDataOptions options;
    options.model = s.model.get();
    options.havok = &s.anibnd->character;
    const AttackChain& chain = *s.chain;
    std::vector<AnimationFrameData> data = compute_frame_data(chain, options);
    if (parsed->has("--csv")) {
        std::fputs(frame_data_csv(chain, data).c_str(), stdout);
        return 0;
    }
    if (!parsed->has("--json")) {
        std::printf("%s with %s, variation %d (%s)\n", s.anibnd->documents[0]->name.c_str(),
                    params::regulation_summary(*s.regulation).c_str(), chain.character().variation,
                    chain.character().variation_source.c_str());
        for (const auto& a : data) {
            std::printf("%s  startup %s  length %s\n", animation_name(a.animation).c_str(),
                        a.startup_frame ? number_text(*a.startup_frame).c_str() : "-",
                        a.length.known ? (number_text(a.length.duration) + " s").c_str() : "unknown");
            for (const auto& w : a.windows) {
                const AttackEvent& e = chain.events()[w.event];
                std::printf(
                    "  event %3u frames %s-%s  %zu shape(s)%s%s%s  %s\n", e.event_index,
                    number_text(w.start_frame).c_str(), number_text(w.end_frame).c_str(), w.shapes,
                    w.reach ? ("  reach " + number_text(*w.reach) + " m").c_str() : "", e.is_throw() ? "  throw" : "",
                    e.miss != AttackMiss::None ? ("  miss: " + e.miss_text).c_str() : "", frame_data_damage_text(w).c_str());
            }
        }
        return 0;
    }
    JsonOut out;
    out.begin_object().field("command", "framedata").field("anibnd", s.anibnd->documents[0]->name);
    out.field("params", s.regulation->name()).field("model", s.model ? s.model->flver_name() : std::string());
    write_character_params(out, chain.character());
    out.key("animations").begin_array();
    for (const auto& a : data) {
        out.begin_object().field("animation", animation_name(a.animation));
        write_optional(out, "startup", a.startup_frame);
        if (a.length.known)
            out.key("length")
                .begin_object()
                .field_number("duration", a.length.duration)
                .field_uint("frame_count", a.length.frame_count)
                .field_number("frame_duration", a.length.frame_duration)
                .end_object();
        else
            out.key("length").null();
        out.key("attacks").begin_array();
        for (const auto& w : a.windows) {
            const AttackEvent& e = chain.events()[w.event];
            out.begin_object().field_uint("event", e.event_index).field_int("type", e.type).field_int("judge", e.judge);
            out.field_int("behavior_row", e.behavior_row);
            if (e.atk_row)
                out.field_int("atk_row", *e.atk_row);
            else
                out.key("atk_row").null();
            if (e.miss == AttackMiss::None)
                out.key("miss").null();
            else
                out.field("miss", e.miss_text);
            out.field_number("start", w.start_seconds).field_number("end", w.end_seconds);
            out.field_number("start_frame", w.start_frame).field_number("end_frame", w.end_frame);
            write_optional(out, "start_clip_frame", w.start_clip_frame);
            write_optional(out, "end_clip_frame", w.end_clip_frame);
            out.field_uint("shapes", w.shapes);
            write_optional(out, "reach", w.reach);
            write_optional(out, "reach_surface", w.reach_surface);
            out.key("missing_dummies").begin_array(true);
            for (int32_t m : w.missing_dummies) out.integer(m);
            out.end_array();
            out.field("throw", e.is_throw()).field_uint("throw_type", e.throw_type);
            out.key("damage").begin_object();
            for (const auto& d : w.damage) out.field(d.name, d.value);
            out.end_object().end_object();
        }
        out.end_array().end_object();
    }
    out.end_array();
    out.key("notes").begin_array();
    for (const auto& n : chain.notes()) out.string(n);
    for (const auto& n : chain.character().notes) out.string(n);
    out.end_array().end_object();
    print_text(out.text());
    return 0;
}

const CommandRegistration registration({"framedata", "frame data of a binder's attacks from the game's params", kUsage,
                                        run_framedata});

}  // namespace
}  // namespace taescope::cli
