// libFuzzer target for the Kraken decoder: the first 3 bytes (little-endian, at most 512 KiB, i.e. up to 2 Kraken blocks)
// give the output size, the rest is the compressed stream. The decoder must return an error or
// output, never crash, read out of bounds (ASan) or hit undefined behaviour (UBSan).
#include <cstddef>
#include <cstdint>
#include <memory>

#include "container/kraken.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 3) return 0;
    const size_t out_size = (size_t(data[0]) | (size_t(data[1]) << 8) | (size_t(data[2]) << 16)) & 0x7FFFF;
    std::unique_ptr<uint8_t[]> out(new uint8_t[out_size + 1]);  // uninitialised: the decoder writes before it reads
    (void)taescope::kraken_decompress(taescope::Bytes(data + 3, size - 3), std::span<uint8_t>(out.get(), out_size));
    return 0;
}
