#include "theme.h"

#include <algorithm>
#include <cmath>

#include "imgui.h"

namespace taescope::web {

void apply_dark_theme() {
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 3;
    style.FrameRounding = 2;
    style.GrabRounding = 2;
    style.TabRounding = 2;
    style.WindowBorderSize = 1;
    style.FramePadding = ImVec2(6, 3);
    style.ItemSpacing = ImVec2(8, 5);
    style.CellPadding = ImVec2(5, 2);
    style.ScrollbarSize = 13;
    style.WindowTitleAlign = ImVec2(0.0f, 0.5f);

    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0.105f, 0.11f, 0.125f, 1.0f);
    c[ImGuiCol_ChildBg] = ImVec4(0.09f, 0.095f, 0.11f, 1.0f);
    c[ImGuiCol_PopupBg] = ImVec4(0.12f, 0.125f, 0.14f, 0.98f);
    c[ImGuiCol_Border] = ImVec4(0.22f, 0.23f, 0.26f, 1.0f);
    c[ImGuiCol_TitleBg] = ImVec4(0.13f, 0.14f, 0.16f, 1.0f);
    c[ImGuiCol_TitleBgActive] = ImVec4(0.16f, 0.19f, 0.25f, 1.0f);
    c[ImGuiCol_FrameBg] = ImVec4(0.16f, 0.17f, 0.2f, 1.0f);
    c[ImGuiCol_FrameBgHovered] = ImVec4(0.21f, 0.23f, 0.28f, 1.0f);
    c[ImGuiCol_FrameBgActive] = ImVec4(0.25f, 0.28f, 0.35f, 1.0f);
    c[ImGuiCol_Header] = ImVec4(0.2f, 0.32f, 0.5f, 0.7f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.24f, 0.38f, 0.58f, 0.8f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.26f, 0.42f, 0.64f, 1.0f);
    c[ImGuiCol_Button] = ImVec4(0.2f, 0.24f, 0.3f, 1.0f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.26f, 0.34f, 0.46f, 1.0f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.3f, 0.42f, 0.6f, 1.0f);
    c[ImGuiCol_TableHeaderBg] = ImVec4(0.14f, 0.15f, 0.18f, 1.0f);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(1.0f, 1.0f, 1.0f, 0.03f);
}

void load_fonts(float device_pixel_ratio) {
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    // The built-in font is a pixel font designed at 13 px: rasterise it at a whole multiple
    // of that on high-DPI screens so its pixels stay square and sharp, then scale the UI
    // back to CSS pixels.
    float scale = std::max(1.0f, std::round(device_pixel_ratio));
    ImFontConfig config;
    config.SizePixels = 13.0f * scale;
    config.OversampleH = config.OversampleV = 1;
    config.PixelSnapH = true;
    io.Fonts->AddFontDefault(&config);
    io.Fonts->Build();
    io.FontGlobalScale = 1.0f / scale;
}

}  // namespace taescope::web
