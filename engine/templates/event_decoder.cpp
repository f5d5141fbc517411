#include "templates/event_decoder.h"

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

size_t DecodedEvent::missing_count() const {
    size_t n = 0;
    for (const auto& f : fields) n += !f.present;
    return n;
}

namespace {

// The stored bits of a scalar of 1, 2, 4 or 8 bytes, zero-extended (little-endian targets only).
// A switch of fixed-size loads: a memcpy of a run-time size is a library call per field.
uint64_t load_scalar(const uint8_t* p, uint32_t size) {
    switch (size) {
        case 1: return p[0];
        case 2: {
            uint16_t v;
            std::memcpy(&v, p, 2);
            return v;
        }
        case 4: {
            uint32_t v;
            std::memcpy(&v, p, 4);
            return v;
        }
        case 8: {
            uint64_t v;
            std::memcpy(&v, p, 8);
            return v;
        }
        default: {
            uint64_t v = 0;
            std::memcpy(&v, p, size < 8 ? size : 8);
            return v;
        }
    }
}

}  // namespace

void decode_event_into(DecodedEvent& out, const GameTemplates* templates, uint32_t type, Bytes params) {
    out.type = type;
    out.templ = templates ? templates->find(type) : nullptr;
    uint64_t covered = 0;
    if (!out.templ) {
        out.fields.clear();
    } else {
        const std::vector<TemplateField>& fields = out.templ->fields;
        // Every member of every field is assigned below, so storage kept from the previous event
        // is reused as it is: clearing and resizing value-initialised it first (a memset call per
        // event in wasm, where it is not inlined).
        if (out.fields.size() != fields.size()) out.fields.resize(fields.size());
        DecodedField* d = out.fields.data();
        size_t i = 0;
        for (; i < fields.size(); ++i, ++d) {
            const TemplateField& f = fields[i];
            d->field = &f;
            d->offset = f.offset;
            d->size = f.size;
            if (uint64_t(f.offset) + f.size > params.size()) break;  // this one and all after are missing
            d->present = true;
            d->raw = f.type != FieldType::Bytes ? load_scalar(params.data() + f.offset, f.size) : 0;
            covered = uint64_t(f.offset) + f.size;
        }
        for (; i < fields.size(); ++i, ++d) {
            d->field = &fields[i];
            d->offset = fields[i].offset;
            d->size = fields[i].size;
            d->present = false;
            d->raw = 0;
        }
    }
    out.raw_offset = uint32_t(covered);
    out.raw = params.subspan(size_t(covered));
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
