// When an event is active: frames, the interval convention, and the edge cases of stored times
// (tae-format-notes.txt, "Event times").
//
// Time is measured in frames of 1/30 s. An event stores its start and end as f32 seconds; f32
// cannot hold 1/30 exactly, so a stored time within kFrameSnapTolerance of a whole frame is
// taken to be on that frame (f32(1/30) = 0.033333335 is frame 1, not a hair after it). Times
// off the frame grid keep their exact position and are reported.
//
// The convention: by default an event is active over the half-open interval [start, end): at
// its start instant and not at its end instant. `Closed` makes it [start, end]. The spec says
// the engine's end-instant convention is not observed (Unknown), so both are offered and the
// choice is always shown.
//
// Edge cases, classified and reported, never hidden:
//   * start before 0: the installs hold only f32(-1/30), one frame early (6 Sekiro events,
//     26 Elden Ring). Such an event is active at frame 0 when its interval reaches it.
//   * end before start: (2 Sekiro, 13 Elden Ring events, e.g. Elden Ring c4310 a000_008046,
//     event 9, type 129 from 0 to -1/30). What the game does is Unknown; here it is never active.
//   * zero length (start == end): never active half-open; active at its one instant closed.
//   * open end: the end is f32 max (SoulsFormatsNEXT reads it as 100 s); active to the clip's end.
//   * non-finite times (NaN, infinities): none occur in the installs; never active (+inf end is
//     treated as an open end).
#pragma once

#include <cstdint>
#include <limits>
#include <string>

namespace taescope {

inline constexpr double kFramesPerSecond = 30.0;
// A stored time within this many frames of a whole frame is on that frame.
inline constexpr double kFrameSnapTolerance = 1e-3;
// The stored bits of f32 max, the "open end" marker.
inline constexpr uint32_t kF32MaxBits = 0x7F7FFFFF;

enum class IntervalConvention : uint8_t {
    HalfOpen,  // [start, end): the default
    Closed,    // [start, end]
};
const char* convention_name(IntervalConvention convention);  // "half-open [start, end)" / "closed [start, end]"

enum TimingFlag : uint32_t {
    kTimingStartsBeforeClip = 1u << 0,  // start < 0
    kTimingEndsBeforeStart = 1u << 1,   // end < start: never active
    kTimingZeroLength = 1u << 2,        // end == start
    kTimingOpenEnd = 1u << 3,           // end is f32 max (or +inf): never ends
    kTimingNonFinite = 1u << 4,         // a NaN or infinite start or end
    kTimingOffFrameGrid = 1u << 5,      // start or end not on a 1/30 s frame
};

// "starts before the clip, open end" for a set of flags; "" for none.
std::string describe_timing_flags(uint32_t flags);

// Seconds -> frame position (time x 30), snapped to the whole frame within kFrameSnapTolerance.
// NaN and infinities pass through.
double frame_position(double seconds);
inline double frame_seconds(int64_t frame) { return double(frame) / kFramesPerSecond; }

// One event's stored interval, classified.
struct EventTiming {
    uint32_t start_bits = 0, end_bits = 0;  // as stored
    double start_frame = 0;                 // frame positions (snapped); end_frame is +inf for an open end
    double end_frame = 0;
    uint32_t flags = 0;

    // False for intervals that are active at no instant under the convention (backwards,
    // non-finite start or NaN end, and zero-length under half-open).
    bool can_be_active(IntervalConvention convention) const;
    bool active_at(double frame, IntervalConvention convention) const;
    // The event becomes active in (from, to]: its start lies in that span.
    bool starts_in(double from, double to, IntervalConvention convention) const;
    // The event stops being active in (from, to]: half-open, its end lies in (from, to];
    // closed, in [from, to) (it is still active at the end instant itself).
    bool ends_in(double from, double to, IntervalConvention convention) const;
};

EventTiming classify_event_timing(uint32_t start_bits, uint32_t end_bits);

}  // namespace taescope
