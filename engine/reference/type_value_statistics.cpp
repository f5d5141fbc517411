#include "reference/type_value_statistics.h"

#include <algorithm>
#include <cstring>

namespace taescope {

TypeValueCounter::TypeValueCounter(const EventTypeTemplate& templ)
    : templ_(templ), stored_(templ.fields.size(), 0), tallies_(templ.fields.size()) {}

void TypeValueCounter::add(const TaeFile& file) {
    const int32_t type = int32_t(templ_.id);
    for (const TaeAnimation& animation : file.animations) {
        bool holds = false;
        for (const TaeEvent& event : animation.events) {
            if (event.type != type) continue;
            holds = true;
            ++events_;
            Bytes params = file.parameters(event);
            for (size_t f = 0; f < templ_.fields.size(); ++f) {
                const TemplateField& field = templ_.fields[f];
                if (field.offset > params.size() || params.size() - field.offset < field.size) continue;
                ++stored_[f];
                if (field.type == FieldType::Bytes || field.size > 8) continue;
                uint64_t raw = 0;
                std::memcpy(&raw, params.data() + field.offset, field.size);  // little-endian hosts (x86, wasm)
                ++tallies_[f][raw];
            }
        }
        if (holds) ++animations_;
    }
}

TypeValueStatistics TypeValueCounter::finish(size_t max_values) const {
    TypeValueStatistics out;
    out.event_type = templ_.id;
    out.events = events_;
    out.animations = animations_;
    out.fields.resize(templ_.fields.size());
    for (size_t f = 0; f < templ_.fields.size(); ++f) {
        FieldValueStatistics& s = out.fields[f];
        s.stored = stored_[f];
        s.distinct = tallies_[f].size();
        for (auto [raw, count] : tallies_[f]) s.values.push_back({raw, count});
        std::stable_sort(s.values.begin(), s.values.end(),
                         [](const FieldValueCount& a, const FieldValueCount& b) { return a.count > b.count; });
        if (s.values.size() > max_values) s.values.resize(max_values);
    }
    return out;
}

}  // namespace taescope
