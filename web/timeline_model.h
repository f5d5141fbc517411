// What the timeline shows of one animation, prepared before anything is drawn (the Tracy way:
// items prepare layout, then drawing stays dumb). Pure data: no ImGui. The query API reports
// the same rows, so an end-to-end test sees what the canvas shows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "binder/havok_character.h"
#include "tae/tae_model.h"
#include "templates/event_template.h"

namespace taescope::web {

inline constexpr double kFramesPerSecond = 30.0;
inline constexpr uint32_t kF32MaxBits = 0x7F7FFFFF;  // "until the animation ends": an open end

// How an event's stored times depart from start <= end, both finite and non-negative.
enum class EventTiming : uint8_t {
    Regular,
    NegativeStart,   // starts before the animation does
    EndBeforeStart,  // end < start: the span is reversed
    OpenEnd,         // end stored as f32 max (or +infinity): lasts until the animation ends
    ZeroLength,      // start == end: an instant
    NotFinite,       // a NaN or an infinite start, or a NaN end
};
const char* event_timing_id(EventTiming timing);           // "negative-start", ...
const char* event_timing_explanation(EventTiming timing);  // one sentence for the hover text
EventTiming classify_event_timing(const TaeEvent& event);

struct TimelineRow {
    uint32_t event_index = 0;
    int32_t type = 0;
    std::string label;         // template name, or "type N"
    float start = 0, end = 0;  // as stored
    EventTiming timing = EventTiming::Regular;
    double bar_start = 0;  // what the bar spans on the time axis (seconds)
    double bar_end = 0;
    uint32_t color = 0;      // 0xAABBGGRR (ImGui's packing), from the type
    int group = -1;          // first group the event is a member of, -1 when none
    bool after_end = false;  // starts after the animation's true end (mark_true_end)
    bool irregular() const { return timing != EventTiming::Regular || after_end; }
};

// How the rows are ordered: as stored, by event group (the group's members together, groups in
// stored order), or by type (ascending, then stored order).
enum class TimelineRowOrder : uint8_t { Stored, ByGroup, ByType };
const char* timeline_row_order_id(TimelineRowOrder order);  // "stored", "group", "type"

struct TimelineModel {
    std::vector<TimelineRow> rows;  // one per event, in the row order
    std::vector<int> row_of_event;  // event index -> row (rows[row_of_event[e]].event_index == e)
    TimelineRowOrder order = TimelineRowOrder::Stored;
    double length = 0;        // seconds: the largest finite end (or start) of any event
    int frame_count() const;  // length in whole frames at 30 fps (rounded up)
    // The animation's true end from its Havok data (mark_true_end), -1 when not known.
    double true_length = -1;
    uint32_t true_frame_count = 0;
    // True when row `r` starts a new section (another group or type than the row before).
    bool starts_section(size_t r) const;
};

TimelineModel prepare_timeline(const TaeAnimation& animation, const GameTemplates* templates,
                               TimelineRowOrder order = TimelineRowOrder::Stored);

// Records the animation's true end (its Havok duration and frame count) and flags the events
// that start after it (by more than a microsecond: an event at the last frame is not flagged).
void mark_true_end(TimelineModel& model, const AnimationLength& length);
// The hover text of an event that starts after the true end.
std::string after_end_explanation(const TimelineModel& model, const TimelineRow& row);

// The label of an event type: the template's name, or "type N" when there is none.
std::string event_type_label(const GameTemplates* templates, int32_t type);
// A stable colour for an event type (hue from the type number), as 0xAABBGGRR.
uint32_t event_type_color(int32_t type);

// The animation's length in seconds (largest finite, non-open end or start; 0 without events).
double animation_length(const TaeAnimation& animation);

}  // namespace taescope::web
