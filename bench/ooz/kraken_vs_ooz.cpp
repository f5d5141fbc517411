// Benchmark-only program (target taescope_bench_vs_ooz, built by bench/run when the peer is
// present): our Kraken decoder beside ooz, the fastest open Kraken decoder (GPL, built from
// ../shared/peers/ooz into build/ by bench/ooz/build_ooz.sh and linked only here, never into the
// project's own targets). For every corpus KRAK file (KRAK-DECODED.sha256): both decoders check
// their output against the manifest's sha256, then decode the same payload bytes in alternating
// rounds (which one goes first alternates too), each round a batch of calls lasting ~10 ms; the
// row gives the median time per call of each and ours/ooz as a speed ratio (> 1: ours is faster).
// Small inputs count as much as large ones (issue 34: a 15 KB event script and an 8 KB binder
// were the slowest against ooz), so the multi-block files are also cut into small streams that
// are valid on their own: every block starts with a reset (0x8C) in FromSoftware's files, so a
// block alone is a stream, and a block's first 128 KiB chunk alone is one too once its quantum
// header gives that chunk's length. Those of at most 32 KiB compressed get rows of their own
// (both decoders must reproduce the matching slice of the sha256-checked whole file), with their
// own geometric mean and lowest ratio.
//   build/release/taescope_bench_vs_ooz [rounds]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <memory>
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

// A Kraken stream that decodes on its own to `decoded` bytes equal to `expected`.
struct Stream {
    std::string name;
    std::vector<uint8_t> payload;
    size_t decoded;
    const uint8_t* expected;
};

// Stand-alone streams cut from a whole-file stream (see the head of the file): each block that
// starts with a reset, and the first chunk of each two-chunk block, when the piece has at most
// `max_compressed` bytes. Stops at the first block it cannot walk (stored, memset, checksummed
// or entropy-only pieces are simply not cut).
std::vector<Stream> cut_small_streams(const std::string& file, const std::vector<uint8_t>& s, const uint8_t* out,
                                      size_t out_size, size_t max_compressed) {
    using taescope::load_u24be;
    std::vector<Stream> pieces;
    size_t p = 0, pos = 0;
    for (int block = 0; pos < out_size && p + 5 <= s.size(); ++block) {
        const uint8_t b0 = s[p], b1 = s[p + 1];
        const size_t block_len = std::min<size_t>(0x40000, out_size - pos);
        if ((b0 & 0x4F) != 0x0C || b1 != 0x06) break;  // only compressed Kraken blocks without checksums
        const uint32_t v = load_u24be(s.data() + p + 2);
        if ((v & 0x3FFFF) == 0x3FFFF) break;
        const size_t qlen = (v & 0x3FFFF) + 1, block_end = p + 5 + qlen;
        if (block_end > s.size()) break;
        const std::string where = file + " block " + std::to_string(block);
        if ((b0 & 0x80) && qlen + 5 <= max_compressed && block_end - p < s.size())  // not the whole stream again
            pieces.push_back({where, std::vector<uint8_t>(s.begin() + ptrdiff_t(p), s.begin() + ptrdiff_t(block_end)),
                              block_len, out + pos});
        const uint32_t h = load_u24be(s.data() + p + 5);
        const size_t clen = 3 + (h & 0x7FFFF);
        if ((b0 & 0x80) && block_len > 0x20000 && (h & 0x800000) && clen < qlen && clen + 5 <= max_compressed) {
            std::vector<uint8_t> one = {b0, b1, uint8_t((clen - 1) >> 16), uint8_t((clen - 1) >> 8), uint8_t(clen - 1)};
            one.insert(one.end(), s.begin() + ptrdiff_t(p + 5), s.begin() + ptrdiff_t(p + 5 + clen));
            pieces.push_back({where + " chunk 0", std::move(one), 0x20000, out + pos});
        }
        p = block_end;
        pos += block_len;
    }
    return pieces;
}

struct Timing {
    double ours, ooz, cpu_ours, cpu_ooz;  // seconds per call, medians
    int calls;
};

// Ours and ooz on the same payload in alternating rounds (which goes first alternates too), each
// round a batch of calls lasting ~10 ms, after ~0.2 s of warm-up each.
Timing race(int rounds, auto&& decode_ours, auto&& decode_ooz) {
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
    return {median(t_ours), median(t_ooz), median(c_ours), median(c_ooz), calls};
}

