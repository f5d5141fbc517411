// `taescope sim FILE --anim aGGG_NNNNNN`: the per-frame state table of one animation (active
// events, starts and ends, mesh-mask groups and which event decided each, effects started,
// conditional flags), following ImportOther chains; `--list` finds the animations worth a look.
#include <cmath>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "binder/animation_names.h"
#include "binder/document.h"
#include "command.h"
#include "io/file_io.h"
#include "sim/animation_imports.h"
#include "sim/animation_simulation.h"
#include "sim/document_simulation.h"
#include "templates/document_game.h"
#include "templates/template_library.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope sim FILE --anim aGGG_NNNNNN [--json] [--closed] [--frames N] [--game CODE] [--group G]\n"
    "       taescope sim FILE --list [--closed] [--game CODE]\n"
    "\n"
    "FILE is an .anibnd(.dcx) binder or a loose .tae. The animation is named by its full number\n"
    "(group x 1,000,000 + number: a050_300000 is 50300000, in a50.tae of the player binder).\n"
    "An ImportOther animation is followed to the animation whose events it takes.\n"
    "\n"
    "Prints each event (times in seconds and 30 fps frames, unusual times, conditions, effect ids,\n"
    "mask changes), then one line per frame: active events, events started and ended since the\n"
    "previous frame (source-record order), effects started, and the 32 mesh-mask groups\n"
    "(. default, S shown, H hidden) with the event that decided each.\n"
    "\n"
    "  --closed    events are active over [start, end] (default: half-open [start, end))\n"
    "  --frames N  simulate N frames (default: up to the last finite start or end)\n"
    "  --json      the same as JSON\n"
    "  --list      one line per animation with mask events, conditional events, unusual times\n"
    "              or an ImportOther header\n"
    "  --game CODE use the templates of SDT, ER, NR, DS3 or AC6 (default: detected)\n"
    "  --group G   a loose .tae whose name does not say its group (c0000-a10.tae) is the player's\n"
    "              group file G: its stored numbers are within group G\n";

struct Options {
    std::string file, anim, game;
    bool json = false, list = false;
    IntervalConvention convention = IntervalConvention::HalfOpen;
    std::optional<uint32_t> frames;
    std::optional<uint32_t> group;
};

// ---- JSON output ---------------------------------------------------------------------------

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += char(c);
        }
    }
    return out + "\"";
}

