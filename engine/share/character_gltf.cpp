// A character as a glTF description (character_gltf.h): joints, body and sampled animations.
#include "share/character_gltf.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>

#include "binder/animation_names.h"
#include "flver/flver_model.h"
#include "havok/pose.h"
#include "io/byte_reader.h"
#include "sim/animation_imports.h"
#include "templates/document_game.h"

namespace taescope {
namespace {

gltf::Trs to_trs(const havok::QsTransform& t) {
    gltf::Trs out;
    out.translation = t.translation;
    out.rotation = t.rotation;
    out.scale = t.scale;
    return out;
}

gltf::Mat4 to_gltf(const Mat4d& m) {
    gltf::Mat4 out;
    std::copy(m.begin(), m.end(), out.begin());
    return out;
}

// "c5051" from "c5051.anibnd.dcx" (the binder's file name without its extensions and folders).
std::string character_name(const HavokCharacter& havok) {
    if (havok.documents().empty()) return "character";
    std::string name = havok.documents()[0]->name;
    const size_t slash = name.find_last_of("/\\");
    if (slash != std::string::npos) name = name.substr(slash + 1);
    const size_t dot = name.find('.');
    if (dot != std::string::npos && dot > 0) name = name.substr(0, dot);
    return name.empty() ? "character" : name;
}

// The events of animation `number` from the first binder holding a record of it (its import
// chain followed), with the templates' names.
using EventsFound = GltfAnimationEvents;
class EventFinder {
public:
    EventFinder(const HavokCharacter& havok, const TemplateLibrary* templates) {
        for (const Document* doc : havok.documents()) {
            if (!doc->has_tae()) continue;
            Source s;
            s.index = AnimationIndex::from_document(*doc);
            if (templates) {
                const std::string game = detect_document_game(*doc).game;
                if (!game.empty()) s.templates = templates->for_game(game);
            }
            sources_.push_back(std::move(s));
        }
    }

