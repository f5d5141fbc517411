#include "imgui.h"
#include "panels.h"

namespace taescope::web {

void draw_groups_panel(App& app, const PanelRect& rect) {
    (void)app;
    place_next_window(rect);
    ImGui::Begin("groups", nullptr, kTiledWindowFlags);
    ImGui::End();
}

}  // namespace taescope::web
