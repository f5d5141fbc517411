#include "imgui.h"
#include "panels.h"

namespace taescope::web {

void draw_help_window(App& app) {
    ImGui::Begin("Help", &app.state().windows.help);
    ImGui::End();
}

}  // namespace taescope::web
