// Timeline panel: one row per event, a bar from start to end labelled with its template name
// and coloured by type, under a ruler in frames (30 fps) and seconds.
//
// Mouse: wheel zooms around the cursor (Shift+wheel scrolls the rows, Ctrl+wheel zooms their
// height around the row under the cursor), drag pans (left drag on empty space, or right/middle
// drag anywhere), drag on the ruler moves the playhead, click a bar to select its event,
// double-click empty space to fit. Keys (panel_layout.cpp): Space plays at 30 fps, Left/Right
// step a frame, F fits, R fits every row in the visible height (again: the normal height).
//
// Rows can be zoomed out to an overview of a dense animation (2,000 events in a few hundred
// pixels): below the text line height rows lose their labels and bars become plain rectangles;
// below a pixel, rows share pixel rows like a minimap (RowLayout), and are hit where drawn.
//
// Irregular events are drawn so they cannot be mistaken for ordinary ones, and explained on
// hover: a negative start is hatched before 0, a reversed span (end before start) is outlined
// in red with an arrow pointing back, an open end (f32 max) runs to the animation's end and
// fades out with an arrow, a zero-length event is a diamond.
//
// With the game's params open (params_model.h), each attack event (type 1 / 5) has a mark after
// its bar: a green dot when its chain leads to hit shapes, a red cross when it misses; the
// tooltip names the rows or the reason.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>

#include "edit/edit_commands.h"
#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

namespace {

constexpr double kMinSpan = 2.0 / kFramesPerSecond;  // two frames across the whole view
constexpr double kMaxSpan = 3600.0;

struct TimeAxis {
    float x0 = 0, x1 = 1;  // screen x of view_start and view_end
    double start = 0, end = 1;
    float x(double t) const { return x0 + float((t - start) / (end - start)) * (x1 - x0); }
    double time(float px) const { return start + double(px - x0) / double(x1 - x0) * (end - start); }
    double seconds_per_pixel() const { return (end - start) / double(std::max(1.0f, x1 - x0)); }
};

struct BarBox {
    float x0, y0, x1, y1;
};

constexpr float kMinRowHeight = 1.0f / 32;  // 32 rows a pixel: 16,000 rows fit in 500 px
constexpr float kMaxRowZoom = 4;            // rows up to 4x the normal height
constexpr float kRowZoomPerWheelStep = 1.25f;
constexpr float kStripedRowHeight = 3;  // thinner rows get one background, no stripes or section lines

// The rows' vertical layout at the view's row height. Below a pixel, rows share pixel rows:
// each is drawn, and hit, as a band at least one pixel tall from the pixel its top falls in,
// so that every event stays visible and the last drawn (the lowest row) is the one under the
// mouse, as it is the one seen.
struct RowLayout {
    float top = 0;         // screen y of row 0 (scrolled)
    float height = 1;      // may be a fraction of a pixel
    bool labelled = true;  // tall enough for a line of text
    int count = 0;

