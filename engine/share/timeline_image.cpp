#include "share/timeline_image.h"

#include <algorithm>
#include <cmath>

#include "share/bitmap_font.h"
#include "sim/event_timing.h"
#include "tae/tae_model.h"

namespace taescope {

// ---- the image -----------------------------------------------------------------------------

RgbaImage::RgbaImage(int w, int h, Rgba fill) : width(std::max(w, 0)), height(std::max(h, 0)) {
    pixels.resize(size_t(width) * size_t(height) * 4);
    for (size_t i = 0; i < pixels.size(); i += 4) {
        pixels[i] = fill.r;
        pixels[i + 1] = fill.g;
        pixels[i + 2] = fill.b;
        pixels[i + 3] = fill.a;
    }
}

Rgba RgbaImage::at(int x, int y) const {
    if (x < 0 || y < 0 || x >= width || y >= height) return {0, 0, 0, 0};
    size_t i = (size_t(y) * size_t(width) + size_t(x)) * 4;
    return {pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]};
}

void RgbaImage::set(int x, int y, Rgba c) {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    size_t i = (size_t(y) * size_t(width) + size_t(x)) * 4;
    pixels[i] = c.r;
    pixels[i + 1] = c.g;
    pixels[i + 2] = c.b;
    pixels[i + 3] = c.a;
}

void RgbaImage::fill_rect(int x, int y, int w, int h, Rgba c) {
    int x0 = std::max(x, 0), y0 = std::max(y, 0);
    int x1 = std::min<int64_t>(int64_t(x) + w, width), y1 = std::min<int64_t>(int64_t(y) + h, height);
    for (int yy = y0; yy < y1; ++yy)
        for (int xx = x0; xx < x1; ++xx) set(xx, yy, c);
}

void draw_text(RgbaImage& image, int x, int y, std::string_view text, Rgba color) {
    for (char ch : text) {
        for (int row = 0; row < kGlyphHeight; ++row) {
            uint8_t bits = glyph_row(ch, row);
            for (int col = 0; col < kGlyphWidth; ++col)
                if (bits & (1u << (kGlyphWidth - 1 - col))) image.set(x + col, y + row, color);
        }
        x += kGlyphAdvance;
        if (x >= image.width) break;
    }
}

// ---- colours -------------------------------------------------------------------------------

RgbUnit hsv_to_rgb(double hue, double s, double v) {
    double h6 = hue * 6.0;
    int sector = int(h6) % 6;
    double f = h6 - std::floor(h6);
    double p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
    switch (sector) {
        case 0: return {v, t, p};
        case 1: return {q, v, p};
        case 2: return {p, v, t};
        case 3: return {p, q, v};
        case 4: return {t, p, v};
        default: return {v, p, q};
    }
}

Rgba event_type_color(int32_t type) {
    // Hues spread by the golden ratio over the type number; fixed saturation and value.
    auto [r, g, b] = hsv_to_rgb(std::fmod(double(uint32_t(type)) * 0.6180339887498949 + 0.08, 1.0), 0.55, 0.92);
    return {uint8_t(r * 255 + 0.5), uint8_t(g * 255 + 0.5), uint8_t(b * 255 + 0.5), 255};
}

// ---- layout and drawing --------------------------------------------------------------------

namespace {

constexpr Rgba kBackground{30, 30, 34, 255};
constexpr Rgba kRowShade{38, 38, 44, 255};
constexpr Rgba kRulerBackground{48, 48, 56, 255};
constexpr Rgba kTick{170, 170, 180, 255};
constexpr Rgba kGrid{62, 62, 72, 255};
constexpr Rgba kText{220, 220, 225, 255};
constexpr Rgba kDimText{150, 150, 160, 255};
constexpr Rgba kZeroLine{120, 160, 220, 255};
constexpr Rgba kWarning{235, 90, 80, 255};
constexpr int kMargin = 4;
constexpr int kTitleHeight = 12;
constexpr int kRulerHeight = 18;
constexpr uint32_t kMaxFrames = 100000;

// Frames snapped to the whole frame as the simulation does (f32(-1/30) is frame -1).
double frame_of(uint32_t bits) { return frame_position(double(TaeEvent::bits_to_f32(bits))); }
bool open_end(uint32_t bits) {
    float f = TaeEvent::bits_to_f32(bits);
    return bits == 0x7F7FFFFFu || (std::isinf(f) && f > 0);
}

}  // namespace

int TimelineImageLayout::x_of_frame(double frame) const {
    double x = label_width + (frame - first_frame) * pixels_per_frame;
    return int(std::floor(std::clamp(x, -1e6, 1e6)));
}

