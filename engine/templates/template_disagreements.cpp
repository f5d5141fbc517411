#include "templates/template_disagreements.h"

#include <cmath>
#include <cstring>

namespace taescope {

namespace {

struct KindInfo {
    const char* id;
    const char* description;
};

constexpr KindInfo kKinds[kDisagreementKinds] = {
    {"no-template", "event type has no template"},
    {"short-padding-only", "parameter bytes shorter than the template; only zero-asserted or padding fields missing"},
    {"short-meaningful", "parameter bytes shorter than the template; a named or unasserted field is missing"},
    {"float-not-finite", "f32 field holds a NaN or infinity word"},
    {"float-holds-integer", "f32 field holds a subnormal word, an integer rather than a float"},
    {"value-not-named", "value that no entry of its field names"},
    {"bool-not-0-1", "bool byte other than 0 or 1"},
    {"assert-mismatch", "asserted field holds another value"},
    {"nonzero-past-template", "nonzero byte after the template's last field"},
};

std::string describe_field(const DecodedEvent& event, size_t index) {
    const TemplateField& f = *event.fields[index].field;
    std::string s = "field " + std::to_string(index);
    if (!f.name.empty()) s += " '" + f.name + "'";
    s += " (" + std::string(f.type == FieldType::Bytes ? "bytes" : field_type_name(f.type)) + " at byte " +
         std::to_string(f.offset) + ")";
    return s;
}

}  // namespace

std::string_view disagreement_id(Disagreement kind) { return kKinds[static_cast<size_t>(kind)].id; }
std::string_view disagreement_description(Disagreement kind) { return kKinds[static_cast<size_t>(kind)].description; }

std::vector<Finding> find_disagreements(const DecodedEvent& event, Bytes params) {
    std::vector<Finding> out;
    if (!event.templ) {
        out.push_back({Disagreement::NoTemplate, -1, 0,
                       "event type " + std::to_string(event.type) + " has no template (" +
                           std::to_string(params.size()) + " parameter bytes shown raw)"});
        return out;
    }

    // Missing fields: which, and whether any of them carries meaning.
    std::string missing_names;
    bool meaningful = false;
    size_t missing = 0;
    for (size_t i = 0; i < event.fields.size(); ++i) {
        const DecodedField& d = event.fields[i];
        if (d.present) continue;
        ++missing;
        if (!d.field->is_padding()) {
            meaningful = true;
            if (!missing_names.empty()) missing_names += ", ";
            missing_names += describe_field(event, i);
        }
    }
    if (missing) {
        std::string detail = std::to_string(params.size()) + " parameter bytes, the template has " +
                             std::to_string(event.templ->size()) + ": " + std::to_string(missing) + " field" +
                             (missing == 1 ? "" : "s") + " missing";
        if (meaningful) detail += ", among them " + missing_names;
        out.push_back({meaningful ? Disagreement::ShortMeaningful : Disagreement::ShortPaddingOnly, -1,
                       event.raw_offset, std::move(detail)});
    }

    for (size_t i = 0; i < event.fields.size(); ++i) {
        const DecodedField& d = event.fields[i];
        if (!d.present) break;
        const TemplateField& f = *d.field;
        int index = int(i);
        if (f.asserted) {
            bool holds;
            if (f.type == FieldType::Bytes) {
                holds = true;
                for (uint32_t k = 0; k < f.size; ++k) holds = holds && params[f.offset + k] == 0;
            } else {
                holds = d.raw == *f.asserted;
            }
            if (!holds)
                out.push_back({Disagreement::AssertMismatch, index, f.offset,
                               describe_field(event, i) + " asserts " +
                                   (f.type == FieldType::Bytes ? std::string("zero bytes")
                                                               : format_field_value(f, *f.asserted)) +
                                   ", holds " + d.value_text(params)});
        }
        if (f.type == FieldType::Bool && d.raw > 1)
            out.push_back({Disagreement::BoolNotZeroOne, index, f.offset,
                           describe_field(event, i) + " holds " + std::to_string(d.raw)});
        if (f.type == FieldType::F32) {
            float v = raw_as_f32(d.raw);
            int32_t as_int = int32_t(uint32_t(d.raw));
            if (!std::isfinite(v)) {
                out.push_back({Disagreement::FloatNotFinite, index, f.offset,
                               describe_field(event, i) + " holds " + format_field_value(f, d.raw) +
                                   ", which reads as the integer " + std::to_string(as_int)});
            } else if (v != 0.0f && std::fpclassify(v) == FP_SUBNORMAL) {
                out.push_back({Disagreement::FloatHoldsInteger, index, f.offset,
                               describe_field(event, i) + " holds the integer " + std::to_string(as_int) +
                                   " (as a float " + format_field_value(f, d.raw) + ")"});
            }
        }
        if (!f.entries.empty() && f.type != FieldType::Bytes && !f.entry_for(d.raw))
            out.push_back({Disagreement::ValueNotNamed, index, f.offset,
                           describe_field(event, i) + " holds " + format_field_value(f, d.raw) +
                               ", which no entry names"});
    }

    // Bytes past the template's last field (alignment padding) are expected to be zero.
    uint32_t end = event.templ->size();
    for (uint64_t k = end; k < params.size(); ++k) {
        if (params[k] == 0) continue;
        out.push_back({Disagreement::NonzeroPastTemplate, -1, uint32_t(k),
                       "byte " + std::to_string(k) + " = " + hex(params[k]) + " after the template's " +
                           std::to_string(end) + " bytes"});
        break;
    }
    return out;
}

void DisagreementTally::add(const DecodedEvent& event, const std::vector<Finding>& findings) {
    ++events;
    ++events_by_type[event.type];
    if (event.templ) {
        ++events_with_template;
        for (const auto& d : event.fields) {
            if (!d.present) break;
            ++fields_read;
            asserted_fields_read += d.field->asserted.has_value();
            named_values_read += !d.field->entries.empty();
        }
    }
    DisagreementCounts seen{};
    for (const auto& f : findings) {
        size_t k = static_cast<size_t>(f.kind);
        ++counts[k];
        ++by_type[event.type][k];
        seen[k] = 1;
    }
    for (size_t k = 0; k < kDisagreementKinds; ++k) events_with[k] += seen[k];
}

void DisagreementTally::merge(const DisagreementTally& other) {
    events += other.events;
    events_with_template += other.events_with_template;
    fields_read += other.fields_read;
    asserted_fields_read += other.asserted_fields_read;
    named_values_read += other.named_values_read;
    for (size_t k = 0; k < kDisagreementKinds; ++k) {
        counts[k] += other.counts[k];
        events_with[k] += other.events_with[k];
    }
    for (const auto& [type, c] : other.by_type)
        for (size_t k = 0; k < kDisagreementKinds; ++k) by_type[type][k] += c[k];
    for (const auto& [type, n] : other.events_by_type) events_by_type[type] += n;
}

uint64_t DisagreementTally::total_findings() const {
    uint64_t n = 0;
    for (uint64_t c : counts) n += c;
    return n;
}

}  // namespace taescope
