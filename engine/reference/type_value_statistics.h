// The values each field of one event type takes in the files at hand: per field, every
// distinct stored value with its count, most frequent first. The Reference panel shows them
// beside the type's definition ("Mask 1: 1 x812, 0 x40, 255 x3"), marking the values no
// template entry or note names; `taescope explain TYPE FILE` prints the same.
//
// A field counts the events whose parameters hold all of its bytes; byte arrays are counted
// but have no value of their own (their `values` stay empty).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "tae/tae_model.h"
#include "templates/event_template.h"

namespace taescope {

struct FieldValueCount {
    uint64_t raw = 0;  // the stored bits, zero-extended (as TemplateField values are)
    uint64_t count = 0;
};

struct FieldValueStatistics {
    uint64_t stored = 0;                  // events whose parameters hold the whole field
    uint64_t distinct = 0;                // distinct values among them
    std::vector<FieldValueCount> values;  // most frequent first (ties: smaller raw first), at most the limit kept
};

struct TypeValueStatistics {
    uint32_t event_type = 0;
    uint64_t events = 0;                       // events of the type
    uint64_t animations = 0;                   // animations holding at least one
    std::vector<FieldValueStatistics> fields;  // parallel to the template's fields
};

// Counts events of `templ.id` file by file; finish() sorts and keeps at most `max_values`
// distinct values per field (every distinct value still counted in `distinct`).
class TypeValueCounter {
public:
    explicit TypeValueCounter(const EventTypeTemplate& templ);
    void add(const TaeFile& file);
    TypeValueStatistics finish(size_t max_values = 256) const;

private:
    const EventTypeTemplate& templ_;
    uint64_t events_ = 0, animations_ = 0;
    std::vector<uint64_t> stored_;
    std::vector<std::map<uint64_t, uint64_t>> tallies_;
};

}  // namespace taescope
