// Tiles the panels over the canvas (no docking in this ImGui version: the layout follows the
// window size) and turns global keys into actions.
#include <emscripten.h>

#include <algorithm>
#include <string>

#include "imgui.h"
#include "panels.h"

namespace taescope::web {

void place_next_window(const PanelRect& rect) {
    ImGui::SetNextWindowPos(ImVec2(rect.x, rect.y), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(rect.width, rect.height), ImGuiCond_Always);
}

namespace {

void handle_global_shortcuts(App& app) {
    ImGuiIO& io = ImGui::GetIO();
    if (ImGui::IsKeyPressed(ImGuiKey_F1, false)) app.state().windows.help = !app.state().windows.help;
    if (io.WantTextInput || !app.state().document) return;
    bool shift = io.KeyShift;
    if (ImGui::IsKeyPressed(ImGuiKey_Space, false)) app.toggle_play();
    if (ImGui::IsKeyPressed(ImGuiKey_LeftArrow, true)) app.step_frames(shift ? -10 : -1);
    if (ImGui::IsKeyPressed(ImGuiKey_RightArrow, true)) app.step_frames(shift ? 10 : 1);
    if (ImGui::IsKeyPressed(ImGuiKey_UpArrow, true)) app.step_animation(-1);
    if (ImGui::IsKeyPressed(ImGuiKey_DownArrow, true)) app.step_animation(1);
    if (ImGui::IsKeyPressed(ImGuiKey_PageUp, true)) app.step_animation(-10);
    if (ImGui::IsKeyPressed(ImGuiKey_PageDown, true)) app.step_animation(10);
    if (ImGui::IsKeyPressed(ImGuiKey_Home, false)) app.step_frames(-1000000);
    if (ImGui::IsKeyPressed(ImGuiKey_End, false)) app.step_frames(1000000);
    if (io.KeyCtrl && io.KeyShift && ImGui::IsKeyPressed(ImGuiKey_F, false)) {
        app.state().windows.search = true;
        app.state().search.focus_input = true;
        return;
    }
    if ((io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_F, false)) || ImGui::IsKeyPressed(ImGuiKey_Slash, false))
        app.state().files.focus_filter = true;
    else if (!io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_F, false) && !app.state().pose.view_hovered)
        app.request_fit();  // over the Pose view, F frames the character instead (panel_pose.cpp)
    if (!io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_P, false)) app.state().windows.pose = !app.state().windows.pose;
    if (!io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_R, false)) app.toggle_fit_timeline_rows();
    // Editing (engine/edit through App): undo/redo, delete, duplicate, select all, copy/cut.
    // Ctrl+V is the page's (it reads the system clipboard, which is asynchronous there).
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_Z, true)) {
        if (shift)
            app.redo();
        else
            app.undo();
    }
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_Y, true)) app.redo();
    if (ImGui::IsKeyPressed(ImGuiKey_Delete, false)) app.delete_selected_events();
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_D, false)) app.duplicate_selected_events();
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_A, false)) app.select_all_events();
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_C, false)) app.copy_to_system_clipboard(app.copy_selected_events());
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_X, false)) {
        std::string text = app.copy_selected_events();
        if (!text.empty() && app.delete_selected_events()) app.copy_to_system_clipboard(text);
    }
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_S, false)) app.state().edit.export_dialog.open = true;
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_H, false))
        app.state().windows.history = !app.state().windows.history;
    if (ImGui::IsKeyPressed(ImGuiKey_Escape, false)) {
        if (app.state().windows.help)
            app.state().windows.help = false;
        else if (app.state().windows.reference)
            app.show_reference(false);
        else if (app.state().windows.search)
            app.state().windows.search = false;
        else
            app.select_event(-1);
    }
}

}  // namespace

