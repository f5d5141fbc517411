#include "tae/tae_validator.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "tae/tae_header_layout.h"
#include "tae/tae_reader.h"
#include "tae/tae_writer.h"

namespace taescope {

const char* severity_name(TaeSeverity s) {
    switch (s) {
        case TaeSeverity::Error: return "error";
        case TaeSeverity::Warning: return "warning";
        case TaeSeverity::Info: return "info";
    }
    return "?";
}

std::string TaeFinding::to_string() const {
    std::string out = std::string(severity_name(severity)) + " [" + code + "]";
    if (animation >= 0) out += " animation " + std::to_string(animation);
    if (event >= 0) out += " event " + std::to_string(event);
    if (offset != Error::kNoOffset) out += " at " + hex(offset);
    return out + ": " + message;
}

namespace {

const uint32_t kOneFrameEarlyBits = TaeEvent::f32_to_bits(-1.0f / 30.0f);
constexpr uint32_t kFloatMaxBits = 0x7F7FFFFF;

std::string seconds(uint32_t bits) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.9g s", double(TaeEvent::bits_to_f32(bits)));
    return buf;
}

class Findings {
public:
    std::vector<TaeFinding> list;
    void add(TaeSeverity s, const char* code, std::string message, int64_t anim = -1, int64_t event = -1,
             uint64_t offset = Error::kNoOffset) {
        list.push_back({s, code, std::move(message), anim, event, offset});
    }
};

void check_model(const TaeFile& f, Findings& out) {
    std::vector<uint64_t> numbers;
    numbers.reserve(f.animations.size());
    for (const auto& a : f.animations) numbers.push_back(a.number);
    std::sort(numbers.begin(), numbers.end());
    auto holds = [&](int64_t n) {
        if (n < 0) return false;
        // A full number (group x 1,000,000 + number) names the same record as the number within the group.
        return std::binary_search(numbers.begin(), numbers.end(), uint64_t(n)) ||
               std::binary_search(numbers.begin(), numbers.end(), uint64_t(n % 1000000));
    };

    for (size_t i = 0; i < f.animations.size(); ++i) {
        const TaeAnimation& a = f.animations[i];
        const int64_t ai = int64_t(i);
        if (a.header_kind() == TaeAnimationHeaderKind::ImportOther) {
            int32_t src = a.import_source();
            if (src == -1)
                out.add(TaeSeverity::Info, "import-none", "ImportOther header names -1 (read as no import)", ai);
            else if (!holds(src))
                out.add(TaeSeverity::Info, "import-missing",
                        "ImportOther names animation " + std::to_string(src) +
                            ", which this file does not hold (it may be in another event file of the binder)",
                        ai);
        } else if (a.header_kind() == TaeAnimationHeaderKind::Standard && a.imports_hkx()) {
            int32_t src = a.motion_source();
            if (src == -1)
                out.add(TaeSeverity::Info, "import-none", "imports its motion from animation -1 (no import)", ai);
            else if (!holds(src))
                out.add(TaeSeverity::Info, "import-missing",
                        "imports its motion from animation " + std::to_string(src) +
                            ", which this file does not hold",
                        ai);
        } else if (a.header_kind() == TaeAnimationHeaderKind::None) {
            out.add(TaeSeverity::Warning, "null-header", "the mini header is a null header (never seen in game files)",
                    ai);
        } else if (a.header_kind() == TaeAnimationHeaderKind::Unknown) {
            out.add(TaeSeverity::Warning, "header-type",
                    "unknown mini header type " + std::to_string(a.header_type) + " (expected 0 or 1)", ai);
        }

        for (size_t j = 0; j < a.events.size(); ++j) {
            const TaeEvent& e = a.events[j];
            const int64_t ej = int64_t(j);
            const float s = e.start(), t = e.end();
            if (!std::isfinite(s) || std::isnan(t) || (std::isinf(t))) {
                out.add(TaeSeverity::Warning, "non-finite-time",
                        "start " + seconds(e.start_bits) + ", end " + seconds(e.end_bits) +
                            ": no game file stores an infinite or NaN time",
                        ai, ej);
                continue;
            }
            if (e.start_bits == kOneFrameEarlyBits)
                out.add(TaeSeverity::Info, "start-one-frame-early", "starts at -1/30 s, one frame before its clip",
                        ai, ej);
            else if (s < 0)
                out.add(TaeSeverity::Warning, "negative-start",
                        "starts at " + seconds(e.start_bits) + " (game files only start early by exactly -1/30 s)",
                        ai, ej);
            if (e.end_bits == kFloatMaxBits)
                out.add(TaeSeverity::Info, "open-end", "ends at f32 max: open-ended (tools show 100 s)", ai, ej);
            else if (t < s)
                out.add(TaeSeverity::Warning, "end-before-start",
                        "ends at " + seconds(e.end_bits) + ", before its start " + seconds(e.start_bits), ai, ej);
            else if (t == s)
                out.add(TaeSeverity::Info, "zero-length", "starts and ends at " + seconds(e.start_bits), ai, ej);
        }

        std::vector<uint8_t> membership(a.events.size(), 0);
        for (const auto& g : a.groups)
            for (uint32_t idx : g.event_indices)
                if (idx < membership.size() && membership[idx] < 2) ++membership[idx];
        for (size_t j = 0; j < membership.size(); ++j)
            if (membership[j] != 1)
                out.add(TaeSeverity::Warning, "event-group-membership",
                        membership[j] ? "belongs to more than one event group"
                                      : "belongs to no event group (every game-file event is in exactly one)",
                        ai, int64_t(j));
    }
}

// Which structure of the original file holds `offset` (for the order-and-packing finding).
std::string locate(uint64_t offset, const TaeFile& f, const TaeLayout& L) {
    if (offset < kTaeHeaderSize) return "the header";
    const auto& h = f.header;
    if (!f.animations.empty() && offset < h.animation_table_offset) return "the skeleton / SIB names";
    if (!f.animations.empty() && offset < h.animation_table_offset + 16 * f.animations.size())
        return "the animation table";
    if (offset < h.first_body_offset) return "the animation-group table";
    if (offset < h.first_body_offset + 48 * f.animations.size()) return "the animation bodies";
    // The animation whose mini header block is the last one at or before the offset.
    int64_t best = -1;
    uint64_t best_start = 0;
    for (size_t i = 0; i < L.animations.size(); ++i) {
        uint64_t m = L.animations[i].mini_header_offset;
        if (m <= offset && (best < 0 || m >= best_start)) best = int64_t(i), best_start = m;
    }
    if (best < 0) return "data before the first animation";
    return "the data of " + animation_context(size_t(best), f.animations[size_t(best)].number);
}

void check_layout(Bytes data, const TaeFile& f, const TaeLayout& L, Findings& out) {
    using namespace tae_header;
    const uint8_t* p = data.data();
    const uint64_t size = data.size();
    const TaeHeader& h = f.header;

    for (const auto& c : kConstants) {
        uint64_t v = load_u64le(p + c.offset);
        if (v != c.value)
            out.add(TaeSeverity::Error, "header-constant",
                    "header word at " + hex(c.offset) + " is " + std::to_string(v) + ", every game file has " +
                        std::to_string(c.value),
                    -1, -1, c.offset);
    }
    for (uint64_t off : kZeroWords) {
        uint64_t v = load_u64le(p + off);
        if (v != 0)
            out.add(TaeSeverity::Error, "header-constant",
                    "reserved header word at " + hex(off) + " is " + hex(v) + ", expected 0", -1, -1, off);
    }
    if (p[5] != 0 || p[6] != 0)
        out.add(TaeSeverity::Error, "header-constant", "header bytes 5 and 6 are not zero", -1, -1, 5);
    if (h.flag_bytes != kUsualFlagBytes)
        out.add(TaeSeverity::Error, "header-flags", "flag bytes differ from 01 00 01 02 02 01 01 01", -1, -1,
                kFlagBytes);
    if (h.file_size != size)
        out.add(TaeSeverity::Error, "file-size",
                "stored file size " + std::to_string(h.file_size) + ", the data has " + std::to_string(size), -1, -1,
                kFileSize);
    if (h.animation_count_repeat != h.animation_count)
        out.add(TaeSeverity::Error, "animation-count-repeat",
                "the animation count is " + std::to_string(h.animation_count) + " at 0x54 but " +
                    std::to_string(h.animation_count_repeat) + " at 0x70",
                -1, -1, kAnimationCountRepeat);
    if (h.file_id_repeats[0] != h.file_id || h.file_id_repeats[1] != h.file_id)
        out.add(TaeSeverity::Warning, "file-id-repeat",
                "file id " + std::to_string(h.file_id) + " is repeated as " + std::to_string(h.file_id_repeats[0]) +
                    " and " + std::to_string(h.file_id_repeats[1]),
                -1, -1, kFileIdRepeats);

    // Numbers strictly ascending.
    for (size_t i = 1; i < f.animations.size(); ++i)
        if (f.animations[i].number <= f.animations[i - 1].number)
            out.add(TaeSeverity::Error, "animation-order",
                    "number " + std::to_string(f.animations[i].number) + " follows " +
                        std::to_string(f.animations[i - 1].number) + " (the table is strictly ascending in game files)",
                    int64_t(i), -1, L.animations[i].table_entry_offset);

    // The animation-group table: exactly the maximal runs of consecutive numbers.
    const uint64_t gh = h.group_header_offset;
    if (!ByteReader(data).has(gh, 16)) {
        out.add(TaeSeverity::Error, "animation-groups", "the animation-group header at " + hex(gh) + " lies outside the data",
                -1, -1, kGroupHeaderOffset);
    } else {
        const auto runs = derive_animation_runs(f.animations);
        const uint64_t count = load_u64le(p + gh), entries = load_u64le(p + gh + 8);
        bool same = count == runs.size() && ByteReader(data).has(entries, 16 * count);
        for (size_t k = 0; same && k < runs.size(); ++k) {
            const uint8_t* e = p + entries + 16 * k;
            same = int32_t(load_u32le(e)) == int32_t(f.animations[runs[k].first_index].number) &&
                   int32_t(load_u32le(e + 4)) == int32_t(f.animations[runs[k].last_index].number) &&
                   load_u64le(e + 8) == L.animations[runs[k].first_index].table_entry_offset;
        }
        if (!same)
            out.add(TaeSeverity::Error, "animation-groups",
                    "the animation-group table (" + std::to_string(count) +
                        " entries) is not the maximal runs of consecutive numbers (" + std::to_string(runs.size()) +
                        " runs)",
                    -1, -1, gh);
    }

    for (size_t i = 0; i < f.animations.size(); ++i) {
        const TaeAnimation& a = f.animations[i];
        const TaeAnimationLayout& A = L.animations[i];
        const int64_t ai = int64_t(i);

        if (!a.header_null && A.header_record_offset != A.mini_header_offset + 16)
            out.add(TaeSeverity::Error, "mini-header-pointer",
                    "the mini header pointer is " + hex(A.header_record_offset) + ", expected the block + 16 (" +
                        hex(A.mini_header_offset + 16) + ")",
                    ai, -1, A.mini_header_offset + 8);
        else if (A.name_offset != A.mini_header_offset + 48)
            out.add(TaeSeverity::Error, "motion-name-offset",
                    "the motion file name offset is " + hex(A.name_offset) + ", expected the block end (" +
                        hex(A.mini_header_offset + 48) + ")",
                    ai, -1, A.mini_header_offset + 16);

        // Times table = the distinct start and end times, ascending.
        const auto expected = derive_times_table(a);
        bool same = A.times_count == expected.size() && (expected.empty() || ByteReader(data).has(A.times_offset, 4 * A.times_count));
        for (size_t k = 0; same && k < expected.size(); ++k) same = load_u32le(p + A.times_offset + 4 * k) == expected[k];
        if (!same)
            out.add(TaeSeverity::Error, "times-table",
                    "the times table (" + std::to_string(A.times_count) +
                        " values) is not the distinct start and end times of the events, ascending (" +
                        std::to_string(expected.size()) + ")",
                    ai, -1, A.times_offset);

        const uint64_t times_end = A.times_offset + 4 * A.times_count;
        for (size_t j = 0; j < a.events.size(); ++j) {
            const TaeEventLayout& E = L.events[A.first_event + j];
            const TaeEvent& e = a.events[j];
            for (uint64_t t : {E.start_offset, E.end_offset})
                if (t < A.times_offset || t >= times_end || (t - A.times_offset) % 4 != 0) {
                    out.add(TaeSeverity::Error, "event-time-offset",
                            "a time is read from " + hex(t) + ", outside the animation's times table", ai,
                            int64_t(j), E.header_offset);
                    break;
                }
            const bool zero_type = e.type == kTaeEventTypeZeroParameterOffset;
            if (E.parameter_offset == 0 && !zero_type)
                out.add(TaeSeverity::Error, "parameter-offset",
                        "parameter offset 0 on an event of type " + std::to_string(e.type) +
                            " (only type 943 stores 0)",
                        ai, int64_t(j), E.data_offset + 8);
            else if (E.parameter_offset != 0 && E.parameter_offset != E.data_offset + 16)
                out.add(TaeSeverity::Error, "parameter-offset",
                        "parameter offset " + hex(E.parameter_offset) + ", expected the end of the event record (" +
                            hex(E.data_offset + 16) + ")" + (zero_type ? " or 0" : ""),
                        ai, int64_t(j), E.data_offset + 8);
        }
        for (size_t g = 0; g < a.groups.size(); ++g) {
            const TaeEventGroup& grp = a.groups[g];
            const TaeGroupLayout& G = L.groups[A.first_group + g];
            bool zero_tail = std::all_of(grp.type_tail.begin(), grp.type_tail.end(), [](uint8_t b) { return b == 0; });
            if (!zero_tail || grp.reserved != 0)
                out.add(TaeSeverity::Warning, "group-reserved",
                        "event group " + std::to_string(g) + " has non-zero reserved bytes (zero in every game file)",
                        ai, -1, G.header_offset);
        }
    }

    // Order, packing and padding: a file that obeys them all is exactly what the writer writes.
    std::vector<uint8_t> canonical = write_tae(f);
    // The size field has its own finding; compare the rest.
    if (canonical.size() >= kTaeHeaderSize) std::memcpy(canonical.data() + kFileSize, p + kFileSize, 4);
    size_t common = std::min<size_t>(canonical.size(), size);
    size_t at = size_t(std::mismatch(canonical.begin(), canonical.begin() + common, p).first - canonical.begin());
    if (at < common || canonical.size() != size)
        out.add(TaeSeverity::Error, "layout",
                "from " + hex(at) + " on (" + locate(at, f, L) +
                    ") the file departs from the proven order, packing and padding of game files; "
                    "writing it rearranges the records (" +
                    std::to_string(size) + " bytes, rewritten " + std::to_string(canonical.size()) + ")",
                -1, -1, at);
}

}  // namespace

std::vector<TaeFinding> validate_tae_model(const TaeFile& file) {
    Findings out;
    check_model(file, out);
    return std::move(out.list);
}

std::vector<TaeFinding> validate_tae(Bytes data) {
    Findings out;
    TaeLayout layout;
    auto tae = read_tae(data, &layout);
    if (!tae.ok()) {
        out.add(TaeSeverity::Error, "unreadable", tae.error().to_string(), -1, -1, tae.error().offset);
        return std::move(out.list);
    }
    check_layout(data, *tae, layout, out);
    check_model(*tae, out);
    return std::move(out.list);
}

}  // namespace taescope
