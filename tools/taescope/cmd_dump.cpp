// `taescope dump FILE [--anim aGGG_NNNNNN] [--json]`: the animations of a file and their events
// with every parameter field decoded by the game's templates (byte range, type, name, value and
// the value's name), the bytes past the template, the template disagreements of each event, and
// the event groups. (This replaces the former `taescope explain`.)
#include <cstdio>
#include <string>
#include <vector>

#include "binder/animation_names.h"
#include "cli_output.h"
#include "command.h"
#include "templates/event_decoder.h"
#include "templates/game_detection.h"
#include "templates/template_disagreements.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope dump FILE [--anim aGGG_NNNNNN] [--json] [--tae NAME] [--event INDEX]\n"
    "                     [--game CODE] [--templates FILE]\n"
    "\n"
    "Prints the animations of FILE (an .anibnd(.dcx) binder or a loose .tae) with their headers,\n"
    "events and event groups. Each event's parameter bytes are decoded with the templates of the\n"
    "file's game: every field's byte range, type, name, value and the name of the value, the raw\n"
    "bytes no field covers, and where the bytes and the template disagree.\n"
    "  --anim N           only animation N: aGGG_NNNNNN or the full number (a010_004010 = 10004010)\n"
    "  --tae NAME         only event files whose name ends with NAME (e.g. a10.tae)\n"
    "  --event INDEX      only that event of each animation shown\n"
    "  --json             JSON (shape: docs/cli-schema.json, \"dump\")\n"
    "  --game CODE        SDT, ER, NR, DS3 or AC6 instead of detecting the game\n"
    "  --templates FILE   a Smithbox or DSAnimStudio XML file, or our text format\n"
    "exit status: 0 printed, 1 file unreadable or no such animation, 2 usage error\n";

