#include "tae/tae_writer.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>

#include "io/short_copy.h"
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
// start, 2j + 1 its end). The result is the same as sorting all 2n times: the table is the
// ascending distinct keys, and each slot's index is its key's rank. Sorting every (key, slot)
// pair was the writer's largest cost, so the work is split by what the times are:
//  - Frame times. Nearly every time in the games' files is an exact frame time k/30 s
//    (float(k) / 30.0f, the correctly rounded quotient) for a frame k below kFrameLimit. Such a
//    time is recognised by one lookup in a table of those floats, and marked in a bitmap of
//    frames; walking the bitmap in frame order yields them already sorted, since the table
//    ascends.
//  - Every other time (FLT_MAX for "to the end", off-frame times, negatives, NaN bit patterns):
//    its distinct keys are found with a small open-addressing hash table and ranked by
//    counting (up to 96) or sorting, then merged with the frame times during the walk.
constexpr size_t kRankByCountingMax = 96;
constexpr uint32_t kFrameLimit = 8192;  // 273 s at 30 fps; longer times take the general path
constexpr uint32_t kFrameWords = kFrameLimit / 64;

struct FrameTimes {
    uint32_t bits[kFrameLimit];  // float(k) / 30.0f as bits
    uint32_t keys[kFrameLimit];  // their order keys, ascending
    FrameTimes() {
        for (uint32_t k = 0; k < kFrameLimit; ++k) {
            bits[k] = TaeEvent::f32_to_bits(float(k) / 30.0f);
            keys[k] = f32_order_key(bits[k]);
        }
    }
};

const FrameTimes& frame_times() {
    static const FrameTimes table;
    return table;
}

// The frame of an exact frame time, or kFrameLimit when the bits are not one.
inline uint32_t frame_of(uint32_t bits, const FrameTimes& ft) {
    float v;
    std::memcpy(&v, &bits, 4);
    // The range test is false for NaN; in range, the conversion is defined.
    const uint32_t k = (v >= 0.0f && v < float(kFrameLimit) / 30.0f) ? uint32_t(v * 30.0f + 0.5f) : kFrameLimit;
    return (k < kFrameLimit && ft.bits[k] == bits) ? k : kFrameLimit;
}

struct TimeIndexScratch {
    uint64_t frame_bitmap[kFrameWords + 1] = {};  // all zero between calls, but for the spare last word
    // Rank of a slot's code: [0, kFrameLimit) for frames, then one per other id. Valid only for
    // the codes seen in this call, so never cleared (nor value-initialised).
    std::unique_ptr<uint32_t[]> rank_of_code;
    size_t rank_capacity = 0;
    std::vector<uint32_t> code_of_slot;       // frame, or kFrameLimit + other id
    std::vector<uint32_t> other_slots;        // the slots whose time is not a frame time
    std::vector<uint64_t> table;              // (key << 32) | (other id + 1); 0 = empty
    std::vector<uint32_t> other_keys;         // in first-seen order: index = other id
    std::vector<uint64_t> sorted_pairs;       // (key << 32) | id, for many distinct other times
    std::vector<uint32_t> other_by_rank;      // other ids, ascending by key
    std::vector<uint32_t> other_sorted_keys;  // their keys, then a sentinel above every frame key
};

