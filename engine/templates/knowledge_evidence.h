// Stored-value evidence for a word two sources read differently: counts, over the events of one
// type in the files at hand, how the 32-bit word at a byte offset of their parameters reads.
// The counts are computed from the open files, never typed in, so the viewer and
// `taescope explain TYPE FILE` can show "0 of 1,086 words read as a finite float" beside the
// readings of the sources.
//
// The categories of a non-zero word do not overlap: a finite float of magnitude 1e-20 to 1e12
// (the notes' test), an integer of magnitude below 2^24 (as a float such a word is a denormal
// below 1.2e-38 or, when negative, a NaN, so never the former), or neither.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "binder/document.h"
#include "templates/knowledge.h"

namespace taescope {

struct StoredWordCounts {
    int32_t event_type = 0;
    uint32_t byte_offset = 0;
    uint64_t events = 0;         // events of the type
    uint64_t words = 0;          // of those, the ones whose parameters hold the whole word
    uint64_t zero = 0;           // words that are 0
    uint64_t finite_float = 0;   // non-zero words that read as a finite float of magnitude 1e-20..1e12
    uint64_t small_integer = 0;  // non-zero words that read as an integer of magnitude below 2^24
    uint64_t other = 0;          // non-zero words that are neither
    std::vector<std::pair<uint32_t, uint64_t>> common;  // every distinct non-zero word (raw bits, count), most frequent first

    // Float when some words read as floats and none as small integers, Integer the reverse,
    // Undecided when no word is either (all zero, or no events), Mixed when both occur.
    WordReading decides() const;
    // "1,086 words of event 730 at byte 0: 860 small integers (-45, -90, 75, ...), 0 finite floats, 226 zero"
    std::string summary() const;
};

// Counts the word at `byte_offset` of every event of `event_type` in the file / in every event
// file of the document that parsed. Adds to `into` (so several files can be counted together).
void count_stored_words(const TaeFile& tae, int32_t event_type, uint32_t byte_offset, StoredWordCounts& into);
StoredWordCounts count_stored_words(const Document& doc, int32_t event_type, uint32_t byte_offset);

// The evidence for a knowledge entry that names a word to count (nullopt when it names none).
std::optional<StoredWordCounts> stored_word_evidence(const Document& doc, const KnowledgeEntry& entry);

// "1,086"
std::string thousands(uint64_t n);

}  // namespace taescope
