// Event templates: what the parameter bytes of each event type mean, per game.
//
// The TAE format stores an event as a type number plus raw parameter bytes; the meaning of
// those bytes lives outside the file, in templates the community maintains (Smithbox,
// DSAnimStudio). A template lists an event type's fields in byte order with no alignment
// (spec: "The fields follow each other with no alignment"), each a bool byte, an integer of
// 1, 2, 4 or 8 bytes, a 32-bit float or a fixed byte array, optionally with a value it must
// hold (assert), a default, named common values (entries) and the param table it refers to.
//
// Values are kept as raw little-endian bits (`uint64_t`, zero-extended) typed by the field,
// so that asserts, entries and edits compare and write exactly the stored bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/result.h"

namespace taescope {

enum class FieldType : uint8_t { Bool, S8, U8, S16, U16, S32, U32, S64, U64, F32, Bytes };

// "b", "s8", ..., "f32", "bytes" (the spelling of our text format and of both XML dialects,
// except that the XML dialects spell byte arrays differently).
std::string_view field_type_name(FieldType type);
std::optional<FieldType> field_type_from_name(std::string_view name);
// Size in bytes of a scalar type (Bytes: 0, its size is the field's own).
uint32_t scalar_size(FieldType type);
bool is_signed_integer(FieldType type);

struct NamedValue {
    uint64_t raw = 0;  // the field's bits
    std::string name;
};

struct TemplateField {
    FieldType type = FieldType::U8;
    uint32_t size = 1;    // bytes: scalar_size(type), or the array length for Bytes
    uint32_t offset = 0;  // set by EventTypeTemplate::pack()
    std::string name;     // may be empty: unnamed fields are usually padding
    std::optional<uint64_t> asserted;  // raw bits the field must hold (Bytes: 0 = every byte zero)
    std::optional<uint64_t> default_value;
    std::vector<NamedValue> entries;  // common values with names; not a closed set
    std::string ref;                  // param table a value is a row of, e.g. "SpEffectParam"
    std::string alias_enum;           // Smithbox aliasEnum: a name list ("Particle", "Sound")
    std::string project_enum;         // Smithbox projectEnum: a param enum ("SP_EFFECT_TYPE")

    // The entry naming `raw`, or nullptr (the first one when a template names a value twice).
    const NamedValue* entry_for(uint64_t raw) const;
    // True for fields whose absence loses nothing: zero-asserted ones and ones named pad, padN,
    // Padding or PaddingN (Smithbox's event 708 names its last three words Padding1..3).
    bool is_padding() const;
};

// How a decoder reads one field: its byte range and which of the 8 bytes loaded at its offset
// are its value (0 for a byte array, whose value is its bytes and not a number).
struct FieldLoad {
    uint32_t offset = 0;
    uint32_t end = 0;    // offset + size
    uint32_t reach = 0;  // the larger of end and offset + 8: bytes needed to load 8 at the offset
    FieldType type = FieldType::U8;
    uint64_t mask = 0;
};
FieldLoad field_load(const TemplateField& field);

struct EventTypeTemplate {
    uint32_t id = 0;
    std::string name;    // may be empty
    std::string origin;  // where the definition came from, e.g. "Smithbox" or "DSAnimStudio"
    std::vector<TemplateField> fields;

    // Lays the fields out one after the other from byte 0 (sets every offset, and `loads`).
    void pack();
    // Bytes covered by the fields.
    uint32_t size() const;

    // Derived by pack(): field_load of every field, in order, packed together so that a pass
    // over every event reads 24 bytes per field rather than each 200-byte TemplateField.
    std::vector<FieldLoad> loads;
    // `loads`, or nullptr when fields were added or removed since pack().
    const FieldLoad* current_loads() const { return loads.size() == fields.size() ? loads.data() : nullptr; }
};

// One game's templates: every event type it defines, sorted by id.
struct GameTemplates {
    std::string game;   // short code: "SDT", "ER", "NR", "DS3", "AC6" or what an import file says
    std::string title;  // "Sekiro: Shadows Die Twice"
    std::vector<std::string> sources;  // provenance lines
    std::vector<EventTypeTemplate> types;

    const EventTypeTemplate* find(uint32_t event_type) const {
        // Inline: a pass over every event looks its type up once per event.
        if (event_type < position_by_id.size() && indexed_count == types.size()) {
            const size_t at = position_by_id[event_type];
            if (at == 0) return nullptr;
            if (types[at - 1].id == event_type) return &types[at - 1];
        }
        return find_by_search(event_type);
    }
    // find() without the id index: a binary search of `types`.
    const EventTypeTemplate* find_by_search(uint32_t event_type) const;
    // Sorts by id, packs every type and indexes them by id; call after building or editing.
    void finish();

    // Derived by finish(): for ids below position_by_id.size(), the position in `types` plus
    // one (0: no such type), valid while `types` still holds indexed_count entries. find()
    // checks every hit's id, so types added without finish() only cost a binary search.
    std::vector<uint16_t> position_by_id;
    size_t indexed_count = 0;
    // Adds every type of `other` this one lacks (this one wins where both define a type);
    // returns how many were added.
    size_t add_missing_types(const GameTemplates& other);
};

// Text <-> raw bits for one field. Integers accept decimal, -decimal and 0x hex; f32 accepts a
// decimal float or 0x hex of its raw bits; b accepts 0, 1, true, false; every field accepts
// the name of one of its entries. Byte arrays are not scalars: see format/parse_byte_array.
Result<uint64_t> parse_field_value(const TemplateField& field, std::string_view text);
// The value as text that parse_field_value reads back to the same bits. Non-finite floats are
// shown as 0x hex of their bits.
std::string format_field_value(const TemplateField& field, uint64_t raw);
// Raw bits as a signed value of the field's width (sign-extended for signed types).
int64_t raw_as_signed(FieldType type, uint64_t raw);
// The low `size` bytes of raw as a signed value (size 0, or 8 and more: raw as it is). Inline:
// a value search sign-extends every signed field it passes.
inline int64_t sign_extend(uint64_t raw, uint32_t size) {
    if (size == 0 || size >= 8) return int64_t(raw);
    const unsigned unused = 64 - 8 * size;
    return int64_t(raw << unused) >> unused;
}
float raw_as_f32(uint64_t raw);

}  // namespace taescope
