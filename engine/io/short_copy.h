// Copies of short runs of bytes (event parameters: 0 to 64 bytes in every file seen) with
// fixed-size moves that overlap, instead of a library memcpy call per run. Reads and writes
// exactly [0, n) of each buffer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace taescope {

namespace short_copy_detail {
template <size_t N>
inline void move_fixed(uint8_t* dst, const uint8_t* src) {
    uint8_t chunk[N];
    std::memcpy(chunk, src, N);
    std::memcpy(dst, chunk, N);
}
}  // namespace short_copy_detail

inline void copy_short_bytes(uint8_t* dst, const uint8_t* src, size_t n) {
    using short_copy_detail::move_fixed;
    if (n >= 16 && n <= 64) {
        move_fixed<16>(dst, src);
        move_fixed<16>(dst + n - 16, src + n - 16);
        if (n > 32) {
            move_fixed<16>(dst + 16, src + 16);
            move_fixed<16>(dst + n - 32, src + n - 32);
        }
    } else if (n >= 8 && n < 16) {
        move_fixed<8>(dst, src);
        move_fixed<8>(dst + n - 8, src + n - 8);
    } else if (n != 0) {
        std::memcpy(dst, src, n);
    }
}

}  // namespace taescope
