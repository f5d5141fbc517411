// `taescope census DIR|FILE...`: the tables the format notes are made of, over any set of files:
// per game and event type the event count, files, stored parameter lengths, template coverage
// and disagreements; animation header kinds; events starting before 0; ImportOther links that
// resolve or not. Markdown (default) or JSON. Files are read on every core (one std::thread per
// core, each taking the next file); the result does not depend on the number of threads.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "binder/animation_names.h"
#include "binder/havok_character.h"
#include "cli_output.h"
#include "command.h"
#include "inference/event_samples.h"
#include "inference/inferred_templates.h"
#include "io/file_io.h"
#include "model_cli.h"
#include "sim/animation_imports.h"
#include "templates/tae_template_check.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope census DIR|FILE... [--json] [--jobs N] [--examples N]\n"
    "\n"
    "Reads every .tae, .anibnd and .dcx file given or found under DIR (recursively) and prints:\n"
    "  files            game, event files, animations, events (or why a file could not be read)\n"
    "  event types      per game and type: events, files holding it, stored parameter lengths\n"
    "                   (length x count), the template's size, events with a template, and the\n"
    "                   template disagreements (see taescope check --help for the kinds)\n"
    "  header kinds     animations per header kind (standard, import-other, unknown, none)\n"
    "  negative starts  events that start before 0, with examples\n"
    "  imports          ImportOther animations by outcome (resolved, no-import, missing-target,\n"
    "                   cycle, too-long), with examples of those that do not resolve\n"
    "  havok            per file: animations with a Havok clip in the binder (true length known),\n"
    "                   without one (no member, or a member that does not read), and events that\n"
    "                   start after their animation's true end, with examples\n"
    "  --json           JSON (shape: docs/cli-schema.json, \"census\")\n"
    "  --jobs N         threads (default: every core)\n"
    "  --examples N     examples listed per table (default 10)\n"
    "exit status: 0 every file read, 1 a file could not be read, 2 usage error\n";

using TypeKey = std::pair<std::string, int32_t>;  // game, event type

struct TypeStats {
    std::string name;
    uint64_t events = 0;
    uint64_t with_template = 0;
    uint64_t with_inference = 0;  // decoded by inference: no template, or bytes past it (inferred tail)
    std::optional<uint32_t> template_size;
    std::map<uint32_t, uint64_t> lengths;
    DisagreementCounts disagreements{};
    std::set<size_t> files;  // indices of input files
};

struct Example {
    std::string text;
};

struct CensusPart {
    std::string path;
    bool ok = false;
    std::string error;
    std::string game;
    size_t event_files = 0, unreadable_event_files = 0, animations = 0, events = 0;
    std::map<TypeKey, TypeStats> types;
    std::map<std::string, uint64_t> header_kinds;
    uint64_t negative_starts = 0, events_inferred = 0;
    std::vector<std::string> negative_examples;
    std::map<std::string, uint64_t> imports;
    std::vector<std::string> import_examples;
    uint64_t with_havok = 0, havok_missing = 0, havok_unreadable = 0, events_after_end = 0, havok_members = 0;
    std::vector<std::string> havok_examples;
    ModelSummary model;  // the binder's FLVER, when it holds one (a model binder)
};

const char* header_kind_id(TaeAnimationHeaderKind k) {
    switch (k) {
        case TaeAnimationHeaderKind::Standard:
            return "standard";
        case TaeAnimationHeaderKind::ImportOther:
            return "import-other";
        case TaeAnimationHeaderKind::Unknown:
            return "unknown";
        case TaeAnimationHeaderKind::None:
            return "none";
    }
    return "?";
}

std::string duration_text(double seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", seconds);
    return buf;
}

