// The character model's work (issue 32), timed on the corpus c5051: the same code is compiled into
// the native benchmark (bench_model.cpp) and into a wasm module run by Node
// (bench/wasm/model_stages_entry.cpp, compared by bench/wasm/compare_model.mjs), so both builds
// time the same work on the same bytes.
//   chrbnd decompress  dcx_read (KRAK) + bnd4_read_shared of the model binder: the peer of the open
//   read_flver         the FLVER member parsed and every mesh's streams decoded
//   pose               havok::compute_pose of a000_003022 at a fractional frame (no root motion)
//                      + CharacterRig::pose (A(b), K(b) of every FLVER bone): apart from skinning
//   skin               CharacterRig::skin_mesh of every mesh, positions and normals, at that pose
//                      (the CPU path: tests, CLI, picking; the page skins on the GPU)
// pose and skin are timed by CPU time (bench/cpu_clock.h), the open stages by the wall clock.
#pragma once

#include <cstdint>
#include <string>

namespace taescope::bench {

struct ModelStageReport {
    std::string chrbnd, anibnd, animation, error;
    uint64_t chrbnd_bytes = 0, flver_bytes = 0, meshes = 0, vertices = 0, flver_bones = 0, havok_bones = 0;
    int repeats = 0;
    double chrbnd_decompress = 0, read_flver = 0, pose = 0, skin = 0;  // seconds (medians)
};

// chrbnd: the model binder; anibnd: its animation binder; animation: e.g. "a000_003022".
ModelStageReport measure_model_stages(const std::string& chrbnd, const std::string& anibnd,
                                      const std::string& animation, double budget_seconds);

std::string model_stage_tsv_header();
std::string model_stage_tsv_line(const ModelStageReport& r);

}  // namespace taescope::bench
