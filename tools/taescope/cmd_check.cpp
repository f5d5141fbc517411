// `taescope check FILE...`: opens each file (binder or loose TAE), runs the TAE validator on
// every event file, decodes every event with its game's templates and reports where the stored
// bytes and the templates disagree, per event and totalled per file and per event type.
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "binder/document.h"
#include "command.h"
#include "inference/event_samples.h"
#include "inference/inferred_templates.h"
#include "io/file_io.h"
#include "tae/tae_validator.h"
#include "templates/document_game.h"
#include "templates/tae_template_check.h"
#include "templates/template_library.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope check [options] FILE...\n"
    "\n"
    "Opens each .anibnd.dcx binder or .tae file, runs the TAE validator on every event file (its\n"
    "errors are errors: a game-made file never breaks those rules), decodes every event's\n"
    "parameter bytes with the templates of its game and reports where they disagree:\n"
    "  no-template             event type has no template\n"
    "  short-padding-only      bytes shorter than the template; only zero-asserted/padding fields missing\n"
    "  short-meaningful        bytes shorter than the template; a named or unasserted field missing\n"
    "  float-not-finite        f32 field holds a NaN or infinity word\n"
    "  float-holds-integer     f32 field holds a subnormal word (an integer such as 180)\n"
    "  value-not-named         value no entry of its field names\n"
    "  bool-not-0-1            bool byte other than 0 or 1\n"
    "  assert-mismatch         asserted field holds another value\n"
    "  nonzero-past-template   nonzero byte after the template's last field\n"
    "These occur in unedited game files: they are reported, not errors, unless --strict.\n"
    "Events of types without a template are counted apart when inference (taescope infer) decodes\n"
    "them, and so are events whose bytes past their template an inferred tail decodes.\n"
    "\n"
    "options:\n"
    "  --game CODE        use the templates of SDT, ER, NR, DS3 or AC6 instead of detecting the game\n"
    "  --templates FILE   use this template file (Smithbox or DSAnimStudio XML, or our text format)\n"
    "  --events N         list at most N events with findings per event file (default 10; -1: all)\n"
    "  --types            also print the totals per event type\n"
    "  --strict           template disagreements count as errors\n"
    "  -q, --quiet        print only the totals per file\n"
    "\n"
    "exit status: 0 no errors, 1 a file could not be read or parsed, or the validator found an\n"
    "error (or, with --strict, a template disagreement was found), 2 usage error\n";

struct Options {
    std::string game;
    std::string templates_file;
    long long events_to_list = 10;
    bool per_type = false;
    bool strict = false;
    bool quiet = false;
    std::vector<std::string> files;
};

std::string with_commas(uint64_t n) {
    std::string s = std::to_string(n);
    for (int i = int(s.size()) - 3; i > 0; i -= 3) s.insert(size_t(i), ",");
    return s;
}

void print_counts(const DisagreementTally& t, const char* indent) {
    std::printf("%s%s events, %s with a template; %s fields read (%s asserted, %s with named values)\n", indent,
                with_commas(t.events).c_str(), with_commas(t.events_with_template).c_str(),
                with_commas(t.fields_read).c_str(), with_commas(t.asserted_fields_read).c_str(),
                with_commas(t.named_values_read).c_str());
    for (size_t k = 0; k < kDisagreementKinds; ++k) {
        if (!t.counts[k]) continue;
        std::printf("%s  %-22s %10s findings in %s events\n", indent,
                    std::string(disagreement_id(Disagreement(k))).c_str(), with_commas(t.counts[k]).c_str(),
                    with_commas(t.events_with[k]).c_str());
    }
}

void print_per_type(const DisagreementTally& t, const char* indent) {
    for (const auto& [type, counts] : t.by_type) {
        std::string line;
        for (size_t k = 0; k < kDisagreementKinds; ++k)
            if (counts[k]) line += " " + std::string(disagreement_id(Disagreement(k))) + "=" + with_commas(counts[k]);
        if (line.empty()) continue;
        auto n = t.events_by_type.find(type);
        std::printf("%s  type %-5u (%s events):%s\n", indent, type,
                    with_commas(n == t.events_by_type.end() ? 0 : n->second).c_str(), line.c_str());
    }
}

