// The proof of layout inference: leave the template out, infer, compare.
//
// For an event type with a template, the layout inferred from its events' bytes alone
// (layout_inference.h) is compared with the template field by field:
//  - a template field is *live* when some event holding it has a non-zero byte in it (a field
//    that is always zero says nothing about its type);
//  - a live field whose bytes are the same in every event the layout was inferred from is
//    *undetermined*: the data cannot tell a u8[4] of 0xFF from an s32 of -1 (the inference says
//    so, layout_inference.h), so it is reported apart and left out of the share, which is the
//    share of the live bytes where the data varies;
//  - a live field *agrees* when an inferred field starts at its offset, is of the same kind
//    (float, or integer: the integers and bool) and decodes the same value on every event. Two
//    integers of different widths decode the same value when the wider one's extra bytes are
//    zero in every event; their sign is a convention the bytes cannot tell (0xFF is -1 as an s8
//    and 255 as a u8), so integers are compared as their stored bits;
//  - a field whose kind the stored values contradict is a *template finding*, left out of the
//    share and reported: an f32 whose non-zero words are mostly small integers or NaNs (no float
//    of magnitude 1e-20 or more reads as an integer below 2^24), a 32-bit integer whose non-zero
//    words all read as such floats, or a 1- or 2-byte field inside such a float word.
// The share is counted in bytes: the live bytes that agree over every live byte.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "inference/layout_inference.h"
#include "templates/event_template.h"

namespace taescope {

enum class FieldVerdict : uint8_t { NotLive, Agrees, Differs, TemplateFinding, Undetermined };
// "not-live", "agrees", "differs", "template-finding", "undetermined"
std::string_view field_verdict_name(FieldVerdict v);

struct FieldComparison {
    uint32_t offset = 0, size = 0;
    FieldType template_type = FieldType::U8;
    std::string name;  // the template field's name
    FieldVerdict verdict = FieldVerdict::NotLive;
    std::string why;  // for Differs and TemplateFinding: what the data or the inferred field say
};

struct TypeComparison {
    int32_t type = 0;
    std::string name;  // the template's
    uint64_t events = 0;
    // live: live where the data varies (undetermined and findings apart)
    uint64_t live_bytes = 0, agreeing_bytes = 0, finding_bytes = 0, undetermined_bytes = 0;
    uint32_t live_fields = 0, agreeing_fields = 0, finding_fields = 0, undetermined_fields = 0;
    std::vector<FieldComparison> fields;  // one per template field, in order
    InferredLayout inferred;              // from the data alone

    uint64_t lost_bytes() const { return live_bytes - agreeing_bytes; }
};

// Compares the layout inferred from `samples` with `templ` (infers it first).
TypeComparison compare_with_template(const TypeSamples& samples, const EventTypeTemplate& templ,
                                     InferenceRules rules = InferenceRules::Full);
// Compares `inferred` (inferred from the events of `from`) with `templ` on the events of `judged`:
// liveness, the kinds the data contradict and the values decoded are judged there, whether a
// field is undetermined on `from`. With `from` and `judged` the same: compare_with_template.
TypeComparison compare_layout_with_template(InferredLayout inferred, const TypeSamples& from, const TypeSamples& judged,
                                            const EventTypeTemplate& templ);

struct GameComparison {
    std::string game;
    uint32_t min_events = 20;
    std::vector<TypeComparison> types;  // types with a template and at least min_events events, by type
    uint64_t live_bytes = 0, agreeing_bytes = 0, finding_bytes = 0, undetermined_bytes = 0;
    uint32_t types_without_template = 0;  // types of the samples the templates do not define
    double share() const { return live_bytes ? double(agreeing_bytes) / double(live_bytes) : 1.0; }
    void add(TypeComparison c);
};

// Every type of the samples that `templates` define and that has at least `min_events` events.
GameComparison compare_with_templates(const EventSamples& samples, const GameTemplates& templates, std::string game,
                                      uint32_t min_events = 20, InferenceRules rules = InferenceRules::Full);

}  // namespace taescope
