// An RGBA8 image in memory (row-major, 4 bytes per pixel, no padding): what the timeline
// renderer draws into and the PNG writer encodes.
#pragma once

#include <cstdint>
#include <vector>

namespace taescope {

struct Rgba {
    uint8_t r = 0, g = 0, b = 0, a = 255;
};

struct RgbaImage {
    int width = 0;
    int height = 0;
    std::vector<uint8_t> pixels;  // width * height * 4

    RgbaImage() = default;
    RgbaImage(int w, int h, Rgba fill);
    Rgba at(int x, int y) const;
    // Drawing clips to the image; nothing outside is touched.
    void set(int x, int y, Rgba c);
    void fill_rect(int x, int y, int w, int h, Rgba c);
};

}  // namespace taescope
