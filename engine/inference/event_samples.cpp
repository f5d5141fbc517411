#include "inference/event_samples.h"

#include <algorithm>

#include "binder/document.h"

namespace taescope {

uint32_t TypeSamples::max_length() const {
    uint32_t m = 0;
    for (uint32_t l : lengths) m = std::max(m, l);
    return m;
}

uint32_t TypeSamples::min_length() const {
    if (lengths.empty()) return 0;
    uint32_t m = lengths[0];
    for (uint32_t l : lengths) m = std::min(m, l);
    return m;
}

TypeSamples& EventSamples::slot(int32_t type) {
    auto it = std::lower_bound(types_.begin(), types_.end(), type,
                               [](const TypeSamples& s, int32_t t) { return s.type < t; });
    if (it != types_.end() && it->type == type) return *it;
    it = types_.insert(it, TypeSamples{});
    it->type = type;
    return *it;
}

void EventSamples::add_event(int32_t type, Bytes params) {
    TypeSamples& s = slot(type);
    s.begins.push_back(uint32_t(s.bytes.size()));
    s.lengths.push_back(uint32_t(params.size()));
    s.bytes.insert(s.bytes.end(), params.begin(), params.end());
    ++events_;
}

void EventSamples::add_file(const TaeFile& tae) {
    for (const TaeAnimation& a : tae.animations) {
        for (const TaeEvent& e : a.events) {
            Bytes p = tae.parameters(e);
            TypeSamples& s = slot(e.type);
            s.begins.push_back(uint32_t(s.bytes.size()));
            s.lengths.push_back(uint32_t(p.size()));
            s.bytes.insert(s.bytes.end(), p.begin(), p.end());
            ++events_;
        }
    }
}

void EventSamples::add_document(const Document& doc) {
    for (const DocumentTae& t : doc.taes)
        if (t.tae) add_file(*t.tae);
}

void EventSamples::add_samples(const EventSamples& other) {
    for (const TypeSamples& t : other.types())
        for (size_t i = 0; i < t.events(); ++i) add_event(t.type, Bytes(t.event_bytes(i), t.lengths[i]));
}

const TypeSamples* EventSamples::find(int32_t type) const {
    auto it = std::lower_bound(types_.begin(), types_.end(), type,
                               [](const TypeSamples& s, int32_t t) { return s.type < t; });
    return it != types_.end() && it->type == type ? &*it : nullptr;
}

}  // namespace taescope
