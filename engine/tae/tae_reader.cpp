#include "tae/tae_reader.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>

#include "tae/tae_header_layout.h"

namespace taescope {

namespace {

std::string describe_magic(const uint8_t* p) {
    std::string s = "'";
    for (int i = 0; i < 4; ++i) {
        if (p[i] >= 0x20 && p[i] < 0x7F) {
            s.push_back(char(p[i]));
        } else {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", p[i]);
            s += buf;
        }
    }
    return s + "'";
}

// One pass over the buffer; all per-file state lives here.
class TaeParser {
public:
    // `source` stays the file's: events view their parameter bytes in it (TaeFile::source).
    TaeParser(SharedBytes source, TaeLayout* layout)
        : r_(source), p_(source.data()), size_(source.size()), layout_(layout) {
        file_.source = std::move(source);
    }

    Result<TaeFile> run() {
        TAESCOPE_TRY(begin());
        TAESCOPE_TRY(read_animations(UINT64_MAX));
        return std::move(file_);
    }

    // The header, the names and the animation table: the file's fixed-size work.
    Status begin() {
        TAESCOPE_TRY(read_header());
        TAESCOPE_TRY(read_names());
        return prepare_animations();
    }
    bool animations_left() const { return next_animation_ < file_.animations.size(); }
    // Reads animations until they held `record_budget` event and group records (at least one
    // animation: an animation is never split) or none is left.
    Status read_animations(uint64_t record_budget) {
        const uint64_t table = file_.header.animation_table_offset;
        const uint64_t began = records_read_;
        bool first = true;
        while (animations_left() && (first || records_read_ - began < record_budget)) {
            const uint64_t i = next_animation_++;
            Status s = read_animation(i, table + 16 * i);
            if (!s.ok()) return std::move(s.error().within(animation_context(i, u64(table + 16 * i))));
            records_read_ += file_.animations[i].events.size() + file_.animations[i].groups.size();
            first = false;
        }
        return ok_status();
    }
    uint64_t records_read() const { return records_read_; }
    uint64_t records_declared() const { return records_declared_; }
    TaeFile take() { return std::move(file_); }

private:
    // Budgets: a hostile file can point many records at the same bytes; the model may never
    // hold more than the bytes could store as distinct records (parameter bytes are views, but
    // the writer writes each event's own copy: at most twice the file's size of them).
    uint64_t events_left_ = 0, groups_left_ = 0, group_values_left_ = 0, name_units_left_ = 0, parameters_left_ = 0;

    ByteReader r_;
    const uint8_t* p_;
    uint64_t size_;
    TaeLayout* layout_;
    TaeFile file_;
    // The file's slab (slab_vector.h): the room left in it for events and groups.
    std::shared_ptr<const void> slab_;
    TaeEvent* event_room_ = nullptr;
    uint64_t event_room_left_ = 0;
    TaeEventGroup* group_room_ = nullptr;
    uint64_t group_room_left_ = 0;
    std::vector<uint64_t> bounds_;      // per animation: where each event's parameter bytes end
    std::vector<uint64_t> candidates_;  // fallback boundaries for irregular event data
    uint64_t next_animation_ = 0;       // the next animation read_animations reads
    uint64_t records_read_ = 0;         // event and group records of the animations read
    uint64_t records_declared_ = 0;     // as the bodies inside the data count them (allocate_slab)

    uint64_t u64(uint64_t off) const { return load_u64le(p_ + off); }
    uint32_t u32(uint64_t off) const { return load_u32le(p_ + off); }

    // A structure that a stored offset points at lies (partly) outside the data. The error's
    // offset is where that stored offset is, so that it is always a position in the file.
    Error bounds_error(uint64_t field, uint64_t target, uint64_t len, const std::string& what) const {
        return make_error(field, what + ": needs " + std::to_string(len) + " byte(s) at " + hex(target) +
                                     " but the data ends at " + hex(size_));
    }

