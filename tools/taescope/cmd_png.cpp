// `taescope png FILE --anim N -o out.png`: one animation's timeline as a PNG (rows per event,
// bars coloured by type, a frame ruler, labels with the template names), drawn by
// engine/share/timeline_image.h so the page exports the same picture.
#include <cstdio>
#include <string>
#include <vector>

#include "binder/animation_names.h"
#include "cli_output.h"
#include "command.h"
#include "io/file_io.h"
#include "share/png_writer.h"
#include "share/timeline_image.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope png FILE --anim aGGG_NNNNNN -o OUT.png [--scale PX] [--frames N] [--game CODE]\n"
    "\n"
    "Draws the timeline of one animation: a ruler in 30 fps frames, then one row per event with\n"
    "its index, type and template name, and a bar from start to end coloured by type. An open end\n"
    "runs to the right edge with an arrow; an end before the start is a red outline; a start\n"
    "before 0 widens the ruler to frame -1.\n"
    "  --scale PX     pixels per frame (default 8; reduced to keep the image within 8192 px)\n"
    "  --frames N     frames to draw (default: up to the last finite time)\n"
    "  --game CODE    templates for the names (default: detected)\n"
    "exit status: 0 written, 1 no such animation or cannot write, 2 usage error\n";

bool digits(const std::string& s, size_t max_len) {
    return !s.empty() && s.size() <= max_len && s.find_first_not_of("0123456789") == std::string::npos;
}

int run(const std::vector<std::string>& args) {
    auto parsed = parse_args(args, {{}, {"--anim", "-o", "--scale", "--frames", "--game"}}, "png", kUsage);
    if (!parsed) return 2;
    if (parsed->positional.size() != 1 || !parsed->has("--anim") || !parsed->has("-o")) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    auto number = parse_animation_argument(parsed->value("--anim"));
    if (!number) {
        std::fprintf(stderr, "taescope png: --anim takes aGGG_NNNNNN or a number\n");
        return 2;
    }
    TimelineImageOptions options;
    if (parsed->has("--scale")) {
        if (!digits(parsed->value("--scale"), 2)) {
            std::fprintf(stderr, "taescope png: --scale takes 1..64\n");
            return 2;
        }
        options.pixels_per_frame = std::stoi(parsed->value("--scale"));
    }
    if (parsed->has("--frames")) {
        if (!digits(parsed->value("--frames"), 5)) {
            std::fprintf(stderr, "taescope png: --frames takes 1..99999\n");
            return 2;
        }
        options.frame_count = uint32_t(std::stoul(parsed->value("--frames")));
    }
    const std::string& path = parsed->positional[0];
    auto doc = open_document_file(path, "png");
    if (!doc) return 1;
    ChosenTemplates chosen;
    choose_templates(*doc, parsed->value("--game"), "", chosen, "png");
    auto found = find_animation(*doc, *number);
    if (!found) {
        std::fprintf(stderr, "taescope png: no animation %s in %s\n", animation_name(*number).c_str(), path.c_str());
        return 1;
    }
    const DocumentTae& t = doc->taes[found->tae_index];
    const TaeAnimation& a = t.tae->animations[found->animation_index];
    std::vector<TimelineImageEvent> rows;
    for (size_t i = 0; i < a.events.size(); ++i) {
        const TaeEvent& e = a.events[i];
        const EventTypeTemplate* templ = chosen.templates ? chosen.templates->find(uint32_t(e.type)) : nullptr;
        std::string label = "#" + std::to_string(i) + " " + std::to_string(e.type);
        if (templ && !templ->name.empty()) label += " " + templ->name;
        rows.push_back({e.type, e.start_bits, e.end_bits, label});
    }
    options.title = animation_name(found->full_number) + "  " + event_file_label(t) + "  " +
                    std::to_string(a.events.size()) + " events  (frames at 30 fps)";
    TimelineImage image = render_timeline_image(rows, options);
    std::vector<uint8_t> png = encode_png(image.image);
    auto written = write_file(parsed->value("-o"), png);
    if (!written.ok()) {
        std::fprintf(stderr, "taescope png: %s\n", written.error().to_string().c_str());
        return 1;
    }
    std::printf("%s: %dx%d, %zu events, frames %d..%d, %d px per frame\n", parsed->value("-o").c_str(),
                image.image.width, image.image.height, rows.size(), image.layout.first_frame,
                image.layout.first_frame + int(image.layout.frame_count), image.layout.pixels_per_frame);
    return 0;
}

const CommandRegistration registration({"png", "draw one animation's timeline to a PNG", kUsage, run});

}  // namespace
}  // namespace taescope::cli
