// The TAE validator reports, and never refuses, where a file departs from what the spec proves
// of every real file (header constants, ascending numbers, animation-group runs, times tables,
// order and packing, padding, the parameter-offset rule, the repeated animation count), and the
// observed irregularities a user should see (an event starting one frame early, ending before it
// starts, an open f32-max end, zero length, imports naming a number the file does not hold).
//
// Severity: error = a Proven rule is broken (a game-made file never does this; the game may
// misread it); warning = unusual, seen rarely or never in game files; info = worth knowing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"
#include "tae/tae_model.h"

namespace taescope {

enum class TaeSeverity : uint8_t { Error, Warning, Info };
const char* severity_name(TaeSeverity s);

struct TaeFinding {
    TaeSeverity severity = TaeSeverity::Info;
    std::string code;     // stable identifier, e.g. "times-table", "end-before-start"
    std::string message;  // one sentence for the user
    int64_t animation = -1;  // table index, or -1
    int64_t event = -1;      // event index within the animation, or -1
    uint64_t offset = Error::kNoOffset;  // byte offset in the file, when the finding is about bytes

    std::string to_string() const;
};

// Reads `data` and checks both the stored layout and the model. An unreadable file gives a
// single error finding "unreadable" carrying the reader's error.
std::vector<TaeFinding> validate_tae(Bytes data);

// The checks that need only the model (usable on an edited model before writing it).
std::vector<TaeFinding> validate_tae_model(const TaeFile& file);

}  // namespace taescope
