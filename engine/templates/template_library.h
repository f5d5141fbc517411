// The templates in use: the built-in ones per game, replaced per game by a file the user
// drops (either community XML dialect or our text format). A file that does not load leaves
// the templates in use unchanged, and the error says why (with its line).
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "io/result.h"
#include "templates/event_template.h"

namespace taescope {

// Reads a template document of any supported kind: our text format (told by its first line),
// otherwise Smithbox or DSAnimStudio XML.
Result<GameTemplates> load_templates_document(std::string_view document);

class TemplateLibrary {
public:
    // The templates for `game`: the user's if loaded, else the built-in ones, else nullptr.
    const GameTemplates* for_game(std::string_view game) const;

    // Loads `document` as the templates of `game` (whatever game the document itself names,
    // since both community tools label their Elden Ring file "SDT"). On error nothing changes.
    Status load_user_templates(std::string_view game, std::string_view document);
    // Back to the built-in templates for `game`.
    void reset_to_builtin(std::string_view game);
    bool has_user_templates(std::string_view game) const;

private:
    std::map<std::string, GameTemplates, std::less<>> user_;
};

}  // namespace taescope
