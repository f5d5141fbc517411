// What changed between two versions of the same animations (a mod against the game's file):
// animations added, removed or changed; events added, removed, moved or changed, with the
// fields that differ. `taescope diff` prints it; the viewer can show the same diff side by side.
//
// Animations are matched by full number (group x 1,000,000 + number), whatever event file holds
// them, so a mod that moves animations between aNN.tae files still lines up.
//
// Events are matched within one animation, only between events of the same type, in passes
// that each take the most certain pairs first (every pass keeps stored order for ties):
//   1. identical: same type, start and end bits, the i32 at +4 and the same parameter bytes
//      (bytes equal up to trailing zero padding, which re-saving tools add or drop);
//   2. moved: same type and bytes, other times; among candidates the pair with the smallest
//      |start difference| + |end difference| is taken first;
//   3. changed, overlapping: same type, times that overlap; the pair with the largest overlap
//      ratio (intersection / union of the two [start, end] intervals) first;
//   4. changed, by order: what is left of a type when both sides have the same number of
//      events of it left, paired k-th with k-th in stored order (an edit of both times and
//      values of the only event of its type).
// Everything left over is added (only in B) or removed (only in A). An event whose stored
// index differs but is otherwise identical is reported unchanged with both indices.
//
// Field-level differences come from the game's templates when given (each template field whose
// bytes differ, with both values as text), and are byte runs otherwise (and for the bytes past
// a template).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tae/tae_model.h"

namespace taescope {

struct Document;
struct GameTemplates;

enum class EventChange : uint8_t { Unchanged, Moved, Changed, Added, Removed };
const char* event_change_name(EventChange change);  // "unchanged", "moved", "changed", "added", "removed"

enum class EventMatchPass : uint8_t { None, Identical, SameBytes, Overlap, Order };
const char* event_match_pass_name(EventMatchPass pass);  // "none", "identical", "same-bytes", "overlap", "order"

// One field (or a run of bytes) whose stored bytes differ.
struct FieldDifference {
    std::string name;     // the template field's name, "field N" when unnamed, or "bytes" for a raw run
    uint32_t offset = 0;  // byte range in the parameter bytes
    uint32_t size = 0;
    std::string before;  // value text (hex bytes for a raw run; "(not stored)" when one side is shorter)
    std::string after;
};

struct EventDifference {
    EventChange change = EventChange::Unchanged;
    EventMatchPass matched_by = EventMatchPass::None;
    int32_t type = 0;
    std::optional<uint32_t> index_a;  // the event's index in A's animation (absent when added)
    std::optional<uint32_t> index_b;  // in B's (absent when removed)
    uint32_t start_bits_a = 0, end_bits_a = 0;
    uint32_t start_bits_b = 0, end_bits_b = 0;
    bool times_changed = false;
    bool unknown04_changed = false;
    bool parameters_changed = false;      // bytes differ beyond trailing zero padding
    bool parameter_size_changed = false;  // stored lengths differ (may be padding only)
    std::vector<FieldDifference> fields;
};

struct GroupDifference {
    int32_t type = 0;
    std::optional<uint32_t> index_a, index_b;  // group indices; absent on the side that lacks it
    std::string note;                          // "added", "removed", "members differ"
};

// (Named apart from engine/edit's AnimationChange, which is one step of an edit.)
enum class AnimationDiffKind : uint8_t { Unchanged, Changed, Added, Removed };
const char* animation_change_name(AnimationDiffKind change);

struct AnimationDifference {
    uint64_t full_number = 0;
    AnimationDiffKind change = AnimationDiffKind::Unchanged;
    std::string file_a, file_b;               // the event files holding it ("" on the side that lacks it)
    std::vector<std::string> header_changes;  // "header type 0 -> 1", "motion file name ...", ...
    std::vector<EventDifference> events;      // every event of both sides, matched (see the top)
    std::vector<GroupDifference> groups;      // only groups that differ
    size_t count(EventChange change) const;
};

struct TaeDiffOptions {
    const GameTemplates* templates = nullptr;  // decodes both sides' events (field names); may be nullptr
    bool keep_unchanged_animations = false;    // list animations with no difference too
};

// One animation against another (either may be nullptr: added / removed).
AnimationDifference diff_animation(const TaeFile* file_a, const TaeAnimation* a, const TaeFile* file_b,
                                   const TaeAnimation* b, const TaeDiffOptions& options = {});

// Only the field differences of two events' parameter bytes of the same type.
std::vector<FieldDifference> diff_parameters(int32_t type, Bytes a, Bytes b, const GameTemplates* templates);

// The animations (by full number) of every event file that parsed, in ascending number order.
struct TaeSetEntry {
    uint64_t full_number = 0;
    const TaeFile* file = nullptr;
    const TaeAnimation* animation = nullptr;
    std::string file_name;
};
std::vector<TaeSetEntry> document_animations(const Document& doc);

struct TaeSetDifference {
    std::vector<AnimationDifference> animations;  // ascending full number
    size_t added = 0, removed = 0, changed = 0, unchanged = 0;
};

// Every animation of A against B. When `only` is set, just that full number.
TaeSetDifference diff_tae_sets(const std::vector<TaeSetEntry>& a, const std::vector<TaeSetEntry>& b,
                               const TaeDiffOptions& options = {}, std::optional<uint64_t> only = std::nullopt);

}  // namespace taescope
