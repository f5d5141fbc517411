#include "templates/builtin_templates.h"

#include <algorithm>
#include <map>
#include <memory>

#include "templates/template_text_format.h"

namespace taescope {

namespace {

constexpr BuiltinTemplateShare kShares[] = {
    {"NR", "Elden Ring Nightreign", "ER",
     "Elden Ring's templates: the community's Nightreign templates (Smithbox TAE.Template.NR.xml, DSAnimStudio "
     "TAE.Template.ERNR.xml) are its Elden Ring ones, byte for byte"},
};

std::unique_ptr<GameTemplates> parse_builtin(std::string_view game) {
    for (const BuiltinTemplateShare& share : kShares) {
        if (share.game != game) continue;
        const GameTemplates* source = builtin_templates(share.uses);
        if (!source) return nullptr;
        auto shared = std::make_unique<GameTemplates>(*source);
        shared->game = std::string(share.game);
        shared->title = std::string(share.title);
        shared->sources.insert(shared->sources.begin(), std::string(share.because));
        return shared;
    }
    for (const auto& b : builtin_template_texts()) {
        if (b.game != game) continue;
        auto parsed = parse_template_text(b.text);
        // A built-in file that does not parse is a build defect, caught by the unit tests;
        // at run time the game then simply has no templates.
        return parsed.ok() ? std::make_unique<GameTemplates>(std::move(parsed).value()) : nullptr;
    }
    return nullptr;
}

}  // namespace

std::span<const BuiltinTemplateShare> builtin_template_shares() { return kShares; }

const GameTemplates* builtin_templates(std::string_view game) {
    // No threads in this engine (the wasm build has none), so a plain function-local cache.
    static std::map<std::string, std::unique_ptr<GameTemplates>, std::less<>> cache;
    if (auto it = cache.find(game); it != cache.end()) return it->second.get();
    std::unique_ptr<GameTemplates> parsed = parse_builtin(game);
    if (!parsed) return nullptr;
    return cache.emplace(std::string(game), std::move(parsed)).first->second.get();
}

std::vector<std::string> builtin_template_games() {
    std::vector<std::string> games;
    for (const auto& b : builtin_template_texts()) games.emplace_back(b.game);
    for (const auto& s : kShares) games.emplace_back(s.game);
    std::sort(games.begin(), games.end());
    return games;
}

}  // namespace taescope
