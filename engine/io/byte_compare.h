// Where two byte runs first differ, compared 8 bytes at a time: std::mismatch over bytes is a
// byte-at-a-time loop under GCC and in wasm, and the BND4 reader compares a whole header region
// (tens of kilobytes for a large binder) on every open.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace taescope {

// The index of the first byte where a and b differ, or n when the first n bytes are equal.
inline size_t first_difference(const uint8_t* a, const uint8_t* b, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x, y;
        std::memcpy(&x, a + i, 8);
        std::memcpy(&y, b + i, 8);
        if (x != y) break;
    }
    while (i < n && a[i] == b[i]) ++i;
    return i;
}

}  // namespace taescope
