// The timeline image (engine/share/timeline_image.h) and its PNG: what is drawn where.
#include <doctest/doctest.h>

#include "share/bitmap_font.h"
#include "share/png_writer.h"
#include "share/timeline_image.h"
#include "tae/tae_model.h"

using namespace taescope;

namespace {
uint32_t bits(float f) { return TaeEvent::f32_to_bits(f); }
bool same(Rgba a, Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a; }
}  // namespace

TEST_CASE("font: every printable ASCII character used in labels has a glyph, lower case drawn as upper") {
    for (char c : std::string("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ #%()+,-./:=?[]_~")) CHECK(glyph_defined(c));
    for (int row = 0; row < kGlyphHeight; ++row) CHECK(glyph_row('a', row) == glyph_row('A', row));
    CHECK(glyph_row('A', 3) == 0x1F);  // the bar of the A
    CHECK(text_width("ABC") == 17);
}

TEST_CASE("timeline image: a bar covers its frames in its type's colour; frame 0 is where the ruler says") {
    std::vector<TimelineImageEvent> events = {{129, bits(1.0f / 3), bits(2.0f / 3), "#0 129"},
                                              {0, bits(0.0f), bits(1.0f), "#1 0"}};
    TimelineImageOptions options;
    options.pixels_per_frame = 4;
    TimelineImage t = render_timeline_image(events, options);
    const auto& L = t.layout;
    CHECK(L.first_frame == 0);
    CHECK(L.frame_count == 31);  // up to frame 30, plus the frame it ends on
    int y0 = L.rows_top + L.row_height / 2;
    CHECK(same(t.image.at(L.x_of_frame(15), y0), event_type_color(129)));  // inside frames 10..20
    CHECK_FALSE(same(t.image.at(L.x_of_frame(5), y0), event_type_color(129)));
    CHECK_FALSE(same(t.image.at(L.x_of_frame(25), y0), event_type_color(129)));
    int y1 = y0 + L.row_height;
    CHECK(same(t.image.at(L.x_of_frame(29) + 1, y1), event_type_color(0)));
    CHECK_FALSE(same(event_type_color(0), event_type_color(129)));
}

TEST_CASE("timeline image: a start before 0 adds frame -1; an open end runs past the last frame") {
    std::vector<TimelineImageEvent> events = {{66, bits(-1.0f / 30), 0x7F7FFFFF, "#0 66"},
                                              {1, bits(0), bits(0.5f), "#1"}};
    TimelineImage t = render_timeline_image(events, {});
    CHECK(t.layout.first_frame == -1);
    int y = t.layout.rows_top + t.layout.row_height / 2;
    int right = t.layout.x_of_frame(t.layout.first_frame + double(t.layout.frame_count));
    CHECK(same(t.image.at(right - 2, y), event_type_color(66)));
    CHECK(same(t.image.at(right + 1, y), event_type_color(66)));  // the arrow head
}

TEST_CASE("png: the encoder writes a PNG signature and the image size in IHDR") {
    RgbaImage img(7, 3, {10, 20, 30, 255});
    std::vector<uint8_t> png = encode_png(img);
    REQUIRE(png.size() > 33);
    const uint8_t signature[] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
    CHECK(std::equal(signature, signature + 8, png.begin()));
    CHECK(std::string(png.begin() + 12, png.begin() + 16) == "IHDR");
    CHECK(png[19] == 7);  // width, big-endian
    CHECK(png[23] == 3);  // height
    CHECK(encode_png(RgbaImage()).empty());
}