    float y(int r) const { return top + float(r) * height; }
    struct Band {
        float y0, y1;
        bool contains(float y) const { return y >= y0 && y < y1; }
        // Where a thin row's bar and colour swatch go: a pixel apart from the neighbours' once
        // the row has room for it.
        Band inner() const { return y1 - y0 >= 4 ? Band{y0 + 1, y1 - 1} : *this; }
    };
    Band band(int r) const {
        if (height >= 1) return {y(r), y(r) + height};
        float y0 = std::floor(y(r));
        return {y0, std::max(y0 + 1, y(r + 1))};
    }
    // The rows whose bands may meet [y0, y1]: [first, last). A sub-pixel band reaches up to a
    // pixel past its row, hence the pixel of margin above.
    std::pair<int, int> rows_meeting(float y0, float y1) const {
        int first = std::max(0, int(std::floor((y0 - 1 - top) / height)));
        int last = std::min(count, int(std::floor((y1 - top) / height)) + 1);
        return {first, std::max(first, last)};
    }
};

// The height rows are drawn at: the view's (fitted, zoomed or normal), never below the height
// at which every row fits (nor kMinRowHeight), never above kMaxRowZoom times the normal height.
float row_height_to_draw(const TimelineState& view, float normal, float visible_height, int rows) {
    float all_fit = rows > 0 ? visible_height / float(rows) : normal;
    float lowest = std::min(normal, std::max(kMinRowHeight, all_fit));
    if (view.fit_rows) return lowest;
    if (view.row_height <= 0) return normal;
    return std::clamp(view.row_height, lowest, normal * kMaxRowZoom);
}

uint32_t with_alpha(uint32_t color, uint8_t alpha) { return (color & 0x00FFFFFFu) | (uint32_t(alpha) << 24); }
uint32_t brighten(uint32_t color) {
    uint32_t out = color & 0xFF000000u;
    for (int shift = 0; shift < 24; shift += 8) {
        uint32_t c = (color >> shift) & 0xFF;
        out |= std::min<uint32_t>(255, c + (255 - c) / 3) << shift;
    }
    return out;
}

void fit_view(TimelineState& view, const TimelineModel& model) {
    double lo = 0, hi = std::max({model.length, model.true_length, 10.0 / kFramesPerSecond});
    for (const TimelineRow& row : model.rows) {
        if (row.timing == EventTiming::NotFinite) continue;
        lo = std::min(lo, row.bar_start);
    }
    double margin = (hi - lo) * 0.04 + 1.0 / kFramesPerSecond;
    bool open_end = std::any_of(model.rows.begin(), model.rows.end(),
                                [](const TimelineRow& r) { return r.timing == EventTiming::OpenEnd; });
    view.view_start = lo - margin;
    view.view_end = hi + margin * (open_end ? 3 : 1);  // room for the open-end fade and arrow
}

void zoom_around(TimelineState& view, double anchor, double factor) {
    double span = std::clamp((view.view_end - view.view_start) * factor, kMinSpan, kMaxSpan);
    double fraction = (anchor - view.view_start) / (view.view_end - view.view_start);
    view.view_start = anchor - fraction * span;
    view.view_end = view.view_start + span;
}

// Frames between labelled ticks, so that labels stay >= `min_pixels` apart.
int label_step_frames(const TimeAxis& axis, float min_pixels) {
    static const int steps[] = {1, 2, 5, 10, 15, 30, 60, 150, 300, 600, 1500, 3000, 9000, 18000, 54000};
    double pixels_per_frame = 1.0 / (axis.seconds_per_pixel() * kFramesPerSecond);
    for (int step : steps)
        if (step * pixels_per_frame >= min_pixels) return step;
    return steps[std::size(steps) - 1];
}

void draw_ruler(ImDrawList* draw, const TimeAxis& axis, ImVec2 top_left, ImVec2 bottom_right, double length) {
    draw->AddRectFilled(top_left, bottom_right, 0xFF1E1A18);
    float label_width = ImGui::CalcTextSize("00000f").x + 12;
    int step = label_step_frames(axis, label_width);
    int minor = step >= 5 ? step / 5 : 1;
    double pixels_per_frame = 1.0 / (axis.seconds_per_pixel() * kFramesPerSecond);
    if (minor * pixels_per_frame < 4) minor = step;
    long first = long(std::floor(axis.start * kFramesPerSecond / minor)) * minor;
    long last = long(std::ceil(axis.end * kFramesPerSecond));
    float line = ImGui::GetTextLineHeight();
    for (long frame = first; frame <= last; frame += minor) {
        float x = axis.x(frame / kFramesPerSecond);
        if (x < top_left.x || x > bottom_right.x) continue;
        bool major = frame % step == 0;
        draw->AddLine(ImVec2(x, bottom_right.y - (major ? 8.0f : 4.0f)), ImVec2(x, bottom_right.y),
                      major ? palette::kGridMajor : palette::kGrid);
        if (!major) continue;
        char text[32];
        std::snprintf(text, sizeof text, "%ldf", frame);
        draw->AddText(ImVec2(x + 3, top_left.y + 1), palette::kText, text);
        double seconds = frame / kFramesPerSecond;
        if (step % 30 == 0)
            std::snprintf(text, sizeof text, "%.0fs", seconds);
        else
            std::snprintf(text, sizeof text, "%.2fs", seconds);
        draw->AddText(ImVec2(x + 3, top_left.y + 1 + line), palette::kTextDim, text);
    }
    // The animation's extent: 0 and its length.
    for (double t : {0.0, length}) {
        float x = axis.x(t);
        if (x >= top_left.x && x <= bottom_right.x)
            draw->AddLine(ImVec2(x, top_left.y), ImVec2(x, bottom_right.y), palette::kAccent, 1.5f);
    }
}

// The animation's true end (its Havok duration), when known: a line with "end" over the rows.
void draw_true_end(ImDrawList* draw, const TimeAxis& axis, const TimelineModel& model, float top, float bottom,
                   bool with_label) {
    if (model.true_length < 0) return;
    float x = axis.x(model.true_length);
    if (x < axis.x0 || x > axis.x1) return;
    draw->AddLine(ImVec2(x, top), ImVec2(x, bottom), palette::kTrueEnd, 2.0f);
    if (with_label) draw->AddText(ImVec2(x + 3, top + 1), palette::kTrueEnd, "end");
}

void draw_playhead(ImDrawList* draw, float x, float top, float bottom, bool with_handle) {
    draw->AddLine(ImVec2(x, top), ImVec2(x, bottom), palette::kPlayhead, 1.5f);
    if (with_handle)
        draw->AddTriangleFilled(ImVec2(x - 6, top), ImVec2(x + 6, top), ImVec2(x, top + 8), palette::kPlayhead);
}

void draw_hatch(ImDrawList* draw, ImVec2 a, ImVec2 b, uint32_t color) {
    draw->PushClipRect(a, b, true);
    float h = b.y - a.y;
    for (float x = a.x - h; x < b.x; x += 6) draw->AddLine(ImVec2(x, b.y), ImVec2(x + h, a.y), color, 1.0f);
    draw->PopClipRect();
}

// Draws one event bar and returns its screen rectangle (for hit testing).
BarBox draw_event_bar(ImDrawList* draw, const TimeAxis& axis, const TimelineRow& row, double length, float top,
                      float height, bool selected, bool hovered) {
    float y0 = top + 2, y1 = top + height - 2;
    uint32_t color = hovered ? brighten(row.color) : row.color;
    float xa = axis.x(row.bar_start), xb = axis.x(row.bar_end);
    if (row.timing == EventTiming::ZeroLength || row.timing == EventTiming::NotFinite) {
        float cx = xa, cy = (y0 + y1) * 0.5f, r = (y1 - y0) * 0.5f;
        if (row.timing == EventTiming::ZeroLength) {
            draw->AddQuadFilled(ImVec2(cx, y0), ImVec2(cx + r, cy), ImVec2(cx, y1), ImVec2(cx - r, cy), color);
            if (selected)
                draw->AddQuad(ImVec2(cx, y0 - 1), ImVec2(cx + r + 1, cy), ImVec2(cx, y1 + 1), ImVec2(cx - r - 1, cy),
                              0xFFFFFFFF, 2);
        } else {
            draw->AddRect(ImVec2(cx - r, y0), ImVec2(cx + r, y1), palette::kError, 0, 0, 2);
            draw->AddText(ImVec2(cx - r + 3, y0), palette::kError, "?");
        }
        draw->AddText(ImVec2(cx + r + 4, y0 + (y1 - y0 - ImGui::GetTextLineHeight()) * 0.5f), palette::kText,
                      row.label.c_str());
        return BarBox{cx - r - 2, y0, cx + r + 2, y1};
    }
    if (xb - xa < 3) xb = xa + 3;
    ImVec2 a(xa, y0), b(xb, y1);
    uint8_t alpha = row.timing == EventTiming::EndBeforeStart ? 0x70 : 0xD8;
    if (row.timing == EventTiming::OpenEnd) {
        // Solid to the animation's end, then a fade and an arrow: it lasts "until the end".
        float solid_end = std::max(xa + 3, axis.x(std::max(length, double(row.start))));
        float fade_end = solid_end + 40;
        draw->AddRectFilled(a, ImVec2(solid_end, y1), with_alpha(color, alpha), 2);
        draw->AddRectFilledMultiColor(ImVec2(solid_end, y0), ImVec2(fade_end, y1), with_alpha(color, alpha), 0, 0,
                                      with_alpha(color, alpha));
        float my = (y0 + y1) * 0.5f;
        draw->AddTriangleFilled(ImVec2(fade_end, y0), ImVec2(fade_end + 8, my), ImVec2(fade_end, y1),
                                with_alpha(color, 0xFF));
        b.x = fade_end + 8;
    } else {
        draw->AddRectFilled(a, b, with_alpha(color, alpha), 2);
    }
    if (row.timing == EventTiming::NegativeStart) {
        float zero = std::min(axis.x(0.0), b.x);
        draw_hatch(draw, a, ImVec2(zero, y1), 0xB0000000);
    }
    if (row.timing == EventTiming::EndBeforeStart) {
        draw->AddRect(a, b, palette::kError, 2, 0, 2);
        float my = (y0 + y1) * 0.5f;
        draw->AddTriangleFilled(ImVec2(xa - 8, my), ImVec2(xa, y0), ImVec2(xa, y1), palette::kError);
    }
    if (selected) draw->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), 0xFFFFFFFF, 2, 0, 2);
    // The label inside the bar, clipped to it (or just after a bar too short to hold it).
    float text_y = y0 + (y1 - y0 - ImGui::GetTextLineHeight()) * 0.5f;
    float text_width = ImGui::CalcTextSize(row.label.c_str()).x;
    float visible_left = std::max(a.x, axis.x0) + 4;
    if (b.x - visible_left > text_width * 0.5f) {
        draw->PushClipRect(ImVec2(visible_left - 4, y0), ImVec2(b.x - 2, y1), true);
        draw->AddText(ImVec2(visible_left, text_y), 0xFF101010, row.label.c_str());
        draw->PopClipRect();
    } else {
        draw->AddText(ImVec2(b.x + 4, text_y), palette::kTextDim, row.label.c_str());
    }
    return BarBox{a.x, a.y, b.x, b.y};
}

