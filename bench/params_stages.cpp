#include "params_stages.h"

#include <zstd.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "binder/document.h"
#include "container/dcx.h"
#include "cpu_clock.h"
#include "io/file_io.h"
#include "io/shared_bytes.h"
#include "params/regulation.h"
#include "sim/attack_chain.h"

namespace taescope::bench {
namespace {

const void* volatile g_escaped = nullptr;

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Pairs of (ours, peer) timed in alternation until the budget is spent (3..51 pairs): the medians
// of each and the median of the pairs' ratios.
template <class A, class B>
int alternate(double budget, A&& ours, B&& peer, double& ours_median, double& peer_median, double& ratio) {
    std::vector<double> a, b, r;
    const double start = cpu_seconds();
    while (a.size() < 51 && (a.size() < 3 || cpu_seconds() - start < budget)) {
        double t0 = cpu_seconds();
        ours();
        double t1 = cpu_seconds();
        peer();
        double t2 = cpu_seconds();
        a.push_back(t1 - t0);
        b.push_back(t2 - t1);
        r.push_back((t1 - t0) / std::max(t2 - t1, 1e-9));
    }
    ours_median = median(a);
    peer_median = median(b);
    ratio = median(r);
    return int(a.size());
}

}  // namespace

ParamsStageReport measure_params_stages(const std::string& regulation_path, const std::string& anibnd_path,
                                        double budget, ParamsStages which) {
    ParamsStageReport r;
    r.regulation = regulation_path;
    r.anibnd = anibnd_path;
    auto file = read_file(regulation_path);
    if (!file.ok()) return r.error = file.error().to_string(), r;
    const Bytes bytes(*file);
    r.regulation_bytes = bytes.size();

    // The correctness pass: the regulation opens and the chain's params read with their paramdefs;
    // the frame the peer decodes is the one inside it.
    auto reg = params::Regulation::open(bytes, regulation_path);
    if (!reg.ok()) return r.error = reg.error().to_string(), r;
    r.params = reg->param_count();
    const char* chain_params[] = {"AtkParam_Npc", "BehaviorParam", "NpcParam"};
    for (const char* name : chain_params) {
        auto t = reg->table(name);
        if (!t.ok() || !t->layout) return r.error = std::string(name) + " does not read with a paramdef", r;
    }
    auto plain = params::decrypt_regulation(bytes);
    if (!plain.ok()) return r.error = plain.error().to_string(), r;
    auto dcx = dcx_read(plain->plaintext);
    if (!dcx.ok() || dcx->info.method != CompressionMethod::Zstd) return r.error = "the regulation is not DCX ZSTD", r;
    const Bytes frame(dcx->info.compressed);
    r.payload_bytes = dcx->payload.size();
    ZSTD_DCtx* dctx = ZSTD_createDCtx();

    auto open = [&] {
        auto o = params::Regulation::open(bytes, regulation_path);
        if (o.ok())
            for (const char* name : chain_params) (void)o->table(name);
        g_escaped = o.ok() ? o->params().data() : nullptr;
    };
    auto zstd = [&] {
        uint8_t* out = nullptr;
        SharedBytes payload = SharedBytes::uninitialized(r.payload_bytes, &out);
        size_t got = ZSTD_decompressDCtx(dctx, out, r.payload_bytes, frame.data(), frame.size());
        g_escaped = ZSTD_isError(got) ? nullptr : out;
    };
    r.open_pairs = alternate(budget, open, zstd, r.open, r.zstd, r.open_ratio);
    ZSTD_freeDCtx(dctx);
    if (which == ParamsStages::open_only || anibnd_path.empty()) return r;

    auto ani = read_file(anibnd_path);
    if (!ani.ok()) return r.error = ani.error().to_string(), r;
    const Bytes ani_bytes(*ani);
    auto doc = open_document(ani_bytes, anibnd_path);
    if (!doc.ok()) return r.error = doc.error().to_string(), r;
    AttackChain check = AttackChain::build(*doc, *reg);
    r.events = check.events().size();
    r.resolved = check.resolved_count();
    auto chain = [&] {
        AttackChain c = AttackChain::build(*doc, *reg);
        g_escaped = c.events().data();
    };
    auto binder = [&] {
        auto d = open_document(ani_bytes, anibnd_path);
        g_escaped = d.ok() ? d->taes.data() : nullptr;
    };
    r.chain_pairs = alternate(budget, chain, binder, r.chain, r.binder, r.chain_ratio);
    return r;
}

std::string params_stage_tsv_header() {
    return "regulation\tanibnd\tregulation_bytes\tpayload_bytes\tparams\tevents\tresolved\topen_pairs\tchain_"
           "pairs\topen\t"
           "zstd\topen_ratio\tchain\tbinder\tchain_ratio\terror";
}

std::string params_stage_tsv_line(const ParamsStageReport& r) {
    char numbers[512];
    std::snprintf(numbers, sizeof numbers, "%llu\t%llu\t%llu\t%llu\t%llu\t%d\t%d\t%.9f\t%.9f\t%.6f\t%.9f\t%.9f\t%.6f",
                  r.regulation_bytes, r.payload_bytes, r.params, r.events, r.resolved, r.open_pairs, r.chain_pairs,
                  r.open, r.zstd, r.open_ratio, r.chain, r.binder, r.chain_ratio);
    return r.regulation + "\t" + r.anibnd + "\t" + numbers + "\t" + r.error;
}

}  // namespace taescope::bench
