// libzstd's single-frame decode into a buffer of the declared size (zstd_codec.h).
#include "container/zstd_codec.h"

#include <zstd.h>
#include <zstd_errors.h>

#include <memory>
#include <string>

namespace taescope {

namespace {

struct DctxFree {
    void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

}  // namespace

Status zstd_decompress_frame(Bytes src, std::span<uint8_t> out, uint64_t* frame_size) {
    if (src.size() < 4 || load_u32le(src.data()) != ZSTD_MAGICNUMBER)
        return make_error(0, "not a zstd frame: expected the magic 28 B5 2F FD at 0");
    // The frame's own length first: the DCX's compressed size may include padding after it, which
    // a multi-frame decode would take for the start of another frame.
    const size_t frame = ZSTD_findFrameCompressedSize(src.data(), src.size());
    if (ZSTD_isError(frame))
        return make_error(0, std::string("damaged zstd frame: ") + ZSTD_getErrorName(frame) + " (frame of " +
                                 std::to_string(src.size()) + " bytes at most)");
    if (frame_size) *frame_size = frame;
    std::unique_ptr<ZSTD_DCtx, DctxFree> dctx(ZSTD_createDCtx());
    if (!dctx) return make_error(Error::kNoOffset, "zstd: out of memory for a decompression context");
    // Elden Ring's regulations use a 64 MiB window (2^26); zstd's default limit is 2^27.
    ZSTD_DCtx_setParameter(dctx.get(), ZSTD_d_windowLogMax, 27);
    const size_t got = ZSTD_decompressDCtx(dctx.get(), out.data(), out.size(), src.data(), frame);
    if (ZSTD_isError(got)) {
        if (ZSTD_getErrorCode(got) == ZSTD_error_dstSize_tooSmall)
            return make_error(0,
                              "zstd frame decodes to more than the declared " + std::to_string(out.size()) + " bytes");
        return make_error(0, std::string("damaged zstd frame: ") + ZSTD_getErrorName(got));
    }
    if (got != out.size())
        return make_error(0, "zstd frame decodes to " + std::to_string(got) + " bytes, the header declares " +
                                 std::to_string(out.size()));
    return ok_status();
}

}  // namespace taescope
