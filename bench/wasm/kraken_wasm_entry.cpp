// The Kraken decoder compiled to wasm for bench/wasm/kraken_vs_ooz.mjs: one exported call that
// decodes a payload into a caller-owned buffer (no copies, so only the decoder is timed).
#include <emscripten/emscripten.h>

#include "container/kraken.h"

extern "C" EMSCRIPTEN_KEEPALIVE int taescope_kraken_decode(const uint8_t* src, size_t src_size, uint8_t* dst,
                                                            size_t dst_size) {
    auto status = taescope::kraken_decompress(taescope::Bytes(src, src_size), std::span<uint8_t>(dst, dst_size));
    return status.ok() ? 0 : 1;
}
