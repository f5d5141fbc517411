// The TAE model: everything a 64-bit TAE file (version 0x1000D, Sekiro / Elden Ring; 0x1000C,
// Dark Souls III) holds, as plain structs.
//
// What is stored is kept as stored: f32 times as their raw bits, parameter bytes with their
// padding, unknown header constants and tail words. What the format derives (the times table,
// the animation-group runs, every offset and count, the file size) is not in the model: the
// writer recomputes it (tae_writer.h). See containers-kraken-tae.md §5 and tae-format-notes.txt.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/shared_bytes.h"
#include "tae/event_index_list.h"
#include "tae/short_u16_string.h"
#include "tae/slab_vector.h"

namespace taescope {

inline constexpr uint32_t kTaeVersionSekiroEldenRing = 0x1000D;  // "SDT" in SoulsFormatsNEXT
inline constexpr uint32_t kTaeVersionDarkSouls3 = 0x1000C;       // same 64-bit layout
inline constexpr uint64_t kTaeHeaderSize = 0xD0;
// The event type that stores 0 as its parameter offset (Sekiro).
inline constexpr int32_t kTaeEventTypeZeroParameterOffset = 943;

// The 208-byte file header. `raw` is the header as read (or a template for a new file): the
// writer starts from it, so unknown constants and reserved words survive, then writes the
// named fields below over it and patches the derived fields (offsets, counts, file size).
struct TaeHeader {
    std::array<uint8_t, kTaeHeaderSize> raw{};

    // Stored fields, written back as they are here.
    uint32_t version = kTaeVersionSekiroEldenRing;  // 0x08
    uint64_t event_bank = 0;                        // 0x30: the bank the event types are numbered in
    std::array<uint8_t, 8> flag_bytes{};            // 0x40: 01 00 01 02 02 01 01 01 in every file
    uint32_t file_id = 0;                           // 0x50
    std::array<uint32_t, 2> file_id_repeats{};      // 0x90, 0x94: the file id twice

    // Derived fields, as read (informational; the writer recomputes them).
    uint32_t file_size = 0;               // 0x0C
    uint32_t animation_count = 0;         // 0x54
    uint64_t animation_table_offset = 0;  // 0x58
    uint64_t group_header_offset = 0;     // 0x60
    uint64_t animation_count_repeat = 0;  // 0x70: repeats 0x54. The writer writes the new count when the two
                                          // agreed as read, and this stored value when they did not.
    uint64_t first_body_offset = 0;       // 0x78
    uint64_t skeleton_name_offset = 0;    // 0xB0
    uint64_t sib_name_offset = 0;         // 0xB8
};

// A header with the constants every Sekiro / Elden Ring file holds (for new files).
TaeHeader make_default_tae_header(uint64_t event_bank, uint32_t file_id);

// One event: a type, a time span, and its parameter bytes: a view into the bytes the file was
// read from (TaeFile::source) until an edit gives the event bytes of its own in
// TaeFile::edited_parameter_bytes. Read them with TaeFile::parameters(e).
struct TaeEvent {
    int32_t type = 0;
    int32_t unknown04 = 0;               // the i32 at +4 of the event data (0; 101 or 102 on some events)
    uint32_t start_bits = 0;             // f32 start time in seconds, exactly as stored
    uint32_t end_bits = 0;               // f32 end time in seconds, exactly as stored
    uint32_t parameter_begin = 0;        // offset of this event's bytes in TaeFile::source or edited_parameter_bytes
    uint32_t parameter_size = 0;         // stored length, padding included
    bool parameter_offset_zero = false;  // the file stores 0 as the parameter offset (Sekiro type 943)
    bool parameters_in_source = false;   // the bytes are in TaeFile::source (as read, never edited)

    float start() const { return bits_to_f32(start_bits); }
    float end() const { return bits_to_f32(end_bits); }
    void set_start(float seconds) { start_bits = f32_to_bits(seconds); }
    void set_end(float seconds) { end_bits = f32_to_bits(seconds); }

