// The spline block cache (engine/havok/spline_compressed.h, SplineBlockCache): sampling through it
// gives the same bits as sampling the stream directly, for every animation of every corpus binder
// with Havok data, at frames inside blocks, on both sides of every block seam, at the ends and
// beyond them, in an order that leaves and re-enters blocks and animations, so that a cache that
// kept a stale block (of another block or another animation) would give other values.
#include <dirent.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "binder/havok_character.h"
#include "havok/pose.h"
#include "test_support.h"

namespace taescope::test {
namespace {

std::vector<std::string> corpus_anim_binders() {
    std::vector<std::string> out;
    const std::string root = corpus_dir();
    if (root.empty()) return out;
    for (const char* game : {"sekiro", "eldenring", "ac6", "nightreign", "ds3"}) {
        // dirent rather than std::filesystem: the suite also runs compiled to wasm (NODERAWFS).
        const std::string folder = root + "/" + game;
        DIR* dir = opendir(folder.c_str());
        if (!dir) continue;
        while (const dirent* entry = readdir(dir)) {
            const std::string name = entry->d_name;
            if (name.size() > 11 && name.ends_with(".anibnd.dcx")) out.push_back(folder + "/" + name);
        }
        closedir(dir);
    }
    std::sort(out.begin(), out.end());
    return out;
}

// The frames a test samples: inside the first block, both sides of every seam, the ends and
// beyond them, then back to the start (a cache holding the last block must let it go).
std::vector<double> frames_of(const havok::AnimationClip& c) {
    const double last = double(c.summary.frame_count - 1);
    std::vector<double> f = {0.5, last / 3, 0};
    if (c.spline) {
        const double span = double(c.summary.max_frames_per_block - 1);
        for (uint32_t b = 1; b < c.summary.block_count; ++b) {
            const double seam = double(b) * span;
            for (double d : {-0.5, -1e-9, 0.0, 0.25, 1.0}) f.push_back(seam + d);
        }
    }
    for (double v : {last - 0.5, last, last + 3, -2.0, 1.75}) f.push_back(v);
    return f;
}

bool same_bits(const havok::QsTransform& a, const havok::QsTransform& b) {
    return std::memcmp(a.translation.data(), b.translation.data(), sizeof a.translation) == 0 &&
           std::memcmp(a.rotation.data(), b.rotation.data(), sizeof a.rotation) == 0 &&
           std::memcmp(a.scale.data(), b.scale.data(), sizeof a.scale) == 0;
}

}  // namespace

TEST_CASE("havok block cache: every corpus animation samples to the same bits with and without the cache") {
    const auto binders = corpus_anim_binders();
    if (binders.empty()) return;
    size_t animations = 0, samples = 0, seams = 0;
    havok::SplineBlockCache cache;  // one cache across every binder and animation, as a Pose keeps it
    for (const std::string& path : binders) {
        CAPTURE(path);
        auto bytes = load(path);
        auto doc = open_document(bytes, path);
        REQUIRE(doc.ok());
        HavokCharacter character({&*doc});
        for (const auto& member : character.members().animations) {
            auto clip = character.clip(member.first);
            if (!clip.ok()) continue;  // DS3's packfiles and the like: the havok tests say why
            const havok::AnimationClip& c = **clip;
            const uint64_t number = member.first;
            CAPTURE(number);
            ++animations;
            if (c.spline) seams += c.summary.block_count - 1;
            std::vector<havok::QsTransform> direct(c.summary.track_count), cached(c.summary.track_count);
            for (double frame : frames_of(c)) {
                CAPTURE(frame);
                c.sample_tracks(frame, direct);
                c.sample_tracks(frame, cached, &cache);
                size_t differing = 0;
                for (size_t k = 0; k < direct.size(); ++k) differing += !same_bits(direct[k], cached[k]);
                CHECK(differing == 0);
                ++samples;
            }
        }
    }
    MESSAGE(animations << " animations in " << binders.size() << " binders, " << samples << " frames, " << seams
                       << " block seams; cache " << cache.memory_bytes() << " bytes after the last block");
    CHECK(animations > 0);
    CHECK(seams > 0);
}

TEST_CASE("havok block cache: playing a clip decodes each block once; two clips sharing a cache stay apart") {
    std::string path = corpus_path("eldenring/c5051.anibnd.dcx");
    if (path.empty()) return;
    auto bytes = load(path);
    auto doc = open_document(bytes, path);
    REQUIRE(doc.ok());
    HavokCharacter character({&*doc});
    auto a = character.clip(3022);  // a000_003022: 301 frames in 2 blocks
    auto b = character.clip(3010);
    REQUIRE((a.ok() && b.ok()));
    const havok::AnimationClip& ca = **a;
    const havok::AnimationClip& cb = **b;
    REQUIRE(ca.summary.block_count == 2);
    REQUIRE(ca.summary.track_count == cb.summary.track_count);

    havok::SplineBlockCache cache;
    std::vector<havok::QsTransform> direct(ca.summary.track_count), cached(ca.summary.track_count);
    for (uint32_t f = 0; f < ca.summary.frame_count; ++f) ca.sample_tracks(f + 0.5, cached, &cache);
    CHECK(cache.decodes() == 2);  // frames in order: one decode per block

    // Alternating between two clips (same track count, both at block 0) with one cache: each call
    // must sample its own clip.
    size_t differing = 0;
    for (int i = 0; i < 6; ++i) {
        const havok::AnimationClip& c = i % 2 ? cb : ca;
        c.sample_tracks(10.25, direct);
        c.sample_tracks(10.25, cached, &cache);
        for (size_t k = 0; k < direct.size(); ++k)
            differing += std::memcmp(&direct[k].rotation, &cached[k].rotation, sizeof direct[k].rotation) != 0;
    }
    CHECK(differing == 0);
    CHECK(cache.decodes() == 2 + 6);

    // compute_pose keeps its cache in the Pose: the same model transforms as a fresh Pose gives.
    auto skeleton = character.skeleton();
    REQUIRE(skeleton.ok());
    havok::Pose kept, fresh;
    for (double frame : {3.5, 254.0, 255.0, 12.0}) {
        havok::compute_pose(**skeleton, &ca, frame, {}, kept);
        fresh = havok::Pose{};
        havok::compute_pose(**skeleton, &ca, frame, {}, fresh);
        REQUIRE(kept.model.size() == fresh.model.size());
        for (size_t i = 0; i < kept.model.size(); ++i) CHECK(same_bits(kept.model[i], fresh.model[i]));
    }
    CHECK(kept.spline_cache.decodes() == 3);  // 3.5 and 254: block 0; 255: block 1; 12: block 0 again
}

}  // namespace taescope::test
