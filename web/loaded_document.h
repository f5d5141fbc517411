// What the front end shows of an opened file: the engine's Document (engine/binder/document.h)
// plus, per event file, the game guessed from its clues and the templates that decode it.
// The panels read only this.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "binder/document.h"
#include "edit/edit_session.h"
#include "io/byte_reader.h"
#include "io/result.h"
#include "templates/event_template.h"
#include "templates/game_detection.h"
#include "templates/template_library.h"

namespace taescope::web {

struct TaeFileInfo {
    std::string short_name;                    // "a10.tae" for a binder member, the file name for a loose TAE
    std::string game;                          // "SDT", "ER", ... or "" when the clues do not decide
    std::string game_reason;                   // which clue decided (or "chosen by you")
    GameGuess detected;                        // what the clues say (guessed, disagreements), kept when the user chooses
    const GameTemplates* templates = nullptr;  // nullptr: events are shown as raw bytes
};

// The document lives in its edit session (engine/edit): the panels read it, and every change
// goes through session.apply() so that it can be undone.
struct LoadedDocument {
    explicit LoadedDocument(Document doc) : session(std::move(doc)) {}

    EditSession session;
    uint64_t file_size = 0;
    std::vector<TaeFileInfo> info;  // parallel to document().taes

    const Document& document() const { return session.document(); }
    size_t tae_file_count() const { return document().taes.size(); }
    const DocumentTae& tae_entry(size_t i) const { return document().taes[i]; }
    // The parsed TAE of event file i, or nullptr when that member failed to parse.
    const TaeFile* tae(size_t i) const;
    const TaeAnimation* animation(int tae_file, int animation) const;
    // "TAE", "BND4 binder", ...
    std::string kind_name() const;
};

// Opens a loose TAE or a (compressed) binder. Errors carry the offset in the bytes parsed and
// name the structure.
// The game of each event file is guessed from its clues; `templates` picks the templates for a
// game (the user's, when they dropped a template file, else the built-in ones).
Result<LoadedDocument> load_document(Bytes file, const std::string& file_name, const TemplateLibrary& templates);
// The same for a document opened already (by a DocumentOpener, in steps).
Result<LoadedDocument> loaded_document(Result<Document> opened, uint64_t file_size, const TemplateLibrary& templates);

// Re-reads which templates decode each event file (after the user loaded or reset templates).
void refresh_templates(LoadedDocument& doc, const TemplateLibrary& templates);

// The user's choice of game for every event file of the document ("" or the detected one: back to
// what the clues say), then refresh_templates. False (nothing changed) for a game without templates.
bool choose_document_game(LoadedDocument& doc, const std::string& game, const TemplateLibrary& templates);

// "standard", "import", "unknown", "none": an animation's header kind as the panels and the
// query API name it.
const char* header_kind_name(TaeAnimationHeaderKind kind);

// Full animation name, e.g. "a050_003000".
std::string full_animation_name(const DocumentTae& file, const TaeAnimation& animation);

}  // namespace taescope::web
