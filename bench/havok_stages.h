// The Havok work of the Pose panel, timed on a real binder: the same code is compiled into the
// native benchmark (bench_havok.cpp) and into a wasm module run by Node
// (bench/wasm/havok_stages_entry.cpp, compared by bench/wasm/compare_havok.mjs), so both builds
// time the same work on the same bytes.
//   decompress      dcx_read of the binder (the peer: what opening the file costs anyway)
//   shown animation what selecting an animation costs the first time: the compendium, the
//                   skeleton and that one clip read and checked (HavokCharacter, nothing cached)
//   all animations  every animation member decoded (what `taescope pose --list` and census do;
//                   the page never does this)
//   pose play       the clip with the most tracks played through: compute_pose at every frame
//                   (+ 0.5) in order, as the Pose panel does while playing (consecutive poses stay
//                   in one spline block, which the Pose's block cache keeps decoded); timed as the
//                   whole loop (repeated to >= 20 ms a sample), so that a pose of a few
//                   microseconds is measured over many
//   pose scrub      one compute_pose at a different fractional frame every call (a jump of
//                   7.37 frames, as when scrubbing: the block changes more often)
// The two pose stages are timed by CPU time (bench/cpu_clock.h), the others by the wall clock.
// HavokStages::play_only times only pose play (after the same set-up): compare_havok.mjs runs
// the native build (taescope_bench_havok_native) and the wasm build that way in alternating
// rounds, since the native and wasm parts of bench/run run minutes apart under whatever load the
// machine has then. (All animations is not alternated: natively its time depends on the state
// the earlier stages leave malloc in. Without them, glibc gave its large clip buffers back to
// the kernel after every pass and took page faults the next, 2.9 ms a pass for c1130 against
// 0.46 ms after the decompress stage.)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace taescope::bench {

struct HavokStageReport {
    std::string label, path, error;
    uint64_t animations = 0, bones = 0, tracks = 0;
    std::string pose_animation;
    uint64_t pose_frames = 0;       // poses per pose_play loop
    uint64_t pose_cache_bytes = 0;  // the Pose's spline block cache after playing (its largest block)
    uint64_t clip_bytes = 0;        // the decoded clip (AnimationClip::memory_bytes), for comparison
    int repeats = 0;
    double decompress = 0, shown_animation = 0, all_animations = 0, pose_play = 0, pose_scrub = 0;  // seconds
};

// The corpus binders that hold Havok data (those present).
std::vector<std::string> havok_stage_inputs();
enum class HavokStages { all, play_only };
HavokStageReport measure_havok_stages(const std::string& label, const std::string& path, double budget_seconds,
                                      HavokStages which = HavokStages::all);

std::string havok_stage_tsv_header();
std::string havok_stage_tsv_line(const HavokStageReport& r);

}  // namespace taescope::bench
