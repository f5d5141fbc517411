// Replaces the global allocation functions of the bench binaries (see heap_tracking.h). Sizes
// come from malloc_usable_size on both allocation and release, so a block always adds and
// removes the same amount, whichever operator delete overload frees it. The benchmarks are
// single-threaded, so plain counters suffice; with tracking off the cost is one branch.
#include "heap_tracking.h"

#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <new>

namespace taescope::bench {
namespace {
bool g_tracking = false;
int64_t g_live = 0;
int64_t g_peak = 0;

void* allocate(std::size_t size) {
    void* p = std::malloc(size ? size : 1);
    if (p && g_tracking) {
        g_live += int64_t(malloc_usable_size(p));
        if (g_live > g_peak) g_peak = g_live;
    }
    return p;
}

void* allocate_aligned(std::size_t size, std::align_val_t alignment) {
    const std::size_t align = std::max(sizeof(void*), std::size_t(alignment));
    void* p = nullptr;
    if (posix_memalign(&p, align, size ? size : 1) != 0) return nullptr;
    if (g_tracking) {
        g_live += int64_t(malloc_usable_size(p));
        if (g_live > g_peak) g_peak = g_live;
    }
    return p;
}

void release(void* p) {
    if (!p) return;
    if (g_tracking) g_live -= int64_t(malloc_usable_size(p));
    std::free(p);
}
}  // namespace

void heap_tracking_start() {
    g_live = 0;
    g_peak = 0;
    g_tracking = true;
}
void heap_tracking_stop() { g_tracking = false; }
int64_t heap_tracking_live() { return g_live; }
int64_t heap_tracking_peak() { return g_peak; }

}  // namespace taescope::bench

using taescope::bench::allocate;
using taescope::bench::allocate_aligned;
using taescope::bench::release;

void* operator new(std::size_t size) {
    if (void* p = allocate(size)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
    if (void* p = allocate(size)) return p;
    throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return allocate(size); }
void* operator new(std::size_t size, std::align_val_t alignment) {
    if (void* p = allocate_aligned(size, alignment)) return p;
    throw std::bad_alloc();
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
    if (void* p = allocate_aligned(size, alignment)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
