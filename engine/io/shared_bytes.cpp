#include "io/shared_bytes.h"

#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace taescope {

namespace {

// A fresh buffer is mapped by the kernel one 4 KiB page at a time as it is first written: for a
// 20 MB payload about 5,000 page faults, which took longer than libdeflate's inflate of it
// (`taescope decompress`, bench "process"). Linux maps a 2 MiB-aligned region marked
// MADV_HUGEPAGE in 2 MiB pages where it can (transparent huge pages, "madvise" mode included):
// about 10 faults. Elsewhere (wasm, other systems) a plain allocation.
std::shared_ptr<uint8_t[]> allocate_uninitialized(size_t size) {
#if defined(__linux__)
    // From 256 KiB up: 64 faults of 4 KiB cost more than one huge page (the memory rounded up to
    // 2 MiB is one buffer per opened file).
    constexpr size_t kHugePage = size_t(2) << 20;
    if (size >= (size_t(256) << 10)) {
        const size_t rounded = (size + kHugePage - 1) / kHugePage * kHugePage;
        if (void* p = std::aligned_alloc(kHugePage, rounded)) {
            (void)madvise(p, rounded, MADV_HUGEPAGE);  // a hint: refused, the buffer still works
            return std::shared_ptr<uint8_t[]>(static_cast<uint8_t*>(p), [](uint8_t* q) { std::free(q); });
        }
    }
#endif
    return std::shared_ptr<uint8_t[]>(new uint8_t[size ? size : 1]);  // default-initialised: not zeroed
}

}  // namespace

SharedBytes SharedBytes::uninitialized(size_t size, uint8_t** writable) {
    std::shared_ptr<uint8_t[]> buffer = allocate_uninitialized(size);
    *writable = buffer.get();
    SharedBytes b;
    b.data_ = buffer.get();
    b.size_ = size;
    b.owner_ = std::move(buffer);
    return b;
}

}  // namespace taescope
