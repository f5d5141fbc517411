// Reading a 64-bit TAE file (0x1000D Sekiro / Elden Ring, 0x1000C Dark Souls III) into the model.
//
// Every offset, count and length is checked against the buffer before use; an out-of-bounds
// structure is an error naming its byte offset, the structure ("animation 3 (number 4010) >
// event 7") and what was expected versus found. Departures from what the spec only *observed*
// (an unusual parameter offset, odd group or name offsets, unsorted numbers) are read as far as
// possible and left to the validator (tae_validator.h) to report.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"
#include "io/shared_bytes.h"
#include "tae/tae_model.h"

namespace taescope {

// Where the reader found things: the offsets as stored, for the validator and for tools that
// point at bytes. Filled only when the caller asks for it.
struct TaeEventLayout {
    uint64_t header_offset = 0;     // the 24-byte event header
    uint64_t start_offset = 0;      // where its start time was read
    uint64_t end_offset = 0;        // where its end time was read
    uint64_t data_offset = 0;       // the 16-byte event data record
    uint64_t parameter_offset = 0;  // as stored (data + 16, or 0)
};

struct TaeGroupLayout {
    uint64_t header_offset = 0;
    uint64_t count = 0;
    uint64_t values_offset = 0;
    uint64_t type_offset = 0;
};

struct TaeAnimationLayout {
    uint64_t table_entry_offset = 0;
    uint64_t body_offset = 0;
    uint64_t events_offset = 0;
    uint64_t groups_offset = 0;
    uint64_t times_offset = 0;
    uint64_t mini_header_offset = 0;
    uint64_t header_record_offset = 0;  // the pointer word of the mini header block
    uint64_t name_offset = 0;
    uint32_t event_count = 0;
    uint32_t group_count = 0;
    uint64_t times_count = 0;
    size_t first_event = 0;  // index into TaeLayout::events
    size_t first_group = 0;  // index into TaeLayout::groups
};

struct TaeLayout {
    std::vector<TaeAnimationLayout> animations;
    std::vector<TaeEventLayout> events;
    std::vector<TaeGroupLayout> groups;
};

// Reads a TAE buffer. `layout`, when given, receives the stored offsets. The file keeps
// `source` (TaeFile::source) and its events view their parameter bytes in it: pass a binder
// member's window and nothing is copied.
Result<TaeFile> read_tae_shared(SharedBytes source, TaeLayout* layout = nullptr);
// The same reading in pieces, so that a caller can bound each piece's work (the page's document
// opener reads a large event file over several steps and draws between them): the header, names
// and animation table with the first piece, then whole animations until a piece has read
// `record_budget` event and group records (at least one animation each; one is never split).
// The file and the errors are exactly read_tae_shared's.
//   TaeStepReader reader(bytes);
//   while (!reader.step(1024)) draw();
//   Result<TaeFile> file = reader.take();
class TaeStepReader {
public:
    explicit TaeStepReader(SharedBytes source);
    ~TaeStepReader();
    TaeStepReader(TaeStepReader&&) noexcept;
    TaeStepReader& operator=(TaeStepReader&&) noexcept;
    // Reads one piece; true once the file is read to its end or failed.
    bool step(uint64_t record_budget);
    uint64_t records_read() const;      // event and group records read so far
    uint64_t records_declared() const;  // as the animations' bodies count them (known after the first step)
    // The file (or its error), once step() returned true; a second take() is an error.
    Result<TaeFile> take();

private:
    struct State;
    std::unique_ptr<State> state_;
};

// The same for a caller that has only a view of the bytes: they are copied once, whole, into a
// buffer the file owns.
Result<TaeFile> read_tae(Bytes data, TaeLayout* layout = nullptr);

}  // namespace taescope
