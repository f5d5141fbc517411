// One animation member (aXXX_YYYYYY.hkx): its hkaAnimation (spline-compressed, or interleaved
// uncompressed [unverified]), the hkaAnimationBinding (track -> bone, blend hint) and the root
// motion (hkaDefaultAnimatedReferenceFrame), per ../shared/spec/havok-animation.md §5-8.
//
// read_animation_summary() reads only the header (timing, counts) for lists; read_animation()
// also checks and indexes the compressed tracks so that the clip can be sampled at any time.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "havok/spline_compressed.h"
#include "havok/tagfile.h"
#include "havok/transform.h"

namespace taescope::havok {

struct RootMotion {
    std::array<double, 4> up{0, 1, 0, 0}, forward{0, 0, 1, 0};
    double duration = 0;
    std::vector<std::array<double, 4>> samples;  // one per frame: xyz displacement from frame 0, w as stored
    // The sample at a frame: exact at whole frames, linear between them, clamped to the ends.
    std::array<double, 4> at(double frame) const;
};

struct AnimationSummary {
    std::string class_name;  // hkaSplineCompressedAnimation, ...
    std::string sdk_version;
    double duration = 0;        // seconds
    double frame_duration = 0;  // seconds per frame
    uint32_t frame_count = 0;
    uint32_t block_count = 0;
    uint32_t max_frames_per_block = 0;
    uint32_t track_count = 0;
    uint32_t float_track_count = 0;
    int32_t blend_hint = 0;  // 1: additive (deltas over a base pose)
    bool has_root_motion = false;
    bool additive() const { return blend_hint == 1; }
    double frame_rate() const { return frame_duration > 0 ? 1.0 / frame_duration : 0; }
};

struct AnimationClip {
    AnimationSummary summary;
    std::string original_skeleton_name;
    std::vector<int16_t> track_to_bone;
    std::optional<RootMotion> root_motion;
    std::optional<SplineCompressedTracks> spline;
    std::vector<QsTransform> interleaved;  // frame-major: [frame * track_count + track]
    std::vector<std::string> notes;        // deviations from what the spec observed, reported

    // Local transforms of every track at a frame of the clip's own frame numbering (fractions
    // allowed, clamped to the clip). `out` must hold summary.track_count transforms. `cache` (may be
    // null) keeps the decoded block between calls: the same values, less work per frame.
    void sample_tracks(double frame, std::span<QsTransform> out, SplineBlockCache* cache = nullptr) const;
    size_t memory_bytes() const;
};

Result<AnimationSummary> read_animation_summary(Bytes hkx, const Compendium* compendium);
Result<AnimationClip> read_animation(Bytes hkx, const Compendium* compendium);

}  // namespace taescope::havok
