// The params stages (bench/params_stages.h) as a program of their own: compiled to wasm
// (taescope_bench_params_wasm, files read through NODERAWFS) and natively
// (taescope_bench_params_native), both run by bench/wasm/compare_params.mjs; with the last argument
// "open" only the regulation open and its zstd peer are timed, which that script runs in
// alternating native/wasm rounds.
//   node --no-experimental-fetch --no-liftoff build/wasm/taescope_bench_params_wasm.js REGULATION ANIBND [BUDGET
//   [open]]
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "params_stages.h"

int main(int argc, char** argv) {
    using namespace taescope::bench;
    if (argc < 3 || (argc > 4 && std::strcmp(argv[4], "open") != 0)) {
        std::fprintf(stderr, "usage: taescope_bench_params REGULATION ANIBND [BUDGET_SECONDS [open]]\n");
        return 2;
    }
    const ParamsStages which = argc > 4 ? ParamsStages::open_only : ParamsStages::all;
    const ParamsStageReport r = measure_params_stages(argv[1], argv[2], argc > 3 ? std::atof(argv[3]) : 1.0, which);
    std::printf("%s\n%s\n", params_stage_tsv_header().c_str(), params_stage_tsv_line(r).c_str());
    return r.error.empty() ? 0 : 1;
}
