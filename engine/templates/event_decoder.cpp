#include "templates/event_decoder.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace taescope {

std::string DecodedField::value_text(Bytes params) const {
    if (!present || !field) return {};
    if (field->type == FieldType::Bytes) {
        static const char digits[] = "0123456789ABCDEF";
        std::string out;
        for (uint32_t i = 0; i < size && offset + i < params.size(); ++i) {
            if (i) out += ' ';
            out += digits[params[offset + i] >> 4];
            out += digits[params[offset + i] & 15];
        }
        return out;
    }
    return format_field_value(*field, raw);
}

namespace {

uint64_t load_u64(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);  // little-endian targets only
    return v;
}

// The values of the first fields that lie wholly inside the `len` bytes at p (len >= 8), until
// the first that does not; returns how many. Each value is one 8-byte load, shifted down and
// masked to the field's size (a byte array's mask is 0). Loads never reach past the bytes:
// while 8 bytes remain at a field's offset they start there; for the last few fields they end
// at the last byte instead.
size_t read_values(const FieldLoad* loads, size_t count, const uint8_t* p, size_t len, uint64_t* values) {
    size_t i = 0;
    for (; i < count && loads[i].reach <= len; ++i) values[i] = load_u64(p + loads[i].offset) & loads[i].mask;
    const uint64_t last_load = len - 8;
    for (; i < count; ++i) {
        const FieldLoad& f = loads[i];
        if (f.end > len) break;
        const uint64_t at = f.offset < last_load ? f.offset : last_load;
        values[i] = (load_u64(p + at) >> (8 * (f.offset - at))) & f.mask;
    }
    return i;
}

}  // namespace

void decode_event_into(DecodedEvent& out, const GameTemplates* templates, uint32_t type, Bytes params) {
    out.type = type;
    out.templ = templates ? templates->find(type) : nullptr;
    DecodedFields& d = out.fields;
    uint64_t covered = 0;
    if (!out.templ) {
        d.fields_ = nullptr;
        d.count_ = d.present_ = 0;
    } else {
        const std::vector<TemplateField>& fields = out.templ->fields;
        // Storage kept from the previous event is reused: only the present values are written.
        if (d.values_.size() < fields.size()) d.values_.resize(fields.size());
        // The packed loads, or (a template whose fields changed after pack()) loads made here.
        const FieldLoad* loads = out.templ->current_loads();
        if (!loads) {
            // Declared here, so that only this rare path checks whether it is initialised.
            thread_local std::vector<FieldLoad> made;
            made.clear();
            for (const auto& f : fields) made.push_back(field_load(f));
            loads = made.data();
        }
        size_t present;
        if (params.size() >= 8) {
            present = read_values(loads, fields.size(), params.data(), params.size(), d.values_.data());
        } else {
            uint8_t padded[8] = {};  // so that every load has 8 bytes to read
            if (!params.empty()) std::memcpy(padded, params.data(), params.size());
            present = read_values(loads, fields.size(), padded, 8, d.values_.data());
            while (present > 0 && loads[present - 1].end > params.size()) --present;
        }
        d.fields_ = fields.data();
        d.count_ = uint32_t(fields.size());
        d.present_ = uint32_t(present);
        covered = present ? loads[present - 1].end : 0;
    }
    out.raw_offset = uint32_t(covered);
    out.raw = params.subspan(size_t(covered));
}

std::optional<double> parse_number_text(const std::string& text) {
    if (text.empty()) return std::nullopt;
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    const double v = (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
                         ? double(std::strtoull(begin, &end, 16))
                         : std::strtod(begin, &end);
    if (errno != 0 || end != begin + text.size()) return std::nullopt;
    return v;
}

NumberMatch raw_matches_number(FieldType type, uint32_t size, uint64_t raw, double number) {
    switch (type) {
        case FieldType::Bool:
        case FieldType::U8:
        case FieldType::U16:
        case FieldType::U32:
        case FieldType::U64:
            // "%llu" of the value, read back by strtod: the nearest double, as the conversion.
            return double(raw) == number ? NumberMatch::Yes : NumberMatch::No;
        case FieldType::S8:
        case FieldType::S16:
        case FieldType::S32:
        case FieldType::S64:
            return double(sign_extend(raw, size)) == number ? NumberMatch::Yes : NumberMatch::No;
        case FieldType::F32: {
            // A finite float's text (the shortest %g that reads back to it) is within float
            // precision (6e-8 relative) of it: farther than a millionth, it cannot be `number`.
            const double v = raw_as_f32(raw);
            // A non-finite float is shown as 0x hex of its bits: it reads back as those bits.
            if (!std::isfinite(v)) return double(uint32_t(raw)) == number ? NumberMatch::Yes : NumberMatch::No;
            if (!(std::fabs(v - number) <= 1e-6 * std::fabs(v) + 1e-37)) return NumberMatch::No;
            return NumberMatch::ByText;
        }
        case FieldType::Bytes:
            // Hex bytes with a space between: only a single byte (two hex digits) can read as a
            // number, e.g. 0x12 shown as "12".
            return size == 1 ? NumberMatch::ByText : NumberMatch::No;
    }
    return NumberMatch::ByText;
}

bool value_text_equals_number(const DecodedField& f, Bytes params, double number) {
    if (!f.present || !f.field) return false;
    const NumberMatch m = raw_matches_number(f.field->type, f.size, f.raw, number);
    if (m != NumberMatch::ByText) return m == NumberMatch::Yes;
    const std::optional<double> shown = parse_number_text(f.value_text(params));
    return shown && *shown == number;
}

DecodedEvent decode_event(const GameTemplates* templates, uint32_t type, Bytes params) {
    DecodedEvent out;
    decode_event_into(out, templates, type, params);
    return out;
}

Status encode_field_bytes(std::span<uint8_t> params, const TemplateField& field, Bytes bytes) {
    if (bytes.size() != field.size)
        return make_error(field.offset, "field '" + field.name + "' is " + std::to_string(field.size) +
                                            " bytes, the new value " + std::to_string(bytes.size()));
    if (uint64_t(field.offset) + field.size > params.size())
        return make_error(field.offset, "field '" + field.name + "' at byte " + std::to_string(field.offset) +
                                            " is not stored: the event has only " + std::to_string(params.size()) +
                                            " parameter bytes");
    std::memcpy(params.data() + field.offset, bytes.data(), bytes.size());
    return ok_status();
}

Status encode_field(std::span<uint8_t> params, const TemplateField& field, uint64_t raw) {
    if (field.type == FieldType::Bytes)
        return make_error(field.offset, "field '" + field.name + "' is a byte array: use encode_field_bytes");
    uint8_t little_endian[8];
    std::memcpy(little_endian, &raw, 8);
    return encode_field_bytes(params, field, Bytes(little_endian, field.size));
}

Status set_field_from_text(std::span<uint8_t> params, const TemplateField& field, std::string_view text) {
    auto raw = parse_field_value(field, text);
    if (!raw.ok()) return std::move(raw).error();
    return encode_field(params, field, *raw);
}

}  // namespace taescope
