// The built-in templates: one file per game in engine/templates/builtin/, written in the
// project's text format (template_text_format.h) and embedded into the engine at build time
// (tools/embed_texts.cmake, run by CMake: builtin_template_data.cpp in the build tree).
// They were derived from the Smithbox templates, with the types only DSAnimStudio defines
// added (see NOTICE and each file's `source` lines); tools/derive_builtin_templates.sh
// regenerates them from the XML files.
//
// Each template text is embedded once. A game whose community templates are another game's,
// byte for byte, shares that game's text and says so (builtin_template_shares): Nightreign
// decodes with Elden Ring's.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "templates/event_template.h"

namespace taescope {

struct BuiltinTemplateText {
    std::string_view game;  // "SDT", "ER", "DS3", "AC6"
    std::string_view file;  // "sekiro.txt": its name under engine/templates/builtin/
    std::string_view text;
};

// Defined in the generated builtin_template_data.cpp, one entry per file.
std::span<const BuiltinTemplateText> builtin_template_texts();

// A game that decodes with another game's built-in templates.
struct BuiltinTemplateShare {
    std::string_view game;     // "NR"
    std::string_view title;    // "Elden Ring Nightreign"
    std::string_view uses;     // "ER": the game whose text it shares
    std::string_view because;  // a source line saying why, added to the shared templates' sources
};
std::span<const BuiltinTemplateShare> builtin_template_shares();

// The parsed built-in templates of a game, or nullptr when there are none (a sharing game's
// are its source's, named for the game, with its title and the reason among the sources).
// Parsed once, on first use, and kept for the program's lifetime.
const GameTemplates* builtin_templates(std::string_view game);

// Game codes that have built-in templates (their own or shared), in alphabetical order.
std::vector<std::string> builtin_template_games();

}  // namespace taescope
