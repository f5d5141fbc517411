// The character model's work (issue 32), timed on the corpus c5051: the same code is compiled into
// the native benchmark (bench_model.cpp) and into a wasm module run by Node
// (bench/wasm/model_stages_entry.cpp, compared by bench/wasm/compare_model.mjs), so both builds
// time the same work on the same bytes.
//   chrbnd decompress  dcx_read (KRAK) + bnd4_read_shared of the model binder: the peer of the open
//   read_flver         the FLVER member parsed and every mesh's streams decoded
//   pose               havok::compute_pose of a000_003022 at a fractional frame (no root motion)
//                      + CharacterRig::pose (A(b), K(b) of every FLVER bone): apart from skinning
//   skin               CharacterRig::skin_mesh of every mesh, positions and normals, per frame
//                      (the CPU path: tests, CLI, picking; the page skins on the GPU). One sample
//                      skins kSkinFramesPerSample poses of the animation, computed beforehand: one
//                      frame is ~0.3 ms, and samples that short swung the wasm/native ratio from 0.6
//                      to 2.4 between runs (preemption and clock granularity on a shared machine).
// pose and skin are timed by CPU time (bench/cpu_clock.h), the open stages by the wall clock.
// ModelStages::skinning_only times skinning alone (after the same set-up): compare_model.mjs runs
// the native build (taescope_bench_model_native) and the wasm build that way in alternation.
#pragma once

#include <cstdint>
#include <string>

namespace taescope::bench {

constexpr int kSkinFramesPerSample = 100;

enum class ModelStages { all, skinning_only };

struct ModelStageReport {
    std::string chrbnd, anibnd, animation, error;
    uint64_t chrbnd_bytes = 0, flver_bytes = 0, meshes = 0, vertices = 0, flver_bones = 0, havok_bones = 0;
    int repeats = 0, skin_frames = 0;                                  // skin_frames: frames skinned per sample
    double chrbnd_decompress = 0, read_flver = 0, pose = 0, skin = 0;  // seconds (medians; skin per frame)
};

// chrbnd: the model binder; anibnd: its animation binder; animation: e.g. "a000_003022".
ModelStageReport measure_model_stages(const std::string& chrbnd, const std::string& anibnd,
                                      const std::string& animation, double budget_seconds,
                                      ModelStages which = ModelStages::all);

std::string model_stage_tsv_header();
std::string model_stage_tsv_line(const ModelStageReport& r);

}  // namespace taescope::bench
