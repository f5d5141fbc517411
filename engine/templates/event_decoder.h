// Event parameter bytes <-> typed fields, through a template.
//
// Decoding never fails: fields that lie wholly inside the bytes are read; the first field that
// does not fit and every one after it are "missing"; every byte that no present field covers
// (past the template, or a partly stored field) is shown raw. An event whose type has no
// template is all raw bytes.
//
// Encoding writes one field's bytes in place and touches nothing else, so other fields, the
// bytes past the template and the trailing alignment stay exactly as they were read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"
#include "templates/event_template.h"

namespace taescope {

struct DecodedField {
    const TemplateField* field = nullptr;  // the template's field
    uint32_t offset = 0;                   // byte range [offset, offset + size) in the parameter bytes
    uint32_t size = 0;
    bool present = false;  // false: the parameter bytes end before this field does
    uint64_t raw = 0;      // the stored bits, zero-extended (scalars only; 0 when missing)

    const NamedValue* named() const { return present && field ? field->entry_for(raw) : nullptr; }
    // The value as text ("-1", "0.5", "0xFFFFFFFF" for a non-finite float, hex bytes for arrays).
    std::string value_text(Bytes params) const;
};

struct DecodedEvent {
    uint32_t type = 0;
    const EventTypeTemplate* templ = nullptr;  // nullptr: no template for this type
    std::vector<DecodedField> fields;          // one per template field, in order
    uint32_t raw_offset = 0;                   // bytes [raw_offset, end) are covered by no present field
    Bytes raw;                                 // those bytes (past the template, or from a partly stored field)

    size_t missing_count() const;
};

// `templates` may be nullptr (no game known): then every event is raw bytes.
DecodedEvent decode_event(const GameTemplates* templates, uint32_t type, Bytes params);
// The same into `out`, reusing its field storage: for passes over every event of a file.
void decode_event_into(DecodedEvent& out, const GameTemplates* templates, uint32_t type, Bytes params);

// Writes `raw` (a scalar field's bits, e.g. from parse_field_value) into the field's bytes.
// Fails, changing nothing, when the field is a byte array or lies past the end of `params`.
Status encode_field(std::span<uint8_t> params, const TemplateField& field, uint64_t raw);
// Writes a byte array field (or any field's bytes verbatim); `bytes` must be field.size long.
Status encode_field_bytes(std::span<uint8_t> params, const TemplateField& field, Bytes bytes);
// Parses `text` for the field and writes it: the edit a UI makes when a value is typed in.
Status set_field_from_text(std::span<uint8_t> params, const TemplateField& field, std::string_view text);

}  // namespace taescope
