// The PARAM reader of the ER/SDT/NR/AC6 flavour (param_file.h).
#include "params/param_file.h"

#include <algorithm>
#include <cstring>

namespace taescope::params {

namespace {

constexpr uint8_t kFlags1ByteOrderBit = 0x01;  // bit 0: set in every file of this flavour (meaning Unknown)
constexpr uint8_t kFlags1IntDataOffset = 0x02;
constexpr uint8_t kFlags1LongDataOffset = 0x04;
constexpr uint8_t kFlags1OffsetParamType = 0x80;
constexpr uint8_t kFlags2UnicodeNames = 0x01;

int64_t load_i64(const uint8_t* p) { return int64_t(load_u64le(p)); }
int32_t load_i32(const uint8_t* p) { return int32_t(load_u32le(p)); }

std::string flavour_bytes(uint8_t endian, uint8_t f1, uint8_t f2) {
    return "0x2C = " + hex(endian) + ", 0x2D = " + hex(f1) + ", 0x2E = " + hex(f2);
}

// The printable type string at `offset` (NUL-terminated, at most 64 bytes), or "" when the offset
// lies outside the file or points to anything but a run of printable ASCII.
std::string type_string_at(Bytes b, int64_t offset) {
    if (offset < int64_t(kParamHeaderSize) || uint64_t(offset) >= b.size()) return "";
    std::string s;
    for (uint64_t i = uint64_t(offset); i < b.size() && s.size() <= 64; ++i) {
        uint8_t c = b[i];
        if (c == 0) return s;
        if (c < 0x20 || c >= 0x7F) return "";
        s.push_back(char(c));
    }
    return "";  // no terminator within 64 bytes or before the end
}

// The row size the type string's offset implies, when the string is there.
uint32_t size_by_type_offset(const ParamHeader& h, const std::string& type) {
    if (type.empty() || h.row_count == 0 || h.type_offset < h.data_start) return 0;
    uint64_t span = uint64_t(h.type_offset - h.data_start);
    return span % h.row_count == 0 ? uint32_t(span / h.row_count) : 0;
}

}  // namespace

Result<ParamHeader> read_param_header(Bytes b) {
    ByteReader r(b);
    TAESCOPE_TRY(r.require(0, kParamHeaderSize, "PARAM header"));
    ParamHeader h;
    const uint8_t* p = b.data();
    h.strings_offset = load_u32le(p);
    h.field_04 = load_u16le(p + 4);
    h.field_06 = int16_t(load_u16le(p + 6));
    h.data_version = int16_t(load_u16le(p + 8));
    h.row_count = load_u16le(p + 0x0A);
    h.field_0c = load_i32(p + 0x0C);
    h.type_offset = load_i64(p + 0x10);
    h.endianness = p[0x2C];
    h.format_flags1 = p[0x2D];
    h.format_flags2 = p[0x2E];
    h.paramdef_format_version = p[0x2F];
    h.data_start = load_i64(p + 0x30);
    h.field_38 = load_i64(p + 0x38);
    const std::string flags = flavour_bytes(h.endianness, h.format_flags1, h.format_flags2);
    if (h.endianness == 0xFF)
        return make_error(0x2C, "PARAM flavour not read: big-endian (" + flags +
                                    "; the old consoles' files); this reader handles little-endian 0x2C = 0x00");
    if (h.endianness != 0)
        return make_error(
            0x2C, "not a PARAM file: endianness byte " + hex(h.endianness) + " (" + flags + "), expected 0x00 or 0xFF");
    if (!(h.format_flags1 & kFlags1LongDataOffset)) {
        std::string what =
            (h.format_flags1 & kFlags1IntDataOffset)
                ? "32-bit offsets with 12-byte row headers (0x2D bit 1)"
                : "no 64-bit offset flag (0x2D bit 2 clear: 12- or 8-byte row headers of the older games)";
        return make_error(0x2D, "PARAM flavour not read: " + what + " (" + flags +
                                    "); this reader handles 0x2D with bits 2 and 7 set (64-bit offsets, type string "
                                    "by offset)");
    }
    if (!(h.format_flags1 & kFlags1OffsetParamType))
        return make_error(0x2D, "PARAM flavour not read: an inline 0x20-byte type string (0x2D bit 7 clear; " + flags +
                                    "); this reader handles 0x2D with bits 2 and 7 set (64-bit offsets, type string "
                                    "by offset)");
    if (h.format_flags1 & ~(kFlags1ByteOrderBit | kFlags1LongDataOffset | kFlags1OffsetParamType))
        return make_error(0x2D, "PARAM flavour not read: format flags 1 has bits this reader does not know (" + flags +
                                    "; known: 0x85 = bits 0, 2, 7)");
    if (h.field_04 != 0)
        return make_error(4, "PARAM flavour not read: u16 at 0x04 is " + std::to_string(h.field_04) +
                                 " (older flavours keep a data start there; " + flags + "); expected 0");
    const uint64_t table_end = kParamHeaderSize + uint64_t(h.row_count) * kParamRowHeaderSize;
    if (table_end > b.size())
        return make_error(0x0A, "PARAM row table truncated: " + std::to_string(h.row_count) + " rows need " +
                                    std::to_string(table_end) + " bytes of header and row table, the file has " +
                                    std::to_string(b.size()));
    if (h.data_start < 0 || uint64_t(h.data_start) < table_end || uint64_t(h.data_start) > b.size())
        return make_error(0x30, "PARAM data start " + std::to_string(h.data_start) + " lies " +
                                    (h.data_start < 0 || uint64_t(h.data_start) < table_end
                                         ? "inside the row table (which ends at " + std::to_string(table_end) + ")"
                                         : "past the end of the file (" + std::to_string(b.size()) + " bytes)"));
    return h;
}

ParamSummary summarize_param(Bytes b) {
    ParamSummary s;
    auto h = read_param_header(b);
    if (!h.ok()) {
        s.problem = h.error().to_string();
        return s;
    }
    s.header = *h;
    s.type_name = type_string_at(b, h->type_offset);
    const uint64_t first = kParamHeaderSize;
    if (h->row_count >= 2) {
        int64_t a = load_i64(b.data() + first + 8), c = load_i64(b.data() + first + kParamRowHeaderSize + 8);
        const uint64_t gap = uint64_t(c) - uint64_t(a);  // unsigned: hostile offsets must not overflow
        if (c > a && gap < (uint64_t(1) << 31)) s.row_size = uint32_t(gap);
    } else if (h->row_count == 1) {
        s.row_size = size_by_type_offset(*h, s.type_name);
    }
    return s;
}

Result<ParamFile> ParamFile::read(SharedBytes bytes) {
    Bytes b = bytes;
    auto header = read_param_header(b);
    if (!header.ok()) return std::move(header).error();
    ParamFile f;
    f.header_ = *header;
    const ParamHeader& h = f.header_;
    f.type_name_ = type_string_at(b, h.type_offset);
    if (f.type_name_.empty())
        f.notes_.push_back("the type string offset (" + std::to_string(h.type_offset) +
                           ") points to no type string: the param is known by its name only");
    const uint64_t table_end = kParamHeaderSize + uint64_t(h.row_count) * kParamRowHeaderSize;
    if (uint64_t(h.data_start) != table_end)
        f.notes_.push_back("the data start (" + std::to_string(h.data_start) + ") is not where the row table ends (" +
                           std::to_string(table_end) + ")");
    const size_t rows = h.row_count;
    if (rows == 0) {
        f.bytes_ = std::move(bytes);
        return f;
    }
    // Row size: the spacing of the data offsets, which must be the same for every row.
    const uint8_t* t = b.data() + kParamHeaderSize;
    const int64_t first_data = load_i64(t + 8);
    if (first_data != h.data_start)
        return make_error(kParamHeaderSize + 8, "PARAM row 0 data offset " + std::to_string(first_data) +
                                                    " is not the data start " + std::to_string(h.data_start));
    const uint32_t by_type = size_by_type_offset(h, f.type_name_);
    uint64_t size = 0;
    if (rows >= 2) {
        int64_t second = load_i64(t + kParamRowHeaderSize + 8);
        if (second <= first_data || second - first_data > int64_t(b.size()))
            return make_error(kParamHeaderSize + kParamRowHeaderSize + 8,
                              "PARAM row 1 data offset " + std::to_string(second) + " does not follow row 0's (" +
                                  std::to_string(first_data) + ")");
        size = uint64_t(second - first_data);
    } else {
        size = by_type;
        if (size == 0)
            return make_error(0x10, "PARAM with one row and no type string after it: its row size is not known");
    }
    if (by_type != 0 && by_type != size)
        return make_error(0x10, "PARAM row size disagreement: the row data offsets are " + std::to_string(size) +
                                    " bytes apart, but (type offset " + std::to_string(h.type_offset) +
                                    " - data start " + std::to_string(h.data_start) + ") / " + std::to_string(rows) +
                                    " rows = " + std::to_string(by_type));
    if (by_type == 0 && !f.type_name_.empty())
        f.notes_.push_back("(type offset - data start) is not a whole number of rows: row size from the data offsets");
    const uint64_t data_end = uint64_t(h.data_start) + size * rows;
    if (data_end > b.size())
        return make_error(0x30, "PARAM rows truncated: " + std::to_string(rows) + " rows of " + std::to_string(size) +
                                    " bytes from " + std::to_string(h.data_start) + " end at " +
                                    std::to_string(data_end) + ", the file has " + std::to_string(b.size()));
    int64_t previous_id = 0;
    size_t duplicates = 0, descents = 0;
    for (size_t i = 0; i < rows; ++i) {
        const uint8_t* r = t + i * kParamRowHeaderSize;
        const uint64_t at = kParamHeaderSize + i * kParamRowHeaderSize;
        int32_t id = load_i32(r);
        int64_t data = load_i64(r + 8);
        if (data != h.data_start + int64_t(i * size))
            return make_error(at + 8, "PARAM row " + std::to_string(i) + " (id " + std::to_string(id) +
                                          ") data offset " + std::to_string(data) + ", expected " +
                                          std::to_string(h.data_start + int64_t(i * size)) + " (rows of " +
                                          std::to_string(size) + " bytes, contiguous)");
        if (i > 0 && id == previous_id) ++duplicates;
        if (i > 0 && id < previous_id) ++descents;
        previous_id = id;
    }
    // The games' files have ascending ids; modding tools can write duplicates or any order. Such
    // a file is read through a sorted index (the first row of an id is the one found).
    if (duplicates || descents) {
        f.order_.resize(rows);
        for (size_t i = 0; i < rows; ++i) f.order_[i] = uint32_t(i);
        std::stable_sort(f.order_.begin(), f.order_.end(), [&](uint32_t a, uint32_t c) {
            return load_i32(t + a * kParamRowHeaderSize) < load_i32(t + c * kParamRowHeaderSize);
        });
        f.notes_.push_back("row ids not strictly ascending (" + std::to_string(descents) + " descents, " +
                           std::to_string(duplicates) +
                           " repeats): rows found through a sorted index, the first "
                           "row of a repeated id wins");
    }
    f.row_size_ = uint32_t(size);
    f.bytes_ = std::move(bytes);
    return f;
}

int32_t ParamFile::row_id(size_t index) const {
    return load_i32(bytes_.data() + kParamHeaderSize + index * kParamRowHeaderSize);
}

Bytes ParamFile::row(size_t index) const {
    return Bytes(bytes_.data() + header_.data_start + index * uint64_t(row_size_), row_size_);
}

size_t ParamFile::sorted_row(size_t position) const { return order_.empty() ? position : order_[position]; }

size_t ParamFile::lower_bound(int64_t id) const {
    size_t lo = 0, hi = row_count();
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (row_id(sorted_row(mid)) < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

std::optional<size_t> ParamFile::find(int32_t id) const {
    size_t at = lower_bound(id);
    if (at < row_count() && row_id(sorted_row(at)) == id) return sorted_row(at);
    return std::nullopt;
}

std::vector<size_t> ParamFile::rows_with_ids(int32_t first, int32_t last) const {
    std::vector<size_t> out;
    if (last < first) return out;
    for (size_t at = lower_bound(first); at < row_count(); ++at) {
        size_t row = sorted_row(at);
        if (row_id(row) > last) break;
        out.push_back(row);
    }
    return out;
}

std::string ParamFile::row_name(size_t index) const {
    const int64_t off = load_i64(bytes_.data() + kParamHeaderSize + index * kParamRowHeaderSize + 16);
    if (off <= 0 || uint64_t(off) >= bytes_.size()) return "";
    ByteReader r(bytes_);
    if (header_.format_flags2 & kFlags2UnicodeNames) {
        auto s = r.utf16z(uint64_t(off));
        return s.ok() ? utf16_to_utf8(*s) : "";
    }
    std::string s;  // Shift-JIS names: the ASCII part as is
    for (uint64_t i = uint64_t(off); i < bytes_.size() && bytes_[i] != 0; ++i)
        s.push_back(bytes_[i] < 0x80 ? char(bytes_[i]) : '?');
    return s;
}

}  // namespace taescope::params