// A bar in a row too thin for text: one plain rectangle over the event's extent in its type's
// colour (white when selected), so that an overview of thousands of events costs a quad each.
// The irregular kinds keep their extent (an instant gets a 3 px tick) but not their marks; the
// tooltip still explains them.
BarBox draw_thin_bar(ImDrawList* draw, const TimeAxis& axis, const TimelineRow& row, double length,
                     RowLayout::Band band, bool selected, bool hovered) {
    auto [y0, y1] = band.inner();
    float xa = axis.x(row.bar_start), xb = axis.x(row.bar_end);
    if (row.timing == EventTiming::ZeroLength || row.timing == EventTiming::NotFinite)
        xa -= 1.5f, xb = xa;
    else if (row.timing == EventTiming::OpenEnd)
        xb = axis.x(std::max(length, double(row.start)));
    if (xb - xa < 3) xb = xa + 3;
    uint32_t color = selected ? 0xFFFFFFFF : hovered ? brighten(row.color) : row.color;
    draw->AddRectFilled(ImVec2(xa, y0), ImVec2(xb, y1), color);
    return BarBox{xa, y0, xb, y1};
}

// With the game's params open: a mark after each attack event's bar, a dot when its chain leads
// to hit shapes, a cross when it misses (the reason in the event's tooltip).
void draw_attack_mark(ImDrawList* draw, const BarBox& box, const AttackEvent& attack) {
    const float cy = (box.y0 + box.y1) * 0.5f, r = std::max(2.5f, (box.y1 - box.y0) * 0.22f);
    const float cx = box.x1 + r + 3;
    if (attack.miss == AttackMiss::None) {
        draw->AddCircleFilled(ImVec2(cx, cy), r, 0xFF60D060);
    } else {
        draw->AddLine(ImVec2(cx - r, cy - r), ImVec2(cx + r, cy + r), palette::kError, 2);
        draw->AddLine(ImVec2(cx - r, cy + r), ImVec2(cx + r, cy - r), palette::kError, 2);
    }
}

// The selected animation's attack events by their index as stored (empty without params).
std::map<uint32_t, const AttackEvent*> attack_events_of_selection(App& app) {
    std::map<uint32_t, const AttackEvent*> out;
    const AttackChain* chain = app.attack_chain();
    const AppState& s = app.state();
    if (!chain || s.selection.tae_file < 0 || s.selection.animation < 0) return out;
    for (size_t i : chain->events_of(size_t(s.selection.tae_file), size_t(s.selection.animation)))
        out[chain->events()[i].event_index] = &chain->events()[i];
    return out;
}

void event_tooltip(const App& app, const TimelineRow& row) {
    const TaeAnimation* animation = app.selected_animation();
    if (!animation) return;
    const TaeEvent& e = animation->events[row.event_index];
    ImGui::BeginTooltip();
    ImGui::Text("#%u  %s  (type %d)", row.event_index, row.label.c_str(), row.type);
    const AppState& st = app.state();
    if (const AttackEvent* attack = st.selection.tae_file >= 0 && st.selection.animation >= 0
                                        ? app.params().attack_event(size_t(st.selection.tae_file),
                                                                    size_t(st.selection.animation), row.event_index)
                                        : nullptr) {
        if (attack->miss == AttackMiss::None)
            ImGui::TextColored(ImVec4(0.4f, 0.85f, 0.4f, 1), "%s %d -> %s %d: %zu hit shape slot%s", attack->behavior_param.c_str(),
                               attack->behavior_row, attack->atk_param.c_str(), attack->atk_row.value_or(-1),
                               attack->hits.size(), attack->hits.size() == 1 ? "" : "s");
        else
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "no hit shapes: %s", attack->miss_text.c_str());
    }
    ImGui::Separator();
    auto time_line = [](const char* what, float t, uint32_t bits) {
        if (std::isfinite(t) && std::fabs(t) < 1e30f)
            ImGui::Text("%s %9.4f s  frame %7.2f   (0x%08X)", what, t, t * kFramesPerSecond, bits);
        else
            ImGui::Text("%s %g   (0x%08X)", what, t, bits);
    };
    time_line("start", row.start, e.start_bits);
    time_line("end  ", row.end, e.end_bits);
    if (row.group >= 0) ImGui::TextDisabled("member of group %d", row.group);
    if (row.irregular()) {
        ImGui::Spacing();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kWarning));
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32);
        if (row.timing != EventTiming::Regular)
            ImGui::Text("%s: %s", event_timing_id(row.timing), event_timing_explanation(row.timing));
        if (row.after_end) ImGui::Text("after-end: %s", after_end_explanation(app.timeline(), row).c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    ImGui::EndTooltip();
}

