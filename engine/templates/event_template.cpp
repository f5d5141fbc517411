#include "templates/event_template.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace taescope {

namespace {

struct TypeInfo {
    FieldType type;
    const char* name;
    uint32_t size;
    bool is_signed;
};

constexpr TypeInfo kTypes[] = {
    {FieldType::Bool, "b", 1, false},  {FieldType::S8, "s8", 1, true},    {FieldType::U8, "u8", 1, false},
    {FieldType::S16, "s16", 2, true},  {FieldType::U16, "u16", 2, false}, {FieldType::S32, "s32", 4, true},
    {FieldType::U32, "u32", 4, false}, {FieldType::S64, "s64", 8, true},  {FieldType::U64, "u64", 8, false},
    {FieldType::F32, "f32", 4, false}, {FieldType::Bytes, "bytes", 0, false},
};

const TypeInfo& info(FieldType type) { return kTypes[static_cast<size_t>(type)]; }

uint64_t width_mask(uint32_t size) { return size >= 8 ? ~uint64_t{0} : ((uint64_t{1} << (8 * size)) - 1); }

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = char(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z') y = char(y - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// Parses [-]digits or [-]0x hex fully; false on anything else or on overflow of 64 bits.
bool parse_integer(std::string_view s, bool& negative, uint64_t& magnitude) {
    negative = false;
    magnitude = 0;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    if (s.empty()) return false;
    for (char c : s) {
        uint64_t d;
        if (c >= '0' && c <= '9') {
            d = uint64_t(c - '0');
        } else if (base == 16 && c >= 'a' && c <= 'f') {
            d = uint64_t(c - 'a' + 10);
        } else if (base == 16 && c >= 'A' && c <= 'F') {
            d = uint64_t(c - 'A' + 10);
        } else {
            return false;
        }
        if (magnitude > (~uint64_t{0} - d) / uint64_t(base)) return false;
        magnitude = magnitude * uint64_t(base) + d;
    }
    return true;
}

}  // namespace

std::string_view field_type_name(FieldType type) { return info(type).name; }

std::optional<FieldType> field_type_from_name(std::string_view name) {
    for (const auto& t : kTypes)
        if (name == t.name) return t.type;
    return std::nullopt;
}

uint32_t scalar_size(FieldType type) { return info(type).size; }
bool is_signed_integer(FieldType type) { return info(type).is_signed; }

const NamedValue* TemplateField::entry_for(uint64_t raw) const {
    for (const auto& e : entries)
        if (e.raw == raw) return &e;
    return nullptr;
}

bool TemplateField::is_padding() const {
    if (asserted && *asserted == 0) return true;
    std::string_view n = name;
    if (n.size() < 3 || !equals_ignoring_case(n.substr(0, 3), "pad")) return false;
    std::string_view rest = n.substr(3);
    if (rest.size() >= 4 && equals_ignoring_case(rest.substr(0, 4), "ding")) rest.remove_prefix(4);
    return std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; });
}

FieldLoad field_load(const TemplateField& field) {
    FieldLoad load;
    load.offset = field.offset;
    load.end = field.offset + field.size;
    load.reach = std::max(load.end, field.offset + 8);
    load.type = field.type;
    if (field.type != FieldType::Bytes) load.mask = width_mask(field.size);
    return load;
}

void EventTypeTemplate::pack() {
    uint32_t offset = 0;
    loads.clear();
    loads.reserve(fields.size());
    for (auto& f : fields) {
        f.offset = offset;
        offset += f.size;
        loads.push_back(field_load(f));
    }
}

uint32_t EventTypeTemplate::size() const { return fields.empty() ? 0 : fields.back().offset + fields.back().size; }

const EventTypeTemplate* GameTemplates::find_by_search(uint32_t event_type) const {
    auto it = std::lower_bound(types.begin(), types.end(), event_type,
                               [](const EventTypeTemplate& t, uint32_t id) { return t.id < id; });
    return (it != types.end() && it->id == event_type) ? &*it : nullptr;
}

