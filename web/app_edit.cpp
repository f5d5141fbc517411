// The app's editing actions: commands into the document's EditSession (engine/edit), undo and
// redo, the viewer's clipboard, export and user templates. Every change of the document ends
// in after_document_change(), which rebuilds what the panels show from the model.
#include <emscripten.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "app.h"
#include "binder/animation_names.h"
#include "edit/export_check.h"
#include "templates/builtin_templates.h"

namespace taescope::web {

bool Selection::is_event_selected(int e) const { return std::binary_search(events.begin(), events.end(), e); }

std::optional<AnimationTarget> App::selected_animation_target() const {
    if (!selected_animation()) return std::nullopt;
    return AnimationTarget{size_t(state_.selection.tae_file), size_t(state_.selection.animation)};
}

void App::report_edit(std::string message, bool is_error) {
    state_.edit.message = std::move(message);
    state_.edit.message_is_error = is_error;
}

void App::after_document_change(const EditOutcome& outcome) {
    const EditSelection& selection = outcome.selection;
    // The totals, when counted for the document as it was, are recounted for the changed files
    // only (a whole recount walked every animation of every file: 1 ms per edit in wasm on a
    // 640-file binder).
    const bool totals_were_current = totals_generation_ == state_.edit.generation;
    ++state_.edit.generation;
    if (totals_were_current) {
        for (size_t f : outcome.files_changed) recount_file_totals(f);
        totals_generation_ = state_.edit.generation;
    }
    state_.edit.export_dialog.checked = false;
    // The index holds each animation's file and table position by number: only adding,
    // removing or renumbering animations moves those (rebuilding it took 1-2 ms per edit in
    // wasm on a 640-file binder, in every step of a drag).
    if (outcome.animation_table_changed || !animation_index_)
        animation_index_ = std::make_unique<AnimationIndex>(AnimationIndex::from_document(state_.document->document()));
    state_.files.dirty = true;
    state_.search.hits.clear();  // hits name indices that may have moved
    state_.search.ran_query.clear();
    // Keep the view (time, zoom) when the change stays in the animation on screen.
    Selection& sel = state_.selection;
    if (selection.animation &&
        (int(selection.animation->tae) != sel.tae_file || int(selection.animation->animation) != sel.animation)) {
        double time = state_.timeline.time;
        if (!select_animation(int(selection.animation->tae), int(selection.animation->animation))) {
            sel = Selection{};
            rebuild_timeline();
            return;
        }
        set_time(time);
    } else {
        // The selected animation may be gone (removed) or renumbered elsewhere in the table.
        if (!selected_animation()) {
            int tae = sel.tae_file;
            sel = Selection{};
            if (tae >= 0) select_tae_file(tae);
            return;
        }
        rebuild_timeline();
    }
    const TaeAnimation* a = selected_animation();
    sel.events.clear();
    for (uint32_t e : selection.events)
        if (a && e < a->events.size()) sel.events.push_back(int(e));
    std::sort(sel.events.begin(), sel.events.end());
    sel.events.erase(std::unique(sel.events.begin(), sel.events.end()), sel.events.end());
    sel.event = sel.events.empty() ? -1 : sel.events.back();
    if (a && (sel.group < -1 || sel.group >= int(a->groups.size()))) sel.group = -1;
    notify_page();
}

bool App::apply_edit(const EditCommand& command) {
    if (!state_.document) return false;
    Result<EditOutcome> outcome = state_.document->session.apply(command);
    if (!outcome) {
        report_edit(outcome.error().to_string(), true);
        return false;
    }
    report_edit(outcome->label, false);
    after_document_change(*outcome);
    return true;
}

bool App::undo() {
    if (!state_.document || !state_.document->session.can_undo()) return false;
    Result<EditOutcome> outcome = state_.document->session.undo();
    if (!outcome) return false;
    report_edit(outcome->label, false);
    after_document_change(*outcome);
    return true;
}

bool App::redo() {
    if (!state_.document || !state_.document->session.can_redo()) return false;
    Result<EditOutcome> outcome = state_.document->session.redo();
    if (!outcome) return false;
    report_edit(outcome->label, false);
    after_document_change(*outcome);
    return true;
}

bool App::go_to_history(size_t steps_done) {
    if (!state_.document) return false;
    EditSession& session = state_.document->session;
    if (steps_done > session.history().size()) return false;
    bool changed = false;
    while (session.steps_done() > steps_done && undo()) changed = true;
    while (session.steps_done() < steps_done && redo()) changed = true;
    return changed;
}

bool App::is_dirty() const { return state_.document && state_.document->session.is_dirty(); }

std::vector<uint32_t> App::selected_events() const {
    std::vector<uint32_t> out;
    const TaeAnimation* a = selected_animation();
    if (!a) return out;
    for (int e : state_.selection.events)
        if (e >= 0 && size_t(e) < a->events.size()) out.push_back(uint32_t(e));
    if (out.empty() && selected_event()) out.push_back(uint32_t(state_.selection.event));
    return out;
}

void App::set_event_selection(std::vector<int> events, int primary) {
    const TaeAnimation* a = selected_animation();
    Selection& sel = state_.selection;
    sel.events.clear();
    if (!a) return;
    for (int e : events)
        if (e >= 0 && size_t(e) < a->events.size()) sel.events.push_back(e);
    std::sort(sel.events.begin(), sel.events.end());
    sel.events.erase(std::unique(sel.events.begin(), sel.events.end()), sel.events.end());
    if (primary >= 0 && sel.is_event_selected(primary))
        sel.event = primary;
    else
        sel.event = sel.events.empty() ? -1 : sel.events.front();
}

void App::toggle_event_selected(int event) {
    std::vector<int> events = state_.selection.events;
    auto it = std::find(events.begin(), events.end(), event);
    if (it != events.end()) {
        events.erase(it);
        set_event_selection(events, state_.selection.event == event ? -1 : state_.selection.event);
    } else {
        events.push_back(event);
        set_event_selection(events, event);
    }
}

void App::select_all_events() {
    const TaeAnimation* a = selected_animation();
    if (!a) return;
    std::vector<int> all(a->events.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = int(i);
    set_event_selection(std::move(all), state_.selection.event);
}

void App::copy_to_system_clipboard(const std::string& text) const {
    if (text.empty()) return;
    EM_ASM(
        {
            const text = UTF8ToString($0);
            if (Module["onTaeScopeCopy"]) Module["onTaeScopeCopy"](text);
        },
        text.c_str());
}

std::string App::copy_selected_events() {
    const TaeAnimation* a = selected_animation();
    const TaeFile* file = selected_tae();
    std::vector<uint32_t> events = selected_events();
    if (!a || !file || events.empty()) {
        report_edit("Copy: no event selected", true);
        return {};
    }
    Result<EventClipboard> copied = copy_events(*file, *a, events);
    if (!copied) {
        report_edit(copied.error().to_string(), true);
        return {};
    }
    state_.edit.clipboard = std::move(copied).value();
    report_edit("Copied " + std::to_string(events.size()) + " event" + (events.size() == 1 ? "" : "s"), false);
    return clipboard_to_text(state_.edit.clipboard);
}

bool App::paste_events(const std::string& text, std::optional<double> at_seconds) {
    std::optional<AnimationTarget> where = selected_animation_target();
    if (!where) {
        report_edit("Paste: no animation selected", true);
        return false;
    }
    EventClipboard clipboard;
    if (!text.empty()) {
        Result<EventClipboard> parsed = clipboard_from_text(text);
        if (!parsed) {
            report_edit("Paste: the clipboard holds no events (" + parsed.error().to_string() + ")", true);
            return false;
        }
        clipboard = std::move(parsed).value();
    } else {
        clipboard = state_.edit.clipboard;
    }
    if (clipboard.empty()) {
        report_edit("Paste: nothing copied yet", true);
        return false;
    }
    const TaeFile* file = selected_tae();
    uint64_t bank = file ? file->header.event_bank : 0;
    uint64_t source_bank = clipboard.event_bank;
    bool other_bank = source_bank != 0 && bank != 0 && source_bank != bank;
    if (!apply_edit(PasteEvents{*where, std::move(clipboard), at_seconds, true})) return false;
    if (other_bank)
        report_edit(state_.edit.message + " (copied from event bank " + std::to_string(source_bank) +
                        ", this file uses bank " + std::to_string(bank) + ": types may mean other things)",
                    true);
    return true;
}

bool App::delete_selected_events() {
    std::optional<AnimationTarget> where = selected_animation_target();
    std::vector<uint32_t> events = selected_events();
    if (!where || events.empty()) return false;
    return apply_edit(DeleteEvents{*where, events});
}

bool App::duplicate_selected_events() {
    std::optional<AnimationTarget> where = selected_animation_target();
    std::vector<uint32_t> events = selected_events();
    if (!where || events.empty()) return false;
    return apply_edit(DuplicateEvents{*where, events});
}

bool App::add_event_at(double seconds, bool snap) {
    std::optional<AnimationTarget> where = selected_animation_target();
    if (!where) return false;
    double start = snap ? std::round(seconds * kFramesPerSecond) / kFramesPerSecond : seconds;
    return apply_edit(AddEvent{*where, state_.edit.new_event_type, start, start + 10.0 / kFramesPerSecond, snap, {}});
}

uint64_t App::free_animation_number(uint64_t after) const {
    const TaeFile* file = selected_tae();
    if (!file) return after + 1;
    std::set<uint64_t> taken;
    for (const TaeAnimation& a : file->animations) taken.insert(a.number);
    uint64_t n = after + 1;
    while (taken.count(n)) ++n;
    return n;
}

// ---- export ----

std::string App::export_file_name(ExportScope scope) const {
    if (scope == ExportScope::SelectedTae) {
        if (const TaeFileInfo* info = selected_tae_info()) return info->short_name;
    }
    return state_.load.file_name.empty() ? std::string("edited.anibnd.dcx") : state_.load.file_name;
}

const ExportCheck& App::export_check() {
    ExportDialogState& dialog = state_.edit.export_dialog;
    if (state_.document && (!dialog.checked || dialog.checked_at != state_.edit.generation)) {
        dialog.check = check_before_export(state_.document->document(), state_.document->session.templates());
        dialog.checked = true;
        dialog.checked_at = state_.edit.generation;
    }
    return dialog.check;
}

std::vector<uint8_t> App::export_bytes(bool force) {
    ExportDialogState& dialog = state_.edit.export_dialog;
    dialog.error.clear();
    if (!state_.document) {
        dialog.error = "no file open";
        return {};
    }
    const Document& doc = state_.document->document();
    const ExportCheck& check = export_check();
    if (!check.ok() && !force) {
        dialog.error = std::to_string(check.blocking.size()) + " blocking problem" +
                       (check.blocking.size() == 1 ? "" : "s") + ": the file was not written";
        return {};
    }
    if (dialog.scope == ExportScope::SelectedTae) {
        if (state_.selection.tae_file < 0) {
            dialog.error = "no TAE file selected";
            return {};
        }
        Result<std::vector<uint8_t>> bytes = export_tae_file(doc, size_t(state_.selection.tae_file));
        if (!bytes) {
            dialog.error = bytes.error().to_string();
            return {};
        }
        return std::move(bytes).value();
    }
    ExportOptions options;
    options.deflate_instead_of_kraken = dialog.method == ExportMethod::Deflate;
    Result<CheckedExport> written = export_checked(doc, state_.document->session.templates(), options, force);
    if (!written) {
        dialog.error = written.error().to_string();
        return {};
    }
    if (written->bytes.empty()) {
        dialog.error = "the pre-export check stopped the export";
        return {};
    }
    return std::move(written->bytes);
}

bool App::download_export(bool force, std::vector<uint8_t>* bytes_out) {
    ExportDialogState& dialog = state_.edit.export_dialog;
    std::vector<uint8_t> bytes = export_bytes(force);
    if (bytes.empty()) return false;
    std::string name = export_file_name(dialog.scope);
    // The page turns the bytes into a Blob URL download (web/page/taescope-download.js).
    EM_ASM(
        {
            const bytes = HEAPU8.slice($0, $0 + $1);
            const name = UTF8ToString($2);
            if (window.taescopeDownload) window.taescopeDownload(bytes, name, 'application/octet-stream');
            if (Module["onTaeScopeExport"]) Module["onTaeScopeExport"](name, bytes);
        },
        bytes.data(), bytes.size(), name.c_str());
    // The whole file leaves the page: that is the new save point. A single member does not
    // save the binder, so the binder stays marked as changed.
    if (dialog.scope == ExportScope::WholeFile) state_.document->session.mark_saved();
    dialog.last_saved = name + ", " + std::to_string(bytes.size()) + " bytes";
    report_edit("Exported " + dialog.last_saved, false);
    notify_page();
    if (bytes_out) *bytes_out = std::move(bytes);
    return true;
}

// ---- compare ----

bool App::open_compare(std::vector<uint8_t> bytes, const std::string& file_name) {
    compare_error_.clear();
    Result<LoadedDocument> loaded = load_document(Bytes(bytes), file_name, templates_);
    if (!loaded) {
        compare_error_ = loaded.error().to_string();
        notify_page();
        return false;
    }
    compare_ = std::make_unique<LoadedDocument>(std::move(loaded).value());
    compare_name_ = file_name;
    compare_diff_.reset();
    state_.windows.compare = true;
    notify_page();
    return true;
}

void App::close_compare() {
    compare_.reset();
    compare_diff_.reset();
    compare_name_.clear();
    state_.windows.compare = false;
}

const TaeSetDifference* App::compare_difference() {
    if (!compare_ || !state_.document) return nullptr;
    if (!compare_diff_ || compare_generation_ != state_.edit.generation) {
        TaeDiffOptions options;
        options.templates = state_.document->session.templates();
        compare_diff_ = diff_tae_sets(document_animations(compare_->document()),
                                      document_animations(state_.document->document()), options);
        compare_generation_ = state_.edit.generation;
    }
    return &*compare_diff_;
}

const AnimationDifference* App::selected_animation_difference() {
    const TaeSetDifference* diff = compare_difference();
    const TaeAnimation* a = selected_animation();
    const DocumentTae* entry = selected_tae_entry();
    if (!diff || !a || !entry) return nullptr;
    uint64_t number = entry->full_number(*a);
    for (const AnimationDifference& d : diff->animations)
        if (d.full_number == number) return &d;
    return nullptr;
}

// ---- templates ----

bool App::load_user_templates(const std::string& text, const std::string& file_name) {
    EditUiState& edit = state_.edit;
    const TaeFileInfo* info = selected_tae_info();
    std::string game = info ? info->game : std::string();
    if (game.empty() && state_.document)
        for (const TaeFileInfo& i : state_.document->info)
            if (!i.game.empty()) {
                game = i.game;
                break;
            }
    if (game.empty()) {
        // No file tells which game's templates this replaces: the Reference lists it as "USER".
        auto parsed = load_templates_document(text);
        if (!parsed.ok()) {
            edit.templates_message = file_name + " was not loaded: " + parsed.error().to_string();
            edit.templates_message_is_error = true;
            notify_page();
            return false;
        }
        reference_user_templates_ = std::move(parsed).value();
        reference_user_file_ = file_name;
        edit.templates_message = file_name + ": " + std::to_string(reference_user_templates_->types.size()) +
                                 " event templates, listed in the Reference as USER (open a file of their game to "
                                 "decode it with them)";
        edit.templates_message_is_error = false;
        invalidate_reference_sources();
        show_reference_type(kUserReferenceSource,
                            reference_user_templates_->types.empty() ? 0 : reference_user_templates_->types.front().id);
        return true;
    }
    Status loaded = templates_.load_user_templates(game, text);
    if (!loaded) {
        edit.templates_message =
            file_name + " was not loaded (the templates in use stay): " + loaded.error().to_string();
        edit.templates_message_is_error = true;
        notify_page();
        return false;
    }
    const GameTemplates* now = templates_.for_game(game);
    edit.templates_message = file_name + ": " + std::to_string(now ? now->types.size() : 0) +
                             " event templates now decode " + game + " files";
    edit.templates_message_is_error = false;
    if (state_.document) {
        refresh_templates(*state_.document, templates_);
        rebuild_timeline();
        edit.export_dialog.checked = false;
    }
    invalidate_reference_sources();
    notify_page();
    return true;
}

bool App::choose_game(const std::string& game) {
    if (!state_.document || !choose_document_game(*state_.document, game, templates_)) return false;
    // Everything decoded with the templates (evidence, reference counts, inference, the export
    // check) is worked out again, as after an edit.
    ++state_.edit.generation;
    rebuild_timeline();
    state_.edit.export_dialog.checked = false;
    notify_page();
    return true;
}

void App::reset_user_templates() {
    for (const std::string& game : builtin_template_games()) templates_.reset_to_builtin(game);
    reference_user_templates_.reset();
    state_.edit.templates_message = "built-in templates restored";
    state_.edit.templates_message_is_error = false;
    invalidate_reference_sources();
    if (state_.document) {
        refresh_templates(*state_.document, templates_);
        rebuild_timeline();
    }
    notify_page();
}

}  // namespace taescope::web
