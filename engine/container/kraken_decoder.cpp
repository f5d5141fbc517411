// Placeholder until the decoder lands (issue 5): KRAK payloads get a clear error.
#include "container/kraken.h"

namespace taescope {

Status kraken_decompress(Bytes, std::span<uint8_t>) {
    return make_error(0, "Oodle Kraken (DCX KRAK) is not supported yet");
}

std::vector<uint8_t> kraken_encode_stored(Bytes raw) {
    std::vector<uint8_t> out;
    const size_t block = 0x40000;
    for (size_t pos = 0; pos < raw.size() || (raw.empty() && pos == 0); pos += block) {
        size_t n = std::min(block, raw.size() - pos);
        out.push_back(0xCC);
        out.push_back(0x06);
        out.insert(out.end(), raw.begin() + pos, raw.begin() + pos + n);
        if (raw.empty()) break;
    }
    return out;
}

}  // namespace taescope
