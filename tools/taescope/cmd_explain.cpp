// `taescope explain FILE`: the events of one animation decoded field by field with their game's
// templates: each field's byte range, type, name, value and the name of the value, the raw bytes
// past the template, and the template disagreements of each event.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "binder/document.h"
#include "command.h"
#include "io/file_io.h"
#include "templates/document_game.h"
#include "templates/event_decoder.h"
#include "templates/template_disagreements.h"
#include "templates/template_library.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope explain FILE --animation NUMBER [--tae NAME] [--event INDEX] [--game CODE]\n"
    "                        [--templates FILE]\n"
    "\n"
    "Prints the events of animation NUMBER (the full number, e.g. 4010 or 10004010 for a10's 4010\n"
    "in a player binder; a loose file's stored number) decoded with the templates of the file's\n"
    "game: every field's byte range, type, name and value, and the disagreements of each event.\n"
    "  --tae NAME         only event files whose name ends with NAME (e.g. a10.tae)\n"
    "  --event INDEX      only that event of the animation\n"
    "  --game CODE        SDT, ER, NR, DS3 or AC6 instead of detecting the game\n"
    "  --templates FILE   a Smithbox or DSAnimStudio XML file, or our text format\n";

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

void explain_event(const TaeFile& tae, const TaeEvent& ev, size_t index, const GameTemplates* templates) {
    Bytes p = tae.parameters(ev);
    DecodedEvent d = decode_event(templates, uint32_t(ev.type), p);
    std::printf("  event %zu: type %d", index, ev.type);
    if (d.templ && !d.templ->name.empty()) std::printf(" \"%s\"", d.templ->name.c_str());
    std::printf(", %g to %g s, %zu parameter bytes%s\n", double(ev.start()), double(ev.end()), p.size(),
                d.templ ? "" : " (no template)");
    for (const DecodedField& f : d.fields) {
        const TemplateField& t = *f.field;
        std::string type = t.type == FieldType::Bytes ? "bytes[" + std::to_string(t.size) + "]"
                                                      : std::string(field_type_name(t.type));
        std::printf("    @%-3u %-9s %-40s ", f.offset, type.c_str(), t.name.empty() ? "-" : t.name.c_str());
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

int run(const std::vector<std::string>& args) {
    std::string file, tae_name, game, templates_file;
    long long animation = -1, event = -1;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        bool has_value = i + 1 < args.size();
        if (a == "--animation" && has_value) {
            animation = std::atoll(args[++i].c_str());
        } else if (a == "--event" && has_value) {
            event = std::atoll(args[++i].c_str());
        } else if (a == "--tae" && has_value) {
            tae_name = args[++i];
        } else if (a == "--game" && has_value) {
            game = args[++i];
        } else if (a == "--templates" && has_value) {
            templates_file = args[++i];
        } else if (file.empty() && !a.empty() && a[0] != '-') {
            file = a;
        } else {
            std::fprintf(stderr, "taescope explain: unexpected '%s'\n\n%s", a.c_str(), kUsage);
            return 2;
        }
    }
    if (file.empty() || animation < 0) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    auto bytes = read_file(file);
    if (!bytes.ok()) {
        std::fprintf(stderr, "taescope explain: %s\n", bytes.error().to_string().c_str());
        return 1;
    }
    auto doc = open_document(*bytes, file);
    if (!doc.ok()) {
        std::fprintf(stderr, "taescope explain: %s\n", doc.error().to_string().c_str());
        return 1;
    }

    TemplateLibrary library;
    const GameTemplates* templates = nullptr;
    std::optional<GameTemplates> user;
    if (!templates_file.empty()) {
        auto t = read_file(templates_file);
        auto loaded = t.ok() ? load_templates_document(std::string_view(reinterpret_cast<const char*>(t->data()), t->size()))
                             : Result<GameTemplates>(t.error());
        if (!loaded.ok()) {
            std::fprintf(stderr, "taescope explain: %s: %s\n", templates_file.c_str(), loaded.error().to_string().c_str());
            return 1;
        }
        user = std::move(loaded).value();
        templates = &*user;
        std::printf("templates: %s\n", templates_file.c_str());
    } else {
        std::string reason = "--game";
        if (game.empty()) {
            GameGuess g = detect_document_game(*doc);
            game = g.game;
            reason = g.reason;
        }
        templates = game.empty() ? nullptr : library.for_game(game);
        std::printf("game: %s (%s)%s\n", game.empty() ? "unknown" : std::string(game_title(game)).c_str(),
                    reason.c_str(), templates ? "" : ", no templates: raw bytes only");
    }

    size_t shown = 0;
    for (const DocumentTae& t : doc->taes) {
        if (!t.tae || (!tae_name.empty() && !ends_with(t.name, tae_name))) continue;
        for (const TaeAnimation& a : t.tae->animations) {
            if (t.full_number(a) != uint64_t(animation) && a.number != uint64_t(animation)) continue;
            std::printf("%s: animation %llu (stored %llu), %zu events\n", t.name.c_str(),
                        static_cast<unsigned long long>(t.full_number(a)), static_cast<unsigned long long>(a.number),
                        a.events.size());
            for (size_t e = 0; e < a.events.size(); ++e)
                if (event < 0 || size_t(event) == e) explain_event(*t.tae, a.events[e], e, templates);
            ++shown;
        }
    }
    if (!shown) {
        std::fprintf(stderr, "taescope explain: no animation %lld in %s\n", animation, file.c_str());
        return 1;
    }
    return 0;
}

const CommandRegistration registration({"explain", "decode one animation's events field by field", kUsage, run});

}  // namespace
}  // namespace taescope::cli
