// An editing session: the opened Document, the commands applied to it, and their undo history.
//
//   EditSession s(std::move(doc));            // templates of the detected game
//   auto r = s.apply(MoveEvents{{0, 12}, {3}, 0.5});   // r->label, r->selection
//   s.undo(); s.redo();                        // Ctrl+Z / Ctrl+Y
//   s.history();                               // labels, done or undone, for a history panel
//   s.is_dirty(); s.mark_saved();              // relative to the last save (export)
//
// Undo semantics are the usual ones: undo steps back, redo steps forward again, and a new
// command after an undo drops the undone steps (the redo branch). Consecutive MoveEvents or
// ResizeEvent commands with the same nonzero `drag` number merge into one step, labelled by the
// latest. Undoing restores the model exactly, so the written file is byte-identical to the one
// before the command; the event file's `modified` flag is restored too, so undoing every edit
// makes export give back the file's original bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "binder/document.h"
#include "edit/edit_commands.h"
#include "templates/event_template.h"

namespace taescope {

struct EditOutcome {
    std::string label;        // the step's label ("Move event 3 of a000_003004 to 0.500 s")
    EditSelection selection;  // what the UI should select now
    // An animation was added, removed or renumbered: what indexes animations by number (the
    // import resolver's AnimationIndex) is out of date. False for every event-level change.
    bool animation_table_changed = false;
    std::vector<size_t> files_changed;  // the event files (indices into Document::taes) it changed
};

struct HistoryEntry {
    std::string label;
    bool done = true;  // false: undone, redo will apply it again
};

// The built-in templates of the document's detected game, or nullptr.
const GameTemplates* templates_for_document(const Document& doc);

class EditSession {
public:
    static constexpr size_t kMaxUndoSteps = 1000;  // the oldest steps are forgotten beyond this

    explicit EditSession(Document doc);  // templates: templates_for_document(doc)
    EditSession(Document doc, const GameTemplates* templates);

    const Document& document() const { return doc_; }
    const GameTemplates* templates() const { return templates_; }
    void set_templates(const GameTemplates* templates) { templates_ = templates; }

    // Runs a command; on error nothing changed (the history neither).
    Result<EditOutcome> apply(const EditCommand& command);
    Result<EditOutcome> undo();
    Result<EditOutcome> redo();
    bool can_undo() const { return position_ > 0; }
    bool can_redo() const { return position_ < steps_.size(); }

    // Every remembered step, oldest first; steps_done() of them are done.
    std::vector<HistoryEntry> history() const;
    size_t steps_done() const { return position_; }

    // Whether the document differs from the last save point (the opened file, or mark_saved()).
    bool is_dirty() const { return current_id() != saved_id_; }
    void mark_saved() { saved_id_ = current_id(); }

private:
    struct Step {
        uint64_t id = 0;    // unique: a save point names the step it was taken after
        uint64_t drag = 0;  // nonzero: the drag gesture it belongs to
        size_t kind = 0;    // the command's variant index (only like commands merge)
        EditChange change;
    };
    uint64_t current_id() const { return position_ ? steps_[position_ - 1].id : 0; }

    Document doc_;
    const GameTemplates* templates_ = nullptr;
    std::vector<Step> steps_;
    size_t position_ = 0;  // steps_[0, position_) are done
    uint64_t next_id_ = 1;
    uint64_t saved_id_ = 0;
};

}  // namespace taescope
