#include "tae/tae_writer.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "tae/tae_header_layout.h"

namespace taescope {

namespace {

uint64_t align16(uint64_t v) { return (v + 15) & ~uint64_t{15}; }

// Sorted distinct times of one animation, as order keys.
void collect_times(const TaeAnimation& a, std::vector<uint32_t>& keys) {
    keys.clear();
    keys.reserve(a.events.size() * 2);
    for (const auto& e : a.events) {
        keys.push_back(f32_order_key(e.start_bits));
        keys.push_back(f32_order_key(e.end_bits));
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
}

// The same table for the writer, plus each event time's index in it (slot 2j is event j's
// start, 2j + 1 its end). An animation's 2n times hold few distinct values (frame times, shared
// by many events), so the distinct keys are found with a small open-addressing hash table and
// only those are sorted: sorting all 2n times (key, slot) pairs was the writer's largest cost.
// The result is the same as sorting every time: the table is the ascending distinct keys, and
// each slot's index is its key's rank.
constexpr size_t kRankByCountingMax = 96;

struct TimeIndexScratch {
    std::vector<uint64_t> table;          // (key << 32) | (distinct id + 1); 0 = empty
    std::vector<uint32_t> distinct_keys;  // in first-seen order: index = distinct id
    std::vector<uint64_t> sorted_pairs;   // (key << 32) | id, for animations with many distinct times
    std::vector<uint32_t> id_of_slot;
    std::vector<uint32_t> rank_of_id;
};

void index_times(const TaeAnimation& a, TimeIndexScratch& s, std::vector<uint32_t>& keys,
                 std::vector<uint32_t>& index_of_slot) {
    const size_t slots = 2 * a.events.size();
    unsigned log2 = 4;
    while ((size_t(1) << log2) < 2 * slots) ++log2;  // load factor at most 1/2
    const size_t mask = (size_t(1) << log2) - 1;
    s.table.assign(mask + 1, 0);
    s.distinct_keys.resize(slots);
    s.id_of_slot.resize(slots);
    uint64_t* const table = s.table.data();
    uint32_t* const distinct = s.distinct_keys.data();
    uint32_t* const id_of_slot = s.id_of_slot.data();
    uint32_t m = 0;
    // Whether a time is new is data-dependent (often near 50/50), so the insert is branch-free:
    // the entry and the distinct key are stored either way, and m advances only for a new one.
    for (size_t slot = 0; slot < slots; ++slot) {
        const TaeEvent& e = a.events[slot >> 1];
        const uint32_t key = f32_order_key((slot & 1) ? e.end_bits : e.start_bits);
        size_t h = size_t((uint64_t(key) * 0x9E3779B97F4A7C15ull) >> (64 - log2));
        while (table[h] != 0 && uint32_t(table[h] >> 32) != key) h = (h + 1) & mask;
        const uint64_t entry = table[h];
        const uint32_t id = entry == 0 ? m : uint32_t(entry) - 1;
        table[h] = uint64_t(key) << 32 | (id + 1);
        distinct[m] = key;
        m += entry == 0;
        id_of_slot[slot] = id;
    }
    keys.resize(m);
    s.rank_of_id.resize(m);
    uint32_t* const rank_of_id = s.rank_of_id.data();
    if (m <= kRankByCountingMax) {
        // Each key's rank is the number of keys below it (they are distinct): m * m branch-free
        // comparisons that the compiler vectorises, cheaper than a sort's mispredicted branches
        // at these sizes.
        for (uint32_t i = 0; i < m; ++i) {
            const uint32_t k = distinct[i];
            uint32_t rank = 0;
            for (uint32_t j = 0; j < m; ++j) rank += distinct[j] < k;
            rank_of_id[i] = rank;
            keys[rank] = k;
        }
    } else {
        s.sorted_pairs.resize(m);
        for (uint32_t i = 0; i < m; ++i) s.sorted_pairs[i] = uint64_t(distinct[i]) << 32 | i;
        std::sort(s.sorted_pairs.begin(), s.sorted_pairs.end());
        for (uint32_t r = 0; r < m; ++r) {
            keys[r] = uint32_t(s.sorted_pairs[r] >> 32);
            rank_of_id[uint32_t(s.sorted_pairs[r])] = r;
        }
    }
    index_of_slot.resize(slots);
    for (size_t slot = 0; slot < slots; ++slot) index_of_slot[slot] = rank_of_id[id_of_slot[slot]];
}

uint32_t key_to_bits(uint32_t key) { return (key & 0x80000000u) ? key & 0x7FFFFFFFu : ~key; }

// Output into a zero-filled buffer sized from an upper-bound estimate: padding is a cursor move
// and each field one unchecked store. Capacity is checked once per block instead (ensure() before
// the header, the tables and each animation, with that block's upper bound), which keeps the
// per-field stores free of branches; the buffer grows if an estimate is ever short. (Zero-filling
// each block just before it is written instead measured no faster.)
class OutputBuffer {
public:
    explicit OutputBuffer(uint64_t estimate) : buf_(estimate, 0) {}
    uint64_t pos() const { return pos_; }
    // Makes room for at least n more bytes.
    void ensure(uint64_t n) {
        if (pos_ + n > buf_.size()) buf_.resize(std::max<uint64_t>(2 * buf_.size(), pos_ + n), 0);
    }
    void u32le(uint32_t v) { put(&v, 4); }
    void i32le(int32_t v) { put(&v, 4); }
    void u64le(uint64_t v) { put(&v, 8); }
    void bytes(Bytes b) {
        if (!b.empty()) put(b.data(), b.size());
    }
    void zeros(uint64_t n) { pos_ += n; }
    void pad_to(uint64_t alignment) {
        if (uint64_t r = pos_ % alignment) pos_ += alignment - r;
    }
    void utf16z(const std::u16string& s) {
        for (char16_t c : s) {
            uint16_t v = uint16_t(c);
            put(&v, 2);
        }
        pos_ += 2;
    }
    void patch_u32le(uint64_t at, uint32_t v) { std::memcpy(buf_.data() + at, &v, 4); }
    void patch_u64le(uint64_t at, uint64_t v) { std::memcpy(buf_.data() + at, &v, 8); }
    uint8_t* at(uint64_t offset) { return buf_.data() + offset; }
    std::vector<uint8_t> take() {
        buf_.resize(pos_);
        return std::move(buf_);
    }

private:
    void put(const void* p, uint64_t n) {
        std::memcpy(buf_.data() + pos_, p, n);
        pos_ += n;
    }
    std::vector<uint8_t> buf_;
    uint64_t pos_ = 0;
};

// Upper bounds of what the writer emits: a name with its NUL and padding; one animation with
// its table entry, run, body, mini header, times, events and groups.
uint64_t name_bound(const std::optional<std::u16string>& name) { return name ? 2 * name->size() + 2 + 15 : 0; }

uint64_t animation_bound(const TaeAnimation& a) {
    uint64_t n = 16 + 16 + 48 + 48 + 32 + 16 + 2 * (a.motion_file_name ? a.motion_file_name->size() : 0);
    // Per event: its header, its data record padded to 16 (exact) and at most two times.
    for (const auto& e : a.events) n += 24 + align16(16 + uint64_t(e.parameter_size)) + 8;
    for (const auto& g : a.groups) n += 32 + align16(16 + 4 * uint64_t(g.event_indices.size()));
    return n;
}

// The whole file's bound; each animation's is kept for the ensure() before it is written.
uint64_t estimate_size(const TaeFile& f, std::vector<uint64_t>& animation_bounds) {
    uint64_t n = 512 + name_bound(f.skeleton_name) + name_bound(f.sib_name);
    animation_bounds.resize(f.animations.size());
    for (size_t i = 0; i < f.animations.size(); ++i) n += animation_bounds[i] = animation_bound(f.animations[i]);
    return n;
}

class TaeWriter {
public:
    explicit TaeWriter(const TaeFile& f) : f_(f), w_(estimate_size(f, animation_bounds_)) {}

    std::vector<uint8_t> run() {
        using namespace tae_header;
        const TaeHeader& h = f_.header;
        w_.ensure(kTaeHeaderSize + name_bound(f_.skeleton_name) + name_bound(f_.sib_name));
        w_.bytes(Bytes(h.raw.data(), h.raw.size()));
        if (w_.pos() < kTaeHeaderSize) w_.zeros(kTaeHeaderSize - w_.pos());

        const uint64_t skeleton_off = w_.pos();
        if (f_.skeleton_name) write_name(*f_.skeleton_name);
        const uint64_t sib_off = w_.pos();
        if (f_.sib_name) write_name(*f_.sib_name);

        const auto& anims = f_.animations;
        const uint64_t n = anims.size();
        const uint64_t table_off = w_.pos();
        const auto runs = derive_animation_runs(anims);
        const uint64_t group_header_off = table_off + 16 * n;
        const uint64_t runs_off = group_header_off + 16;
        const uint64_t bodies_off = runs_off + 16 * runs.size();
        w_.ensure(bodies_off + 48 * n - table_off);

        for (uint64_t i = 0; i < n; ++i) {
            w_.u64le(anims[i].number);
            w_.u64le(bodies_off + 48 * i);
        }
        w_.u64le(runs.size());
        w_.u64le(n ? runs_off : 0);
        for (const auto& run : runs) {
            w_.i32le(int32_t(anims[run.first_index].number));
            w_.i32le(int32_t(anims[run.last_index].number));
            w_.u64le(table_off + 16 * run.first_index);
        }
        w_.zeros(48 * n);  // bodies, patched below
        for (uint64_t i = 0; i < n; ++i) write_animation(anims[i], animation_bounds_[i], bodies_off + 48 * i);

        // The header: stored fields from the model, derived fields from this layout.
        const uint64_t file_size = w_.pos();
        w_.patch_u32le(kFileSize, uint32_t(file_size));
        w_.patch_u32le(kVersion, h.version);
        w_.patch_u64le(kEventBank, h.event_bank);
        std::memcpy(w_.at(kFlagBytes), h.flag_bytes.data(), 8);
        w_.patch_u32le(kFileId, h.file_id);
        w_.patch_u32le(kAnimationCount, uint32_t(n));
        w_.patch_u64le(kAnimationTableOffset, n ? table_off : 0);
        w_.patch_u64le(kGroupHeaderOffset, group_header_off);
        const bool repeat_agreed = h.animation_count_repeat == h.animation_count;
        w_.patch_u64le(kAnimationCountRepeat, repeat_agreed ? n : h.animation_count_repeat);
        w_.patch_u64le(kFirstBodyOffset, n ? bodies_off : 0);
        w_.patch_u32le(kFileIdRepeats, h.file_id_repeats[0]);
        w_.patch_u32le(kFileIdRepeats + 4, h.file_id_repeats[1]);
        w_.patch_u64le(kSkeletonNameOffset, skeleton_off);
        w_.patch_u64le(kSibNameOffset, sib_off);
        return w_.take();
    }

private:
    const TaeFile& f_;
    std::vector<uint64_t> animation_bounds_;  // filled before w_ is constructed (declared first)
    OutputBuffer w_;
    std::vector<uint32_t> time_keys_;
    TimeIndexScratch time_scratch_;
    std::vector<uint32_t> time_index_;
    std::vector<uint64_t> data_offsets_;

    void write_name(const std::u16string& s) {
        w_.utf16z(s);
        w_.pad_to(16);
    }

    void write_animation(const TaeAnimation& a, uint64_t bound, uint64_t body) {
        w_.ensure(bound);
        // Mini header block, then the motion file name if the animation states one.
        const uint64_t mini = w_.pos();
        w_.u64le(a.header_type);
        w_.u64le(a.header_null ? 0 : mini + 16);
        w_.u64le(mini + 48);
        w_.bytes(Bytes(a.header_data.data(), 8));
        w_.bytes(Bytes(a.header_tail.data(), 16));
        if (a.motion_file_name) write_name(*a.motion_file_name);

        index_times(a, time_scratch_, time_keys_, time_index_);
        const uint64_t times_off = time_keys_.empty() ? 0 : w_.pos();
        for (uint32_t key : time_keys_) w_.u32le(key_to_bits(key));
        w_.pad_to(16);

        // Event headers point at data records that follow them, each padded to 16.
        const size_t ec = a.events.size();
        const uint64_t events_off = ec ? w_.pos() : 0;
        data_offsets_.resize(ec);
        uint64_t p = w_.pos() + 24 * ec;
        for (size_t j = 0; j < ec; ++j) {
            data_offsets_[j] = p;
            p = align16(p + 16 + a.events[j].parameter_size);
        }
        for (size_t j = 0; j < ec; ++j) {
            w_.u64le(times_off + 4 * uint64_t(time_index_[2 * j]));
            w_.u64le(times_off + 4 * uint64_t(time_index_[2 * j + 1]));
            w_.u64le(data_offsets_[j]);
        }
        for (size_t j = 0; j < ec; ++j) {
            const TaeEvent& e = a.events[j];
            w_.i32le(e.type);
            w_.i32le(e.unknown04);
            w_.u64le(e.parameter_offset_zero ? 0 : data_offsets_[j] + 16);
            w_.bytes(f_.parameters(e));
            w_.pad_to(16);
        }

        // Event group headers, then per group its type block and member offsets.
        const size_t gc = a.groups.size();
        const uint64_t groups_off = gc ? w_.pos() : 0;
        uint64_t q = w_.pos() + 32 * gc;
        for (const auto& g : a.groups) {
            w_.u64le(g.event_indices.size());
            w_.u64le(q + 16);
            w_.u64le(q);
            w_.u64le(g.reserved);
            q = align16(q + 16 + 4 * g.event_indices.size());
        }
        for (const auto& g : a.groups) {
            w_.i32le(g.type);
            w_.bytes(Bytes(g.type_tail.data(), 12));
            for (uint32_t idx : g.event_indices) w_.u32le(uint32_t(events_off + 24 * uint64_t(idx)));
            w_.pad_to(16);
        }

        w_.patch_u64le(body, events_off);
        w_.patch_u64le(body + 8, groups_off);
        w_.patch_u64le(body + 16, times_off);
        w_.patch_u64le(body + 24, mini);
        w_.patch_u32le(body + 32, uint32_t(ec));
        w_.patch_u32le(body + 36, uint32_t(gc));
        w_.patch_u64le(body + 40, time_keys_.size());
    }
};

}  // namespace

std::vector<uint8_t> write_tae(const TaeFile& file) { return TaeWriter(file).run(); }

std::vector<uint32_t> derive_times_table(const TaeAnimation& animation) {
    std::vector<uint32_t> keys;
    collect_times(animation, keys);
    for (auto& k : keys) k = key_to_bits(k);
    return keys;
}

std::vector<TaeAnimationRun> derive_animation_runs(const std::vector<TaeAnimation>& animations) {
    std::vector<TaeAnimationRun> runs;
    for (size_t i = 0; i < animations.size(); ++i) {
        if (!runs.empty() && runs.back().last_index + 1 == i && animations[i - 1].number + 1 == animations[i].number)
            runs.back().last_index = i;
        else
            runs.push_back({i, i});
    }
    return runs;
}

}  // namespace taescope
