// Copied events, and their text form for the system clipboard.
//
// A copy carries everything an event stores (type, the i32 at +4, start and end as raw f32 bits,
// parameter bytes) so that pasting reproduces the events exactly, across animations, files and
// browser tabs. The text form is small, versioned and line based:
//
//   taescope-events 1
//   bank 36
//   event 0 0 0x00000000 0x3F800000 0a000000000000000000000000000000  # 0.000 s .. 1.000 s
//   event 943 0 0x3F000000 0x3F000000 -
//
// line 1: the magic word and the format version; "bank N" (optional): the event bank of the
// file the events came from (0 = unknown); then one "event" line per event: type (decimal),
// the i32 at +4 (decimal), start and end bits (0x + 8 hex digits), parameter bytes as hex
// ("-" for none). '#' starts a comment; blank lines are ignored. Reading never trusts the text:
// every problem is an Error with the byte offset and line, and sizes are capped.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/result.h"
#include "tae/tae_model.h"

namespace taescope {

inline constexpr uint32_t kClipboardTextVersion = 1;
inline constexpr size_t kClipboardMaxTextBytes = 16u << 20;  // 16 MiB
inline constexpr size_t kClipboardMaxEvents = 65536;
inline constexpr size_t kClipboardMaxParameterBytes = 65536;  // per event

struct ClipboardEvent {
    int32_t type = 0;
    int32_t unknown04 = 0;
    uint32_t start_bits = 0;
    uint32_t end_bits = 0;
    std::vector<uint8_t> parameters;

    float start() const { return TaeEvent::bits_to_f32(start_bits); }
    float end() const { return TaeEvent::bits_to_f32(end_bits); }
};

struct EventClipboard {
    uint64_t event_bank = 0;  // bank of the source file (0: unknown); pasting into another bank is the UI's warning
    std::vector<ClipboardEvent> events;

    bool empty() const { return events.empty(); }
};

// Copies events of `animation` (a record of `file`) in the order given. Fails on an index
// the animation does not have.
Result<EventClipboard> copy_events(const TaeFile& file, const TaeAnimation& animation,
                                   const std::vector<uint32_t>& event_indices);

std::string clipboard_to_text(const EventClipboard& clipboard);
Result<EventClipboard> clipboard_from_text(std::string_view text);

}  // namespace taescope
