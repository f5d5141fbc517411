// `taescope infer FILE...`: event layouts inferred from the data (engine/inference/), per game
// and event type, with their evidence; and `--against-templates`, the proof: every type with a
// template and enough events inferred from its bytes alone and compared with its template, per
// game the share of live template bytes the inference agrees with, the types that lose most and
// the template fields the data contradict (engine/inference/template_agreement.h).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "cli_output.h"
#include "command.h"
#include "inference/cross_validation.h"
#include "inference/event_samples.h"
#include "inference/inferred_templates.h"
#include "inference/layout_inference.h"
#include "inference/template_agreement.h"
#include "io/file_io.h"
#include "templates/template_text_format.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope infer FILE... [--game G] [--ignore-templates] [--json] [--template-out FILE]\n"
    "       taescope infer --against-templates FILE... [--game G] [--min-events N] [--json]\n"
    "       taescope infer --cross-validate FILE... [--game G] [--min-events N] [--folds N] [--json]\n"
    "\n"
    "Infers the parameter layout of event types from the bytes of all their events in the files\n"
    "given (binders or loose .tae; files of one game are read together): per field its offset,\n"
    "size, type (f32 s32 u32 s16 u16 s8 u8 bool pad bytes), whether it is constant, and the\n"
    "evidence (events, distinct values, range, commonest values) with a confidence.\n"
    "  (default)            types without a template, and the bytes past a template's end where\n"
    "                       some event stores a non-zero byte there\n"
    "  --ignore-templates   every type, whether a template knows it or not\n"
    "  --game G             the game of every file (SDT, ER, NR, DS3, AC6) instead of detecting it\n"
    "  --template-out FILE  writes the inferred layouts of types without a template as a template\n"
    "                       file in our text format (taescope check --templates, or drop it on the page)\n"
    "  --json               JSON (shape: docs/cli-schema.json, \"infer\")\n"
    "  --against-templates  the proof: every type with a built-in template and at least N events\n"
    "                       (--min-events, default 20) inferred from its bytes alone and compared\n"
    "                       with the template: live template bytes (some event stores a non-zero\n"
    "                       byte in the field), those that agree (an inferred field starts there, of\n"
    "                       the same kind, float or integer, decoding the same bits on every event),\n"
    "                       template findings (fields whose kind the data contradict, left out), per\n"
    "                       game the share, the word-by-word floor beside it, and the types that lose\n"
    "                       most (JSON: \"infer-against-templates\"). Fields whose bytes are the\n"
    "                       same in every event, or only 0 and -1, are undetermined (the data cannot\n"
    "                       tell their width)\n"
    "                       and left out of the share, as are the template findings\n"
    "  --cross-validate     the same proof on data not inferred from: per game, each file held out in\n"
    "                       turn (one file: its event files, or one event file's animations, dealt\n"
    "                       into --folds groups, default 4), the\n"
    "                       layouts inferred from the others and judged on its events; beside it each\n"
    "                       part alone (JSON: \"infer-cross-validate\")\n"
    "exit status: 0 done, 1 a file could not be read, 2 usage error\n";

struct GameInput {
    EventSamples samples;
    std::vector<std::string> files;
};

