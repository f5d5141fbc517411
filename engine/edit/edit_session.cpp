#include "edit/edit_session.h"

#include "templates/builtin_templates.h"
#include "templates/document_game.h"

namespace taescope {

namespace {

uint64_t drag_of(const EditCommand& command) {
    if (auto* m = std::get_if<MoveEvents>(&command)) return m->drag;
    if (auto* r = std::get_if<ResizeEvent>(&command)) return r->drag;
    return 0;
}

// Folds `next` (planned on the state `top` left) into `top`: one Replace of the same animation
// keeps top's before and takes next's after; anything else runs one after the other.
void merge_into(EditChange& top, EditChange next) {
    bool same_animation = top.changes.size() == 1 && next.changes.size() == 1 &&
                          top.changes[0].kind == AnimationChange::Kind::Replace &&
                          next.changes[0].kind == AnimationChange::Kind::Replace &&
                          top.changes[0].tae == next.changes[0].tae && top.changes[0].index == next.changes[0].index;
    if (same_animation)
        top.changes[0].after = std::move(next.changes[0].after);
    else
        for (auto& c : next.changes) top.changes.push_back(std::move(c));
    top.label = std::move(next.label);
    top.selection_after = std::move(next.selection_after);
    for (const auto& m : next.modified_before) {
        bool known = false;
        for (const auto& k : top.modified_before) known |= k.first == m.first;
        if (!known) top.modified_before.push_back(m);
    }
}

// The event files a change touches (its modified_before lists each once).
std::vector<size_t> files_changed(const EditChange& change) {
    std::vector<size_t> files;
    for (const auto& [tae, was_modified] : change.modified_before) files.push_back(tae);
    return files;
}

}  // namespace

const GameTemplates* templates_for_document(const Document& doc) {
    GameGuess guess = detect_document_game(doc);
    return guess.game.empty() ? nullptr : builtin_templates(guess.game);
}

EditSession::EditSession(Document doc) : doc_(std::move(doc)) { templates_ = templates_for_document(doc_); }

EditSession::EditSession(Document doc, const GameTemplates* templates) : doc_(std::move(doc)), templates_(templates) {}

Result<EditOutcome> EditSession::apply(const EditCommand& command) {
    auto planned = plan_command(doc_, templates_, command);
    if (!planned.ok()) return std::move(planned).error();
    EditChange change = std::move(planned).value();
    apply_change(doc_, change);
    EditOutcome out{change.label, change.selection_after, changes_animation_table(change), files_changed(change)};

    uint64_t drag = drag_of(command);
    steps_.resize(position_);  // a new command drops the redo branch
    if (drag != 0 && !steps_.empty() && steps_.back().drag == drag && steps_.back().kind == command.index()) {
        merge_into(steps_.back().change, std::move(change));
        steps_.back().id = next_id_++;  // a merged step is a new state: a save point on the old one is left behind
        return out;
    }
    steps_.push_back({next_id_++, drag, command.index(), std::move(change)});
    if (steps_.size() > kMaxUndoSteps) steps_.erase(steps_.begin());
    position_ = steps_.size();
    return out;
}

Result<EditOutcome> EditSession::undo() {
    if (!can_undo()) return make_error(Error::kNoOffset, "nothing to undo");
    const Step& step = steps_[--position_];
    revert_change(doc_, step.change);
    return EditOutcome{"Undo " + step.change.label, step.change.selection_before, changes_animation_table(step.change),
                       files_changed(step.change)};
}

Result<EditOutcome> EditSession::redo() {
    if (!can_redo()) return make_error(Error::kNoOffset, "nothing to redo");
    const Step& step = steps_[position_++];
    apply_change(doc_, step.change);
    return EditOutcome{"Redo " + step.change.label, step.change.selection_after, changes_animation_table(step.change),
                       files_changed(step.change)};
}

std::vector<HistoryEntry> EditSession::history() const {
    std::vector<HistoryEntry> out;
    for (size_t i = 0; i < steps_.size(); ++i) out.push_back({steps_[i].change.label, i < position_});
    return out;
}

}  // namespace taescope