// One row for a stream (the expected bytes already checked by the caller's sha256); returns the
// wall-clock and CPU-time ratios ooz/ours, or nothing (and a DECODE FAILED row) if a decoder
// did not reproduce them.
struct Ratios {
    bool ok;
    double wall, cpu;
};
Ratios stream_row(const Stream& st, int rounds, const char* checked) {
    using namespace taescope;
    std::vector<uint8_t> ours(st.decoded), theirs(st.decoded + 64);  // ooz writes up to 64 bytes past the end
    auto decode_ours = [&] { return kraken_decompress(Bytes(st.payload.data(), st.payload.size()), ours).ok(); };
    auto decode_ooz = [&] {
        return Kraken_Decompress(st.payload.data(), st.payload.size(), theirs.data(), st.decoded) == int(st.decoded);
    };
    const bool ok_ours = decode_ours() && std::memcmp(ours.data(), st.expected, st.decoded) == 0;
    const bool ok_ooz = decode_ooz() && std::memcmp(theirs.data(), st.expected, st.decoded) == 0;
    if (!ok_ours || !ok_ooz) {
        std::printf("| kraken decode %s: ours vs ooz (native) | MB/s of output | | ooz | | | DECODE FAILED (%s) |\n",
                    st.name.c_str(), !ok_ours ? "ours" : "ooz");
        return {false, 0, 0};
    }
    const Timing t = race(rounds, decode_ours, decode_ooz);
    std::printf(
        "| kraken decode %s: ours vs ooz (native) | MB/s of output | %.1f | ooz @05038060 + reset.patch, g++ -O3, "
        "same payload | %.1f | %.2f | %zu -> %zu bytes; %s; median of %d alternating rounds of %d "
        "calls (%.1f us vs %.1f us per call; by thread CPU time %.1f us vs %.1f us, ratio %.2f) |\n",
        st.name.c_str(), double(st.decoded) / t.ours / 1e6, double(st.decoded) / t.ooz / 1e6, t.ooz / t.ours,
        st.payload.size(), st.decoded, checked, rounds, t.calls, t.ours * 1e6, t.ooz * 1e6, t.cpu_ours * 1e6,
        t.cpu_ooz * 1e6, t.cpu_ooz / t.cpu_ours);
    std::fflush(stdout);
    return {true, t.ooz / t.ours, t.cpu_ooz / t.cpu_ours};
}

// Geometric means and the lowest of a set of rows.
struct Summary {
    double log_wall = 0, log_cpu = 0, lowest = 1e9, lowest_cpu = 1e9;
    std::string lowest_name, lowest_cpu_name;
    int count = 0;
    void add(const std::string& name, const Ratios& r) {
        log_wall += std::log(r.wall);
        log_cpu += std::log(r.cpu);
        if (r.wall < lowest) {
            lowest = r.wall;
            lowest_name = name;
        }
        if (r.cpu < lowest_cpu) {
            lowest_cpu = r.cpu;
            lowest_cpu_name = name;
        }
        ++count;
    }
    // The summary row: "<what>: ours vs ooz (native)" with both means and the lowest, then `goal`.
    void print_row(const std::string& what, const char* goal) const {
        if (!count) return;
        std::printf(
            "| kraken decode, geometric mean over %d %s: ours vs ooz (native) | speed ratio | | | | %.2f | "
            "goal: %s; by thread CPU time %.2f; lowest %.2f (%s), by thread CPU time %.2f (%s) |\n",
            count, what.c_str(), std::exp(log_wall / count), goal, std::exp(log_cpu / count), lowest,
            lowest_name.c_str(), lowest_cpu, lowest_cpu_name.c_str());
    }
};

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
    constexpr size_t kSmall = 32 * 1024;
    Summary files, small;
    bool all_ok = true;
    std::vector<std::pair<Stream, std::shared_ptr<std::vector<uint8_t>>>> pieces;  // with the bytes they point into
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
        const std::string name = path.substr(path.find_last_of('/') + 1);
        Stream whole{name, std::vector<uint8_t>(dcx.begin() + 0x4C, dcx.begin() + 0x4C + ptrdiff_t(compressed)),
                     decoded, nullptr};
        // The reference bytes: our decode, accepted only with the manifest's sha256.
        auto reference = std::make_shared<std::vector<uint8_t>>(decoded);
        if (!kraken_decompress(Bytes(whole.payload.data(), compressed), *reference).ok() ||
            sha256_hex(Bytes(reference->data(), decoded)) != sha) {
            std::printf(
                "| kraken decode %s: ours vs ooz (native) | MB/s of output | | ooz | | | DECODE FAILED (ours: sha256) "
                "|\n",
                name.c_str());
            all_ok = false;
            continue;
        }
        whole.expected = reference->data();
        const Ratios r = stream_row(whole, rounds, "sha256 ok (both)");
        if (!r.ok) {
            all_ok = false;
            continue;
        }
        files.add(name, r);
        const std::string base = name.substr(0, name.find('.'));
        for (Stream& piece : cut_small_streams(base, whole.payload, reference->data(), decoded, kSmall))
            pieces.emplace_back(std::move(piece), reference);
    }
    files.print_row("files", ">= 1.0 on every file, geometric mean >= 1.10 (issue 34)");
    for (const auto& [piece, bytes] : pieces) {
        const Ratios r = stream_row(piece, rounds, "equal to the whole file's slice (both)");
        if (!r.ok) {
            all_ok = false;
            continue;
        }
        small.add(piece.name, r);
    }
    small.print_row("small streams (<= 32 KiB, cut from the files above)", ">= 1.0 on each");
    std::printf("\n");
    return all_ok ? 0 : 1;
}
