// Share links: one animation's timeline <-> the fragment of a page URL, so that a recipient
// opens the page and sees that timeline. `taescope link` prints them; the page decodes them
// with this same codec.
//
// Two kinds, both versioned by their first characters (the part after '#'):
//
//   v1.t=<base64url>                         a timeline: the events themselves, so the recipient
//                                            needs no file
//   v1.f=<name>&a=aGGG_NNNNNN[&t=<frame>]    a reference: file name, animation and playhead frame,
//                                            for recipients who have the file
//   v1.r=<game>[/<type>][&q=<query>]         a view of the event reference (no file needed): one
//                                            game's event type ("v1.r=ER/795"), or a search of
//                                            one game or of every game ("v1.r=*&q=draw%20mask")
//
// In a reference view, <game> is 1 to 16 of A-Z a-z 0-9 - _ (the template set's code: SDT, ER,
// NR, DS3, AC6, or USER for a dropped template file), or '*' for every game (then no type);
// <type> is 1 to 10 decimal digits, at most 2,147,483,647; <query> is percent-encoded UTF-8 of
// at most kMaxShareQueryBytes bytes with no control character.
//
// <name> is percent-encoded UTF-8 (every byte but A-Z a-z 0-9 - . _ ~ as %XX). <frame> is a
// whole 30 fps frame, 0 to 10,000,000.
//
// The timeline payload is the following bytes, compressed with raw deflate (RFC 1951: no zlib
// header, no checksum) and written in base64url (RFC 4648 §5) without '=' padding. varint is
// unsigned LEB128 (at most 10 bytes; a value must fit its field), svarint a zigzag varint:
//
//   u8      payload version, 1
//   varint  game code length (<= 16), then its bytes ("SDT", "ER", ...; may be empty)
//   varint  file name length (<= 255), then its UTF-8 bytes
//   varint  full animation number (group x 1,000,000 + number)
//   varint  playhead: 0 none, else frame + 1
//   varint  event count (<= 4,096)
//   per event, in stored order:
//     svarint type, svarint the i32 at +4 of the event data,
//     u32le start bits, u32le end bits (the stored f32s, exactly),
//     varint parameter length (<= 4,096), then the parameter bytes as stored
//   varint  group count (<= 4,096)
//   per group: svarint type, varint member count (<= event count), varint member event indices
//   nothing after the last group
//
// Limits, so that a hostile link costs little: a fragment of at most kMaxShareFragmentChars
// characters, and an inflated payload of at most kMaxSharePayloadBytes. Decoding never crashes:
// every error says what was expected and where (the offset is in the fragment text for text
// errors, in the inflated payload for payload errors; Error::context names which).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/result.h"
#include "tae/tae_model.h"

namespace taescope {

inline constexpr size_t kMaxShareFragmentChars = 64 * 1024;
inline constexpr size_t kMaxSharePayloadBytes = 1024 * 1024;
inline constexpr size_t kMaxShareEvents = 4096;
inline constexpr size_t kMaxShareGroups = 4096;
inline constexpr size_t kMaxShareParameterBytes = 4096;
inline constexpr size_t kMaxShareFileName = 255;
inline constexpr size_t kMaxShareGameCode = 16;
inline constexpr uint32_t kMaxShareFrame = 10000000;
inline constexpr uint8_t kSharePayloadVersion = 1;
inline constexpr size_t kMaxShareQueryBytes = 256;
inline constexpr uint32_t kMaxShareEventType = 2147483647;

struct ShareEvent {
    int32_t type = 0;
    int32_t unknown04 = 0;
    uint32_t start_bits = 0;
    uint32_t end_bits = 0;
    std::vector<uint8_t> parameters;
};

struct ShareGroup {
    int32_t type = 0;
    std::vector<uint32_t> events;
};

struct ShareTimeline {
    std::string game;       // template set the sender used ("" when unknown)
    std::string file_name;  // for display only
    uint64_t animation = 0;
    std::optional<uint32_t> frame;
    std::vector<ShareEvent> events;
    std::vector<ShareGroup> groups;
};

struct ShareReference {
    std::string file_name;
    uint64_t animation = 0;
    std::optional<uint32_t> frame;
};

// A view of the event reference: a game's event type, or a search ("v1.r=").
struct ShareReferenceView {
    std::string game;                    // "" for every game ('*' in the link; then no type)
    std::optional<uint32_t> event_type;  // the type shown, when one is
    std::string query;                   // the search text ("" none)

    bool operator==(const ShareReferenceView&) const = default;
};

enum class ShareLinkKind : uint8_t { Timeline, Reference, ReferenceView };

struct ShareLink {
    ShareLinkKind kind = ShareLinkKind::Timeline;
    ShareTimeline timeline;    // kind Timeline
    ShareReference reference;  // kind Reference
    ShareReferenceView view;   // kind ReferenceView
};

// The timeline of one animation (its events and groups as stored).
ShareTimeline share_timeline_from_animation(const TaeFile& file, const TaeAnimation& animation, uint64_t full_number,
                                            std::string game, std::string file_name);

// "v1.t=...": fails when the timeline exceeds a limit or the fragment would be too long.
Result<std::string> encode_timeline_fragment(const ShareTimeline& timeline);
// "v1.f=...&a=...&t=...": fails when the name is too long or the frame out of range.
Result<std::string> encode_reference_fragment(const ShareReference& reference);

// "v1.r=GAME/TYPE&q=...": fails when the game code, type or query breaks a limit above.
Result<std::string> encode_reference_view_fragment(const ShareReferenceView& view);

// Accepts a fragment with or without its '#', or a whole URL (the part after its first '#').
Result<ShareLink> decode_share_fragment(std::string_view text);

// base + "#" + fragment (base used as given; "" gives just the fragment with its '#').
std::string share_url(std::string_view base, std::string_view fragment);

// The pieces, exposed for tests and the page.
std::string base64url_encode(Bytes data);
Result<std::vector<uint8_t>> base64url_decode(std::string_view text);
std::vector<uint8_t> raw_deflate(Bytes data);
Result<std::vector<uint8_t>> raw_inflate_bounded(Bytes data, size_t max_size);

}  // namespace taescope
