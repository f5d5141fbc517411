// PNG encoding of an RGBA image (stb_image_write, compiled in png_writer.cpp only).
#pragma once

#include <cstdint>
#include <vector>

#include "share/rgba_image.h"

namespace taescope {

// The PNG file bytes; empty when the image is empty.
std::vector<uint8_t> encode_png(const RgbaImage& image);

}  // namespace taescope
