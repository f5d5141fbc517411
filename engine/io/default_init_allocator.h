// An allocator whose value-less construct() default-initialises: resize() of a vector of bytes
// then leaves the new bytes as they are instead of zeroing them, for buffers that are written
// in full right after (the TAE parameter arena).
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace taescope {

template <class T>
struct DefaultInitAllocator : std::allocator<T> {
    using value_type = T;
    template <class U>
    struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    DefaultInitAllocator() = default;
    template <class U>
    DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept {}

    template <class U>
    void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

// Bytes that grow without being zeroed first.
using ByteArena = std::vector<uint8_t, DefaultInitAllocator<uint8_t>>;

}  // namespace taescope
