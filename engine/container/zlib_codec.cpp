#include "container/zlib_codec.h"

#include <libdeflate.h>
#include <zlib.h>

#include <algorithm>
#include <memory>
#include <string>

namespace taescope {

namespace {

// zlib counts in uInt (32 bits); feed large buffers in pieces.
constexpr uint64_t kStep = 1u << 30;

std::string zlib_message(const z_stream& zs, int code) {
    std::string m = zs.msg ? zs.msg : "";
    if (m.empty()) m = "zlib code " + std::to_string(code);
    return m;
}

struct DecompressorFree {
    void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
};
struct CompressorFree {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
};

// Inflates the whole of `src` with libdeflate into `out` (`expected_size` bytes). True if the
// stream is valid (Adler-32 included), produces exactly `expected_size` bytes and uses all of
// `src`; false otherwise, for zlib to find out why and where.
bool libdeflate_inflate_exact(Bytes src, uint64_t expected_size, uint8_t* out) {
    std::unique_ptr<libdeflate_decompressor, DecompressorFree> d(libdeflate_alloc_decompressor());
    if (!d) return false;
    size_t in_used = 0, produced = 0;
    // With `produced` asked for, a stream shorter than the buffer succeeds and says so; one that
    // needs more room fails with LIBDEFLATE_INSUFFICIENT_SPACE.
    libdeflate_result r = libdeflate_zlib_decompress_ex(d.get(), src.data(), src.size(), out, size_t(expected_size),
                                                        &in_used, &produced);
    return r == LIBDEFLATE_SUCCESS && produced == expected_size && in_used == src.size();
}

}  // namespace

ZlibExactInflater::ZlibExactInflater(Bytes src, uint64_t expected_size) : src_(src), expected_(expected_size) {
    // Inflate into one byte more than expected: a stream that fills it is too long. Reserved,
    // not resized: each step zero-fills only the slice it inflates into, so the first step of a
    // 140 MB payload does not touch all of it (that alone took a frame's worth of time in wasm).
    out_.reserve(expected_size + 1);
    auto* zs = new z_stream{};
    if (inflateInit(zs) != Z_OK) {
        delete zs;
        return;
    }
    stream_ = zs;
}

ZlibExactInflater::~ZlibExactInflater() {
    if (!stream_) return;
    inflateEnd(static_cast<z_stream*>(stream_));
    delete static_cast<z_stream*>(stream_);
}

Result<bool> ZlibExactInflater::fail(Error e) {
    done_ = true;
    out_.clear();
    return e;
}

Result<bool> ZlibExactInflater::step(uint64_t max_output) {
    if (done_) return make_error(in_pos_, "zlib: the stream was already inflated");
    if (out_pos_ == 0 && max_output >= expected_) {
        // The whole stream in this step: libdeflate inflates it at once.
        out_.resize(size_t(expected_));
        if (!libdeflate_inflate_exact(src_, expected_, out_.data())) return fail(zlib_error(src_, expected_));
        in_pos_ = src_.size();
        out_pos_ = expected_;
        done_ = true;
        return true;
    }
    return step_zlib(max_output);
}

Result<bool> ZlibExactInflater::step_zlib(uint64_t max_output) {
    if (done_) return make_error(in_pos_, "zlib: the stream was already inflated");
    if (!stream_) return fail(make_error(0, "zlib: inflateInit failed"));
    z_stream& zs = *static_cast<z_stream*>(stream_);
    const uint64_t capacity = expected_ + 1;
    uint64_t stop_at = std::min<uint64_t>(capacity, out_pos_ + std::max<uint64_t>(max_output, 1));
    out_.resize(size_t(stop_at));  // within the reservation: no reallocation
    int code = Z_OK;
    while (true) {
        uint64_t in_avail = std::min<uint64_t>(src_.size() - in_pos_, kStep);
        uint64_t out_avail = std::min<uint64_t>(stop_at - out_pos_, kStep);
        zs.next_in = const_cast<Bytef*>(src_.data() + in_pos_);
        zs.avail_in = uInt(in_avail);
        zs.next_out = out_.data() + out_pos_;
        zs.avail_out = uInt(out_avail);
        code = inflate(&zs, Z_NO_FLUSH);
        in_pos_ += in_avail - zs.avail_in;
        out_pos_ += out_avail - zs.avail_out;
        if (code == Z_STREAM_END) break;
        if (code != Z_OK && code != Z_BUF_ERROR)
            return fail(make_error(in_pos_, "zlib stream is corrupt: " + zlib_message(zs, code)));
        if (out_pos_ == capacity) break;        // one byte past the declared size: too long (reported below)
        if (out_pos_ == stop_at) return false;  // this slice is done; more to come
        if (in_pos_ == src_.size() && zs.avail_out != 0)
            return fail(make_error(in_pos_, "zlib stream ends before its end marker after producing " +
                                                std::to_string(out_pos_) + " of the declared " +
                                                std::to_string(expected_) + " bytes"));
    }
    if (out_pos_ > expected_)
        return fail(
            make_error(in_pos_, "zlib stream produces more than the declared " + std::to_string(expected_) + " bytes"));
    if (out_pos_ < expected_)
        return fail(make_error(in_pos_, "zlib stream produced " + std::to_string(out_pos_) +
                                            " bytes, the header declares " + std::to_string(expected_)));
    if (in_pos_ != src_.size())
        return fail(make_error(in_pos_, "zlib stream ends after " + std::to_string(in_pos_) + " of the declared " +
                                            std::to_string(src_.size()) + " compressed bytes"));
    out_.resize(expected_);
    done_ = true;
    return true;
}

Error ZlibExactInflater::zlib_error(Bytes src, uint64_t expected_size) {
    ZlibExactInflater inflater(src, expected_size);
    while (true) {
        Result<bool> done = inflater.step_zlib(kStep);
        if (!done) return std::move(done).error();
        if (*done) break;
    }
    // Both decoders follow RFC 1950/1951: a stream one accepts and the other refuses is a bug in
    // one of them, reported as such rather than hidden.
    return make_error(0, "zlib stream refused by libdeflate although zlib inflates it to the declared " +
                             std::to_string(expected_size) + " bytes");
}

Result<SharedBytes> zlib_inflate_exact(Bytes src, uint64_t expected_size) {
    uint8_t* out = nullptr;
    SharedBytes inflated = SharedBytes::uninitialized(size_t(expected_size), &out);
    if (!libdeflate_inflate_exact(src, expected_size, out)) return ZlibExactInflater::zlib_error(src, expected_size);
    return inflated;
}

Result<std::vector<uint8_t>> zlib_inflate_bounded(Bytes src, uint64_t max_size, uint64_t* consumed) {
    std::vector<uint8_t> out;
    z_stream zs{};
    if (inflateInit(&zs) != Z_OK) return make_error(0, "zlib: inflateInit failed");
    uint64_t in_pos = 0;
    uint8_t chunk[1 << 16];
    while (true) {
        uint64_t in_avail = std::min<uint64_t>(src.size() - in_pos, kStep);
        zs.next_in = const_cast<Bytef*>(src.data() + in_pos);
        zs.avail_in = uInt(in_avail);
        zs.next_out = chunk;
        zs.avail_out = sizeof chunk;
        int code = inflate(&zs, Z_NO_FLUSH);
        in_pos += in_avail - zs.avail_in;
        size_t produced = sizeof chunk - zs.avail_out;
        if (out.size() + produced > max_size) {
            inflateEnd(&zs);
            return make_error(in_pos,
                              "zlib stream produces more than the limit of " + std::to_string(max_size) + " bytes");
        }
        out.insert(out.end(), chunk, chunk + produced);
        if (code == Z_STREAM_END) break;
        if (code == Z_BUF_ERROR && produced == 0) {
            inflateEnd(&zs);
            return make_error(in_pos, "zlib stream ends before its end marker");
        }
        if (code != Z_OK && code != Z_BUF_ERROR) {
            std::string m = zlib_message(zs, code);
            inflateEnd(&zs);
            return make_error(in_pos, "zlib stream is corrupt: " + m);
        }
    }
    inflateEnd(&zs);
    if (consumed) *consumed = in_pos;
    return out;
}

std::vector<uint8_t> zlib_deflate(Bytes raw, int level) {
    z_stream zs{};
    deflateInit2(&zs, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY);
    std::vector<uint8_t> out(deflateBound(&zs, uLong(std::min<uint64_t>(raw.size(), kStep))) + 64);
    uint64_t in_pos = 0, out_pos = 0;
    while (true) {
        uint64_t in_avail = std::min<uint64_t>(raw.size() - in_pos, kStep);
        bool last = in_pos + in_avail == raw.size();
        if (out.size() - out_pos < (1u << 16)) out.resize(out.size() * 2 + (1u << 16));
        zs.next_in = const_cast<Bytef*>(raw.data() + in_pos);
        zs.avail_in = uInt(in_avail);
        zs.next_out = out.data() + out_pos;
        uint64_t out_avail = std::min<uint64_t>(out.size() - out_pos, kStep);
        zs.avail_out = uInt(out_avail);
        int code = deflate(&zs, last ? Z_FINISH : Z_NO_FLUSH);
        in_pos += in_avail - zs.avail_in;
        out_pos += out_avail - zs.avail_out;
        if (code == Z_STREAM_END) break;
    }
    deflateEnd(&zs);
    out.resize(out_pos);
    return out;
}

std::vector<uint8_t> deflate_for_export(Bytes raw, int level) {
    std::unique_ptr<libdeflate_compressor, CompressorFree> c(libdeflate_alloc_compressor(level));
    if (!c) return zlib_deflate(raw, 9);  // out of memory for libdeflate's tables: zlib needs less
    std::vector<uint8_t> out(libdeflate_zlib_compress_bound(c.get(), raw.size()));
    size_t n = libdeflate_zlib_compress(c.get(), raw.data(), raw.size(), out.data(), out.size());
    out.resize(n);  // never 0: the buffer has the bound libdeflate gives for this input
    return out;
}

}  // namespace taescope