    Status read_header() {
        using namespace tae_header;
        if (!r_.has(0, kTaeHeaderSize))
            return make_error(0, "TAE header: needs " + std::to_string(kTaeHeaderSize) + " bytes, the data has " +
                                     std::to_string(size_))
                .within("header");
        if (std::memcmp(p_, "TAE ", 4) != 0)
            return make_error(0, "expected magic 'TAE ', found " + describe_magic(p_)).within("header");
        if (size_ > UINT32_MAX)
            return make_error(0, "TAE data of " + std::to_string(size_) +
                                     " bytes: files of 4 GiB or more are not supported (event offsets are 32-bit)")
                .within("header");
        if (p_[kBigEndian] != 0)
            return make_error(kBigEndian, "big-endian TAE files are not supported (byte 4 is " + hex(p_[kBigEndian]) +
                                              ", expected 0)")
                .within("header");
        if (p_[kPointerWidth] != 0xFF)
            return make_error(kPointerWidth, "32-bit TAE files are not supported (byte 7 is " + hex(p_[kPointerWidth]) +
                                                 ", expected 0xFF for 64-bit offsets)")
                .within("header");
        TaeHeader& h = file_.header;
        std::memcpy(h.raw.data(), p_, kTaeHeaderSize);
        h.version = u32(kVersion);
        if (h.version != kTaeVersionSekiroEldenRing && h.version != kTaeVersionDarkSouls3)
            return make_error(kVersion, "unsupported TAE version " + hex(h.version) +
                                            " (expected 0x1000D, Sekiro / Elden Ring, or 0x1000C, Dark Souls III)")
                .within("header");
        h.file_size = u32(kFileSize);
        h.event_bank = u64(kEventBank);
        std::memcpy(h.flag_bytes.data(), p_ + kFlagBytes, 8);
        h.file_id = u32(kFileId);
        h.animation_count = u32(kAnimationCount);
        h.animation_table_offset = u64(kAnimationTableOffset);
        h.group_header_offset = u64(kGroupHeaderOffset);
        h.animation_count_repeat = u64(kAnimationCountRepeat);
        h.first_body_offset = u64(kFirstBodyOffset);
        h.file_id_repeats = {u32(kFileIdRepeats), u32(kFileIdRepeats + 4)};
        h.skeleton_name_offset = u64(kSkeletonNameOffset);
        h.sib_name_offset = u64(kSibNameOffset);

        events_left_ = size_ / 24;
        groups_left_ = size_ / 32;
        group_values_left_ = size_ / 4;
        name_units_left_ = size_ / 2;
        parameters_left_ = 2 * size_;
        return ok_status();
    }

    // A NUL-terminated UTF-16LE name at `off`, into `name`: the terminator found by one scan
    // bounded by the data's end (no check per unit), the units copied at once (every target is
    // little-endian). Names took an eighth of the parse through ByteReader::utf16z and its Result.
    static void set_name(std::optional<std::u16string>& name, const uint8_t* units, uint64_t n) {
        std::u16string& s = name.emplace(size_t(n), u'\0');
        if (n) std::memcpy(s.data(), units, 2 * n);
    }
    static void set_name(std::optional<ShortU16String>& name, const uint8_t* units, uint64_t n) {
        name = ShortU16String::from_le_bytes(units, size_t(n));
    }

    template <class Name>
    Status read_name(uint64_t field, uint64_t off, const char* what, std::optional<Name>& name) {
        if (!r_.has(off, 2)) return bounds_error(field, off, 2, what);
        const uint8_t* const units = p_ + off;
        const uint64_t available = (size_ - off) / 2;
        uint64_t n = 0;
        while (n < available && (units[2 * n] | units[2 * n + 1]) != 0) ++n;
        if (n == available)
            return make_error(
                off, std::string(what) + ": no NUL terminator before the end of the data (" + hex(size_) + ")");
        if (n > name_units_left_)
            return make_error(off, std::string(what) + ": names overlap beyond what the file can hold");
        name_units_left_ -= n;
        set_name(name, units, n);
        return ok_status();
    }

