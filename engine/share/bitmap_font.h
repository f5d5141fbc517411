// A tiny built-in 5x7 bitmap font for labels in exported images (no font files): ASCII
// punctuation, digits and letters, lower case drawn as upper case, anything else as '?'.
#pragma once

#include <cstdint>
#include <string_view>

namespace taescope {

inline constexpr int kGlyphWidth = 5;
inline constexpr int kGlyphHeight = 7;
inline constexpr int kGlyphAdvance = 6;  // one column of space between glyphs

bool glyph_defined(char c);
// Row `row` (0 = top) of the glyph: bit 4 is the leftmost column.
uint8_t glyph_row(char c, int row);
// Width in pixels of a line of text.
int text_width(std::string_view text);

}  // namespace taescope
