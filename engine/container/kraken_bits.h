// The four bit readers of the Kraken format (kraken-bitstream.md §1): MSB-first forward/backward
// (LZ offsets and lengths, table headers, multi-array lengths) and LSB-first forward/backward
// (Huffman and tANS data).
//
// Every reader works inside a window [data, data + size) that it may physically read. Reading
// past the window yields zero bits, so peeking beyond the data is harmless; the format's
// "streams must meet" checks on position() then reject streams whose *consumed* bits leave it.
// A reader has 56..63 bits ahead after refill(), so up to 56 bits may be consumed between
// refills. Positions are indexes into the window (they may run past it when a stream lies).
// Readers start inside the window (0 <= start <= size) and only move away from the side they
// start from, so the fast refill checks only the side a reader moves towards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "io/byte_reader.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace taescope::kraken {

// The 8 bytes at p as a big-endian number. wasm has no byte-swap instruction and LLVM expands
// __builtin_bswap64 to ~35 scalar operations (it also recognises the shift-and-mask idioms and
// expands them the same way), so with SIMD128 one 8-byte vector load and a byte shuffle do it.
inline uint64_t load_u64be(const uint8_t* p) {
#if defined(__wasm_simd128__)
    const v128_t v = wasm_v128_load64_zero(p);
    return uint64_t(
        wasm_i64x2_extract_lane(wasm_i8x16_shuffle(v, v, 7, 6, 5, 4, 3, 2, 1, 0, 8, 9, 10, 11, 12, 13, 14, 15), 0));
#else
    return __builtin_bswap64(load_u64le(p));
#endif
}

// memcpy for the decoder's copies of a few bytes to a few KiB. In wasm this toolchain's memcpy
// leaves the module for a JavaScript copy from 512 bytes on (its libc has no bulk-memory build),
// which costs more than the copy itself at these sizes, so there the copy is a 16-byte vector loop.
inline void copy_bytes(uint8_t* to, const uint8_t* from, size_t n) {
#if defined(__wasm_simd128__)
    size_t i = 0;
    for (; i + 16 <= n; i += 16) wasm_v128_store(to + i, wasm_v128_load(from + i));
    for (; i < n; ++i) to[i] = from[i];
#else
    std::memcpy(to, from, n);
#endif
}

// The two LSB-first readers (Huffman and tANS data, the hot loops) refill without a branch: the
// 8 bytes after the last loaded one are shifted in above the bits still buffered, and the reader
// moves by the whole bytes that fitted (bits |= 56 afterwards). The next load's address is
// therefore known one refill ahead, and the load is off the chain from one decoded symbol to the
// next; only a shift and an OR join it. consume_entry() takes a Huffman lookup entry as it is
// (length in the low byte): the buffer shifts by it (shifts use the count's low 6 bits) and the
// count of buffered bits drops by the whole entry, so bits_ carries garbage above its low byte,
// which every use masks off (the true count, at most 63, never borrows from it).

// An empty asm that claims to change v: the subtraction before it happens there, and the value
// is not re-associated with later ones. Without it GCC sums the five code lengths of a round at
// the refill, keeping five entries alive per stream: with six streams they spill to the stack.
inline void keep_in_register(unsigned& v) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    asm("" : "+r"(v));
#else
    (void)v;
#endif
}

// LF: bytes in increasing order, least significant bit of each byte first.
class LsbForwardBits {
public:
    LsbForwardBits(const uint8_t* data, ptrdiff_t size, ptrdiff_t start)
        : begin_(data), end_(data + size), at_(data + start) {}

    void refill() {
        if (end_ - at_ >= 8) {
            refill_fast();
        } else {
            // The window's last bytes, then zeros (a lying stream may take the reader past the
            // window: it counts the bytes there and forms no pointer outside it).
            unsigned bits = count();
            while (bits < 56) {
                if (at_ < end_) {
                    buf_ |= uint64_t(*at_++) << bits;
                } else {
                    ++beyond_;
                }
                bits += 8;
            }
            bits_ = bits;
        }
    }
    // refill() where room() > 0: the 8 bytes lie inside the window.
    void refill_fast() {
        const unsigned bits = count();
        buf_ |= load_u64le(at_) << bits;
        at_ += (63 - bits) >> 3;
        bits_ = bits | 56;
    }
    // How many refill_fast() calls may follow (each moves at most 7 bytes forward).
    ptrdiff_t room() const { return (end_ - at_ - 8) >> 3; }
    uint32_t peek(unsigned n) const { return uint32_t(buf_ & ((uint64_t{1} << n) - 1)); }
    void consume(unsigned n) {
        buf_ >>= n;
        bits_ -= n;
    }
    void consume_entry(unsigned entry) {
        buf_ >>= (entry & 63);
        bits_ -= entry;
        keep_in_register(bits_);
    }
    uint32_t read(unsigned n) {
        uint32_t v = peek(n);
        consume(n);
        return v;
    }
    // Window index just after the last byte any consumed bit came from.
    ptrdiff_t position() const { return (at_ - begin_) + beyond_ - ptrdiff_t(count() >> 3); }

private:
    unsigned count() const { return bits_ & 0xFF; }

    const uint8_t* begin_;
    const uint8_t* end_;
    const uint8_t* at_;     // next byte to load (at most end_)
    ptrdiff_t beyond_ = 0;  // bytes "loaded" (as zeros) past end_
    uint64_t buf_ = 0;
    unsigned bits_ = 0;  // buffered bits in the low byte
};

