// Event layouts inferred from the data: for one event type of one game, from the parameter
// bytes of all its events, where the fields are and what they hold (f32, s32/u32, s16/u16,
// s8/u8, bool, padding, or bytes nothing explains), each with its evidence and a confidence
// that follows from that evidence.
//
// The rules are general, learned from what the community templates teach about this format
// (checked over the built-in templates of SDT, ER, NR and DS3), never a table of types:
//  - fields are naturally aligned: every f32 and 32-bit integer of the templates starts at a
//    multiple of 4 and every 16-bit one at a multiple of 2 (4 exceptions in 2,400 fields), so a
//    layout is a sequence of 4-byte words, each one field or split into 2- and 1-byte fields;
//  - a float and a small integer never share bits: a non-zero word that reads as a finite float
//    of magnitude 1e-20 to 1e10 is, as an integer, at least 2^24 in magnitude, and an integer
//    below 2^24 in magnitude is, as a float, a subnormal or (negative) a NaN;
//  - people type values in decimal: of two readings of the same bits, the one with the shorter
//    decimals (significant digits, trailing zeros not counted) is the typed one. A word is f32
//    when its non-zero values read as such floats, none as a small integer, and they read
//    shorter as floats (0.25) than as integers (1048576000); a sound id 1004000000 reads
//    shorter as an integer than as the float 0.0066 it also is. Two parts of a word are two
//    fields when, event by event, they read shorter apart (30 and 60) than together (15390),
//    by two digits or by one when both parts are flags or small enums;
//  - an integer stores its sign in every byte above its value: -1 is FF FF FF FF, so a 0xFF
//    byte above a byte whose top bit is clear is two fields, and bytes equal in every event
//    and 0xFF in some are one (the sign extension); zero and -1 say nothing either way;
//  - a byte that only holds 0 and 1 is a bool, a field that is zero in every event is padding;
//  - a field whose bytes are the same non-zero value in every event is a constant of
//    undetermined width: FF FF FF FF is an s32 -1, two s16 -1 or four u8 255, and nothing in the
//    data tells which, so it is never typed with confidence (low, with what it could be); a
//    field of 2 bytes or more holding only 0 and -1 keeps its type, with low confidence and the
//    readings -1 could have (0 and -1 read the same at every width).
// Fields past the shortest stored length are judged on the events long enough to hold them.
//
// Deterministic: only counts of values and lengths are used, never the order of the events.
// Fast: one pass per word over flat columns (event_samples.h), one scratch buffer per call.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "inference/event_samples.h"

namespace taescope {

enum class InferredType : uint8_t { F32, S32, U32, S16, U16, S8, U8, Bool, Pad, Bytes, Constant };
// "f32", "s32", ..., "bool", "pad", "bytes", "const" (the same non-zero bytes in every event)
std::string_view inferred_type_name(InferredType t);
bool inferred_type_is_float(InferredType t);
bool inferred_type_is_integer(InferredType t);  // the integers and bool

// How far the evidence carries a field's type: Low when few events hold it or it takes few
// values (one event, a constant, a flag set once), High when many events and values agree.
enum class InferenceConfidence : uint8_t { High, Medium, Low };
std::string_view inference_confidence_name(InferenceConfidence c);  // "high", "medium", "low"

struct InferredField {
    uint32_t offset = 0;
    uint32_t size = 0;
    InferredType type = InferredType::Bytes;
    bool constant = false;  // every event holding it stores the same non-zero value (type Constant)
    // For a constant: its width and type are undetermined; the readings it could be, e.g.
    // "s32 -1, s16 -1 + s16 -1 or 4 x u8 255 255 255 255". For a field holding only 0 and -1:
    // the readings of -1. Empty otherwise.
    std::string could_be;
    InferenceConfidence confidence = InferenceConfidence::Low;

    // The evidence, over the events whose bytes hold the whole field.
    uint64_t events = 0;
    uint64_t nonzero = 0;     // events where it is not zero
    uint64_t distinct = 0;    // distinct values
    double min = 0, max = 0;  // as the type reads (pad and bytes: the raw little-endian value)
    std::vector<std::pair<uint64_t, uint64_t>>
        common;          // up to 4 (raw bits, events), most frequent first, ties by value
    std::string reason;  // which rule decided, in a few words

    // The value of the field in `params` as text, as the type reads it ("" when it does not fit).
    std::string value_text(Bytes params) const;
};

struct InferredLayout {
    int32_t type = 0;
    uint64_t events = 0;
    std::vector<std::pair<uint32_t, uint64_t>> lengths;  // (stored length, events), by length
    uint32_t min_length = 0, max_length = 0;
    std::vector<InferredField> fields;  // in offset order, covering [0, max_length) without gaps

    // The field that starts at `offset`, or nullptr.
    const InferredField* field_at(uint32_t offset) const;
};

// Which rules: Full (the rules above), or WordByWord, the simple heuristic the rules are measured
// against (every 4-byte word zero: pad, floats: f32, else s32; no split, no narrower field).
enum class InferenceRules : uint8_t { Full, WordByWord };

// Infers one type's layout. `from_offset` skips the bytes before it (a template's end, to infer
// only its tail); the first fields then fill the bytes up to the next multiple of 4.
InferredLayout infer_layout(const TypeSamples& samples, uint32_t from_offset = 0,
                            InferenceRules rules = InferenceRules::Full);

// Every type of the samples, by ascending type.
std::vector<InferredLayout> infer_layouts(const EventSamples& samples);

// A float word: finite, of magnitude 1e-20 to 1e10 (and not zero).
bool word_reads_as_float(uint32_t bits);
// A small integer: below 2^24 in magnitude as an s32 (and not zero).
bool word_reads_as_small_integer(uint32_t bits);

}  // namespace taescope