std::string hex_bytes(Bytes b) {
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    for (size_t i = 0; i < b.size(); ++i) {
        if (i) out += ' ';
        out += digits[b[i] >> 4];
        out += digits[b[i] & 15];
    }
    return out;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

const char* header_kind_name(TaeAnimationHeaderKind k) {
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

std::string header_text(const TaeAnimation& a) {
    switch (a.header_kind()) {
        case TaeAnimationHeaderKind::Standard:
            return "standard (loop " + std::to_string(a.loops()) + ", import HKX " + std::to_string(a.imports_hkx()) +
                   ", delay load " + std::to_string(a.allows_delay_load()) + ", motion source " +
                   std::to_string(a.motion_source()) + ")";
        case TaeAnimationHeaderKind::ImportOther:
            return "import-other (source " + std::to_string(a.import_source()) + ")";
        case TaeAnimationHeaderKind::Unknown:
            return "unknown type " + std::to_string(a.header_type);
        case TaeAnimationHeaderKind::None:
            return "none (null header)";
    }
    return "?";
}

std::string field_type_text(const TemplateField& t) {
    return t.type == FieldType::Bytes ? "bytes[" + std::to_string(t.size) + "]" : std::string(field_type_name(t.type));
}

struct Options {
    std::string file, tae_name, game, templates_file;
    std::optional<uint64_t> animation;
    long long event = -1;
    bool json = false;
};

void text_event(const TaeFile& tae, const TaeEvent& ev, size_t index, const GameTemplates* templates) {
    Bytes p = tae.parameters(ev);
    DecodedEvent d = decode_event(templates, uint32_t(ev.type), p);
    std::printf("  event %zu: type %d", index, ev.type);
    if (d.templ && !d.templ->name.empty()) std::printf(" \"%s\"", d.templ->name.c_str());
    std::printf(", %s .. %s s (frames %s .. %s), %zu parameter bytes%s", seconds_text(ev.start_bits).c_str(),
                seconds_text(ev.end_bits).c_str(), frame_text(ev.start_bits).c_str(), frame_text(ev.end_bits).c_str(),
                p.size(), d.templ ? "" : " (no template)");
    if (ev.unknown04) std::printf(", +4 word %d", ev.unknown04);
    std::printf("\n");
    for (const DecodedField& f : d.fields) {
        const TemplateField& t = *f.field;
        std::printf("    @%-3u %-9s %-40s ", f.offset, field_type_text(t).c_str(),
                    t.name.empty() ? "-" : t.name.c_str());
        if (!f.present) {
            std::printf("(not stored)\n");
            continue;
        }
        std::printf("%s", f.value_text(p).c_str());
        if (const NamedValue* n = f.named()) std::printf("  (%s)", n->name.c_str());
        if (!t.ref.empty()) std::printf("  [row of %s]", t.ref.c_str());
        std::printf("\n");
    }
    if (!d.raw.empty()) std::printf("    @%-3u raw       %s\n", d.raw_offset, hex_bytes(d.raw).c_str());
    for (const Finding& f : find_disagreements(d, p))
        std::printf("    ! %s: %s\n", std::string(disagreement_id(f.kind)).c_str(), f.detail.c_str());
}

void json_event(JsonOut& j, const TaeFile& tae, const TaeEvent& ev, size_t index, const GameTemplates* templates) {
    Bytes p = tae.parameters(ev);
    DecodedEvent d = decode_event(templates, uint32_t(ev.type), p);
    j.begin_object();
    j.field_uint("index", index).field_int("type", ev.type);
    j.field("name", d.templ ? d.templ->name : std::string());
    j.field("template", d.templ != nullptr);
    j.field("start", seconds_text(ev.start_bits)).field("end", seconds_text(ev.end_bits));
    j.field("start_bits", hex(ev.start_bits)).field("end_bits", hex(ev.end_bits));
    j.field("start_frame", frame_text(ev.start_bits)).field("end_frame", frame_text(ev.end_bits));
    j.field_int("unknown04", ev.unknown04);
    j.field_uint("parameter_size", p.size());
    j.key("fields").begin_array();
    for (const DecodedField& f : d.fields) {
        const TemplateField& t = *f.field;
        j.begin_object();
        j.field("name", t.name)
            .field("type", field_type_text(t))
            .field_uint("offset", f.offset)
            .field_uint("size", f.size);
        j.field("present", f.present);
        if (f.present) {
            j.field("value", f.value_text(p));
            if (const NamedValue* n = f.named()) j.field("value_name", n->name);
        }
        if (!t.ref.empty()) j.field("ref", t.ref);
        j.end_object();
    }
    j.end_array();
    j.key("raw").begin_object().field_uint("offset", d.raw_offset).field("hex", hex_bytes(d.raw)).end_object();
    j.key("findings").begin_array();
    for (const Finding& f : find_disagreements(d, p))
        j.begin_object()
            .field("kind", disagreement_id(f.kind))
            .field_int("field", f.field_index)
            .field("detail", f.detail)
            .end_object();
    j.end_array();
    j.end_object();
}

int run(const std::vector<std::string>& args) {
    auto parsed =
        parse_args(args, {{"--json"}, {"--anim", "--tae", "--event", "--game", "--templates"}}, "dump", kUsage);
    if (!parsed) return 2;
    Options o;
    if (parsed->positional.size() != 1) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    o.file = parsed->positional[0];
    o.json = parsed->has("--json");
    o.tae_name = parsed->value("--tae");
    o.game = parsed->value("--game");
    o.templates_file = parsed->value("--templates");
    if (parsed->has("--anim")) {
        o.animation = parse_animation_argument(parsed->value("--anim"));
        if (!o.animation) {
            std::fprintf(stderr, "taescope dump: --anim takes aGGG_NNNNNN or a number\n");
            return 2;
        }
    }
    if (parsed->has("--event")) {
        std::string v = parsed->value("--event");
        if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos) {
            std::fprintf(stderr, "taescope dump: --event takes an index\n");
            return 2;
        }
        o.event = std::stoll(v);
    }

    auto doc = open_document_file(o.file, "dump");
    if (!doc) return 1;
    ChosenTemplates chosen;
    if (!choose_templates(*doc, o.game, o.templates_file, chosen, "dump")) return 1;

    // Which records to show: one animation (found by full number, or within a loose file's group), or all.
    std::vector<FoundAnimation> shown;
    if (o.animation) {
        if (auto f = find_animation(*doc, *o.animation)) shown.push_back(*f);
        // A number held by more than one event file: show each.
        for (size_t t = 0; t < doc->taes.size(); ++t) {
            if (!doc->taes[t].tae || (!shown.empty() && shown[0].tae_index == t)) continue;
            const auto& anims = doc->taes[t].tae->animations;
            for (size_t a = 0; a < anims.size(); ++a)
                if (doc->taes[t].full_number(anims[a]) == *o.animation) shown.push_back({t, a, *o.animation});
        }
    } else {
        for (size_t t = 0; t < doc->taes.size(); ++t) {
            if (!doc->taes[t].tae) continue;
            const auto& anims = doc->taes[t].tae->animations;
            for (size_t a = 0; a < anims.size(); ++a) shown.push_back({t, a, doc->taes[t].full_number(anims[a])});
        }
    }
    std::vector<FoundAnimation> kept;
    for (const auto& s : shown)
        if (o.tae_name.empty() || ends_with(doc->taes[s.tae_index].name, o.tae_name)) kept.push_back(s);
    if (o.animation && kept.empty()) {
        std::fprintf(stderr, "taescope dump: no animation %s in %s\n", animation_name(*o.animation).c_str(),
                     o.file.c_str());
        return 1;
    }

    if (o.json) {
        JsonOut j;
        j.begin_object();
        j.field("command", "dump").field("file", doc->name);
        j.field("game", chosen.game)
            .field("game_reason", chosen.reason)
            .field("templates", chosen.templates != nullptr);
        j.key("animations").begin_array();
        for (const auto& s : kept) {
            const DocumentTae& t = doc->taes[s.tae_index];
            const TaeAnimation& a = t.tae->animations[s.animation_index];
            j.begin_object();
            j.field("name", animation_name(s.full_number)).field_uint("full_number", s.full_number);
            j.field("event_file", event_file_label(t)).field_uint("record", s.animation_index);
            j.field_uint("stored_number", a.number);
            j.key("header").begin_object();
            j.field("kind", header_kind_name(a.header_kind())).field_uint("type", a.header_type);
            if (a.header_kind() == TaeAnimationHeaderKind::Standard)
                j.field("loops", a.loops())
                    .field("imports_hkx", a.imports_hkx())
                    .field("allows_delay_load", a.allows_delay_load())
                    .field_int("motion_source", a.motion_source());
            if (a.header_kind() == TaeAnimationHeaderKind::ImportOther) j.field_int("import_source", a.import_source());
            j.field("motion_file_name", a.motion_file_name ? utf16_to_utf8(*a.motion_file_name) : std::string());
            j.end_object();
            j.key("events").begin_array();
            for (size_t e = 0; e < a.events.size(); ++e)
                if (o.event < 0 || size_t(o.event) == e) json_event(j, *t.tae, a.events[e], e, chosen.templates);
            j.end_array();
            j.key("groups").begin_array();
            for (const auto& g : a.groups) {
                j.begin_object().field_int("type", g.type).key("events").begin_array(true);
                for (uint32_t i : g.event_indices) j.unsigned_integer(i);
                j.end_array().end_object();
            }
            j.end_array();
            j.end_object();
        }
        j.end_array();
        j.end_object();
        print_text(j.text());
        return 0;
    }

    std::printf("%s\ngame: %s (%s)%s\n", doc->name.c_str(),
                chosen.game.empty() ? "unknown" : std::string(game_title(chosen.game)).c_str(), chosen.reason.c_str(),
                chosen.templates ? "" : ", no templates: raw bytes only");
    for (const auto& s : kept) {
        const DocumentTae& t = doc->taes[s.tae_index];
        const TaeAnimation& a = t.tae->animations[s.animation_index];
        std::printf("%s: %s (record %zu, stored %llu), header %s, %zu events, %zu groups\n",
                    event_file_label(t).c_str(), animation_name(s.full_number).c_str(), s.animation_index,
                    (unsigned long long)a.number, header_text(a).c_str(), a.events.size(), a.groups.size());
        if (a.motion_file_name) std::printf("  motion file %s\n", utf16_to_utf8(*a.motion_file_name).c_str());
        for (size_t e = 0; e < a.events.size(); ++e)
            if (o.event < 0 || size_t(o.event) == e) text_event(*t.tae, a.events[e], e, chosen.templates);
        for (size_t g = 0; g < a.groups.size(); ++g) {
            std::printf("  group %zu: type %d, events", g, a.groups[g].type);
            for (uint32_t i : a.groups[g].event_indices) std::printf(" %u", i);
            std::printf("\n");
        }
    }
    return 0;
}

const CommandRegistration registration({"dump", "animations and events with decoded fields (text or JSON)", kUsage,
                                        run});

}  // namespace
}  // namespace taescope::cli
