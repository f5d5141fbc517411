// Runs every registered benchmark (or those named on the command line) and prints one
// Markdown table; ./bench writes it to docs/benchmarks.md with date, machine and commit.
#include <cstdio>
#include <cstring>

#include "bench.h"

namespace taescope::bench {
static std::vector<Benchmark>& registry() {
    static std::vector<Benchmark> b;
    return b;
}
BenchmarkRegistration::BenchmarkRegistration(Benchmark b) { registry().push_back(b); }
}  // namespace taescope::bench

int main(int argc, char** argv) {
    using namespace taescope::bench;
    std::vector<Row> rows;
    for (const auto& b : registry()) {
        bool wanted = argc < 2;
        for (int i = 1; i < argc; ++i) wanted |= !std::strcmp(argv[i], b.name);
        if (!wanted) continue;
        std::fprintf(stderr, "running %s...\n", b.name);
        b.run(rows);
    }
    std::printf("| benchmark | metric | value | peer | peer value | ratio | note |\n|---|---|---:|---|---:|---:|---|\n");
    for (const auto& r : rows)
        std::printf("| %s | %s | %.1f | %s | %.1f | %.2f | %s |\n", r.benchmark.c_str(), r.metric.c_str(), r.value,
                    r.peer.c_str(), r.peer_value, r.peer_value != 0 ? r.value / r.peer_value : 0.0, r.note.c_str());
    return 0;
}
