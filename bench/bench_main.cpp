// Runs every registered benchmark (or those named on the command line) and prints one
// Markdown table; ./bench writes it to docs/benchmarks.md with date, machine and commit.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bench.h"
#include "dense_animation.h"
#include "io/file_io.h"
#include "tae/tae_writer.h"

namespace taescope::bench {
static std::vector<Benchmark>& registry() {
    static std::vector<Benchmark> b;
    return b;
}
BenchmarkRegistration::BenchmarkRegistration(Benchmark b) { registry().push_back(b); }
}  // namespace taescope::bench

// Small values (milliseconds of a small binder) need more digits than throughputs.
static int decimals(double v) { return v != 0 && v < 10 ? 3 : 1; }

int main(int argc, char** argv) {
    using namespace taescope::bench;
    if (argc >= 3 && !std::strcmp(argv[1], "--write-dense-tae")) {
        const uint32_t events = argc >= 4 ? uint32_t(std::strtoul(argv[3], nullptr, 10)) : 2000;
        auto st = taescope::write_file(argv[2], taescope::write_tae(dense_animation_file(events, 1)));
        if (!st.ok()) std::fprintf(stderr, "%s\n", st.error().to_string().c_str());
        return st.ok() ? 0 : 1;
    }
    std::vector<Row> rows;
    for (const auto& b : registry()) {
        bool wanted = argc < 2;
        for (int i = 1; i < argc; ++i) wanted |= !std::strcmp(argv[i], b.name);
        if (!wanted) continue;
        std::fprintf(stderr, "running %s...\n", b.name);
        b.run(rows);
    }
    // One table per section, sections in the order they first appear.
    std::vector<std::string> sections;
    for (const auto& r : rows)
        if (std::find(sections.begin(), sections.end(), r.section) == sections.end()) sections.push_back(r.section);
    for (const auto& section : sections) {
        if (!section.empty()) std::printf("## %s\n\n", section.c_str());
        std::printf(
            "| benchmark | metric | value | peer | peer value | ratio | note |\n|---|---|---:|---|---:|---:|---|\n");
        for (const auto& r : rows) {
            if (r.section != section) continue;
            std::printf("| %s | %s | %.*f | %s | %.*f | %.2f | %s |\n", r.benchmark.c_str(), r.metric.c_str(),
                        decimals(r.value), r.value, r.peer.c_str(), decimals(r.peer_value), r.peer_value,
                        r.peer_value != 0 ? r.value / r.peer_value : 0.0, r.note.c_str());
        }
        std::printf("\n");
    }
    return 0;
}