// LB: bytes in decreasing order starting with the byte before `start`, LSB first.
class LsbBackwardBits {
public:
    LsbBackwardBits(const uint8_t* data, ptrdiff_t size, ptrdiff_t start) : begin_(data), at_(data + start) {
        (void)size;  // a backward reader never goes above its start, inside the window
    }

    void refill() {
        if (at_ - begin_ >= 8) {
            refill_fast();
        } else {
            unsigned bits = count();
            while (bits < 56) {
                if (at_ > begin_) {
                    buf_ |= uint64_t(*--at_) << bits;
                } else {
                    ++beyond_;
                }
                bits += 8;
            }
            bits_ = bits;
        }
    }
    // refill() where room() > 0: the 8 bytes lie inside the window.
    void refill_fast() {
        const unsigned bits = count();
        buf_ |= load_u64be(at_ - 8) << bits;
        at_ -= (63 - bits) >> 3;
        bits_ = bits | 56;
    }
    ptrdiff_t room() const { return (at_ - begin_ - 8) >> 3; }
    uint32_t peek(unsigned n) const { return uint32_t(buf_ & ((uint64_t{1} << n) - 1)); }
    void consume(unsigned n) {
        buf_ >>= n;
        bits_ -= n;
    }
    void consume_entry(unsigned entry) {
        buf_ >>= (entry & 63);
        bits_ -= entry;
        keep_in_register(bits_);
    }
    uint32_t read(unsigned n) {
        uint32_t v = peek(n);
        consume(n);
        return v;
    }
    // Window index of the lowest byte any consumed bit came from.
    ptrdiff_t position() const { return (at_ - begin_) - beyond_ + ptrdiff_t(count() >> 3); }

private:
    unsigned count() const { return bits_ & 0xFF; }

    const uint8_t* begin_;
    const uint8_t* at_;     // one past the next byte to load (at least begin_)
    ptrdiff_t beyond_ = 0;  // bytes "loaded" (as zeros) before begin_
    uint64_t buf_ = 0;
    unsigned bits_ = 0;
};

// Shared part of the two MSB-first readers: the next bit is bit 63 of the buffer.
class MsbBits {
public:
    uint32_t peek(unsigned n) const { return uint32_t((buf_ >> 1) >> (63 - n)); }  // n <= 32; n = 0 gives 0
    void consume(unsigned n) {
        buf_ <<= n;
        bits_ -= n;
    }
    uint32_t read(unsigned n) {
        uint32_t v = peek(n);
        consume(n);
        return v;
    }
    // Number of 0 bits before the next 1 among the buffered bits (64 when all are 0). Bits
    // buffered beyond bits_ are true stream bits too, so the count is exact up to bits_.
    unsigned leading_zeros() const { return buf_ ? unsigned(__builtin_clzll(buf_)) : 64u; }
    unsigned buffered() const { return bits_; }

protected:
    uint64_t buf_ = 0;
    unsigned bits_ = 0;
};

// MF: bytes in increasing order, most significant bit first.
class MsbForwardBits : public MsbBits {
public:
    MsbForwardBits(const uint8_t* data, ptrdiff_t size, ptrdiff_t start) : data_(data), size_(size), pos_(start) {}

    void refill() {
        if (pos_ + 8 <= size_) {
            buf_ |= load_u64be(data_ + pos_) >> bits_;
            pos_ += (63 - bits_) >> 3;
            bits_ |= 56;
        } else {
            while (bits_ < 56) {
                uint64_t b = (pos_ >= 0 && pos_ < size_) ? data_[pos_] : 0;
                buf_ |= b << (56 - bits_);
                ++pos_;
                bits_ += 8;
            }
        }
    }
    ptrdiff_t position() const { return pos_ - ptrdiff_t(bits_ >> 3); }
    // Exact number of bits consumed since `start` (for bit-level overlap checks).
    int64_t consumed_bits(ptrdiff_t start) const { return int64_t(pos_ - start) * 8 - bits_; }

private:
    const uint8_t* data_;
    ptrdiff_t size_;
    ptrdiff_t pos_;
};

// MB: bytes in decreasing order starting with the byte before `start`, most significant bit first.
class MsbBackwardBits : public MsbBits {
public:
    MsbBackwardBits(const uint8_t* data, ptrdiff_t size, ptrdiff_t start) : data_(data), size_(size), pos_(start) {}

    void refill() {
        if (pos_ - 8 >= 0) {
            buf_ |= load_u64le(data_ + pos_ - 8) >> bits_;
            pos_ -= (63 - bits_) >> 3;
            bits_ |= 56;
        } else {
            while (bits_ < 56) {
                uint64_t b = (pos_ - 1 >= 0 && pos_ - 1 < size_) ? data_[pos_ - 1] : 0;
                buf_ |= b << (56 - bits_);
                --pos_;
                bits_ += 8;
            }
        }
    }
    ptrdiff_t position() const { return pos_ + ptrdiff_t(bits_ >> 3); }
    int64_t consumed_bits(ptrdiff_t start) const { return int64_t(start - pos_) * 8 - bits_; }

private:
    const uint8_t* data_;
    ptrdiff_t size_;
    ptrdiff_t pos_;
};

}  // namespace taescope::kraken