// What the data say about the templates themselves (no event is rejected for them): the types
// whose events are mostly stored shorter than their template, with the lengths they store, and
// the types that occur without a template.
void print_template_findings(const DisagreementTally& t, const GameTemplates* templates, const EventSamples& samples,
                             const char* indent) {
    if (!templates) return;
    std::vector<std::string> lines;
    std::string missing;
    for (const auto& [type, events] : t.events_by_type) {
        auto counts = t.by_type.find(type);
        const auto count = [&](Disagreement k) {
            return counts == t.by_type.end() ? uint64_t(0) : counts->second[size_t(k)];
        };
        const EventTypeTemplate* templ = templates->find(type);
        if (!templ) {
            missing += (missing.empty() ? "" : ", ") + std::to_string(type) + " (" + with_commas(events) + " events)";
            continue;
        }
        const uint64_t padding = count(Disagreement::ShortPaddingOnly), meaningful = count(Disagreement::ShortMeaningful);
        if (2 * (padding + meaningful) <= events) continue;
        const TypeSamples* stored = samples.find(int32_t(type));
        std::string lengths;
        if (stored) {
            std::map<uint32_t, uint64_t> by_length;
            for (uint32_t len : stored->lengths) ++by_length[len];
            for (const auto& [len, n] : by_length)
                lengths += (lengths.empty() ? "" : ", ") + std::to_string(len) + " bytes x" + with_commas(n);
        }
        lines.push_back("type " + std::to_string(type) + ": the template declares " + std::to_string(templ->size()) +
                        " bytes; " + with_commas(padding + meaningful) + " of " + with_commas(events) +
                        " events store fewer (" + lengths + ")" +
                        (meaningful == 0 ? ": the missing bytes are fields it asserts zero or pads"
                                         : ": " + with_commas(meaningful) + " miss a named field"));
    }
    if (!missing.empty()) lines.push_back("types without a template: " + missing);
    if (lines.empty()) return;
    std::printf("%sthe templates' own findings (the events are kept and shown as stored):\n", indent);
    for (const std::string& line : lines) std::printf("%s  %s\n", indent, line.c_str());
}

// Events decoded by inference (taescope infer), apart from those a template decodes.
void print_inferred(const InferenceCoverage& c, const char* indent) {
    std::printf(
        "%sinference: %s events of types without a template decoded by their inferred layout, %s events' bytes "
        "past their template by an inferred tail\n",
        indent, with_commas(c.events_inferred).c_str(), with_commas(c.events_with_inferred_tail).c_str());
}

struct FileOutcome {
    bool error = false;
    InferenceCoverage inferred;  // events decoded by inference, apart from the template-decoded ones
    DisagreementTally tally;
    size_t validator_counts[3] = {0, 0, 0};  // by TaeSeverity
};

// The stored bytes of an event file: its binder member, or the payload of a loose TAE.
Bytes event_file_bytes(const Document& doc, const DocumentTae& t) {
    if (t.slot.member_index == kNoMember) return doc.container.payload;
    if (doc.bnd4 && t.slot.member_index < doc.bnd4->members.size()) return doc.bnd4->members[t.slot.member_index].data;
    if (doc.bnd3 && t.slot.member_index < doc.bnd3->members.size()) return doc.bnd3->members[t.slot.member_index].data;
    return {};
}

// Runs the validator; prints its errors and warnings (info too unless quiet); returns the counts.
void validate(const Document& doc, const DocumentTae& t, const Options& options, FileOutcome& outcome) {
    std::vector<TaeFinding> findings = validate_tae(event_file_bytes(doc, t));
    size_t counts[3] = {0, 0, 0};
    for (const TaeFinding& f : findings) ++counts[size_t(f.severity)];
    for (size_t k = 0; k < 3; ++k) outcome.validator_counts[k] += counts[k];
    if (counts[0]) outcome.error = true;
    if (options.quiet) {
        if (counts[0]) std::printf("  %s: validator: %zu errors\n", t.name.c_str(), counts[0]);
        return;
    }
    std::printf("    validator: %zu errors, %zu warnings, %zu info\n", counts[0], counts[1], counts[2]);
    long long listed = 0;
    for (const TaeFinding& f : findings) {
        if (options.events_to_list >= 0 && listed >= options.events_to_list) {
            std::printf("    ... %zu more validator findings (--events -1 lists all)\n",
                        findings.size() - size_t(listed));
            break;
        }
        ++listed;
        std::printf("    %s\n", f.to_string().c_str());
    }
}

