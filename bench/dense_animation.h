// A TAE file with one animation of many events, for the browser benchmark's per-frame target
// (<= 4 ms with 2,000 events): no generated player set has an animation anywhere near that
// large (the Elden Ring-scale set's largest has about 150), so one is assembled from generated
// events. `taescope_bench --write-dense-tae OUT [EVENTS]` writes it (bench/browser/run.sh).
#pragma once

#include <cstdint>

#include "tae/tae_model.h"

namespace taescope::bench {

TaeFile dense_animation_file(uint32_t event_count, uint64_t seed);

}  // namespace taescope::bench
