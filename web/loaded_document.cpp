#include "loaded_document.h"

#include "binder/animation_names.h"
#include "templates/builtin_templates.h"
#include "templates/document_game.h"

namespace taescope::web {

namespace {

TaeFileInfo describe(const Document& doc, const DocumentTae& entry, const TemplateLibrary& templates) {
    TaeFileInfo info;
    info.short_name = entry.slot.file_name.empty() ? path_file_name(entry.name) : entry.slot.file_name;
    GameClues clues = game_clues(entry);
    GameGuess guess = detect_game(clues);
    info.game = guess.game;
    info.game_reason = guess.reason;
    info.templates = guess.game.empty() ? nullptr : templates.for_game(guess.game);
    info.detected = std::move(guess);
    return info;
}

}  // namespace

const TaeFile* LoadedDocument::tae(size_t i) const {
    const auto& taes = document().taes;
    if (i >= taes.size() || !taes[i].tae) return nullptr;
    return &*taes[i].tae;
}

const TaeAnimation* LoadedDocument::animation(int tae_file, int animation) const {
    if (tae_file < 0 || animation < 0) return nullptr;
    const TaeFile* file = tae(size_t(tae_file));
    if (!file || size_t(animation) >= file->animations.size()) return nullptr;
    return &file->animations[size_t(animation)];
}

std::string LoadedDocument::kind_name() const {
    switch (document().kind) {
        case PayloadKind::Tae:
            return "TAE";
        case PayloadKind::Bnd4:
            return "BND4 binder";
        case PayloadKind::Bnd3:
            return "BND3 binder";
        default:
            return payload_kind_name(document().kind);
    }
}

Result<LoadedDocument> load_document(Bytes file, const std::string& file_name, const TemplateLibrary& templates) {
    return loaded_document(open_document(file, file_name), file.size(), templates);
}

Result<LoadedDocument> loaded_document(Result<Document> opened, uint64_t file_size, const TemplateLibrary& templates) {
    if (!opened) return std::move(opened).error();
    const std::string file_name = opened->name;
    LoadedDocument loaded(std::move(opened).value());
    const Document& doc = loaded.document();
    // The engine opens what it can; the page refuses what shows nothing at all.
    if (doc.kind == PayloadKind::Unknown) {
        Bytes payload(doc.container.payload);
        std::string magic;
        for (size_t i = 0; i < 4 && i < payload.size(); ++i)
            magic += (payload[i] >= 0x20 && payload[i] < 0x7F) ? char(payload[i]) : '.';
        std::string where = doc.container.info.kind == ContainerKind::None
                                ? std::string()
                                : " inside the " + doc.container.info.variant_name() + " wrapper";
        return make_error(0, "not a TAE file or binder: expected magic 'TAE ', 'BND4' or 'BND3'" + where + ", found '" +
                                 magic + "'")
            .within(file_name);
    }
    if (doc.kind == PayloadKind::Tae && !doc.taes.empty() && doc.taes[0].error) return *doc.taes[0].error;
    loaded.file_size = file_size;
    for (const auto& entry : doc.taes) loaded.info.push_back(describe(doc, entry, templates));
    refresh_templates(loaded, templates);
    return loaded;
}

void refresh_templates(LoadedDocument& doc, const TemplateLibrary& templates) {
    const GameTemplates* first = nullptr;
    for (TaeFileInfo& info : doc.info) {
        if (!info.game.empty()) info.templates = templates.for_game(info.game);
        if (!first) first = info.templates;
    }
    // Edits (field values, new events' defaults) use the templates the panels decode with.
    doc.session.set_templates(first);
}

bool choose_document_game(LoadedDocument& doc, const std::string& game, const TemplateLibrary& templates) {
    if (!game.empty() && !templates.for_game(game)) return false;
    for (TaeFileInfo& info : doc.info) {
        if (game.empty() || game == info.detected.game) {
            info.game = info.detected.game;
            info.game_reason = info.detected.reason;
        } else {
            info.game = game;
            info.game_reason = "chosen by you (the clues say " +
                               (info.detected.game.empty() ? std::string("nothing") : info.detected.game) + ")";
        }
    }
    refresh_templates(doc, templates);
    return true;
}

const char* header_kind_name(TaeAnimationHeaderKind kind) {
    switch (kind) {
        case TaeAnimationHeaderKind::Standard:
            return "standard";
        case TaeAnimationHeaderKind::ImportOther:
            return "import";
        case TaeAnimationHeaderKind::Unknown:
            return "unknown";
        case TaeAnimationHeaderKind::None:
            return "none";
    }
    return "?";
}

std::string full_animation_name(const DocumentTae& file, const TaeAnimation& animation) {
    return animation_name(file.full_number(animation));
}

}  // namespace taescope::web
