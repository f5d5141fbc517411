// The character model stages (bench/model_stages.h) compiled to wasm: Node runs this once
// (bench/wasm/compare_model.mjs). Files are read through NODERAWFS.
//   node --no-experimental-fetch --no-liftoff build/wasm/taescope_bench_model_wasm.js CHRBND ANIBND ANIMATION [BUDGET]
#include <cstdio>
#include <cstdlib>

#include "model_stages.h"

int main(int argc, char** argv) {
    using namespace taescope::bench;
    if (argc < 4) {
        std::fprintf(stderr, "usage: taescope_bench_model_wasm CHRBND ANIBND ANIMATION [BUDGET_SECONDS]\n");
        return 2;
    }
    const ModelStageReport r = measure_model_stages(argv[1], argv[2], argv[3], argc > 4 ? std::atof(argv[4]) : 0.4);
    std::printf("%s\n%s\n", model_stage_tsv_header().c_str(), model_stage_tsv_line(r).c_str());
    return r.error.empty() ? 0 : 1;
}
