#include "inference/layout_inference.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace taescope {

std::string_view inferred_type_name(InferredType t) {
    switch (t) {
        case InferredType::F32:
            return "f32";
        case InferredType::S32:
            return "s32";
        case InferredType::U32:
            return "u32";
        case InferredType::S16:
            return "s16";
        case InferredType::U16:
            return "u16";
        case InferredType::S8:
            return "s8";
        case InferredType::U8:
            return "u8";
        case InferredType::Bool:
            return "bool";
        case InferredType::Pad:
            return "pad";
        case InferredType::Bytes:
            return "bytes";
        case InferredType::Constant:
            return "const";
    }
    return "bytes";
}

bool inferred_type_is_float(InferredType t) { return t == InferredType::F32; }

bool inferred_type_is_integer(InferredType t) {
    switch (t) {
        case InferredType::S32:
        case InferredType::U32:
        case InferredType::S16:
        case InferredType::U16:
        case InferredType::S8:
        case InferredType::U8:
        case InferredType::Bool:
            return true;
        default:
            return false;
    }
}

std::string_view inference_confidence_name(InferenceConfidence c) {
    switch (c) {
        case InferenceConfidence::High:
            return "high";
        case InferenceConfidence::Medium:
            return "medium";
        case InferenceConfidence::Low:
            return "low";
    }
    return "low";
}

bool word_reads_as_float(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    if (!std::isfinite(f)) return false;
    const float m = std::fabs(f);
    return m >= 1e-20f && m <= 1e10f;
}

bool word_reads_as_small_integer(uint32_t bits) {
    const int32_t v = int32_t(bits);
    return v != 0 && v > -(1 << 24) && v < (1 << 24);
}

namespace {

uint64_t load_le(const uint8_t* p, uint32_t size) {
    uint64_t v = 0;
    for (uint32_t i = 0; i < size; ++i) v |= uint64_t(p[i]) << (8 * i);
    return v;
}

uint64_t all_ones(uint32_t bytes) { return bytes >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * bytes)) - 1; }

// A value of `bytes` bytes that reads as a small negative number: -1 to -16 (the sentinels and
// small offsets signed fields hold), never a large unsigned value that happens to set the top bit.
bool small_negative(uint64_t v, uint32_t bytes) { return v >= all_ones(bytes) - 15; }

// Significant decimal digits of a magnitude, trailing zeros not counted: 0 -> 0, 100000 -> 1,
// 1234 -> 4, 65536 -> 5. Values people type (ids, counts, angles) are short in decimal; the
// bytes of two such values read as one number, or of a float read as an integer, are not.
int decimal_digits(uint64_t m) {
    if (m == 0) return 0;
    while (m % 10 == 0) m /= 10;
    int d = 0;
    for (; m; m /= 10) ++d;
    return d;
}

// The digits of a `bytes`-byte value as a person would have typed it: signed when it is
// sign-extended through its top byte (0xFF: -1 to -2^(8*bytes-8)), and for a single byte
// only -1 to -4 (0xF6 is far more often 246 than -10); unsigned otherwise.
int reading_digits(uint64_t v, uint32_t bytes) {
    if (bytes == 0 || bytes > 8) return decimal_digits(v);
    const uint64_t top = (v >> (8 * bytes - 8)) & 0xFF;
    const bool negative = top == 0xFF && (bytes > 1 || v >= 0xFC);
    if (!negative) return decimal_digits(v);
    return decimal_digits((all_ones(bytes) - v) + 1);  // two's complement magnitude
}

// A part that holds a flag or a small enum: 0..7, or -1..-16.
bool small_part(uint64_t v, uint32_t bytes) { return v < 8 || small_negative(v, bytes); }

// Significant decimal digits of a float, as the shortest decimal that reads back to the same
// f32 (1.0 -> 1, 0.25 -> 2, 0.1 -> 1); 9 when it takes more than 7.
int float_digits(uint32_t bits) {
    const float x = TaeEvent::bits_to_f32(bits);
    if (x == 0.0f) return 0;
    const double d = std::fabs(double(x));
    const int e = int(std::floor(std::log10(d)));
    for (int s = 1; s <= 7; ++s) {
        const double scale = std::pow(10.0, double(e - s + 1));
        if (float(std::nearbyint(d / scale) * scale) == std::fabs(x)) return s;
    }
    return 9;
}

