#include "open_stages.h"

#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>

#include "adaptive_median.h"
#include "binder/tae_slots.h"
#include "container/bnd4.h"
#include "container/dcx.h"
#include "container/kraken.h"
#include "container/zlib_codec.h"
#include "heap_tracking.h"
#include "io/file_io.h"
#include "tae/tae_reader.h"
#include "templates/builtin_templates.h"
#include "templates/event_decoder.h"
#include "templates/game_detection.h"

namespace taescope::bench {
namespace {


// Publishes p through a volatile, so the compiler must assume the bytes behind it are read
// later and cannot drop a copy into them (portable to wasm, unlike an empty asm statement).
const void* volatile g_escaped = nullptr;
inline void keep_alive(const void* p) { g_escaped = p; }

// The event-file members of a binder, by the same slot rule open_document uses.
std::vector<size_t> tae_member_indices(const Bnd4& binder) {
    std::vector<BinderMemberRef> refs;
    for (const auto& m : binder.members) refs.push_back({m.id, m.name});
    std::vector<size_t> out;
    for (const auto& slot : find_tae_members(refs).tae_members)
        if (!binder.members[slot.member_index].data.empty()) out.push_back(slot.member_index);
    return out;
}

struct ParsedTae {
    std::string member_name;
    TaeFile model;
};

// Decodes every event of every file with its game's templates; returns the number of fields
// decoded (used, so the compiler cannot drop the work).
uint64_t decode_all_events(const std::vector<ParsedTae>& taes) {
    uint64_t fields = 0;
    DecodedEvent d;  // reused, as every whole-file pass does (search, checks)
    for (const auto& t : taes) {
        GameClues clues;
        clues.tae_version = t.model.header.version;
        clues.event_bank = t.model.header.event_bank;
        clues.binder_member_path = t.member_name;
        const GameGuess game = detect_game(clues);
        const GameTemplates* templates = game.game.empty() ? nullptr : builtin_templates(game.game);
        for (const auto& a : t.model.animations)
            for (const auto& e : a.events) {
                decode_event_into(d, templates, uint32_t(e.type), t.model.parameters(e));
                fields += d.fields.size() + (d.raw.empty() ? 0 : 1);
            }
    }
    return fields;
}

}  // namespace

std::vector<OpenStageInput> open_stage_inputs(const std::string& corpus_dir, const std::string& generated_dir) {
    std::vector<OpenStageInput> inputs;
    for (const char* rel :
         {"ds3/c0000.anibnd.dcx", "sekiro/c0000.anibnd.dcx", "sekiro/c1130.anibnd.dcx", "sekiro/c5070.anibnd.dcx",
          "sekiro/c1451.krak.anibnd.dcx", "eldenring/c2100.anibnd.dcx", "eldenring/c5051.anibnd.dcx",
          "eldenring/c3010.anibnd.dcx", "eldenring/c4310.anibnd.dcx", "eldenring/c1000.krak.anibnd.dcx",
          "eldenring/c3000.krak.anibnd.dcx", "eldenring/c3061.krak.anibnd.dcx", "eldenring/c5780.krak.anibnd.dcx",
          "ac6/c0100.anibnd.dcx"}) {
        const std::string path = corpus_dir + "/" + rel;
        if (read_file(path).ok()) inputs.push_back({rel, path});
    }
    for (const auto& [scale, label] : {std::pair{"sekiro", "generated Sekiro-scale c0000.anibnd.dcx"},
                                       std::pair{"eldenring", "generated Elden Ring-scale c0000.anibnd.dcx"}}) {
        const std::string path = generated_dir + "/" + scale + "/c0000.anibnd.dcx";
        if (read_file(path).ok()) inputs.push_back({label, path});
    }
    return inputs;
}

OpenStageReport measure_open_stages(const OpenStageInput& input, double budget) {
    OpenStageReport r;
    r.label = input.label;
    r.path = input.path;
    auto file = read_file(input.path);
    if (!file.ok()) {
        r.error = file.error().to_string();
        return r;
    }
    const Bytes bytes(*file);
    r.file_bytes = bytes.size();

    // The built-in templates are parsed once per process, on first use: parsed here, so that no
    // input's peak depends on whether it happened to be opened first.
    for (const auto& game : builtin_template_games()) (void)builtin_templates(game);

    // One sequential pass with the heap counted: this is also the correctness check. The Kraken
    // decoder's scratch arena, kept from an earlier input of this process, is freed first so
    // that this input's arena is counted.
    kraken_release_scratch();
    heap_tracking_start();
    {
        auto dcx = dcx_read(bytes);
        if (!dcx.ok()) {
            heap_tracking_stop();
            r.error = dcx.error().to_string();
            return r;
        }
        r.live_after_decompress = heap_tracking_live();
        auto binder = bnd4_read_shared(dcx->payload);  // as the app opens it: members are windows
        r.live_after_bnd4 = heap_tracking_live();
        if (!binder.ok()) {
            heap_tracking_stop();
            r.error = "BND4: " + binder.error().to_string();
            return r;
        }
        std::vector<ParsedTae> taes;
        for (size_t index : tae_member_indices(*binder)) {
            auto model = read_tae_shared(binder->members[index].data);
            if (model.ok()) taes.push_back({binder->members[index].name, std::move(model).value()});
        }
        r.decoded_fields = decode_all_events(taes);
        r.ready_heap = heap_tracking_live();
        heap_tracking_stop();
        r.peak_heap = heap_tracking_peak();

        r.method = dcx->info.fourcc.empty() ? "none" : dcx->info.fourcc;
        r.decompressed_bytes = dcx->payload.size();
        r.members = binder->members.size();
        r.tae_files = taes.size();
        for (const auto& t : taes) r.events += t.model.event_count();

        // Now each stage on its own, from the previous stage's output.
        std::vector<uint8_t> copy(dcx->payload.size());
        r.memcpy_payload = adaptive_median(budget, r.repeats, [&] {
            std::memcpy(copy.data(), dcx->payload.data(), copy.size());
            keep_alive(copy.data());
        });
        r.decompress = adaptive_median(budget, r.repeats, [&] { (void)dcx_read(bytes); });
        if (dcx->info.method == CompressionMethod::Deflate) {
            const Bytes stream = dcx->info.compressed;
            const size_t size = dcx->payload.size();
            r.dflt_inflate = adaptive_median(budget, r.repeats, [&] { (void)zlib_inflate_exact(stream, size); });
            // The peer: zlib alone, as a plain program would call it, into a fresh (not zero-filled) buffer.
            r.zlib_inflate = adaptive_median(budget, r.repeats, [&] {
                std::unique_ptr<uint8_t[]> out(new uint8_t[size + 1]);
                uLongf produced = uLongf(size + 1);
                int code = uncompress(out.get(), &produced, stream.data(), uLong(stream.size()));
                if (code != Z_OK || produced != size) r.error = "zlib uncompress disagrees with the DCX header";
                keep_alive(out.get());
            });
        }
        r.bnd4_parse = adaptive_median(budget, r.repeats, [&] { (void)bnd4_read_shared(dcx->payload); });
        const std::vector<size_t> members = tae_member_indices(*binder);
        r.tae_parse = adaptive_median(budget, r.repeats, [&] {
            for (size_t index : members) (void)read_tae_shared(binder->members[index].data);
        });
        uint64_t fields = 0;
        r.template_decode = adaptive_median(budget, r.repeats, [&] { fields = decode_all_events(taes); });
        if (fields != r.decoded_fields) r.error = "template decode is not deterministic";
    }
    return r;
}

std::string open_stage_tsv_header() {
    return "label\tpath\tmethod\tfile_bytes\tdecompressed_bytes\tevents\trepeats\tmemcpy\tdecompress\t"
           "dflt_inflate\tzlib_inflate\tbnd4_parse\ttae_parse\ttemplate_decode\tpeak_heap\tready_heap\tlive_after_decompress\t"
           "live_after_bnd4\terror";
}

std::string open_stage_tsv_line(const OpenStageReport& r) {
    char numbers[512];
    std::snprintf(numbers, sizeof numbers,
                  "%llu\t%llu\t%llu\t%d\t%.9f\t%.9f\t%.9f\t%.9f\t%.9f\t%.9f\t%.9f\t%lld\t%lld\t%lld\t%lld",
                  (unsigned long long)r.file_bytes, (unsigned long long)r.decompressed_bytes,
                  (unsigned long long)r.events, r.repeats, r.memcpy_payload, r.decompress, r.dflt_inflate, r.zlib_inflate, r.bnd4_parse,
                  r.tae_parse, r.template_decode, (long long)r.peak_heap, (long long)r.ready_heap,
                  (long long)r.live_after_decompress, (long long)r.live_after_bnd4);
    return r.label + "\t" + r.path + "\t" + r.method + "\t" + numbers + "\t" + r.error;
}

}  // namespace taescope::bench
