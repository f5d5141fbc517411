// Paramdef XML, field defs, the layout rule and field reads (paramdef.h).
#include "params/paramdef.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>

#include "io/xml_parser.h"

namespace taescope::params {

namespace {

struct TypeName {
    const char* name;
    FieldType type;
    uint32_t size;
};
constexpr TypeName kTypes[] = {
    {"s8", FieldType::S8, 1},         {"u8", FieldType::U8, 1},           {"s16", FieldType::S16, 2},
    {"u16", FieldType::U16, 2},       {"s32", FieldType::S32, 4},         {"u32", FieldType::U32, 4},
    {"s64", FieldType::S64, 8},       {"u64", FieldType::U64, 8},         {"f32", FieldType::F32, 4},
    {"f64", FieldType::F64, 8},       {"angle32", FieldType::Angle32, 4}, {"b32", FieldType::B32, 4},
    {"dummy8", FieldType::Dummy8, 1}, {"fixstr", FieldType::Fixstr, 1},   {"fixstrW", FieldType::FixstrW, 2},
};

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// A decimal number of at most 9 digits (array counts, bit widths, versions use their own).
bool parse_small_uint(std::string_view s, uint32_t& out) {
    if (s.empty() || s.size() > 9) return false;
    uint32_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + uint32_t(c - '0');
    }
    out = v;
    return true;
}

bool parse_version(std::string_view s, uint64_t& out) {
    s = trim(s);
    if (s.empty() || s.size() > 18) return false;
    uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return false;
        v = v * 10 + uint64_t(c - '0');
    }
    out = v;
    return true;
}

const XmlElement* child(const XmlElement& e, std::string_view name) {
    for (const auto& c : e.children)
        if (c.name == name) return &c;
    return nullptr;
}

std::string text_of(const XmlElement& e, std::string_view name) {
    const XmlElement* c = child(e, name);
    return c ? std::string(trim(c->text)) : std::string();
}

}  // namespace

const char* field_type_name(FieldType type) {
    for (const auto& t : kTypes)
        if (t.type == type) return t.name;
    return "?";
}

uint32_t field_type_size(FieldType type) {
    for (const auto& t : kTypes)
        if (t.type == type) return t.size;
    return 0;
}

bool field_type_is_float(FieldType type) {
    return type == FieldType::F32 || type == FieldType::F64 || type == FieldType::Angle32;
}

bool field_type_is_signed(FieldType type) {
    return type == FieldType::S8 || type == FieldType::S16 || type == FieldType::S32 || type == FieldType::S64;
}

bool ParamdefField::present_at(std::optional<uint64_t> version) const {
    if (!version) return !removed_version.has_value();
    if (first_version && *version < *first_version) return false;
    if (removed_version && *version >= *removed_version) return false;
    return true;
}

std::vector<uint64_t> Paramdef::version_thresholds() const {
    std::set<uint64_t> v;
    for (const auto& f : fields) {
        if (f.first_version) v.insert(*f.first_version);
        if (f.removed_version) v.insert(*f.removed_version);
    }
    return {v.begin(), v.end()};
}

