// PARAM files: the games' tables of fixed-size rows (../shared/spec/params-hitboxes.md §3).
//
// One flavour is read, the one of Sekiro, Elden Ring, Nightreign and Armored Core VI:
// little-endian (byte 0x2C = 0x00), format flags 1 (0x2D) with bit 2 (64-bit offsets, 24-byte
// row headers) and bit 7 (type string by offset). Every other flavour (big-endian, 32-bit
// offsets with 12-byte row headers, an inline type string, ...) is refused with an error that
// names the flag bytes, so that a reader for it can be added beside this one.
//
// The row size is not stored: it is the spacing of the row data offsets (every row's data at
// data start + i x row size), checked against (type offset - data start) / rows when the type
// string lies in the file. A disagreement is an error that says so. What the file does not
// say reliably (the strings offset at 0x00, a type offset pointing to zero bytes or past the
// end, as in some AC6 params) is noted, not trusted.
//
// Nothing is copied: a ParamFile is a window into its bytes (a BND4 member of the regulation's
// payload). Row lookups are a binary search over the row headers in place: the games' files have
// strictly ascending ids; a modded file with repeated or unordered ids is read through a sorted
// index of row numbers (noted; the first row of a repeated id is the one found).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"
#include "io/shared_bytes.h"

namespace taescope::params {

inline constexpr uint64_t kParamHeaderSize = 0x40;
inline constexpr uint64_t kParamRowHeaderSize = 24;  // s32 id, s32 0, s64 data offset, s64 name offset

// The 0x40-byte header, every field as stored.
struct ParamHeader {
    uint32_t strings_offset = 0;          // 0x00: unreliable, kept
    uint16_t field_04 = 0;                // 0x04: 0 in this flavour
    int16_t field_06 = 0;                 // 0x06: unknown (0, 1, 2 seen)
    int16_t data_version = 0;             // 0x08: the paramdef's data version (AtkParam 4 in ER)
    uint16_t row_count = 0;               // 0x0A
    int32_t field_0c = 0;                 // 0x0C: 0
    int64_t type_offset = 0;              // 0x10: offset of the NUL-terminated type string
    uint8_t endianness = 0;               // 0x2C: 0x00 little-endian, 0xFF big-endian
    uint8_t format_flags1 = 0;            // 0x2D: 0x85 in ER (bits 0, 2, 7)
    uint8_t format_flags2 = 0;            // 0x2E: bit 0 = UTF-16 row names
    uint8_t paramdef_format_version = 0;  // 0x2F
    int64_t data_start = 0;               // 0x30: = 0x40 + 24 x rows in every file seen
    int64_t field_38 = 0;                 // 0x38: 0
};

// Reads the header and checks the flavour (cheap: no row is visited).
Result<ParamHeader> read_param_header(Bytes bytes);

// What a listing shows of a param without indexing its rows: header, type string and row size
// from the first rows' data offsets (as read_param would find them; `problem` says why not).
struct ParamSummary {
    ParamHeader header;
    std::string type_name;  // "" when the type offset points nowhere useful
    uint32_t row_size = 0;  // 0 when not known (no rows, or a single row without a type string)
    std::string problem;    // "" when the header reads; else the error read_param would give
};
ParamSummary summarize_param(Bytes bytes);

class ParamFile {
public:
    // Reads the header and the whole row table: ids strictly ascending, data offsets contiguous at
    // one row size, every row's data inside the file. Errors name the byte offset and row.
    static Result<ParamFile> read(SharedBytes bytes);

    const ParamHeader& header() const { return header_; }
    const std::string& type_name() const { return type_name_; }  // e.g. "ATK_PARAM_ST"; "" when absent
    uint32_t row_size() const { return row_size_; }              // 0 only when the file has no row
    size_t row_count() const { return header_.row_count; }
    const SharedBytes& bytes() const { return bytes_; }
    // What a reader should know: the type offset pointed past the end, the data start left a gap, ...
    const std::vector<std::string>& notes() const { return notes_; }

    int32_t row_id(size_t index) const;  // index < row_count()
    Bytes row(size_t index) const;       // row_size() bytes
    // The row index of `id` (binary search over the row headers), or nullopt.
    std::optional<size_t> find(int32_t id) const;
    // The row indices whose id lies in [first, last], by ascending id.
    std::vector<size_t> rows_with_ids(int32_t first, int32_t last) const;
    // The row's name (UTF-16 or Shift-JIS by format flags 2 bit 0, as UTF-8); "" when empty or
    // its offset lies outside the file.
    std::string row_name(size_t index) const;

private:
    size_t sorted_row(size_t position) const;  // the row at a position in id order
    size_t lower_bound(int64_t id) const;      // the first position in id order whose id >= id

    SharedBytes bytes_;
    std::vector<uint32_t> order_;  // row indices by id, only when the file's ids do not ascend
    ParamHeader header_;
    std::string type_name_;
    uint32_t row_size_ = 0;
    std::vector<std::string> notes_;
};

}  // namespace taescope::params