std::string json_number(double v) {
    if (std::isnan(v)) return "\"NaN\"";
    if (std::isinf(v)) return v > 0 ? "\"inf\"" : "\"-inf\"";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string json_indices(std::span<const uint32_t> v) {
    std::string out = "[";
    for (size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + std::to_string(v[i]);
    return out + "]";
}

// ---- text helpers --------------------------------------------------------------------------

double seconds_of(uint32_t bits) { return double(TaeEvent::bits_to_f32(bits)); }

std::string format_frame(double f) {
    if (std::isinf(f)) return f > 0 ? "open" : "-inf";
    if (std::isnan(f)) return "NaN";
    char buf[32];
    if (f == std::round(f))
        std::snprintf(buf, sizeof buf, "%.0f", f);
    else
        std::snprintf(buf, sizeof buf, "%.3f", f);
    return buf;
}

std::string mask_row(const MaskState& m) {
    std::string s;
    for (const auto& g : m)
        s += g.visibility == MaskVisibility::Shown ? 'S' : g.visibility == MaskVisibility::Hidden ? 'H' : '.';
    return s;
}

// "g1-4 #5, g9 #7": the groups not Default, in runs decided by one event.
std::string mask_deciders(const MaskState& m) {
    std::string out;
    for (int g = 0; g < kMaskGroupCount;) {
        if (m[g].decided_by < 0) {
            ++g;
            continue;
        }
        int end = g;
        while (end + 1 < kMaskGroupCount && m[end + 1].decided_by == m[g].decided_by &&
               m[end + 1].visibility == m[g].visibility)
            ++end;
        if (!out.empty()) out += ", ";
        out += "g" + std::to_string(g + 1) + (end > g ? "-" + std::to_string(end + 1) : "") + " #" +
               std::to_string(m[g].decided_by);
        g = end + 1;
    }
    return out;
}

std::string mask_changes(const MaskAction& a) {
    std::string s;
    for (int g = 0; g < kMaskGroupCount; ++g) {
        bool unstored = a.unstored_groups & (1u << g);
        s += unstored ? '_' : a.changes[g] == MaskChange::Show ? 'S' : a.changes[g] == MaskChange::Hide ? 'H' : '.';
    }
    return s;
}

std::string condition_text(const EventCondition& c) {
    std::string out;
    for (const auto& v : c.values) {
        if (!v.stored || v.value == 0) continue;
        out += (out.empty() ? "" : ", ") + v.field + "=" + std::to_string(v.value);
    }
    return out;
}

std::string indices_text(std::span<const uint32_t> v) {
    if (v.empty()) return "-";
    std::string out;
    for (size_t i = 0; i < v.size(); ++i) out += (i ? " " : "") + std::to_string(v[i]);
    return out;
}

// ---- finding the animation -----------------------------------------------------------------

struct Located {
    AnimationRef ref;
    std::string note;
};

std::optional<Located> locate(const Document& doc, const AnimationIndex& index, const std::string& text) {
    std::optional<uint64_t> number = parse_animation_name(text);
    if (!number && !text.empty() && text.find_first_not_of("0123456789") == std::string::npos && text.size() < 19)
        number = std::stoull(text);
    if (!number) return std::nullopt;
    if (auto ref = index.find(*number)) return Located{*ref, ""};
    // A loose TAE whose name is not aNN.tae stores numbers within a group nobody told us.
    if (doc.kind == PayloadKind::Tae && doc.taes.size() == 1 && doc.taes[0].slot.number_offset == 0) {
        uint64_t within = *number % kAnimationGroupSize;
        if (auto ref = index.find(within))
            return Located{*ref, "loose TAE: record " + std::to_string(within) + " taken for " +
                                     animation_name(*number) + " (the file's group is not known from its name)"};
    }
    return std::nullopt;
}

std::string file_label(const Document& doc, size_t tae_index) {
    return doc.taes[tae_index].slot.file_name.empty() ? doc.taes[tae_index].name : doc.taes[tae_index].slot.file_name;
}

// ---- the table -----------------------------------------------------------------------------

void print_text(const Document& doc, const AnimationIndex& index, const Located& at, const DocumentSimulation& run,
                const std::string& game) {
    const ImportResolution& imp = run.import;
    const AnimationSimulation& sim = run.simulation;
    const TaeAnimation* anim = index.animation(imp.events_from);
    std::printf("%s in %s (record %zu of %s)\n", animation_name(at.ref.full_number).c_str(), doc.name.c_str(),
                at.ref.animation_index, file_label(doc, at.ref.tae_index).c_str());
    if (!at.note.empty()) std::printf("note: %s\n", at.note.c_str());
    std::printf("templates: %s\n", game.empty() ? "none (game not detected)" : game.c_str());
    if (imp.outcome != ImportOutcome::NotImport)
        std::printf("ImportOther: %s (%s); events from %s\n", imp.message.c_str(), import_outcome_name(imp.outcome),
                    animation_name(imp.events_from.full_number).c_str());
    if (run.own_events_not_used)
        std::printf("note: the importing record's own %zu event(s) are not used\n", run.own_events_not_used);
    std::printf("%zu events, %u frames at 30 fps, %s\n", anim ? anim->events.size() : 0, sim.frame_count(),
                convention_name(sim.convention()));
    std::printf(
        "mask end-instant convention and runtime precedence: Unknown in the spec; here source-record order, "
        "a later record wins\n");
    for (const auto& n : sim.notes()) std::printf("note: %s\n", n.c_str());

    std::printf("\nevents (source-record order):\n");
    for (const auto& e : sim.events()) {
        std::printf("  #%-3u type %-4d %-34s %9.6f .. %-11.6g frames %s..%s", e.index, e.type,
                    (e.type_name.empty() ? "?" : e.type_name).substr(0, 34).c_str(), seconds_of(e.timing.start_bits),
                    seconds_of(e.timing.end_bits), format_frame(e.timing.start_frame).c_str(),
                    format_frame(e.timing.end_frame).c_str());
        if (e.timing.flags) std::printf("  [%s]", describe_timing_flags(e.timing.flags).c_str());
        if (!e.timing.can_be_active(sim.convention())) std::printf("  NEVER ACTIVE");
        if (e.effect.starts_effect) {
            if (e.effect.effect_id)
                std::printf("  effect %s=%lld", e.effect.id_field.c_str(), (long long)*e.effect.effect_id);
            else
                std::printf("  effect: %s", e.effect.note.c_str());
        }
        if (e.condition.conditional)
            std::printf("  CONDITIONAL%s: %s", e.condition.spec_observed ? "" : " (by field name)",
                        condition_text(e.condition).c_str());
        if (e.mask) {
            std::printf("  mask %s", mask_changes(*e.mask).c_str());
            if (e.mask->unnamed_values) std::printf(" (unnamed byte values in groups 0x%08X)", e.mask->unnamed_values);
        }
        if (!e.condition.note.empty()) std::printf("  (%s)", e.condition.note.c_str());
        std::printf("\n");
    }

    std::printf(
        "\nframes (masks: . default, S shown, H hidden, then the deciding event of each group when it\n"
        "changes; _ in an event: byte not stored):\n");
    std::string previous_deciders;
    for (uint32_t n = 0; n < sim.frame_count(); ++n) {
        FrameView f = sim.frame(n);
        std::printf("  %4u %7.3fs  active: %-20s started: %-12s ended: %-12s masks: %s", f.frame, f.seconds,
                    indices_text(f.active).c_str(), indices_text(f.started).c_str(), indices_text(f.ended).c_str(),
                    mask_row(*f.masks).c_str());
        std::string deciders = mask_deciders(*f.masks);
        if (!deciders.empty() && deciders != previous_deciders) std::printf(" (%s)", deciders.c_str());
        previous_deciders = deciders;
        std::string effects;
        for (uint32_t i : f.started) {
            const SimEvent& e = sim.events()[i];
            if (!e.effect.starts_effect) continue;
            effects += " #" + std::to_string(i) + ":" +
                       (e.effect.effect_id ? std::to_string(*e.effect.effect_id) : std::string("equipped")) +
                       (e.condition.conditional ? "?" : "");
        }
        if (!effects.empty()) std::printf("  effects:%s", effects.c_str());
        std::string conditional;
        for (uint32_t i : f.active)
            if (sim.events()[i].condition.conditional) conditional += " #" + std::to_string(i);
        if (!conditional.empty()) std::printf("  conditional:%s", conditional.c_str());
        std::printf("\n");
    }
    std::printf("(effects: #event:id, ? = conditional, only under a run-time condition)\n");
}

void print_json(const Document& doc, const Located& at, const DocumentSimulation& run, const std::string& game) {
    const ImportResolution& imp = run.import;
    const AnimationSimulation& sim = run.simulation;
    std::string o = "{";
    o += "\"file\":" + json_string(doc.name);
    o += ",\"animation\":" + json_string(animation_name(at.ref.full_number));
    o += ",\"full_number\":" + std::to_string(at.ref.full_number);
    o += ",\"event_file\":" + json_string(file_label(doc, at.ref.tae_index));
    o += ",\"record\":" + std::to_string(at.ref.animation_index);
    o += ",\"templates\":" + json_string(game);
    o += ",\"convention\":" + json_string(sim.convention() == IntervalConvention::Closed ? "closed" : "half-open");
    o += ",\"frames_per_second\":30,\"frame_count\":" + std::to_string(sim.frame_count());
    o += ",\"mask_precedence\":\"source-record order, a later record wins (runtime order and end instant Unknown)\"";
    o += ",\"import\":{\"outcome\":" + json_string(import_outcome_name(imp.outcome)) +
         ",\"message\":" + json_string(imp.message) +
         ",\"events_from\":" + json_string(animation_name(imp.events_from.full_number)) +
         ",\"own_events_not_used\":" + std::to_string(run.own_events_not_used) + ",\"chain\":[";
    for (size_t i = 0; i < imp.chain.size(); ++i)
        o += (i ? "," : "") + json_string(animation_name(imp.chain[i].full_number));
    o += "]}";
    o += ",\"notes\":[";
    for (size_t i = 0; i < sim.notes().size(); ++i) o += (i ? "," : "") + json_string(sim.notes()[i]);
    if (!at.note.empty()) o += std::string(sim.notes().empty() ? "" : ",") + json_string(at.note);
    o += "],\"events\":[";
    for (size_t k = 0; k < sim.events().size(); ++k) {
        const SimEvent& e = sim.events()[k];
        o += k ? ",\n" : "\n";
        o += "{\"index\":" + std::to_string(e.index) + ",\"type\":" + std::to_string(e.type) +
             ",\"name\":" + json_string(e.type_name) + ",\"start\":" + json_number(seconds_of(e.timing.start_bits)) +
             ",\"end\":" + json_number(seconds_of(e.timing.end_bits)) +
             ",\"start_frame\":" + json_number(e.timing.start_frame) +
             ",\"end_frame\":" + json_number(e.timing.end_frame) +
             ",\"timing\":" + json_string(describe_timing_flags(e.timing.flags)) +
             ",\"can_be_active\":" + (e.timing.can_be_active(sim.convention()) ? "true" : "false");
        o += ",\"conditional\":" + std::string(e.condition.conditional ? "true" : "false") + ",\"conditions\":[";
        for (size_t i = 0; i < e.condition.values.size(); ++i) {
            const auto& v = e.condition.values[i];
            o += (i ? "," : "") + std::string("{\"field\":") + json_string(v.field) +
                 ",\"stored\":" + (v.stored ? "true" : "false") + ",\"value\":" + std::to_string(v.value) + "}";
        }
        o += "]";
        if (!e.condition.note.empty()) o += ",\"condition_note\":" + json_string(e.condition.note);
        if (e.effect.starts_effect) {
            o += ",\"effect\":{\"field\":" + json_string(e.effect.id_field) +
                 ",\"id\":" + (e.effect.effect_id ? std::to_string(*e.effect.effect_id) : std::string("null")) +
                 ",\"note\":" + json_string(e.effect.note) + "}";
        }
        if (e.mask) o += ",\"mask\":" + json_string(mask_changes(*e.mask));
        o += "}";
    }
    o += "],\"frames\":[";
    for (uint32_t n = 0; n < sim.frame_count(); ++n) {
        FrameView f = sim.frame(n);
        o += n ? ",\n" : "\n";
        o += "{\"frame\":" + std::to_string(n) + ",\"seconds\":" + json_number(f.seconds) +
             ",\"active\":" + json_indices(f.active) + ",\"started\":" + json_indices(f.started) +
             ",\"ended\":" + json_indices(f.ended) + ",\"masks\":" + json_string(mask_row(*f.masks)) +
             ",\"mask_decided_by\":[";
        for (int g = 0; g < kMaskGroupCount; ++g) o += (g ? "," : "") + std::to_string((*f.masks)[g].decided_by);
        o += "]}";
    }
    o += "]}\n";
    std::fwrite(o.data(), 1, o.size(), stdout);
}

void print_list(const Document& doc, const AnimationIndex& index, const GameTemplates* templates, const Options& opt) {
    SimOptions so;
    so.convention = opt.convention;
    so.frame_count = 1;  // only the per-event facts are needed
    for (size_t t = 0; t < doc.taes.size(); ++t) {
        if (!doc.taes[t].tae) continue;
        const TaeFile& file = *doc.taes[t].tae;
        for (size_t a = 0; a < file.animations.size(); ++a) {
            AnimationRef ref{t, a, doc.taes[t].full_number(file.animations[a])};
            AnimationSimulation sim = AnimationSimulation::build(file, file.animations[a], templates, so);
            ImportResolution imp = resolve_imports(index, ref);
            size_t masks = sim.mask_events().size(), cond = sim.conditional_events().size();
            size_t flagged = sim.events_with_timing_flags().size();
            if (!masks && !cond && !flagged && imp.outcome == ImportOutcome::NotImport) continue;
            std::string line = animation_name(ref.full_number) + " (" + file_label(doc, t) + ")";
            if (masks) {
                line += " masks:";
                for (uint32_t i : sim.mask_events())
                    line += " #" + std::to_string(i) + "/" + std::to_string(sim.events()[i].type);
            }
            if (cond) line += " conditional:" + std::to_string(cond);
            for (uint32_t i : sim.events_with_timing_flags()) {
                const SimEvent& e = sim.events()[i];
                line += " #" + std::to_string(i) + "/" + std::to_string(e.type) + "[" +
                        describe_timing_flags(e.timing.flags) + "]";
            }
            if (imp.outcome != ImportOutcome::NotImport)
                line += " import: " + imp.message + " (" + import_outcome_name(imp.outcome) + ")";
            std::printf("%s\n", line.c_str());
        }
    }
}

int run(const std::vector<std::string>& args) {
    Options opt;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](std::string& into) {
            if (i + 1 >= args.size()) return false;
            into = args[++i];
            return true;
        };
        std::string v;
        if (a == "--anim" && value(opt.anim)) {
        } else if (a == "--game" && value(opt.game)) {
        } else if (a == "--frames" && value(v) && !v.empty() && v.size() < 10 &&
                   v.find_first_not_of("0123456789") == std::string::npos) {
            opt.frames = uint32_t(std::stoul(v));
        } else if (a == "--group" && value(v) && !v.empty() && v.size() < 5 &&
                   v.find_first_not_of("0123456789") == std::string::npos) {
            opt.group = uint32_t(std::stoul(v));
        } else if (a == "--json") {
            opt.json = true;
        } else if (a == "--closed") {
            opt.convention = IntervalConvention::Closed;
        } else if (a == "--list") {
            opt.list = true;
        } else if (opt.file.empty() && !a.empty() && a[0] != '-') {
            opt.file = a;
        } else {
            std::fprintf(stderr, "taescope sim: unexpected '%s'\n%s", a.c_str(), kUsage);
            return 2;
        }
    }
    if (opt.file.empty() || (opt.anim.empty() && !opt.list)) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }

    auto bytes = read_file(opt.file);
    if (!bytes.ok()) {
        std::fprintf(stderr, "taescope sim: %s\n", bytes.error().to_string().c_str());
        return 1;
    }
    auto doc = open_document(*bytes, opt.file);
    if (!doc.ok()) {
        std::fprintf(stderr, "taescope sim: %s\n", doc.error().to_string().c_str());
        return 1;
    }
    for (const auto& t : doc->taes)
        if (t.error) std::fprintf(stderr, "taescope sim: %s: %s\n", t.name.c_str(), t.error->to_string().c_str());

    if (opt.group) {
        if (doc->kind != PayloadKind::Tae || doc->taes.size() != 1) {
            std::fprintf(stderr, "taescope sim: --group applies to a loose .tae only\n");
            return 2;
        }
        doc->taes[0].slot.group_file = true;
        doc->taes[0].slot.group = *opt.group;
        doc->taes[0].slot.number_offset = uint64_t(*opt.group) * kAnimationGroupSize;
    }
    std::string game = opt.game.empty() ? detect_document_game(*doc).game : opt.game;
    TemplateLibrary library;
    const GameTemplates* templates = game.empty() ? nullptr : library.for_game(game);
    AnimationIndex index = AnimationIndex::from_document(*doc);

    if (opt.list) {
        print_list(*doc, index, templates, opt);
        return 0;
    }

    auto at = locate(*doc, index, opt.anim);
    if (!at) {
        std::fprintf(stderr, "taescope sim: no animation %s in %s (%zu records)\n", opt.anim.c_str(), opt.file.c_str(),
                     index.size());
        return 1;
    }
    SimOptions so;
    so.convention = opt.convention;
    so.frame_count = opt.frames;
    auto result = simulate_animation(index, at->ref.full_number, templates, so);
    if (!result.ok()) {
        std::fprintf(stderr, "taescope sim: %s\n", result.error().to_string().c_str());
        return 1;
    }
    if (opt.json)
        print_json(*doc, *at, *result, game);
    else
        print_text(*doc, index, *at, *result, game);
    return 0;
}

const CommandRegistration registration({"sim", "per-frame event, mask and condition table of an animation", kUsage,
                                        run});

}  // namespace
}  // namespace taescope::cli