FileOutcome check_file(const std::string& path, const Options& options, const TemplateLibrary& library,
                       const GameTemplates* forced) {
    FileOutcome outcome;
    auto bytes = read_file(path);
    if (!bytes.ok()) {
        std::printf("%s: error: %s\n", path.c_str(), bytes.error().to_string().c_str());
        outcome.error = true;
        return outcome;
    }
    auto doc = open_document(*bytes, path);
    if (!doc.ok()) {
        std::printf("%s: error: %s\n", path.c_str(), doc.error().to_string().c_str());
        outcome.error = true;
        return outcome;
    }

    std::string game = options.game;
    std::string reason = "--game";
    if (forced) {
        reason = "--templates " + options.templates_file;
    } else if (game.empty()) {
        GameGuess guess = detect_document_game(*doc);
        game = guess.game;
        reason = guess.reason;
    }
    const GameTemplates* templates = forced ? forced : (game.empty() ? nullptr : library.for_game(game));
    std::printf("%s: %s (%s)%s\n", path.c_str(), game.empty() ? "game unknown" : std::string(game_title(game)).c_str(),
                reason.c_str(), templates ? "" : ": no templates, every event is shown raw");
    for (const auto& note : doc->notes) std::printf("  note: %s\n", note.c_str());
    if (!doc->has_tae()) std::printf("  no event file\n");

    for (const DocumentTae& t : doc->taes) {
        if (!t.tae) {
            std::printf("  %s: error: %s\n", t.name.c_str(), t.error ? t.error->to_string().c_str() : "not parsed");
            outcome.error = true;
            continue;
        }
        if (!options.quiet) std::printf("  %s\n", t.name.c_str());
        validate(*doc, t, options, outcome);
        TaeTemplateReport report = check_tae_templates(*t.tae, templates);
        outcome.tally.merge(report.tally);
        if (options.quiet) continue;
        print_counts(report.tally, "    ");
        if (options.per_type) print_per_type(report.tally, "    ");
        long long listed = 0;
        for (const EventFindings& e : report.events) {
            if (options.events_to_list >= 0 && listed >= options.events_to_list) {
                std::printf("    ... %zu more events with findings (--events -1 lists all)\n",
                            report.events.size() - size_t(listed));
                break;
            }
            ++listed;
            for (const Finding& f : e.findings)
                std::printf("    animation %zu (number %llu) event %zu, type %d: %s: %s\n", e.animation_index,
                            static_cast<unsigned long long>(e.animation_number), e.event_index, e.type,
                            std::string(disagreement_id(f.kind)).c_str(), f.detail.c_str());
        }
    }
    EventSamples samples;
    samples.add_document(*doc);
    outcome.inferred = inference_coverage(samples, templates);
    std::printf("  total over %zu event file%s: validator %zu errors, %zu warnings, %zu info; templates:\n",
                doc->taes.size(), doc->taes.size() == 1 ? "" : "s", outcome.validator_counts[0],
                outcome.validator_counts[1], outcome.validator_counts[2]);
    print_counts(outcome.tally, "    ");
    print_inferred(outcome.inferred, "    ");
    print_template_findings(outcome.tally, templates, samples, "    ");
    if (options.per_type) print_per_type(outcome.tally, "    ");
    return outcome;
}

int run(const std::vector<std::string>& args) {
    Options options;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string* { return i + 1 < args.size() ? &args[++i] : nullptr; };
        if (a == "--game") {
            const std::string* v = value();
            if (!v) break;
            options.game = *v;
        } else if (a == "--templates") {
            const std::string* v = value();
            if (!v) break;
            options.templates_file = *v;
        } else if (a == "--events") {
            const std::string* v = value();
            if (!v) break;
            options.events_to_list = std::atoll(v->c_str());
        } else if (a == "--types") {
            options.per_type = true;
        } else if (a == "--strict") {
            options.strict = true;
        } else if (a == "-q" || a == "--quiet") {
            options.quiet = true;
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "taescope check: unknown option '%s'\n\n%s", a.c_str(), kUsage);
            return 2;
        } else {
            options.files.push_back(a);
        }
    }
    if (options.files.empty()) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }

    TemplateLibrary library;
    std::optional<GameTemplates> forced;
    if (!options.templates_file.empty()) {
        auto bytes = read_file(options.templates_file);
        if (!bytes.ok()) {
            std::fprintf(stderr, "taescope check: %s\n", bytes.error().to_string().c_str());
            return 1;
        }
        auto loaded =
            load_templates_for_use(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
        if (!loaded.ok()) {
            std::fprintf(stderr, "taescope check: %s: %s\n", options.templates_file.c_str(),
                         loaded.error().to_string().c_str());
            return 1;
        }
        forced = std::move(loaded).value();
    } else if (!options.game.empty() && !library.for_game(options.game)) {
        std::fprintf(stderr, "taescope check: no built-in templates for '%s' (SDT, ER, NR, DS3, AC6)\n",
                     options.game.c_str());
        return 2;
    }

    bool error = false;
    DisagreementTally all;
    InferenceCoverage inferred_all;
    for (const auto& path : options.files) {
        FileOutcome o = check_file(path, options, library, forced ? &*forced : nullptr);
        error = error || o.error;
        all.merge(o.tally);
        inferred_all.events_inferred += o.inferred.events_inferred;
        inferred_all.events_with_inferred_tail += o.inferred.events_with_inferred_tail;
    }
    if (options.files.size() > 1) {
        std::printf("total over %zu files:\n", options.files.size());
        print_counts(all, "  ");
        print_inferred(inferred_all, "  ");
    }
    if (options.strict && all.total_findings()) error = true;
    return error ? 1 : 0;
}

const CommandRegistration registration({"check", "report where events disagree with their templates", kUsage, run});

}  // namespace
}  // namespace taescope::cli
