// Where an event's stored bytes and its template disagree (spec: "Where the template and the
// data disagree"). These occur in real, unedited game files, so they are findings about the
// template as much as about the file: the viewer shows them, `taescope check` counts them.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "io/byte_reader.h"
#include "templates/event_decoder.h"

namespace taescope {

enum class Disagreement : uint8_t {
    NoTemplate,               // the event's type has no template (counted per event)
    ShortPaddingOnly,         // bytes end before the template does; only zero-asserted/padding fields missing (per event)
    ShortMeaningful,          // bytes end before the template does; a named or unasserted field is missing (per event)
    FloatNotFinite,           // an f32 field holds a NaN or infinity word (per field)
    FloatHoldsInteger,        // an f32 field holds a nonzero subnormal word: an integer such as 180 (per field)
    ValueNotNamed,            // a field with named values holds one no entry names (per field)
    BoolNotZeroOne,           // a bool byte other than 0 or 1 (per field)
    AssertMismatch,           // an asserted field holds another value (per field)
    NonzeroPastTemplate,      // a nonzero byte after the template's last field (per event)
};
inline constexpr size_t kDisagreementKinds = 9;

// "no-template", "short-padding-only", ... (stable identifiers for output and tests).
std::string_view disagreement_id(Disagreement kind);
// One line of explanation, for help texts and report headings.
std::string_view disagreement_description(Disagreement kind);

struct Finding {
    Disagreement kind;
    int field_index = -1;  // index in the template's fields, -1 for whole-event findings
    uint32_t offset = 0;   // byte offset in the parameter bytes the finding is about
    std::string detail;    // e.g. "field 3 'Arg A' (f32 at byte 4) holds 0xFFFFFFFF"
};

// Every disagreement of one event (empty when bytes and template agree).
std::vector<Finding> find_disagreements(const DecodedEvent& event, Bytes params);

using DisagreementCounts = std::array<uint64_t, kDisagreementKinds>;

// Totals over many events: per kind, and per kind and event type.
struct DisagreementTally {
    uint64_t events = 0;                  // events looked at
    uint64_t events_with_template = 0;    // of those, events whose type has a template
    uint64_t fields_read = 0;             // template fields present in the bytes
    uint64_t asserted_fields_read = 0;    // of those, fields with an assert
    uint64_t named_values_read = 0;       // of those, fields with named values (entries)
    DisagreementCounts counts{};          // findings per kind
    DisagreementCounts events_with{};     // events with at least one finding of the kind
    std::map<uint32_t, DisagreementCounts> by_type;  // findings per event type and kind
    std::map<uint32_t, uint64_t> events_by_type;     // events per event type

    void add(const DecodedEvent& event, const std::vector<Finding>& findings);
    void merge(const DisagreementTally& other);
    uint64_t total_findings() const;
    uint64_t count(Disagreement kind) const { return counts[static_cast<size_t>(kind)]; }
};

}  // namespace taescope