// Distinct keys of the other (non-frame) slots, and their ids in ascending key order.
uint32_t index_other_times(const TaeAnimation& a, TimeIndexScratch& s) {
    const size_t n = s.other_slots.size();
    if (n == 0) return 0;
    unsigned log2 = 3;
    while ((size_t(1) << log2) < 2 * n) ++log2;  // load factor at most 1/2
    const size_t mask = (size_t(1) << log2) - 1;
    s.table.assign(mask + 1, 0);
    s.other_keys.resize(n);
    uint64_t* const table = s.table.data();
    uint32_t* const distinct = s.other_keys.data();
    uint32_t* const code_of_slot = s.code_of_slot.data();
    uint32_t m = 0;
    for (uint32_t slot : s.other_slots) {
        const TaeEvent& e = a.events[slot >> 1];
        const uint32_t key = f32_order_key((slot & 1) ? e.end_bits : e.start_bits);
        size_t h = size_t((uint64_t(key) * 0x9E3779B97F4A7C15ull) >> (64 - log2));
        while (table[h] != 0 && uint32_t(table[h] >> 32) != key) h = (h + 1) & mask;
        const uint64_t entry = table[h];
        const uint32_t id = entry == 0 ? m : uint32_t(entry) - 1;
        table[h] = uint64_t(key) << 32 | (id + 1);
        distinct[m] = key;
        m += entry == 0;
        code_of_slot[slot] = kFrameLimit + id;
    }
    s.other_by_rank.resize(m);
    if (m <= kRankByCountingMax) {
        // Each key's rank is the number of keys below it (they are distinct): m * m branch-free
        // comparisons that the compiler vectorises, cheaper than a sort at these sizes.
        for (uint32_t i = 0; i < m; ++i) {
            const uint32_t k = distinct[i];
            uint32_t rank = 0;
            for (uint32_t j = 0; j < m; ++j) rank += distinct[j] < k;
            s.other_by_rank[rank] = i;
        }
    } else {
        s.sorted_pairs.resize(m);
        for (uint32_t i = 0; i < m; ++i) s.sorted_pairs[i] = uint64_t(distinct[i]) << 32 | i;
        std::sort(s.sorted_pairs.begin(), s.sorted_pairs.end());
        for (uint32_t r = 0; r < m; ++r) s.other_by_rank[r] = uint32_t(s.sorted_pairs[r]);
    }
    s.other_sorted_keys.resize(m + 1);
    for (uint32_t r = 0; r < m; ++r) s.other_sorted_keys[r] = distinct[s.other_by_rank[r]];
    s.other_sorted_keys[m] = UINT32_MAX;
    return m;
}