    // A name is absent when its offset is that of the record that follows it (§5.6 rule 2).
    Status read_names() {
        const TaeHeader& h = file_.header;
        uint64_t after_names = h.animation_count ? h.animation_table_offset : h.group_header_offset;
        if (h.skeleton_name_offset != 0 && h.skeleton_name_offset != h.sib_name_offset &&
            h.skeleton_name_offset != after_names) {
            Status n = read_name(tae_header::kSkeletonNameOffset, h.skeleton_name_offset, "skeleton name",
                                 file_.skeleton_name);
            if (!n.ok()) return std::move(n.error().within("header"));
        }
        if (h.sib_name_offset != 0 && h.sib_name_offset != after_names) {
            Status n = read_name(tae_header::kSibNameOffset, h.sib_name_offset, "SIB name", file_.sib_name);
            if (!n.ok()) return std::move(n.error().within("header"));
        }
        return ok_status();
    }

    Status prepare_animations() {
        const TaeHeader& h = file_.header;
        uint64_t n = h.animation_count;
        if (n == 0) return ok_status();
        uint64_t table = h.animation_table_offset;
        if (!r_.has(table, n * 16))
            return bounds_error(tae_header::kAnimationTableOffset, table, n * 16,
                                "animation table (" + std::to_string(n) + " records of 16 bytes)")
                .within("header");
        file_.animations.resize(n);
        if (layout_) layout_->animations.resize(n);
        allocate_slab(table, n);
        return ok_status();
    }

    // One block for every animation's events and groups, instead of two allocations per
    // animation: sized by the counts of the bodies that lie inside the data (one outside is an
    // error the animation's own read reports), within what the file can hold.
    void allocate_slab(uint64_t table, uint64_t n) {
        uint64_t events = 0, groups = 0;
        for (uint64_t i = 0; i < n; ++i) {
            const uint64_t body = u64(table + 16 * i + 8);
            if (!r_.has(body, 48)) continue;
            events += u32(body + 32);
            groups += u32(body + 36);
        }
        events = std::min(events, events_left_);
        groups = std::min(groups, groups_left_);
        records_declared_ = events + groups;
        if (events + groups == 0) return;
        static_assert(alignof(TaeEventGroup) >= alignof(TaeEvent), "groups first keeps the events aligned");
        const uint64_t group_bytes = groups * sizeof(TaeEventGroup);
        std::shared_ptr<std::byte[]> slab(new std::byte[group_bytes + events * sizeof(TaeEvent)]);
        group_room_ = reinterpret_cast<TaeEventGroup*>(slab.get());
        group_room_left_ = groups;
        event_room_ = reinterpret_cast<TaeEvent*>(slab.get() + group_bytes);
        event_room_left_ = events;
        slab_ = std::move(slab);
    }

    // The mini header offset of the animation after `i` in table order, or ~0 when unknown.
    uint64_t next_mini_header(uint64_t i) const {
        const TaeHeader& h = file_.header;
        if (i + 1 >= h.animation_count) return ~uint64_t{0};
        uint64_t body = u64(h.animation_table_offset + 16 * (i + 1) + 8);
        if (!r_.has(body, 48)) return ~uint64_t{0};
        return u64(body + 24);
    }