void GameTemplates::finish() {
    std::stable_sort(types.begin(), types.end(),
                     [](const EventTypeTemplate& a, const EventTypeTemplate& b) { return a.id < b.id; });
    for (auto& t : types) t.pack();
    // Event ids are small (the largest in the built-in templates is 10200): a direct index for
    // ids below 65535 when the type count fits 16 bits, binary search for the rest.
    position_by_id.clear();
    indexed_count = types.size();
    if (types.empty() || types.size() >= 0xFFFF) return;
    const uint32_t largest = std::min<uint32_t>(types.back().id, 0xFFFE);
    position_by_id.assign(size_t(largest) + 1, 0);
    for (size_t i = types.size(); i-- > 0;)  // backwards: the first of equal ids wins, as in lower_bound
        if (types[i].id <= largest) position_by_id[types[i].id] = uint16_t(i + 1);
}

size_t GameTemplates::add_missing_types(const GameTemplates& other) {
    size_t added = 0;
    std::vector<EventTypeTemplate> extra;
    for (const auto& t : other.types) {
        if (find(t.id)) continue;
        extra.push_back(t);
        ++added;
    }
    for (auto& t : extra) types.push_back(std::move(t));
    finish();
    return added;
}

int64_t raw_as_signed(FieldType type, uint64_t raw) { return sign_extend(raw, scalar_size(type)); }

float raw_as_f32(uint64_t raw) {
    uint32_t bits = uint32_t(raw);
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

Result<uint64_t> parse_field_value(const TemplateField& field, std::string_view text) {
    std::string_view s = trim(text);
    const std::string what = "value '" + std::string(s) + "' for " + std::string(field_type_name(field.type)) +
                             " field" + (field.name.empty() ? std::string() : " '" + field.name + "'");
    if (field.type == FieldType::Bytes)
        return make_error(Error::kNoOffset, what + ": a byte array is edited as bytes, not as one value");
    for (const auto& e : field.entries)
        if (e.name == s) return e.raw;
    if (field.type == FieldType::Bool) {
        if (s == "0" || equals_ignoring_case(s, "false")) return uint64_t{0};
        if (s == "1" || equals_ignoring_case(s, "true")) return uint64_t{1};
    }
    bool negative;
    uint64_t magnitude;
    bool is_hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (field.type == FieldType::F32) {
        if (is_hex && parse_integer(s, negative, magnitude) && magnitude <= 0xFFFFFFFFu) return magnitude;
        std::string z(s);
        char* end = nullptr;
        float f = std::strtof(z.c_str(), &end);
        if (z.empty() || end != z.c_str() + z.size() || !std::isfinite(f))
            return make_error(Error::kNoOffset, what + ": expected a finite decimal number or 0x hex bits");
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        return uint64_t{bits};
    }
    if (!parse_integer(s, negative, magnitude))
        return make_error(Error::kNoOffset, what + ": expected an integer (decimal or 0x hex) or an entry name");
    uint32_t size = field.size;
    uint64_t mask = width_mask(size);
    if (!negative) {
        // Unsigned spelling: any bit pattern of the width (so 255 and 0xFF fit an s8 as -1 does).
        if (magnitude > mask) return make_error(Error::kNoOffset, what + ": does not fit " + std::to_string(size) + " bytes");
        return magnitude;
    }
    uint64_t limit = uint64_t{1} << (8 * std::min<uint32_t>(size, 8) - 1);  // |most negative| of the width
    if (magnitude > limit) return make_error(Error::kNoOffset, what + ": below the smallest value of the width");
    return (~magnitude + 1) & mask;
}

std::string format_field_value(const TemplateField& field, uint64_t raw) {
    char buf[64];
    switch (field.type) {
        case FieldType::Bool:
        case FieldType::U8:
        case FieldType::U16:
        case FieldType::U32:
        case FieldType::U64:
            std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(raw & width_mask(field.size)));
            return buf;
        case FieldType::S8:
        case FieldType::S16:
        case FieldType::S32:
        case FieldType::S64:
            std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(raw_as_signed(field.type, raw)));
            return buf;
        case FieldType::F32: {
            float f = raw_as_f32(raw);
            if (!std::isfinite(f)) {
                std::snprintf(buf, sizeof buf, "0x%08X", unsigned(uint32_t(raw)));
                return buf;
            }
            // Shortest of %g precisions that reads back to the same bits.
            for (int precision = 6; precision <= 9; ++precision) {
                std::snprintf(buf, sizeof buf, "%.*g", precision, double(f));
                if (std::strtof(buf, nullptr) == f && std::signbit(std::strtof(buf, nullptr)) == std::signbit(f)) break;
            }
            return buf;
        }
        case FieldType::Bytes:
            break;
    }
    return {};
}

}  // namespace taescope
