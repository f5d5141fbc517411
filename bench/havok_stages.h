// The Havok work of the Pose panel, timed on a real binder: the same code is compiled into the
// native benchmark (bench_havok.cpp) and into a wasm module run by Node
// (bench/wasm/havok_stages_entry.cpp, compared by bench/wasm/compare_havok.mjs), so both builds
// time the same work on the same bytes.
//   decompress      dcx_read of the binder (the peer: what opening the file costs anyway)
//   shown animation what selecting an animation costs the first time: the compendium, the
//                   skeleton and that one clip read and checked (HavokCharacter, nothing cached)
//   all animations  every animation member decoded (what `taescope pose --list` and census do;
//                   the page never does this)
//   pose sample     one compute_pose of the clip with the most tracks at a fractional frame
//                   (what the Pose panel does per drawn frame)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace taescope::bench {

struct HavokStageReport {
    std::string label, path, error;
    uint64_t animations = 0, bones = 0, tracks = 0;
    std::string pose_animation;
    int repeats = 0;
    double decompress = 0, shown_animation = 0, all_animations = 0, pose_sample = 0;  // seconds
};

// The corpus binders that hold Havok data (those present).
std::vector<std::string> havok_stage_inputs();
HavokStageReport measure_havok_stages(const std::string& label, const std::string& path, double budget_seconds);

std::string havok_stage_tsv_header();
std::string havok_stage_tsv_line(const HavokStageReport& r);

}  // namespace taescope::bench
