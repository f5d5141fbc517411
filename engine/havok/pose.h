// A skeleton's pose at a frame of an animation: local (parent-relative) transforms from the
// animation's tracks over the reference pose, then model-space transforms along the parent chain
// (../shared/spec/havok-animation.md §7.7).
//
// - Bones without a track keep their reference pose.
// - Additive clips (blend hint 1) are applied over the reference pose as DSAnimStudio does:
//   t = t_ref + t_delta, q = q_ref * q_delta, s = s_ref * s_delta (the spec calls the exact
//   Havok rule unverified; the Pose panel labels such clips as additive).
// - Root motion moves the whole body by the sample's xyz at that frame (linear between frames);
//   its w (probably a turn about `up`, unverified) is not applied.
#pragma once

#include <vector>

#include "havok/animation_clip.h"
#include "havok/skeleton.h"

namespace taescope::havok {

struct PoseOptions {
    bool root_motion = true;
};

struct Pose {
    std::vector<QsTransform> local;   // per bone
    std::vector<QsTransform> model;   // per bone, root motion included when asked
    std::vector<QsTransform> tracks;  // scratch: the clip's sampled tracks
    SplineBlockCache spline_cache;    // the block sampled last, decoded (see spline_compressed.h)
};

// The pose of `skeleton` at `frame` of `clip` (null: the reference pose). Reuses `out`'s storage,
// so a caller drawing every frame allocates nothing after the first, and its spline block cache,
// so frames in one block of the clip decode that block once.
void compute_pose(const Skeleton& skeleton, const AnimationClip* clip, double frame, const PoseOptions& options,
                  Pose& out);

}  // namespace taescope::havok
