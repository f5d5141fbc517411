// An immutable byte string that may be a window into a larger shared buffer.
//
// A binder's members are windows into its decompressed payload rather than copies of it, so
// opening a 140 MB binder allocates and touches the payload once, not twice. Copies share the
// buffer (a Document can be copied safely); replacing the bytes (assignment, assign()) gives
// the value its own buffer and leaves every other holder unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

namespace taescope {

class SharedBytes {
public:
    SharedBytes() = default;
    SharedBytes(std::vector<uint8_t> bytes)  // NOLINT: implicit, so members can be set from a vector
    {
        auto owner = std::make_shared<const std::vector<uint8_t>>(std::move(bytes));
        data_ = owner->data();
        size_ = owner->size();
        owner_ = std::move(owner);
    }

    // A new buffer of `size` bytes left uninitialised, for a decoder that writes every byte of it
    // (no zero-fill of a payload about to be overwritten: that took 15% of `taescope decompress`
    // on a 20 MB binder). `*writable` receives its start; write it before sharing the value.
    // On Linux a buffer of 256 KiB or more asks for transparent huge pages (shared_bytes.cpp).
    static SharedBytes uninitialized(size_t size, uint8_t** writable);

    // Bytes [offset, offset + size) of `whole`, sharing its buffer. The range must lie inside.
    static SharedBytes window(const SharedBytes& whole, size_t offset, size_t size) {
        SharedBytes w;
        w.owner_ = whole.owner_;
        w.data_ = whole.data_ + offset;
        w.size_ = size;
        return w;
    }

    SharedBytes& operator=(std::vector<uint8_t> bytes) { return *this = SharedBytes(std::move(bytes)); }
    template <class It>
    void assign(It first, It last) {
        *this = std::vector<uint8_t>(first, last);
    }
    void assign(size_t count, uint8_t value) { *this = std::vector<uint8_t>(count, value); }

    const uint8_t* data() const { return data_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const uint8_t* begin() const { return data_; }
    const uint8_t* end() const { return data_ + size_; }
    uint8_t operator[](size_t i) const { return data_[i]; }
    operator std::span<const uint8_t>() const { return {data_, size_}; }  // NOLINT: implicit, like a vector
    std::vector<uint8_t> to_vector() const { return std::vector<uint8_t>(begin(), end()); }
    // Whether both are windows into one buffer (for tests of the no-copy read).
    bool shares_buffer_with(const SharedBytes& other) const { return owner_ && owner_ == other.owner_; }

    friend bool operator==(const SharedBytes& a, const SharedBytes& b) {
        return a.size_ == b.size_ && (a.size_ == 0 || std::memcmp(a.data_, b.data_, a.size_) == 0);
    }

private:
    std::shared_ptr<const void> owner_;  // a std::vector<uint8_t> or a uint8_t[] of uninitialized()
    const uint8_t* data_ = nullptr;
    size_t size_ = 0;
};

}  // namespace taescope
