#include "templates/knowledge_evidence.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

namespace taescope {

std::string thousands(uint64_t n) {
    std::string digits = std::to_string(n);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
        out.push_back(digits[i]);
    }
    return out;
}

namespace {

bool reads_as_plausible_float(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    if (!std::isfinite(f)) return false;
    float m = std::fabs(f);
    return m >= 1e-20f && m <= 1e12f;
}

bool reads_as_small_integer(uint32_t bits) {
    int32_t v = int32_t(bits);
    return v > -(1 << 24) && v < (1 << 24);
}

// `common` holds every distinct non-zero word with its count, most frequent first; counting
// another file merges into it.
std::map<uint32_t, uint64_t> tally_of(const StoredWordCounts& c) {
    std::map<uint32_t, uint64_t> tally;
    for (auto [w, n] : c.common) tally[w] += n;
    return tally;
}

void finish(StoredWordCounts& c, const std::map<uint32_t, uint64_t>& tally) {
    c.common.assign(tally.begin(), tally.end());
    std::stable_sort(c.common.begin(), c.common.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
}

}  // namespace

WordReading StoredWordCounts::decides() const {
    if (finite_float > 0 && small_integer > 0) return WordReading::Mixed;
    if (finite_float > 0) return WordReading::Float;
    if (small_integer > 0) return WordReading::Integer;
    return WordReading::Undecided;
}

std::string StoredWordCounts::summary() const {
    std::string out = thousands(words) + " words of event " + std::to_string(event_type) + " at byte " + std::to_string(byte_offset);
    if (words != events) out += " (" + thousands(events - words) + " events too short to hold it)";
    out += ": " + thousands(finite_float) + " read as a finite float of magnitude 1e-20 to 1e12, " + thousands(small_integer) +
           " as an integer below 2^24 in magnitude, " + thousands(zero) + " zero";
    if (other) out += ", " + thousands(other) + " neither";
    if (!common.empty()) {
        out += "; commonest non-zero:";
        for (size_t i = 0; i < common.size() && i < 5; ++i) {
            uint32_t w = common[i].first;
            std::string as;
            if (reads_as_small_integer(w)) {
                as = std::to_string(int32_t(w));
            } else if (reads_as_plausible_float(w)) {
                float f;
                std::memcpy(&f, &w, 4);
                char buf[32];
                std::snprintf(buf, sizeof buf, "%gf", double(f));
                as = buf;
            } else {
                char buf[16];
                std::snprintf(buf, sizeof buf, "0x%08x", w);
                as = buf;
            }
            out += (i ? ", " : " ") + as + " x" + thousands(common[i].second);
        }
    }
    return out + " -> " + std::string(word_reading_name(decides()));
}

void count_stored_words(const TaeFile& tae, int32_t event_type, uint32_t byte_offset, StoredWordCounts& into) {
    into.event_type = event_type;
    into.byte_offset = byte_offset;
    std::map<uint32_t, uint64_t> tally = tally_of(into);
    for (const TaeAnimation& a : tae.animations) {
        for (const TaeEvent& e : a.events) {
            if (e.type != event_type) continue;
            ++into.events;
            Bytes p = tae.parameters(e);
            if (byte_offset > p.size() || p.size() - byte_offset < 4) continue;
            ++into.words;
            uint32_t w = uint32_t(p[byte_offset]) | uint32_t(p[byte_offset + 1]) << 8 | uint32_t(p[byte_offset + 2]) << 16 |
                         uint32_t(p[byte_offset + 3]) << 24;
            if (w == 0) {
                ++into.zero;
                continue;
            }
            ++tally[w];
            if (reads_as_plausible_float(w)) ++into.finite_float;
            else if (reads_as_small_integer(w)) ++into.small_integer;
            else ++into.other;
        }
    }
    finish(into, tally);
}

StoredWordCounts count_stored_words(const Document& doc, int32_t event_type, uint32_t byte_offset) {
    StoredWordCounts c;
    c.event_type = event_type;
    c.byte_offset = byte_offset;
    for (const DocumentTae& t : doc.taes)
        if (t.tae) count_stored_words(*t.tae, event_type, byte_offset, c);
    return c;
}

std::optional<StoredWordCounts> stored_word_evidence(const Document& doc, const KnowledgeEntry& entry) {
    if (entry.subject != KnowledgeSubject::Field || !entry.counted_word_offset) return std::nullopt;
    return count_stored_words(doc, entry.event_type, *entry.counted_word_offset);
}

}  // namespace taescope
