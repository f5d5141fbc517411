// Bounds-checked little/big-endian reads from an immutable byte buffer.
//
// Two styles, both safe:
//  - checked accessors (u32le(off) etc.) return Result<T> with the offset in the error;
//  - has(off, len) once, then the unchecked load_*() helpers in a hot loop.
// Offsets are u64 so that a hostile 64-bit offset can never wrap around a size_t check.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>

#include "io/result.h"

namespace taescope {

using Bytes = std::span<const uint8_t>;

inline uint16_t load_u16le(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }
inline uint32_t load_u32le(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);  // every target we build for is little-endian (x86-64, wasm32)
    return v;
}
inline uint64_t load_u64le(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
inline float load_f32le(const uint8_t* p) {
    float v;
    std::memcpy(&v, p, 4);
    return v;
}
inline uint16_t load_u16be(const uint8_t* p) { return uint16_t((p[0] << 8) | p[1]); }
inline uint32_t load_u24be(const uint8_t* p) { return (uint32_t(p[0]) << 16) | (uint32_t(p[1]) << 8) | p[2]; }
inline uint32_t load_u32be(const uint8_t* p) {
    return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3];
}

class ByteReader {
public:
    explicit ByteReader(Bytes data) : data_(data) {}

    Bytes bytes() const { return data_; }
    const uint8_t* data() const { return data_.data(); }
    uint64_t size() const { return data_.size(); }

    // True when [offset, offset + length) lies inside the buffer (overflow-safe).
    bool has(uint64_t offset, uint64_t length) const {
        return offset <= data_.size() && length <= data_.size() - offset;
    }

    // An error saying `what` needed `length` bytes at `offset` but the buffer ends earlier.
    Error out_of_bounds(uint64_t offset, uint64_t length, std::string_view what) const;

    Status require(uint64_t offset, uint64_t length, std::string_view what) const {
        if (has(offset, length)) return ok_status();
        return out_of_bounds(offset, length, what);
    }

    Result<uint8_t> u8(uint64_t offset, std::string_view what = "u8") const;
    Result<uint16_t> u16le(uint64_t offset, std::string_view what = "u16") const;
    Result<uint32_t> u32le(uint64_t offset, std::string_view what = "u32") const;
    Result<uint64_t> u64le(uint64_t offset, std::string_view what = "u64") const;
    Result<int32_t> i32le(uint64_t offset, std::string_view what = "i32") const;
    Result<float> f32le(uint64_t offset, std::string_view what = "f32") const;
    Result<uint32_t> u32be(uint64_t offset, std::string_view what = "u32 (big-endian)") const;
    Result<Bytes> slice(uint64_t offset, uint64_t length, std::string_view what = "bytes") const;

    // A NUL-terminated UTF-16LE string starting at `offset`, as raw code units (without the NUL).
    Result<std::u16string> utf16z(uint64_t offset, std::string_view what = "UTF-16 string") const;

    // The unchecked loads; call has()/require() first.
    uint8_t at(uint64_t offset) const { return data_[offset]; }
    uint32_t load_u32(uint64_t offset) const { return load_u32le(data_.data() + offset); }
    uint64_t load_u64(uint64_t offset) const { return load_u64le(data_.data() + offset); }

private:
    Bytes data_;
};

// Text helpers shared by every format that stores UTF-16 or Shift-JIS names.
std::string utf16_to_utf8(std::u16string_view s);
std::u16string utf8_to_utf16(std::string_view s);
// "0x1A2B"
std::string hex(uint64_t value);

}  // namespace taescope
