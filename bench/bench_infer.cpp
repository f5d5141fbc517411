// Benchmark "infer" (issue 33): event layout inference over the Armored Core VI binder against its open
// in the same run. The open is open_document of the file's bytes (decompression, BND4, every event
// file); inference is what the page runs after it (web/inference_model.cpp): every event's
// parameter bytes gathered per type (EventSamples::add_document), then infer_layout of every type
// from byte 0. Target: inference within 1x the open.
#include <cstdio>

#include "adaptive_median.h"
#include "bench.h"
#include "bench_paths.h"
#include "binder/document.h"
#include "inference/event_samples.h"
#include "inference/layout_inference.h"
#include "io/file_io.h"

namespace taescope::bench {
namespace {

const void* volatile g_escaped = nullptr;

void run_infer(std::vector<Row>& rows) {
    const std::string section = "Event layout inference (native)";
    const std::string rel = "ac6/c0100.anibnd.dcx";
    std::fprintf(stderr, "  infer %s\n", rel.c_str());
    auto file = read_file(corpus_dir() + "/" + rel);
    if (!file.ok()) {
        rows.push_back({"infer " + rel, "-", 0, "-", 0, "FAILED: " + file.error().to_string(), section});
        return;
    }
    auto doc = open_document(*file, rel);
    if (!doc.ok()) {
        rows.push_back({"infer " + rel, "-", 0, "-", 0, "FAILED: " + doc.error().to_string(), section});
        return;
    }
    size_t types = 0, events = 0, fields = 0;
    {
        EventSamples samples;
        samples.add_document(*doc);
        types = samples.types().size();
        events = samples.event_count();
        for (const TypeSamples& t : samples.types()) fields += infer_layout(t).fields.size();
    }
    int repeats = 0;
    const double budget = 2.0;  // the open is ~0.1 s: a few repeats of each
    const double open = adaptive_median(budget, repeats, [&] {
        auto d = open_document(*file, rel);
        g_escaped = d.ok() ? d->taes.data() : nullptr;
    });
    const double gather = adaptive_median(budget, repeats, [&] {
        EventSamples samples;
        samples.add_document(*doc);
        g_escaped = samples.types().data();
    });
    size_t check = 0;
    const double whole = adaptive_median(budget, repeats, [&] {
        EventSamples samples;
        samples.add_document(*doc);
        check = 0;
        for (const TypeSamples& t : samples.types()) check += infer_layout(t).fields.size();
    });
    if (check != fields) {
        rows.push_back({"infer " + rel, "-", 0, "-", 0, "FAILED: inference is not deterministic", section});
        return;
    }
    const double ms = 1e3;
    char note[320];
    std::snprintf(note, sizeof note,
                  "%zu events of %zu types, %zu fields inferred; gathering the events' bytes %.1f ms of it; runs "
                  "after the open, in slices on the page; %s (<= 1.00); median of >= %d",
                  events, types, fields, gather * ms, whole <= open ? "target met" : "target NOT met", repeats);
    rows.push_back({"infer " + rel + ": every type's layout (events gathered + infer_layout from byte 0)", "ms",
                    whole * ms, "open_document of the same bytes (decompress, BND4, TAE parse), same run", open * ms,
                    note, section});
}

const BenchmarkRegistration registration({"infer", run_infer});

}  // namespace
}  // namespace taescope::bench