CensusPart census_file(const std::string& path, size_t file_index, size_t max_examples) {
    CensusPart part;
    part.path = path;
    auto bytes = read_file(path);
    if (!bytes.ok()) {
        part.error = bytes.error().to_string();
        return part;
    }
    auto doc = open_document(*bytes, path);
    if (!doc.ok()) {
        part.error = doc.error().to_string();
        return part;
    }
    part.ok = true;
    ChosenTemplates chosen;
    choose_templates(*doc, "", "", chosen, "census");
    part.game = chosen.game;
    AnimationIndex index = AnimationIndex::from_document(*doc);
    HavokCharacter havok({&*doc});
    part.havok_members = havok.members().animations.size();
    part.model = summarize_model(*doc);
    for (size_t t = 0; t < doc->taes.size(); ++t) {
        const DocumentTae& dt = doc->taes[t];
        ++part.event_files;
        if (!dt.tae) {
            ++part.unreadable_event_files;
            continue;
        }
        const TaeFile& file = *dt.tae;
        TaeTemplateReport report = check_tae_templates(file, chosen.templates);
        for (const auto& [type, counts] : report.tally.by_type) {
            TypeStats& s = part.types[{part.game, int32_t(type)}];
            for (size_t k = 0; k < kDisagreementKinds; ++k) s.disagreements[k] += counts[k];
        }
        for (size_t a = 0; a < file.animations.size(); ++a) {
            const TaeAnimation& anim = file.animations[a];
            ++part.animations;
            ++part.header_kinds[header_kind_id(anim.header_kind())];
            uint64_t full = dt.full_number(anim);
            if (anim.header_kind() == TaeAnimationHeaderKind::ImportOther) {
                ImportResolution r = resolve_imports(index, {t, a, full});
                ++part.imports[import_outcome_name(r.outcome)];
                if (r.outcome != ImportOutcome::Resolved && part.import_examples.size() < max_examples)
                    part.import_examples.push_back(path + " " + animation_name(full) + ": " + r.message + " (" +
                                                   import_outcome_name(r.outcome) + ")");
            }
            AnimationLength length = havok.length(full);
            if (length.known)
                ++part.with_havok;
            else if (havok.members().animations.count(full))
                ++part.havok_unreadable;
            else
                ++part.havok_missing;
            if (!length.known && havok.members().animations.count(full) && part.havok_examples.size() < max_examples)
                part.havok_examples.push_back(path + " " + animation_name(full) + ": " + length.reason);
            for (size_t e = 0; e < anim.events.size(); ++e) {
                const TaeEvent& ev = anim.events[e];
                ++part.events;
                if (starts_after_end(ev.start(), length)) {
                    ++part.events_after_end;
                    if (part.havok_examples.size() < max_examples)
                        part.havok_examples.push_back(
                            path + " " + animation_name(full) + " event " + std::to_string(e) + " type " +
                            std::to_string(ev.type) + " starts " + seconds_text(ev.start_bits) +
                            " s, after the clip's end at " + duration_text(length.duration) + " s");
                }
                TypeStats& s = part.types[{part.game, ev.type}];
                ++s.events;
                ++s.lengths[ev.parameter_size];
                s.files.insert(file_index);
                const EventTypeTemplate* templ = chosen.templates ? chosen.templates->find(uint32_t(ev.type)) : nullptr;
                if (templ) {
                    ++s.with_template;
                    s.template_size = templ->size();
                    if (s.name.empty()) s.name = templ->name;
                }
                float start = ev.start();
                if (std::isfinite(start) && start < 0) {
                    ++part.negative_starts;
                    if (part.negative_examples.size() < max_examples)
                        part.negative_examples.push_back(path + " " + animation_name(full) + " event " +
                                                         std::to_string(e) + " type " + std::to_string(ev.type) +
                                                         " starts " + seconds_text(ev.start_bits) + " s (frame " +
                                                         frame_text(ev.start_bits) + ")");
                }
            }
        }
    }
    // Events decoded by inference (taescope infer), apart from the template-decoded ones.
    EventSamples samples;
    samples.add_document(*doc);
    for (const TypeSamples& t : samples.types()) {
        const EventTypeTemplate* templ =
            chosen.templates && t.type >= 0 ? chosen.templates->find(uint32_t(t.type)) : nullptr;
        TypeStats& s = part.types[{part.game, t.type}];
        if (templ) {
            for (size_t i = 0; i < t.events(); ++i)
                for (uint32_t b = templ->size(); b < t.lengths[i]; ++b)
                    if (t.event_bytes(i)[b]) {
                        ++s.with_inference;
                        break;
                    }
        } else {
            bool explained = true;
            for (const InferredField& f : infer_layout(t).fields)
                if (f.type == InferredType::Bytes) explained = false;
            if (explained) s.with_inference += t.events();
        }
        part.events_inferred += s.with_inference;
    }
    return part;
}

