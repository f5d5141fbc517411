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

// The source line that marks a template document as layouts inferred from the data
// (engine/inference/): such a document adds the types the templates in use lack and never
// replaces a type they define, so an inferred layout never overwrites a community template.
inline constexpr std::string_view kInferredTemplatesSource = "inferred from the stored data by TAE Scope";
bool is_inferred_templates(const GameTemplates& templates);

// Reads a template document of any supported kind: our text format (told by its first line),
// otherwise Smithbox or DSAnimStudio XML.
Result<GameTemplates> load_templates_document(std::string_view document);
// The same, as the templates to decode with: an inferred document is added to the built-in
// templates of the game it names (the community types stay as they are).
Result<GameTemplates> load_templates_for_use(std::string_view document);

class TemplateLibrary {
public:
    // The templates for `game`: the user's if loaded, else the built-in ones, else nullptr.
    const GameTemplates* for_game(std::string_view game) const;

    // Loads `document` as the templates of `game` (whatever game the document itself names,
    // since both community tools label their Elden Ring file "SDT"). On error nothing changes.
    // An inferred document (is_inferred_templates) is added to the templates in use: its types
    // that they lack are added, the others ignored.
    Status load_user_templates(std::string_view game, std::string_view document);
    // Back to the built-in templates for `game`.
    void reset_to_builtin(std::string_view game);
    bool has_user_templates(std::string_view game) const;

private:
    std::map<std::string, GameTemplates, std::less<>> user_;
};

}  // namespace taescope