void index_times(const TaeAnimation& a, TimeIndexScratch& s, std::vector<uint32_t>& keys,
                 std::vector<uint32_t>& index_of_slot) {
    const FrameTimes& ft = frame_times();
    const size_t slots = 2 * a.events.size();
    s.code_of_slot.resize(slots);
    s.other_slots.resize(slots);
    uint32_t* const code_of_slot = s.code_of_slot.data();
    uint32_t* const other_slots = s.other_slots.data();
    uint64_t* const bitmap = s.frame_bitmap;
    uint32_t top_frame_word = 0;
    size_t other_count = 0;
    // Branch-free, because a file may mix frame and other times in any proportion: a time
    // that is not a frame time marks the spare word past the bitmap (never read) and is
    // appended to the other slots; a frame time overwrites that append.
    auto classify = [&](uint32_t slot, uint32_t bits) {
        const uint32_t k = frame_of(bits, ft);
        const bool frame = k < kFrameLimit;
        bitmap[k >> 6] |= uint64_t(1) << (k & 63);
        top_frame_word = std::max(top_frame_word, frame ? (k >> 6) + 1 : 0);
        code_of_slot[slot] = k;
        other_slots[other_count] = slot;
        other_count += !frame;
    };
    for (size_t j = 0; j < a.events.size(); ++j) {
        const TaeEvent& e = a.events[j];
        classify(uint32_t(2 * j), e.start_bits);
        classify(uint32_t(2 * j + 1), e.end_bits);
    }
    s.other_slots.resize(other_count);
    const uint32_t others = index_other_times(a, s);

    // Walk the marked frames in order, merging the other keys in where they fall.
    if (others == 0) {
        s.other_sorted_keys.assign(1, UINT32_MAX);
    }
    if (s.rank_capacity < kFrameLimit + others) {
        s.rank_capacity = std::max<size_t>(kFrameLimit + others, 2 * s.rank_capacity);
        s.rank_of_code.reset(new uint32_t[s.rank_capacity]);
    }
    keys.resize(slots);  // at most this many distinct; trimmed below
    uint32_t* const rank_of_code = s.rank_of_code.get();
    uint32_t* const rank_of_other = rank_of_code + kFrameLimit;
    const uint32_t* const other_keys = s.other_sorted_keys.data();
    const uint32_t* const other_ids = s.other_by_rank.data();
    uint32_t r = 0, next_other = 0;
    for (uint32_t w = 0; w < top_frame_word; ++w) {
        uint64_t word = bitmap[w];
        bitmap[w] = 0;
        while (word) {
            const uint32_t k = w * 64 + uint32_t(__builtin_ctzll(word));
            word &= word - 1;
            const uint32_t key = ft.keys[k];
            // The sentinel is above every frame key, so this stops without a count test.
            while (other_keys[next_other] < key) {
                rank_of_other[other_ids[next_other]] = r;
                keys[r++] = other_keys[next_other++];
            }
            rank_of_code[k] = r;
            keys[r++] = key;
        }
    }
    while (next_other < others) {
        rank_of_other[other_ids[next_other]] = r;
        keys[r++] = other_keys[next_other++];
    }
    keys.resize(r);

    index_of_slot.resize(slots);
    uint32_t* const out = index_of_slot.data();
    for (size_t slot = 0; slot < slots; ++slot) out[slot] = rank_of_code[code_of_slot[slot]];
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
    void skip_to(uint64_t offset) { pos_ = offset; }  // forward only: what lies between stays zero
    void pad_to(uint64_t alignment) {
        if (uint64_t r = pos_ % alignment) pos_ += alignment - r;
    }
    void utf16z(std::u16string_view s) {
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

    void write_name(std::u16string_view s) {
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

        // Event headers point at data records that follow them, each padded to 16 (the
        // buffer is zero-filled, so padding is a skip). One pass writes both, at two cursors.
        const size_t ec = a.events.size();
        const uint64_t events_off = ec ? w_.pos() : 0;
        const uint32_t* const time_index = time_index_.data();
        const uint8_t* const source = f_.source.data();
        const uint8_t* const edited = f_.edited_parameter_bytes.data();
        uint64_t header = w_.pos();
        uint64_t record = header + 24 * ec;
        for (size_t j = 0; j < ec; ++j, header += 24) {
            const TaeEvent& e = a.events[j];
            w_.patch_u64le(header, times_off + 4 * uint64_t(time_index[2 * j]));
            w_.patch_u64le(header + 8, times_off + 4 * uint64_t(time_index[2 * j + 1]));
            w_.patch_u64le(header + 16, record);
            w_.patch_u32le(record, uint32_t(e.type));
            w_.patch_u32le(record + 4, uint32_t(e.unknown04));
            w_.patch_u64le(record + 8, e.parameter_offset_zero ? 0 : record + 16);
            copy_short_bytes(w_.at(record + 16), (e.parameters_in_source ? source : edited) + e.parameter_begin,
                             e.parameter_size);
            record = align16(record + 16 + e.parameter_size);
        }
        if (ec) w_.skip_to(record);

        // Event group headers, then per group its type block and member offsets (padded to
        // 16), in one pass at two cursors like the events.
        const size_t gc = a.groups.size();
        const uint64_t groups_off = gc ? w_.pos() : 0;
        uint64_t group_header = w_.pos();
        uint64_t block = group_header + 32 * gc;
        for (const auto& g : a.groups) {
            const size_t members = g.event_indices.size();
            w_.patch_u64le(group_header, members);
            w_.patch_u64le(group_header + 8, block + 16);
            w_.patch_u64le(group_header + 16, block);
            w_.patch_u64le(group_header + 24, g.reserved);
            group_header += 32;
            w_.patch_u32le(block, uint32_t(g.type));
            std::memcpy(w_.at(block + 4), g.type_tail.data(), 12);
            uint64_t member = block + 16;
            for (uint32_t idx : g.event_indices) {
                w_.patch_u32le(member, uint32_t(events_off + 24 * uint64_t(idx)));
                member += 4;
            }
            block = align16(block + 16 + 4 * uint64_t(members));
        }
        if (gc) w_.skip_to(block);

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