    Status read_animation(uint64_t i, uint64_t entry) {
        TaeAnimation& a = file_.animations[i];
        a.number = u64(entry);
        uint64_t body = u64(entry + 8);
        if (!r_.has(body, 48)) return bounds_error(entry + 8, body, 48, "animation body");
        const uint64_t events_off = u64(body), groups_off = u64(body + 8), times_off = u64(body + 16),
                       mini = u64(body + 24);
        const uint32_t event_count = u32(body + 32), group_count = u32(body + 36);
        const uint64_t times_count = u64(body + 40);

        if (!r_.has(mini, 48)) return bounds_error(body + 24, mini, 48, "mini header block");
        a.header_type = u64(mini);
        uint64_t pointer = u64(mini + 8);
        a.header_null = pointer == 0;
        uint64_t record = pointer ? pointer : mini + 16;
        if (!r_.has(record, 32)) return bounds_error(mini + 8, record, 32, "mini header record");
        uint64_t name_off = u64(record);
        std::memcpy(a.header_data.data(), p_ + record + 8, 8);
        std::memcpy(a.header_tail.data(), p_ + record + 16, 16);

        const uint64_t next_mini = next_mini_header(i);
        bool has_name = name_off != 0 && name_off != size_ && name_off != next_mini &&
                        !(times_count && name_off == times_off) && !(event_count && name_off == events_off) &&
                        !(group_count && name_off == groups_off);
        if (has_name) TAESCOPE_TRY(read_name(record, name_off, "motion file name", a.motion_file_name));

        if (layout_) {
            auto& L = layout_->animations[i];
            L.table_entry_offset = entry;
            L.body_offset = body;
            L.events_offset = events_off;
            L.groups_offset = groups_off;
            L.times_offset = times_off;
            L.mini_header_offset = mini;
            L.header_record_offset = pointer;
            L.name_offset = name_off;
            L.event_count = event_count;
            L.group_count = group_count;
            L.times_count = times_count;
            L.first_event = layout_->events.size();
            L.first_group = layout_->groups.size();
        }

        // What follows the last event's parameter bytes: its group headers, else the next
        // animation's block, else the end of the data.
        uint64_t tail = group_count ? groups_off : (next_mini != ~uint64_t{0} ? next_mini : size_);
        TAESCOPE_TRY(read_events(a, body, events_off, event_count, tail, groups_off, group_count, next_mini));
        TAESCOPE_TRY(read_groups(a, body, groups_off, group_count, events_off, event_count));
        return ok_status();
    }

    // Where each event's parameter bytes end. Normally the next event's data record; when the
    // records are not in ascending order (edited files), the nearest record start after them.
    void event_bounds(uint64_t events_off, uint32_t count, uint64_t tail, uint64_t groups_off, uint32_t group_count,
                      uint64_t next_mini) {
        bounds_.resize(count);
        uint64_t* const bounds = bounds_.data();
        bool regular = tail <= size_;
        // An event's bytes begin 16 past its data record; the next record's offset, read once,
        // is this event's end and (plus 16) the next one's begin.
        uint64_t begin = u64(events_off + 16) + 16;
        for (uint32_t j = 0; j < count && regular; ++j) {
            const uint64_t end = j + 1 < count ? u64(events_off + 24 * uint64_t(j + 1) + 16) : tail;
            regular = begin >= 16 && end >= begin && end <= size_;
            bounds[j] = end;
            begin = end + 16;
        }
        if (regular) return;
        candidates_.clear();
        for (uint32_t j = 0; j < count; ++j) candidates_.push_back(u64(events_off + 24 * j + 16));
        if (group_count) candidates_.push_back(groups_off);
        if (next_mini <= size_) candidates_.push_back(next_mini);
        candidates_.push_back(size_);
        std::sort(candidates_.begin(), candidates_.end());
        for (uint32_t j = 0; j < count; ++j) {
            uint64_t begin = u64(events_off + 24 * j + 16) + 16;
            auto it = std::lower_bound(candidates_.begin(), candidates_.end(), begin);
            bounds_[j] = it == candidates_.end() ? size_ : *it;
        }
    }

    // Event j of an animation, built in its place from its header's targets: a view of `length`
    // parameter bytes at `source` (size_ < 4 GiB, so both fit 32 bits).
    void build_event(TaeEvent* at, uint64_t start_off, uint64_t end_off, uint64_t data_off, uint64_t param_off,
                     uint64_t source, uint64_t length) const {
        ::new (static_cast<void*>(at)) TaeEvent{.type = int32_t(u32(data_off)),
                                                .unknown04 = int32_t(u32(data_off + 4)),
                                                .start_bits = u32(start_off),
                                                .end_bits = u32(end_off),
                                                .parameter_begin = uint32_t(source),
                                                .parameter_size = uint32_t(length),
                                                .parameter_offset_zero = param_off == 0,
                                                .parameters_in_source = true};
    }

