// Benchmark-only program (target taescope_kraken_count, built beside taescope_bench_vs_ooz): one
// decoder (ours or ooz) decodes one DCX KRAK file's payload `calls` times, and only those calls
// are measured when it runs under `valgrind --tool=callgrind --collect-atstart=no` (the client
// requests below switch collection on around them). Instruction counts are repeatable on a shared
// machine where wall-clock timings are not, so wins are found and confirmed with:
//   valgrind --tool=callgrind --collect-atstart=no build/<dir>/taescope_kraken_count ours FILE 10
//   valgrind --tool=callgrind --collect-atstart=no build/<dir>/taescope_kraken_count ooz  FILE 10
// The first call runs before collection starts (warm-up: the scratch arena, page faults); the
// program exits 1 if a decoder fails.
//   build/<dir>/taescope_kraken_count first-ours|first-ooz FILE
// times the first and the second call of a fresh process (thread CPU time; run it in alternating
// processes: a tool that decodes one file pays the first-call costs, page faults included).
//   build/<dir>/taescope_kraken_count time FILE [rounds]
// instead alternates ours and ooz in batches of ~1 ms and prints the minimum thread CPU time per
// call of each and the median ratio of adjacent batches (on a shared machine the two batches of
// one round see about the same disturbance, so their ratio varies less than either time).
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

#include "container/kraken.h"
#include "io/byte_reader.h"
#include "io/file_io.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#define CALLGRIND_TOGGLE_COLLECT
#endif

// ooz's entry point (build/peers/ooz/libooz.a): the decoded size, or -1.
int Kraken_Decompress(const uint8_t* src, size_t src_len, uint8_t* dst, size_t dst_len);

int main(int argc, char** argv) {
    using namespace taescope;
    const std::string mode = argc > 1 ? argv[1] : "";
    if (argc < 3 ||
        (mode != "ours" && mode != "ooz" && mode != "time" && mode != "first-ours" && mode != "first-ooz")) {
        std::fprintf(stderr,
                     "usage: taescope_kraken_count ours|ooz|time|first-ours|first-ooz FILE.dcx [calls|rounds]\n");
        return 2;
    }
    bool ours = mode == "ours" || mode == "first-ours";
    const int calls = argc > 3 ? std::max(1, std::atoi(argv[3])) : 10;
    auto file = read_file(argv[2]);
    if (!file.ok() || file->size() < 0x4C) {
        std::fprintf(stderr, "cannot read %s\n", argv[2]);
        return 1;
    }
    const std::vector<uint8_t>& dcx = *file;
    const size_t decoded = load_u32be(dcx.data() + 0x1C);
    const size_t compressed = load_u32be(dcx.data() + 0x20);
    if (0x4C + compressed > dcx.size()) return 1;
    const std::vector<uint8_t> payload(dcx.begin() + 0x4C, dcx.begin() + 0x4C + ptrdiff_t(compressed));
    std::vector<uint8_t> out(decoded + 64);  // ooz writes up to 64 bytes past the end
    auto decode = [&] {
        if (ours) return kraken_decompress(Bytes(payload.data(), payload.size()), std::span(out.data(), decoded)).ok();
        return Kraken_Decompress(payload.data(), payload.size(), out.data(), decoded) == int(decoded);
    };
    auto cpu = [] {
        timespec t{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
        return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
    };
    if (mode.starts_with("first-")) {
        // The first call of a fresh process (what a tool that decodes one file pays), then the
        // second: thread CPU time of each in microseconds and the page faults of each, one line
        // (under callgrind with --collect-atstart=no, only the first call is counted).
        auto faults = [] {
            rusage u{};
            getrusage(RUSAGE_THREAD, &u);
            return long(u.ru_minflt);
        };
        const long fa = faults();
        const double a = cpu();
        CALLGRIND_START_INSTRUMENTATION;
        CALLGRIND_TOGGLE_COLLECT;
        const bool ok1 = decode();
        CALLGRIND_TOGGLE_COLLECT;
        CALLGRIND_STOP_INSTRUMENTATION;
        const double b = cpu();
        const long fb = faults();
        const bool ok2 = decode();
        const double c = cpu();
        const long fc = faults();
        std::printf("%s %.2f %.2f %ld %ld\n", ours ? "ours" : "ooz", (b - a) * 1e6, (c - b) * 1e6, fb - fa, fc - fb);
        return ok1 && ok2 ? 0 : 1;
    }
    if (mode == "time") {
        double best[2] = {1e9, 1e9};
        int batch = 1;
        for (int side = 0; side < 2; ++side) {
            ours = side == 0;
            if (!decode()) {
                std::fprintf(stderr, "%s failed on %s\n", ours ? "ours" : "ooz", argv[2]);
                return 1;
            }
            const double a = cpu();
            for (int i = 0; i < 20; ++i) decode();
            batch = std::max(1, int(0.001 / ((cpu() - a) / 20)));
        }
        std::vector<double> ratios;
        for (int r = 0; r < calls; ++r) {
            double t[2];
            for (int k = 0; k < 2; ++k) {
                const int side = (r + k) & 1;
                ours = side == 0;
                const double a = cpu();
                for (int i = 0; i < batch; ++i) decode();
                t[side] = (cpu() - a) / batch;
                best[side] = std::min(best[side], t[side]);
            }
            ratios.push_back(t[1] / t[0]);
        }
        std::sort(ratios.begin(), ratios.end());
        const size_t m = ratios.size();
        std::printf(
            "%s: ours %.2f us, ooz %.2f us per call (min of %d rounds of %d calls, thread CPU time); ooz/ours "
            "of adjacent batches: median %.3f (quartiles %.3f %.3f)\n",
            argv[2], best[0] * 1e6, best[1] * 1e6, calls, batch, ratios[m / 2], ratios[m / 4], ratios[3 * m / 4]);
        return 0;
    }
    if (!decode()) {
        std::fprintf(stderr, "%s failed on %s\n", argv[1], argv[2]);
        return 1;
    }
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_TOGGLE_COLLECT;
    bool ok = true;
    for (int i = 0; i < calls; ++i) ok &= decode();
    CALLGRIND_TOGGLE_COLLECT;
    CALLGRIND_STOP_INSTRUMENTATION;
    return ok ? 0 : 1;
}
