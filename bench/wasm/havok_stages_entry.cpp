// The Havok stages (bench/havok_stages.h) as a program of their own: compiled to wasm
// (taescope_bench_havok_wasm, files read through NODERAWFS), which Node runs once per input, and
// natively (taescope_bench_havok_native); with the last argument "play" only pose play is timed,
// which bench/wasm/compare_havok.mjs runs in alternating native/wasm rounds.
//   node --no-experimental-fetch --no-liftoff build/wasm/taescope_bench_havok_wasm.js LABEL PATH [BUDGET [play]]
//   build/release/taescope_bench_havok_native LABEL PATH [BUDGET [play]]
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "havok_stages.h"

int main(int argc, char** argv) {
    using namespace taescope::bench;
    if (argc < 3 || (argc > 4 && std::strcmp(argv[4], "play") != 0)) {
        std::fprintf(stderr, "usage: taescope_bench_havok_wasm LABEL PATH [BUDGET_SECONDS [play]]\n");
        return 2;
    }
    const HavokStages which = argc > 4 ? HavokStages::play_only : HavokStages::all;
    const HavokStageReport r = measure_havok_stages(argv[1], argv[2], argc > 3 ? std::atof(argv[3]) : 0.4, which);
    std::printf("%s\n%s\n", havok_stage_tsv_header().c_str(), havok_stage_tsv_line(r).c_str());
    return r.error.empty() ? 0 : 1;
}