    static float bits_to_f32(uint32_t bits) {
        float f;
        std::memcpy(&f, &bits, 4);
        return f;
    }
    static uint32_t f32_to_bits(float f) {
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        return bits;
    }
};

// An event group: a stored type number and the indices of its member events (same animation).
struct TaeEventGroup {
    int32_t type = 0;
    std::array<uint8_t, 12> type_tail{};  // the 12 bytes after the type (zero in every file)
    uint64_t reserved = 0;                // the fourth word of the 32-byte group header (zero)
    EventIndexList event_indices;         // indices into the animation's events, in stored order
};

enum class TaeAnimationHeaderKind : uint8_t {
    Standard,     // type 0: loop / import-HKX / delayed-load flags and a motion-source number
    ImportOther,  // type 1: another animation supplies motion and events
    Unknown,      // any other type word (kept as stored)
    None,         // a "null header": the pointer word is 0
};

struct TaeAnimation {
    uint64_t number = 0;  // within the file's group (a050_122301 is 122301 in a50.tae)

    // The 48-byte mini header block: type word, pointer (0 for a null header), then a record of
    // the name offset, 8 type-specific bytes and two (zero) words, all kept.
    uint64_t header_type = 0;
    bool header_null = false;
    std::array<uint8_t, 8> header_data{};
    std::array<uint8_t, 16> header_tail{};
    std::optional<ShortU16String> motion_file_name;  // UTF-16 code units, e.g. u"a000_004020.hkt"

    // Read from a file, both live in the file's one slab (slab_vector.h); they act as std::vectors.
    SlabVector<TaeEvent> events;
    SlabVector<TaeEventGroup> groups;

    TaeAnimationHeaderKind header_kind() const;
    // Standard header fields (header_data bytes 0, 1, 2 and the i32 at 4).
    bool loops() const { return header_data[0] != 0; }
    bool imports_hkx() const { return header_data[1] != 0; }
    bool allows_delay_load() const { return header_data[2] != 0; }
    int32_t motion_source() const { return data_i32(4); }
    // ImportOther header fields (i32 at 0, i32 at 4).
    int32_t import_source() const { return data_i32(0); }
    int32_t import_unknown() const { return data_i32(4); }

    void set_standard(bool loop, bool import_hkx, bool delay_load, int32_t motion_source);
    void set_import_other(int32_t source, int32_t unknown = 0);

private:
    int32_t data_i32(int at) const {
        uint32_t v = uint32_t(header_data[at]) | uint32_t(header_data[at + 1]) << 8 |
                     uint32_t(header_data[at + 2]) << 16 | uint32_t(header_data[at + 3]) << 24;
        return int32_t(v);
    }
};

struct TaeFile {
    TaeHeader header;
    std::optional<std::u16string> skeleton_name;  // absent: the file states none (writes nothing)
    std::optional<std::u16string> sib_name;
    std::vector<TaeAnimation> animations;  // in table order (ascending numbers in every real file)

    // The bytes the file was read from (read_tae_shared: a window into the binder's payload,
    // shared, never written). Unedited events view their parameter bytes here, so reading a file
    // copies none of them, and a copied TaeFile shares the buffer.
    SharedBytes source;
    // Parameter bytes that edits gave events (and every event of a file built in memory). Edits
    // append (set_parameters writes in place only over bytes already here); the writer writes
    // only what events refer to, so stale bytes never reach a file.
    std::vector<uint8_t> edited_parameter_bytes;

    Bytes parameters(const TaeEvent& e) const {
        return Bytes((e.parameters_in_source ? source.data() : edited_parameter_bytes.data()) + e.parameter_begin,
                     e.parameter_size);
    }
    // Whether e's bytes lie inside the buffer it refers to (false for an event built by hand with
    // a bad range).
    bool parameters_in_range(const TaeEvent& e) const {
        const size_t buffer = e.parameters_in_source ? source.size() : edited_parameter_bytes.size();
        return uint64_t(e.parameter_begin) + e.parameter_size <= buffer;
    }
    // Replaces an event's parameter bytes: in place when they are already edited bytes of the
    // same size, otherwise a new copy in edited_parameter_bytes (the source is never written).
    void set_parameters(TaeEvent& e, Bytes bytes);
    // Gives e a new copy of `bytes` at the end of edited_parameter_bytes, never in place (what edit
    // commands do: an undo record may still refer to the old bytes). `bytes` may lie in that buffer.
    void append_parameters(TaeEvent& e, Bytes bytes);
    size_t event_count() const;
};

// Removes event `index` of an animation and renumbers the group members (the event leaves its groups).
void erase_event(TaeAnimation& animation, uint32_t index);

// Model equality as the file sees it: stored header fields and unknown header bytes (derived
// header fields ignored), names, animations, events with their parameter *bytes*, groups.
bool same_content(const TaeFile& a, const TaeFile& b);

// "animation 3 (number 4010)": the structure named in errors and findings.
std::string animation_context(size_t index, uint64_t number);

}  // namespace taescope
