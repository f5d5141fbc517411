// For the diff and CLI tests: a "mod" of a real file made by known edits, so the diff can be
// checked against exactly what was done.
#pragma once

#include <cstring>
#include <vector>

#include "tae/tae_model.h"

namespace taescope::test {

// Sekiro c5070.anibnd.dcx, c5070.tae, animation a000_000000 (record 0) holds ten events:
//   #0 type 224 Set Turn Speed (f32 Turn Speed 90 at byte 0), #6 type 401, #8 type 131 at
//   frames 19..22, #9 type 16 Blend with no parameter bytes. The edits:
//   - #0: Turn Speed 90 -> 180                 (changed, field "Turn Speed")
//   - #8: two frames later, 0.7 .. 0.8 s       (moved)
//   - #6: erased                               (removed)
//   - a second Blend appended at 1.0 .. 1.1 s  (added)
inline void apply_known_edits_to_c5070_a000_000000(TaeFile& file) {
    TaeAnimation& a = file.animations.at(0);
    Bytes p = file.parameters(a.events.at(0));
    std::vector<uint8_t> bytes(p.begin(), p.end());
    float speed = 180.0f;
    std::memcpy(bytes.data(), &speed, 4);
    file.set_parameters(a.events[0], bytes);
    a.events.at(8).set_start(0.7f);
    a.events.at(8).set_end(0.8f);
    TaeEvent blend = a.events.at(9);
    blend.set_start(1.0f);
    blend.set_end(1.1f);
    a.events.push_back(blend);
    erase_event(a, 6);
}

}  // namespace taescope::test
