#include "container/zlib_codec.h"

#include <zlib.h>

#include <algorithm>
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

Result<std::vector<uint8_t>> zlib_inflate_exact(Bytes src, uint64_t expected_size) {
    ZlibExactInflater inflater(src, expected_size);
    while (true) {
        Result<bool> done = inflater.step(kStep);
        if (!done) return std::move(done).error();
        if (*done) return inflater.take();
    }
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

}  // namespace taescope
