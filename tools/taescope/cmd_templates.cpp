// `taescope templates`: list and print the built-in event templates, and convert community
// template XML into the project's text format (how engine/templates/builtin/ was made).
#include <cstdio>
#include <string>
#include <vector>

#include "command.h"
#include "io/file_io.h"
#include "templates/builtin_templates.h"
#include "templates/game_detection.h"
#include "templates/template_library.h"
#include "templates/template_text_format.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope templates list\n"
    "       taescope templates show GAME\n"
    "       taescope templates convert FILE [--add-missing-from FILE2]... [--game CODE]\n"
    "                                       [--title TEXT] [--source TEXT]... [-o OUT]\n"
    "\n"
    "list     the games with built-in templates and how many event types each defines\n"
    "show     print a game's built-in templates in the project's text format\n"
    "convert  read FILE (Smithbox or DSAnimStudio XML, or our text format), add the event types\n"
    "         only FILE2 defines, and write our text format to OUT (default: stdout)\n";

Result<GameTemplates> load(const std::string& path) {
    auto bytes = read_file(path);
    if (!bytes.ok()) return std::move(bytes).error();
    auto t = load_templates_document(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
    if (!t.ok()) return std::move(t.error().within(path));
    return t;
}

int run_list() {
    for (const auto& game : builtin_template_games()) {
        const GameTemplates* t = builtin_templates(game);
        if (!t) {
            std::printf("%-4s (does not parse: a build defect)\n", game.c_str());
            continue;
        }
        std::printf("%-4s %-36s %zu event types\n", game.c_str(), std::string(game_title(game)).c_str(),
                    t->types.size());
    }
    return 0;
}

int run_show(const std::string& game) {
    for (const auto& b : builtin_template_texts()) {
        if (b.game != game) continue;
        std::fwrite(b.text.data(), 1, b.text.size(), stdout);
        return 0;
    }
    std::fprintf(stderr, "taescope templates: no built-in templates for '%s'\n", game.c_str());
    return 1;
}

int run_convert(const std::vector<std::string>& args) {
    std::string input, output, game, title;
    std::vector<std::string> fill_from, sources;
    for (size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](std::string& into) {
            if (i + 1 >= args.size()) return false;
            into = args[++i];
            return true;
        };
        std::string v;
        if (a == "--add-missing-from" && value(v)) {
            fill_from.push_back(v);
        } else if (a == "--source" && value(v)) {
            sources.push_back(v);
        } else if (a == "--game" && value(game)) {
        } else if (a == "--title" && value(title)) {
        } else if (a == "-o" && value(output)) {
        } else if (input.empty() && !a.empty() && a[0] != '-') {
            input = a;
        } else {
            std::fprintf(stderr, "taescope templates convert: unexpected '%s'\n%s", a.c_str(), kUsage);
            return 2;
        }
    }
    if (input.empty()) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    auto primary = load(input);
    if (!primary.ok()) {
        std::fprintf(stderr, "taescope templates: %s\n", primary.error().to_string().c_str());
        return 1;
    }
    GameTemplates& t = *primary;
    for (const auto& path : fill_from) {
        auto other = load(path);
        if (!other.ok()) {
            std::fprintf(stderr, "taescope templates: %s\n", other.error().to_string().c_str());
            return 1;
        }
        size_t added = t.add_missing_types(*other);
        std::fprintf(stderr, "%s: added %zu event types\n", path.c_str(), added);
    }
    if (!game.empty()) t.game = game;
    if (!title.empty()) t.title = title;
    if (!sources.empty()) t.sources = sources;
    std::string text = write_template_text(t);
    if (output.empty()) {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return 0;
    }
    Status s = write_file(output, std::vector<uint8_t>(text.begin(), text.end()));
    if (!s.ok()) {
        std::fprintf(stderr, "taescope templates: %s\n", s.error().to_string().c_str());
        return 1;
    }
    return 0;
}

int run(const std::vector<std::string>& args) {
    if (args.empty()) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    if (args[0] == "list" && args.size() == 1) return run_list();
    if (args[0] == "show" && args.size() == 2) return run_show(args[1]);
    if (args[0] == "convert") return run_convert(args);
    std::fprintf(stderr, "%s", kUsage);
    return 2;
}

const CommandRegistration registration({"templates", "list, print and convert event templates", kUsage, run});

}  // namespace
}  // namespace taescope::cli
