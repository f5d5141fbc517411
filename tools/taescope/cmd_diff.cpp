// `taescope diff A B [--anim N]`: what changed from A to B (typically vanilla to mod): animations
// added, removed and changed; within a changed animation, events added, removed, moved (same
// bytes, other times) or changed, with the fields that differ. The matching of events is
// engine/compare/tae_diff.h's (documented there), so the viewer shows the same diff.
#include <cstdio>
#include <string>
#include <vector>

#include "binder/animation_names.h"
#include "cli_output.h"
#include "command.h"
#include "compare/tae_diff.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope diff A B [--anim aGGG_NNNNNN] [--json] [--all] [--game CODE] [--templates FILE]\n"
    "\n"
    "Compares the animations of A and B (binders or loose .tae files; typically the game's file and\n"
    "a mod of it). Animations are matched by full number; events within an animation by type,\n"
    "then in passes: identical; same parameter bytes at other times (moved); overlapping times\n"
    "(changed); what is left of a type in stored order when both sides have as many left. The\n"
    "rest is added or removed. Changed events list each template field whose bytes differ.\n"
    "  --anim N           only animation N (aGGG_NNNNNN or the full number)\n"
    "  --all              also list unchanged events of changed animations\n"
    "  --json             JSON (shape: docs/cli-schema.json, \"diff\")\n"
    "  --game CODE        templates of SDT, ER, NR, DS3 or AC6 (default: detected from A)\n"
    "  --templates FILE   a Smithbox or DSAnimStudio XML file, or our text format\n"
    "exit status: 0 no differences, 1 differences found, 2 usage error or unreadable file\n";

std::string time_span(uint32_t start, uint32_t end) { return seconds_text(start) + ".." + seconds_text(end); }

void text_event(const EventDifference& e, bool all) {
    if (e.change == EventChange::Unchanged && !all) return;  // renumbered only: counted, listed with --all
    std::string where;
    if (e.index_a && e.index_b)
        where = *e.index_a == *e.index_b ? "#" + std::to_string(*e.index_a)
                                         : "#" + std::to_string(*e.index_a) + "->#" + std::to_string(*e.index_b);
    else
        where = "#" + std::to_string(e.index_a ? *e.index_a : *e.index_b);
    std::printf("  %-9s %-9s type %-5d", event_change_name(e.change), where.c_str(), e.type);
    switch (e.change) {
        case EventChange::Added:
            std::printf(" %s\n", time_span(e.start_bits_b, e.end_bits_b).c_str());
            return;
        case EventChange::Removed:
            std::printf(" %s\n", time_span(e.start_bits_a, e.end_bits_a).c_str());
            return;
        default:
            break;
    }
    if (e.times_changed)
        std::printf(" %s -> %s", time_span(e.start_bits_a, e.end_bits_a).c_str(),
                    time_span(e.start_bits_b, e.end_bits_b).c_str());
    else
        std::printf(" %s", time_span(e.start_bits_a, e.end_bits_a).c_str());
    if (e.matched_by != EventMatchPass::Identical) std::printf("  (matched: %s)", event_match_pass_name(e.matched_by));
    if (e.unknown04_changed) std::printf("  +4 word differs");
    if (e.parameter_size_changed && !e.parameters_changed) std::printf("  padding differs");
    std::printf("\n");
    for (const FieldDifference& f : e.fields)
        std::printf("      @%-3u %-32s %s -> %s\n", f.offset, f.name.c_str(), f.before.c_str(), f.after.c_str());
}

void json_event(JsonOut& j, const EventDifference& e) {
    j.begin_object();
    j.field("change", event_change_name(e.change)).field("matched_by", event_match_pass_name(e.matched_by));
    j.field_int("type", e.type);
    e.index_a ? j.field_uint("index_a", *e.index_a) : j.key("index_a").null();
    e.index_b ? j.field_uint("index_b", *e.index_b) : j.key("index_b").null();
    if (e.index_a) j.field("start_a", seconds_text(e.start_bits_a)).field("end_a", seconds_text(e.end_bits_a));
    if (e.index_b) j.field("start_b", seconds_text(e.start_bits_b)).field("end_b", seconds_text(e.end_bits_b));
    j.field("times_changed", e.times_changed).field("unknown04_changed", e.unknown04_changed);
    j.field("parameters_changed", e.parameters_changed).field("parameter_size_changed", e.parameter_size_changed);
    j.key("fields").begin_array();
    for (const FieldDifference& f : e.fields)
        j.begin_object()
            .field("name", f.name)
            .field_uint("offset", f.offset)
            .field_uint("size", f.size)
            .field("before", f.before)
            .field("after", f.after)
            .end_object();
    j.end_array();
    j.end_object();
}

