// Benchmark "tae": parse (read_tae) and write (write_tae) throughput in MB/s of TAE bytes, on
// the loose corpus TAEs, a generated Sekiro-scale player set (65 files, ~360,000 events) and
// the generated Elden Ring-scale set (640 files, ~1.3 million events, from bench/run's binder),
// each against memcpy of the same bytes measured in the same run.
// The corpus is found as bench_paths.h says.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bench.h"
#include "bench_paths.h"
#include "container/bnd4.h"
#include "container/dcx.h"
#include "io/file_io.h"
#include "sample_generator.h"  // tools/taescope, linked as taescope_sample_generator
#include "tae/tae_reader.h"
#include "tae/tae_writer.h"

namespace taescope::bench {
namespace {

// Parse, write and memcpy of a set of TAE buffers, as three rows' worth of figures.
void measure(const std::string& label, const std::vector<std::vector<uint8_t>>& files, std::vector<Row>& rows) {
    size_t total = 0, events = 0;
    std::vector<TaeFile> models;
    for (const auto& f : files) {
        auto m = read_tae(f);
        if (!m.ok()) {
            std::fprintf(stderr, "tae: %s: %s\n", label.c_str(), m.error().to_string().c_str());
            return;
        }
        if (write_tae(*m) != f) std::fprintf(stderr, "tae: %s: a file does not round-trip\n", label.c_str());
        total += f.size();
        events += m->event_count();
        models.push_back(std::move(m).value());
    }
    std::vector<std::vector<uint8_t>> copies;
    for (const auto& f : files) copies.emplace_back(f.size());
    const int repeats = int(std::max<size_t>(5, std::min<size_t>(201, size_t(400e6) / (total + 1))));
    // Parsed as the app parses a binder's members: from buffers the models share (read_tae_shared;
    // read_tae of a plain view would add a copy of each file).
    std::vector<SharedBytes> shared(files.begin(), files.end());
    const double t_parse = median_seconds(repeats, [&] {
        for (const auto& f : shared) {
            auto m = read_tae_shared(f);
            asm volatile("" : : "r"(&m) : "memory");
        }
    });
    const double t_write = median_seconds(repeats, [&] {
        for (const auto& m : models) {
            auto out = write_tae(m);
            asm volatile("" : : "r"(out.data()) : "memory");
        }
    });
    const double t_copy = median_seconds(repeats, [&] {
        for (size_t i = 0; i < files.size(); ++i) {
            std::memcpy(copies[i].data(), files[i].data(), files[i].size());
            asm volatile("" : : "r"(copies[i].data()) : "memory");
        }
    });
    char note[160];
    std::snprintf(note, sizeof note, "%zu files, %zu bytes, %zu events, median of %d", files.size(), total, events,
                  repeats);
    const double copy_mbs = double(total) / t_copy / 1e6;
    const double parse_mbs = double(total) / t_parse / 1e6, write_mbs = double(total) / t_write / 1e6;
    const std::string parse_target =
        parse_mbs >= 1000 ? "; parse >= 1 GB/s: target met" : "; parse >= 1 GB/s: target NOT met";
    const std::string write_target =
        write_mbs >= parse_mbs ? "; write >= parse: target met" : "; write >= parse: target NOT met";
    rows.push_back({"tae parse " + label + " (native)", "MB/s of TAE", parse_mbs, "memcpy of the same bytes", copy_mbs,
                    note + parse_target, "TAE parse and write throughput"});
    rows.push_back({"tae write " + label + " (native)", "MB/s of TAE", write_mbs, "memcpy of the same bytes", copy_mbs,
                    note + write_target, "TAE parse and write throughput"});
}

void run_tae(std::vector<Row>& rows) {
    const std::string dir = corpus_dir() + "/eldenring/";
    std::vector<std::vector<uint8_t>> corpus;
    for (const char* name : {"c0000-a10.tae", "c0000-a12.tae", "c0000-a405.tae", "c0000-a512.tae", "c0000-a600.tae"}) {
        auto f = read_file(dir + name);
        if (f.ok()) corpus.push_back(std::move(f).value());
    }
    if (corpus.empty())
        std::fprintf(stderr, "tae: corpus not found at %s (set TAESCOPE_CORPUS); corpus rows skipped\n", dir.c_str());
    else
        measure("loose Elden Ring corpus files", corpus, rows);

    std::vector<std::vector<uint8_t>> generated;
    generator::generate_tae_set(generator::Scale::Sekiro, 1,
                                [&](generator::GeneratedTae&& g) { generated.push_back(write_tae(g.model)); });
    measure("generated Sekiro-scale set (seed 1)", generated, rows);
    generated.clear();

    // The Elden Ring-scale set is read from the binder bench/run generated (so the set is not
    // generated twice): its members were written when the binder was made, so the round-trip
    // check in measure() also compares today's writer with the one that wrote them.
    const std::string binder_path = generated_input_dir() + "/eldenring/c0000.anibnd.dcx";
    auto binder_file = read_file(binder_path);
    auto dcx = binder_file.ok() ? dcx_read(*binder_file) : Result<DcxFile>(binder_file.error());
    auto binder = dcx.ok() ? bnd4_read(dcx->payload) : Result<Bnd4>(dcx.error());
    if (!binder.ok()) {
        std::fprintf(stderr, "tae: %s: %s; Elden Ring-scale rows skipped\n", binder_path.c_str(),
                     binder.error().to_string().c_str());
        return;
    }
    for (auto& m : binder->members)
        if (m.data.size() >= 4 && std::memcmp(m.data.data(), "TAE ", 4) == 0) generated.push_back(m.data.to_vector());
    measure("generated Elden Ring-scale set (seed 1, from its binder)", generated, rows);
}

const BenchmarkRegistration registration({"tae", run_tae});

}  // namespace
}  // namespace taescope::bench
