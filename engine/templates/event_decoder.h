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

#include <cstddef>
#include <cstdint>
#include <optional>
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

struct DecodedEvent;
void decode_event_into(DecodedEvent& out, const GameTemplates* templates, uint32_t type, Bytes params);

// An event's fields, one per template field in order. Only the values are stored; each
// DecodedField is put together on access from the template (field, offset, size) and from how
// many fields the bytes hold (the missing ones are always the last). A pass over every event
// thus writes 8 bytes per field instead of a 32-byte record.
class DecodedFields {
public:
    class iterator {
    public:
        using value_type = DecodedField;
        using difference_type = std::ptrdiff_t;
        iterator() = default;
        iterator(const DecodedFields* owner, size_t i) : owner_(owner), i_(i) {}
        DecodedField operator*() const { return (*owner_)[i_]; }
        iterator& operator++() {
            ++i_;
            return *this;
        }
        iterator operator++(int) {
            iterator old = *this;
            ++i_;
            return old;
        }
        bool operator==(const iterator& o) const { return i_ == o.i_; }

    private:
        const DecodedFields* owner_ = nullptr;
        size_t i_ = 0;
    };

    size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    size_t present_count() const { return present_; }
    // The stored bits of present field i (i < present_count()), without assembling a DecodedField.
    uint64_t raw(size_t i) const { return values_[i]; }
    DecodedField operator[](size_t i) const {
        const TemplateField& f = fields_[i];
        const bool present = i < present_;
        return DecodedField{&f, f.offset, f.size, present, present ? values_[i] : 0};
    }
    iterator begin() const { return iterator(this, 0); }
    iterator end() const { return iterator(this, count_); }

private:
    friend void decode_event_into(DecodedEvent&, const GameTemplates*, uint32_t, Bytes);
    const TemplateField* fields_ = nullptr;
    uint32_t count_ = 0, present_ = 0;
    std::vector<uint64_t> values_;  // the first present_ are the present fields' values
};

struct DecodedEvent {
    uint32_t type = 0;
    const EventTypeTemplate* templ = nullptr;  // nullptr: no template for this type
    DecodedFields fields;                      // one per template field, in order
    uint32_t raw_offset = 0;                   // bytes [raw_offset, end) are covered by no present field
    Bytes raw;                                 // those bytes (past the template, or from a partly stored field)

    size_t missing_count() const { return fields.size() - fields.present_count(); }
};

// `templates` may be nullptr (no game known): then every event is raw bytes.
DecodedEvent decode_event(const GameTemplates* templates, uint32_t type, Bytes params);
// The same into `out`, reusing its field storage: for passes over every event of a file.
void decode_event_into(DecodedEvent& out, const GameTemplates* templates, uint32_t type, Bytes params);

// The whole text as a number: decimal ("-1", "0.5", "1e+06") or 0x hex ("0x1F"); nothing when
// any of it is not part of the number. How a value search reads its query and field values.
std::optional<double> parse_number_text(const std::string& text);

// Whether the field's value, as value_text() writes it and read back by parse_number_text,
// equals `number`. The same answer as comparing that text, which is only written where it can
// matter: an integer's text is its decimal value and a non-finite float's is 0x hex of its bits,
// so both compare as numbers; a finite float's text is written only when the float is within a
// millionth of `number`; a one-byte array's text ("12") is read; longer arrays never read as one.
bool value_text_equals_number(const DecodedField& field, Bytes params, double number);

// What a field's type, size and stored bits alone say about value_text_equals_number: Yes or
// No, or ByText when only the text can tell (finite floats within a millionth, one-byte
// arrays). For passes over every field of a file, which then assemble a DecodedField
// for ByText only.
enum class NumberMatch : uint8_t { No, Yes, ByText };
NumberMatch raw_matches_number(FieldType type, uint32_t size, uint64_t raw, double number);

// Writes `raw` (a scalar field's bits, e.g. from parse_field_value) into the field's bytes.
// Fails, changing nothing, when the field is a byte array or lies past the end of `params`.
Status encode_field(std::span<uint8_t> params, const TemplateField& field, uint64_t raw);
// Writes a byte array field (or any field's bytes verbatim); `bytes` must be field.size long.
Status encode_field_bytes(std::span<uint8_t> params, const TemplateField& field, Bytes bytes);
// Parses `text` for the field and writes it: the edit a UI makes when a value is typed in.
Status set_field_from_text(std::span<uint8_t> params, const TemplateField& field, std::string_view text);

}  // namespace taescope