int run(const std::vector<std::string>& args) {
    auto parsed = parse_args(args, {{"--json", "--all"}, {"--anim", "--game", "--templates"}}, "diff", kUsage);
    if (!parsed) return 2;
    if (parsed->positional.size() != 2) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    std::optional<uint64_t> only;
    if (parsed->has("--anim")) {
        only = parse_animation_argument(parsed->value("--anim"));
        if (!only) {
            std::fprintf(stderr, "taescope diff: --anim takes aGGG_NNNNNN or a number\n");
            return 2;
        }
    }
    bool all = parsed->has("--all"), json = parsed->has("--json");
    auto a = open_document_file(parsed->positional[0], "diff");
    if (!a) return 2;
    auto b = open_document_file(parsed->positional[1], "diff");
    if (!b) return 2;
    ChosenTemplates chosen;
    if (!choose_templates(*a, parsed->value("--game"), parsed->value("--templates"), chosen, "diff")) return 2;

    TaeDiffOptions options;
    options.templates = chosen.templates;
    std::vector<TaeSetEntry> ea = document_animations(*a), eb = document_animations(*b);
    TaeSetDifference d = diff_tae_sets(ea, eb, options, only);
    if (only && d.animations.empty() && d.unchanged == 0) {
        std::fprintf(stderr, "taescope diff: no animation %s in either file\n", animation_name(*only).c_str());
        return 2;
    }
    bool differs = d.added || d.removed || d.changed;

    if (json) {
        JsonOut j;
        j.begin_object();
        j.field("command", "diff").field("file_a", a->name).field("file_b", b->name);
        j.field("game", chosen.game).field("templates", chosen.templates != nullptr);
        j.key("summary")
            .begin_object()
            .field_uint("added", d.added)
            .field_uint("removed", d.removed)
            .field_uint("changed", d.changed)
            .field_uint("unchanged", d.unchanged)
            .end_object();
        j.key("animations").begin_array();
        for (const AnimationDifference& x : d.animations) {
            j.begin_object();
            j.field("name", animation_name(x.full_number)).field_uint("full_number", x.full_number);
            j.field("change", animation_change_name(x.change)).field("file_a", x.file_a).field("file_b", x.file_b);
            j.key("header_changes").begin_array();
            for (const auto& h : x.header_changes) j.string(h);
            j.end_array();
            j.key("event_counts").begin_object();
            for (EventChange c : {EventChange::Unchanged, EventChange::Moved, EventChange::Changed, EventChange::Added,
                                  EventChange::Removed})
                j.field_uint(event_change_name(c), x.count(c));
            j.end_object();
            j.key("events").begin_array();
            for (const EventDifference& e : x.events)
                if (all || e.change != EventChange::Unchanged) json_event(j, e);
            j.end_array();
            j.key("groups").begin_array();
            for (const GroupDifference& g : x.groups) {
                j.begin_object().field_int("type", g.type);
                g.index_a ? j.field_uint("index_a", *g.index_a) : j.key("index_a").null();
                g.index_b ? j.field_uint("index_b", *g.index_b) : j.key("index_b").null();
                j.field("note", g.note).end_object();
            }
            j.end_array();
            j.end_object();
        }
        j.end_array();
        j.end_object();
        print_text(j.text());
        return differs ? 1 : 0;
    }

    std::printf("A: %s\nB: %s\ntemplates: %s\n", a->name.c_str(), b->name.c_str(),
                chosen.templates ? chosen.game.c_str() : "none (raw bytes)");
    std::printf("animations: %zu added, %zu removed, %zu changed, %zu unchanged\n", d.added, d.removed, d.changed,
                d.unchanged);
    for (const AnimationDifference& x : d.animations) {
        std::printf("\n%s %s", animation_change_name(x.change), animation_name(x.full_number).c_str());
        if (x.file_a == x.file_b || x.file_b.empty())
            std::printf(" (%s)", x.file_a.c_str());
        else if (x.file_a.empty())
            std::printf(" (%s)", x.file_b.c_str());
        else
            std::printf(" (%s -> %s)", x.file_a.c_str(), x.file_b.c_str());
        size_t renumbered = 0;
        for (const EventDifference& e : x.events)
            renumbered += e.change == EventChange::Unchanged && e.index_a != e.index_b;
        std::printf(": events %zu moved, %zu changed, %zu added, %zu removed, %zu unchanged",
                    x.count(EventChange::Moved), x.count(EventChange::Changed), x.count(EventChange::Added),
                    x.count(EventChange::Removed), x.count(EventChange::Unchanged));
        if (renumbered) std::printf(" (%zu of them at another index)", renumbered);
        std::printf("\n");
        for (const auto& h : x.header_changes) std::printf("  header: %s\n", h.c_str());
        if (x.change == AnimationDiffKind::Added || x.change == AnimationDiffKind::Removed) continue;
        for (const EventDifference& e : x.events) text_event(e, all);
        for (const GroupDifference& g : x.groups) {
            std::printf("  group type %d", g.type);
            if (g.index_a) std::printf(" A#%u", *g.index_a);
            if (g.index_b) std::printf(" B#%u", *g.index_b);
            std::printf(": %s\n", g.note.c_str());
        }
    }
    return differs ? 1 : 0;
}

const CommandRegistration registration({"diff",
                                        "animations and events added, removed, moved or changed between two files",
                                        kUsage, run});

}  // namespace
}  // namespace taescope::cli