    // An animation's (empty) list gets room for `count` elements: in the file's slab while it has
    // room, else storage of its own.
    template <class T>
    void make_room(SlabVector<T>& list, T*& room, uint64_t& room_left, uint32_t count) {
        if (count <= room_left) {
            list = SlabVector<T>::in_slab(room, count, slab_);
            room += count;
            room_left -= count;
        } else {
            list.reserve(count);
        }
    }

    // The events of an animation as every unedited file stores them, in one pass: each event's
    // parameter bytes begin 16 past its data record, at its parameter offset (or 0), and end where
    // the next event's data record begins (the last one's at `tail`); every offset lies inside.
    // False, with nothing kept, at the first event that is otherwise: the general pass below
    // then reads them all and reports what is wrong, exactly as before this shortcut.
    bool read_regular_events(TaeEvent* out, uint64_t events_off, uint32_t count, uint64_t tail) {
        if (tail > size_) return false;
        const uint64_t last_time = size_ - 4, last_record = size_ - 16;  // the data holds a header: no wrap
        uint64_t parameters_left = parameters_left_;
        uint64_t data_off = u64(events_off + 16);
        for (uint32_t j = 0; j < count; ++j) {
            const uint64_t hdr = events_off + 24 * uint64_t(j);
            const uint64_t start_off = u64(hdr), end_off = u64(hdr + 8);
            const uint64_t next = j + 1 < count ? u64(hdr + 24 + 16) : tail;
            const uint64_t begin = data_off + 16, length = next - begin;
            if ((start_off > last_time) | (end_off > last_time) | (data_off > last_record) | (next < begin) |
                (next > size_) | (length > parameters_left))
                return false;
            const uint64_t param_off = u64(data_off + 8);
            if (param_off != 0 && param_off != begin) return false;
            parameters_left -= length;
            build_event(out + j, start_off, end_off, data_off, param_off, begin, length);
            data_off = next;
        }
        parameters_left_ = parameters_left;
        return true;
    }

    Status read_events(TaeAnimation& a, uint64_t body, uint64_t events_off, uint32_t count, uint64_t tail,
                       uint64_t groups_off, uint32_t group_count, uint64_t next_mini) {
        if (count == 0) return ok_status();
        if (count > events_left_)
            return make_error(body + 32, "event headers: " + std::to_string(count) +
                                             " events, more than the file can hold (" + std::to_string(events_left_) +
                                             " left of " + std::to_string(size_ / 24) + ")");
        if (!r_.has(events_off, uint64_t(count) * 24))
            return bounds_error(body, events_off, uint64_t(count) * 24,
                                "event headers (" + std::to_string(count) + " of 24 bytes)");
        events_left_ -= count;
        make_room(a.events, event_room_, event_room_left_, count);
        // Each event is built once in its place (no zero-fill first); the list counts them
        // when all are read (an error leaves it empty).
        TaeEvent* const out = a.events.uninitialized_end();
        if (!layout_ && read_regular_events(out, events_off, count, tail)) {
            a.events.constructed_at_end(count);
            return ok_status();
        }
        event_bounds(events_off, count, tail, groups_off, group_count, next_mini);
        // Locals, so that the stores into the events do not make the loop reload them.
        const uint64_t* const bounds = bounds_.data();
        TaeLayout* const layout = layout_;
        uint64_t parameters_left = parameters_left_;
        for (uint32_t j = 0; j < count; ++j) {
            const uint64_t hdr = events_off + 24 * uint64_t(j);
            const uint64_t start_off = u64(hdr), end_off = u64(hdr + 8), data_off = u64(hdr + 16);
            // One test for the three targets (the data is at least a header long, so size_ - 16
            // cannot wrap); which one is outside is worked out only for the error.
            if ((start_off > size_ - 4) | (end_off > size_ - 4) | (data_off > size_ - 16))
                return event_header_error(j, hdr, start_off, end_off, data_off);
            const uint64_t param_off = u64(data_off + 8);
            const uint64_t begin = data_off + 16;
            const uint64_t length = bounds[j] - begin;
            // An unusual parameter offset (neither 0 nor data + 16) is followed, for the same length.
            uint64_t source = (param_off == 0 || param_off == begin) ? begin : param_off;
            if (!r_.has(source, length))
                return event_error(j, bounds_error(data_off + 8, source, length, "parameter bytes"));
            if (length > parameters_left)
                return event_error(j, make_error(data_off,
                                                 "event data records overlap: their parameter bytes "
                                                 "would exceed twice the file's size"));
            parameters_left -= length;
            build_event(out + j, start_off, end_off, data_off, param_off, source, length);
            if (layout) layout->events.push_back({hdr, start_off, end_off, data_off, param_off});
        }
        parameters_left_ = parameters_left;
        a.events.constructed_at_end(count);
        return ok_status();
    }