InferredType integer_type(uint32_t size, bool any_top_bit, bool top_bits_small_negative, bool only_0_1) {
    switch (size) {
        case 1:
            if (only_0_1) return InferredType::Bool;
            return any_top_bit && top_bits_small_negative ? InferredType::S8 : InferredType::U8;
        case 2:
            return any_top_bit && !top_bits_small_negative ? InferredType::U16 : InferredType::S16;
        default:
            return any_top_bit && !top_bits_small_negative ? InferredType::U32 : InferredType::S32;
    }
}

// A value and how many events hold it: every rule counts over the distinct values of a word,
// each weighted by its events, rather than over the events themselves.
struct Run {
    uint64_t value = 0;
    uint64_t count = 0;
};

class Inferrer {
public:
    Inferrer(const TypeSamples& s, InferenceRules rules) : s_(s), rules_(rules) {}

    void run(uint32_t from, InferredLayout& out) {
        const uint32_t end = s_.max_length();
        uint32_t o = from;
        while (o < end) {
            if (o % 4 == 0 && o + 4 <= end) {
                collect(o, 4, word_);
                word(o, out);
                o += 4;
            } else if (o % 2 == 0 && o + 2 <= end) {
                collect(o, 2, piece_);
                half(piece_, 0, o, out, nullptr);
                o += 2;
            } else {
                collect(o, 1, piece_);
                add_field(piece_, 0, o, 1, std::nullopt, "", out);
                o += 1;
            }
        }
        undetermine_constants(out);
        merge_padding(out);
    }

private:
    // Events that read better split, better whole, and (upper part set) neither. Two bytes
    // split on more split votes than join votes. Two 16-bit halves need more split votes than
    // join and undecided votes together: the halves of a 32-bit id above 65535 often read a
    // digit shorter than the id (524360 is 8 and 72), while byte pairs of two typed values
    // often read as long as the 16-bit number they make (30 and 35 are 8990).
    struct Votes {
        uint64_t split = 0, join = 0, undecided_high = 0;
        bool decided_split() const { return split > join; }
        bool decided_split_of_halves() const { return split > join + undecided_high; }
    };

    // The `size`-byte values at `o` of every event that holds them, as ascending runs. Counted
    // in a hash table (one per type, reused), then only the distinct values are sorted: a word
    // of 60,000 events holds a few hundred values at most.
    void collect(uint32_t o, uint32_t size, std::vector<Run>& runs) {
        const size_t n = s_.events();
        if (keys_.size() < 2 * n) {
            size_t cap = 16;
            while (cap < 2 * n) cap *= 2;
            keys_.assign(cap, 0);
            counts_.assign(cap, 0);
        }
        const uint64_t mask = keys_.size() - 1;
        const int shift = 64 - std::countr_zero(uint64_t(keys_.size()));
        touched_.clear();
        for (size_t i = 0; i < n; ++i) {
            if (s_.lengths[i] < o + size) continue;
            const uint8_t* p = s_.event_bytes(i) + o;
            const uint64_t v = size == 4 ? load_u32le(p) : load_le(p, size);
            uint64_t h = (v * 0x9E3779B97F4A7C15ull) >> shift;
            while (counts_[h] != 0 && keys_[h] != v) h = (h + 1) & mask;
            if (counts_[h] == 0) {
                keys_[h] = v;
                touched_.push_back(h);
            }
            ++counts_[h];
        }
        runs.clear();
        for (uint64_t h : touched_) {
            runs.push_back({keys_[h], counts_[h]});
            counts_[h] = 0;
        }
        std::sort(runs.begin(), runs.end(), [](const Run& a, const Run& b) { return a.value < b.value; });
    }

