// ImportOther: an animation whose header names another animation that supplies its motion and
// events (tae-format-notes.txt, "Animation headers", "Event files in a character's animation
// binder").
//
// The source is a full number (group x 1,000,000 + number) of the same binder, and may lie in
// another event file: in the player binder each aNN.tae stores numbers within its group, so
// Sekiro's a10 imports of a00 animations name numbers below 1,000,000. A chain of imports is
// followed to an animation that is not ImportOther. What is reported instead of guessed:
//   * -1: DSAnimStudio reads it as no import; the animation keeps its own record (6 in Sekiro);
//   * a number no event file of the binder holds (11 in Sekiro: c1020 100009500, c9820
//     100005211, ...): what the engine does is Unknown; the record's own events are kept;
//   * a cycle, or a chain longer than kMaxImportChain: the record's own events are kept.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tae/tae_model.h"

namespace taescope {

struct Document;

inline constexpr size_t kMaxImportChain = 64;

struct AnimationRef {
    size_t tae_index = 0;        // which event file
    size_t animation_index = 0;  // which record of it
    uint64_t full_number = 0;    // group x 1,000,000 + number
};

// Every animation record of a binder by full number.
class AnimationIndex {
public:
    // Each event file that parsed, with the offset that makes its stored numbers full.
    static AnimationIndex from_document(const Document& doc);
    // Adds a file's records (`tae_index` is the caller's name for the file).
    void add_file(size_t tae_index, const TaeFile& file, uint64_t number_offset);

    std::optional<AnimationRef> find(uint64_t full_number) const;
    const TaeFile* file(size_t tae_index) const;
    const TaeAnimation* animation(const AnimationRef& ref) const;
    // Numbers held by more than one record (the first added is the one found).
    const std::vector<uint64_t>& duplicate_numbers() const { return duplicates_; }
    size_t size() const { return entries_.size(); }

private:
    void sort_if_needed() const;
    std::vector<const TaeFile*> files_;  // by tae_index (nullptr where nothing was added)
    mutable std::vector<AnimationRef> entries_;
    mutable bool sorted_ = true;
    mutable std::vector<uint64_t> duplicates_;
};

enum class ImportOutcome : uint8_t {
    NotImport,      // the animation is not ImportOther: its own events
    Resolved,       // the chain ends at an animation that is not ImportOther
    NoImport,       // a link names -1: the record keeps its own events
    MissingTarget,  // a link names a number the binder lacks
    Cycle,          // the chain comes back to a record it passed
    TooLong,        // more than kMaxImportChain links
};
const char* import_outcome_name(ImportOutcome outcome);

struct ImportResolution {
    ImportOutcome outcome = ImportOutcome::NotImport;
    std::vector<AnimationRef> chain;  // the requested animation, then each import target reached
    AnimationRef events_from;         // the record whose events apply
    int32_t unresolved_source = 0;    // the number that ended the chain (NoImport, MissingTarget, Cycle)
    std::string message;              // one line for a reader: "a050_000100 -> a000_000100"
};

ImportResolution resolve_imports(const AnimationIndex& index, const AnimationRef& start);

}  // namespace taescope