    EventsFound find(uint64_t number) const {
        EventsFound out;
        for (const Source& s : sources_) {
            std::optional<AnimationRef> ref = s.index.find(number);
            if (!ref) continue;
            const ImportResolution imports = resolve_imports(s.index, *ref);
            AnimationRef from = *ref;
            if (imports.outcome == ImportOutcome::Resolved) {
                from = imports.events_from;
                out.note = "events imported: " + imports.message;
            } else if (imports.outcome != ImportOutcome::NotImport) {
                out.note = std::string("events: import ") + import_outcome_name(imports.outcome) +
                           (imports.message.empty() ? "" : " (" + imports.message + ")");
            }
            const TaeAnimation* animation = s.index.animation(from);
            if (!animation) return out;
            for (const TaeEvent& e : animation->events) {
                gltf::AnimationEvent ge;
                ge.type = e.type;
                if (s.templates) {
                    if (const EventTypeTemplate* t = s.templates->find(uint32_t(e.type))) ge.name = t->name;
                }
                ge.start = e.start();
                ge.end = e.end();
                out.events.push_back(std::move(ge));
            }
            return out;
        }
        out.note = "no TAE record of this animation in the binders opened";
        return out;
    }

private:
    struct Source {
        AnimationIndex index;
        const GameTemplates* templates = nullptr;
    };
    std::vector<Source> sources_;
};

// The clip's frame times: frame i at i × frame duration, every frame of the clip.
std::vector<double> frame_times(const havok::AnimationClip& clip) {
    const auto& s = clip.summary;
    std::vector<double> times;
    const uint32_t frames = std::max<uint32_t>(1, s.frame_count);
    const double step = s.frame_duration > 0 ? s.frame_duration : (frames > 1 ? s.duration / (frames - 1) : 1.0 / 30);
    times.reserve(frames);
    for (uint32_t f = 0; f < frames; ++f) times.push_back(f * step);
    return times;
}

// Skeleton only: joints in the skeleton's parent-first order.
struct SkeletonJoints {
    std::vector<uint32_t> bone_of_joint;
    std::vector<int32_t> joint_of_bone;
};

SkeletonJoints skeleton_armature(const havok::Skeleton& skeleton, gltf::Armature& armature) {
    SkeletonJoints map;
    map.joint_of_bone.assign(skeleton.bones.size(), -1);
    std::vector<gltf::Mat4> world(skeleton.bones.size());
    for (uint32_t b : skeleton.parent_first_order) {
        if (b >= skeleton.bones.size()) continue;
        const havok::Bone& bone = skeleton.bones[b];
        gltf::Joint joint;
        joint.name = bone.name;
        const int32_t parent = bone.parent;
        joint.parent = parent >= 0 && size_t(parent) < skeleton.bones.size() ? map.joint_of_bone[size_t(parent)] : -1;
        joint.rest = to_trs(bone.reference);
        const gltf::Mat4 local = gltf::trs_matrix(joint.rest);
        world[b] = joint.parent >= 0 ? gltf::multiply(world[size_t(parent)], local) : local;
        joint.inverse_bind = gltf::affine_inverse(world[b]);
        map.joint_of_bone[b] = int32_t(armature.joints.size());
        map.bone_of_joint.push_back(b);
        armature.joints.push_back(std::move(joint));
    }
    return map;
}

// With a body: the FLVER bones, parents first; joint index = position in the rig's order.
struct BodyJoints {
    std::vector<uint32_t> bone_of_joint;
    std::vector<int32_t> joint_of_bone;
};

BodyJoints body_armature(const CharacterRig& rig, gltf::Armature& armature) {
    const flver::Model& model = rig.model();
    BodyJoints map;
    map.joint_of_bone.assign(model.bones.size(), -1);
    for (uint32_t b : rig.parent_first_order()) {
        if (b >= model.bones.size()) continue;
        const flver::Bone& bone = model.bones[b];
        gltf::Joint joint;
        joint.name = bone.name;
        joint.parent =
            bone.parent >= 0 && size_t(bone.parent) < model.bones.size() ? map.joint_of_bone[size_t(bone.parent)] : -1;
        joint.rest = gltf::decompose(to_gltf(flver_bone_local(bone)));
        joint.inverse_bind = to_gltf(rig.inverse_bind_world()[b]);
        map.joint_of_bone[b] = int32_t(armature.joints.size());
        map.bone_of_joint.push_back(b);
        armature.joints.push_back(std::move(joint));
    }
    return map;
}

// A colour per material, told apart by hue (golden-ratio steps), muted.
std::array<float, 4> material_color(size_t material) {
    const double h = std::fmod(0.11 + material * 0.618033988749895, 1.0) * 6;
    const double x = 1 - std::fabs(std::fmod(h, 2) - 1);
    double r = 0, g = 0, b = 0;
    if (h < 1)
        r = 1, g = x;
    else if (h < 2)
        r = x, g = 1;
    else if (h < 3)
        g = 1, b = x;
    else if (h < 4)
        g = x, b = 1;
    else if (h < 5)
        r = x, b = 1;
    else
        r = 1, b = x;
    auto mix = [](double c) { return float(0.35 + 0.45 * c); };
    return {mix(r), mix(g), mix(b), 1.0f};
}

void add_body_meshes(const CharacterRig& rig, const BodyJoints& joints, std::vector<gltf::SkinnedMesh>& out) {
    const flver::Model& model = rig.model();
    for (size_t i = 0; i < model.meshes.size(); ++i) {
        const flver::Mesh& mesh = model.meshes[i];
        if (!mesh.error.empty() || mesh.vertex_count == 0) continue;
        gltf::SkinnedMesh sm;
        const flver::Material* material = mesh.material >= 0 && size_t(mesh.material) < model.materials.size()
                                              ? &model.materials[size_t(mesh.material)]
                                              : nullptr;
        sm.material = material ? material->name : "";
        sm.name = "mesh " + std::to_string(i) + (sm.material.empty() ? "" : " " + sm.material);
        sm.color = material_color(mesh.material >= 0 ? size_t(mesh.material) : i);
        sm.positions = mesh.positions;
        if (mesh.has_normals) sm.normals = mesh.normals;
        if (mesh.has_uv0) sm.uv0 = mesh.uv0;
        const size_t n = mesh.vertex_count;
        sm.joints.assign(n * 4, 0);
        sm.weights.assign(n * 4, 0.0f);
        for (size_t k = 0; k < n * 4 && k < mesh.bone_indices.size(); ++k) {
            uint32_t bone = mesh.bone_indices[k];
            if (!mesh.bone_table.empty() && bone < mesh.bone_table.size()) bone = uint32_t(mesh.bone_table[bone]);
            const float w = mesh.has_bone_weights && k < mesh.bone_weights.size() ? mesh.bone_weights[k] : 0.0f;
            if (bone < joints.joint_of_bone.size() && joints.joint_of_bone[bone] >= 0 && w > 0) {
                sm.joints[k] = uint32_t(joints.joint_of_bone[bone]);
                sm.weights[k] = w;
            }
        }
        const int32_t fallback = mesh.default_bone;
        sm.fallback_joint = fallback >= 0 && size_t(fallback) < joints.joint_of_bone.size() &&
                                    joints.joint_of_bone[size_t(fallback)] >= 0
                                ? uint32_t(joints.joint_of_bone[size_t(fallback)])
                                : 0;
        sm.indices = flver::lod_triangles(mesh, 0);
        const int lod0 = flver::lod_face_set(mesh, 0);
        sm.double_sided = lod0 >= 0 && !mesh.face_sets[size_t(lod0)].cull_backfaces;
        out.push_back(std::move(sm));
    }
}

}  // namespace

std::vector<uint64_t> character_animation_numbers(const HavokCharacter& havok) {
    std::vector<uint64_t> numbers;
    for (const auto& [number, ref] : havok.members().animations) numbers.push_back(number);
    std::sort(numbers.begin(), numbers.end());
    return numbers;
}

Result<gltf::Scene> character_gltf_scene(HavokCharacter& havok, CharacterModel* model,
                                         const CharacterGltfRequest& request) {
    auto skeleton_result = havok.skeleton();
    if (!skeleton_result) return skeleton_result.error();
    const havok::Skeleton& skeleton = **skeleton_result;

    const CharacterRig* rig = nullptr;
    if (model && model->has_model()) {
        auto r = model->rig(&skeleton);
        if (!r) return r.error();
        rig = *r;
    }

    gltf::Scene scene;
    scene.armature.name = request.name.empty() ? character_name(havok) : request.name;
    SkeletonJoints skeleton_joints;
    BodyJoints body_joints;
    if (rig) {
        body_joints = body_armature(*rig, scene.armature);
        add_body_meshes(*rig, body_joints, scene.meshes);
    } else {
        skeleton_joints = skeleton_armature(skeleton, scene.armature);
    }
    if (scene.armature.joints.empty())
        return make_error(Error::kNoOffset, "the skeleton has no bone").within("glTF export");

    if (request.events && request.events->size() != request.animations.size())
        return make_error(Error::kNoOffset, "the events of " + std::to_string(request.events->size()) +
                                                " animations were given for " +
                                                std::to_string(request.animations.size()))
            .within("glTF export");
    std::optional<EventFinder> events;  // the binders' events, unless the caller gave them
    if (!request.events) events.emplace(havok, request.templates);
    havok::Pose pose;
    CharacterPose character_pose;
    const havok::PoseOptions no_root_motion{.root_motion = false};
    for (size_t index = 0; index < request.animations.size(); ++index) {
        const uint64_t number = request.animations[index];
        const std::string name = animation_name(number);
        auto clip = havok.clip(number);
        if (!clip) return Error(clip.error()).within("glTF export of " + name);
        gltf::Animation anim;
        anim.name = name;
        anim.times = frame_times(**clip);
        const size_t joint_count = scene.armature.joints.size();
        anim.joints.assign(joint_count, {});
        for (auto& frames : anim.joints) frames.reserve(anim.times.size());
        for (size_t f = 0; f < anim.times.size(); ++f) {
            havok::compute_pose(skeleton, clip->get(), double(f), no_root_motion, pose);
            if (!rig) {
                for (size_t j = 0; j < joint_count; ++j)
                    anim.joints[j].push_back(to_trs(pose.local[skeleton_joints.bone_of_joint[j]]));
                continue;
            }
            rig->pose(&pose, character_pose);
            for (size_t j = 0; j < joint_count; ++j) {
                const uint32_t bone = body_joints.bone_of_joint[j];
                const int32_t parent_joint = scene.armature.joints[j].parent;
                const gltf::Mat4 world = to_gltf(character_pose.animated[bone]);
                const gltf::Mat4 local =
                    parent_joint < 0
                        ? world
                        : gltf::multiply(gltf::affine_inverse(to_gltf(
                                             character_pose.animated[body_joints.bone_of_joint[size_t(parent_joint)]])),
                                         world);
                anim.joints[j].push_back(gltf::decompose(local));
            }
        }
        EventsFound found = request.events ? (*request.events)[index] : events->find(number);
        anim.events = std::move(found.events);
        anim.events_note = std::move(found.note);
        scene.animations.push_back(std::move(anim));
        if (request.on_animation) request.on_animation(index + 1, request.animations.size());
    }
    return scene;
}

std::vector<GltfAnimationEvents> character_gltf_events(const HavokCharacter& havok, const TemplateLibrary* templates,
                                                       const std::vector<uint64_t>& numbers) {
    const EventFinder finder(havok, templates);
    std::vector<GltfAnimationEvents> out;
    out.reserve(numbers.size());
    for (uint64_t number : numbers) out.push_back(finder.find(number));
    return out;
}

namespace {

void put_u32(std::vector<uint8_t>& out, uint32_t v) {
    for (int k = 0; k < 4; ++k) out.push_back(uint8_t(v >> (8 * k)));
}
void put_f64(std::vector<uint8_t>& out, double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    for (int k = 0; k < 8; ++k) out.push_back(uint8_t(bits >> (8 * k)));
}
void put_text(std::vector<uint8_t>& out, const std::string& text) {
    put_u32(out, uint32_t(text.size()));
    out.insert(out.end(), text.begin(), text.end());
}

}  // namespace

std::vector<uint8_t> encode_gltf_events(const std::vector<GltfAnimationEvents>& events) {
    std::vector<uint8_t> out;
    put_u32(out, uint32_t(events.size()));
    for (const GltfAnimationEvents& a : events) {
        put_u32(out, uint32_t(a.events.size()));
        put_text(out, a.note);
        for (const gltf::AnimationEvent& e : a.events) {
            put_u32(out, uint32_t(e.type));
            put_text(out, e.name);
            put_f64(out, e.start);
            put_f64(out, e.end);
        }
    }
    return out;
}

Result<std::vector<GltfAnimationEvents>> decode_gltf_events(Bytes bytes) {
    ByteReader r(bytes);
    uint64_t at = 0;
    auto u32 = [&](const char* what) -> Result<uint32_t> {
        if (!r.has(at, 4)) return make_error(at, std::string("glTF events: ") + what + " cut off");
        const uint32_t v = load_u32le(bytes.data() + at);
        at += 4;
        return v;
    };
    auto text = [&](const char* what) -> Result<std::string> {
        auto n = u32(what);
        if (!n) return n.error();
        if (!r.has(at, *n))
            return make_error(at, std::string("glTF events: ") + what + " of " + std::to_string(*n) +
                                      " bytes passes the end (" + std::to_string(bytes.size()) + ")");
        std::string s(reinterpret_cast<const char*>(bytes.data() + at), size_t(*n));
        at += *n;
        return s;
    };
    auto f64 = [&](const char* what) -> Result<double> {
        if (!r.has(at, 8)) return make_error(at, std::string("glTF events: ") + what + " cut off");
        const uint64_t bits = load_u64le(bytes.data() + at);
        at += 8;
        double v;
        std::memcpy(&v, &bits, 8);
        return v;
    };
    auto count = u32("animation count");
    if (!count) return count.error();
    // Each animation takes at least 8 bytes: a count beyond what the bytes can hold is damage.
    if (*count > bytes.size() / 8) return make_error(0, "glTF events: " + std::to_string(*count) + " animations in " +
                                                            std::to_string(bytes.size()) + " bytes");
    std::vector<GltfAnimationEvents> out(*count);
    for (GltfAnimationEvents& a : out) {
        auto n = u32("event count");
        if (!n) return n.error();
        if (*n > (bytes.size() - at) / 24)
            return make_error(at - 4, "glTF events: " + std::to_string(*n) + " events cannot fit in the " +
                                          std::to_string(bytes.size() - at) + " bytes left");
        auto note = text("note");
        if (!note) return note.error();
        a.note = std::move(*note);
        a.events.resize(*n);
        for (gltf::AnimationEvent& e : a.events) {
            auto type = u32("event type");
            if (!type) return type.error();
            e.type = int32_t(*type);
            auto name = text("event name");
            if (!name) return name.error();
            e.name = std::move(*name);
            auto start = f64("event start");
            if (!start) return start.error();
            auto end = f64("event end");
            if (!end) return end.error();
            e.start = *start;
            e.end = *end;
        }
    }
    if (at != bytes.size())
        return make_error(at, "glTF events: " + std::to_string(bytes.size() - at) + " bytes after the last animation");
    return out;
}

Result<std::vector<uint8_t>> export_character_glb(HavokCharacter& havok, CharacterModel* model,
                                                  const CharacterGltfRequest& request) {
    auto scene = character_gltf_scene(havok, model, request);
    if (!scene) return scene.error();
    return gltf::write_glb(*scene);
}

}  // namespace taescope
