// zlib streams as DCX "DFLT" payloads use them (containers-kraken-tae.md §1.4): a 2-byte zlib
// header, raw deflate, a big-endian Adler-32. Inflation is bounded by a size the caller
// declares up front, so a hostile stream can never make us allocate more than that.
// Whole streams of a known size are inflated by libdeflate (2.5-5x faster than zlib on the
// corpus binders, bench/bench_container.cpp); a stream libdeflate refuses is inflated again by
// zlib to report where it breaks, since libdeflate says only that it does. zlib also inflates
// in slices and streams of unknown size, where a whole-buffer decoder cannot.
#pragma once

#include <cstdint>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"
#include "io/shared_bytes.h"

namespace taescope {

// Deflate's best case is about 1032 output bytes per input byte (a run of one byte); any
// declared size above this multiple of the compressed size cannot be honest.
constexpr uint64_t kDeflateMaxRatio = 1032;

// Inflates a complete zlib stream that must produce exactly `expected_size` bytes. An error if
// the stream ends early, would produce more, is corrupt, or is followed by unused input
// (offsets in errors are in `src`). The bytes come in a buffer of their own, never zero-filled.
Result<SharedBytes> zlib_inflate_exact(Bytes src, uint64_t expected_size);

// The same inflation in slices, so that a UI can draw between them: step() inflates up to
// `max_output` more bytes and returns true once the stream is complete and checked; every
// error of zlib_inflate_exact is reported by the step that finds it. A first step allowed the
// whole declared size inflates it at once with libdeflate; smaller slices use zlib.
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

    // zlib's verdict on a stream libdeflate refused: its error, with the offset where it breaks.
    static Error zlib_error(Bytes src, uint64_t expected_size);

private:
    Result<bool> step_zlib(uint64_t max_output);
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

// The compression level of libdeflate that exports use: on every DFLT binder of the corpus it
// gives a file 2.5-9% smaller than zlib level 9 in 1.3-3x less time (bench "deflate export").
constexpr int kExportDeflateLevel = 10;

// A zlib stream of `raw` made by libdeflate at `level` (header 78 DA from level 8 up, Adler-32
// trailer): what exported DFLT files hold. Any zlib inflater reads it.
std::vector<uint8_t> deflate_for_export(Bytes raw, int level = kExportDeflateLevel);

}  // namespace taescope
