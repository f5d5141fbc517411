// PARAM files made here, field by field as ../shared/spec/params-hitboxes.md §3 lays them out,
// for the reader's tests (each refused flavour, row-size disagreements, truncations, bitfield
// rows) and the fuzz targets' seeds. Nothing of a game file is copied.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "io/byte_writer.h"

namespace taescope::test {

struct MadeParam {
    std::vector<std::pair<int32_t, std::vector<uint8_t>>> rows;  // id, row bytes (all one size)
    std::string type = "TEST_PARAM_ST";
    uint8_t endianness = 0x00;
    uint8_t flags1 = 0x85;  // bits 0, 2, 7: the ER/SDT/NR/AC6 flavour
    uint8_t flags2 = 0x07;
    int16_t data_version = 1;
    int64_t type_offset_shift = 0;  // added to the true type offset (a row-size disagreement)
};

// The file; row names all point to one empty UTF-16 name after the type string, as ER's do.
inline std::vector<uint8_t> make_param(const MadeParam& p) {
    const size_t rows = p.rows.size();
    const size_t row_size = rows ? p.rows[0].second.size() : 0;
    const uint64_t data_start = 0x40 + 24 * rows;
    const uint64_t type_offset = data_start + row_size * rows;
    const uint64_t name_offset = type_offset + p.type.size() + 1;
    ByteWriter w;
    w.u32le(uint32_t(type_offset));  // "strings offset"
    w.u16le(0);
    w.u16le(0);
    w.u16le(uint16_t(p.data_version));
    w.u16le(uint16_t(rows));
    w.u32le(0);
    w.u64le(uint64_t(int64_t(type_offset) + p.type_offset_shift));
    w.zeros(20);
    w.u8(p.endianness);
    w.u8(p.flags1);
    w.u8(p.flags2);
    w.u8(0);
    w.u64le(data_start);
    w.u64le(0);
    for (size_t i = 0; i < rows; ++i) {
        w.i32le(p.rows[i].first);
        w.u32le(0);
        w.u64le(data_start + i * row_size);
        w.u64le(name_offset);
    }
    for (const auto& r : p.rows) w.bytes(r.second);
    w.ascii(p.type);
    w.u8(0);
    w.u16le(0);  // the empty row name
    return w.take();
}

// Rows of `size` bytes whose byte k is (id + k) & 0xFF, for ids first, first + step, ...
inline MadeParam patterned_param(size_t count, size_t size, int32_t first = 10, int32_t step = 10) {
    MadeParam p;
    for (size_t i = 0; i < count; ++i) {
        int32_t id = first + int32_t(i) * step;
        std::vector<uint8_t> row(size);
        for (size_t k = 0; k < size; ++k) row[k] = uint8_t(id + int32_t(k));
        p.rows.emplace_back(id, std::move(row));
    }
    return p;
}

}  // namespace taescope::test