struct Census {
    std::vector<CensusPart> files;
    std::map<TypeKey, TypeStats> types;
    std::map<std::string, uint64_t> header_kinds, imports;
    uint64_t negative_starts = 0, animations = 0, events = 0, event_files = 0;
    uint64_t with_havok = 0, havok_missing = 0, havok_unreadable = 0, events_after_end = 0;
    std::vector<std::string> negative_examples, import_examples, havok_examples;
};

Census merge(std::vector<CensusPart> parts, size_t max_examples) {
    Census c;
    for (const CensusPart& p : parts) {
        for (const auto& [key, s] : p.types) {
            TypeStats& t = c.types[key];
            if (t.name.empty()) t.name = s.name;
            t.events += s.events;
            t.with_template += s.with_template;
            t.with_inference += s.with_inference;
            if (s.template_size) t.template_size = s.template_size;
            for (const auto& [len, n] : s.lengths) t.lengths[len] += n;
            for (size_t k = 0; k < kDisagreementKinds; ++k) t.disagreements[k] += s.disagreements[k];
            t.files.insert(s.files.begin(), s.files.end());
        }
        for (const auto& [k, n] : p.header_kinds) c.header_kinds[k] += n;
        for (const auto& [k, n] : p.imports) c.imports[k] += n;
        c.negative_starts += p.negative_starts;
        c.animations += p.animations;
        c.events += p.events;
        c.event_files += p.event_files;
        c.with_havok += p.with_havok;
        c.havok_missing += p.havok_missing;
        c.havok_unreadable += p.havok_unreadable;
        c.events_after_end += p.events_after_end;
        for (const auto& e : p.havok_examples)
            if (c.havok_examples.size() < max_examples) c.havok_examples.push_back(e);
        for (const auto& e : p.negative_examples)
            if (c.negative_examples.size() < max_examples) c.negative_examples.push_back(e);
        for (const auto& e : p.import_examples)
            if (c.import_examples.size() < max_examples) c.import_examples.push_back(e);
    }
    c.files = std::move(parts);
    return c;
}

std::string lengths_text(const std::map<uint32_t, uint64_t>& lengths) {
    std::string out;
    for (const auto& [len, n] : lengths)
        out += (out.empty() ? "" : ", ") + std::to_string(len) + "x" + std::to_string(n);
    return out;
}

uint64_t findings_without_no_template(const DisagreementCounts& d) {
    uint64_t n = 0;
    for (size_t k = 0; k < kDisagreementKinds; ++k)
        if (Disagreement(k) != Disagreement::NoTemplate) n += d[k];
    return n;
}

std::string md_cell(std::string s) {
    for (char& ch : s)
        if (ch == '|') ch = '/';
    return s;
}

