#include "timeline_model.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

#include "share/timeline_image.h"

namespace taescope::web {

const char* event_timing_id(EventTiming timing) {
    switch (timing) {
        case EventTiming::Regular:
            return "regular";
        case EventTiming::NegativeStart:
            return "negative-start";
        case EventTiming::EndBeforeStart:
            return "end-before-start";
        case EventTiming::OpenEnd:
            return "open-end";
        case EventTiming::ZeroLength:
            return "zero-length";
        case EventTiming::NotFinite:
            return "not-finite";
    }
    return "?";
}

const char* event_timing_explanation(EventTiming timing) {
    switch (timing) {
        case EventTiming::Regular:
            return "Starts and ends within the animation.";
        case EventTiming::NegativeStart:
            return "Starts before 0: the event is already active when the animation begins (the part before 0 is "
                   "hatched).";
        case EventTiming::EndBeforeStart:
            return "Ends before it starts: the stored span is reversed. Drawn from end to start with a red outline.";
        case EventTiming::OpenEnd:
            return "End stored as the largest float (3.4e38): the event lasts until the animation ends. Drawn to the "
                   "end with an arrow.";
        case EventTiming::ZeroLength:
            return "Starts and ends at the same time: an instant, drawn as a diamond.";
        case EventTiming::NotFinite:
            return "A time is NaN or infinite: shown at 0, outlined.";
    }
    return "";
}

EventTiming classify_event_timing(const TaeEvent& event) {
    float start = event.start(), end = event.end();
    if (!std::isfinite(start) || std::isnan(end)) return EventTiming::NotFinite;
    if (event.end_bits == kF32MaxBits || (std::isinf(end) && end > 0)) return EventTiming::OpenEnd;
    if (!std::isfinite(end)) return EventTiming::NotFinite;
    if (end < start) return EventTiming::EndBeforeStart;
    if (start < 0) return EventTiming::NegativeStart;
    if (end == start) return EventTiming::ZeroLength;
    return EventTiming::Regular;
}

std::string event_type_label(const GameTemplates* templates, int32_t type) {
    if (templates && type >= 0)
        if (const EventTypeTemplate* t = templates->find(uint32_t(type)); t && !t->name.empty()) return t->name;
    return "type " + std::to_string(type);
}

uint32_t event_type_color(int32_t type) {
    // Golden-ratio hue steps keep neighbouring type numbers apart; fixed saturation and value
    // keep every bar readable on the dark background.
    auto [r, g, b] = hsv_to_rgb(std::fmod(double(uint32_t(type)) * 0.618033988749895, 1.0), 0.55, 0.80);
    auto byte = [](double c) { return uint32_t(std::lround(std::clamp(c, 0.0, 1.0) * 255.0)); };
    return 0xFF000000u | (byte(b) << 16) | (byte(g) << 8) | byte(r);
}

double animation_length(const TaeAnimation& animation) {
    double length = 0;
    for (const TaeEvent& e : animation.events) {
        EventTiming timing = classify_event_timing(e);
        if (timing == EventTiming::NotFinite) continue;
        length = std::max(length, double(e.start()));
        if (timing != EventTiming::OpenEnd) length = std::max(length, double(e.end()));
    }
    return length;
}

int TimelineModel::frame_count() const { return std::max(0, int(std::ceil(length * kFramesPerSecond - 1e-6))); }

const char* timeline_row_order_id(TimelineRowOrder order) {
    switch (order) {
        case TimelineRowOrder::Stored:
            return "stored";
        case TimelineRowOrder::ByGroup:
            return "group";
        case TimelineRowOrder::ByType:
            return "type";
    }
    return "?";
}

bool TimelineModel::starts_section(size_t r) const {
    if (r == 0 || r >= rows.size() || order == TimelineRowOrder::Stored) return false;
    return order == TimelineRowOrder::ByGroup ? rows[r].group != rows[r - 1].group : rows[r].type != rows[r - 1].type;
}

TimelineModel prepare_timeline(const TaeAnimation& animation, const GameTemplates* templates, TimelineRowOrder order) {
    TimelineModel model;
    model.order = order;
    model.length = animation_length(animation);
    std::vector<int> group_of(animation.events.size(), -1);
    for (size_t g = 0; g < animation.groups.size(); ++g)
        for (uint32_t member : animation.groups[g].event_indices)
            if (member < group_of.size() && group_of[member] < 0) group_of[member] = int(g);

    model.rows.reserve(animation.events.size());
    for (size_t i = 0; i < animation.events.size(); ++i) {
        const TaeEvent& e = animation.events[i];
        TimelineRow row;
        row.event_index = uint32_t(i);
        row.type = e.type;
        row.label = event_type_label(templates, e.type);
        row.start = e.start();
        row.end = e.end();
        row.timing = classify_event_timing(e);
        row.color = event_type_color(e.type);
        row.group = group_of[i];
        switch (row.timing) {
            case EventTiming::EndBeforeStart:
                row.bar_start = row.end, row.bar_end = row.start;
                break;
            case EventTiming::OpenEnd:
                row.bar_start = row.start, row.bar_end = std::max(model.length, double(row.start));
                break;
            case EventTiming::NotFinite:
                row.bar_start = 0, row.bar_end = 0;
                break;
            default:
                row.bar_start = row.start, row.bar_end = row.end;
                break;
        }
        model.rows.push_back(std::move(row));
    }
    // Events in no group sort last in the group order.
    auto group_key = [](const TimelineRow& r) { return r.group < 0 ? INT32_MAX : r.group; };
    if (order == TimelineRowOrder::ByGroup)
        std::stable_sort(model.rows.begin(), model.rows.end(),
                         [&](const TimelineRow& a, const TimelineRow& b) { return group_key(a) < group_key(b); });
    else if (order == TimelineRowOrder::ByType)
        std::stable_sort(model.rows.begin(), model.rows.end(),
                         [](const TimelineRow& a, const TimelineRow& b) { return a.type < b.type; });
    model.row_of_event.assign(model.rows.size(), -1);
    for (size_t r = 0; r < model.rows.size(); ++r) model.row_of_event[model.rows[r].event_index] = int(r);
    return model;
}

// The rule census uses too (starts_after_end: 1 ms of slack for f32 times).
void mark_true_end(TimelineModel& model, const AnimationLength& length) {
    model.true_length = length.duration;
    model.true_frame_count = length.frame_count;
    for (TimelineRow& row : model.rows) row.after_end = std::isfinite(row.start) && starts_after_end(row.start, length);
}

std::string after_end_explanation(const TimelineModel& model, const TimelineRow& row) {
    char text[200];
    std::snprintf(text, sizeof text,
                  "Starts at %.4f s, after the animation ends: its Havok data lasts %.4f s (%u frames). The "
                  "animation is over before this event's start is reached.",
                  double(row.start), model.true_length, model.true_frame_count);
    return text;
}

}  // namespace taescope::web
