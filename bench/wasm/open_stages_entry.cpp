// The open-to-ready stages (bench/open_stages.h) compiled to wasm: Node runs this once per input
// (bench/wasm/compare_open_stages.mjs), so that the heap size printed at the end belongs to that
// input alone. Files are read through NODERAWFS, by the same read_file as natively.
//   node --no-experimental-fetch build/wasm/taescope_bench_wasm.js LABEL PATH [BUDGET_SECONDS]
// Prints the TSV header, one TSV line, and a last column: the wasm memory size after the run.
#include <emscripten/heap.h>

#include <cstdio>
#include <cstdlib>

#include "open_stages.h"

int main(int argc, char** argv) {
    using namespace taescope::bench;
    if (argc < 3) {
        std::fprintf(stderr, "usage: taescope_bench_wasm LABEL PATH [BUDGET_SECONDS]\n");
        return 2;
    }
    const double budget = argc > 3 ? std::atof(argv[3]) : 0.4;
    const OpenStageReport r = measure_open_stages({argv[1], argv[2]}, budget);
    std::printf("%s\twasm_heap_size\n%s\t%zu\n", open_stage_tsv_header().c_str(), open_stage_tsv_line(r).c_str(),
                emscripten_get_heap_size());
    return r.error.empty() ? 0 : 1;
}
