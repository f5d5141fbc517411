#include "templates/builtin_templates.h"

#include <map>
#include <memory>

#include "templates/template_text_format.h"

namespace taescope {

const GameTemplates* builtin_templates(std::string_view game) {
    // No threads in this engine (the wasm build has none), so a plain function-local cache.
    static std::map<std::string, std::unique_ptr<GameTemplates>, std::less<>> cache;
    if (auto it = cache.find(game); it != cache.end()) return it->second.get();
    for (const auto& b : builtin_template_texts()) {
        if (b.game != game) continue;
        auto parsed = parse_template_text(b.text);
        // A built-in file that does not parse is a build defect, caught by the unit tests;
        // at run time the game then simply has no templates.
        std::unique_ptr<GameTemplates> t = parsed.ok() ? std::make_unique<GameTemplates>(std::move(parsed).value()) : nullptr;
        return cache.emplace(std::string(game), std::move(t)).first->second.get();
    }
    return nullptr;
}

std::vector<std::string> builtin_template_games() {
    std::vector<std::string> games;
    for (const auto& b : builtin_template_texts()) games.emplace_back(b.game);
    return games;
}

}  // namespace taescope
