// Benchmark "container": zlib inflate of each DFLT corpus payload (MB/s of output) and the BND4
// parse of the decompressed binder (MB/s of binder), each against memcpy of the same bytes.
// The corpus is found as bench_paths.h says.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bench.h"
#include "bench_paths.h"
#include "container/bnd4.h"
#include "container/dcx.h"
#include "container/zlib_codec.h"
#include "io/file_io.h"

namespace taescope::bench {
namespace {

double memcpy_mbs(Bytes bytes, int repeats) {
    std::vector<uint8_t> copy(bytes.size());
    double t = median_seconds(repeats, [&] {
        std::memcpy(copy.data(), bytes.data(), bytes.size());
        asm volatile("" : : "r"(copy.data()) : "memory");
    });
    return double(bytes.size()) / t / 1e6;
}

void run_container(std::vector<Row>& rows) {
    const std::string dir = corpus_dir();
    const char* files[] = {"sekiro/c0000.anibnd.dcx",    "sekiro/c5070.anibnd.dcx",    "eldenring/c2100.anibnd.dcx",
                           "eldenring/c3010.anibnd.dcx", "eldenring/c4310.anibnd.dcx", "nightreign/c0100.anibnd.dcx",
                           "ds3/c0000.anibnd.dcx"};
    for (const char* rel : files) {
        auto file = read_file(dir + "/" + rel);
        if (!file.ok()) {
            std::fprintf(stderr, "container: %s not found (set TAESCOPE_CORPUS); skipped\n", rel);
            continue;
        }
        auto dcx = dcx_read(*file);
        if (!dcx.ok() || dcx->info.method != CompressionMethod::Deflate) continue;
        const auto& payload = dcx->payload;
        const Bytes compressed = dcx->info.compressed;
        const int repeats = int(std::max<size_t>(5, std::min<size_t>(101, size_t(100e6) / (payload.size() + 1))));

        Row inflate;
        inflate.benchmark = std::string("zlib inflate ") + rel;
        inflate.metric = "MB/s of output";
        inflate.peer = "memcpy of the same bytes";
        double t = median_seconds(repeats, [&] { (void)zlib_inflate_exact(compressed, payload.size()); });
        inflate.value = double(payload.size()) / t / 1e6;
        inflate.peer_value = memcpy_mbs(payload, repeats);
        char note[96];
        std::snprintf(note, sizeof note, "%zu -> %zu bytes, median of %d", compressed.size(), payload.size(), repeats);
        inflate.note = note;
        inflate.section = "Containers (native)";
        rows.push_back(inflate);

        Row parse;
        parse.benchmark = std::string("BND4 parse ") + rel;
        parse.metric = "MB/s of binder";
        parse.peer = "memcpy of the same bytes";
        size_t members = 0;
        double tp = median_seconds(repeats, [&] {
            auto b = bnd4_read(payload);
            members = b.ok() ? b->members.size() : 0;
        });
        parse.value = double(payload.size()) / tp / 1e6;
        parse.peer_value = inflate.peer_value;
        std::snprintf(note, sizeof note, "%zu members, copies member data, checks canonical layout", members);
        parse.note = note;
        parse.section = "Containers (native)";
        rows.push_back(parse);
    }
}

const BenchmarkRegistration registration({"container", run_container});

}  // namespace
}  // namespace taescope::bench
