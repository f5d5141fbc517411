#include "templates/template_library.h"

#include "templates/builtin_templates.h"
#include "templates/template_text_format.h"
#include "templates/template_xml_import.h"

namespace taescope {

Result<GameTemplates> load_templates_document(std::string_view document) {
    if (looks_like_template_text(document)) return parse_template_text(document);
    return import_template_xml(document);
}

bool is_inferred_templates(const GameTemplates& templates) {
    for (const std::string& s : templates.sources)
        if (s.rfind(kInferredTemplatesSource, 0) == 0) return true;
    return false;
}

Result<GameTemplates> load_templates_for_use(std::string_view document) {
    auto loaded = load_templates_document(document);
    if (!loaded.ok() || !is_inferred_templates(*loaded)) return loaded;
    const GameTemplates* builtin = builtin_templates(loaded->game);
    if (!builtin) return loaded;
    GameTemplates merged = *builtin;
    merged.add_missing_types(*loaded);
    for (const std::string& s : loaded->sources) merged.sources.push_back(s);
    merged.finish();
    return merged;
}

const GameTemplates* TemplateLibrary::for_game(std::string_view game) const {
    if (auto it = user_.find(game); it != user_.end()) return &it->second;
    return builtin_templates(game);
}

Status TemplateLibrary::load_user_templates(std::string_view game, std::string_view document) {
    auto loaded = load_templates_document(document);
    if (!loaded.ok()) return std::move(loaded.error().within("templates for " + std::string(game)));
    GameTemplates templates = std::move(loaded).value();
    if (is_inferred_templates(templates)) {
        if (const GameTemplates* in_use = for_game(game)) {
            GameTemplates merged = *in_use;
            merged.add_missing_types(templates);
            for (const std::string& s : templates.sources) merged.sources.push_back(s);
            merged.finish();
            templates = std::move(merged);
        }
    }
    user_.insert_or_assign(std::string(game), std::move(templates));
    return ok_status();
}

void TemplateLibrary::reset_to_builtin(std::string_view game) {
    if (auto it = user_.find(game); it != user_.end()) user_.erase(it);
}

bool TemplateLibrary::has_user_templates(std::string_view game) const { return user_.find(game) != user_.end(); }

}  // namespace taescope