Result<ParamdefField> parse_field_def(std::string_view def_text) {
    std::string_view def = trim(def_text);
    ParamdefField f;
    f.def = std::string(def);
    auto fail = [&](const std::string& why) {
        return make_error(Error::kNoOffset, "field Def '" + f.def + "': " + why);
    };
    // "type name[n]:bits = default"
    size_t eq = def.find('=');
    std::string_view head = trim(def.substr(0, eq));
    if (eq != std::string_view::npos) f.default_text = std::string(trim(def.substr(eq + 1)));
    size_t space = head.find_first_of(" \t");
    if (space == std::string_view::npos) return fail("expected 'type name'");
    std::string_view type = head.substr(0, space);
    std::string_view rest = trim(head.substr(space));
    bool known = false;
    for (const auto& t : kTypes)
        if (type == t.name) {
            f.type = t.type;
            known = true;
        }
    if (!known) return fail("unknown type '" + std::string(type) + "'");
    size_t n = 0;
    while (n < rest.size() && is_name_char(rest[n])) ++n;
    if (n == 0) return fail("expected a field name after the type");
    f.name = std::string(rest.substr(0, n));
    std::string_view tail = trim(rest.substr(n));
    if (!tail.empty() && tail.front() == '[') {
        size_t close = tail.find(']');
        if (close == std::string_view::npos || !parse_small_uint(trim(tail.substr(1, close - 1)), f.count) ||
            f.count == 0)
            return fail("expected an array length [n] with n > 0");
        tail = trim(tail.substr(close + 1));
    }
    if (!tail.empty() && tail.front() == ':') {
        uint32_t bits = 0;
        if (!parse_small_uint(trim(tail.substr(1)), bits) || bits == 0)
            return fail("expected a bit width ':n' with n > 0");
        if (f.count != 1) return fail("a bitfield cannot be an array");
        if (field_type_is_float(f.type) || f.type == FieldType::Fixstr || f.type == FieldType::FixstrW)
            return fail("a bitfield needs an integer type");
        if (bits > field_type_size(f.type) * 8)
            return fail("bit width " + std::to_string(bits) + " exceeds its " + field_type_name(f.type) + " unit");
        f.bit_width = uint8_t(bits);
        tail = {};
    }
    if (!tail.empty()) return fail("unexpected '" + std::string(tail) + "'");
    if ((f.type == FieldType::Fixstr || f.type == FieldType::FixstrW) && def.find('[') == std::string_view::npos)
        return fail("a fixstr needs a length [n]");
    return f;
}

Result<Paramdef> parse_paramdef_xml(std::string_view xml, std::string source) {
    auto root = parse_xml(xml);
    if (!root.ok()) return std::move(root).error().within("paramdef " + source);
    if (root->name != "PARAMDEF")
        return make_error(0, "paramdef " + source + ": root element <" + root->name + ">, expected <PARAMDEF>");
    Paramdef d;
    d.source = std::move(source);
    d.param_type = text_of(*root, "ParamType");
    if (d.param_type.empty()) return make_error(0, "paramdef " + d.source + ": no <ParamType>");
    uint32_t u = 0;
    if (parse_small_uint(text_of(*root, "DataVersion"), u)) d.data_version = int32_t(u);
    if (parse_small_uint(text_of(*root, "FormatVersion"), u)) d.format_version = int32_t(u);
    d.big_endian = text_of(*root, "BigEndian") == "True";
    d.unicode = text_of(*root, "Unicode") != "False";
    const XmlElement* fields = child(*root, "Fields");
    if (!fields) return make_error(0, "paramdef " + d.source + ": no <Fields>");
    std::set<std::string> names;
    for (const auto& fe : fields->children) {
        if (fe.name != "Field") continue;
        const std::string* def = fe.attribute("Def");
        std::string where = "paramdef " + d.source + " line " + std::to_string(fe.line);
        if (!def) return make_error(0, where + ": <Field> without Def");
        auto f = parse_field_def(*def);
        if (!f.ok()) return std::move(f).error().within(where);
        for (const char* attr : {"FirstVersion", "RemovedVersion"}) {
            const std::string* v = fe.attribute(attr);
            if (!v) continue;
            uint64_t n = 0;
            if (!parse_version(*v, n)) return make_error(0, where + ": " + attr + "=\"" + *v + "\" is not a number");
            (std::strcmp(attr, "FirstVersion") == 0 ? f->first_version : f->removed_version) = n;
        }
        f->display_name = text_of(fe, "DisplayName");
        // The same name twice is allowed only when the versions keep the two apart.
        if (!names.insert(f->name).second && !f->first_version && !f->removed_version)
            for (const auto& other : d.fields)
                if (other.name == f->name && !other.first_version && !other.removed_version)
                    return make_error(0, where + ": field '" + f->name + "' defined twice");
        d.fields.push_back(std::move(*f));
    }
    return d;
}

