// Open-to-ready of a whole binder, stage by stage: the same code is compiled into the native
// benchmark (bench_open.cpp) and into the wasm module run by Node (bench/wasm/open_stages_entry.cpp),
// so the two builds time exactly the same work on exactly the same bytes.
//
// The stages, as the app runs them when a file is dropped:
//   decompress       dcx_read: the DCX header and zlib inflate or Kraken decode of the payload
//   BND4 parse       bnd4_read_shared of the payload (members are windows into it)
//   TAE parse        read_tae_shared of every event-file member (the slot rule of binder/tae_slots.h):
//                    events view their parameter bytes in the member, as the app reads them
//   template decode  decode_event of every event with the templates of the detected game
// Each stage is timed on its own (median of repeats), starting from the previous stage's output.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/byte_reader.h"

namespace taescope::bench {

struct OpenStageInput {
    std::string label;  // "sekiro/c0000.anibnd.dcx", "generated Elden Ring-scale c0000.anibnd.dcx"
    std::string path;
};

// The corpus binders (those present under corpus_dir) and the generated binders (those present
// under generated_dir: sekiro/c0000.anibnd.dcx and eldenring/c0000.anibnd.dcx, which bench/run
// writes with `taescope generate --anibnd`).
std::vector<OpenStageInput> open_stage_inputs(const std::string& corpus_dir, const std::string& generated_dir);

struct OpenStageReport {
    std::string label;
    std::string path;
    std::string error;   // non-empty: the input did not open; nothing else is meaningful
    std::string method;  // "DFLT", "KRAK", ...
    uint64_t file_bytes = 0;
    uint64_t decompressed_bytes = 0;
    uint64_t members = 0;
    uint64_t tae_files = 0;
    uint64_t events = 0;
    uint64_t decoded_fields = 0;
    int repeats = 0;

    // Median seconds per stage, and of the peer: memcpy of the decompressed bytes.
    double memcpy_payload = 0;
    double decompress = 0;
    // DFLT inputs only (0 otherwise): our inflate of the stored stream alone (zlib_inflate_exact:
    // libdeflate), and its peer, zlib's uncompress() of the same stream into a fresh buffer.
    double dflt_inflate = 0;
    double zlib_inflate = 0;
    double bnd4_parse = 0;
    double tae_parse = 0;
    double template_decode = 0;
    double after_decompression() const { return bnd4_parse + tae_parse + template_decode; }
    // What the page itself runs after decompression before it draws (DocumentOpener): the binder
    // table and every event file. Templates decode per event shown (timeline labels, Inspector)
    // or searched, not at open.
    double page_open_after_decompression() const { return bnd4_parse + tae_parse; }

    // Heap (heap_tracking.h) during one sequential pass of the stages, the input file not counted:
    // the peak, and what stays live once everything is open (the decompressed payload, the binder
    // table, the TAE models, whose events view their bytes in the payload; decoded events are
    // temporaries). A payload of 256 KiB or more comes from aligned_alloc (huge pages,
    // io/shared_bytes.cpp), which the counting of operator new does not see.
    int64_t peak_heap = 0;
    int64_t ready_heap = 0;
    int64_t live_after_decompress = 0;  // the payload, plus the DCX header and compressed bytes kept for export
    int64_t live_after_bnd4 = 0;        // plus the binder's table (members are windows into the payload)
};

// Times every stage of one input. `time_budget_seconds` bounds how long each stage is repeated
// (at least 3 and at most 51 repeats).
OpenStageReport measure_open_stages(const OpenStageInput& input, double time_budget_seconds);

// One line per report, tab-separated, for the native/wasm comparison (bench/wasm/compare_open_stages.mjs):
// label path method file_bytes decompressed_bytes events repeats memcpy decompress dflt_inflate zlib_inflate bnd4 tae decode peak
// ready error
std::string open_stage_tsv_header();
std::string open_stage_tsv_line(const OpenStageReport& r);

}  // namespace taescope::bench