    // Whether the bytes [at, at + lbytes) and [at + lbytes, at + lbytes + hbytes) of `runs`
    // (values read from their first byte) hold one number or two, value by value: the reading
    // that gives the shorter decimals (decimal_digits) is the one a person typed. Splitting
    // must win by two digits, or by one when both parts are small (flags and enums side by
    // side); a sign-extended negative number or a plain one that reads shorter whole joins.
    // Zero and -1 are no evidence either way; a 0xFF byte over a non-negative byte is two fields.
    static Votes votes(const std::vector<Run>& runs, uint32_t at, uint32_t lbytes, uint32_t hbytes) {
        Votes v;
        const uint32_t bytes = lbytes + hbytes;
        const uint64_t mask = all_ones(bytes), lmask = all_ones(lbytes);
        for (const Run& r : runs) {
            const uint64_t w = (r.value >> (8 * at)) & mask;
            // Zero and -1 read the same whole or split (0 and 0, -1 and -1): no evidence.
            if (w == 0 || w == mask) continue;
            const uint64_t L = w & lmask, H = w >> (8 * lbytes);
            // A 0xFF byte above a byte whose top bit is clear: no sign-extended number looks like
            // that (-256 would, and is rare). The cut it needs lies in this piece, so it splits.
            bool sign_break = false;
            for (uint32_t j = 1; j < bytes; ++j)
                if (((w >> (8 * j)) & 0xFF) == 0xFF && !((w >> (8 * j - 1)) & 1)) sign_break = true;
            if (sign_break) {
                v.split += r.count;
                continue;
            }
            const int joined = reading_digits(w, bytes);
            const int split = reading_digits(L, lbytes) + reading_digits(H, hbytes);
            const bool both_small = small_part(L, lbytes) && small_part(H, hbytes);
            if (split + 2 <= joined || (split < joined && both_small))
                v.split += r.count;
            else if (joined < split)
                v.join += r.count;
            else if (H != 0)
                v.undecided_high += r.count;
        }
        return v;
    }

    // Whether bytes j - 1 and j of the word hold the same value in every event, and 0xFF in
    // some: the upper bytes of a sign-extended number (-1 is FF FF FF FF).
    static bool bytes_move_together(const std::vector<Run>& runs, uint32_t j) {
        bool ff = false;
        for (const Run& r : runs) {
            const uint64_t lo = (r.value >> (8 * (j - 1))) & 0xFF, hi = (r.value >> (8 * j)) & 0xFF;
            if (lo != hi) return false;
            ff = ff || hi == 0xFF;
        }
        return ff;
    }

    void word(uint32_t o, InferredLayout& out) {
        uint64_t holding = 0, zero = 0, flt = 0, sint = 0, other = 0, float_shorter = 0, integer_shorter = 0;
        for (const Run& r : word_) {
            const uint32_t w = uint32_t(r.value);
            holding += r.count;
            if (w == 0) {
                zero += r.count;
            } else if (word_reads_as_float(w)) {
                flt += r.count;
                // A large integer can read as a plausible float too (a sound id 1004000000 is
                // 0.0066f): the reading with the shorter decimal is the typed one.
                const int fd = float_digits(w), id = reading_digits(w, 4);
                if (fd < id)
                    float_shorter += r.count;
                else if (id < fd)
                    integer_shorter += r.count;
            } else if (word_reads_as_small_integer(w)) {
                sint += r.count;
            } else {
                other += r.count;
            }
        }
        if (zero == holding) {
            add_field(word_, 0, o, 4, InferredType::Pad, "zero in every event", out);
            return;
        }
        if (rules_ == InferenceRules::WordByWord) {
            const bool f = flt > 0 && sint == 0 && flt >= other;
            add_field(word_, 0, o, 4, f ? InferredType::F32 : InferredType::S32, "word by word", out);
            return;
        }
        if (flt > 0 && sint == 0 && flt >= other && float_shorter >= integer_shorter) {
            add_field(
                word_, 0, o, 4, InferredType::F32,
                "every non-zero word a finite float of magnitude 1e-20 to 1e10, shorter in decimal than as an integer",
                out);
            return;
        }
        const Votes v2 = votes(word_, 0, 2, 2), v1 = votes(word_, 0, 1, 1), v3 = votes(word_, 2, 1, 1);
        const bool s1 = v1.decided_split(), s3 = v3.decided_split();
        // A split of one half carries the word with it unless the bytes across the middle are
        // equal in every event and 0xFF in some: the sign extension of one number.
        const bool s2 = v2.decided_split_of_halves() || ((s1 || s3) && v2.join == 0 && !bytes_move_together(word_, 2));
        if (!s2) {
            add_field(word_, 0, o, 4, std::nullopt,
                      flt > 0 ? "one integer: large values beside small ones, and shorter as integers than as floats"
                              : "one integer: its bytes move together",
                      out);
            return;
        }
        half(word_, 0, o, out, &v1);
        half(word_, 2, o + 2, out, &v3);
    }

