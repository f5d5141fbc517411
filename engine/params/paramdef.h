// Paramdefs: the description of a PARAM row, field by field (../shared/spec/params-hitboxes.md
// §3, the XML dialect of ../shared/paramdefs/defs/), and the layout rule that places the fields.
//
// The XML dialect: <PARAMDEF> with <ParamType>, <DataVersion>, <BigEndian>, <Unicode>,
// <FormatVersion> and <Fields>, each <Field Def="type name[n]:bits = default"> in byte order,
// optionally FirstVersion="11210015" / RemovedVersion="11210015" (the regulation version from
// which the field exists / no longer exists), with a <DisplayName> child. Types: s8 u8 s16 u16
// s32 u32 f32 f64 angle32 b32 dummy8 fixstr fixstrW (s64 u64 too); `[n]` an array, `:n` a bitfield.
//
// Layout rule (SoulsFormats' PARAMDEF; the computed sizes equal the files' on every ER param seen):
// fields in order, no alignment padding; a bitfield packs low bit first into a unit of its base
// type's size; a new unit starts when the base type size changes, when the next field would
// overflow the unit, or after any non-bit field; `dummy8 x[n]` is n bytes, `fixstr[n]` n bytes,
// `fixstrW[n]` 2n bytes. The layout depends on the regulation version (versioned fields), so it
// is computed for a version: ER's AtkParam is 456 bytes at 1.12 (11210015) and before it, its
// XML lists 468 bytes of fields over all versions; Nightreign's NpcParam 816 before 10200000,
// 848 from it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"

namespace taescope::params {

enum class FieldType : uint8_t {
    S8,
    U8,
    S16,
    U16,
    S32,
    U32,
    S64,
    U64,
    F32,
    F64,
    Angle32,
    B32,
    Dummy8,
    Fixstr,
    FixstrW
};
const char* field_type_name(FieldType type);  // "s8", "fixstrW", ...
uint32_t field_type_size(FieldType type);     // bytes of one element (fixstrW: 2)
bool field_type_is_float(FieldType type);     // f32, f64, angle32
bool field_type_is_signed(FieldType type);    // s8 s16 s32 s64

struct ParamdefField {
    std::string name;  // internal name, e.g. "hit0_DmyPoly1"
    std::string def;   // the Def text as written, e.g. "s16 hit0_DmyPoly1 = -1"
    FieldType type = FieldType::U8;
    uint32_t count = 1;        // array length ([n]); 1 for a single value
    uint8_t bit_width = 0;     // bitfield width (":n"); 0 for a whole field
    std::string default_text;  // after "=", trimmed; "" when none
    std::string display_name;  // <DisplayName>: the file's (Japanese in the community defs); built-in: English
    std::optional<uint64_t> first_version;    // FirstVersion=: present from this regulation version on
    std::optional<uint64_t> removed_version;  // RemovedVersion=: absent from this version on

    // Whether the field exists at regulation version `version` (nullopt: the newest, every
    // field without RemovedVersion).
    bool present_at(std::optional<uint64_t> version) const;
};

struct Paramdef {
    std::string param_type;  // "ATK_PARAM_ST"
    int32_t data_version = 0;
    bool big_endian = false;
    bool unicode = true;
    int32_t format_version = 0;
    std::vector<ParamdefField> fields;
    std::string game;    // "ER", "NR", "SDT", "AC6" for the built-in defs; what the caller says for dropped ones
    std::string source;  // where it came from: "built-in ER AtkParam.xml (Smithbox, MIT)", a file name

    // Every version at which some field appears or disappears, ascending.
    std::vector<uint64_t> version_thresholds() const;
};

// Parses the XML dialect above. Errors name the line and the field.
Result<Paramdef> parse_paramdef_xml(std::string_view xml, std::string source);
// Parses one Def text ("u8 isDisableParry:1 = 1"); the error says what is wrong with it.
Result<ParamdefField> parse_field_def(std::string_view def);

// One field placed by the layout rule.
struct FieldLayout {
    uint32_t field = 0;        // index into Paramdef::fields
    uint32_t byte_offset = 0;  // of the field (of the bit unit for a bitfield)
    uint32_t byte_size = 0;    // bytes of the whole field (the unit's size for a bitfield)
    uint8_t bit_offset = 0;    // bitfields: first bit in the unit (low bit first)
    uint8_t bit_width = 0;     // 0: not a bitfield
};

// The fields of a def at one regulation version, placed.
struct ParamLayout {
    const Paramdef* def = nullptr;    // must outlive the layout
    std::optional<uint64_t> version;  // nullopt: the newest (every field not removed)
    uint32_t row_size = 0;
    std::vector<FieldLayout> fields;  // in def order, only the fields present at `version`

    // The placed field of that name (exact, case-sensitive), or nullptr.
    const FieldLayout* find(std::string_view name) const;
    const ParamdefField& field_of(const FieldLayout& f) const { return def->fields[f.field]; }
};
ParamLayout layout_paramdef(const Paramdef& def, std::optional<uint64_t> version);

// A field's value in a row (little-endian, as this reader's flavour is). The row must hold the
// layout's row_size bytes. Bitfields are shifted and masked; signed types sign-extended;
// arrays and strings have no single value (use field_value_text).
int64_t read_int_field(Bytes row, const FieldLayout& f, FieldType type);
double read_float_field(Bytes row, const FieldLayout& f, FieldType type);
// A field looked up by name once, then read from many rows. Reads of a field the layout lacks
// give 0 (check found() first).
struct NamedField {
    const FieldLayout* layout = nullptr;
    FieldType type = FieldType::U8;
    bool found() const { return layout != nullptr; }
    int64_t integer(Bytes row) const { return layout ? read_int_field(row, *layout, type) : 0; }
    double real(Bytes row) const { return layout ? read_float_field(row, *layout, type) : 0; }
};
NamedField named_field(const ParamLayout& layout, std::string_view name);

// Shortest text: integers in decimal, floats with "%.9g", arrays and dummy8 pads as hex bytes,
// fixstr as Shift-JIS/ASCII text, fixstrW as UTF-16 text.
std::string field_value_text(Bytes row, const ParamLayout& layout, const FieldLayout& f);

}  // namespace taescope::params
