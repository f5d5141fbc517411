// Shared by the stage benchmarks (open_stages.cpp, havok_stages.cpp), natively and in wasm.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <vector>

namespace taescope::bench {

// Median seconds of one call of fn over as many samples as fit in the budget (3..51), after one
// timed warm-up call that also sets the counts. A stage shorter than kShortestSample is called
// several times in a row per sample and the sample divided: timed one call at a time, a stage
// of a few microseconds measured mostly the clock itself (in wasm a call out to JavaScript).
// `seconds` (null: the wall clock) reads the clock the samples are taken with (e.g. cpu_clock.h's
// CPU time); the budget is counted in that clock's seconds. `shortest_sample` raises the 200 us
// floor for a stage judged by a ratio across runs: samples of a fraction of a millisecond swung
// such ratios by 2x on the loaded machine (bench/model_stages.h, havok_stages.cpp's pose play).
constexpr double kShortestSample = 200e-6;
inline double wall_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
template <class F>
double adaptive_median(double budget_seconds, int& repeats_used, F&& fn, double (*seconds)() = nullptr,
                       double shortest_sample = kShortestSample) {
    auto clock = seconds ? seconds : wall_seconds;
    auto a = clock();
    fn();
    const double once = std::max(clock() - a, 1e-8);
    const int calls_per_sample = std::clamp(int(std::ceil(shortest_sample / once)), 1, 10000);
    const int repeats = std::clamp(int(budget_seconds / (once * calls_per_sample)), 3, 51);
    repeats_used = std::min(repeats_used == 0 ? repeats : repeats_used, repeats);
    std::vector<double> t;
    for (int i = 0; i < repeats; ++i) {
        a = clock();
        for (int k = 0; k < calls_per_sample; ++k) fn();
        t.push_back((clock() - a) / calls_per_sample);
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

}  // namespace taescope::bench
