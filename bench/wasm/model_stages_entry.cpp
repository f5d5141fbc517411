// The character model stages (bench/model_stages.h) as a program of their own: compiled to wasm
// (taescope_bench_model_wasm, files read through NODERAWFS) and natively
// (taescope_bench_model_native), both run by bench/wasm/compare_model.mjs; with the last argument
// "skin" only CPU skinning is timed, which that script runs in alternating native/wasm rounds.
//   node --no-experimental-fetch --no-liftoff build/wasm/taescope_bench_model_wasm.js CHRBND ANIBND ANIMATION [BUDGET
//   [skin]] build/release/taescope_bench_model_native CHRBND ANIBND ANIMATION [BUDGET [skin]]
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "model_stages.h"

int main(int argc, char** argv) {
    using namespace taescope::bench;
    if (argc < 4 || (argc > 5 && std::strcmp(argv[5], "skin") != 0)) {
        std::fprintf(stderr, "usage: taescope_bench_model_wasm CHRBND ANIBND ANIMATION [BUDGET_SECONDS [skin]]\n");
        return 2;
    }
    const ModelStages which = argc > 5 ? ModelStages::skinning_only : ModelStages::all;
    const ModelStageReport r =
        measure_model_stages(argv[1], argv[2], argv[3], argc > 4 ? std::atof(argv[4]) : 0.4, which);
    std::printf("%s\n%s\n", model_stage_tsv_header().c_str(), model_stage_tsv_line(r).c_str());
    return r.error.empty() ? 0 : 1;
}