    static Error event_error(uint32_t j, Error e) { return std::move(e.within("event " + std::to_string(j))); }
    [[gnu::noinline, gnu::cold]] Error event_header_error(uint32_t j, uint64_t hdr, uint64_t start_off,
                                                          uint64_t end_off, uint64_t data_off) const {
        if (!r_.has(start_off, 4)) return event_error(j, bounds_error(hdr, start_off, 4, "start time"));
        if (!r_.has(end_off, 4)) return event_error(j, bounds_error(hdr + 8, end_off, 4, "end time"));
        return event_error(j, bounds_error(hdr + 16, data_off, 16, "event data"));
    }

    // The errors of read_groups, built out of line so that its loop holds no string building.
    [[gnu::noinline, gnu::cold]] Error group_header_error(uint32_t g, uint64_t hdr, uint64_t n, uint64_t values,
                                                          uint64_t type_off) const {
        Error e = !r_.has(type_off, 16)    ? bounds_error(hdr + 16, type_off, 16, "event group type")
                  : n > group_values_left_ ? make_error(hdr, "event group: " + std::to_string(n) +
                                                                 " members, more than the file can hold (" +
                                                                 std::to_string(group_values_left_) + " left)")
                                           : bounds_error(hdr + 8, values, n * 4, "event group members");
        return std::move(e.within("event group " + std::to_string(g)));
    }
    [[gnu::noinline, gnu::cold]] static Error group_member_error(uint32_t g, uint64_t k, uint64_t at, uint64_t v,
                                                                 uint64_t events_off, uint32_t event_count) {
        Error e = make_error(at, "member " + std::to_string(k) + ": expected the offset of one of this animation's " +
                                     std::to_string(event_count) + " event headers" +
                                     (event_count ? " (" + hex(events_off) + " + 24 x index)" : std::string()) +
                                     ", found " + hex(v));
        return std::move(e.within("event group " + std::to_string(g)));
    }