ParamLayout layout_paramdef(const Paramdef& def, std::optional<uint64_t> version) {
    ParamLayout l;
    l.def = &def;
    l.version = version;
    uint32_t offset = 0;
    // The open bit unit: its start, size (bytes) and bits used; size 0 when none is open.
    uint32_t unit_start = 0, unit_size = 0, unit_bits = 0;
    for (uint32_t i = 0; i < def.fields.size(); ++i) {
        const ParamdefField& f = def.fields[i];
        if (!f.present_at(version)) continue;
        const uint32_t size = field_type_size(f.type);
        FieldLayout fl;
        fl.field = i;
        if (f.bit_width > 0) {
            if (unit_size != size || unit_bits + f.bit_width > size * 8) {
                unit_start = offset;
                unit_size = size;
                unit_bits = 0;
                offset += size;
            }
            fl.byte_offset = unit_start;
            fl.byte_size = size;
            fl.bit_offset = uint8_t(unit_bits);
            fl.bit_width = f.bit_width;
            unit_bits += f.bit_width;
        } else {
            unit_size = 0;
            fl.byte_offset = offset;
            fl.byte_size = size * f.count;
            offset += fl.byte_size;
        }
        l.fields.push_back(fl);
    }
    l.row_size = offset;
    return l;
}

const FieldLayout* ParamLayout::find(std::string_view name) const {
    for (const auto& f : fields)
        if (def->fields[f.field].name == name) return &f;
    return nullptr;
}

NamedField named_field(const ParamLayout& layout, std::string_view name) {
    NamedField n;
    n.layout = layout.find(name);
    if (n.layout) n.type = layout.field_of(*n.layout).type;
    return n;
}

int64_t read_int_field(Bytes row, const FieldLayout& f, FieldType type) {
    const uint32_t size = field_type_size(type);
    if (uint64_t(f.byte_offset) + size > row.size()) return 0;
    uint64_t raw = 0;
    for (uint32_t i = 0; i < size; ++i) raw |= uint64_t(row[f.byte_offset + i]) << (8 * i);
    if (f.bit_width > 0) {
        raw >>= f.bit_offset;
        raw &= f.bit_width >= 64 ? ~uint64_t{0} : ((uint64_t{1} << f.bit_width) - 1);
        return int64_t(raw);  // bitfields are read unsigned (flags and small counts)
    }
    if (field_type_is_signed(type) && size < 8) {
        const uint64_t sign = uint64_t{1} << (size * 8 - 1);
        if (raw & sign) raw |= ~((sign << 1) - 1);
    }
    return int64_t(raw);
}

double read_float_field(Bytes row, const FieldLayout& f, FieldType type) {
    if (type == FieldType::F64) {
        if (uint64_t(f.byte_offset) + 8 > row.size()) return 0;
        double d;
        std::memcpy(&d, row.data() + f.byte_offset, 8);
        return d;
    }
    if (uint64_t(f.byte_offset) + 4 > row.size()) return 0;
    return double(load_f32le(row.data() + f.byte_offset));
}

std::string field_value_text(Bytes row, const ParamLayout& layout, const FieldLayout& f) {
    const ParamdefField& d = layout.field_of(f);
    if (uint64_t(f.byte_offset) + f.byte_size > row.size()) return "";
    char buf[48];
    if (field_type_is_float(d.type) && d.count == 1) {
        std::snprintf(buf, sizeof buf, "%.9g", read_float_field(row, f, d.type));
        return buf;
    }
    if (d.type == FieldType::Fixstr || d.type == FieldType::FixstrW) {
        std::u16string units;
        const bool wide = d.type == FieldType::FixstrW;
        for (uint32_t i = 0; i < d.count; ++i) {
            char16_t c =
                wide ? char16_t(load_u16le(row.data() + f.byte_offset + 2 * i)) : char16_t(row[f.byte_offset + i]);
            if (c == 0) break;
            units.push_back(!wide && c >= 0x80 ? u'?' : c);
        }
        return utf16_to_utf8(units);
    }
    if (d.count == 1 && d.type != FieldType::Dummy8) {
        if (field_type_is_signed(d.type) && f.bit_width == 0)
            std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(read_int_field(row, f, d.type)));
        else
            std::snprintf(buf, sizeof buf, "%llu",
                          static_cast<unsigned long long>(uint64_t(read_int_field(row, f, d.type))));
        return buf;
    }
    if (d.type == FieldType::Dummy8 && f.bit_width > 0) return std::to_string(read_int_field(row, f, FieldType::U8));
    // Arrays and pads: the bytes in hex.
    std::string s;
    static const char* digits = "0123456789ABCDEF";
    for (uint32_t i = 0; i < f.byte_size; ++i) {
        if (i) s += ' ';
        s += digits[row[f.byte_offset + i] >> 4];
        s += digits[row[f.byte_offset + i] & 15];
    }
    return s;
}

}  // namespace taescope::params