// Which part of a bar the mouse is over: the body moves the event, an edge resizes it.
enum class BarPart : uint8_t { None, Body, StartEdge, EndEdge, Label };

struct RowHit {
    int event = -1;
    BarPart part = BarPart::None;
};

constexpr float kEdgeGrabPixels = 4;

BarPart part_under_mouse(const TimeAxis& axis, const TimelineRow& row, const BarBox& box, float mouse_x) {
    bool has_edges = row.timing == EventTiming::Regular || row.timing == EventTiming::NegativeStart ||
                     row.timing == EventTiming::EndBeforeStart || row.timing == EventTiming::OpenEnd;
    if (!has_edges || box.x1 - box.x0 < 3 * kEdgeGrabPixels) return BarPart::Body;
    float start_x = axis.x(row.start);
    if (std::fabs(mouse_x - start_x) <= kEdgeGrabPixels) return BarPart::StartEdge;
    if (row.timing != EventTiming::OpenEnd && std::fabs(mouse_x - axis.x(row.end)) <= kEdgeGrabPixels)
        return BarPart::EndEdge;
    return BarPart::Body;
}

// The events whose bars meet the rectangle between two screen points (rows x time).
std::vector<int> events_in_marquee(const TimeAxis& axis, const TimelineModel& model, const RowLayout& rows, ImVec2 a,
                                   ImVec2 b) {
    std::vector<int> out;
    double t0 = axis.time(std::min(a.x, b.x)), t1 = axis.time(std::max(a.x, b.x));
    float y0 = std::min(a.y, b.y), y1 = std::max(a.y, b.y);
    auto [first, last] = rows.rows_meeting(y0, y1);
    for (int r = first; r < last; ++r) {
        RowLayout::Band band = rows.band(r);
        if (band.y1 <= y0 || band.y0 > y1) continue;
        const TimelineRow& row = model.rows[size_t(r)];
        if (row.timing == EventTiming::NotFinite) continue;
        double lo = std::min(row.bar_start, row.bar_end), hi = std::max(row.bar_start, row.bar_end);
        if (hi >= t0 && lo <= t1) out.push_back(int(row.event_index));
    }
    return out;
}

// Left button on the rows: press selects (Ctrl toggles, Shift adds), a drag on a bar moves the
// selected events (on an edge: resizes the event) snapped to frames (Alt: free), a drag on
// empty space draws a marquee, Ctrl+click on empty space adds an event, a click on empty space
// moves the playhead. One gesture is one undo step.
void handle_left_button(App& app, const TimeAxis& axis, const TimelineModel& model, RowHit hit, bool hovered,
                        bool active, bool activated, const RowLayout& rows) {
    AppState& s = app.state();
    ImGuiIO& io = ImGui::GetIO();
    TimelineGesture& g = s.edit.gesture;
    const TaeAnimation* animation = app.selected_animation();
    if (!animation) return;
    if (activated && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        g = TimelineGesture{};
        g.pressed = true;
        g.tae_file = s.selection.tae_file;
        g.animation = s.selection.animation;
        g.press_x = io.MousePos.x;
        g.press_y = io.MousePos.y;
        g.press_time = axis.time(io.MousePos.x);
        if (hit.event >= 0 && hit.part != BarPart::Label) {
            if (io.KeyCtrl) {
                app.toggle_event_selected(hit.event);
                g.moved = true;  // no drag, no select on release
            } else {
                if (io.KeyShift) {
                    if (!s.selection.is_event_selected(hit.event)) app.toggle_event_selected(hit.event);
                } else if (!s.selection.is_event_selected(hit.event)) {
                    app.select_event(hit.event);
                }
                const TaeEvent& e = animation->events[size_t(hit.event)];
                g.kind = hit.part == BarPart::StartEdge ? TimelineDrag::ResizeStart
                         : hit.part == BarPart::EndEdge ? TimelineDrag::ResizeEnd
                                                        : TimelineDrag::Move;
                g.anchor_event = hit.event;
                g.anchor_start = g.kind == TimelineDrag::ResizeEnd ? e.end() : e.start();
                g.events = {hit.event};
                if (g.kind == TimelineDrag::Move)
                    for (int other : s.selection.events)
                        if (other != hit.event) g.events.push_back(other);
                g.drag_id = s.edit.next_drag_id++;
            }
        } else if (hit.event < 0 && io.MousePos.x >= axis.x0) {
            if (io.KeyCtrl) {
                app.add_event_at(g.press_time, !io.KeyAlt);
                g.moved = true;
            } else {
                g.kind = TimelineDrag::Marquee;
                g.additive = io.KeyShift;
                g.selection_before = s.selection.events;
            }
        }
    }
    if (g.pressed && (g.tae_file != s.selection.tae_file || g.animation != s.selection.animation))
        g = TimelineGesture{};  // another animation came on screen mid-gesture: it edits nothing
    if (g.pressed && active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3)) {
        bool snap = !io.KeyAlt;
        double moved_by = axis.time(io.MousePos.x) - g.press_time;
        size_t tae = size_t(s.selection.tae_file), anim = size_t(s.selection.animation);
        const TaeEvent* anchor = g.anchor_event >= 0 && size_t(g.anchor_event) < animation->events.size()
                                     ? &animation->events[size_t(g.anchor_event)]
                                     : nullptr;
        if (g.kind == TimelineDrag::Move && anchor) {
            double target = g.anchor_start + moved_by;
            if (stored_time(target, snap) != anchor->start()) {
                std::vector<uint32_t> events;
                for (int e : g.events) events.push_back(uint32_t(e));
                app.apply_edit(MoveEvents{{tae, anim}, events, target, snap, g.drag_id});
                g.moved = true;
            }
        } else if ((g.kind == TimelineDrag::ResizeStart || g.kind == TimelineDrag::ResizeEnd) && anchor) {
            EventEdge edge = g.kind == TimelineDrag::ResizeStart ? EventEdge::Start : EventEdge::End;
            double target = g.anchor_start + moved_by;
            float now = edge == EventEdge::Start ? anchor->start() : anchor->end();
            if (stored_time(target, snap) != now) {
                app.apply_edit(ResizeEvent{{tae, anim, uint32_t(g.anchor_event)}, edge, target, snap, g.drag_id});
                g.moved = true;
            }
        } else if (g.kind == TimelineDrag::Marquee) {
            std::vector<int> events = events_in_marquee(axis, model, rows, ImVec2(g.press_x, g.press_y), io.MousePos);
            if (g.additive) events.insert(events.end(), g.selection_before.begin(), g.selection_before.end());
            app.set_event_selection(events, s.selection.event);
            g.moved = true;
        }
    }
    if (g.pressed && ImGui::IsMouseReleased(ImGuiMouseButton_Left)) {
        bool click = io.MouseDragMaxDistanceSqr[0] < 9 && !g.moved;
        if (click && hovered) {
            if (hit.event >= 0 && !io.KeyShift)
                app.select_event(hit.event);
            else if (hit.event < 0 && io.MousePos.x >= axis.x0)
                app.set_time(std::round(axis.time(io.MousePos.x) / app.frame_seconds()) * app.frame_seconds());
        }
        g = TimelineGesture{};
    }
}

