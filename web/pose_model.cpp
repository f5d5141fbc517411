#include "pose_model.h"

#include <algorithm>
#include <cmath>

namespace taescope::web {

void PoseModel::reset(std::vector<const Document*> documents) {
    character_ = std::make_unique<HavokCharacter>(std::move(documents));
    const uint64_t generation = view_.generation;
    view_ = PoseView{};
    view_.generation = generation + 1;
    prepared_ = false;
}

void PoseModel::clear() {
    character_.reset();
    const uint64_t generation = view_.generation;
    view_ = PoseView{};
    view_.generation = generation + 1;
    prepared_ = false;
}

AnimationLength PoseModel::length(uint64_t full_animation_number) {
    if (!character_) {
        AnimationLength none;
        none.reason = "no file open";
        return none;
    }
    return character_->length(full_animation_number);
}

void PoseModel::select_animation(std::optional<uint64_t> animation) {
    PoseView& v = view_;
    v.has_character = character_ != nullptr;
    v.skeleton = nullptr;
    v.skeleton_error.clear();
    v.has_animation = animation.has_value();
    v.animation = animation.value_or(0);
    v.length = AnimationLength{};
    v.clip.reset();
    v.reason.clear();
    v.root_path.clear();
    if (!character_) {
        v.skeleton_error = v.reason = "no file open";
        return;
    }
    Result<const havok::Skeleton*> skeleton = character_->skeleton();
    if (skeleton.ok())
        v.skeleton = *skeleton;
    else
        v.skeleton_error = skeleton.error().to_string();
    if (!animation) {
        v.reason = "no animation selected";
        return;
    }
    v.length = character_->length(*animation);
    if (!v.length.known) {
        v.reason = v.length.reason;
        return;
    }
    Result<std::shared_ptr<const havok::AnimationClip>> clip = character_->clip(*animation);
    if (!clip.ok()) {
        v.reason = clip.error().to_string();
        return;
    }
    v.clip = std::move(clip).value();
    if (v.clip->root_motion) {
        v.root_path.reserve(v.clip->root_motion->samples.size() * 3);
        for (const auto& sample : v.clip->root_motion->samples)
            for (int c = 0; c < 3; ++c) v.root_path.push_back(float(sample[size_t(c)]));
    }
}

const PoseView& PoseModel::prepare(std::optional<uint64_t> animation, double seconds, bool root_motion) {
    PoseView& v = view_;
    const bool same_animation =
        prepared_ && v.has_animation == animation.has_value() && (!animation || v.animation == *animation);
    if (same_animation && v.time == seconds && v.root_motion == root_motion) return v;
    if (!same_animation) select_animation(animation);
    prepared_ = true;
    v.time = seconds;
    v.root_motion = root_motion;
    v.frame = 0;
    if (v.clip && v.clip->summary.frame_duration > 0) {
        double frame = seconds / v.clip->summary.frame_duration;
        // t = N * frame_duration is frame N, not N minus a rounding error.
        if (std::fabs(frame - std::round(frame)) < 1e-4) frame = std::round(frame);
        const double last = v.clip->summary.frame_count > 0 ? double(v.clip->summary.frame_count - 1) : 0.0;
        v.frame = std::clamp(frame, 0.0, last);
    }
    ++v.generation;
    if (!v.skeleton) {
        v.joints.clear();
        return v;
    }
    havok::PoseOptions options;
    options.root_motion = root_motion;
    havok::compute_pose(*v.skeleton, v.clip.get(), v.frame, options, v.pose);
    v.joints.resize(v.pose.model.size() * 3);
    for (size_t b = 0; b < v.pose.model.size(); ++b)
        for (size_t c = 0; c < 3; ++c) v.joints[b * 3 + c] = float(v.pose.model[b].translation[c]);
    return v;
}

}  // namespace taescope::web
