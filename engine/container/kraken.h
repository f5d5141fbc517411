// Oodle Kraken: our own decoder (spec: ../shared/spec/kraken-bitstream.md) and a writer of
// stored-block streams (containers-kraken-tae.md §3.8), as DCX "KRAK" payloads use them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"

namespace taescope {

// Decodes a whole Kraken stream into `out`, whose size is the expected decoded size (from the
// DCX header). Hostile input returns an Error with the compressed-stream offset; it never reads
// or writes outside `src` and `out` (no output slack is required). A decode that succeeds has
// written every byte of `out` (each 256 KiB block is stored, a memset, or chunks whose arrays and
// tokens must produce exactly the chunk's bytes), so `out` may start uninitialised; after an
// error its contents are unspecified.
Status kraken_decompress(Bytes src, std::span<uint8_t> out);

// The decoder keeps one scratch arena per thread between calls once it has grown past 64 KiB (to
// the largest LZ chunk decoded so far; a few hundred KB at most); smaller arenas are freed when
// the call returns. This frees it: for a caller done with Kraken, and
// for benchmarks that count peak memory, so that the arena is counted rather than inherited.
void kraken_release_scratch();

// A valid Kraken stream that stores `raw` uncompressed: per 256 KiB block the header 0xCC 0x06
// (uncompressed | reset, decoder type 6) and then that block's bytes. Empty input gives an empty
// stream (no blocks), which kraken_decompress accepts for an empty output.
std::vector<uint8_t> kraken_encode_stored(Bytes raw);

}  // namespace taescope
