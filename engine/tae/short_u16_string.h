// A UTF-16 string that keeps up to 24 code units inside itself and longer ones on the heap.
//
// Every animation of a TAE file may name its motion file ("a000_004020.hkt": 15 units, too long
// for std::u16string's 7-unit small-string buffer): a heap allocation and a free per animation,
// 7,777 of each for ds3/c0000. Names that fit are stored in place.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace taescope {

class ShortU16String {
public:
    ShortU16String() = default;
    ShortU16String(std::u16string_view s) { assign(s.data(), s.size()); }  // NOLINT: implicit, like a string
    ShortU16String(const std::u16string& s) : ShortU16String(std::u16string_view(s)) {}  // NOLINT
    ShortU16String(const char16_t* s) : ShortU16String(std::u16string_view(s)) {}        // NOLINT
    ShortU16String(const ShortU16String& other) { assign(other.data(), other.size()); }
    ShortU16String(ShortU16String&& other) noexcept { take(other); }
    ShortU16String& operator=(const ShortU16String& other) {
        if (this != &other) {
            release();
            assign(other.data(), other.size());
        }
        return *this;
    }
    ShortU16String& operator=(ShortU16String&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    ~ShortU16String() { release(); }

    // `n` units stored little-endian at `bytes` (as in a file; no alignment needed).
    static ShortU16String from_le_bytes(const uint8_t* bytes, size_t n) {
        ShortU16String s;
        char16_t* units = s.allocate(n);
        if (n) std::memcpy(units, bytes, 2 * n);  // every target we build for is little-endian
        return s;
    }

    const char16_t* data() const { return size_ > kInline ? heap_ : inline_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::u16string_view view() const { return {data(), size_}; }
    operator std::u16string_view() const { return view(); }  // NOLINT: implicit, like a string
    std::u16string str() const { return std::u16string(view()); }

    friend bool operator==(const ShortU16String& a, std::u16string_view b) { return a.view() == b; }
    friend bool operator==(const ShortU16String& a, const ShortU16String& b) { return a.view() == b.view(); }
    friend bool operator==(const ShortU16String& a, const std::u16string& b) { return a.view() == b; }
    friend bool operator==(const ShortU16String& a, const char16_t* b) { return a.view() == b; }

private:
    static constexpr uint32_t kInline = 24;

    char16_t* allocate(size_t n) {
        size_ = uint32_t(n);
        if (n > kInline) heap_ = new char16_t[n];
        return size_ > kInline ? heap_ : inline_;
    }
    void assign(const char16_t* s, size_t n) {
        char16_t* units = allocate(n);
        std::copy(s, s + n, units);
    }
    void release() {
        if (size_ > kInline) delete[] heap_;
        size_ = 0;
    }
    void take(ShortU16String& other) {
        size_ = other.size_;
        if (size_ > kInline) {
            heap_ = other.heap_;
        } else {
            std::memcpy(inline_, other.inline_, sizeof inline_);
        }
        other.size_ = 0;
    }

    uint32_t size_ = 0;
    union {
        char16_t inline_[kInline];  // units past size_ are never read
        char16_t* heap_;
    };
};

}  // namespace taescope
