#include "havok/pose.h"

namespace taescope::havok {

void compute_pose(const Skeleton& skeleton, const AnimationClip* clip, double frame, const PoseOptions& options,
                  Pose& out) {
    const size_t n = skeleton.bones.size();
    out.local.resize(n);
    out.model.resize(n);
    for (size_t b = 0; b < n; ++b) assign(out.local[b], skeleton.bones[b].reference);

    if (clip) {
        out.tracks.resize(clip->summary.track_count);
        clip->sample_tracks(frame, out.tracks, &out.spline_cache);
        const bool additive = clip->summary.additive();
        const size_t mapped = std::min(out.tracks.size(), clip->track_to_bone.size());
        for (size_t k = 0; k < mapped; ++k) {
            int32_t b = clip->track_to_bone[k];
            if (b < 0 || size_t(b) >= n) continue;  // reported when the clip is paired with the skeleton
            const QsTransform& t = out.tracks[k];
            QsTransform& l = out.local[size_t(b)];
            if (additive) {
                for (int c = 0; c < 3; ++c) l.translation[c] += t.translation[c];
                l.rotation = quat_normalized(quat_multiply(l.rotation, t.rotation));
                for (int c = 0; c < 3; ++c) l.scale[c] *= t.scale[c];
            } else {
                assign(l, t);
            }
        }
    }

    for (uint32_t b : skeleton.parent_first_order) {
        int32_t p = skeleton.bones[b].parent;
        if (p < 0)
            assign(out.model[b], out.local[b]);
        else
            compose_into(out.model[size_t(p)], out.local[b], out.model[b]);
    }
    if (clip && clip->root_motion && options.root_motion) {
        auto m = clip->root_motion->at(frame);
        for (auto& t : out.model)
            for (int c = 0; c < 3; ++c) t.translation[c] += m[c];
    }
}

}  // namespace taescope::havok
