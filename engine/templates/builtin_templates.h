// The built-in templates: one file per game in engine/templates/builtin/, written in the
// project's text format (template_text_format.h) and compiled into the engine by
// tools/embed_builtin_templates.py, which generates builtin_template_data.cpp.
// They were derived from the Smithbox templates, with the types only DSAnimStudio defines
// added (see NOTICE and each file's `source` lines); tools/derive_builtin_templates.sh
// regenerates them from the XML files.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "templates/event_template.h"

namespace taescope {

struct BuiltinTemplateText {
    std::string_view game;  // "SDT", "ER", "NR", "DS3", "AC6"
    std::string_view file;  // "sekiro.txt": its name under engine/templates/builtin/
    std::string_view text;
};

// Defined in the generated builtin_template_data.cpp.
std::span<const BuiltinTemplateText> builtin_template_texts();

// The parsed built-in templates of a game, or nullptr when there are none. Parsed once, on
// first use, and kept for the program's lifetime.
const GameTemplates* builtin_templates(std::string_view game);

// Game codes that have built-in templates, in the order of the files.
std::vector<std::string> builtin_template_games();

}  // namespace taescope
