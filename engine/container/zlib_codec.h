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

// The same inflation in slices, so that a UI can draw between them: step() inflates up to
// `max_output` more bytes and returns true once the stream is complete and checked; every
// error of zlib_inflate_exact is reported by the step that finds it.
class ZlibExactInflater {
public:
    ZlibExactInflater(Bytes src, uint64_t expected_size);
    ~ZlibExactInflater();
    ZlibExactInflater(const ZlibExactInflater&) = delete;
    ZlibExactInflater& operator=(const ZlibExactInflater&) = delete;

    Result<bool> step(uint64_t max_output);
    double fraction() const { return expected_ ? double(out_pos_) / double(expected_) : 1.0; }
    // The inflated bytes, once step() returned true.
    std::vector<uint8_t> take() { return std::move(out_); }

private:
    Result<bool> fail(Error e);
    Bytes src_;
    uint64_t expected_ = 0;
    std::vector<uint8_t> out_;
    void* stream_ = nullptr;  // z_stream, owned (kept out of this header)
    uint64_t in_pos_ = 0, out_pos_ = 0;
    bool done_ = false;
};

// Inflates a zlib stream of unknown output size (a bare "78 DA" file), refusing to produce
// more than `max_size` bytes. `consumed` receives the number of input bytes the stream used.
Result<std::vector<uint8_t>> zlib_inflate_bounded(Bytes src, uint64_t max_size, uint64_t* consumed = nullptr);

// A zlib stream of `raw` as zlib compress2 makes it: level 9, windowBits 15, memLevel 8, the
// default strategy (header 78 DA).
std::vector<uint8_t> zlib_deflate(Bytes raw, int level = 9);

}  // namespace taescope
