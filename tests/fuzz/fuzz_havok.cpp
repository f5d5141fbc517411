// libFuzzer target for the Havok reader: the tagfile and compendium reader, the skeleton and
// animation readers, the spline-compressed stream and sampling. Input framing, by byte 0 % 3:
//   0: u32 LE length L, then L bytes of compendium, then the .hkx member (skeleton or animation;
//      both readers are tried);
//   1: a raw spline stream: u8 tracks, u8 blocks, u8 maxFramesPerBlock - 2, u16 frames,
//      blocks x u32 block offsets, then the data;
//   2: the .hkx member alone, read with the real compendium named by $TAESCOPE_FUZZ_COMPENDIUM
//      (parsed once at start-up; tests/fuzz/make_seeds.sh writes it from the corpus). Parsing a
//      compendium costs ~50x reading an animation, so this mode is where most executions go
//      deep into the animation reader.
// Every clip that reads is sampled at fractional, negative and huge frames, and the pose is
// composed: the reader promises that sampling a clip it accepted cannot fail. Allocation stays
// a small multiple of the input (libFuzzer's -rss_limit_mb and -malloc_limit_mb catch the rest).
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <optional>
#include <vector>

#include "havok/animation_clip.h"
#include "havok/pose.h"
#include "havok/skeleton.h"
#include "havok/spline_compressed.h"

using namespace taescope;
using namespace taescope::havok;

namespace {

void sample_all(const AnimationClip& clip, const Skeleton* skeleton) {
    if (clip.memory_bytes() > (64u << 20)) std::abort();
    std::vector<QsTransform> tracks(clip.summary.track_count);
    const double frames[] = {0, 0.5, 1, 254.75, 255, 1e12, -3, std::nan(""), double(clip.summary.frame_count) - 1};
    for (double f : frames) {
        clip.sample_tracks(f, tracks);
        for (const auto& t : tracks)
            if (std::fabs(t.rotation[0]) > 1.0000001 || std::fabs(t.rotation[3]) > 1.0000001) std::abort();
    }
    if (skeleton) {
        Pose pose;
        compute_pose(*skeleton, &clip, 1.5, {}, pose);
    }
}

void read_member(Bytes hkx, const Compendium* c) {
    auto skeleton = read_skeleton(hkx, c);
    if (skeleton.ok() && skeleton->parent_first_order.size() != skeleton->bones.size()) std::abort();
    auto summary = read_animation_summary(hkx, c);
    auto clip = read_animation(hkx, c);
    if (clip.ok()) {
        if (!summary.ok()) std::abort();  // the summary reads a subset of what the clip reads
        sample_all(*clip, skeleton.ok() ? &*skeleton : nullptr);
    }
}

std::optional<Compendium> g_fixed_compendium;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    if (const char* path = std::getenv("TAESCOPE_FUZZ_COMPENDIUM"))
        if (std::FILE* f = std::fopen(path, "rb")) {
            std::vector<uint8_t> bytes;
            uint8_t buf[65536];
            for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.insert(bytes.end(), buf, buf + n);
            std::fclose(f);
            if (auto c = read_compendium(bytes); c.ok()) g_fixed_compendium = std::move(c).value();
        }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    if (data[0] % 3 == 2) {
        read_member(Bytes(data + 1, size - 1), g_fixed_compendium ? &*g_fixed_compendium : nullptr);
        return 0;
    }
    if (data[0] % 3 == 0) {
        if (size < 5) return 0;
        uint32_t length;
        std::memcpy(&length, data + 1, 4);
        if (length > size - 5) length = uint32_t(size - 5);
        auto compendium = read_compendium(Bytes(data + 5, length));
        read_member(Bytes(data + 5 + length, size - 5 - length), compendium.ok() ? &*compendium : nullptr);
        return 0;
    }
    if (size < 6) return 0;
    SplineLayout layout;
    layout.track_count = data[1];
    layout.block_count = data[2];
    layout.max_frames_per_block = uint32_t(data[3]) + 2;
    layout.frame_count = uint32_t(data[4]) | uint32_t(data[5]) << 8;
    size_t p = 6;
    for (uint32_t b = 0; b < layout.block_count && p + 4 <= size; ++b, p += 4) {
        uint32_t v;
        std::memcpy(&v, data + p, 4);
        layout.block_offsets.push_back(v % 4096);
    }
    auto tracks = SplineCompressedTracks::read(std::vector<uint8_t>(data + std::min(p, size), data + size), layout);
    if (tracks.ok()) {
        std::vector<QsTransform> out(tracks->track_count());
        for (double f : {0.0, 0.3, 100.0, 255.0, 70000.0}) tracks->sample(f, out);
    }
    return 0;
}