// The type the context menu's Change type / Add event use, with its template name.
void event_type_input(App& app) {
    int& type = app.state().edit.new_event_type;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
    ImGui::InputInt("type", &type);
    const TaeFileInfo* info = app.selected_tae_info();
    ImGui::TextDisabled("%s", event_type_label(info ? info->templates : nullptr, type).c_str());
}

// The right-click menu: what can be done to the events under the mouse, or at that time.
void draw_context_menu(App& app) {
    AppState& s = app.state();
    EditUiState& edit = s.edit;
    if (!ImGui::BeginPopup("##timeline-context")) return;
    std::vector<uint32_t> selected = app.selected_events();
    char label[96];
    if (edit.context_event >= 0 && !selected.empty()) {
        std::snprintf(label, sizeof label, "%zu event%s selected", selected.size(), selected.size() == 1 ? "" : "s");
        ImGui::TextDisabled("%s", label);
        if (ImGui::MenuItem("Copy", "Ctrl+C")) app.copy_to_system_clipboard(app.copy_selected_events());
        if (ImGui::MenuItem("Cut", "Ctrl+X")) {
            app.copy_to_system_clipboard(app.copy_selected_events());
            app.delete_selected_events();
        }
        if (ImGui::MenuItem("Duplicate", "Ctrl+D")) app.duplicate_selected_events();
        if (ImGui::MenuItem("Delete", "Del")) app.delete_selected_events();
        if (selected.size() == 1 && ImGui::BeginMenu("Change type")) {
            event_type_input(app);
            ImGui::Checkbox("reset parameters to the template's defaults", &edit.reset_parameters_on_type_change);
            if (ImGui::Button("Apply")) {
                app.apply_edit(
                    ChangeEventType{{size_t(s.selection.tae_file), size_t(s.selection.animation), selected.front()},
                                    edit.new_event_type,
                                    edit.reset_parameters_on_type_change});
                ImGui::CloseCurrentPopup();
            }
            ImGui::EndMenu();
        }
        ImGui::Separator();
    }
    bool can_paste = !edit.clipboard.empty();
    std::snprintf(label, sizeof label, "Paste here (frame %.0f)", std::round(edit.context_seconds * kFramesPerSecond));
    if (ImGui::MenuItem(label, nullptr, false, can_paste)) app.paste_events("", edit.context_seconds);
    if (ImGui::MenuItem("Paste at the playhead", "Ctrl+V", false, can_paste)) app.paste_events("", s.timeline.time);
    if (ImGui::BeginMenu("Add event here")) {
        event_type_input(app);
        if (ImGui::Button("Add (10 frames)")) {
            app.add_event_at(edit.context_seconds, true);
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Select all", "Ctrl+A")) app.select_all_events();
    if (ImGui::MenuItem("Undo", "Ctrl+Z", false, app.state().document->session.can_undo())) app.undo();
    if (ImGui::MenuItem("Redo", "Ctrl+Y", false, app.state().document->session.can_redo())) app.redo();
    ImGui::EndPopup();
}

void draw_toolbar(App& app) {
    TimelineState& view = app.state().timeline;
    const TimelineModel& model = app.timeline();
    if (ImGui::Button(view.playing ? "Pause" : "Play ")) app.toggle_play();
    ImGui::SameLine();
    if (ImGui::Button("Fit")) app.request_fit();
    ImGui::SameLine();
    // Fit rows stays pressed while it holds: the rows follow the panel's height and the animation.
    if (view.fit_rows) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    bool toggle_fit_rows = ImGui::Button("Fit rows");
    if (view.fit_rows) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Every row in the visible height (R; again: the normal height).\nCtrl+wheel over the rows "
            "zooms their height.");
    if (toggle_fit_rows) app.toggle_fit_timeline_rows();
    ImGui::SameLine(0, 2);
    ImGui::BeginDisabled(!view.fit_rows && view.row_height == 0);
    if (ImGui::Button("1:1")) app.set_timeline_row_height(0);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Rows at the normal height");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::ArrowButton("##prev", ImGuiDir_Left)) app.step_frames(-1);
    ImGui::SameLine(0, 2);
    if (ImGui::ArrowButton("##next", ImGuiDir_Right)) app.step_frames(1);
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::Text("frame %3.0f / %d   %6.3f s / %.3f s", std::round(view.time * kFramesPerSecond), model.frame_count(),
                view.time, model.length);
    if (model.true_length >= 0) {
        // The clip's own frames (Havok): its rate drives playback and the frame steps.
        const AnimationLength& length = app.selected_length();
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kTrueEnd), "| clip %3.0f / %u @ %.0f fps",
                           std::round(view.time / length.frame_duration), length.frame_count,
                           1.0 / length.frame_duration);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "The animation's own frames, from its Havok data: %u frames of %.4f s, %.4f s in all%s.\n"
                "Play and the frame steps use this rate; the ruler counts the TAE's 30 fps frames.",
                length.frame_count, length.frame_duration, length.duration, length.additive ? ", additive" : "");
    } else if (const AnimationLength& length = app.selected_length(); !length.reason.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("| length from events");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("No true length: %s", length.reason.c_str());
    }
    ImGui::SameLine();
    size_t irregular = 0;
    for (const TimelineRow& row : model.rows) irregular += row.irregular();
    ImGui::TextDisabled("| %zu events", model.rows.size());
    ImGui::SameLine();
    static const char* orders[] = {"rows: stored order", "rows: by event group", "rows: by type"};
    int order = int(view.row_order);
    ImGui::SetNextItemWidth(ImGui::CalcTextSize(orders[1]).x + ImGui::GetFrameHeight() * 1.5f);
    if (ImGui::Combo("##row-order", &order, orders, 3)) app.set_row_order(TimelineRowOrder(order));
    if (irregular) {
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning), "| %zu irregular", irregular);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Events whose times are unusual; hover a bar for the reason.\nLegend: Help (F1).");
    }
}

}  // namespace

