// Edit commands: what the viewer (or a script) asks to change in an opened Document.
//
// A command is a plain struct naming its target by indices (event file, animation, event) as
// they are *now*; EditSession::apply() runs it, records how to undo it and reports which
// animation and events it touched, so the UI can select them. A command that cannot apply
// (a stale index, a duplicate animation number, a value a field cannot hold) changes nothing
// and returns an Error saying why.
//
// Times are seconds. With `snap` set a time is rounded to the nearest frame (1/30 s) and stored
// as the f32 nearest k/30, which is what the game files hold; without it (the UI's "free"
// modifier) the time is stored as the f32 nearest the value given.
//
// Event groups (every event of every real file belongs to exactly one group) are kept that way:
// see event_groups.h for the rule an added, pasted, duplicated, retyped or deleted event follows.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "edit/event_clipboard.h"
#include "sim/event_timing.h"  // kFramesPerSecond

namespace taescope {

// The time of the frame nearest `seconds`, as the f32 the game stores for it.
float snap_to_frame(double seconds);
// `seconds` as stored: snapped to a frame, or the nearest f32.
float stored_time(double seconds, bool snap);

struct AnimationTarget {
    size_t tae = 0;        // index into Document::taes
    size_t animation = 0;  // index into that file's animations (table order)
    bool operator==(const AnimationTarget&) const = default;
};

struct EventTarget {
    size_t tae = 0;
    size_t animation = 0;
    uint32_t event = 0;  // index into the animation's events
    AnimationTarget animation_target() const { return {tae, animation}; }
    bool operator==(const EventTarget&) const = default;
};

// --- event commands ---------------------------------------------------------------------

// Moves events of one animation together: events[0] (the one under the mouse) starts at
// `new_start`, the others keep their distance to it. Lengths are kept; an open end (f32 max or
// not finite, "until the animation ends") stays open. Commands sharing a nonzero `drag`
// number, issued one after another, merge into a single undo step (one per mouse drag).
struct MoveEvents {
    AnimationTarget where{};
    std::vector<uint32_t> events{};
    double new_start = 0;
    bool snap = true;
    uint64_t drag = 0;
};

enum class EventEdge : uint8_t { Start, End };

// Moves one edge of an event. The edge cannot pass the other one: it stops there (zero length).
struct ResizeEvent {
    EventTarget event{};
    EventEdge edge = EventEdge::End;
    double seconds = 0;
    bool snap = true;
    uint64_t drag = 0;
};

// Changes an event's type. Its parameter bytes are kept unless `reset_parameters` is set, in
// which case they become the new type's template defaults (default_parameters()).
struct ChangeEventType {
    EventTarget event{};
    int32_t type = 0;
    bool reset_parameters = false;
};

// Sets one template field (index into the event type's template fields) from text, through the
// template encoder: every other byte stays as it was.
struct SetEventField {
    EventTarget event{};
    size_t field = 0;
    std::string text{};
};

// Replaces an event's parameter bytes (zero-padded to a multiple of 16, as every file stores them).
struct SetEventParameters {
    EventTarget event{};
    std::vector<uint8_t> bytes{};
};

// Adds an event at the end of an animation's events; `parameters` absent: the template defaults.
struct AddEvent {
    AnimationTarget where{};
    int32_t type = 0;
    double start = 0;
    double end = 0;
    bool snap = true;
    std::optional<std::vector<uint8_t>> parameters{};
};

// Copies events (same times, type and bytes) to the end of the animation, in the groups of their originals.
struct DuplicateEvents {
    AnimationTarget where{};
    std::vector<uint32_t> events{};
};

struct DeleteEvents {
    AnimationTarget where{};
    std::vector<uint32_t> events{};
};

// Adds copied events to an animation (the same file or another). With `at_seconds` the events
// are shifted so that the earliest start lands there; without it they keep their stored times.
struct PasteEvents {
    AnimationTarget where{};
    EventClipboard clipboard{};
    std::optional<double> at_seconds{};
    bool snap = true;
};

// --- animation commands -----------------------------------------------------------------
// Numbers are as stored in the file: a player group file aNN.tae stores numbers within its
// group (below 1,000,000). Animations stay in strictly ascending number order (a Proven rule):
// a new or renumbered animation takes its sorted place; a number the file already holds is refused.

// A new animation with no events and the header most records have: standard, no flags, motion
// source -1, motion file name "aGGG_NNNNNN.hkt".
struct AddAnimation {
    size_t tae = 0;
    uint64_t number = 0;
};

struct RemoveAnimation {
    AnimationTarget animation{};
};

// A copy of an animation (header, events, groups) under a new number.
struct DuplicateAnimation {
    AnimationTarget animation{};
    uint64_t new_number = 0;
};

// Gives an animation another number; it moves to keep the table sorted. Its motion file name
// follows when it was the animation's own name (aGGG_NNNNNN.hkt).
struct RenumberAnimation {
    AnimationTarget animation{};
    uint64_t new_number = 0;
};

using EditCommand =
    std::variant<MoveEvents, ResizeEvent, ChangeEventType, SetEventField, SetEventParameters, AddEvent, DuplicateEvents,
                 DeleteEvents, PasteEvents, AddAnimation, RemoveAnimation, DuplicateAnimation, RenumberAnimation>;

// What a command touched, for the UI to select: an animation and events of it (indices as
// they are after the command, or after the undo).
struct EditSelection {
    std::optional<AnimationTarget> animation;
    std::vector<uint32_t> events{};
};

// One animation-level change, enough to apply it and to revert it.
struct AnimationChange {
    enum class Kind : uint8_t { Replace, Insert, Erase };
    Kind kind = Kind::Replace;
    size_t tae = 0;
    size_t index = 0;     // table index (Insert: where it lands; Erase: where it was)
    TaeAnimation before;  // Replace, Erase
    TaeAnimation after;   // Replace, Insert
};

// A planned command: its label, its changes in order, and what to select after it and after its undo.
struct EditChange {
    std::string label;
    std::vector<AnimationChange> changes;
    EditSelection selection_after;
    EditSelection selection_before;
    std::vector<std::pair<size_t, bool>>
        modified_before;  // each touched event file's `modified` flag before the change
};

struct Document;
struct GameTemplates;

// Whether applying or reverting `change` adds, removes or renumbers an animation (anything but
// Replace changes that keep each animation's number).
bool changes_animation_table(const EditChange& change);

// Works out what `command` changes, without changing the document's animations (new parameter
// bytes are appended to the target file's arena, where unreferenced bytes are never written).
// `templates` may be nullptr: field edits then fail and new events get no template defaults.
Result<EditChange> plan_command(Document& doc, const GameTemplates* templates, const EditCommand& command);

// Applies a planned change to the document (forward), or reverts it (backward).
void apply_change(Document& doc, const EditChange& change);
void revert_change(Document& doc, const EditChange& change);

// The parameter bytes a new event of `type` gets: its template's size rounded up to 16, with
// each field's default (or asserted) value and zeros elsewhere; with no template, zeros as long
// as another event of that type in `file`, else none.
std::vector<uint8_t> default_parameters(const GameTemplates* templates, const TaeFile& file, int32_t type);

// "a000_003004": the animation as the viewer names it (full number of the record).
std::string animation_label(const Document& doc, AnimationTarget ref);

}  // namespace taescope
