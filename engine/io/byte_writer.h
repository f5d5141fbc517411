// Growing little/big-endian byte output with padding and back-patching of offsets.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

namespace taescope {

class ByteWriter {
public:
    ByteWriter() = default;
    explicit ByteWriter(size_t reserve) { buf_.reserve(reserve); }

    uint64_t pos() const { return buf_.size(); }
    std::vector<uint8_t>& buffer() { return buf_; }
    std::vector<uint8_t> take() { return std::move(buf_); }

    void u8(uint8_t v) { buf_.push_back(v); }
    void u16le(uint16_t v) { put(&v, 2); }
    void u32le(uint32_t v) { put(&v, 4); }
    void u64le(uint64_t v) { put(&v, 8); }
    void i32le(int32_t v) { put(&v, 4); }
    void f32le(float v) { put(&v, 4); }
    void u32be(uint32_t v) {
        uint8_t b[4] = {uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)};
        put(b, 4);
    }
    void bytes(std::span<const uint8_t> b) { buf_.insert(buf_.end(), b.begin(), b.end()); }
    void ascii(std::string_view s) { buf_.insert(buf_.end(), s.begin(), s.end()); }
    void zeros(size_t n) { buf_.resize(buf_.size() + n, 0); }
    // UTF-16LE code units plus a 2-byte NUL.
    void utf16z(std::u16string_view s) {
        for (char16_t c : s) u16le(uint16_t(c));
        u16le(0);
    }
    // Zero-pad to a multiple of `alignment` (a power of two or any positive number).
    void pad_to(uint64_t alignment) {
        uint64_t r = pos() % alignment;
        if (r) zeros(alignment - r);
    }

    // Overwrite previously written bytes (back-patching offsets and sizes).
    void patch_u32le(uint64_t at, uint32_t v) { std::memcpy(buf_.data() + at, &v, 4); }
    void patch_u64le(uint64_t at, uint64_t v) { std::memcpy(buf_.data() + at, &v, 8); }
    void patch_u32be(uint64_t at, uint32_t v) {
        uint8_t b[4] = {uint8_t(v >> 24), uint8_t(v >> 16), uint8_t(v >> 8), uint8_t(v)};
        std::memcpy(buf_.data() + at, b, 4);
    }

private:
    void put(const void* p, size_t n) {
        const auto* b = static_cast<const uint8_t*>(p);
        buf_.insert(buf_.end(), b, b + n);
    }
    std::vector<uint8_t> buf_;
};

}  // namespace taescope
