// Every panel is one file (panel_<name>.cpp) with one entry point. draw_panels() lays the
// windows out over the canvas and handles the shortcuts that belong to no single panel.
#pragma once

#include "app.h"
#include "imgui.h"

namespace taescope::web {

struct PanelRect {
    float x = 0, y = 0, width = 0, height = 0;
};

void draw_panels(App& app);  // panel_layout.cpp

void draw_status_bar(App& app, const PanelRect& rect);        // panel_status.cpp
void draw_game_chooser(App& app, const TaeFileInfo& info);    // game_chooser.cpp: in the status bar
void draw_welcome(App& app, const PanelRect& rect);           // panel_welcome.cpp: empty / parsing / error
void draw_files_panel(App& app, const PanelRect& rect);       // panel_files.cpp
void draw_timeline_panel(App& app, const PanelRect& rect);    // panel_timeline.cpp
void draw_groups_panel(App& app, const PanelRect& rect);      // panel_groups.cpp
void draw_inspector_panel(App& app, const PanelRect& rect);   // panel_inspector.cpp
void draw_simulation_panel(App& app, const PanelRect& rect);  // panel_simulation.cpp
void draw_pose_panel(App& app, const PanelRect& rect);        // panel_pose.cpp: the skeleton in 3D
void draw_search_window(App& app);                            // panel_search.cpp
void draw_help_window(App& app);                              // panel_help.cpp
void draw_history_window(App& app);                           // panel_history.cpp: the undo history
void draw_export_window(App& app);                            // panel_export.cpp: check, options, download
void draw_compare_window(App& app);                           // panel_compare.cpp: the diff, side by side
void draw_reference_window(App& app);                         // panel_reference.cpp: event types, no file needed
void draw_frame_data_window(App& app);                        // panel_frame_data.cpp: every attack of the binder

// Places the next window at `rect`, tiled (not movable by the user).
void place_next_window(const PanelRect& rect);
inline constexpr ImGuiWindowFlags kTiledWindowFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                                      ImGuiWindowFlags_NoCollapse |
                                                      ImGuiWindowFlags_NoBringToFrontOnFocus;

}  // namespace taescope::web