    Status read_groups(TaeAnimation& a, uint64_t body, uint64_t groups_off, uint32_t count, uint64_t events_off,
                       uint32_t event_count) {
        if (count == 0) return ok_status();
        if (count > groups_left_)
            return make_error(body + 36, "event group headers: " + std::to_string(count) +
                                             " groups, more than the file can hold (" + std::to_string(groups_left_) +
                                             " left)");
        if (!r_.has(groups_off, uint64_t(count) * 32))
            return bounds_error(body + 8, groups_off, uint64_t(count) * 32,
                                "event group headers (" + std::to_string(count) + " of 32 bytes)");
        groups_left_ -= count;
        // Each group is built in its place (resize() zeroed them all in a loop, with rep stos
        // under GCC: a third of the time spent on groups; a temporary group moved in went through
        // the stack in memory in wasm: 12-17% slower parse there) and counted once built, so an
        // error destroys exactly the groups built before it.
        make_room(a.groups, group_room_, group_room_left_, count);
        const uint64_t events_span = 24 * uint64_t(event_count);  // member offsets lie in [events_off, + this)
        for (uint32_t g = 0; g < count; ++g) {
            const uint64_t hdr = groups_off + 32 * uint64_t(g);
            const uint64_t n = u64(hdr), values = u64(hdr + 8), type_off = u64(hdr + 16);
            if (!r_.has(type_off, 16) || n > group_values_left_ || !r_.has(values, n * 4))
                return group_header_error(g, hdr, n, values, type_off);
            group_values_left_ -= n;
            TaeEventGroup& group = *::new (static_cast<void*>(a.groups.uninitialized_end())) TaeEventGroup{
                .type = int32_t(u32(type_off)), .type_tail = {}, .reserved = u64(hdr + 24), .event_indices = {}};
            a.groups.constructed_at_end(1);
            std::memcpy(group.type_tail.data(), p_ + type_off + 4, 12);
            uint32_t* indices = group.event_indices.resize_for_overwrite(n);
            for (uint64_t k = 0; k < n; ++k) {
                const uint64_t v = u32(values + 4 * k);
                // One range test covers no events, an offset before the headers (the difference
                // wraps to a huge value) and one past them; then the multiple-of-24 test. rel / 24
                // as (rel / 8) / 3 by a multiplication (exact below 2^32, which the range test
                // ensures): GCC emitted a div instruction for the quotient-and-remainder pair.
                const uint64_t rel = v - events_off;
                const uint32_t index = uint32_t(((rel >> 3) * 0xAAAAAAABu) >> 33);
                if ((rel >= events_span) | (uint64_t(index) * 24 != rel))
                    return group_member_error(g, k, values + 4 * k, v, events_off, event_count);
                indices[k] = index;
            }
            if (layout_) layout_->groups.push_back({hdr, n, values, type_off});
        }
        return ok_status();
    }
};

}  // namespace

Result<TaeFile> read_tae_shared(SharedBytes source, TaeLayout* layout) {
    if (layout) *layout = {};
    TaeParser parser(std::move(source), layout);
    return parser.run();
}

struct TaeStepReader::State {
    explicit State(SharedBytes source) : parser(std::move(source), nullptr) {}
    TaeParser parser;
    bool begun = false, done = false;
    std::optional<Error> error;
};

TaeStepReader::TaeStepReader(SharedBytes source) : state_(std::make_unique<State>(std::move(source))) {}
TaeStepReader::~TaeStepReader() = default;
TaeStepReader::TaeStepReader(TaeStepReader&&) noexcept = default;
TaeStepReader& TaeStepReader::operator=(TaeStepReader&&) noexcept = default;

bool TaeStepReader::step(uint64_t record_budget) {
    State& s = *state_;
    if (s.done) return true;
    Status status = ok_status();
    if (!s.begun) {
        s.begun = true;
        status = s.parser.begin();
    }
    if (status.ok()) status = s.parser.read_animations(record_budget);
    if (!status.ok()) s.error = std::move(status).error();
    s.done = s.error.has_value() || !s.parser.animations_left();
    return s.done;
}

uint64_t TaeStepReader::records_read() const { return state_->parser.records_read(); }
uint64_t TaeStepReader::records_declared() const { return state_->parser.records_declared(); }

Result<TaeFile> TaeStepReader::take() {
    State& s = *state_;
    if (!s.done) return make_error(Error::kNoOffset, "the event file is not read to its end yet");
    if (s.error) {
        Error e = std::move(*s.error);
        s.error = make_error(Error::kNoOffset, "the event file was already taken");
        return e;
    }
    s.error = make_error(Error::kNoOffset, "the event file was already taken");
    return s.parser.take();
}

Result<TaeFile> read_tae(Bytes data, TaeLayout* layout) {
    return read_tae_shared(SharedBytes(std::vector<uint8_t>(data.begin(), data.end())), layout);
}

}  // namespace taescope
