// A character as glTF (gltf_writer.h): its armature, its body when a model is open, and chosen
// animations sampled at their own frames with their TAE events. The page's "Export glTF…" and
// `taescope gltf` both call export_character_glb, so both give the same bytes.
//
// Skeleton only (no model): the joints are the Havok skeleton's bones, their rest the reference
// pose, their inverse binds the inverse of the reference pose in model space; an animation's
// local transforms are havok::compute_pose's (no root motion: the character stays at the origin,
// as the spec's model-space figures and the CLI's `pose --model` without root motion).
//
// With a body (a FLVER model joined to the skeleton, binder/character_model.h): the joints are
// the FLVER's bones in the FLVER hierarchy, their rest the FLVER local transform
// (T · Ry · Rz · Rx · S), their inverse binds W(b)^-1 (../shared/spec/flver-model.md §8); an
// animation's local transform of bone b is A(parent)^-1 · A(b) from the rig's animated worlds A,
// so that the glTF joint's world is A(b) and the skin matrix A(b) · W(b)^-1, the engine's K(b).
// The meshes are LOD0 (first face set with flags 0), weights as stored (the writer renormalises),
// one material each with a colour per material.
//
// The games' left-handed space becomes glTF's right-handed one by the writer's Z mirror
// (gltf_writer.h says how): the engine's numbers go in unchanged.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "binder/character_model.h"
#include "binder/havok_character.h"
#include "io/result.h"
#include "share/gltf_writer.h"
#include "templates/template_library.h"

namespace taescope {

// The TAE events written to one animation's extras, and where they came from.
struct GltfAnimationEvents {
    std::vector<gltf::AnimationEvent> events;
    std::string note;  // e.g. "events imported: ..." ("" : the animation's own)
};

struct CharacterGltfRequest {
    std::vector<uint64_t> animations;            // full animation numbers (aGGG_NNNNNN), in order
    const TemplateLibrary* templates = nullptr;  // names the events' types (null: names left "")
    std::string name;                            // the armature's name ("" : from the first binder's name)
    // The events of each animation of `animations`, in its order, when the caller has them (the
    // page's export worker gets them from the page, which holds the edited TAE files); null: found
    // in the character's binders as character_gltf_events does.
    const std::vector<GltfAnimationEvents>* events = nullptr;
    // Called after each animation is sampled (done of total) and before the writing: a caller off
    // the page's main thread reports its progress.
    std::function<void(size_t done, size_t total)> on_animation;
};

// The events of each of `numbers` from the first binder of the character holding a record of it
// (its import chain followed), named by `templates` (null: names left "").
std::vector<GltfAnimationEvents> character_gltf_events(const HavokCharacter& havok, const TemplateLibrary* templates,
                                                       const std::vector<uint64_t>& numbers);
// The events as bytes for another module (the page hands them to its export worker) and back:
// per animation its event count, note and events (type, name, start and end as 64-bit floats,
// so that they come back exactly). A damaged or cut encoding is an error naming its offset.
std::vector<uint8_t> encode_gltf_events(const std::vector<GltfAnimationEvents>& events);
Result<std::vector<GltfAnimationEvents>> decode_gltf_events(Bytes bytes);

// The Havok animation members of the character, by full number (sorted).
std::vector<uint64_t> character_animation_numbers(const HavokCharacter& havok);

// The description; `model` null (or without a model): skeleton only. An animation that cannot be
// decoded is an error naming it (the caller chose it).
Result<gltf::Scene> character_gltf_scene(HavokCharacter& havok, CharacterModel* model,
                                         const CharacterGltfRequest& request);
// character_gltf_scene written as .glb bytes.
Result<std::vector<uint8_t>> export_character_glb(HavokCharacter& havok, CharacterModel* model,
                                                  const CharacterGltfRequest& request);

}  // namespace taescope
