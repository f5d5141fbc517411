#include "havok_stages.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "adaptive_median.h"
#include "binder/havok_character.h"
#include "container/dcx.h"
#include "cpu_clock.h"
#include "havok/pose.h"
#include "io/file_io.h"

namespace taescope::bench {
namespace {

const void* volatile g_escaped = nullptr;

}  // namespace

std::vector<std::string> havok_stage_inputs() {
    return {"sekiro/c5070.anibnd.dcx", "sekiro/c1130.anibnd.dcx", "eldenring/c5051.anibnd.dcx",
            "eldenring/c1000.krak.anibnd.dcx"};
}

// Pose play is judged wasm against native: each sample plays the clip as many times as take
// 20 ms (c5070's 108 frames are ~0.3 ms; one-play samples gave round ratios of 0.76-2.21).
constexpr double kShortestJudgedSample = 20e-3;

HavokStageReport measure_havok_stages(const std::string& label, const std::string& path, double budget,
                                      HavokStages which) {
    const bool all = which == HavokStages::all;
    HavokStageReport r;
    r.label = label;
    r.path = path;
    auto file = read_file(path);
    if (!file.ok()) {
        r.error = file.error().to_string();
        return r;
    }
    auto doc = open_document(*file, label);
    if (!doc.ok()) {
        r.error = doc.error().to_string();
        return r;
    }
    HavokCharacter character({&*doc});
    auto skeleton = character.skeleton();
    if (!skeleton.ok() || character.members().animations.empty()) {
        r.error = skeleton.ok() ? "no animation members" : skeleton.error().to_string();
        return r;
    }
    r.bones = (*skeleton)->bones.size();
    r.animations = character.members().animations.size();
    // The animation "shown": the lowest number (the first row of the Files panel); the pose clip:
    // the one with the most tracks, then the most frames.
    uint64_t shown = UINT64_MAX, posed = 0;
    uint64_t best = 0;
    for (const auto& [number, ref] : character.members().animations) {
        shown = std::min(shown, number);
        auto c = character.clip(number);
        if (!c.ok()) {
            r.error = c.error().to_string();
            return r;
        }
        uint64_t key = uint64_t((*c)->summary.track_count) << 32 | (*c)->summary.frame_count;
        if (key > best) best = key, posed = number;
    }
    auto clip = character.clip(posed);
    r.tracks = (*clip)->summary.track_count;
    r.pose_animation = animation_name(posed);

    if (all) r.decompress = adaptive_median(budget, r.repeats, [&] { (void)dcx_read(*file); });
    if (all)
        r.shown_animation = adaptive_median(budget, r.repeats, [&] {
            HavokCharacter fresh({&*doc});
            (void)fresh.skeleton();
            auto c = fresh.clip(shown);
            g_escaped = c.ok() ? c->get() : nullptr;
        });
    if (all)
        r.all_animations = adaptive_median(budget, r.repeats, [&] {
            HavokCharacter fresh({&*doc});
            for (const auto& [number, ref] : fresh.members().animations) {
                auto c = fresh.clip(number);
                g_escaped = c.ok() ? c->get() : nullptr;
            }
        });
    havok::Pose pose;
    const uint32_t frame_count = (*clip)->summary.frame_count;
    r.pose_frames = frame_count;
    r.pose_play = adaptive_median(
        budget, r.repeats,
        [&] {
            for (uint32_t i = 0; i < frame_count; ++i) {
                havok::compute_pose(**skeleton, clip->get(), i + 0.5, {}, pose);
                g_escaped = pose.model.data();
            }
        },
        cpu_seconds, kShortestJudgedSample);
    r.pose_cache_bytes = pose.spline_cache.memory_bytes();
    r.clip_bytes = (*clip)->memory_bytes();
    const double frames = double(frame_count - 1);
    double f = 0;
    if (all)
        r.pose_scrub = adaptive_median(
            budget, r.repeats,
            [&] {
                f = std::fmod(f + 7.37, frames);  // a different fractional frame every call
                havok::compute_pose(**skeleton, clip->get(), f, {}, pose);
                g_escaped = pose.model.data();
            },
            cpu_seconds);
    return r;
}

std::string havok_stage_tsv_header() {
    return "label\tpath\tanimations\tbones\ttracks\tpose_animation\tpose_frames\trepeats\tdecompress\tshown_animation\t"
           "all_animations\tpose_play\tpose_scrub\tpose_cache_bytes\tclip_bytes\terror";
}

std::string havok_stage_tsv_line(const HavokStageReport& r) {
    char numbers[256];
    std::snprintf(numbers, sizeof numbers, "%llu\t%llu\t%llu", (unsigned long long)r.animations,
                  (unsigned long long)r.bones, (unsigned long long)r.tracks);
    char times[256];
    std::snprintf(times, sizeof times, "%llu\t%d\t%.9f\t%.9f\t%.9f\t%.9f\t%.9f", (unsigned long long)r.pose_frames,
                  r.repeats, r.decompress, r.shown_animation, r.all_animations, r.pose_play, r.pose_scrub);
    char memory[64];
    std::snprintf(memory, sizeof memory, "%llu\t%llu", (unsigned long long)r.pose_cache_bytes,
                  (unsigned long long)r.clip_bytes);
    return r.label + "\t" + r.path + "\t" + numbers + "\t" + r.pose_animation + "\t" + times + "\t" + memory + "\t" +
           r.error;
}

}  // namespace taescope::bench
