// Mesh-visibility events (tae-format-notes.txt, "Mesh-visibility events"): 233, 711 and 713
// each hold 32 mask-group bytes. The behaviour is the one DSAnimStudio implements (Sourced):
//
//   233 Change Character Draw Mask   0 hide, 1 show, 255 unchanged    latched at its start
//   711 Hide Model Mask              1 hide, 0 unchanged              over its interval
//   713 Show Model Mask              1 show, 0 unchanged              over its interval
//
// Where the 32 bytes lie comes from the game's templates (fields "Mask 1" .. "Mask 32"; every
// built-in game puts them at bytes 0..31); without a template bytes 0..31 are assumed, and the
// layout says so. A byte value the table does not name (e.g. 7 in a 233 event, or 2 in a 711)
// changes nothing and is reported; so is a group whose byte the event does not store.
//
// Precedence when several events speak about a group at one instant: source-record order, a
// later record wins (the order the spec's checked external playback model uses). A 233 speaks
// from its start on (latched; it keeps speaking after its end), a 711/713 only while active.
// A 233 that is active at no instant under the convention (stored backwards, or zero-length
// under half-open) never latches; its timing flags say why.
// Runtime priority across overlapping systems, and the end-instant convention of 711/713,
// are Unknown in the spec.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "templates/event_template.h"

namespace taescope {

inline constexpr int kMaskGroupCount = 32;
inline constexpr int32_t kEventChangeDrawMask = 233;
inline constexpr int32_t kEventHideModelMask = 711;
inline constexpr int32_t kEventShowModelMask = 713;

bool is_mask_event_type(int32_t type);
// True for 233: its changes last past its end.
inline bool mask_event_latches(int32_t type) { return type == kEventChangeDrawMask; }

// Where each group's byte lies in one event type's parameters.
struct MaskLayout {
    std::array<uint32_t, kMaskGroupCount> offsets{};
    std::string source;  // "template SDT 233: Mask 1..Mask 32 at bytes 0..31" or "no template: bytes 0..31 assumed"
};
// `templates` may be nullptr. A template that lacks a field "Mask N" keeps byte N-1 for it
// and says so in `source`.
MaskLayout mask_layout_for(const GameTemplates* templates, int32_t type);

enum class MaskChange : uint8_t { Unchanged, Show, Hide };
const char* mask_change_name(MaskChange change);

// What one mask event says about each group.
struct MaskAction {
    int32_t type = 0;
    std::array<MaskChange, kMaskGroupCount> changes{};
    std::array<uint8_t, kMaskGroupCount> stored{};  // the byte as stored (0 where not stored)
    uint32_t unstored_groups = 0;                   // bit g: group g+1's byte lies past the parameters
    uint32_t unnamed_values = 0;                    // bit g: a byte value the table does not name
};
MaskAction read_mask_action(int32_t type, Bytes params, const MaskLayout& layout);

// One group's visibility at one instant.
enum class MaskVisibility : uint8_t {
    Default,  // no event decides it: the character's own display mask (NpcParam) applies
    Shown,
    Hidden,
};
const char* mask_visibility_name(MaskVisibility v);

struct MaskGroupState {
    MaskVisibility visibility = MaskVisibility::Default;
    int32_t decided_by = -1;  // index of the event (source record) that decided it, -1 for Default
};
using MaskState = std::array<MaskGroupState, kMaskGroupCount>;

// Applies one event's action over `state` (the caller walks events in source-record order).
void apply_mask_action(MaskState& state, const MaskAction& action, int32_t event_index);

// What Default means for a character: its own display masks (NpcParam modelDispMask0..31 of the
// chosen NpcParam row, sim/character_params.h), the mask state before any 233/711/713 event.
// Without params every group is shown (all_shown()), as the page did before params existed.
struct DisplayMaskDefaults {
    uint32_t shown = 0xFFFFFFFFu;  // bit g: group g is shown by default
    std::string source;            // "NpcParam 50510000 (lowest of 3 rows of model 5051)", "no params: all shown"

    static DisplayMaskDefaults all_shown();
    bool shows(int group) const { return group < 0 || group >= kMaskGroupCount || ((shown >> group) & 1u) != 0; }
};
// Whether a group is drawn: Shown / Hidden as an event decided, Default by `defaults`.
bool mask_group_shown(const MaskState& state, int group, const DisplayMaskDefaults& defaults);

}  // namespace taescope
