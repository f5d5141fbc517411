// zlib streams as DCX "DFLT" payloads use them (containers-kraken-tae.md §1.4): a 2-byte zlib
// header, raw deflate, a big-endian Adler-32. Inflation is bounded by a size the caller
// declares up front, so a hostile stream can never make us allocate more than that.
#pragma once

#include <cstdint>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"

namespace taescope {

// Deflate's best case is about 1032 output bytes per input byte (a run of one byte); any
// declared size above this multiple of the compressed size cannot be honest.
constexpr uint64_t kDeflateMaxRatio = 1032;

// Inflates a complete zlib stream that must produce exactly `expected_size` bytes. An error if
// the stream ends early, would produce more, is corrupt, or is followed by unused input
// (offsets in errors are in `src`).
Result<std::vector<uint8_t>> zlib_inflate_exact(Bytes src, uint64_t expected_size);

// Inflates a zlib stream of unknown output size (a bare "78 DA" file), refusing to produce
// more than `max_size` bytes. `consumed` receives the number of input bytes the stream used.
Result<std::vector<uint8_t>> zlib_inflate_bounded(Bytes src, uint64_t max_size, uint64_t* consumed = nullptr);

// A zlib stream of `raw` as zlib compress2 makes it: level 9, windowBits 15, memLevel 8, the
// default strategy (header 78 DA).
std::vector<uint8_t> zlib_deflate(Bytes raw, int level = 9);

}  // namespace taescope
