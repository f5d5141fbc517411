#include "model_stages.h"

#include <cmath>
#include <cstdio>
#include <vector>

#include "adaptive_median.h"
#include "binder/animation_names.h"
#include "binder/character_model.h"
#include "binder/document.h"
#include "binder/havok_character.h"
#include "container/bnd4.h"
#include "container/dcx.h"
#include "cpu_clock.h"
#include "flver/flver_reader.h"
#include "havok/pose.h"
#include "io/file_io.h"

namespace taescope::bench {
namespace {

const void* volatile g_escaped = nullptr;

bool ends_with_flver(const std::string& name) {
    if (name.size() < 6) return false;
    std::string tail = name.substr(name.size() - 6);
    for (char& c : tail) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return tail == ".flver";
}

}  // namespace

ModelStageReport measure_model_stages(const std::string& chrbnd_path, const std::string& anibnd_path,
                                      const std::string& animation, double budget, ModelStages which) {
    ModelStageReport r;
    r.chrbnd = chrbnd_path;
    r.anibnd = anibnd_path;
    r.animation = animation;
    auto chr_file = read_file(chrbnd_path);
    if (!chr_file.ok()) return r.error = chr_file.error().to_string(), r;
    const Bytes chr_bytes(*chr_file);
    r.chrbnd_bytes = chr_bytes.size();

    // The correctness pass: the chrbnd opens, its FLVER member reads, every mesh decodes.
    auto dcx = dcx_read(chr_bytes);
    if (!dcx.ok()) return r.error = "chrbnd DCX: " + dcx.error().to_string(), r;
    auto binder = bnd4_read_shared(dcx->payload);
    if (!binder.ok()) return r.error = "chrbnd BND4: " + binder.error().to_string(), r;
    const Bnd4Member* member = nullptr;
    for (const auto& m : binder->members)
        if (ends_with_flver(m.name)) {
            member = &m;
            break;
        }
    if (!member) return r.error = "no .flver member in the chrbnd", r;
    const Bytes flver_bytes(member->data);
    r.flver_bytes = flver_bytes.size();
    auto model = flver::read_flver(flver_bytes);
    if (!model.ok()) return r.error = "read_flver: " + model.error().to_string(), r;
    r.meshes = model->meshes.size();
    r.flver_bones = model->bones.size();
    for (const auto& mesh : model->meshes) {
        if (!mesh.error.empty()) return r.error = mesh.error, r;
        r.vertices += mesh.vertex_count;
    }

    auto ani_file = read_file(anibnd_path);
    if (!ani_file.ok()) return r.error = ani_file.error().to_string(), r;
    auto doc = open_document(*ani_file, anibnd_path);
    if (!doc.ok()) return r.error = "anibnd: " + doc.error().to_string(), r;
    HavokCharacter character({&*doc});
    auto skeleton = character.skeleton();
    if (!skeleton.ok()) return r.error = "skeleton: " + skeleton.error().to_string(), r;
    r.havok_bones = (*skeleton)->bones.size();
    const auto number = parse_animation_name(animation);
    if (!number) return r.error = "not an animation name: " + animation, r;
    auto clip = character.clip(*number);
    if (!clip.ok()) return r.error = animation + ": " + clip.error().to_string(), r;
    const CharacterRig rig(*model, *skeleton);
    if (rig.matched_bone_count() == 0) return r.error = "no FLVER bone matches the skeleton", r;

    // The stages, each on its own.
    const bool all = which == ModelStages::all;
    if (all)
        r.chrbnd_decompress = adaptive_median(budget, r.repeats, [&] {
            auto d = dcx_read(chr_bytes);
            auto b = d.ok() ? bnd4_read_shared(d->payload) : Result<Bnd4>(d.error());
            g_escaped = b.ok() ? b->members.data() : nullptr;
        });
    if (all)
        r.read_flver = adaptive_median(budget, r.repeats, [&] {
            auto m = flver::read_flver(flver_bytes);
            g_escaped = m.ok() ? m->meshes.data() : nullptr;
        });
    havok::Pose pose;
    CharacterPose character_pose;
    const double frames = double(std::max<uint32_t>((*clip)->summary.frame_count, 2) - 1);
    double f = 0;
    if (all)
        r.pose = adaptive_median(
            budget, r.repeats,
            [&] {
                f = std::fmod(f + 7.37, frames);  // a different fractional frame every call
                havok::compute_pose(**skeleton, clip->get(), f, {.root_motion = false}, pose);
                rig.pose(&pose, character_pose);
                g_escaped = character_pose.skin.data();
            },
            cpu_seconds);
    // Skinning, one sample = kSkinFramesPerSample frames of the animation (poses computed
    // beforehand, outside the timing), the median sample divided by the frame count.
    std::vector<CharacterPose> frame_poses(kSkinFramesPerSample);
    for (CharacterPose& p : frame_poses) {
        f = std::fmod(f + 7.37, frames);
        havok::compute_pose(**skeleton, clip->get(), f, {.root_motion = false}, pose);
        rig.pose(&pose, p);
    }
    std::vector<std::vector<float>> positions(model->meshes.size()), normals(model->meshes.size());
    int skin_repeats = 0;
    r.skin = adaptive_median(
                 budget, skin_repeats,
                 [&] {
                     for (const CharacterPose& p : frame_poses)
                         for (size_t i = 0; i < model->meshes.size(); ++i)
                             rig.skin_mesh(model->meshes[i], p, positions[i], &normals[i]);
                     g_escaped = positions.back().data();
                 },
                 cpu_seconds) /
             kSkinFramesPerSample;
    r.skin_frames = kSkinFramesPerSample;
    r.repeats = all ? std::min(r.repeats, skin_repeats) : skin_repeats;
    for (size_t i = 0; i < positions.size(); ++i)
        if (positions[i].size() != size_t(model->meshes[i].vertex_count) * 3)
            return r.error = "skin_mesh gave no positions for mesh " + std::to_string(i), r;
    return r;
}

std::string model_stage_tsv_header() {
    return "chrbnd\tanibnd\tanimation\tchrbnd_bytes\tflver_bytes\tmeshes\tvertices\tflver_bones\thavok_bones\trepeats\t"
           "chrbnd_decompress\tread_flver\tpose\tskin\tskin_frames\terror";
}

std::string model_stage_tsv_line(const ModelStageReport& r) {
    char numbers[512];
    std::snprintf(numbers, sizeof numbers, "%llu\t%llu\t%llu\t%llu\t%llu\t%llu\t%d\t%.9f\t%.9f\t%.9f\t%.9f",
                  (unsigned long long)r.chrbnd_bytes, (unsigned long long)r.flver_bytes, (unsigned long long)r.meshes,
                  (unsigned long long)r.vertices, (unsigned long long)r.flver_bones, (unsigned long long)r.havok_bones,
                  r.repeats, r.chrbnd_decompress, r.read_flver, r.pose, r.skin);
    return r.chrbnd + "\t" + r.anibnd + "\t" + r.animation + "\t" + numbers + "\t" + std::to_string(r.skin_frames) +
           "\t" + r.error;
}

}  // namespace taescope::bench
