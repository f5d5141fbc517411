// CPU seconds consumed so far, for stages timed by CPU time instead of wall time: on a loaded
// machine (2 cores, load 5-15) a sample of a few milliseconds is nearly always preempted, and
// its wall time then measures the other processes. Natively the calling thread's CPU time
// (CLOCK_THREAD_CPUTIME_ID); in wasm under Node the process's (process.cpuUsage(): Emscripten has
// no thread CPU clock), which also counts Node's helper threads (idle during a compute loop that
// allocates nothing). Neither removes a sibling hyperthread's contention: compare runs taken close
// together. Header-only: include it from one source file per executable (EM_JS defines a symbol).
#pragma once

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
EM_JS(double, taescope_bench_node_cpu_seconds, (), {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
});
#else
#include <time.h>
#endif

namespace taescope::bench {

inline double cpu_seconds() {
#ifdef __EMSCRIPTEN__
    return taescope_bench_node_cpu_seconds();
#else
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
#endif
}

}  // namespace taescope::bench
