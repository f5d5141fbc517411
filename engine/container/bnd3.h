// BND3: the binder format of Dark Souls 1 and older (read side; a plain writer exists so the
// reader can be tested on files this project makes). Shift-JIS names, 32-bit sizes.
//
// Header (0x20): "BND3", 8-byte version string, raw format byte (bit order as BND4 §2.2),
// BigEndian byte, BitBigEndian byte, one byte, i32 file count, i32 end of the headers
// (entries and names), i32 unk18, i32 0.
// Entry: u8 raw flags, 3 bytes, i32 stored size, data offset (u32; u64 with LongOffsets),
// [IDs] i32 id, [Names1|Names2] u32 name offset, [Compression] i32 uncompressed size.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"

namespace taescope {

struct Bnd3Member {
    uint8_t raw_flags = 0x40;
    uint64_t stored_size = 0;
    int32_t uncompressed_size = -1;  // [Compression]
    uint64_t data_offset = 0;
    int32_t id = -1;
    std::vector<uint8_t> raw_name;  // Shift-JIS bytes, no terminator
    std::string name;               // UTF-8 for display (ASCII part; other characters as U+FFFD)
    std::vector<uint8_t> data;
};

struct Bnd3 {
    std::array<uint8_t, 8> version{};
    uint8_t raw_format = 0x74;
    uint8_t big_endian = 0;
    uint8_t bit_big_endian = 0;
    uint8_t unk0f = 0;
    int32_t unk18 = 0;
    std::vector<Bnd3Member> members;

    uint8_t format() const;  // logical bits, see bnd_format in bnd4.h
    bool is_big_endian() const;
};

bool is_bnd3(Bytes data);
Result<Bnd3> bnd3_read(Bytes data);
// Entries, then names, then member data each aligned to 16.
std::vector<uint8_t> bnd3_write(const Bnd3& b);

}  // namespace taescope
