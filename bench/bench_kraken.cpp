// Benchmark "kraken": decodes each corpus KRAK payload (KRAK-DECODED.sha256 lists them) and
// reports MB/s of decoded output, median of repeats, against memcpy of the same decoded bytes.
// The corpus is found as bench_paths.h says.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "bench.h"
#include "bench_paths.h"
#include "container/kraken.h"
#include "io/file_io.h"
#include "io/sha256.h"

namespace taescope::bench {
namespace {

void run_kraken(std::vector<Row>& rows) {
    const std::string dir = corpus_dir();
    std::ifstream manifest(dir + "/KRAK-DECODED.sha256");
    if (!manifest) {
        std::fprintf(stderr, "kraken: corpus not found at %s (set TAESCOPE_CORPUS); no rows\n", dir.c_str());
        return;
    }
    std::string line;
    while (std::getline(manifest, line)) {
        std::istringstream fields(line);
        std::string sha, path;
        size_t size = 0;
        if (!(fields >> sha >> size >> path)) continue;
        auto file = read_file(dir + "/" + path);
        if (!file.ok() || file->size() < 0x4C) {
            std::fprintf(stderr, "kraken: cannot read %s\n", path.c_str());
            continue;
        }
        const std::vector<uint8_t>& dcx = *file;
        const size_t decoded = load_u32be(dcx.data() + 0x1C);
        const size_t compressed = load_u32be(dcx.data() + 0x20);
        if (0x4C + compressed > dcx.size()) continue;
        const Bytes stream(dcx.data() + 0x4C, compressed);
        std::vector<uint8_t> out(decoded), copy(decoded);

        Row row;
        row.benchmark = "kraken decode " + path.substr(path.find_last_of('/') + 1) + " (native)";
        row.metric = "MB/s of output";
        row.peer = "memcpy of the same bytes";
        row.section = "Kraken decode (native)";
        const Status first = kraken_decompress(stream, out);
        if (!first.ok() || sha256_hex(Bytes(out.data(), out.size())) != sha) {
            row.note = "DECODE FAILED: " + (first.ok() ? std::string("sha256 mismatch") : first.error().to_string());
            rows.push_back(row);
            continue;
        }
        const int repeats = int(std::max<size_t>(7, std::min<size_t>(501, size_t(200e6) / (decoded + 1))));
        const double t = median_seconds(repeats, [&] { (void)kraken_decompress(stream, out); });
        const double tm = median_seconds(repeats, [&] {
            std::memcpy(copy.data(), out.data(), decoded);
            asm volatile("" : : "r"(copy.data()) : "memory");
        });
        row.value = double(decoded) / t / 1e6;
        row.peer_value = double(decoded) / tm / 1e6;
        char note[96];
        std::snprintf(note, sizeof note, "%zu -> %zu bytes, median of %d", compressed, decoded, repeats);
        row.note = note;
        rows.push_back(row);
    }
}

const BenchmarkRegistration registration({"kraken", run_kraken});

}  // namespace
}  // namespace taescope::bench