void draw_timeline_panel(App& app, const PanelRect& rect) {
    AppState& s = app.state();
    TimelineState& view = s.timeline;
    const TimelineModel& model = app.timeline();
    place_next_window(rect);
    char title[160];
    const TaeAnimation* animation = app.selected_animation();
    const DocumentTae* entry = app.selected_tae_entry();
    std::snprintf(title, sizeof title, "Timeline  %s###Timeline",
                  animation && entry ? full_animation_name(*entry, *animation).c_str() : "");
    ImGui::Begin(title, &s.windows.timeline,
                 kTiledWindowFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    if (!animation) {
        ImGui::TextDisabled("Select an animation in the Files panel.");
        ImGui::End();
        return;
    }
    if (view.fit_requested) {
        fit_view(view, model);
        view.fit_requested = false;
    }
    draw_toolbar(app);

    ImDrawList* draw = ImGui::GetWindowDrawList();
    ImGuiIO& io = ImGui::GetIO();
    const float line = ImGui::GetTextLineHeight();
    const float label_width = std::clamp(ImGui::GetContentRegionAvail().x * 0.2f, 110.0f, 220.0f);
    const float ruler_height = line * 2 + 10;
    const float normal_row_height = line + 8;
    const float scrollbar = ImGui::GetStyle().ScrollbarSize;
    const int row_count = int(model.rows.size());

    ImVec2 origin = ImGui::GetCursorScreenPos();
    ImVec2 avail = ImGui::GetContentRegionAvail();
    TimeAxis axis;
    axis.x0 = origin.x + label_width;
    axis.x1 = origin.x + avail.x - scrollbar;
    axis.start = view.view_start;
    axis.end = view.view_end;
    // Whole pixels, as ImGui sizes the child: a fit must not leave a fraction of a pixel to scroll.
    const float rows_view_height = std::max(1.0f, std::floor(avail.y - ruler_height));

    // ---- the row height: Ctrl+wheel over the rows zooms it around the row under the mouse ----
    // Settled before the rows' child begins, so that its scroll and content height follow the
    // new height in this very frame (no frame drawn with the old scroll and the new height).
    const TimelineState::Geometry drawn = view.geometry;  // last frame's
    const bool rows_were_drawn = drawn.row_height > 0 && drawn.rows_visible_bottom > drawn.rows_visible_top;
    TimelineState::RowAnchor keep;  // the (fractional) row that stays at a screen y; row < 0: none yet
    if (rows_were_drawn && io.KeyCtrl && io.MouseWheel != 0 && ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) &&
        ImGui::IsMouseHoveringRect(ImVec2(origin.x, origin.y + ruler_height), ImVec2(axis.x1, origin.y + avail.y))) {
        app.set_timeline_row_height(drawn.row_height * std::pow(kRowZoomPerWheelStep, io.MouseWheel));
        keep = {(io.MousePos.y - drawn.rows_top) / drawn.row_height, io.MousePos.y};
        // Successive steps with the mouse still keep the very same row: worked out again from
        // ImGui's whole-pixel scroll each step, it would drift by up to half a pixel a step.
        const TimelineState::RowAnchor& last = view.row_zoom_anchor;
        if (last.y == keep.y && last.row >= 0 && std::fabs(last.row - keep.row) * drawn.row_height < 1)
            keep.row = last.row;
        view.row_zoom_anchor = keep;
    }
    const float row_height = row_height_to_draw(view, normal_row_height, rows_view_height, row_count);
    // A zoom starts from the height on screen, and the normal height is "not zoomed" (1:1).
    if (!view.fit_rows && view.row_height != 0)
        view.row_height = std::fabs(row_height - normal_row_height) < 0.01f ? 0 : row_height;
    if (rows_were_drawn && row_height != drawn.row_height) {
        // Without the mouse (toolbar, key, page), the selected row stays put if it is in view,
        // else the middle of the view does.
        if (keep.row < 0) {
            keep.y = (drawn.rows_visible_top + drawn.rows_visible_bottom) * 0.5f;
            if (s.selection.event >= 0 && size_t(s.selection.event) < model.row_of_event.size()) {
                float y =
                    drawn.rows_top + (float(model.row_of_event[size_t(s.selection.event)]) + 0.5f) * drawn.row_height;
                if (y >= drawn.rows_visible_top && y < drawn.rows_visible_bottom) keep.y = y;
            }
            keep.row = (keep.y - drawn.rows_top) / drawn.row_height;
        }
        float max_scroll = std::max(0.0f, float(row_count) * row_height - rows_view_height);
        float scroll = keep.row * row_height - (keep.y - drawn.rows_visible_top);
        ImGui::SetNextWindowScroll(ImVec2(-1.0f, std::clamp(scroll, 0.0f, max_scroll)));
    }

    // ---- the ruler: drag to move the playhead ----
    ImGui::SetCursorScreenPos(ImVec2(axis.x0, origin.y));
    ImGui::InvisibleButton("##ruler", ImVec2(std::max(1.0f, axis.x1 - axis.x0), ruler_height));
    if (ImGui::IsItemActive()) {
        view.playing = false;
        // Snapped to the animation's own frames (the clip's rate when it has one).
        double t = axis.time(io.MousePos.x);
        app.set_time(std::round(t / app.frame_seconds()) * app.frame_seconds());
    }
    if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    draw_ruler(draw, axis, ImVec2(axis.x0, origin.y), ImVec2(axis.x1, origin.y + ruler_height), model.length);
    draw_true_end(draw, axis, model, origin.y, origin.y + ruler_height, true);
    draw->AddText(ImVec2(origin.x + 4, origin.y + 1), palette::kTextDim, "event");
    draw->AddText(ImVec2(origin.x + 4, origin.y + 1 + line), palette::kTextDim, "frames / s");

    // ---- the rows, in a child that scrolls vertically ----
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + ruler_height));
    // The scroll range is the rows' height as of this frame's row height (ImGui would otherwise
    // clamp a zoom's new scroll to last frame's content).
    ImGui::SetNextWindowContentSize(ImVec2(0.0f, float(row_count) * row_height));
    ImGui::BeginChild("##rows", ImVec2(avail.x, rows_view_height), false,
                      ImGuiWindowFlags_AlwaysVerticalScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImDrawList* rows_draw = ImGui::GetWindowDrawList();
    ImVec2 rows_origin = ImGui::GetCursorScreenPos();
    float content_height = std::max(float(row_count) * row_height, ImGui::GetWindowHeight());
    ImGui::InvisibleButton(
        "##canvas", ImVec2(std::max(1.0f, avail.x - scrollbar), content_height),
        ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    bool canvas_hovered = ImGui::IsItemHovered();
    bool canvas_active = ImGui::IsItemActive();
    bool canvas_activated = ImGui::IsItemActivated();
    RowLayout rows{rows_origin.y, row_height, row_height >= line, row_count};

    if (view.scroll_to_selected_event && s.selection.event >= 0) {
        view.scroll_to_selected_event = false;
        int selected_row = size_t(s.selection.event) < model.row_of_event.size()
                               ? model.row_of_event[size_t(s.selection.event)]
                               : s.selection.event;
        float y = float(selected_row) * row_height, top = ImGui::GetScrollY(), height = ImGui::GetWindowHeight();
        if (y < top || y + row_height > top + height) {
            ImGui::SetScrollY(std::max(0.0f, y - height * 0.4f));  // applied from the next frame on
        }
    }
    float visible_top = ImGui::GetScrollY(), visible_bottom = visible_top + ImGui::GetWindowHeight();
    int first_visible = std::clamp(int(std::floor(visible_top / row_height)), 0, row_count);
    int end_visible = std::clamp(int(std::ceil(visible_bottom / row_height)), first_visible, row_count);
    view.geometry.axis_x0 = axis.x0;
    view.geometry.axis_x1 = axis.x1;
    view.geometry.rows_top = rows_origin.y;
    view.geometry.row_height = row_height;
    view.geometry.normal_row_height = normal_row_height;
    view.geometry.rows_visible_top = ImGui::GetWindowPos().y;
    view.geometry.rows_visible_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
    view.geometry.visible_rows = end_visible - first_visible;
    view.geometry.row_labels = rows.labelled;

    // Which bar is under the mouse: the last drawn whose band and extent hold it.
    view.hovered_event = -1;
    float clip_top = ImGui::GetWindowPos().y, clip_bottom = clip_top + ImGui::GetWindowHeight();
    auto [first_row, last_row] = rows.rows_meeting(clip_top, clip_bottom);

    // Background: alternating rows, the part outside the animation dimmed, grid at labelled ticks.
    float rows_left = ImGui::GetWindowPos().x, rows_right = axis.x1;
    if (row_height >= kStripedRowHeight) {
        for (int r = first_row; r < last_row; ++r) {
            float y = rows.y(r);
            rows_draw->AddRectFilled(ImVec2(rows_left, y), ImVec2(rows_right, y + row_height),
                                     (r & 1) ? palette::kRowOdd : palette::kRowEven);
        }
    } else if (row_count > 0) {
        rows_draw->AddRectFilled(ImVec2(rows_left, std::max(clip_top, rows.y(0))),
                                 ImVec2(rows_right, std::min(clip_bottom, rows.band(row_count - 1).y1)),
                                 palette::kRowEven);
    }
    rows_draw->PushClipRect(ImVec2(axis.x0, clip_top), ImVec2(axis.x1, clip_bottom), true);
    rows_draw->AddRectFilled(ImVec2(axis.x0, clip_top), ImVec2(axis.x(0.0), clip_bottom), palette::kOutsideAnimation);
    rows_draw->AddRectFilled(ImVec2(axis.x(model.length), clip_top), ImVec2(axis.x1, clip_bottom),
                             palette::kOutsideAnimation);
    {
        int step = label_step_frames(axis, ImGui::CalcTextSize("00000f").x + 12);
        long first = long(std::floor(axis.start * kFramesPerSecond / step)) * step;
        for (long frame = first; frame <= long(axis.end * kFramesPerSecond) + step; frame += step) {
            float x = axis.x(frame / kFramesPerSecond);
            rows_draw->AddLine(ImVec2(x, clip_top), ImVec2(x, clip_bottom), palette::kGrid);
        }
    }
    BarPart hovered_part = BarPart::None;
    const ImVec2 mouse = io.MousePos;
    const std::map<uint32_t, const AttackEvent*> attacks = attack_events_of_selection(app);
    for (int r = first_row; r < last_row; ++r) {
        const TimelineRow& row = model.rows[size_t(r)];
        RowLayout::Band band = rows.band(r);
        bool selected = s.selection.is_event_selected(int(row.event_index));
        BarBox box = rows.labelled
                         ? draw_event_bar(rows_draw, axis, row, model.length, band.y0, row_height, selected, false)
                         : draw_thin_bar(rows_draw, axis, row, model.length, band, selected, false);
        if (auto attack = attacks.find(row.event_index); attack != attacks.end())
            draw_attack_mark(rows_draw, box, *attack->second);
        if (canvas_hovered && mouse.x >= axis.x0 && band.contains(mouse.y) && mouse.x >= box.x0 - kEdgeGrabPixels &&
            mouse.x <= box.x1 + kEdgeGrabPixels) {
            view.hovered_event = int(row.event_index);
            hovered_part = part_under_mouse(axis, row, box, mouse.x);
        }
    }
    rows_draw->PopClipRect();

    // Labels column (drawn over the bars' overflow to the left). Thin rows keep the type's
    // colour swatch, the selection and a mark for irregular events, without text.
    rows_draw->AddRectFilled(ImVec2(rows_left, clip_top), ImVec2(axis.x0, clip_bottom), 0xFF1E1A18);
    for (int r = first_row; r < last_row; ++r) {
        const TimelineRow& row = model.rows[size_t(r)];
        RowLayout::Band band = rows.band(r);
        bool selected = s.selection.is_event_selected(int(row.event_index));
        bool irregular = row.irregular();
        uint32_t irregular_color = row.timing == EventTiming::EndBeforeStart ? palette::kError : palette::kWarning;
        if (selected) rows_draw->AddRectFilled(ImVec2(rows_left, band.y0), ImVec2(axis.x0, band.y1), 0x60F0B050);
        if (rows.labelled) {
            float y = band.y0;
            bool active = view.time >= row.bar_start && view.time < row.bar_end;
            rows_draw->AddRectFilled(ImVec2(rows_left + 2, y + 3), ImVec2(rows_left + 6, y + row_height - 3),
                                     row.color);
            char text[200];
            std::snprintf(text, sizeof text, "%3u %s", row.event_index, row.label.c_str());
            rows_draw->PushClipRect(ImVec2(rows_left, y), ImVec2(axis.x0 - (irregular ? 16 : 4), y + row_height), true);
            rows_draw->AddText(ImVec2(rows_left + 10, y + 4), active ? palette::kText : palette::kTextDim, text);
            rows_draw->PopClipRect();
            if (irregular) rows_draw->AddText(ImVec2(axis.x0 - 12, y + 4), irregular_color, "!");
        } else {
            RowLayout::Band inner = band.inner();
            rows_draw->AddRectFilled(ImVec2(rows_left + 2, inner.y0), ImVec2(rows_left + 6, inner.y1), row.color);
            if (irregular)
                rows_draw->AddRectFilled(ImVec2(axis.x0 - 12, inner.y0), ImVec2(axis.x0 - 8, inner.y1),
                                         irregular_color);
        }
        if (canvas_hovered && band.contains(mouse.y) && mouse.x < axis.x0) {
            view.hovered_event = int(row.event_index);
            hovered_part = BarPart::Label;
        }
        if (row_height >= kStripedRowHeight && model.starts_section(size_t(r)))
            rows_draw->AddLine(ImVec2(rows_left, band.y0), ImVec2(axis.x1, band.y0), palette::kGridMajor, 1.5f);
    }
    if (view.hovered_event >= 0) {
        // Outline the hovered bar again, brighter, on top.
        int hovered_row = model.row_of_event[size_t(view.hovered_event)];
        const TimelineRow& row = model.rows[size_t(hovered_row)];
        RowLayout::Band band = rows.band(hovered_row);
        bool selected = s.selection.is_event_selected(int(row.event_index));
        rows_draw->PushClipRect(ImVec2(axis.x0, clip_top), ImVec2(axis.x1, clip_bottom), true);
        if (rows.labelled)
            draw_event_bar(rows_draw, axis, row, model.length, band.y0, row_height, selected, true);
        else
            draw_thin_bar(rows_draw, axis, row, model.length, band, selected, true);
        rows_draw->PopClipRect();
        event_tooltip(app, row);
    }

    // ---- mouse: wheel zooms time around the cursor, right/middle drags pan ----
    // (Ctrl+wheel zoomed the rows above.)
    if (canvas_hovered && io.MouseWheel != 0 && !io.KeyCtrl) {
        if (io.KeyShift) {
            // At least three normal rows' worth a step, or a zoomed-out view would barely move.
            ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseWheel * std::max(row_height, normal_row_height) * 3);
        } else {
            double anchor = io.MousePos.x >= axis.x0 ? axis.time(io.MousePos.x) : view.time;
            zoom_around(view, anchor, std::pow(1.2, -double(io.MouseWheel)));
        }
    }
    if (canvas_hovered && io.MouseWheelH != 0) {
        double shift = -io.MouseWheelH * 40 * axis.seconds_per_pixel();
        view.view_start += shift;
        view.view_end += shift;
    }
    bool panning = canvas_active && (ImGui::IsMouseDragging(ImGuiMouseButton_Right, 1) ||
                                     ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 1));
    if (panning) {
        double shift = -io.MouseDelta.x * axis.seconds_per_pixel();
        view.view_start += shift;
        view.view_end += shift;
        ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
        ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
    }

    // ---- left button: select, drag bars and edges, marquee, Ctrl+click adds ----
    RowHit hit{view.hovered_event, hovered_part};
    handle_left_button(app, axis, model, hit, canvas_hovered, canvas_active, canvas_activated, rows);
    TimelineGesture& gesture = s.edit.gesture;
    if (gesture.kind == TimelineDrag::Marquee && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3)) {
        ImVec2 a(std::min(gesture.press_x, io.MousePos.x), std::min(gesture.press_y, io.MousePos.y));
        ImVec2 b(std::max(gesture.press_x, io.MousePos.x), std::max(gesture.press_y, io.MousePos.y));
        rows_draw->AddRectFilled(a, b, 0x30F0B050);
        rows_draw->AddRect(a, b, 0xC0F0B050);
    }
    if (hovered_part != BarPart::Body && hovered_part != BarPart::None)
        ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    if (canvas_hovered && view.hovered_event < 0 && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && !io.KeyCtrl)
        app.request_fit();

    // ---- right click (no drag): the context menu ----
    if (canvas_hovered && ImGui::IsMouseReleased(ImGuiMouseButton_Right) && io.MouseDragMaxDistanceSqr[1] < 9) {
        s.edit.context_event = view.hovered_event;
        s.edit.context_seconds = io.MousePos.x >= axis.x0 ? axis.time(io.MousePos.x) : view.time;
        if (view.hovered_event >= 0 && !s.selection.is_event_selected(view.hovered_event))
            app.select_event(view.hovered_event);
        if (view.hovered_event >= 0)
            s.edit.new_event_type = model.rows[size_t(model.row_of_event[size_t(view.hovered_event)])].type;
        ImGui::OpenPopup("##timeline-context");
    }
    draw_context_menu(app);

    draw_true_end(rows_draw, axis, model, clip_top, clip_bottom, false);
    // Playhead over the rows.
    float playhead_x = axis.x(view.time);
    if (playhead_x >= axis.x0 && playhead_x <= axis.x1)
        draw_playhead(rows_draw, playhead_x, clip_top, clip_bottom, false);
    ImGui::EndChild();
    if (playhead_x >= axis.x0 && playhead_x <= axis.x1)
        draw_playhead(draw, playhead_x, origin.y, origin.y + ruler_height, true);
    ImGui::End();
}

}  // namespace taescope::web
