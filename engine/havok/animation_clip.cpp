#include "havok/animation_clip.h"

#include <cmath>
#include <cstring>

#include "havok/skeleton.h"

namespace taescope::havok {

namespace {

Result<std::vector<uint32_t>> read_u32_array(const Tagfile& file, Value record, std::string_view name) {
    auto a = file.array(record, name);
    if (!a.ok()) return std::move(a.error());
    std::vector<int64_t> values;
    TAESCOPE_TRY(file.integers(*a, values));
    std::vector<uint32_t> out;
    out.reserve(values.size());
    for (const int64_t v : values) out.push_back(uint32_t(v));
    return out;
}

Result<int64_t> read_count(const Tagfile& file, Value record, std::string_view name) {
    auto v = file.integer(record, name);
    if (!v.ok()) return v;
    if (*v < 0) return file.error_at(record.pos, std::string(name) + " is negative (" + std::to_string(*v) + ")");
    return v;
}

struct Located {
    Tagfile file;
    Value animation;
    std::optional<Value> binding;
};

Result<Located> locate(Bytes hkx, const Compendium* compendium) {
    auto file = Tagfile::read(hkx, compendium);
    if (!file.ok()) return std::move(file.error());
    auto container = file->root_object("hkaAnimationContainer");
    if (!container.ok()) return std::move(container.error());
    auto animations = file->array(*container, "animations");
    if (!animations.ok()) return std::move(animations.error());
    if (animations->count == 0) return file->error_at(container->pos, "the animation container holds no animation");
    auto anim = file->pointer(animations->at(0));
    if (!anim.ok()) return std::move(anim.error());
    if (!*anim) return file->error_at(animations->pos, "the first animation pointer is null");
    Located out{std::move(file).value(), **anim, std::nullopt};
    auto bindings = out.file.array(*container, "bindings");
    if (!bindings.ok()) return std::move(bindings.error());
    if (bindings->count > 0) {
        auto b = out.file.pointer(bindings->at(0));
        if (!b.ok()) return std::move(b.error());
        out.binding = *b;
    }
    return out;
}

Status read_summary(const Located& at, AnimationSummary& s, Value& motion_target, bool& has_motion) {
    const Tagfile& f = at.file;
    const Value a = at.animation;
    s.sdk_version = f.sdk_version();
    s.class_name = f.type_name(a.type);
    auto duration = f.real(a, "duration");
    if (!duration.ok()) return std::move(duration.error());
    s.duration = *duration;
    auto tracks = read_count(f, a, "numberOfTransformTracks");
    if (!tracks.ok()) return std::move(tracks.error());
    auto floats = read_count(f, a, "numberOfFloatTracks");
    if (!floats.ok()) return std::move(floats.error());
    if (*tracks > 0xFFFF || *floats > 0xFFFF)
        return f.error_at(a.pos, std::to_string(*tracks) + " transform and " + std::to_string(*floats) +
                                     " float tracks: more than a skeleton can hold");
    s.track_count = uint32_t(*tracks);
    s.float_track_count = uint32_t(*floats);
    auto motion = f.pointer(a, "extractedMotion");
    if (!motion.ok()) return std::move(motion.error());
    has_motion = motion->has_value();
    if (has_motion) motion_target = **motion;

    const TypeTable& types = f.types();
    if (types.is_a(a.type, "hkaSplineCompressedAnimation")) {
        auto frames = read_count(f, a, "numFrames");
        if (!frames.ok()) return std::move(frames.error());
        auto blocks = read_count(f, a, "numBlocks");
        if (!blocks.ok()) return std::move(blocks.error());
        auto per_block = read_count(f, a, "maxFramesPerBlock");
        if (!per_block.ok()) return std::move(per_block.error());
        auto frame_duration = f.real(a, "frameDuration");
        if (!frame_duration.ok()) return std::move(frame_duration.error());
        if (*frames > 0xFFFFFFF || *blocks > 0xFFFFFF || *per_block > 0xFFFFFF)
            return f.error_at(a.pos, "numFrames " + std::to_string(*frames) + ", numBlocks " + std::to_string(*blocks) +
                                         ", maxFramesPerBlock " + std::to_string(*per_block) + ": out of range");
        s.frame_count = uint32_t(*frames);
        s.block_count = uint32_t(*blocks);
        s.max_frames_per_block = uint32_t(*per_block);
        s.frame_duration = *frame_duration;
    } else if (types.is_a(a.type, "hkaInterleavedUncompressedAnimation")) {
        auto transforms = f.array(a, "transforms");
        if (!transforms.ok()) return std::move(transforms.error());
        s.frame_count = s.track_count ? uint32_t(transforms->count / s.track_count) : 0;
        s.block_count = 1;
        s.frame_duration = s.frame_count > 1 ? s.duration / double(s.frame_count - 1) : s.duration;
    } else {
        return f.error_at(a.pos, "animation class " + s.class_name +
                                     " is not read (spline-compressed and interleaved animations are)");
    }
    if (!(s.frame_duration > 0) || !std::isfinite(s.frame_duration))
        return f.error_at(a.pos, "frame duration " + std::to_string(s.frame_duration) + " s is not a positive number");
    if (s.frame_count == 0) return f.error_at(a.pos, "the animation has no frames");
    if (at.binding) {
        auto hint = f.integer(*at.binding, "blendHint");
        if (!hint.ok()) return std::move(hint.error());
        s.blend_hint = int32_t(*hint);
    }
    s.has_root_motion = has_motion && types.is_a(motion_target.type, "hkaDefaultAnimatedReferenceFrame");
    return ok_status();
}

}  // namespace

std::array<double, 4> RootMotion::at(double frame) const {
    if (samples.empty()) return {0, 0, 0, 0};
    double last = double(samples.size() - 1);
    double f = std::isnan(frame) ? 0.0 : std::min(std::max(frame, 0.0), last);
    size_t i = size_t(std::floor(f));
    double t = f - double(i);
    if (t == 0 || i + 1 >= samples.size()) return samples[i];
    std::array<double, 4> out;
    for (int c = 0; c < 4; ++c) out[c] = samples[i][c] + (samples[i + 1][c] - samples[i][c]) * t;
    return out;
}

Result<AnimationSummary> read_animation_summary(Bytes hkx, const Compendium* compendium) {
    auto at = locate(hkx, compendium);
    if (!at.ok()) return std::move(at.error());
    AnimationSummary s;
    Value motion;
    bool has_motion = false;
    TAESCOPE_TRY(read_summary(*at, s, motion, has_motion));
    return s;
}

Result<AnimationClip> read_animation(Bytes hkx, const Compendium* compendium) {
    auto located = locate(hkx, compendium);
    if (!located.ok()) return std::move(located.error());
    const Tagfile& f = located->file;
    const Value a = located->animation;
    AnimationClip clip;
    Value motion;
    bool has_motion = false;
    TAESCOPE_TRY(read_summary(*located, clip.summary, motion, has_motion));
    AnimationSummary& s = clip.summary;

    double expected = double(s.frame_count - 1) * s.frame_duration;
    if (std::fabs(expected - s.duration) > 1e-3)
        clip.notes.push_back("duration " + std::to_string(s.duration) +
                             " s differs from (frames - 1) x frame duration = " + std::to_string(expected) + " s");

    if (located->binding) {
        const Value b = *located->binding;
        auto name = f.string(b, "originalSkeletonName");
        if (!name.ok()) return std::move(name.error());
        clip.original_skeleton_name = std::move(name).value();
        auto map = f.array(b, "transformTrackToBoneIndices");
        if (!map.ok()) return std::move(map.error());
        std::vector<int64_t> bones;
        TAESCOPE_TRY(f.integers(*map, bones));
        clip.track_to_bone.reserve(bones.size());
        for (const int64_t bone : bones) clip.track_to_bone.push_back(int16_t(bone));
        if (clip.track_to_bone.empty()) {
            for (uint32_t k = 0; k < s.track_count; ++k) clip.track_to_bone.push_back(int16_t(k));
        } else if (clip.track_to_bone.size() != s.track_count) {
            clip.notes.push_back("the binding maps " + std::to_string(clip.track_to_bone.size()) +
                                 " tracks, the animation has " + std::to_string(s.track_count));
        }
    } else {
        clip.notes.push_back("no animation binding: track k drives bone k");
        for (uint32_t k = 0; k < s.track_count; ++k) clip.track_to_bone.push_back(int16_t(k));
    }

    if (has_motion) {
        if (f.types().is_a(motion.type, "hkaDefaultAnimatedReferenceFrame")) {
            RootMotion rm;
            double v[4];
            auto up = f.member(motion, "up");
            if (!up.ok()) return std::move(up.error());
            TAESCOPE_TRY(f.floats(*up, v, 4));
            rm.up = {v[0], v[1], v[2], v[3]};
            auto forward = f.member(motion, "forward");
            if (!forward.ok()) return std::move(forward.error());
            TAESCOPE_TRY(f.floats(*forward, v, 4));
            rm.forward = {v[0], v[1], v[2], v[3]};
            auto duration = f.real(motion, "duration");
            if (!duration.ok()) return std::move(duration.error());
            rm.duration = *duration;
            auto samples = f.array(motion, "referenceFrameSamples");
            if (!samples.ok()) return std::move(samples.error());
            std::vector<double> rows(size_t(samples->count) * 4);
            TAESCOPE_TRY(f.float_rows(*samples, 4, rows.data()));
            rm.samples.resize(size_t(samples->count));
            for (size_t i = 0; i < rm.samples.size(); ++i)
                rm.samples[i] = {rows[4 * i], rows[4 * i + 1], rows[4 * i + 2], rows[4 * i + 3]};
            if (rm.samples.size() != s.frame_count)
                clip.notes.push_back("root motion has " + std::to_string(rm.samples.size()) + " samples for " +
                                     std::to_string(s.frame_count) + " frames");
            clip.root_motion = std::move(rm);
        } else {
            clip.notes.push_back("root motion of class " + f.type_name(motion.type) + " is not read");
        }
    }

    if (f.types().is_a(a.type, "hkaSplineCompressedAnimation")) {
        SplineLayout layout;
        layout.track_count = s.track_count;
        layout.float_track_count = s.float_track_count;
        layout.frame_count = s.frame_count;
        layout.block_count = s.block_count;
        layout.max_frames_per_block = s.max_frames_per_block;
        auto offsets = read_u32_array(f, a, "blockOffsets");
        if (!offsets.ok()) return std::move(offsets.error());
        layout.block_offsets = std::move(offsets).value();
        auto float_offsets = read_u32_array(f, a, "floatBlockOffsets");
        if (!float_offsets.ok()) return std::move(float_offsets.error());
        layout.float_block_offsets = std::move(float_offsets).value();
        auto data = f.array(a, "data");
        if (!data.ok()) return std::move(data.error());
        if (data->count > 0 && data->stride != 1)
            return f.error_at(a.pos, "spline data elements of " + std::to_string(data->stride) + " bytes, expected 1");
        Bytes bytes = f.data().subspan(data->pos, data->count);
        auto tracks = SplineCompressedTracks::read(std::vector<uint8_t>(bytes.begin(), bytes.end()), std::move(layout));
        if (!tracks.ok()) {
            Error e = std::move(tracks.error());
            // The offset is in the spline data: report it in the file.
            if (e.offset != Error::kNoOffset) e.offset += f.data_offset() + data->pos;
            return std::move(e.within("hkaSplineCompressedAnimation.data"));
        }
        for (const auto& n : tracks->notes()) clip.notes.push_back(n);
        clip.spline = std::move(tracks).value();
    } else {
        auto transforms = f.array(a, "transforms");
        if (!transforms.ok()) return std::move(transforms.error());
        uint64_t n = uint64_t(s.frame_count) * s.track_count;
        clip.interleaved.reserve(size_t(n));
        for (uint64_t i = 0; i < n; ++i) {
            auto t = read_qs_transform(f, transforms->at(i));
            if (!t.ok()) return std::move(t.error());
            clip.interleaved.push_back(*t);
        }
    }
    return clip;
}

void AnimationClip::sample_tracks(double frame, std::span<QsTransform> out, SplineBlockCache* cache) const {
    if (spline) {
        spline->sample(frame, out, cache);
        return;
    }
    const uint32_t T = summary.track_count;
    if (T == 0 || summary.frame_count == 0) return;
    double last = double(summary.frame_count - 1);
    double f = std::isnan(frame) ? 0.0 : std::min(std::max(frame, 0.0), last);
    size_t base = size_t(std::floor(f)) * T;  // as stored, no interpolation (§8)
    for (uint32_t k = 0; k < T && k < out.size(); ++k) out[k] = interleaved[base + k];
}

size_t AnimationClip::memory_bytes() const {
    size_t n =
        sizeof(*this) + track_to_bone.capacity() * sizeof(int16_t) + interleaved.capacity() * sizeof(QsTransform);
    if (root_motion) n += root_motion->samples.capacity() * sizeof(root_motion->samples[0]);
    if (spline) n += spline->memory_bytes();
    return n;
}

}  // namespace taescope::havok
