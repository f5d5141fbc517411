// Benchmark "params" (issue 40): the game's params (params_stages.h). Rows:
//  - opening the encrypted Elden Ring regulation (AES-256-CBC + DCX ZSTD + BND4 + the chain's
//    params indexed) against libzstd decoding the same zstd frame alone: target <= 1.2x;
//  - resolving every attack of the largest corpus binder (AttackChain::build) against its open
//    (DCX, BND4, TAE parse): target <= 0.25x.
// Both by CPU time, ours and the peer in alternating pairs in one process (the ratio is the median
// of the pairs' ratios). With $TAESCOPE_BENCH_PARAMS_TSV set the figures are also written there as
// TSV, for the wasm run (bench/wasm/compare_params.mjs).
#include <cstdio>
#include <cstdlib>

#include "bench.h"
#include "bench_paths.h"
#include "binder/document.h"
#include "io/file_io.h"
#include "params_stages.h"

namespace taescope::bench {
namespace {

// The Elden Ring binder of the corpus with the most type-1/5 events.
std::string largest_attack_binder(const std::string& dir, size_t& events) {
    const char* files[] = {"eldenring/c2100.anibnd.dcx",      "eldenring/c3010.anibnd.dcx",
                           "eldenring/c4310.anibnd.dcx",      "eldenring/c5051.anibnd.dcx",
                           "eldenring/c3000.krak.anibnd.dcx", "eldenring/c5780.krak.anibnd.dcx"};
    std::string best;
    events = 0;
    for (const char* rel : files) {
        auto bytes = read_file(dir + "/" + rel);
        if (!bytes.ok()) continue;
        auto doc = open_document(*bytes, rel);
        if (!doc.ok()) continue;
        size_t n = 0;
        for (const auto& t : doc->taes)
            if (t.tae)
                for (const auto& a : t.tae->animations)
                    for (const auto& e : a.events) n += e.type == 1 || e.type == 5;
        if (n > events) events = n, best = dir + "/" + rel;
    }
    return best;
}

void run_params(std::vector<Row>& rows) {
    const std::string section = "Params and attacks (native)";
    const std::string dir = corpus_dir();
    const std::string regulation = dir + "/eldenring/regulation-1.12.bin";
    size_t events = 0;
    const std::string anibnd = largest_attack_binder(dir, events);
    std::fprintf(stderr, "  params eldenring/regulation-1.12.bin, %s\n", anibnd.c_str());
    const ParamsStageReport r = measure_params_stages(regulation, anibnd, 3.0);
    if (const char* path = std::getenv("TAESCOPE_BENCH_PARAMS_TSV")) {
        if (FILE* tsv = std::fopen(path, "w")) {
            std::fprintf(tsv, "%s\n%s\n", params_stage_tsv_header().c_str(), params_stage_tsv_line(r).c_str());
            std::fclose(tsv);
        }
    }
    if (!r.error.empty()) {
        rows.push_back({"params regulation-1.12.bin", "-", 0, "-", 0, "FAILED: " + r.error, section});
        return;
    }
    char note[400];
    std::snprintf(note, sizeof note,
                  "%llu-byte file -> %llu-byte payload, %llu params (AtkParam_Npc, BehaviorParam, NpcParam indexed); "
                  "ratio %.2f = median of %d alternating pairs' ratios, CPU time: %s (<= 1.2)",
                  r.regulation_bytes, r.payload_bytes, r.params, r.open_ratio, r.open_pairs,
                  r.open_ratio <= 1.2 ? "target met" : "target NOT met");
    rows.push_back({"open ER 1.12 regulation.bin (AES + DCX ZSTD + BND4 + chain's params indexed)", "ms", r.open * 1e3,
                    "libzstd decoding the same frame alone, same payload allocation", r.zstd * 1e3, note, section});
    std::snprintf(note, sizeof note,
                  "%llu type-1/5 events (%llu resolved), character params and variation choices included; ratio %.3f = "
                  "median of %d alternating pairs' ratios, CPU time: %s (<= 0.25)",
                  r.events, r.resolved, r.chain_ratio, r.chain_pairs,
                  r.chain_ratio <= 0.25 ? "target met" : "target NOT met");
    const std::string name = anibnd.substr(anibnd.find_last_of('/') + 1);
    rows.push_back({"resolve every attack of " + name + " (AttackChain::build)", "ms", r.chain * 1e3,
                    "open of the same binder (DCX, BND4, TAE parse)", r.binder * 1e3, note, section});
}

const BenchmarkRegistration registration({"params", run_params});

}  // namespace
}  // namespace taescope::bench
