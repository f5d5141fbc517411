// A vector whose elements may live in a block shared by a whole file (the "slab").
//
// Reading a TAE file gave every animation a std::vector of events and one of groups: two
// allocations and two frees per animation, a quarter of the instructions of reading ds3/c0000
// (7,777 animations). The reader now allocates one slab per file for every animation's events
// and groups and builds each animation's lists in it; a list keeps the slab alive (a shared
// reference), so an animation may outlive its file or be moved anywhere.
//
// It behaves as a std::vector of values: copies are deep and own their storage, and a list that
// must grow past the room it was given in the slab moves its elements into storage of its own.
// Elements in the slab belong to that one list alone, so writing them in place is safe.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <new>
#include <stdexcept>
#include <utility>
#include <vector>

namespace taescope {

template <class T>
class SlabVector {
public:
    using value_type = T;
    using size_type = size_t;
    using difference_type = std::ptrdiff_t;
    using reference = T&;
    using const_reference = const T&;
    using pointer = T*;
    using const_pointer = const T*;
    using iterator = T*;
    using const_iterator = const T*;

    SlabVector() = default;
    SlabVector(std::initializer_list<T> values) { append_copies(values.begin(), values.end()); }
    explicit SlabVector(const std::vector<T>& values) { append_copies(values.data(), values.data() + values.size()); }
    SlabVector(const SlabVector& other) { append_copies(other.begin(), other.end()); }
    SlabVector(SlabVector&& other) noexcept { take(other); }
    SlabVector& operator=(const SlabVector& other) {
        if (this != &other) {
            SlabVector copy(other);
            swap(copy);
        }
        return *this;
    }
    SlabVector& operator=(SlabVector&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    SlabVector& operator=(std::initializer_list<T> values) {
        SlabVector copy(values);
        swap(copy);
        return *this;
    }
    ~SlabVector() { release(); }

    // An empty list whose first `capacity` elements go to `storage`, raw memory inside `slab`
    // (suitably aligned, used by no other list). Growing past it moves the list to storage of its own.
    static SlabVector in_slab(T* storage, size_t capacity, std::shared_ptr<const void> slab) {
        SlabVector v;
        v.data_ = storage;
        v.capacity_ = capacity;
        v.slab_ = std::move(slab);
        return v;
    }
    // Whether the elements live in a shared slab (for tests of the reader).
    bool in_shared_slab() const { return slab_ != nullptr; }

    // The room past the last element, for a reader that constructs elements there itself, then
    // calls constructed_at_end(n) (n <= capacity() - size()).
    T* uninitialized_end() { return data_ + size_; }
    void constructed_at_end(size_t n) { size_ += n; }

    T* data() { return data_; }
    const T* data() const { return data_; }
    size_t size() const { return size_; }
    size_t capacity() const { return capacity_; }
    bool empty() const { return size_ == 0; }
    iterator begin() { return data_; }
    iterator end() { return data_ + size_; }
    const_iterator begin() const { return data_; }
    const_iterator end() const { return data_ + size_; }
    const_iterator cbegin() const { return data_; }
    const_iterator cend() const { return data_ + size_; }
    T& operator[](size_t i) { return data_[i]; }
    const T& operator[](size_t i) const { return data_[i]; }
    T& at(size_t i) {
        if (i >= size_) throw std::out_of_range("SlabVector::at");
        return data_[i];
    }
    const T& at(size_t i) const {
        if (i >= size_) throw std::out_of_range("SlabVector::at");
        return data_[i];
    }
    T& front() { return data_[0]; }
    const T& front() const { return data_[0]; }
    T& back() { return data_[size_ - 1]; }
    const T& back() const { return data_[size_ - 1]; }

    void reserve(size_t n) {
        if (n > capacity_) move_to_own_storage(n);
    }
    template <class... Args>
    T& emplace_back(Args&&... args) {
        if (size_ == capacity_) {
            // args may refer to an element: build the value before the elements move.
            T value(std::forward<Args>(args)...);
            move_to_own_storage(grown_capacity(size_ + 1));
            ::new (static_cast<void*>(data_ + size_)) T(std::move(value));
        } else {
            ::new (static_cast<void*>(data_ + size_)) T(std::forward<Args>(args)...);
        }
        return data_[size_++];
    }
    void push_back(const T& value) { emplace_back(value); }
    void push_back(T&& value) { emplace_back(std::move(value)); }
    void pop_back() { std::destroy_at(data_ + --size_); }

    iterator insert(const_iterator at, T value) {
        const size_t i = size_t(at - begin());
        emplace_back(std::move(value));
        std::rotate(begin() + i, end() - 1, end());
        return begin() + i;
    }
    iterator erase(const_iterator first, const_iterator last) {
        const size_t i = size_t(first - begin()), n = size_t(last - first);
        std::move(begin() + i + n, end(), begin() + i);
        std::destroy(end() - n, end());
        size_ -= n;
        return begin() + i;
    }
    iterator erase(const_iterator at) { return erase(at, at + 1); }
    void clear() {
        std::destroy(begin(), end());
        size_ = 0;
    }
    void resize(size_t n) {
        if (n < size_) {
            std::destroy(begin() + n, end());
        } else {
            reserve(n);
            std::uninitialized_value_construct(end(), begin() + n);
        }
        size_ = n;
    }

    void swap(SlabVector& other) noexcept {
        std::swap(data_, other.data_);
        std::swap(size_, other.size_);
        std::swap(capacity_, other.capacity_);
        std::swap(slab_, other.slab_);
    }

    friend bool operator==(const SlabVector& a, const SlabVector& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    static size_t grown_capacity(size_t needed) { return std::max<size_t>(needed, 4); }

    void move_to_own_storage(size_t capacity) {
        capacity = std::max(capacity, 2 * capacity_);
        T* grown = std::allocator<T>().allocate(capacity);
        std::uninitialized_move(begin(), end(), grown);
        const size_t kept = size_;
        release();
        data_ = grown;
        size_ = kept;
        capacity_ = capacity;
    }
    template <class It>
    void append_copies(It first, It last) {
        reserve(size_ + size_t(last - first));
        std::uninitialized_copy(first, last, end());
        size_ += size_t(last - first);
    }
    // Destroys the elements and gives back storage of its own (slab storage is the slab's).
    void release() {
        std::destroy(begin(), end());
        if (!slab_ && data_) std::allocator<T>().deallocate(data_, capacity_);
        slab_.reset();
        data_ = nullptr;
        size_ = capacity_ = 0;
    }
    void take(SlabVector& other) {
        data_ = std::exchange(other.data_, nullptr);
        size_ = std::exchange(other.size_, 0);
        capacity_ = std::exchange(other.capacity_, 0);
        slab_ = std::move(other.slab_);
    }

    T* data_ = nullptr;
    size_t size_ = 0;
    size_t capacity_ = 0;
    std::shared_ptr<const void> slab_;  // null: data_ is storage of this list's own
};

}  // namespace taescope
