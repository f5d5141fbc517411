// Benchmark "container": for each DFLT corpus binder, our inflate (libdeflate) against zlib's
// uncompress() of the same stream (MB/s of output; target >= 2.5x), our export compression
// (libdeflate level kExportDeflateLevel) against zlib level 9 (time and size), and the BND4
// parse of the decompressed binder (MB/s of binder) against memcpy of the same bytes.
// The corpus is found as bench_paths.h says.
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

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
                           "eldenring/c3010.anibnd.dcx", "eldenring/c4310.anibnd.dcx", "ac6/c0100.anibnd.dcx",
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
        inflate.benchmark = std::string("DFLT inflate (libdeflate) ") + rel;
        inflate.metric = "MB/s of output";
        inflate.peer = "zlib uncompress() of the same stream, fresh buffer";
        double t = median_seconds(repeats, [&] { (void)zlib_inflate_exact(compressed, payload.size()); });
        double tz = median_seconds(repeats, [&] {
            std::unique_ptr<uint8_t[]> out(new uint8_t[payload.size()]);
            uLongf produced = uLongf(payload.size());
            (void)uncompress(out.get(), &produced, compressed.data(), uLong(compressed.size()));
            asm volatile("" : : "r"(out.get()) : "memory");
        });
        inflate.value = double(payload.size()) / t / 1e6;
        inflate.peer_value = double(payload.size()) / tz / 1e6;
        char note[160];
        std::snprintf(note, sizeof note, "%zu -> %zu bytes, median of %d; %.2fx zlib: target %s (>= 2.5x)",
                      compressed.size(), payload.size(), repeats, tz / t, tz / t >= 2.5 ? "met" : "NOT met");
        inflate.note = note;
        inflate.section = "Containers (native)";
        rows.push_back(inflate);

        // Export: a binder rewritten as DFLT. Compression is slow (zlib 9 takes seconds on the
        // larger binders): few repeats.
        const int compress_repeats = payload.size() > (4u << 20) ? 1 : 3;
        size_t ours_size = 0, zlib_size = 0;
        double tc = median_seconds(compress_repeats, [&] { ours_size = deflate_for_export(payload).size(); });
        double tcz = median_seconds(compress_repeats, [&] { zlib_size = zlib_deflate(payload, 9).size(); });
        Row exported;
        exported.benchmark =
            std::string("DFLT export compress (libdeflate level ") + std::to_string(kExportDeflateLevel) + ") " + rel;
        exported.metric = "ms";
        exported.value = tc * 1e3;
        exported.peer = "zlib level 9 (windowBits 15, memLevel 8), same payload";
        exported.peer_value = tcz * 1e3;
        std::snprintf(note, sizeof note, "%zu bytes against zlib's %zu (%+.2f%%), median of %d; %s", ours_size,
                      zlib_size, 100.0 * (double(ours_size) - double(zlib_size)) / double(zlib_size), compress_repeats,
                      ours_size <= zlib_size && tc < tcz ? "smaller and faster: target met" : "target NOT met");
        exported.note = note;
        exported.section = "Containers (native)";
        rows.push_back(exported);

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
        parse.peer_value = memcpy_mbs(payload, repeats);
        std::snprintf(note, sizeof note, "%zu members, copies member data, checks canonical layout", members);
        parse.note = note;
        parse.section = "Containers (native)";
        rows.push_back(parse);
    }
}

const BenchmarkRegistration registration({"container", run_container});

}  // namespace
}  // namespace taescope::bench
