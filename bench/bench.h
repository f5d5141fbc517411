// Benchmarks run by ./bench (never by ./test). Each benchmark registers itself, measures
// medians over repeated runs and reports a ratio against a peer measured in the same run.
#pragma once

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace taescope::bench {

struct Row {
    std::string benchmark;  // e.g. "kraken decode c3000 (native)"
    std::string metric;     // e.g. "MB/s of output"
    double value = 0;
    std::string peer;       // e.g. "memcpy of the same bytes"
    double peer_value = 0;  // measured in the same run
    std::string note;
    std::string section;  // rows of one section are printed as one table under this heading
};

struct Benchmark {
    const char* name;
    void (*run)(std::vector<Row>& out);
};

struct BenchmarkRegistration {
    explicit BenchmarkRegistration(Benchmark b);
};

// Median wall time in seconds of `repeats` calls of fn (one warm-up call first).
template <class F>
double median_seconds(int repeats, F&& fn) {
    fn();
    std::vector<double> t;
    for (int i = 0; i < repeats; ++i) {
        auto a = std::chrono::steady_clock::now();
        fn();
        auto b = std::chrono::steady_clock::now();
        t.push_back(std::chrono::duration<double>(b - a).count());
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

}  // namespace taescope::bench