void print_markdown(const Census& c) {
    std::printf("# Census of %zu files\n\n", c.files.size());
    std::printf("%llu event files, %llu animations, %llu events.\n\n", (unsigned long long)c.event_files,
                (unsigned long long)c.animations, (unsigned long long)c.events);
    std::printf("## Files\n\n| file | game | event files | animations | events |\n|---|---|---:|---:|---:|\n");
    for (const CensusPart& p : c.files) {
        if (!p.ok) {
            std::printf("| %s | unreadable: %s | | | |\n", md_cell(p.path).c_str(), md_cell(p.error).c_str());
            continue;
        }
        std::printf(
            "| %s | %s | %zu%s | %zu | %zu |\n", md_cell(p.path).c_str(), p.game.empty() ? "?" : p.game.c_str(),
            p.event_files,
            p.unreadable_event_files ? (" (" + std::to_string(p.unreadable_event_files) + " unreadable)").c_str() : "",
            p.animations, p.events);
    }
    std::string game = "\x01";
    for (const auto& [key, t] : c.types) {
        if (key.first != game) {
            game = key.first;
            std::printf("\n## Event types (%s)\n\n", game.empty() ? "game unknown" : game.c_str());
            std::printf(
                "| type | name | events | files | parameter lengths (bytes x events) | template bytes | with template "
                "| "
                "disagreements |\n|---:|---|---:|---:|---|---:|---:|---:|\n");
        }
        std::printf("| %d | %s | %llu | %zu | %s | %s | %llu | %llu |\n", key.second, md_cell(t.name).c_str(),
                    (unsigned long long)t.events, t.files.size(), lengths_text(t.lengths).c_str(),
                    t.template_size ? std::to_string(*t.template_size).c_str() : "-",
                    (unsigned long long)t.with_template,
                    (unsigned long long)findings_without_no_template(t.disagreements));
    }
    std::printf("\n## Animation header kinds\n\n| kind | animations |\n|---|---:|\n");
    for (const auto& [k, n] : c.header_kinds) std::printf("| %s | %llu |\n", k.c_str(), (unsigned long long)n);
    std::printf("\n## Negative starts\n\n%llu events start before 0.\n", (unsigned long long)c.negative_starts);
    for (const auto& e : c.negative_examples) std::printf("- %s\n", e.c_str());
    std::printf("\n## Imports (ImportOther headers)\n\n| outcome | animations |\n|---|---:|\n");
    for (const auto& [k, n] : c.imports) std::printf("| %s | %llu |\n", k.c_str(), (unsigned long long)n);
    if (!c.import_examples.empty()) std::printf("\n");
    for (const auto& e : c.import_examples) std::printf("- %s\n", e.c_str());
    std::printf(
        "\n## Havok animations\n\n%llu animations have a Havok clip in their binder, %llu have no member, "
        "%llu have a member that does not read; %llu events start after their animation's end.\n\n",
        (unsigned long long)c.with_havok, (unsigned long long)c.havok_missing, (unsigned long long)c.havok_unreadable,
        (unsigned long long)c.events_after_end);
    std::printf(
        "| file | animation members | with a clip | no member | unreadable | events after the end |\n"
        "|---|---:|---:|---:|---:|---:|\n");
    for (const CensusPart& p : c.files)
        if (p.ok)
            std::printf("| %s | %llu | %llu | %llu | %llu | %llu |\n", md_cell(p.path).c_str(),
                        (unsigned long long)p.havok_members, (unsigned long long)p.with_havok,
                        (unsigned long long)p.havok_missing, (unsigned long long)p.havok_unreadable,
                        (unsigned long long)p.events_after_end);
    if (!c.havok_examples.empty()) std::printf("\n");
    for (const auto& e : c.havok_examples) std::printf("- %s\n", e.c_str());
    // Model binders (a .flver member): only when the files hold one.
    bool models = false;
    for (const CensusPart& p : c.files) models = models || (p.ok && p.model.present);
    if (!models) return;
    std::printf("\n## Models\n\n| file | FLVER |\n|---|---|\n");
    for (const CensusPart& p : c.files)
        if (p.ok && p.model.present)
            std::printf("| %s | %s |\n", md_cell(p.path).c_str(), md_cell(model_summary_text(p.model)).c_str());
}

void print_json(const Census& c) {
    JsonOut j;
    j.begin_object().field("command", "census");
    j.key("totals")
        .begin_object()
        .field_uint("files", c.files.size())
        .field_uint("event_files", c.event_files)
        .field_uint("animations", c.animations)
        .field_uint("events", c.events)
        .end_object();
    j.key("files").begin_array();
    for (const CensusPart& p : c.files) {
        j.begin_object().field("path", p.path).field("ok", p.ok);
        if (!p.ok) {
            j.field("error", p.error).end_object();
            continue;
        }
        j.field("game", p.game)
            .field_uint("event_files", p.event_files)
            .field_uint("unreadable_event_files", p.unreadable_event_files)
            .field_uint("animations", p.animations)
            .field_uint("events", p.events)
            .field_uint("havok_animation_members", p.havok_members)
            .field_uint("animations_with_havok", p.with_havok)
            .field_uint("animations_without_havok_member", p.havok_missing)
            .field_uint("animations_with_unreadable_havok", p.havok_unreadable)
            .field_uint("events_after_end", p.events_after_end);
        if (p.model.present) {
            j.key("model");
            write_model_summary(j, p.model);
        }
        j.end_object();
    }
    j.end_array();
    j.key("event_types").begin_array();
    for (const auto& [key, t] : c.types) {
        j.begin_object().field("game", key.first).field_int("type", key.second).field("name", t.name);
        j.field_uint("events", t.events).field_uint("files", t.files.size());
        j.key("parameter_lengths").begin_array();
        for (const auto& [len, n] : t.lengths)
            j.begin_object().field_uint("bytes", len).field_uint("events", n).end_object();
        j.end_array();
        t.template_size ? j.field_uint("template_bytes", *t.template_size) : j.key("template_bytes").null();
        j.field_uint("with_template", t.with_template);
        j.field_uint("with_inference", t.with_inference);
        j.key("disagreements").begin_object();
        for (size_t k = 0; k < kDisagreementKinds; ++k)
            if (t.disagreements[k]) j.field_uint(disagreement_id(Disagreement(k)), t.disagreements[k]);
        j.end_object();
        j.end_object();
    }
    j.end_array();
    j.key("header_kinds").begin_object();
    for (const auto& [k, n] : c.header_kinds) j.field_uint(k, n);
    j.end_object();
    j.key("negative_starts").begin_object().field_uint("events", c.negative_starts).key("examples").begin_array();
    for (const auto& e : c.negative_examples) j.string(e);
    j.end_array().end_object();
    j.key("imports").begin_object().key("outcomes").begin_object();
    for (const auto& [k, n] : c.imports) j.field_uint(k, n);
    j.end_object().key("examples").begin_array();
    for (const auto& e : c.import_examples) j.string(e);
    j.end_array().end_object();
    j.key("havok")
        .begin_object()
        .field_uint("animations_with_havok", c.with_havok)
        .field_uint("animations_without_havok_member", c.havok_missing)
        .field_uint("animations_with_unreadable_havok", c.havok_unreadable)
        .field_uint("events_after_end", c.events_after_end)
        .key("examples")
        .begin_array();
    for (const auto& e : c.havok_examples) j.string(e);
    j.end_array().end_object();
    j.end_object();
    print_text(j.text());
}

