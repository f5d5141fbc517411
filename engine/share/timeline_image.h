// One animation's timeline drawn into an RGBA image, for `taescope png` and the page's PNG
// export: a title line, a ruler in 30 fps frames (a tick per frame, longer every 5, numbered
// every 10), then one row per event: its label on the left (the 5x7 built-in font) and a bar
// from start to end coloured by event type.
//
// Irregular times are drawn, not hidden: a start before 0 widens the ruler to the left (frame
// -1 appears); an open end (f32 max) runs to the right edge and ends in an arrow; an end
// before the start is an outlined box over the reversed span; a zero-length event is a 2-pixel
// mark; a non-finite time draws no bar (the row keeps its label).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "share/rgba_image.h"

namespace taescope {

struct TimelineImageEvent {
    int32_t type = 0;
    uint32_t start_bits = 0;  // stored f32 seconds
    uint32_t end_bits = 0;
    std::string label;  // e.g. "#3 129 PLAY SOUND"
};

struct TimelineImageOptions {
    std::string title;
    int pixels_per_frame = 8;  // reduced when the image would be wider than max_width
    int row_height = 11;
    int max_width = 8192;
    int max_label_chars = 40;
    uint32_t frame_count = 0;  // 0: up to the last finite start or end, rounded up, plus one frame
};

// Where things were drawn (for tests and for the page to map clicks).
struct TimelineImageLayout {
    int label_width = 0;  // x where the time area begins
    int ruler_top = 0;
    int rows_top = 0;  // y of the first event row
    int row_height = 0;
    int first_frame = 0;       // frame at x = label_width (-1 when an event starts before 0)
    uint32_t frame_count = 0;  // frames drawn after first_frame
    int pixels_per_frame = 0;
    int x_of_frame(double frame) const;
};

struct TimelineImage {
    RgbaImage image;
    TimelineImageLayout layout;
};

TimelineImage render_timeline_image(const std::vector<TimelineImageEvent>& events,
                                    const TimelineImageOptions& options = {});

// The bar colour of an event type (stable: the same type is the same colour everywhere).
Rgba event_type_color(int32_t type);

// HSV -> RGB, every component in [0, 1] (hue 0..1 covers the whole circle). Shared by the
// PNG renderer and the viewer's palette.
struct RgbUnit {
    double r, g, b;
};
RgbUnit hsv_to_rgb(double hue, double saturation, double value);

// Draws `text` with its top-left corner at (x, y) (clipped to the image).
void draw_text(RgbaImage& image, int x, int y, std::string_view text, Rgba color);

}  // namespace taescope
