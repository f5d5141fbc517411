// Writing the TAE model in the order the spec proves ("Order of the file", containers-kraken-tae.md
// §5.4 with the §5.6 corrections): header, skeleton and SIB names (only when stated), animation
// table, group header and its entries, the 48-byte bodies, then per animation its mini header
// block (+ motion file name), times table, event headers, event data, event group headers and
// group data. Every derived part is recomputed here: times tables, animation-group runs, offsets,
// counts and the file size. An unmodified model of a real file writes back byte-identical.
#pragma once

#include <cstdint>
#include <vector>

#include "tae/tae_model.h"

namespace taescope {

std::vector<uint8_t> write_tae(const TaeFile& file);

// The derived tables, exposed for the validator, tools and tests.

// The distinct start and end times of an animation's events as raw f32 bits, ascending by value
// (ties of equal value such as -0 and +0 kept apart by their bits).
std::vector<uint32_t> derive_times_table(const TaeAnimation& animation);

// A maximal run of consecutive animation numbers (table indices first..last).
struct TaeAnimationRun {
    size_t first_index = 0;
    size_t last_index = 0;
};
// The animation-group table: the maximal runs of consecutive numbers, in table order.
std::vector<TaeAnimationRun> derive_animation_runs(const std::vector<TaeAnimation>& animations);

// The sort key that orders f32 bit patterns by value (total order; NaNs at the ends).
inline uint32_t f32_order_key(uint32_t bits) { return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u; }

}  // namespace taescope