    // A 2-byte piece at byte `at` of `runs` (offset o in the event): one 16-bit field or two
    // bytes (`known`: its votes, when already counted).
    void half(const std::vector<Run>& runs, uint32_t at, uint32_t o, InferredLayout& out, const Votes* known) {
        const Votes v = known ? *known : votes(runs, at, 1, 1);
        if (v.decided_split()) {
            add_field(runs, at, o, 1, std::nullopt, "a byte of its own: apart from its neighbour it reads shorter",
                      out);
            add_field(runs, at + 1, o + 1, 1, std::nullopt,
                      "a byte of its own: apart from its neighbour it reads shorter", out);
        } else {
            add_field(runs, at, o, 2, std::nullopt, "16 bits that read as one number", out);
        }
    }

    // Adds the field of `size` bytes at byte `at` of `runs` (offset o in the event) with its
    // evidence; `type` nullopt: an integer (or bool, or pad) chosen by the values.
    void add_field(const std::vector<Run>& runs, uint32_t at, uint32_t o, uint32_t size,
                   std::optional<InferredType> type, const char* reason, InferredLayout& out) {
        InferredField f;
        f.offset = o;
        f.size = size;
        f.reason = reason;
        const uint64_t mask = all_ones(size), sign = uint64_t{1} << (8 * size - 1);
        projected_.clear();
        for (const Run& r : runs) projected_.push_back({(r.value >> (8 * at)) & mask, r.count});
        std::sort(projected_.begin(), projected_.end(), [](const Run& a, const Run& b) { return a.value < b.value; });
        merged_.clear();
        for (const Run& r : projected_) {
            if (!merged_.empty() && merged_.back().value == r.value)
                merged_.back().count += r.count;
            else
                merged_.push_back(r);
        }
        bool any_top = false, tops_small_negative = true;
        for (const Run& r : merged_) {
            f.events += r.count;
            if (r.value != 0) f.nonzero += r.count;
            if (r.value & sign) {
                any_top = true;
                if (r.value < mask - 15) tops_small_negative = false;
            }
        }
        f.distinct = merged_.size();
        const bool only_0_1 = !merged_.empty() && merged_.back().value <= 1 && f.nonzero > 0;
        if (!type) {
            if (f.nonzero == 0) {
                type = InferredType::Pad;
                f.reason = "zero in every event";
            } else {
                type = integer_type(size, any_top, tops_small_negative, only_0_1);
                if (*type == InferredType::Bool) f.reason = "holds only 0 and 1";
            }
        }
        f.type = *type;
        f.constant = f.distinct == 1 && f.nonzero > 0;
        // Range as the type reads.
        bool first = true;
        for (const Run& r : merged_) {
            double x;
            if (f.type == InferredType::F32) {
                x = double(TaeEvent::bits_to_f32(uint32_t(r.value)));
                if (!std::isfinite(x)) continue;
            } else if (f.type == InferredType::S32 || f.type == InferredType::S16 || f.type == InferredType::S8) {
                const unsigned unused = 64 - 8 * size;
                x = double(int64_t(r.value << unused) >> unused);
            } else {
                x = double(r.value);
            }
            if (first || x < f.min) f.min = x;
            if (first || x > f.max) f.max = x;
            first = false;
        }
        // The commonest values: by count, ties by raw value (merged_ is ascending).
        std::stable_sort(merged_.begin(), merged_.end(), [](const Run& a, const Run& b) { return a.count > b.count; });
        for (size_t i = 0; i < merged_.size() && i < 4; ++i) f.common.push_back({merged_[i].value, merged_[i].count});
        f.confidence = confidence_of(f);
        // Only 0 and -1 (every byte 0x00 or every byte 0xFF): they read the same at every
        // width, so the width is as undetermined as a constant's.
        if (size >= 2 && f.nonzero > 0 && !f.constant && f.type != InferredType::F32 &&
            std::all_of(merged_.begin(), merged_.end(),
                        [&](const Run& r) { return r.value == 0 || r.value == mask; })) {
            f.confidence = InferenceConfidence::Low;
            f.could_be = constant_readings(mask, size, o);
            f.reason = "only 0 and -1: its width cannot be told (-1 could be " + f.could_be + ")";
        }
        out.fields.push_back(std::move(f));
    }

