#include "sim/event_timing.h"

#include <cmath>
#include <cstring>

namespace taescope {

namespace {

double bits_to_double(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return double(f);
}

bool on_frame_grid(double frame) {
    if (!std::isfinite(frame)) return true;  // non-finite is its own flag
    return frame == std::round(frame);
}

}  // namespace

const char* convention_name(IntervalConvention convention) {
    return convention == IntervalConvention::Closed ? "closed [start, end]" : "half-open [start, end)";
}

std::string describe_timing_flags(uint32_t flags) {
    std::string out;
    auto add = [&](uint32_t bit, const char* text) {
        if (!(flags & bit)) return;
        if (!out.empty()) out += ", ";
        out += text;
    };
    add(kTimingStartsBeforeClip, "starts before the clip");
    add(kTimingEndsBeforeStart, "ends before it starts (never active)");
    add(kTimingZeroLength, "zero length");
    add(kTimingOpenEnd, "open end (f32 max)");
    add(kTimingNonFinite, "non-finite time");
    add(kTimingOffFrameGrid, "off the 1/30 s frame grid");
    return out;
}

double frame_position(double seconds) {
    double frames = seconds * kFramesPerSecond;
    if (!std::isfinite(frames)) return frames;
    double whole = std::round(frames);
    return std::fabs(frames - whole) <= kFrameSnapTolerance ? whole : frames;
}

EventTiming classify_event_timing(uint32_t start_bits, uint32_t end_bits) {
    EventTiming t;
    t.start_bits = start_bits;
    t.end_bits = end_bits;
    double start = bits_to_double(start_bits);
    double end = bits_to_double(end_bits);
    if (!std::isfinite(start) || !std::isfinite(end)) t.flags |= kTimingNonFinite;

    t.start_frame = frame_position(start);
    bool open_end = end_bits == kF32MaxBits || (std::isinf(end) && end > 0);
    if (open_end) {
        t.flags |= kTimingOpenEnd;
        t.end_frame = std::numeric_limits<double>::infinity();
    } else {
        t.end_frame = frame_position(end);
    }

    if (t.start_frame < 0) t.flags |= kTimingStartsBeforeClip;
    if (t.end_frame < t.start_frame) t.flags |= kTimingEndsBeforeStart;
    if (t.end_frame == t.start_frame) t.flags |= kTimingZeroLength;
    if (!on_frame_grid(t.start_frame) || !on_frame_grid(t.end_frame)) t.flags |= kTimingOffFrameGrid;
    return t;
}

bool EventTiming::can_be_active(IntervalConvention convention) const {
    if (std::isnan(start_frame) || std::isnan(end_frame) || !std::isfinite(start_frame)) return false;
    if (end_frame < start_frame) return false;
    if (end_frame == start_frame) return convention == IntervalConvention::Closed;
    return true;
}

bool EventTiming::active_at(double frame, IntervalConvention convention) const {
    if (!can_be_active(convention)) return false;
    if (frame < start_frame) return false;
    return convention == IntervalConvention::Closed ? frame <= end_frame : frame < end_frame;
}

bool EventTiming::starts_in(double from, double to, IntervalConvention convention) const {
    return can_be_active(convention) && from < start_frame && start_frame <= to;
}

bool EventTiming::ends_in(double from, double to, IntervalConvention convention) const {
    if (!can_be_active(convention) || !std::isfinite(end_frame)) return false;
    if (convention == IntervalConvention::Closed) return from <= end_frame && end_frame < to;
    return from < end_frame && end_frame <= to;
}

}  // namespace taescope
