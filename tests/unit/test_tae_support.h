// Helpers shared by the TAE suites: round-tripping any TAE buffer (loose file or binder member)
// and comparing models.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "tae/tae_reader.h"
#include "tae/tae_writer.h"

namespace taescope::test {

// "" when the buffer reads and writes back byte-identical; otherwise what went wrong
// ("unreadable: ...", "differs at 0x1A0 (written 0x00, original 0x10)", "sizes differ ...").
inline std::string tae_roundtrip_difference(Bytes data) {
    auto model = read_tae(data);
    if (!model.ok()) return "unreadable: " + model.error().to_string();
    std::vector<uint8_t> out = write_tae(*model);
    size_t common = std::min(out.size(), data.size());
    auto mismatch = std::mismatch(out.begin(), out.begin() + common, data.begin());
    if (mismatch.first != out.begin() + common) {
        size_t at = size_t(mismatch.first - out.begin());
        return "differs at " + hex(at) + " (written " + hex(out[at]) + ", original " + hex(data[at]) + ")";
    }
    if (out.size() != data.size())
        return "sizes differ: written " + std::to_string(out.size()) + ", original " + std::to_string(data.size());
    return "";
}

// A model that was edited and written must read back to itself. Parameter bytes may come back
// longer by zero padding: the format stores no length, so an event's bytes reach the next record.
inline bool same_meaning_bytes(Bytes written, Bytes reread) {
    if (reread.size() < written.size()) return false;
    if (!std::equal(written.begin(), written.end(), reread.begin())) return false;
    return std::all_of(reread.begin() + written.size(), reread.end(), [](uint8_t b) { return b == 0; });
}

inline bool reads_back_to(const TaeFile& edited, const TaeFile& reread) {
    // Compare everything strictly except parameter bytes, which may have gained padding.
    TaeFile a = edited, b = reread;
    for (size_t i = 0; i < a.animations.size() && i < b.animations.size(); ++i) {
        auto& ea = a.animations[i].events;
        auto& eb = b.animations[i].events;
        for (size_t j = 0; j < ea.size() && j < eb.size(); ++j) {
            if (!same_meaning_bytes(edited.parameters(ea[j]), reread.parameters(eb[j]))) return false;
            ea[j].parameter_size = eb[j].parameter_size = 0;
        }
    }
    return same_content(a, b);
}

}  // namespace taescope::test
