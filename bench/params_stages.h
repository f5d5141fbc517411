// The game's params (issue 40), timed on the corpus: the same code is compiled into the native
// benchmark (bench_params.cpp) and into a wasm module run by Node (bench/wasm/params_stages_entry.cpp,
// compared by bench/wasm/compare_params.mjs), so both builds time the same work on the same bytes.
//   open       Regulation::open of the encrypted regulation (AES-256-CBC, DCX ZSTD, BND4) and the
//              chain's params indexed with their paramdefs (AtkParam_Npc, BehaviorParam, NpcParam)
//   zstd       the peer: libzstd decoding the same zstd frame alone (ZSTD_decompressDCtx into a
//              buffer allocated as the DCX reader allocates its payload: SharedBytes::uninitialized)
//   chain      AttackChain::build over an animation binder (every type-1/5 event resolved, the
//              character's params and variation choices included)
//   binder     the peer: open_document of that binder (DCX, BND4, TAE parse)
// Each pair is timed in alternation in one process, by CPU time (bench/cpu_clock.h): ours, the
// peer, ours, ...; the ratio is the median of the pairs' ratios, so a change of load between the
// two does not enter it. With `which` open_only only the open is timed (compare_params.mjs runs
// the native and the wasm build that way in alternating processes).
#pragma once

#include <string>

namespace taescope::bench {

enum class ParamsStages { all, open_only };

struct ParamsStageReport {
    std::string regulation, anibnd, error;
    unsigned long long regulation_bytes = 0, payload_bytes = 0, params = 0, events = 0, resolved = 0;
    int open_pairs = 0, chain_pairs = 0;
    double open = 0, zstd = 0, open_ratio = 0;      // seconds (medians), ratio = median of pairs' open / zstd
    double chain = 0, binder = 0, chain_ratio = 0;  // seconds, ratio = median of pairs' chain / binder
};

ParamsStageReport measure_params_stages(const std::string& regulation, const std::string& anibnd, double budget_seconds,
                                        ParamsStages which = ParamsStages::all);

std::string params_stage_tsv_header();
std::string params_stage_tsv_line(const ParamsStageReport& r);

}  // namespace taescope::bench
