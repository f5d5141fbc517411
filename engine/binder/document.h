// A Document: one opened file as the whole app and the CLI see it. The layers, outermost first:
//   the wrapper (DCX / DCP / bare zlib / none)  ->  the payload (BND4, BND3, or a loose TAE)
//   ->  the binder's event files (TAE members, each parsed on its own)  ->  clip members.
// A parse error in one TAE member is recorded on that member; the others still open.
// export_document() writes everything back: unchanged members, payload and compressed bytes
// come back byte-identical.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "binder/animation_names.h"
#include "binder/tae_slots.h"
#include "container/bnd3.h"
#include "container/bnd4.h"
#include "container/dcx.h"
#include "container/zlib_codec.h"
#include "io/result.h"
#include "tae/tae_model.h"

namespace taescope {

enum class PayloadKind { Bnd4, Bnd3, Tae, Unknown };
const char* payload_kind_name(PayloadKind kind);

inline constexpr size_t kNoMember = ~size_t{0};

struct DocumentTae {
    TaeSlot slot;                // member index, ID, slot, group (member_index = kNoMember for a loose TAE)
    std::string name;            // the member's full name (or the document name for a loose TAE)
    std::optional<TaeFile> tae;  // the parsed file, when it parsed
    std::optional<Error> error;  // why it did not
    bool modified = false;       // export re-serialises `tae` only when set

    // The full animation number of a record of this file (group files store numbers within the group).
    uint64_t full_number(const TaeAnimation& a) const { return slot.number_offset + a.number; }
};

struct ClipMatch {
    size_t member_index = 0;
    ClipName clip;
    size_t tae_index = kNoMember;        // into Document::taes, when a record of that number exists
    size_t animation_index = kNoMember;  // into that TAE's animations
};

struct Document {
    std::string name;
    DcxFile container;  // wrapper info and the decompressed payload as read
    PayloadKind kind = PayloadKind::Unknown;
    std::optional<Bnd4> bnd4;
    std::optional<Bnd3> bnd3;
    TaeSlotScan slots;               // the slot rule applied to the binder
    std::vector<DocumentTae> taes;   // the event files, in member order
    std::vector<ClipMatch> clips;    // .hkx clip members and the records they belong to
    std::vector<std::string> notes;  // what a reader should know: layout deviations, "no TAE", ...

    bool has_tae() const { return !taes.empty(); }
    size_t animation_count() const;
    size_t event_count() const;
};

// Opens any supported file. Fails only when the wrapper or the binder cannot be read.
Result<Document> open_document(Bytes file, std::string name, const DcxLimits& limits = {});

// The same opening in steps, so that a UI can draw its progress between them (the browser
// page stays responsive while a 70 MB binder opens): decompression (one step), the binder's
// table, then the event files, each in units of whole animations (kRecordsPerUnit records).
// open_document() is this run to the end.
//   DocumentOpener opener(bytes, name);       // `bytes` must outlive the opener
//   while (!opener.step(0.02)) draw(opener.progress(), opener.stage_text());
//   Result<Document> doc = opener.take();
// The page decodes the wrapper in a Web Worker (web/worker/): there an opener is stepped through
// the Decompress stage only and take_container() hands the payload over; on the page's main
// thread an opener given that payload reads the wrapper without decoding it again.
class TaeStepReader;  // tae/tae_reader.h

class DocumentOpener {
public:
    enum class Stage : uint8_t { Decompress, Container, EventFiles, Done, Failed };
    static const char* stage_name(Stage stage);  // "decompressing", "reading the binder", ...

    // What the steps did, for a caller that must show its work was bounded without relying on
    // how fast the machine is: each step's budget, its units of work (an inflate slice, the
    // binder's table, a piece of an event file), and when its last unit began: a step begins no unit
    // after its budget is spent, so for a step of several units that time is within the budget.
    struct StepRecord {
        double budget_seconds = 0;
        uint32_t units = 0;
        double last_unit_began_seconds = 0;  // after the step's start, by the opener's clock
        double seconds = 0;                  // the whole step
    };
    struct StageRecord {
        Stage stage;
        uint32_t steps = 0;  // steps that did work in this stage
        uint32_t units = 0;
        // Event files: the most event and group records one unit read (kRecordsPerUnit, or one
        // animation that holds more: an animation is never split).
        uint64_t most_records_in_a_unit = 0;
    };
    // An event file is read in units of whole animations holding up to this many event and group
    // records (a Sekiro-scale file of 5,500 events took 25-39 ms in wasm as one unit, more than the
    // page's step budget by itself; at ~6 us a record in wasm, 512 records are ~3 ms, the most a
    // step can run past its budget).
    static constexpr uint64_t kRecordsPerUnit = 512;
    const std::vector<StepRecord>& step_log() const { return step_log_; }
    // The stages the open went through, in order, with the work each took.
    const std::vector<StageRecord>& stage_log() const { return stage_log_; }
    // The clock the step budget is measured by (seconds; steady_clock by default). A caller
    // with its own clock (the page's performance.now) or a test of the budget rule passes one.
    using Clock = double (*)(void* context);
    void set_clock(Clock clock, void* context) {
        clock_ = clock;
        clock_context_ = context;
    }