bool census_candidate(const std::filesystem::path& p) {
    std::string name = p.filename().string();
    auto ends = [&](const char* s) {
        size_t n = std::char_traits<char>::length(s);
        return name.size() >= n && name.compare(name.size() - n, n, s) == 0;
    };
    return ends(".tae") || ends(".anibnd") || ends(".dcx");
}

int run(const std::vector<std::string>& args) {
    auto parsed = parse_args(args, {{"--json"}, {"--jobs", "--examples"}}, "census", kUsage);
    if (!parsed) return 2;
    if (parsed->positional.empty()) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    auto number = [&](const char* name, size_t fallback, size_t max) -> std::optional<size_t> {
        if (!parsed->has(name)) return fallback;
        std::string v = parsed->value(name);
        if (v.empty() || v.size() > 6 || v.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
        return std::min<size_t>(std::stoul(v), max);
    };
    size_t cores = std::max(1u, std::thread::hardware_concurrency());
    auto jobs = number("--jobs", cores, 256);
    auto examples = number("--examples", 10, 100000);
    if (!jobs || !examples || *jobs == 0) {
        std::fprintf(stderr, "taescope census: --jobs and --examples take a number (jobs at least 1)\n");
        return 2;
    }

    std::vector<std::string> files;
    for (const std::string& arg : parsed->positional) {
        std::error_code ec;
        if (std::filesystem::is_directory(arg, ec)) {
            std::vector<std::string> found;
            for (auto it = std::filesystem::recursive_directory_iterator(arg, ec);
                 !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
                if (it->is_regular_file(ec) && census_candidate(it->path())) found.push_back(it->path().string());
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else {
            files.push_back(arg);
        }
    }
    if (files.empty()) {
        std::fprintf(stderr, "taescope census: no .tae, .anibnd or .dcx files found\n");
        return 1;
    }

    std::vector<CensusPart> parts(files.size());
    std::atomic<size_t> next{0};
    auto worker = [&] {
        for (size_t i; (i = next.fetch_add(1)) < files.size();) parts[i] = census_file(files[i], i, *examples);
    };
    std::vector<std::thread> threads;
    for (size_t t = 1; t < std::min(*jobs, files.size()); ++t) threads.emplace_back(worker);
    worker();
    for (auto& t : threads) t.join();

    bool all_ok = std::all_of(parts.begin(), parts.end(), [](const CensusPart& p) { return p.ok; });
    Census c = merge(std::move(parts), *examples);
    if (parsed->has("--json"))
        print_json(c);
    else
        print_markdown(c);
    return all_ok ? 0 : 1;
}

const CommandRegistration registration({"census",
                                        "per event type, header kind, start and import tables over many files", kUsage,
                                        run});

}  // namespace
}  // namespace taescope::cli
