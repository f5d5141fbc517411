// App actions of the Reference panel (issue 28): the event types of every template set at
// hand (engine/reference), searched as the user types, one type shown whole with the values
// its fields take in the open file, and the "v1.r=" link of what is shown. The page keeps the
// address bar on reference_fragment() and adds a history entry per shown type (view_serial).
#include <emscripten.h>

#include "app.h"
#include "templates/builtin_templates.h"
#include "templates/game_detection.h"
#include "templates/template_library.h"

namespace taescope::web {

const ReferenceIndex& App::reference_index() {
    if (!reference_index_) {
        std::vector<ReferenceSource> sources = builtin_reference_sources();
        for (const std::string& game : builtin_template_games())
            if (templates_.has_user_templates(game))
                sources.push_back({"USER-" + game, std::string(game_title(game)) + " (your template file)",
                                   templates_.for_game(game), false});
        if (reference_user_templates_)
            sources.push_back({kUserReferenceSource, "Your template file " + reference_user_file_,
                               &*reference_user_templates_, false});
        reference_index_ = std::make_unique<ReferenceIndex>(std::move(sources));
    }
    return *reference_index_;
}

void App::invalidate_reference_sources() {
    reference_index_.reset();
    reference_shown_.reset();
    reference_stats_key_.clear();
    ReferencePanelState& r = state_.reference;
    if (!r.game.empty() && !reference_index().source(r.game)) r.game.clear();
    if (r.shown_type && !reference_index().source(r.shown_game)) {
        r.shown_game.clear();
        r.shown_type.reset();
    }
    rerun_reference_search();
}

void App::rerun_reference_search() {
    ReferencePanelState& r = state_.reference;
    r.hits = reference_index().search(r.query, r.game, 20000, &r.truncated);
}

void App::show_reference(bool show) {
    state_.windows.reference = show;
    if (show) {
        state_.reference.focus_search = true;
        if (state_.reference.hits.empty() && state_.reference.query.empty()) rerun_reference_search();
    }
    notify_page();
}

void App::set_reference_search(const std::string& query, const std::string& game) {
    ReferencePanelState& r = state_.reference;
    r.query = query.size() > kMaxShareQueryBytes ? query.substr(0, kMaxShareQueryBytes) : query;
    r.game = game.empty() || reference_index().source(game) ? game : std::string();
    rerun_reference_search();
    notify_page();  // the address bar follows (replaced, not a new history entry)
}

bool App::show_reference_type(const std::string& game, uint32_t type, bool user_choice) {
    ReferencePanelState& r = state_.reference;
    if (!reference_index().source(game)) {
        r.error = "No templates of a game '" + game + "' here (games: SDT, ER, NR, DS3, AC6)";
        state_.windows.reference = true;
        notify_page();
        return false;
    }
    const bool changed = r.shown_game != game || r.shown_type != type;
    r.shown_game = game;
    r.shown_type = type;
    r.error.clear();
    r.scroll_to_shown = true;
    if (changed) {
        reference_shown_.reset();
        if (user_choice) ++r.view_serial;
    }
    if (!state_.windows.reference) {
        state_.windows.reference = true;
        if (r.hits.empty() && r.query.empty()) rerun_reference_search();
    }
    notify_page();
    return true;
}

bool App::open_reference_view(const ShareReferenceView& view, std::string& error) {
    ReferencePanelState& r = state_.reference;
    state_.windows.reference = true;
    if (!view.game.empty() && !reference_index().source(view.game)) {
        error = "this page has no templates of a game '" + view.game + "' (SDT, ER, NR, DS3, AC6)";
        r.error = "This link does not open: " + error;
        notify_page();
        return false;
    }
    r.error.clear();
    r.query = view.query;
    r.game = view.event_type ? r.game : view.game;
    rerun_reference_search();
    if (view.event_type) return show_reference_type(view.game, *view.event_type, false);
    r.shown_game.clear();
    r.shown_type.reset();
    reference_shown_.reset();
    notify_page();
    return true;
}

std::string App::reference_fragment() const {
    const ReferencePanelState& r = state_.reference;
    if (!state_.windows.reference) return {};
    ShareReferenceView view;
    if (r.shown_type) {
        view.game = r.shown_game;
        view.event_type = r.shown_type;
    } else {
        view.game = r.game;
        view.query = r.query;
    }
    auto fragment = encode_reference_view_fragment(view);
    return fragment.ok() ? *fragment : std::string();
}

const ReferenceType* App::shown_reference_type() {
    const ReferencePanelState& r = state_.reference;
    if (!r.shown_type) return nullptr;
    if (!reference_shown_ || reference_shown_->game != r.shown_game || reference_shown_->type != *r.shown_type)
        reference_shown_ = describe_reference_type(reference_index(), r.shown_game, *r.shown_type);
    return &*reference_shown_;
}

const TypeValueStatistics* App::shown_reference_statistics() {
    const ReferencePanelState& r = state_.reference;
    const LoadedDocument* doc = state_.document.get();
    if (!r.shown_type || !doc) return nullptr;
    const ReferenceSource* source = reference_index().source(r.shown_game);
    const EventTypeTemplate* templ = source && source->templates ? source->templates->find(*r.shown_type) : nullptr;
    if (!templ) return nullptr;
    const std::string key = r.shown_game + "/" + std::to_string(*r.shown_type);
    if (reference_stats_key_ != key || reference_stats_generation_ != state_.edit.generation) {
        // The event files of the shown game count; a user set ("USER-ER") counts its game's files,
        // and a set with no game of its own ("USER") every file.
        std::string game = r.shown_game.rfind("USER-", 0) == 0 ? r.shown_game.substr(5) : r.shown_game;
        TypeValueCounter counter(*templ);
        reference_stats_files_ = 0;
        for (size_t t = 0; t < doc->tae_file_count(); ++t) {
            const TaeFile* file = doc->tae(t);
            if (!file || (game != kUserReferenceSource && doc->info[t].game != game)) continue;
            counter.add(*file);
            ++reference_stats_files_;
        }
        reference_stats_ = counter.finish();
        reference_stats_key_ = key;
        reference_stats_generation_ = state_.edit.generation;
    }
    return reference_stats_files_ ? &*reference_stats_ : nullptr;
}

void App::list_reference_events(int field, uint64_t raw) {
    const ReferenceType* shown = shown_reference_type();
    if (!shown || !state_.document) return;
    std::string query = "type:" + std::to_string(shown->type);
    if (field >= 0 && size_t(field) < shown->fields.size()) {
        const ReferenceField& f = shown->fields[size_t(field)];
        query += " @" + std::to_string(f.field.offset) + "=" + f.value_text(raw);
    }
    state_.search.query = query;
    state_.search.focus_input = true;
    state_.windows.search = true;
    run_search(query);
    notify_page();
}

bool App::open_selected_event_in_reference() {
    const TaeEvent* event = selected_event();
    const TaeFileInfo* info = selected_tae_info();
    if (!event || !info || info->game.empty() || event->type < 0) return false;
    // The templates in use: the user's for this game when they dropped a file, else the built-in ones.
    std::string game = templates_.has_user_templates(info->game) ? "USER-" + info->game : info->game;
    return show_reference_type(game, uint32_t(event->type));
}

void App::copy_reference_link() {
    const std::string fragment = reference_fragment();
    if (fragment.empty()) return;
    // The page knows its own address: it writes base#fragment to the clipboard and the address bar.
    EM_ASM(
        {
            const fragment = UTF8ToString($0);
            if (Module["onTaeScopeCopyLink"]) Module["onTaeScopeCopyLink"](fragment);
        },
        fragment.c_str());
    state_.reference.message = "link copied: #" + fragment;
}

}  // namespace taescope::web
