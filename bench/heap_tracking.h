// Peak heap measurement for the benchmarks: the bench binaries (native and wasm) replace the
// global operator new / delete with versions that count live bytes while tracking is on. The
// same counting works in both builds, where getrusage does not (wasm has no RSS), so the native
// and wasm peaks compare like with like.
//
// Counted: every C++ allocation (vectors, strings, the model). Not counted: C malloc calls made
// by zlib for its inflate state and 32 KiB window (fixed, under 50 KB per stream).
#pragma once

#include <cstddef>
#include <cstdint>

namespace taescope::bench {

// Starts counting from zero (live bytes relative to now, and their peak).
void heap_tracking_start();
// Stops counting; the figures below stay readable.
void heap_tracking_stop();
// Live bytes allocated since heap_tracking_start minus those freed since (may be negative
// when blocks allocated before the start are freed).
int64_t heap_tracking_live();
// The highest value heap_tracking_live() reached since heap_tracking_start.
int64_t heap_tracking_peak();

}  // namespace taescope::bench
