// Benchmark "havok": the Havok work of the Pose panel on the corpus binders that hold Havok data
// (havok_stages.h), each against the decompression of the same binder in the same run. With
// $TAESCOPE_BENCH_HAVOK_TSV set the figures are also written there as TSV, for the wasm run
// (bench/wasm/compare_havok.mjs), which judges wasm <= 1.5x native.
#include <cstdio>
#include <cstdlib>

#include "bench.h"
#include "bench_paths.h"
#include "havok_stages.h"

namespace taescope::bench {
namespace {

void run_havok(std::vector<Row>& rows) {
    const std::string section = "Havok animations (native)";
    FILE* tsv = nullptr;
    if (const char* path = std::getenv("TAESCOPE_BENCH_HAVOK_TSV")) {
        tsv = std::fopen(path, "w");
        if (tsv) std::fprintf(tsv, "%s\n", havok_stage_tsv_header().c_str());
    }
    for (const std::string& rel : havok_stage_inputs()) {
        std::fprintf(stderr, "  havok %s\n", rel.c_str());
        const HavokStageReport r = measure_havok_stages(rel, corpus_dir() + "/" + rel, 0.4);
        if (tsv) std::fprintf(tsv, "%s\n", havok_stage_tsv_line(r).c_str());
        if (!r.error.empty()) {
            rows.push_back({"havok " + rel, "-", 0, "-", 0, "FAILED: " + r.error, section});
            continue;
        }
        const double ms = 1e3;
        const std::string peer = "decompress of the binder, same run";
        char note[320];
        std::snprintf(note, sizeof note, "%llu animations, %llu bones; compendium + skeleton + the first clip",
                      (unsigned long long)r.animations, (unsigned long long)r.bones);
        rows.push_back({"havok " + rel + ": select an animation (first decode)", "ms", r.shown_animation * ms, peer,
                        r.decompress * ms, note, section});
        rows.push_back({"havok " + rel + ": decode every animation", "ms", r.all_animations * ms, peer,
                        r.decompress * ms, "what pose --list and census do; the page decodes only the one shown",
                        section});
        std::snprintf(note, sizeof note,
                      "%s played through: compute_pose at each of its %llu frames in order, %llu tracks on %llu "
                      "bones; %.4f ms a pose (issue 26: <= 1 ms per drawn frame); CPU time; the pose's block "
                      "cache holds %.0f KB (the clip %.0f KB)",
                      r.pose_animation.c_str(), (unsigned long long)r.pose_frames, (unsigned long long)r.tracks,
                      (unsigned long long)r.bones, r.pose_play * ms / double(r.pose_frames),
                      r.pose_cache_bytes / 1024.0, r.clip_bytes / 1024.0);
        rows.push_back({"havok " + rel + ": play one animation (every frame's pose, in order)", "ms", r.pose_play * ms,
                        peer, r.decompress * ms, note, section});
        rows.push_back({"havok " + rel + ": one pose at a scrubbed frame (7.37 frames from the last)", "ms",
                        r.pose_scrub * ms, peer, r.decompress * ms, "the block changes more often than when playing",
                        section});
    }
    if (tsv) std::fclose(tsv);
}

const BenchmarkRegistration registration({"havok", run_havok});

}  // namespace
}  // namespace taescope::bench
