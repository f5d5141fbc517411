// The simulation at the playhead, as the Simulation panel and the query API both report it:
// frame n = round(time x 30); precomputed frames come from AnimationSimulation::frame, others
// (before 0, past the last event) are computed on demand with the same rules.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "sim/animation_simulation.h"

namespace taescope::web {

struct SimulationFrame {
    int64_t frame = 0;
    std::vector<uint32_t> active;   // event indices (of the simulated record), source-record order
    std::vector<uint32_t> started;  // started at this frame: start in (n-1, n]
    MaskState masks{};
};

inline SimulationFrame simulation_frame_at(const AnimationSimulation& sim, double seconds) {
    SimulationFrame out;
    out.frame = std::llround(seconds * taescope::kFramesPerSecond);
    if (out.frame >= 0 && out.frame < int64_t(sim.frame_count())) {
        FrameView view = sim.frame(uint32_t(out.frame));
        out.active.assign(view.active.begin(), view.active.end());
        out.started.assign(view.started.begin(), view.started.end());
        if (view.masks) out.masks = *view.masks;
        return out;
    }
    double t = frame_seconds(out.frame);
    out.active = sim.active_at(t);
    out.started = sim.edges_between(frame_seconds(out.frame - 1), t).started;
    out.masks = sim.mask_at(t);
    return out;
}

// 'd' default, 's' shown, 'h' hidden: one character per mask group.
inline char mask_visibility_char(MaskVisibility v) {
    return v == MaskVisibility::Shown ? 's' : v == MaskVisibility::Hidden ? 'h' : 'd';
}

}  // namespace taescope::web
