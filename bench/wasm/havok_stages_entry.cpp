// The Havok stages (bench/havok_stages.h) compiled to wasm: Node runs this once per input
// (bench/wasm/compare_havok.mjs). Files are read through NODERAWFS.
//   node --no-experimental-fetch --no-liftoff build/wasm/taescope_bench_havok_wasm.js LABEL PATH [BUDGET]
#include <cstdio>
#include <cstdlib>

#include "havok_stages.h"

int main(int argc, char** argv) {
    using namespace taescope::bench;
    if (argc < 3) {
        std::fprintf(stderr, "usage: taescope_bench_havok_wasm LABEL PATH [BUDGET_SECONDS]\n");
        return 2;
    }
    const HavokStageReport r = measure_havok_stages(argv[1], argv[2], argc > 3 ? std::atof(argv[3]) : 0.4);
    std::printf("%s\n%s\n", havok_stage_tsv_header().c_str(), havok_stage_tsv_line(r).c_str());
    return r.error.empty() ? 0 : 1;
}
