// The app's actions: everything that changes AppState goes through here, whether it comes
// from a panel (a click), the keyboard, or the page's JavaScript (js_api.cpp). Panels call
// these instead of editing the state behind each other's backs.
//
// Places left for later issues: simulation (engine/sim) will feed `current_frame_state()`,
// search and share links will call `select_*` and `set_time`, PNG export reads the canvas.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app_state.h"
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

    // Rebuilds state_.files.visible when the filter, sort or TAE file changed.
    void refresh_visible_animations();

    // Called by every action that changes what the page should know (load finished, error).
    void notify_page() const;

private:
    void rebuild_timeline();

    AppState state_;
    TimelineModel timeline_;
};

App& app();

}  // namespace taescope::web
