// Benchmark "model" (issue 32): the character model of the corpus c5051 (model_stages.h). Rows:
//  - model open: read_flver of the chrbnd's FLVER member against the chrbnd's decompression
//    (DCX KRAK + BND4) in the same run: target <= 0.25x;
//  - CPU skinning of the whole body per frame (every mesh's positions and normals; samples of
//    kSkinFramesPerSample frames) and the pose it is skinned at (compute_pose + the rig's
//    matrices), each against the chrbnd's decompression as the peer of this run (reported; the
//    wasm rows judge wasm <= 1.5x native).
// With $TAESCOPE_BENCH_MODEL_TSV set the figures are also written there as TSV, for the wasm run
// (bench/wasm/compare_model.mjs).
#include <cstdio>
#include <cstdlib>

#include "bench.h"
#include "bench_paths.h"
#include "model_stages.h"

namespace taescope::bench {
namespace {

void run_model(std::vector<Row>& rows) {
    const std::string section = "Character model (native)";
    const std::string chrbnd = corpus_dir() + "/eldenring/c5051.chrbnd.dcx";
    const std::string anibnd = corpus_dir() + "/eldenring/c5051.anibnd.dcx";
    std::fprintf(stderr, "  model eldenring/c5051.chrbnd.dcx\n");
    // 1 s per stage: the chrbnd decompression (a few ms on an idle machine) gets enough samples for its
    // median on a loaded one.
    const ModelStageReport r = measure_model_stages(chrbnd, anibnd, "a000_003022", 1.0);
    if (const char* path = std::getenv("TAESCOPE_BENCH_MODEL_TSV")) {
        if (FILE* tsv = std::fopen(path, "w")) {
            std::fprintf(tsv, "%s\n%s\n", model_stage_tsv_header().c_str(), model_stage_tsv_line(r).c_str());
            std::fclose(tsv);
        }
    }
    if (!r.error.empty()) {
        rows.push_back({"model eldenring/c5051.chrbnd.dcx", "-", 0, "-", 0, "FAILED: " + r.error, section});
        return;
    }
    const double ms = 1e3;
    const std::string peer = "chrbnd decompress (DCX KRAK + BND4), same run";
    char note[320];
    const double open_ratio = r.read_flver / r.chrbnd_decompress;
    std::snprintf(note, sizeof note,
                  "%llu-byte FLVER member of a %llu-byte chrbnd: %llu meshes, %llu vertices, %llu bones; %s (<= 0.25); "
                  "median of >= %d",
                  (unsigned long long)r.flver_bytes, (unsigned long long)r.chrbnd_bytes, (unsigned long long)r.meshes,
                  (unsigned long long)r.vertices, (unsigned long long)r.flver_bones,
                  open_ratio <= 0.25 ? "target met" : "target NOT met", r.repeats);
    rows.push_back({"model c5051: read_flver (every mesh decoded)", "ms", r.read_flver * ms, peer,
                    r.chrbnd_decompress * ms, note, section});
    std::snprintf(note, sizeof note,
                  "%s, every mesh's positions and normals (%llu vertices) per frame: median sample of %d frames, CPU "
                  "time; wasm <= 1.5x native is judged in the wasm rows (alternating native/wasm runs)",
                  r.animation.c_str(), (unsigned long long)r.vertices, r.skin_frames);
    rows.push_back({"model c5051: CPU skinning of the whole body (one frame)", "ms", r.skin * ms, peer,
                    r.chrbnd_decompress * ms, note, section});
    std::snprintf(note, sizeof note,
                  "%s at a fractional frame: compute_pose (%llu Havok bones, no root motion) + the rig's A(b), K(b) of "
                  "%llu FLVER bones; not part of the skinning row",
                  r.animation.c_str(), (unsigned long long)r.havok_bones, (unsigned long long)r.flver_bones);
    rows.push_back({"model c5051: the pose skinned at (computed apart)", "ms", r.pose * ms, peer,
                    r.chrbnd_decompress * ms, note, section});
}

const BenchmarkRegistration registration({"model", run_model});

}  // namespace
}  // namespace taescope::bench