TimelineImage render_timeline_image(const std::vector<TimelineImageEvent>& events,
                                    const TimelineImageOptions& options) {
    TimelineImage out;
    TimelineImageLayout& L = out.layout;

    // Frame range.
    double last = 0, first = 0;
    for (const auto& e : events) {
        double s = frame_of(e.start_bits), en = frame_of(e.end_bits);
        if (std::isfinite(s)) last = std::max(last, s), first = std::min(first, s);
        if (std::isfinite(en) && !open_end(e.end_bits)) last = std::max(last, en), first = std::min(first, en);
    }
    L.first_frame = int(std::floor(std::max(first, -double(kMaxFrames))));
    uint32_t frames =
        options.frame_count ? options.frame_count : uint32_t(std::min(std::ceil(last - 1e-3) + 1, double(kMaxFrames)));
    frames = std::clamp<uint32_t>(frames, 1, kMaxFrames);
    L.frame_count = frames + uint32_t(-L.first_frame);

    // Labels.
    int label_chars = 0;
    for (const auto& e : events) label_chars = std::max(label_chars, int(e.label.size()));
    label_chars = std::clamp(label_chars, 4, std::max(options.max_label_chars, 4));
    L.label_width = kMargin + label_chars * kGlyphAdvance + 6;

    int available = std::max(options.max_width - L.label_width - kMargin, 64);
    L.pixels_per_frame = std::clamp(options.pixels_per_frame, 1, 64);
    while (L.pixels_per_frame > 1 && int64_t(L.frame_count) * L.pixels_per_frame > available) --L.pixels_per_frame;
    int time_width = int(std::min<int64_t>(int64_t(L.frame_count) * L.pixels_per_frame, available));
    L.row_height = std::clamp(options.row_height, kGlyphHeight + 2, 64);
    L.ruler_top = kMargin + (options.title.empty() ? 0 : kTitleHeight);
    L.rows_top = L.ruler_top + kRulerHeight + 2;
    int width = L.label_width + time_width + kMargin + 8;  // room for an open-end arrow
    int height = L.rows_top + int(std::min<size_t>(events.size(), 4096)) * L.row_height + kMargin;
    out.image = RgbaImage(width, height, kBackground);
    RgbaImage& img = out.image;

    if (!options.title.empty()) draw_text(img, kMargin, kMargin, options.title, kText);

    // Ruler: a tick per frame (when frames are 3+ px apart), longer every 5, numbered every 10.
    img.fill_rect(L.label_width, L.ruler_top, time_width, kRulerHeight, kRulerBackground);
    int ruler_bottom = L.ruler_top + kRulerHeight - 1;
    int label_every = L.pixels_per_frame >= 4 ? 10 : L.pixels_per_frame >= 2 ? 20 : 50;
    for (int64_t f = L.first_frame; f <= L.first_frame + int64_t(L.frame_count); ++f) {
        int x = L.x_of_frame(double(f));
        if (x > L.label_width + time_width) break;
        bool numbered = f % label_every == 0, five = f % 5 == 0;
        if (!numbered && !five && L.pixels_per_frame < 3) continue;
        int len = numbered ? 8 : five ? 5 : 2;
        img.fill_rect(x, ruler_bottom - len + 1, 1, len, f == 0 ? kZeroLine : kTick);
        if (numbered) {
            std::string n = std::to_string(f);
            draw_text(img, x + 2, L.ruler_top + 1, n, kText);
            img.fill_rect(x, L.rows_top, 1, height - L.rows_top - kMargin, f == 0 ? kZeroLine : kGrid);
        }
    }

    // Rows.
    size_t max_chars = size_t(label_chars);
    for (size_t i = 0; i < events.size() && i < 4096; ++i) {
        const auto& e = events[i];
        int y = L.rows_top + int(i) * L.row_height;
        if (i % 2) img.fill_rect(kMargin, y, width - 2 * kMargin, L.row_height, kRowShade);
        std::string label = e.label.size() > max_chars ? e.label.substr(0, max_chars - 1) + "~" : e.label;
        int text_y = y + (L.row_height - kGlyphHeight) / 2;
        draw_text(img, kMargin, text_y, label, kDimText);
        // Redraw the grid over the shading.
        for (int64_t f = L.first_frame; f <= L.first_frame + int64_t(L.frame_count); ++f)
            if (f % label_every == 0)
                img.fill_rect(L.x_of_frame(double(f)), y, 1, L.row_height, f == 0 ? kZeroLine : kGrid);

        double s = frame_of(e.start_bits), en = frame_of(e.end_bits);
        bool is_open = open_end(e.end_bits);
        if (!std::isfinite(s) || (!std::isfinite(en) && !is_open)) continue;
        int bar_top = y + 2, bar_h = L.row_height - 4;
        int right_edge = L.label_width + time_width;
        Rgba color = event_type_color(e.type);
        int x0 = std::clamp(L.x_of_frame(s), L.label_width, right_edge);
        if (is_open) {
            img.fill_rect(x0, bar_top, right_edge - x0, bar_h, color);
            for (int k = 0; k <= bar_h / 2; ++k) {  // an arrow head past the right edge
                img.fill_rect(right_edge, bar_top + k, k + 1, 1, color);
                img.fill_rect(right_edge, bar_top + bar_h - 1 - k, k + 1, 1, color);
            }
            continue;
        }
        int x1 = std::clamp(L.x_of_frame(en), L.label_width, right_edge);
        if (en < s) {  // reversed: an outline in the warning colour over the span
            int a = std::min(x0, x1), b = std::max(x0, x1);
            int w = std::max(b - a, 2);
            img.fill_rect(a, bar_top, w, 1, kWarning);
            img.fill_rect(a, bar_top + bar_h - 1, w, 1, kWarning);
            img.fill_rect(a, bar_top, 1, bar_h, kWarning);
            img.fill_rect(a + w - 1, bar_top, 1, bar_h, kWarning);
            continue;
        }
        img.fill_rect(x0, bar_top, std::max(x1 - x0, 2), bar_h, color);
        if (s < 0) img.fill_rect(x0, bar_top, 1, bar_h, kWarning);  // starts before the clip
    }
    return out;
}

}  // namespace taescope
