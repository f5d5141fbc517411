// The look: a dark theme, the palette the panels share, and fonts sized for the device.
#pragma once

#include <array>
#include <cstdint>

namespace taescope::web {

inline constexpr std::array<float, 3> kCanvasBackground{0.075f, 0.078f, 0.09f};

// Colours the panels use beyond the theme (0xAABBGGRR, ImGui's packing).
namespace palette {
inline constexpr uint32_t kText = 0xFFE6E6E6;
inline constexpr uint32_t kTextDim = 0xFF8C8C8C;
inline constexpr uint32_t kWarning = 0xFF3FB0F0;  // amber
inline constexpr uint32_t kError = 0xFF5A5AF0;    // red
inline constexpr uint32_t kAccent = 0xFFF0B050;   // blue
inline constexpr uint32_t kPlayhead = 0xFF4AD0FF;
inline constexpr uint32_t kRowEven = 0xFF262120;
inline constexpr uint32_t kRowOdd = 0xFF2C2725;
inline constexpr uint32_t kOutsideAnimation = 0x50000000;
inline constexpr uint32_t kGrid = 0x30FFFFFF;
inline constexpr uint32_t kGridMajor = 0x60FFFFFF;
inline constexpr uint32_t kTrueEnd = 0xFF60D0A0;  // green: the true end of an animation (Havok)
}  // namespace palette

void apply_dark_theme();
// (Re)builds the font atlas for a device pixel ratio; the renderer's texture must be rebuilt after.
void load_fonts(float device_pixel_ratio);

}  // namespace taescope::web
