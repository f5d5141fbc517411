// `taescope link FILE --anim N`: the share link of one animation (engine/share/share_link.h):
// a page URL whose fragment carries the events themselves, or (--file-ref) names the file,
// animation and frame for a recipient who has the file. `--decode LINK` prints what a link holds.
#include <cstdio>
#include <string>
#include <vector>

#include "binder/animation_names.h"
#include "cli_output.h"
#include "command.h"
#include "io/file_io.h"
#include "share/share_link.h"
#include "tae/tae_model.h"
#include "templates/builtin_templates.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope link FILE --anim aGGG_NNNNNN [--frame F] [--file-ref] [--base URL] [--json]\n"
    "       taescope link --ref GAME/TYPE [--base URL] [--json]\n"
    "       taescope link --decode LINK [--json]\n"
    "\n"
    "Prints the share link of one animation: the page URL with a fragment that carries the\n"
    "animation's events (type, start and end bits, the +4 word, parameter bytes, groups; raw\n"
    "deflate, base64url), so a recipient sees the timeline without the file:\n"
    "    <base>#v1.t=<base64url>\n"
    "With --file-ref, a short link that names file, animation and frame instead, for recipients\n"
    "who have the file:\n"
    "    <base>#v1.f=<file name>&a=aGGG_NNNNNN&t=<frame>\n"
    "With --ref, the link of the page's event reference for one type (no file needed), the\n"
    "facts `taescope explain TYPE --game GAME` prints:\n"
    "    <base>#v1.r=GAME/TYPE          (GAME: SDT, ER, NR, DS3, AC6; '*' with no type searches every game)\n"
    "The format is documented in engine/share/share_link.h.\n"
    "  --frame F      the playhead frame (30 fps) the recipient starts at\n"
    "  --base URL     the page (default http://127.0.0.1:8080/)\n"
    "  --decode LINK  print what a link (or its fragment) holds; exit 1 when it is not valid\n"
    "  --json         JSON (shape: docs/cli-schema.json, \"link\")\n"
    "exit status: 0 printed, 1 no such animation, too large for a link, or an invalid link; 2 usage\n";