    static InferenceConfidence confidence_of(const InferredField& f) {
        if (f.type == InferredType::Bytes) return InferenceConfidence::Low;
        if (f.type == InferredType::Pad) {
            if (f.events >= 20) return InferenceConfidence::High;
            return f.events >= 5 ? InferenceConfidence::Medium : InferenceConfidence::Low;
        }
        if (f.events < 5 || f.nonzero < 2) return InferenceConfidence::Low;
        // A float's bit pattern is evidence in itself (1.0 is 0x3F800000): its count of values
        // matters less than an integer's, whose width and sign few values cannot tell.
        const uint64_t values_needed = f.type == InferredType::F32 || f.type == InferredType::Bool ? 1 : 3;
        if (f.events >= 20 && f.nonzero >= 10 && f.distinct - (f.nonzero < f.events ? 1 : 0) >= values_needed)
            return InferenceConfidence::High;
        return InferenceConfidence::Medium;
    }

    // A field that holds the same non-zero bytes in every event says nothing of its width: it
    // becomes a constant, joined with the constants beside it in the same 4-byte word, and says
    // what it could be.
    static void undetermine_constants(InferredLayout& out) {
        std::vector<InferredField> merged;
        for (InferredField& f : out.fields) {
            if (!f.constant) {
                merged.push_back(std::move(f));
                continue;
            }
            f.type = InferredType::Constant;
            const uint64_t raw = f.common.empty() ? 0 : f.common.front().first;
            if (!merged.empty() && merged.back().type == InferredType::Constant &&
                merged.back().offset + merged.back().size == f.offset && merged.back().offset / 4 == f.offset / 4) {
                InferredField& m = merged.back();
                const uint64_t joined = m.common.front().first | (raw << (8 * m.size));
                m.size += f.size;
                m.events = std::min(m.events, f.events);
                m.nonzero = m.events;
                m.common = {{joined, m.events}};
                continue;
            }
            merged.push_back(std::move(f));
        }
        for (InferredField& f : merged) {
            if (f.type != InferredType::Constant) continue;
            const uint64_t raw = f.common.front().first;
            f.min = f.max = double(raw);
            f.confidence = InferenceConfidence::Low;
            f.could_be = constant_readings(raw, f.size, f.offset);
            f.reason = "the same bytes in every event: its width cannot be told (" + f.could_be + ")";
        }
        out.fields = std::move(merged);
    }

    // "s32 -1, 2 x s16 -1 or 4 x u8 255": the aligned readings of a constant's bytes.
    static std::string constant_readings(uint64_t raw, uint32_t size, uint32_t offset) {
        auto u8s = [&]() {
            std::string t;
            for (uint32_t i = 0; i < size; ++i) t += (i ? " " : "") + std::to_string((raw >> (8 * i)) & 0xFF);
            return t;
        };
        auto s16 = [](uint64_t v) { return std::to_string(int16_t(uint16_t(v))); };
        std::vector<std::string> readings;
        if (size == 4 && offset % 4 == 0) {
            readings.push_back("s32 " + std::to_string(int32_t(uint32_t(raw))));
            if (word_reads_as_float(uint32_t(raw))) {
                char buf[32];
                std::snprintf(buf, sizeof buf, "f32 %g", double(TaeEvent::bits_to_f32(uint32_t(raw))));
                readings.push_back(buf);
            }
            readings.push_back("s16 " + s16(raw) + " + s16 " + s16(raw >> 16));
        } else if (size == 2 && offset % 2 == 0) {
            readings.push_back("s16 " + s16(raw));
        }
        readings.push_back(size == 1 ? "u8 " + u8s() : std::to_string(size) + " x u8 " + u8s());
        std::string out;
        for (size_t i = 0; i < readings.size(); ++i)
            out += (i == 0 ? "" : i + 1 == readings.size() ? " or " : ", ") + readings[i];
        return out;
    }