    DocumentOpener(Bytes file, std::string name, const DcxLimits& limits = {});
    // `decoded_payload`: the payload of the DCX / DCP file `file`, decoded elsewhere (by an
    // opener's Decompress stage on the same bytes); its wrapper is read as dcx_read_decoded does
    // (the opener owns the file: its buffer becomes the container's compressed bytes).
    DocumentOpener(std::vector<uint8_t> file, std::string name, std::vector<uint8_t> decoded_payload,
                   const DcxLimits& limits = {});
    ~DocumentOpener();
    DocumentOpener(const DocumentOpener&) = delete;
    DocumentOpener& operator=(const DocumentOpener&) = delete;
    // Works for about `budget_seconds` (at least one step); true once Done or Failed.
    bool step(double budget_seconds);
    Stage stage() const { return stage_; }
    double progress() const;         // 0 .. 1
    std::string stage_text() const;  // "reading event file 12 of 640"
    // The document (or the error), once step() returned true.
    Result<Document> take();
    // The wrapper and its decoded payload (or the error, exactly as take() would give it), once
    // the Decompress stage is over: step(0) until stage() != Stage::Decompress. The opener is
    // spent afterwards.
    Result<DcxFile> take_container();
    // Inflates a DFLT payload in one step (libdeflate, several times faster than zlib's slices)
    // instead of slices of kInflateSlice: for a caller off the page's main thread, such as the
    // decode worker, where one long step freezes nothing. Call before the first step().
    void inflate_in_one_step() { inflate_whole_ = true; }

private:
    void read_container();
    void read_binder();
    void fail(Error error);
    SharedBytes event_file_bytes(const DocumentTae& t) const;  // shared with the parsed file
    uint64_t event_file_size(const DocumentTae& t) const;

    // Bytes of output per inflate step: ~10-15 ms in wasm, so that a step fits a frame's budget
    // (4 MiB took ~55 ms in headless Chromium, more than twice the page's step budget).
    static constexpr uint64_t kInflateSlice = 1u << 20;
    bool inflate_whole_ = false;  // inflate_in_one_step()

    Bytes file_;
    DcxLimits limits_;
    std::optional<DcxDeferredInflate> deferred_;  // a DFLT payload inflated in slices by inflater_
    std::unique_ptr<ZlibExactInflater> inflater_;
    // Decoded elsewhere: only the wrapper is read, from the file the opener owns.
    std::optional<std::vector<uint8_t>> decoded_payload_;
    std::vector<uint8_t> owned_file_;
    Document doc_;
    Stage stage_ = Stage::Decompress;
    Error error_;
    size_t next_event_file_ = 0;
    std::unique_ptr<TaeStepReader> event_file_reader_;  // doc_.taes[next_event_file_], begun
    void read_event_file_unit();
    uint64_t event_bytes_total_ = 0, event_bytes_done_ = 0;
    Clock clock_ = nullptr;
    void* clock_context_ = nullptr;
    std::vector<StepRecord> step_log_;
    std::vector<StageRecord> stage_log_;
    double now_seconds() const;
    void note_unit(Stage stage, bool first_of_step);
};

// Replaces the stored bytes of binder member `member_index` (re-parsing it when it is a TAE).
Status replace_member_data(Document& doc, size_t member_index, std::vector<uint8_t> data);
// Replaces the model of event file `tae_index`; export writes it with the TAE writer.
void replace_tae(Document& doc, size_t tae_index, TaeFile model);

struct ExportOptions {
    bool deflate_instead_of_kraken = false;  // write a KRAK original as DCX_DFLT_11000_44_9
};

// The payload as it would be written now (the binder with every modified TAE re-serialised).
Result<std::vector<uint8_t>> export_payload(const Document& doc);
// The whole file.
Result<std::vector<uint8_t>> export_document(const Document& doc, const ExportOptions& options = {});

}  // namespace taescope
