// What the simulator's state and the selected event mean for a character's body (FLVER model):
// which meshes the 32 mask groups draw at the playhead (../shared/spec/flver-model.md §7, with
// sim/mask_visibility.h's MaskState), and which dummy polys an event names through its decoded
// template fields (§10: several dummies may share an id; an event naming it means all of them).
// The page's character view and `taescope.state().model` read these; the join of the model with
// the skeleton is binder/character_model.h.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "flver/flver_model.h"
#include "sim/mask_visibility.h"
#include "templates/event_decoder.h"

namespace taescope {

// Per mesh: 1 when drawn at the mask state `masks` (the simulator's 32 groups at the playhead),
// 0 when its mask group is Hidden. Meshes without a mask (-1), or with one past the 32 groups,
// are always drawn; Default (no event decides) is what `defaults` says: the character's NpcParam
// display masks when params are open, else shown (§7). `force_all_shown`: every mesh 1.
std::vector<uint8_t> mesh_visibility(const flver::Model& model, const MaskState& masks, bool force_all_shown = false,
                                     const DisplayMaskDefaults& defaults = DisplayMaskDefaults::all_shown());
// Meshes drawn by mask group `group` (for the Simulation panel's mask rows).
std::vector<size_t> meshes_of_mask(const flver::Model& model, int32_t group);

// True when a template field's name says it holds a dummy-poly id ("Dummy Poly ID",
// "DummyPolyID", "Dummy Poly - Blade Tip ID", "Model 0 - Dummy Poly ID"; not flags such as
// "Follow Dummy Poly" nor "Dummy Poly Source" nor "Decal Param ID - Dummy Poly").
bool field_names_dummy_poly_id(std::string_view field_name);
// The dummy ids an event's decoded fields name (present integer fields whose name says dummy
// poly id; negative values, "none", left out), in field order, without repeats.
std::vector<int32_t> event_dummy_ids(const DecodedEvent& event);
// Indices (into Model::dummies) of every dummy whose reference id is `id` (several may share one).
std::vector<size_t> dummies_with_id(const flver::Model& model, int32_t id);
// Every dummy the event names, in the FLVER's order.
std::vector<size_t> dummies_named_by_event(const flver::Model& model, const DecodedEvent& event);

}  // namespace taescope
