// The member list of an event group: event indices, up to four stored inline.
//
// Nearly every group in the game files has one or two members (ds3/c0000: 123,271 groups in
// 7,777 animations), and a std::vector per group made reading a TAE file mostly a matter of
// malloc and free. This keeps the part of std::vector's interface the model uses, with
// pointers as iterators, and compares equal to a std::vector holding the same indices.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <vector>

namespace taescope {

class EventIndexList {
public:
    using value_type = uint32_t;
    using iterator = uint32_t*;
    using const_iterator = const uint32_t*;

    EventIndexList() = default;
    EventIndexList(std::initializer_list<uint32_t> values) { assign(values.begin(), values.end()); }
    EventIndexList(const std::vector<uint32_t>& values) { assign(values.data(), values.data() + values.size()); }
    EventIndexList(const EventIndexList& other) { assign(other.begin(), other.end()); }
    EventIndexList(EventIndexList&& other) noexcept { take(other); }
    EventIndexList& operator=(const EventIndexList& other) {
        if (this != &other) assign(other.begin(), other.end());
        return *this;
    }
    EventIndexList& operator=(EventIndexList&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    EventIndexList& operator=(std::initializer_list<uint32_t> values) {
        assign(values.begin(), values.end());
        return *this;
    }
    EventIndexList& operator=(const std::vector<uint32_t>& values) {
        assign(values.data(), values.data() + values.size());
        return *this;
    }
    ~EventIndexList() { release(); }

    uint32_t* data() { return capacity_ > kInline ? heap_ : inline_; }
    const uint32_t* data() const { return capacity_ > kInline ? heap_ : inline_; }
    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    iterator begin() { return data(); }
    iterator end() { return data() + size_; }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + size_; }
    uint32_t& operator[](size_t i) { return data()[i]; }
    const uint32_t& operator[](size_t i) const { return data()[i]; }

    void clear() { size_ = 0; }
    void reserve(size_t n) {
        if (n <= capacity_) return;
        auto* grown = new uint32_t[n];
        const uint32_t kept = size_;
        if (kept) std::memcpy(grown, data(), kept * sizeof(uint32_t));
        release();
        heap_ = grown;
        size_ = kept;
        capacity_ = uint32_t(n);
    }
    // Sets the size to n and returns the storage for the caller to fill: entries are left as
    // they were (none zeroed), for a reader that writes every one of them next.
    uint32_t* resize_for_overwrite(size_t n) {
        if (n > capacity_) {
            release();
            reserve(n);
        }
        size_ = uint32_t(n);
        return data();
    }
    // New entries are 0.
    void resize(size_t n) {
        reserve(n);
        if (n > size_) std::fill(data() + size_, data() + n, 0u);
        size_ = uint32_t(n);
    }
    void push_back(uint32_t v) {
        if (size_ == capacity_) reserve(size_t(capacity_) * 2);
        data()[size_++] = v;
    }
    iterator insert(const_iterator at, uint32_t v) {
        const size_t i = size_t(at - begin());
        push_back(v);
        std::rotate(begin() + i, end() - 1, end());
        return begin() + i;
    }
    iterator erase(const_iterator first, const_iterator last) {
        const size_t i = size_t(first - begin()), n = size_t(last - first);
        std::copy(begin() + i + n, end(), begin() + i);
        size_ -= uint32_t(n);
        return begin() + i;
    }
    iterator erase(const_iterator at) { return erase(at, at + 1); }

    std::vector<uint32_t> to_vector() const { return std::vector<uint32_t>(begin(), end()); }
    operator std::vector<uint32_t>() const { return to_vector(); }

    friend bool operator==(const EventIndexList& a, const EventIndexList& b) {
        return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
    }
    friend bool operator==(const EventIndexList& a, const std::vector<uint32_t>& b) {
        return a.size_ == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    static constexpr uint32_t kInline = 4;

    void assign(const uint32_t* first, const uint32_t* last) {
        const size_t n = size_t(last - first);
        if (n > capacity_) {
            release();
            reserve(n);
        }
        if (n) std::memmove(data(), first, n * sizeof(uint32_t));
        size_ = uint32_t(n);
    }
    void release() {
        if (capacity_ > kInline) delete[] heap_;
        capacity_ = kInline;
        size_ = 0;
    }
    void take(EventIndexList& other) {
        size_ = other.size_;
        capacity_ = other.capacity_;
        if (capacity_ > kInline) {
            heap_ = other.heap_;
        } else {
            std::memcpy(inline_, other.inline_, sizeof inline_);
        }
        other.capacity_ = kInline;
        other.size_ = 0;
    }

    uint32_t size_ = 0;
    uint32_t capacity_ = kInline;
    union {
        uint32_t inline_[kInline];  // entries past size_ are never read as values
        uint32_t* heap_;
    };
};

}  // namespace taescope
