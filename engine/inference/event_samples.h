// The parameter bytes of every event of one game, gathered per event type into flat storage,
// for layout inference (layout_inference.h).
//
// Why flat: inference reads the same byte offset of every event of a type, over and over, and a
// Nightreign binder holds 200,000 events. Each type keeps its events' bytes back to back in one
// growing buffer with a begin and a length per event (no allocation per event), so a pass over
// a column is a walk over two small arrays and one buffer.
//
// The samples are a multiset: inference only counts (values, lengths), never looks at the order
// events were added in, so the same events added in any order infer the same layout.
#pragma once

#include <cstdint>
#include <vector>

#include "io/byte_reader.h"
#include "tae/tae_model.h"

namespace taescope {

struct Document;

struct TypeSamples {
    int32_t type = 0;
    std::vector<uint8_t> bytes;     // every event's parameter bytes, back to back
    std::vector<uint32_t> begins;   // where event i's bytes start in `bytes`
    std::vector<uint32_t> lengths;  // event i's stored length

    size_t events() const { return lengths.size(); }
    const uint8_t* event_bytes(size_t i) const { return bytes.data() + begins[i]; }
    uint32_t max_length() const;
    uint32_t min_length() const;
};

class EventSamples {
public:
    void add_event(int32_t type, Bytes params);
    void add_file(const TaeFile& tae);
    // Every event file of the document that parsed.
    void add_document(const Document& doc);
    // Every event of `other` (to infer from several parts together).
    void add_samples(const EventSamples& other);

    // Types by ascending id.
    const std::vector<TypeSamples>& types() const { return types_; }
    const TypeSamples* find(int32_t type) const;
    size_t event_count() const { return events_; }

private:
    TypeSamples& slot(int32_t type);
    std::vector<TypeSamples> types_;  // sorted by type
    size_t events_ = 0;
};

}  // namespace taescope
