// What the Pose panel draws, prepared before anything is drawn: the Havok side of the opened
// character (engine/binder/havok_character.h) and the skeleton's pose at the playhead.
//
// Nothing is read when a file opens: the skeleton, an animation's header and its tracks are
// read the first time the Pose panel, the timeline or the Files panel asks for them, and a pose
// is computed again only when the animation, the time or the root-motion option changed.
//
// The frame shown is the clip's own frame number at the playhead, t / frame_duration, the
// numbering of `taescope pose --frames` (so the pose at time N * frame_duration is the CLI's
// pose at frame N).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "binder/havok_character.h"
#include "havok/pose.h"

namespace taescope::web {

struct PoseView {
    bool has_character = false;  // a document is open
    const havok::Skeleton* skeleton = nullptr;
    std::string skeleton_error;  // why there is no skeleton (skeleton == nullptr)
    bool has_animation = false;  // an animation is selected
    uint64_t animation = 0;      // its full number
    AnimationLength length;      // its true length (or why it is not known)
    std::shared_ptr<const havok::AnimationClip> clip;
    std::string reason;            // no clip: why (no Havok member, a format not read, damage)
    bool root_motion = true;       // the option the pose was computed with
    double time = 0;               // the playhead (seconds)
    double frame = 0;              // the clip's frame shown (clamped to the clip), 0 without one
    havok::Pose pose;              // local and model-space transforms per bone
    std::vector<float> joints;     // model-space xyz per bone, for drawing and picking
    std::vector<float> root_path;  // the root motion's xyz per clip frame (empty without)
    uint64_t generation = 0;       // advances whenever `joints` change

    size_t bone_count() const { return skeleton ? skeleton->bones.size() : 0; }
    bool additive() const { return clip && clip->summary.additive(); }
};

class PoseModel {
public:
    // A new character over these documents (documents[0]: the one whose TAE is shown; they
    // must outlive this model or the next reset). Nothing is read here.
    void reset(std::vector<const Document*> documents);
    void clear();
    HavokCharacter* character() { return character_.get(); }
    // The animation's true length from its Havok header (cached by the character).
    AnimationLength length(uint64_t full_animation_number);
    // The pose of `animation` at `seconds`; recomputed only when an input changed.
    const PoseView& prepare(std::optional<uint64_t> animation, double seconds, bool root_motion);
    const PoseView& view() const { return view_; }

private:
    void select_animation(std::optional<uint64_t> animation);

    std::unique_ptr<HavokCharacter> character_;
    PoseView view_;
    bool prepared_ = false;
};

}  // namespace taescope::web