    void merge_padding(InferredLayout& out) const {
        std::vector<InferredField> merged;
        for (InferredField& f : out.fields) {
            if (!merged.empty() && f.type == InferredType::Pad && merged.back().type == InferredType::Pad &&
                merged.back().offset + merged.back().size == f.offset) {
                InferredField& m = merged.back();
                m.size += f.size;
                m.events = std::min(m.events, f.events);
                m.confidence = std::max(m.confidence, f.confidence);  // the weaker of the two
                continue;
            }
            merged.push_back(std::move(f));
        }
        out.fields = std::move(merged);
    }

    const TypeSamples& s_;
    InferenceRules rules_;
    std::vector<uint64_t> keys_, counts_, touched_;  // collect()'s hash table
    std::vector<Run> word_, piece_, projected_, merged_;
};

}  // namespace

std::string InferredField::value_text(Bytes params) const {
    if (offset > params.size() || params.size() - offset < size) return "";
    const uint8_t* p = params.data() + offset;
    char buf[64];
    if (type == InferredType::Pad || type == InferredType::Bytes || type == InferredType::Constant || size > 8) {
        std::string out;
        for (uint32_t i = 0; i < size; ++i) {
            std::snprintf(buf, sizeof buf, "%s%02X", i ? " " : "", p[i]);
            out += buf;
        }
        return out;
    }
    const uint64_t raw = load_le(p, size);
    switch (type) {
        case InferredType::F32: {
            const float f = TaeEvent::bits_to_f32(uint32_t(raw));
            if (!std::isfinite(f)) {
                std::snprintf(buf, sizeof buf, "0x%08X", unsigned(raw));
                return buf;
            }
            // As the template decoder writes a float (format_field_value): the shortest of the
            // %g precisions 6 to 9 that reads back to the same bits.
            for (int precision = 6; precision <= 9; ++precision) {
                std::snprintf(buf, sizeof buf, "%.*g", precision, double(f));
                const float back = std::strtof(buf, nullptr);
                if (back == f && std::signbit(back) == std::signbit(f)) break;
            }
            return buf;
        }
        case InferredType::S32:
        case InferredType::S16:
        case InferredType::S8: {
            const unsigned unused = 64 - 8 * size;
            std::snprintf(buf, sizeof buf, "%lld", (long long)(int64_t(raw << unused) >> unused));
            return buf;
        }
        default:
            std::snprintf(buf, sizeof buf, "%llu", (unsigned long long)raw);
            return buf;
    }
}

const InferredField* InferredLayout::field_at(uint32_t offset) const {
    for (const InferredField& f : fields)
        if (f.offset == offset) return &f;
    return nullptr;
}

InferredLayout infer_layout(const TypeSamples& samples, uint32_t from_offset, InferenceRules rules) {
    InferredLayout out;
    out.type = samples.type;
    out.events = samples.events();
    std::vector<uint32_t> lengths(samples.lengths);
    std::sort(lengths.begin(), lengths.end());
    for (size_t i = 0; i < lengths.size();) {
        size_t j = i;
        while (j < lengths.size() && lengths[j] == lengths[i]) ++j;
        out.lengths.push_back({lengths[i], uint64_t(j - i)});
        i = j;
    }
    out.min_length = lengths.empty() ? 0 : lengths.front();
    out.max_length = lengths.empty() ? 0 : lengths.back();
    Inferrer(samples, rules).run(from_offset, out);
    return out;
}

std::vector<InferredLayout> infer_layouts(const EventSamples& samples) {
    std::vector<InferredLayout> out;
    out.reserve(samples.types().size());
    for (const TypeSamples& t : samples.types()) out.push_back(infer_layout(t));
    return out;
}

}  // namespace taescope