namespace {

// Times one part of the frame into state().frameCost.
class PartTimer {
public:
    PartTimer(FrameCost& cost, FrameCost::Part part) : cost_(cost), part_(part), started_(emscripten_get_now()) {}
    ~PartTimer() { cost_.note(part_, emscripten_get_now() - started_); }

private:
    FrameCost& cost_;
    FrameCost::Part part_;
    double started_;
};

}  // namespace

void draw_panels(App& app) {
    FrameCost& cost = app.state().frame_cost;
    const ImGuiIO& io = ImGui::GetIO();
    const float width = io.DisplaySize.x, height = io.DisplaySize.y;
    const float status_height = ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2;

    {
        PartTimer timer(cost, FrameCost::Status);
        draw_status_bar(app, PanelRect{0, 0, width, status_height});
    }
    PanelRect body{0, status_height, width, height - status_height};

    AppState& s = app.state();
    // F2: the event reference, with or without a file.
    if (ImGui::IsKeyPressed(ImGuiKey_F2, false)) app.show_reference(!s.windows.reference);
    if (s.load.phase != LoadPhase::Ready || !s.document) {
        draw_welcome(app, body);
    } else {
        handle_global_shortcuts(app);
        float files_width = std::clamp(width * 0.3f, 240.0f, 520.0f);
        if (!s.windows.files) files_width = 0;
        if (s.windows.files) {
            PartTimer timer(cost, FrameCost::Files);
            draw_files_panel(app, PanelRect{0, body.y, files_width, body.height});
        }
        float right_x = files_width, right_width = width - files_width;
        // The Pose panel: a column on the right, the whole body's height.
        if (s.windows.pose) {
            float pose_width = std::clamp(right_width * 0.4f, 220.0f, 760.0f);
            right_width -= pose_width;
            PartTimer timer(cost, FrameCost::Pose);
            draw_pose_panel(app, PanelRect{right_x + right_width, body.y, pose_width, body.height});
        } else {
            s.pose.view_hovered = false;
        }
        bool bottom = s.windows.inspector || s.windows.groups || s.windows.simulation;
        float timeline_height = bottom ? std::max(160.0f, body.height * 0.56f) : body.height;
        if (s.windows.timeline) {
            PartTimer timer(cost, FrameCost::Timeline);
            draw_timeline_panel(app, PanelRect{right_x, body.y, right_width, timeline_height});
        } else {
            timeline_height = 0;
        }
        float bottom_y = body.y + timeline_height, bottom_height = body.height - timeline_height;
        // The bottom row: Inspector, Simulation, Groups, side by side by weight.
        struct Bottom {
            bool shown;
            float weight;
            void (*draw)(App&, const PanelRect&);
            FrameCost::Part part;
        } bottoms[] = {{s.windows.inspector, 0.36f, draw_inspector_panel, FrameCost::Inspector},
                       {s.windows.simulation, 0.44f, draw_simulation_panel, FrameCost::Simulation},
                       {s.windows.groups, 0.20f, draw_groups_panel, FrameCost::Groups}};
        float total = 0;
        for (const Bottom& b : bottoms) total += b.shown ? b.weight : 0;
        float x = right_x;
        for (const Bottom& b : bottoms) {
            if (!b.shown) continue;
            float w = right_width * b.weight / total;
            PartTimer timer(cost, b.part);
            b.draw(app, PanelRect{x, bottom_y, w, bottom_height});
            x += w;
        }
    }
    if (ImGui::IsKeyPressed(ImGuiKey_F1, false) && s.load.phase != LoadPhase::Ready) s.windows.help = !s.windows.help;
    PartTimer windows(cost, FrameCost::Windows);
    if (s.windows.search && s.document) draw_search_window(app);
    if (s.windows.history && s.document) draw_history_window(app);
    if (s.edit.export_dialog.open && s.document) draw_export_window(app);
    if (s.windows.compare && s.document) draw_compare_window(app);
    if (s.windows.reference) draw_reference_window(app);
    if (s.windows.frame_data && s.document) draw_frame_data_window(app);
    if (s.windows.help) draw_help_window(app);
}

}  // namespace taescope::web
