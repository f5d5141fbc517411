// Frame data of a binder's attacks (issue 40): per animation, when each attack is live, what it
// hits and how far it reaches, from the game's own params (sim/attack_chain.h) and, when a model
// is given, the posed hit shapes.
//
// Conventions:
//   * frames: 1/30 s (the timeline's frames), start x 30 and end x 30 of the event's stored
//     times (fractions kept); clip frames: the same instants in the Havok clip's own frames
//     (seconds / frame duration), when the clip is in the binder;
//   * an attack is one type-1/5 event; its window is [start, end) (the hitbox is live while the
//     event is, §5.1). The animation's startup is its earliest window start over its resolved
//     attacks (a missed one has no shapes, so no startup);
//   * reach: the farthest posed shape point (capsule end, sphere centre) from the character's
//     origin (model space, no root motion) over the clip frames k with start <= k x frame
//     duration < end (the frame at round(start / frame duration) when the window holds none),
//     and the same plus the shape's radius (reach_surface). Needs the model and the clip;
//   * the true length: the Havok clip's duration and frame count (animation header timing).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "binder/character_model.h"
#include "binder/havok_character.h"
#include "sim/attack_chain.h"

namespace taescope {

// A named AtkParam field of an attack as the paramdef gives it ("atkPhys" = 120).
struct AttackField {
    std::string name;          // paramdef field name
    std::string display_name;  // the paramdef's display name ("" when none)
    std::string value;         // field_value_text
};

struct AttackWindow {
    size_t event = 0;  // index into AttackChain::events()
    double start_seconds = 0, end_seconds = 0;
    double start_frame = 0, end_frame = 0;                   // 1/30 s
    std::optional<double> start_clip_frame, end_clip_frame;  // the clip's frames, when the clip is known
    size_t shapes = 0;                                       // posed shapes (with a model) or used hit slots (without)
    std::optional<double> reach;                             // with a model and the clip
    std::optional<double> reach_surface;                     // reach plus the farthest shape's radius
    std::vector<int32_t> missing_dummies;                    // ids the model lacks (with a model)
    std::vector<AttackField> damage;  // the AtkParam's "Damage:" fields (atkPhys ... atkObj) that are > 0
};

struct AnimationFrameData {
    size_t tae_index = 0, animation_index = 0;
    uint64_t animation = 0;
    std::optional<double> startup_frame;  // earliest resolved window start, 1/30 s frames
    std::vector<AttackWindow> windows;    // by start, then event index
    AnimationLength length;               // the clip's true length (known = false without it)
};

struct FrameDataOptions {
    // Pose the shapes for reach and shape counts: the model and the skeleton's clips. Both null:
    // counts are the used hit slots, no reach.
    CharacterModel* model = nullptr;
    HavokCharacter* havok = nullptr;
};

// Every animation with at least one type-1/5 event, in chain order.
std::vector<AnimationFrameData> compute_frame_data(const AttackChain& chain, const FrameDataOptions& options = {});

// The table as CSV (RFC 4180 quoting), one line per attack after a header line: what
// `taescope framedata --csv` prints and the page's frame-data panel downloads.
std::string frame_data_csv(const AttackChain& chain, const std::vector<AnimationFrameData>& data);
// "attack_type=..." fields of an attack window's damage, space-separated ("atkPhys=120 atkStam=30").
std::string frame_data_damage_text(const AttackWindow& window);

}  // namespace taescope
