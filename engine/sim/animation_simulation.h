// The playback model of one animation: which events are active, which start and end, what
// the mesh masks show, what is conditional, frame by frame. Built once per animation
// (AnimationSimulation::build precomputes every frame) so that a UI can ask for frame N in
// constant time; arbitrary instants and spans are answered from the events directly.
//
// Conventions (see event_timing.h and mask_visibility.h):
//   * frame n is the instant n/30 s; the interval convention is half-open by default;
//   * every list of events is in source-record order (the order of the animation's event
//     records, which the spec's checked external playback model uses);
//   * "started at frame n" means the event's start lies in (n-1, n]; at frame 0 that includes
//     events starting before the clip. "ended at frame n": it was active just before n and is
//     not at n. Short events between two frames are started and ended at the same frame
//     without being active at any frame, and so are visible nonetheless;
//   * the mask state at frame n: each group Default, then every 233 that has started by n and
//     every 711/713 active at n applies in source-record order, a later record winning.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/event_conditions.h"
#include "sim/event_timing.h"
#include "sim/mask_visibility.h"
#include "tae/tae_model.h"
#include "templates/event_template.h"

namespace taescope {

struct SimLimits {
    uint32_t max_frames = 30 * 600;         // 10 minutes
    uint64_t max_frame_entries = 1u << 22;  // active-list entries over all frames
};

struct SimOptions {
    IntervalConvention convention = IntervalConvention::HalfOpen;
    std::optional<uint32_t> frame_count;  // default: up to and including the last finite start or end
    SimLimits limits;
};

struct SimEvent {
    uint32_t index = 0;  // the source record's index in the animation
    int32_t type = 0;
    std::string type_name;  // the template's name, or ""
    EventTiming timing;
    EventCondition condition;
    EffectStart effect;
    std::optional<MaskAction> mask;  // 233 / 711 / 713
};

struct EventEdges {
    std::vector<uint32_t> started;  // source-record order
    std::vector<uint32_t> ended;
};

struct FrameView {
    uint32_t frame = 0;
    double seconds = 0;
    std::span<const uint32_t> active;  // event indices, source-record order
    std::span<const uint32_t> started;
    std::span<const uint32_t> ended;
    const MaskState* masks = nullptr;
};

class AnimationSimulation {
public:
    // `templates` may be nullptr (then events are read without names, with assumed offsets).
    static AnimationSimulation build(const TaeFile& file, const TaeAnimation& animation, const GameTemplates* templates,
                                     const SimOptions& options = {});

    IntervalConvention convention() const { return convention_; }
    uint32_t frame_count() const { return frame_count_; }
    const std::vector<SimEvent>& events() const { return events_; }
    // Mask layouts used, and anything a reader should know (frames clamped, edge-case counts).
    const std::vector<std::string>& notes() const { return notes_; }

    // Precomputed: frame < frame_count().
    FrameView frame(uint32_t n) const;

    // Any instant or span, computed on demand.
    std::vector<uint32_t> active_at(double seconds) const;
    EventEdges edges_between(double from_seconds, double to_seconds) const;  // in (from, to]
    MaskState mask_at(double seconds) const;

    // Indices of events with any timing flag, with a conditional flag, with a mask action.
    std::vector<uint32_t> events_with_timing_flags() const;
    std::vector<uint32_t> conditional_events() const;
    std::vector<uint32_t> mask_events() const;

private:
    struct Range {
        uint32_t begin = 0, count = 0;
    };
    std::vector<uint32_t> active_in(double frame) const;
    EventEdges edges_in(double from_frame, double to_frame) const;
    MaskState mask_in(double frame) const;
    Range push(const std::vector<uint32_t>& indices);

    IntervalConvention convention_ = IntervalConvention::HalfOpen;
    uint32_t frame_count_ = 0;
    std::vector<SimEvent> events_;
    std::vector<std::string> notes_;
    std::vector<uint32_t> pool_;
    std::vector<Range> active_, started_, ended_;
    std::vector<MaskState> masks_;
};

}  // namespace taescope
