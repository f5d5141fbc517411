// Benchmark-only program (target taescope_bench_vs_ooz, built by bench/run when the peer is
// present): our Kraken decoder beside ooz, the fastest open Kraken decoder (GPL, built from
// ../shared/peers/ooz into build/ by bench/ooz/build_ooz.sh and linked only here, never into the
// project's own targets). For every corpus KRAK file (KRAK-DECODED.sha256): both decoders check
// their output against the manifest's sha256, then decode the same payload bytes in alternating
// rounds (which one goes first alternates too), each round a batch of calls lasting ~10 ms; the
// row gives the median time per call of each and ours/ooz as a speed ratio (> 1: ours is faster).
//   build/release/taescope_bench_vs_ooz [rounds]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench_paths.h"
#include "container/kraken.h"
#include "io/byte_reader.h"
#include "io/file_io.h"
#include "io/sha256.h"

// ooz's entry point (build/peers/ooz/libooz.a): the decoded size, or -1.
int Kraken_Decompress(const uint8_t* src, size_t src_len, uint8_t* dst, size_t dst_len);

namespace {

using Clock = std::chrono::steady_clock;

// CPU time of this thread: on a shared machine it leaves out the time other processes hold the core.
double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct PerCall {
    double wall, cpu;
};
PerCall seconds_per_call(int calls, auto&& fn) {
    const auto a = Clock::now();
    const double c = thread_cpu_seconds();
    for (int i = 0; i < calls; ++i) fn();
    return {std::chrono::duration<double>(Clock::now() - a).count() / calls, (thread_cpu_seconds() - c) / calls};
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    using namespace taescope;
    const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 31;
    const std::string dir = bench::corpus_dir();
    std::ifstream manifest(dir + "/KRAK-DECODED.sha256");
    if (!manifest) {
        std::fprintf(stderr, "kraken vs ooz: corpus not found at %s (set TAESCOPE_CORPUS); no rows\n", dir.c_str());
        return 0;
    }
    std::printf("## Kraken decode: ours vs ooz (native)\n\n");
    std::printf(
        "| benchmark | metric | value | peer | peer value | ratio | note |\n|---|---|---:|---|---:|---:|---|\n");
    double log_sum = 0, log_sum_cpu = 0;
    int judged = 0;
    bool all_ok = true;
    std::string line;
    while (std::getline(manifest, line)) {
        std::istringstream fields(line);
        std::string sha, path;
        size_t size = 0;
        if (!(fields >> sha >> size >> path)) continue;
        auto file = read_file(dir + "/" + path);
        if (!file.ok() || file->size() < 0x4C) {
            std::fprintf(stderr, "kraken vs ooz: cannot read %s\n", path.c_str());
            all_ok = false;
            continue;
        }
        const std::vector<uint8_t>& dcx = *file;
        const size_t decoded = load_u32be(dcx.data() + 0x1C);
        const size_t compressed = load_u32be(dcx.data() + 0x20);
        if (0x4C + compressed > dcx.size()) continue;
        const std::vector<uint8_t> payload(dcx.begin() + 0x4C, dcx.begin() + 0x4C + ptrdiff_t(compressed));
        std::vector<uint8_t> ours(decoded), theirs(decoded + 64);  // ooz writes up to 64 bytes past the end

        auto decode_ours = [&] { return kraken_decompress(Bytes(payload.data(), payload.size()), ours).ok(); };
        auto decode_ooz = [&] {
            return Kraken_Decompress(payload.data(), payload.size(), theirs.data(), decoded) == int(decoded);
        };
        const bool ok_ours = decode_ours() && sha256_hex(Bytes(ours.data(), decoded)) == sha;
        const bool ok_ooz = decode_ooz() && sha256_hex(Bytes(theirs.data(), decoded)) == sha;
        const std::string name = path.substr(path.find_last_of('/') + 1);
        if (!ok_ours || !ok_ooz) {
            std::printf(
                "| kraken decode %s: ours vs ooz (native) | MB/s of output | | ooz | | | DECODE FAILED (%s) |\n",
                name.c_str(), !ok_ours ? "ours" : "ooz");
            all_ok = false;
            continue;
        }
        // Warm-up (~0.2 s each), then calls per batch so that a batch lasts ~10 ms.
        for (int side = 0; side < 2; ++side) {
            const auto end = Clock::now() + std::chrono::milliseconds(200);
            while (Clock::now() < end) (void)(side ? decode_ooz() : decode_ours());
        }
        const double one = std::min(seconds_per_call(5, decode_ours).wall, seconds_per_call(5, decode_ooz).wall);
        const int calls = std::max(1, int(0.01 / one));
        std::vector<double> t_ours, t_ooz, c_ours, c_ooz;
        auto round = [&](auto&& fn, std::vector<double>& wall, std::vector<double>& cpu) {
            const PerCall t = seconds_per_call(calls, fn);
            wall.push_back(t.wall);
            cpu.push_back(t.cpu);
        };
        for (int r = 0; r < rounds; ++r) {
            if (r & 1) {
                round(decode_ooz, t_ooz, c_ooz);
                round(decode_ours, t_ours, c_ours);
            } else {
                round(decode_ours, t_ours, c_ours);
                round(decode_ooz, t_ooz, c_ooz);
            }
        }
        const double a = median(t_ours), b = median(t_ooz), ca = median(c_ours), cb = median(c_ooz);
        log_sum += std::log(b / a);
        log_sum_cpu += std::log(cb / ca);
        ++judged;
        std::printf(
            "| kraken decode %s: ours vs ooz (native) | MB/s of output | %.1f | ooz @05038060 + reset.patch, g++ -O3, "
            "same payload | %.1f | %.2f | %zu -> %zu bytes; sha256 ok (both); median of %d alternating rounds of %d "
            "calls (%.1f us vs %.1f us per call; by thread CPU time %.1f us vs %.1f us, ratio %.2f) |\n",
            name.c_str(), decoded / a / 1e6, decoded / b / 1e6, b / a, compressed, decoded, rounds, calls, a * 1e6,
            b * 1e6, ca * 1e6, cb * 1e6, cb / ca);
        std::fflush(stdout);
    }
    if (judged)
        std::printf(
            "| kraken decode, geometric mean over %d files: ours vs ooz (native) | speed ratio | | | | %.2f | "
            "goal: >= 1.0 on every file, geometric mean >= 1.10 (issue 34); by thread CPU time %.2f |\n",
            judged, std::exp(log_sum / judged), std::exp(log_sum_cpu / judged));
    std::printf("\n");
    return all_ok ? 0 : 1;
}
