// The app's actions: everything that changes AppState goes through here, whether it comes
// from a panel (a click), the keyboard, or the page's JavaScript (js_api.cpp). Panels call
// these instead of editing the state behind each other's backs.
//
// Places left for later issues: simulation (engine/sim) will feed `current_frame_state()`,
// search and share links will call `select_*` and `set_time`, PNG export reads the canvas.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app_state.h"
#include "share/share_link.h"
#include "sim/document_simulation.h"
#include "timeline_model.h"

namespace taescope::web {

class App {
public:
    AppState& state() { return state_; }
    const AppState& state() const { return state_; }

    // The page hands over a file: bytes now, parsing on a later frame (so "parsing" is drawn).
    void begin_open(std::vector<uint8_t> bytes, std::string file_name);
    // Parses pending bytes once the parsing state has been on screen. True when it parsed.
    bool finish_pending_open();
    void close_error();

    bool select_tae_file(int index);
    bool select_animation(int tae_file, int animation);
    bool select_event(int event);
    bool select_group(int group);
    // Moves the animation selection by `delta` within the Files panel's visible (filtered, sorted) list.
    void step_animation(int delta);
    // -1 when no animation of that TAE file has that full name ("a000_003000") or number.
    int find_animation(int tae_file, const std::string& name_or_number) const;

    void set_time(double seconds);
    void step_frames(int frames);
    void toggle_play();
    void advance_playback(double real_seconds);
    void request_fit() { state_.timeline.fit_requested = true; }

    // What the panels show of the current selection (null when nothing is selected).
    const DocumentTae* selected_tae_entry() const;
    const TaeFileInfo* selected_tae_info() const;
    const TaeFile* selected_tae() const;
    const TaeAnimation* selected_animation() const;
    const TaeEvent* selected_event() const;
    // The prepared timeline of the selected animation (rebuilt when the selection changes).
    const TimelineModel& timeline() const { return timeline_; }

    // The simulation of the selected animation (engine/sim), rebuilt with the timeline; null
    // when nothing is selected or the engine refused (simulation_error() says why).
    const DocumentSimulation* simulation() const { return simulation_ ? &*simulation_ : nullptr; }
    const std::string& simulation_error() const { return simulation_error_; }
    uint64_t simulation_generation() const { return simulation_generation_; }

    // Binder-wide search (search_model.h): fills state_.search.hits.
    void run_search(const std::string& query);
    // Selects the hit's animation and event and puts the playhead on the event's start.
    bool jump_to_hit(int hit);

    // Share links (engine/share/share_link.h): the fragment for the selected animation,
    // "v1.t=..." (the events) or "v1.f=...&a=...&t=..." (file reference); "" with `error` set.
    std::string share_fragment(bool reference, std::string& error) const;
    // Opens a "v1.t=" link as a document of its own, or remembers a "v1.f=" reference until
    // the named file is opened. False with `error` set when the link does not decode.
    bool open_share_fragment(const std::string& fragment, std::string& error);
    // The selected animation's timeline as PNG bytes (engine/share/timeline_image.h); empty when none.
    std::vector<uint8_t> timeline_png() const;

    // Rebuilds state_.files.visible when the filter, sort or TAE file changed.
    void refresh_visible_animations();

    // Called by every action that changes what the page should know (load finished, error).
    void notify_page() const;

private:
    void rebuild_timeline();
    void apply_pending_reference();

    AppState state_;
    TimelineModel timeline_;
    std::unique_ptr<AnimationIndex> animation_index_;  // of state_.document
    std::optional<DocumentSimulation> simulation_;
    std::string simulation_error_;
    uint64_t simulation_generation_ = 0;
    // A "v1.f=" link waiting for its file: applied when a file of that name is opened.
    std::optional<ShareReference> pending_reference_;
    // The game a "v1.t=" link named: its templates decode the restored timeline.
    std::string shared_game_;
};

App& app();

}  // namespace taescope::web