std::string number_text(double v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string common_text(const InferredField& f) {
    std::string out;
    for (const auto& [raw, n] : f.common) {
        std::vector<uint8_t> bytes(f.offset + f.size);
        for (uint32_t i = 0; i < f.size && i < 8; ++i) bytes[f.offset + i] = uint8_t(raw >> (8 * i));
        out += (out.empty() ? "" : ", ") + f.value_text(Bytes(bytes.data(), bytes.size())) + " x" + std::to_string(n);
    }
    return out;
}

void json_layout(JsonOut& j, const std::string& game, const InferredLayout& l, const char* template_state,
                 uint32_t from_offset) {
    j.begin_object().field("game", game).field_int("type", l.type).field_uint("events", l.events);
    j.key("lengths").begin_array();
    for (const auto& [len, n] : l.lengths)
        j.begin_object().field_uint("bytes", len).field_uint("events", n).end_object();
    j.end_array();
    j.field("template", template_state).field_uint("from_offset", from_offset);
    j.key("fields").begin_array();
    for (const InferredField& f : l.fields) {
        j.begin_object()
            .field_uint("offset", f.offset)
            .field_uint("size", f.size)
            .field("type", inferred_type_name(f.type))
            .field("constant", f.constant)
            .field("confidence", inference_confidence_name(f.confidence))
            .field_uint("events", f.events)
            .field_uint("nonzero", f.nonzero)
            .field_uint("distinct", f.distinct)
            .field_number("min", f.min)
            .field_number("max", f.max);
        j.key("common").begin_array();
        for (const auto& [raw, n] : f.common)
            j.begin_object().field_uint("raw", raw).field_uint("events", n).end_object();
        j.end_array();
        j.field("could_be", f.could_be).field("reason", f.reason).end_object();
    }
    j.end_array().end_object();
}

void print_layout(const std::string& game, const InferredLayout& l, const char* template_state, uint32_t from_offset) {
    std::string lengths;
    for (const auto& [len, n] : l.lengths)
        lengths += (lengths.empty() ? "" : ", ") + std::to_string(len) + "x" + std::to_string(n);
    std::printf("%s type %d: %llu events, lengths %s; template: %s", game.c_str(), l.type, (unsigned long long)l.events,
                lengths.c_str(), template_state);
    if (from_offset) std::printf(" (inferred from byte %u)", from_offset);
    std::printf("\n");
    for (const InferredField& f : l.fields) {
        std::printf("  @%-4u %-5s %2u bytes  %-6s %s events %llu, non-zero %llu, distinct %llu", f.offset,
                    std::string(inferred_type_name(f.type)).c_str(), f.size,
                    std::string(inference_confidence_name(f.confidence)).c_str(), f.constant ? "constant," : "",
                    (unsigned long long)f.events, (unsigned long long)f.nonzero, (unsigned long long)f.distinct);
        if (f.type == InferredType::Constant)
            std::printf("; %s: width undetermined, could be %s", common_text(f).c_str(), f.could_be.c_str());
        else if (f.type != InferredType::Pad)
            std::printf(", %s..%s; %s", number_text(f.min).c_str(), number_text(f.max).c_str(), common_text(f).c_str());
        std::printf("\n");
    }
}

// Groups the files by game; false when a file cannot be read.
bool read_inputs(const std::vector<std::string>& paths, const std::string& game,
                 std::map<std::string, GameInput>& out) {
    for (const std::string& path : paths) {
        auto doc = open_document_file(path, "infer");
        if (!doc) return false;
        ChosenTemplates chosen;
        choose_templates(*doc, game, "", chosen, "infer");
        GameInput& g = out[chosen.game];
        g.samples.add_document(*doc);
        g.files.push_back(path);
    }
    return true;
}

int run_infer(const ParsedArgs& args) {
    std::map<std::string, GameInput> inputs;
    if (!read_inputs(args.positional, args.value("--game"), inputs)) return 1;
    const bool ignore = args.has("--ignore-templates");
    const bool json = args.has("--json");
    TemplateLibrary library;
    JsonOut j;
    if (json) j.begin_object().field("command", "infer").field("ignore_templates", ignore).key("types").begin_array();
    std::vector<GameTemplates> outputs;
    for (const auto& [game, input] : inputs) {
        const GameTemplates* templates = ignore || game.empty() ? nullptr : library.for_game(game);
        std::vector<InferredLayout> for_file;
        for (const TypeSamples& t : input.samples.types()) {
            const EventTypeTemplate* templ = templates && t.type >= 0 ? templates->find(uint32_t(t.type)) : nullptr;
            uint32_t from = 0;
            const char* state = ignore ? "ignored" : "none";
            if (templ) {
                from = templ->size();
                if (!tail_past_template(t, from)) continue;
                state = "tail";
            }
            InferredLayout l = infer_layout(t, from);
            if (json)
                json_layout(j, game, l, state, from);
            else
                print_layout(game.empty() ? "?" : game, l, state, from);
            if (!templ) for_file.push_back(std::move(l));
        }
        if (args.has("--template-out")) outputs.push_back(templates_from_layouts(game, for_file, input.files));
    }
    if (json) {
        j.end_array().end_object();
        print_text(j.text());
    }
    if (args.has("--template-out")) {
        if (outputs.size() != 1) {
            std::fprintf(stderr, "taescope infer: --template-out needs the files of exactly one game (%zu given)\n",
                         outputs.size());
            return 2;
        }
        std::string text = write_template_text(outputs.front());
        Status w =
            write_file(args.value("--template-out"), Bytes(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
        if (!w.ok()) {
            std::fprintf(stderr, "taescope infer: %s\n", w.error().to_string().c_str());
            return 1;
        }
    }
    return 0;
}

std::string percent(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f%%", 100.0 * share);
    return buf;
}

// The number `option` gives (or `fallback`); false, with a message, when it is not a number.
bool count_option(const ParsedArgs& args, const char* option, uint32_t fallback, uint32_t& out) {
    out = fallback;
    if (!args.has(option)) return true;
    std::string v = args.value(option);
    if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) {
        std::fprintf(stderr, "taescope infer: %s takes a number\n", option);
        return false;
    }
    out = uint32_t(std::stoul(v));
    return true;
}

int run_against(const ParsedArgs& args) {
    std::map<std::string, GameInput> inputs;
    if (!read_inputs(args.positional, args.value("--game"), inputs)) return 1;
    uint32_t min_events = 20;
    if (!count_option(args, "--min-events", 20, min_events)) return 2;
    const bool json = args.has("--json");
    TemplateLibrary library;
    JsonOut j;
    if (json)
        j.begin_object()
            .field("command", "infer-against-templates")
            .field_uint("min_events", min_events)
            .key("games")
            .begin_array();
    for (const auto& [game, input] : inputs) {
        if (input.samples.event_count() == 0) continue;  // binders without an event file
        const GameTemplates* templates = game.empty() ? nullptr : library.for_game(game);
        if (!templates) {
            std::fprintf(stderr, "taescope infer: no templates for the game of %s\n", input.files.front().c_str());
            continue;
        }
        GameComparison g = compare_with_templates(input.samples, *templates, game, min_events);
        GameComparison floor =
            compare_with_templates(input.samples, *templates, game, min_events, InferenceRules::WordByWord);
        std::vector<const TypeComparison*> losers;
        for (const TypeComparison& t : g.types)
            if (t.lost_bytes()) losers.push_back(&t);
        std::stable_sort(losers.begin(), losers.end(), [](const TypeComparison* a, const TypeComparison* b) {
            return a->lost_bytes() > b->lost_bytes();
        });
        if (json) {
            j.begin_object().field("game", game).key("files").begin_array(true);
            for (const auto& f : input.files) j.string(f);
            j.end_array()
                .field_uint("types", g.types.size())
                .field_uint("types_without_template", g.types_without_template)
                .field_uint("live_bytes", g.live_bytes)
                .field_uint("agreeing_bytes", g.agreeing_bytes)
                .field_number("share", g.share())
                .field_uint("finding_bytes", g.finding_bytes)
                .field_uint("undetermined_bytes", g.undetermined_bytes)
                .field_number("word_by_word_share", floor.share());
            j.key("losses").begin_array();
            for (const TypeComparison* t : losers) {
                j.begin_object().field_int("type", t->type).field("name", t->name).field_uint("events", t->events);
                j.field_uint("live_bytes", t->live_bytes)
                    .field_uint("lost_bytes", t->lost_bytes())
                    .key("fields")
                    .begin_array();
                for (const FieldComparison& f : t->fields)
                    if (f.verdict == FieldVerdict::Differs)
                        j.begin_object()
                            .field_uint("offset", f.offset)
                            .field_uint("size", f.size)
                            .field("template_type", field_type_name(f.template_type))
                            .field("name", f.name)
                            .field("why", f.why)
                            .end_object();
                j.end_array().end_object();
            }
            j.end_array().key("template_findings").begin_array();
            for (const TypeComparison& t : g.types)
                for (const FieldComparison& f : t.fields)
                    if (f.verdict == FieldVerdict::TemplateFinding)
                        j.begin_object()
                            .field_int("type", t.type)
                            .field_uint("offset", f.offset)
                            .field_uint("size", f.size)
                            .field("template_type", field_type_name(f.template_type))
                            .field("name", f.name)
                            .field("why", f.why)
                            .end_object();
            j.end_array().end_object();
            continue;
        }
        std::printf("%s: %zu types with a template and at least %u events (%u types without a template)\n",
                    game.c_str(), g.types.size(), min_events, g.types_without_template);
        std::printf(
            "  live template bytes where the data varies %llu, agreeing %llu: %s (word-by-word floor %s); "
            "undetermined (the same bytes, or only 0 and -1, in every event): %llu bytes; template findings: %llu "
            "bytes\n",
            (unsigned long long)g.live_bytes, (unsigned long long)g.agreeing_bytes, percent(g.share()).c_str(),
            percent(floor.share()).c_str(), (unsigned long long)g.undetermined_bytes,
            (unsigned long long)g.finding_bytes);
        if (!losers.empty()) std::printf("  types that lose most:\n");
        for (size_t i = 0; i < losers.size() && i < 12; ++i) {
            const TypeComparison& t = *losers[i];
            std::printf("    type %d %s (%llu events): %llu of %llu live bytes lost\n", t.type, t.name.c_str(),
                        (unsigned long long)t.events, (unsigned long long)t.lost_bytes(),
                        (unsigned long long)t.live_bytes);
            for (const FieldComparison& f : t.fields)
                if (f.verdict == FieldVerdict::Differs)
                    std::printf("      @%u %s \"%s\": %s\n", f.offset,
                                std::string(field_type_name(f.template_type)).c_str(), f.name.c_str(), f.why.c_str());
        }
        bool any = false;
        for (const TypeComparison& t : g.types)
            for (const FieldComparison& f : t.fields)
                if (f.verdict == FieldVerdict::TemplateFinding) {
                    if (!any) std::printf("  template findings (the data contradict the template's kind):\n");
                    any = true;
                    std::printf("    type %d @%u %s \"%s\": %s\n", t.type, f.offset,
                                std::string(field_type_name(f.template_type)).c_str(), f.name.c_str(), f.why.c_str());
                }
    }
    if (json) {
        j.end_array().end_object();
        print_text(j.text());
    }
    return 0;
}

void json_share(JsonOut& j, const char* key, const GameComparison& g) {
    j.key(key)
        .begin_object()
        .field_uint("types", g.types.size())
        .field_uint("live_bytes", g.live_bytes)
        .field_uint("agreeing_bytes", g.agreeing_bytes)
        .field_number("share", g.share())
        .field_uint("undetermined_bytes", g.undetermined_bytes)
        .field_uint("finding_bytes", g.finding_bytes)
        .end_object();
}

std::string share_text(const GameComparison& g) {
    return std::to_string(g.agreeing_bytes) + " of " + std::to_string(g.live_bytes) +
           " live bytes where the data varies: " + percent(g.share()) + " (undetermined " +
           std::to_string(g.undetermined_bytes) + ", findings " + std::to_string(g.finding_bytes) + ")";
}

int run_cross_validate(const ParsedArgs& args) {
    uint32_t min_events = 20, folds = 4;
    if (!count_option(args, "--min-events", 20, min_events) || !count_option(args, "--folds", 4, folds)) return 2;
    // Per game, per file, per event file: the samples.
    std::map<std::string, std::vector<CrossValidationFile>> games;
    for (const std::string& path : args.positional) {
        auto doc = open_document_file(path, "infer");
        if (!doc) return 1;
        if (doc->event_count() == 0) {
            std::fprintf(stderr, "taescope infer: %s holds no events: left out\n", path.c_str());
            continue;
        }
        ChosenTemplates chosen;
        choose_templates(*doc, args.value("--game"), "", chosen, "infer");
        CrossValidationFile& file = games[chosen.game].emplace_back();
        file.name = path;
        for (const DocumentTae& t : doc->taes) {
            if (!t.tae) continue;
            auto& animations = file.event_files.emplace_back();
            for (const TaeAnimation& a : t.tae->animations) {
                EventSamples& samples = animations.emplace_back();
                for (const TaeEvent& e : a.events) samples.add_event(e.type, t.tae->parameters(e));
            }
        }
    }
    const bool json = args.has("--json");
    TemplateLibrary library;
    JsonOut j;
    if (json)
        j.begin_object()
            .field("command", "infer-cross-validate")
            .field_uint("min_events", min_events)
            .key("games")
            .begin_array();
    for (const auto& [game, input] : games) {
        const GameTemplates* templates = game.empty() ? nullptr : library.for_game(game);
        if (!templates) {
            std::fprintf(stderr, "taescope infer: no templates for the game of %s\n", input.front().name.c_str());
            continue;
        }
        std::vector<CrossValidationPart> parts = cross_validation_parts(input, folds);
        if (parts.size() < 2) {
            if (!json)
                std::printf("%s: one part only (%s): nothing to hold out\n", game.c_str(), input.front().name.c_str());
            continue;
        }
        CrossValidation cv = cross_validate(parts, *templates, game, min_events);
        if (json) {
            j.begin_object().field("game", game);
            json_share(j, "from_others", cv.from_others);
            json_share(j, "alone", cv.alone);
            j.key("folds").begin_array();
            for (const CrossValidationFold& f : cv.folds) {
                j.begin_object().field("held_out", f.held_out);
                json_share(j, "from_others", f.from_others);
                json_share(j, "alone", f.alone);
                j.end_object();
            }
            j.end_array().end_object();
            continue;
        }
        std::printf("%s: %zu parts held out in turn (types with a template and at least %u events on both sides)\n",
                    game.c_str(), parts.size(), min_events);
        std::printf("  inferred from the other parts, judged on the held-out one: %s\n",
                    share_text(cv.from_others).c_str());
        std::printf("  each part alone (inferred and judged on its own events): %s\n", share_text(cv.alone).c_str());
        // The fields lost most often on held-out data, over every fold.
        std::map<std::string, std::pair<uint64_t, std::string>> lost;  // "type @offset" -> (bytes, why)
        for (const CrossValidationFold& f : cv.folds) {
            std::printf("    %s: from the others %s; alone %s\n", f.held_out.c_str(),
                        percent(f.from_others.share()).c_str(), percent(f.alone.share()).c_str());
            for (const TypeComparison& t : f.from_others.types)
                for (const FieldComparison& fc : t.fields)
                    if (fc.verdict == FieldVerdict::Differs) {
                        auto& entry = lost["type " + std::to_string(t.type) + " @" + std::to_string(fc.offset) + " " +
                                           std::string(field_type_name(fc.template_type)) + " \"" + fc.name + "\""];
                        entry.first += fc.size;
                        if (entry.second.empty()) entry.second = fc.why;
                    }
        }
        std::vector<std::pair<std::string, std::pair<uint64_t, std::string>>> ranked(lost.begin(), lost.end());
        std::stable_sort(ranked.begin(), ranked.end(),
                         [](const auto& a, const auto& b) { return a.second.first > b.second.first; });
        if (!ranked.empty()) std::printf("  fields lost on held-out data (bytes over every fold):\n");
        for (size_t i = 0; i < ranked.size() && i < 15; ++i)
            std::printf("    %s: %llu bytes; %s\n", ranked[i].first.c_str(), (unsigned long long)ranked[i].second.first,
                        ranked[i].second.second.c_str());
    }
    if (json) {
        j.end_array().end_object();
        print_text(j.text());
    }
    return 0;
}

int run(const std::vector<std::string>& args) {
    auto parsed = parse_args(args,
                             {{"--json", "--ignore-templates", "--against-templates", "--cross-validate"},
                              {"--game", "--min-events", "--template-out", "--folds"}},
                             "infer", kUsage);
    if (!parsed) return 2;
    if (parsed->positional.empty()) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    if (parsed->has("--cross-validate")) return run_cross_validate(*parsed);
    return parsed->has("--against-templates") ? run_against(*parsed) : run_infer(*parsed);
}

const CommandRegistration registration({"infer", "event layouts inferred from the data; --against-templates: the proof",
                                        kUsage, run});

}  // namespace
}  // namespace taescope::cli
