// Havok tagfiles (../shared/spec/havok-animation.md §2-4): the section tree, the type table of a
// compendium (TCM0) or of an inline TYPE section, the item table, and typed access to the objects
// in DATA, members found by name through the type table (offsets are read, never computed).
//
// Every read is bounds-checked; an Error names the section, the object's type and member and
// the byte offset in the file. A Tagfile does not own its bytes: the caller keeps them alive
// while it reads (skeleton.h and animation_clip.h copy what they keep).
//
// Older Havok files (the "packfile" of Dark Souls III and earlier games) are recognised and
// refused with that name: their layout is another format, not read here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"

namespace taescope::havok {

// The kind of a type's (inherited) format word, low 4 bits (§3.6).
enum class Kind : uint8_t { Void = 0, Opaque, Bool, String, Integer, Float, Pointer, Record, Array };
const char* kind_name(Kind kind);

struct TypeMember {
    uint32_t name = 0;  // FSTR index
    uint32_t flags = 0;
    uint32_t offset = 0;  // from the start of the whole object
    uint32_t type = 0;
};

// One type of the table with its inherited properties already resolved (§3.4 "Inheritance").
struct TypeInfo {
    std::string name;
    uint32_t parent = 0;
    uint32_t format = 0;              // inherited
    uint32_t pointee = 0;             // inherited
    uint32_t size = 0;                // inherited
    std::vector<TypeMember> members;  // root ancestor's first, the type's own last
    Kind kind() const { return static_cast<Kind>(format & 0xF); }
};

class TypeTable {
public:
    // Reads the children of a TYPE section (TSTR, TNA1/TNAM, FSTR, TBDY/TBOD, ...). `file_offset`
    // is where `payload` starts in the file, for error offsets.
    static Result<TypeTable> read(Bytes payload, uint64_t file_offset);

    size_t size() const { return types_.size(); }  // type 0 is "none"
    bool valid(uint32_t index) const { return index != 0 && index < types_.size(); }
    const TypeInfo& type(uint32_t index) const { return types_[index]; }
    std::string_view member_name(const TypeMember& m) const {
        return m.name < field_names_.size() ? std::string_view(field_names_[m.name]) : std::string_view();
    }
    // The first member of `type` (its own or inherited) with that name; nullptr when none.
    const TypeMember* find_member(uint32_t type, std::string_view name) const;
    // True when `type` or one of its ancestors is named `name`.
    bool is_a(uint32_t type, std::string_view name) const;

private:
    std::vector<TypeInfo> types_;
    std::vector<std::string> field_names_;
};

// A cXXXX.compendium (TCM0): the ids tagfiles refer to with TCRF, and the types.
struct Compendium {
    std::vector<uint64_t> ids;
    TypeTable types;
};
Result<Compendium> read_compendium(Bytes file);
// The compendium id a tagfile takes its types from (its TCRF section), or nullopt when it has
// none (its own TYPE section, a packfile, or bytes that are no tagfile).
std::optional<uint64_t> tagfile_compendium_id(Bytes file);

// True when the bytes start like a Havok packfile (DS3 and older): another format.
bool is_havok_packfile(Bytes file);
// True when the bytes start like a tagfile or a compendium.
bool is_havok_tagfile(Bytes file);

// A value in DATA: its type and its position (offset from the start of the DATA payload).
struct Value {
    uint32_t type = 0;
    uint64_t pos = 0;
};

struct ArrayView {
    uint32_t element_type = 0;
    uint64_t pos = 0;  // in DATA
    uint64_t count = 0;
    uint32_t stride = 0;
    Value at(uint64_t i) const { return {element_type, pos + i * stride}; }
};

struct Item {
    uint32_t type = 0;
    uint8_t flags = 0;
    uint32_t offset = 0;  // in DATA
    uint32_t count = 0;
};

class Tagfile {
public:
    // Reads a TAG0 file. Its types come from `compendium` (TCRF) or from an inline TYPE section;
    // `compendium` may be null when the file carries its own types.
    static Result<Tagfile> read(Bytes file, const Compendium* compendium);

    const std::string& sdk_version() const { return sdk_version_; }
    const TypeTable& types() const { return types_ ? *types_ : own_types_; }
    const std::vector<Item>& items() const { return items_; }
    uint64_t data_offset() const { return data_offset_; }  // of DATA's payload in the file
    Bytes data() const { return data_; }

    // The root object (item 1, an hkRootLevelContainer).
    Result<Value> root() const;
    // The first object of class `class_name` among the root container's named variants
    // (hkaAnimationContainer in our files).
    Result<Value> root_object(std::string_view class_name) const;

    Result<Value> member(Value record, std::string_view name) const;
    Result<int64_t> integer(Value v) const;  // kinds Integer and Bool
    Result<double> real(Value v) const;      // kind Float (32 or 16 bits), widened
    Result<std::string> string(Value v) const;
    Result<std::optional<Value>> pointer(Value v) const;  // decoded with the target item's type
    Result<ArrayView> array(Value v) const;               // inline (T[N]) or dynamic (hkArray)

    // Shorthands: member() then the read.
    Result<int64_t> integer(Value record, std::string_view name) const;
    Result<double> real(Value record, std::string_view name) const;
    Result<std::string> string(Value record, std::string_view name) const;
    Result<std::optional<Value>> pointer(Value record, std::string_view name) const;
    Result<ArrayView> array(Value record, std::string_view name) const;
    // An array of `n` floats (hkVector4f, hkQuaternionf) read into `out`.
    Status floats(Value v, double* out, size_t n) const;
    // Every element of `a` (from array()) as integer() reads it, into `out`. Plain integers of 1,
    // 2, 4 or 8 bytes are loaded straight from DATA: an animation's track-to-bone map and block
    // offsets, element by element through integer(), were 7% of decoding every animation.
    Status integers(const ArrayView& a, std::vector<int64_t>& out) const;
    // Each element of `a` (from array()) read as floats(element, ..., n) does, into out[i * n ..].
    // Elements that are inline arrays of 32-bit floats (hkVector4f) are loaded straight from DATA:
    // a root motion's samples, one floats() call each, were a tenth of decoding every animation.
    Status float_rows(const ArrayView& a, size_t n, double* out) const;

    const std::string& type_name(uint32_t type) const;
    // "hkaSkeleton.bones" style error at a DATA position.
    Error error_at(uint64_t pos, std::string message) const;

private:
    Result<Bytes> need(uint64_t pos, uint64_t length, std::string_view what) const;

    std::string sdk_version_;
    const TypeTable* types_ = nullptr;
    TypeTable own_types_;
    std::vector<Item> items_;
    uint64_t data_offset_ = 0;
    Bytes data_;
};

}  // namespace taescope::havok
