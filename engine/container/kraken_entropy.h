// Kraken entropy-coded byte arrays (kraken-bitstream.md §7–§12): the array header, raw arrays,
// tANS, Huffman (3 and 6 streams, rice/gamma/sparse code-length tables), RLE, and type 5
// (concatenation and the multi-array). Internal to the Kraken decoder.
//
// Every decoder here writes only inside [dst, dst + capacity) and reads only inside
// [p, end); errors carry the offset of the offending byte in the whole compressed stream.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "container/kraken_bits.h"
#include "io/result.h"

// `KRAKEN_TRY_ASSIGN(auto x, expr)`: evaluates a Result expression, returns its error, or binds the value.
#define KRAKEN_CONCAT_INNER(a, b) a##b
#define KRAKEN_CONCAT(a, b) KRAKEN_CONCAT_INNER(a, b)
#define KRAKEN_TRY_ASSIGN(decl, expr)                                      \
    auto&& KRAKEN_CONCAT(kraken_result_, __LINE__) = (expr);               \
    if (!KRAKEN_CONCAT(kraken_result_, __LINE__).ok())                     \
        return std::move(KRAKEN_CONCAT(kraken_result_, __LINE__)).error(); \
    decl = std::move(KRAKEN_CONCAT(kraken_result_, __LINE__)).value()

namespace taescope::kraken {

// Where the compressed stream starts, so that errors can report stream offsets.
struct StreamOrigin {
    const uint8_t* begin;
    Error error(const uint8_t* at, std::string message) const {
        return make_error(uint64_t(at - begin), std::move(message));
    }
    // For a bit reader's position, which may lie outside its window when a stream lies.
    Error error(const uint8_t* window, ptrdiff_t index, std::string message) const {
        ptrdiff_t off = (window - begin) + index;
        return make_error(uint64_t(off < 0 ? 0 : off), std::move(message));
    }
};

enum class ArrayType : uint8_t { raw = 0, tans = 1, huffman3 = 2, rle = 3, huffman6 = 4, recursive = 5 };

struct ArrayHeader {
    ArrayType type;
    size_t header_size;   // 2, 3 or 5 bytes
    size_t payload_size;  // bytes after the header ("cs"; for raw arrays the data size)
    size_t decoded_size;  // "ds"
};

// Reads the header of the array at p (§7). Checks the sizes against `end` and `capacity`.
Result<ArrayHeader> read_array_header(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end,
                                      size_t capacity);

struct DecodedArray {
    size_t size;          // bytes written to dst
    const uint8_t* next;  // first byte after the array
};

// Nesting allowed for arrays inside arrays (RLE prefixes, type 5); hostile input cannot recurse deeper.
constexpr int kMaxArrayDepth = 8;

// Decodes the array at p (inside [p, end)) into dst, which has room for `capacity` bytes.
Result<DecodedArray> decode_array(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst,
                                  size_t capacity, int depth = 0);

// The type-specific decoders: payload [p, end) must be used exactly and produce exactly ds bytes.
Status decode_huffman(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t ds,
                      bool six_streams);
Status decode_tans(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t ds);

// The shared table helpers of §8, reading from an MF reader. They return nullptr on success or
// a description of what was wrong.
constexpr unsigned kSymbolSlack = 16;
// §8.1: the number P of range values for nsym symbols.
unsigned read_range_count(MsbForwardBits& bits, unsigned nsym);
// §8.2: `count` unary values (each <= 255).
const char* read_unary_values(MsbForwardBits& bits, unsigned count, uint8_t* values);
// §8.3: turns nsym and the P range values into the ascending list of the nsym present symbols.
// `symbols` must have room for 256 + kSymbolSlack bytes (the list is written 16 bytes at a time).
const char* read_symbol_ranges(MsbForwardBits& bits, unsigned nsym, unsigned range_count, const uint8_t* range_values,
                               uint8_t* symbols);

inline int zigzag(unsigned v) { return (v & 1) ? -int((v + 1) >> 1) : int(v >> 1); }
inline unsigned floor_log2(uint32_t v) { return 31u - unsigned(__builtin_clz(v)); }  // v > 0

}  // namespace taescope::kraken