std::string file_base_name(const std::string& path) {
    size_t slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string hex_bytes(const std::vector<uint8_t>& b) {
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    for (size_t i = 0; i < b.size(); ++i) {
        if (i) out += ' ';
        out += digits[b[i] >> 4];
        out += digits[b[i] & 15];
    }
    return out;
}

int decode(const std::string& text, bool json) {
    auto link = decode_share_fragment(text);
    if (!link.ok()) {
        if (json) {
            JsonOut j;
            j.begin_object()
                .field("command", "link")
                .field("valid", false)
                .field("error", link.error().to_string())
                .end_object();
            print_text(j.text());
        } else {
            std::fprintf(stderr, "taescope link: invalid link: %s\n", link.error().to_string().c_str());
        }
        return 1;
    }
    if (link->kind == ShareLinkKind::ReferenceView) {
        const ShareReferenceView& v = link->view;
        if (json) {
            JsonOut j;
            j.begin_object().field("command", "link").field("valid", true).field("kind", "reference");
            j.field("game", v.game);
            v.event_type ? j.field_uint("type", *v.event_type) : j.key("type").null();
            j.field("query", v.query);
            j.end_object();
            print_text(j.text());
        } else {
            std::printf("event reference: %s", v.game.empty() ? "every game" : v.game.c_str());
            if (v.event_type) std::printf(", type %u", *v.event_type);
            if (!v.query.empty()) std::printf(", search \"%s\"", v.query.c_str());
            std::printf("\n");
        }
        return 0;
    }
    if (link->kind == ShareLinkKind::Reference) {
        const ShareReference& r = link->reference;
        if (json) {
            JsonOut j;
            j.begin_object().field("command", "link").field("valid", true).field("kind", "file-ref");
            j.field("file_name", r.file_name).field("animation", animation_name(r.animation));
            r.frame ? j.field_uint("frame", *r.frame) : j.key("frame").null();
            j.end_object();
            print_text(j.text());
        } else {
            std::printf("file reference: %s, %s", r.file_name.c_str(), animation_name(r.animation).c_str());
            if (r.frame) std::printf(", frame %u", *r.frame);
            std::printf("\n");
        }
        return 0;
    }
    const ShareTimeline& t = link->timeline;
    if (json) {
        JsonOut j;
        j.begin_object().field("command", "link").field("valid", true).field("kind", "timeline");
        j.field("file_name", t.file_name).field("animation", animation_name(t.animation)).field("game", t.game);
        t.frame ? j.field_uint("frame", *t.frame) : j.key("frame").null();
        j.key("events").begin_array();
        for (const ShareEvent& e : t.events)
            j.begin_object()
                .field_int("type", e.type)
                .field("start", seconds_text(e.start_bits))
                .field("end", seconds_text(e.end_bits))
                .field_int("unknown04", e.unknown04)
                .field_uint("parameter_size", e.parameters.size())
                .end_object();
        j.end_array();
        j.key("groups").begin_array();
        for (const ShareGroup& g : t.groups) {
            j.begin_object().field_int("type", g.type).key("events").begin_array(true);
            for (uint32_t i : g.events) j.unsigned_integer(i);
            j.end_array().end_object();
        }
        j.end_array();
        j.end_object();
        print_text(j.text());
        return 0;
    }
    std::printf("timeline: %s, %s (game %s)", t.file_name.c_str(), animation_name(t.animation).c_str(),
                t.game.empty() ? "unknown" : t.game.c_str());
    if (t.frame) std::printf(", frame %u", *t.frame);
    std::printf(", %zu events, %zu groups\n", t.events.size(), t.groups.size());
    for (size_t i = 0; i < t.events.size(); ++i) {
        const ShareEvent& e = t.events[i];
        std::printf("  event %zu: type %d, %s .. %s s, %zu parameter bytes: %s\n", i, e.type,
                    seconds_text(e.start_bits).c_str(), seconds_text(e.end_bits).c_str(), e.parameters.size(),
                    hex_bytes(e.parameters).c_str());
    }
    return 0;
}

// The link of the page's event reference: "GAME/TYPE" read by the page's own codec.
int reference_link(const std::string& ref, const std::string& base, bool json) {
    auto link = decode_share_fragment("v1.r=" + ref);
    if (!link.ok()) {
        std::fprintf(stderr, "taescope link: --ref %s: %s\n", ref.c_str(), link.error().message.c_str());
        return 2;
    }
    const ShareReferenceView& view = link->view;
    if (!view.game.empty() && !builtin_templates(view.game))
        std::fprintf(stderr, "taescope link: note: %s is not a built-in game (SDT, ER, NR, DS3, AC6)\n",
                     view.game.c_str());
    else if (view.event_type && !builtin_templates(view.game)->find(*view.event_type))
        std::fprintf(stderr, "taescope link: note: the %s templates define no type %u (the page says so)\n",
                     view.game.c_str(), *view.event_type);
    auto fragment = encode_reference_view_fragment(view);
    if (!fragment.ok()) {
        std::fprintf(stderr, "taescope link: %s\n", fragment.error().to_string().c_str());
        return 1;
    }
    std::string url = share_url(base, *fragment);
    if (json) {
        JsonOut j;
        j.begin_object().field("command", "link").field("kind", "reference").field("game", view.game);
        view.event_type ? j.field_uint("type", *view.event_type) : j.key("type").null();
        j.field("fragment", *fragment).field("url", url).field_uint("length", url.size());
        j.end_object();
        print_text(j.text());
    } else {
        std::printf("%s\n", url.c_str());
    }
    return 0;
}

int run(const std::vector<std::string>& args) {
    auto parsed = parse_args(args, {{"--json", "--file-ref"}, {"--anim", "--frame", "--base", "--decode", "--ref"}},
                             "link", kUsage);
    if (!parsed) return 2;
    bool json = parsed->has("--json");
    if (parsed->has("--decode")) {
        if (!parsed->positional.empty()) {
            std::fprintf(stderr, "%s", kUsage);
            return 2;
        }
        return decode(parsed->value("--decode"), json);
    }
    if (parsed->has("--ref")) {
        if (!parsed->positional.empty() || parsed->has("--anim")) {
            std::fprintf(stderr, "%s", kUsage);
            return 2;
        }
        return reference_link(parsed->value("--ref"), parsed->value("--base", "http://127.0.0.1:8080/"), json);
    }
    if (parsed->positional.size() != 1 || !parsed->has("--anim")) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    auto number = parse_animation_argument(parsed->value("--anim"));
    if (!number) {
        std::fprintf(stderr, "taescope link: --anim takes aGGG_NNNNNN or a number\n");
        return 2;
    }
    std::optional<uint32_t> frame;
    if (parsed->has("--frame")) {
        std::string f = parsed->value("--frame");
        if (f.empty() || f.size() > 8 || f.find_first_not_of("0123456789") != std::string::npos ||
            std::stoul(f) > kMaxShareFrame) {
            std::fprintf(stderr, "taescope link: --frame takes a frame number 0..%u\n", kMaxShareFrame);
            return 2;
        }
        frame = uint32_t(std::stoul(f));
    }
    std::string base = parsed->value("--base", "http://127.0.0.1:8080/");
    const std::string& path = parsed->positional[0];
    auto doc = open_document_file(path, "link");
    if (!doc) return 1;
    auto found = find_animation(*doc, *number);
    if (!found) {
        std::fprintf(stderr, "taescope link: no animation %s in %s\n", animation_name(*number).c_str(), path.c_str());
        return 1;
    }
    const DocumentTae& t = doc->taes[found->tae_index];
    const TaeAnimation& a = t.tae->animations[found->animation_index];

    Result<std::string> fragment = std::string();
    const char* kind = "timeline";
    if (parsed->has("--file-ref")) {
        kind = "file-ref";
        fragment = encode_reference_fragment({file_base_name(path), found->full_number, frame});
    } else {
        ChosenTemplates chosen;
        choose_templates(*doc, "", "", chosen, "link");
        ShareTimeline timeline =
            share_timeline_from_animation(*t.tae, a, found->full_number, chosen.game, file_base_name(path));
        timeline.frame = frame;
        fragment = encode_timeline_fragment(timeline);
    }
    if (!fragment.ok()) {
        std::fprintf(stderr, "taescope link: %s\n", fragment.error().to_string().c_str());
        return 1;
    }
    std::string url = share_url(base, *fragment);
    if (json) {
        JsonOut j;
        j.begin_object().field("command", "link").field("kind", kind).field("file", doc->name);
        j.field("animation", animation_name(found->full_number)).field_uint("events", a.events.size());
        j.field("fragment", *fragment).field("url", url).field_uint("length", url.size());
        j.end_object();
        print_text(j.text());
    } else {
        std::printf("%s\n", url.c_str());
    }
    return 0;
}

const CommandRegistration registration({"link", "the share link of one animation (page URL with its events)", kUsage,
                                        run});

}  // namespace
}  // namespace taescope::cli
