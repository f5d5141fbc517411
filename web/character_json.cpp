#include "character_json.h"

#include <cmath>

#include "app.h"

namespace taescope::web {

namespace {

void write_vec3(JsonWriter& json, const std::array<float, 3>& v) {
    json.begin_array().number(v[0]).number(v[1]).number(v[2]).end_array();
}

std::string bone_name(const CharacterView& v, int32_t bone) {
    return v.model && bone >= 0 && size_t(bone) < v.model->bones.size() ? v.model->bones[size_t(bone)].name
                                                                        : std::string();
}

// Screen position (canvas CSS pixels) of a model-space point moved by the body's root motion,
// through the Pose panel's last view; false when not drawn or behind the camera.
bool to_screen(const App& app, const CharacterView& v, const float* p, float& sx, float& sy) {
    const PoseViewState& c = app.state().pose;
    const auto& m = c.view_projection;
    const float width = c.view_x1 - c.view_x0, height = c.view_y1 - c.view_y0;
    if (!app.state().windows.pose || width <= 0 || height <= 0) return false;
    const float x = p[0] + v.offset[0], y = p[1] + v.offset[1], z = p[2] + v.offset[2];
    const float cx = m[0] * x + m[4] * y + m[8] * z + m[12];
    const float cy = m[1] * x + m[5] * y + m[9] * z + m[13];
    const float cw = m[3] * x + m[7] * y + m[11] * z + m[15];
    if (cw <= 1e-4f) return false;
    sx = c.view_x0 + (cx / cw * 0.5f + 0.5f) * width;
    sy = c.view_y0 + (0.5f - cy / cw * 0.5f) * height;
    return true;
}

}  // namespace

void write_model_json(JsonWriter& json, App& app) {
    const CharacterView& v = app.state().document ? app.character_view() : app.character().view();
    if (v.phase == ModelPhase::None) {
        json.key("model").null();
        return;
    }
    const PoseViewState& c = app.state().pose;
    json.key("model").begin_object();
    json.field("status", model_phase_name(v.phase))
        .field("file", v.file)
        .field("flver", v.flver)
        .field("error", v.error)
        .field("progressText", v.progress_text)
        .field("readMilliseconds", v.read_ms)
        .field("longestStepMilliseconds", v.longest_step_ms)
        .field("longestStep", v.longest_step)
        .field("renderer", c.body_renderer)
        .field("showBody", c.show_body)
        .field("showSkeleton", c.show_skeleton)
        .field("showDummies", c.show_dummies)
        .field("forceMasksShown", c.force_masks_shown)
        .field("bindPose", v.bind_pose)
        .field("bones", uint64_t(v.model ? v.model->bones.size() : 0))
        .field("dummies", uint64_t(v.model ? v.model->dummies.size() : 0))
        .field("matchedBones", uint64_t(v.rig ? v.rig->matched_bone_count() : 0));
    json.key("meshes").begin_array();
    for (const CharacterMeshInfo& m : v.meshes) {
        json.begin_object()
            .field("index", uint64_t(m.index))
            .field("material", m.material)
            .field("mask", int64_t(m.mask))
            .field("visible", m.index < v.visible.size() && v.visible[m.index] != 0)
            .field("hiddenByMask", m.index < v.masked.size() && v.masked[m.index] != 0)
            .field("vertexCount", uint64_t(m.vertex_count))
            .field("triangles", uint64_t(m.triangles));
        if (!m.error.empty()) json.field("error", m.error);
        json.end_object();
    }
    json.end_array();
    json.key("skinnedBounds");
    std::array<float, 3> lo{}, hi{};
    if (v.phase == ModelPhase::Ready && app.character().skinned_bounds(lo, hi)) {
        json.begin_object().key("min");
        write_vec3(json, lo);
        json.key("max");
        write_vec3(json, hi);
        json.end_object();
    } else {
        json.null();
    }
    json.key("offset");
    write_vec3(json, v.offset);
    json.field("hoveredMesh", c.hovered_mesh);
    if (c.hovered_mesh >= 0 && size_t(c.hovered_mesh) < v.meshes.size())
        json.field("hoveredMaterial", v.meshes[size_t(c.hovered_mesh)].material)
            .field("hoveredMask", int64_t(v.meshes[size_t(c.hovered_mesh)].mask));
    json.key("hoveredDummy");
    if (c.hovered_dummy >= 0 && size_t(c.hovered_dummy) < v.dummies.size()) {
        const PosedDummy& d = v.dummies[size_t(c.hovered_dummy)];
        json.begin_object()
            .field("index", uint64_t(d.index))
            .field("referenceId", int64_t(d.reference_id))
            .field("bone", int64_t(d.bone))
            .field("boneName", bone_name(v, d.bone))
            .end_object();
    } else {
        json.null();
    }
    json.key("eventDummyIds").begin_array();
    for (int32_t id : v.event_dummy_ids) json.integer(id);
    json.end_array();
    json.key("highlightedDummies").begin_array();
    for (size_t d = 0; d < v.highlighted.size(); ++d)
        if (v.highlighted[d]) json.unsigned_integer(d);
    json.end_array();
    json.end_object();
}

std::string model_dummies_json(App& app, int id) {
    const CharacterView& v = app.state().document ? app.character_view() : app.character().view();
    JsonWriter json;
    json.begin_array();
    for (const PosedDummy& d : v.dummies) {
        if (int(d.reference_id) != id) continue;
        json.begin_object()
            .field("index", uint64_t(d.index))
            .field("bone", int64_t(d.bone))
            .field("boneName", bone_name(v, d.bone));
        json.key("position")
            .begin_array()
            .number(d.position[0])
            .number(d.position[1])
            .number(d.position[2])
            .end_array();
        json.end_object();
    }
    json.end_array();
    return json.text();
}

std::string model_mesh_screen_json(App& app, int mesh) {
    const CharacterView& v = app.state().document ? app.character_view() : app.character().view();
    JsonWriter json;
    const std::vector<float>& p = app.character().skinned_positions();
    if (!v.geometry || mesh < 0 || size_t(mesh) >= v.geometry->meshes.size() || p.empty()) {
        json.null();
        return json.text();
    }
    const BodyGeometry::MeshRange& r = v.geometry->meshes[size_t(mesh)];
    float best_area = 0, bx = 0, by = 0;
    for (uint32_t t = r.first_index; t + 2 < r.first_index + r.index_count; t += 3) {
        float s[3][2];
        bool drawn = true;
        for (int k = 0; k < 3 && drawn; ++k) {
            const size_t i = v.geometry->indices[t + uint32_t(k)];
            drawn = i * 3 + 2 < p.size() && to_screen(app, v, &p[i * 3], s[k][0], s[k][1]);
        }
        if (!drawn) continue;
        const float area =
            std::fabs((s[1][0] - s[0][0]) * (s[2][1] - s[0][1]) - (s[2][0] - s[0][0]) * (s[1][1] - s[0][1])) / 2;
        if (area > best_area)
            best_area = area, bx = (s[0][0] + s[1][0] + s[2][0]) / 3, by = (s[0][1] + s[1][1] + s[2][1]) / 3;
    }
    if (best_area > 0)
        json.begin_array().number(bx).number(by).end_array();
    else
        json.null();
    return json.text();
}

std::string model_dummy_screen_json(App& app, int dummy) {
    const CharacterView& v = app.state().document ? app.character_view() : app.character().view();
    JsonWriter json;
    float sx = 0, sy = 0;
    if (dummy >= 0 && size_t(dummy) < v.dummies.size()) {
        const auto& d = v.dummies[size_t(dummy)].position;
        const float p[3] = {float(d[0]), float(d[1]), float(d[2])};
        if (to_screen(app, v, p, sx, sy)) {
            json.begin_array().number(sx).number(sy).end_array();
            return json.text();
        }
    }
    json.null();
    return json.text();
}

// What the Pose panel shows: the skeleton, the clip and its timing, the frame at the playhead
// (the clip's own frame number, as `taescope pose --frames` counts), or why there is no clip.
// Bone positions are read one at a time through taescope_pose_bone_json (js_api.cpp).
void write_pose_json(JsonWriter& json, App& app) {
    const AppState& s = app.state();
    if (!s.document) {
        json.key("pose").null();
        return;
    }
    const PoseView& v = app.pose_view();
    json.key("pose").begin_object();
    json.field("shown", s.windows.pose)
        .field("boneCount", uint64_t(v.bone_count()))
        .field("skeleton", v.skeleton ? v.skeleton->name : std::string())
        .field("skeletonError", v.skeleton_error)
        .field("animation", v.has_animation ? animation_name(v.animation) : std::string())
        .field("hasClip", v.clip != nullptr)
        .field("lengthKnown", v.length.known)
        .field("duration", v.length.duration)
        .field("frameCount", uint64_t(v.length.frame_count))
        .field("frameDuration", v.length.frame_duration)
        .field("frameRate", v.length.frame_duration > 0 ? 1.0 / v.length.frame_duration : 0.0)
        .field("additive", v.additive())
        .field("rootMotion", v.root_motion)
        .field("clipHasRootMotion", v.clip && v.clip->root_motion.has_value())
        .field("time", v.time)
        .field("frame", v.frame)
        .field("reason", v.reason)
        .field("hoveredBone", s.pose.hovered_bone)
        .field("hoveredBoneName", s.pose.hovered_bone >= 0 && size_t(s.pose.hovered_bone) < v.bone_count()
                                      ? v.skeleton->bones[size_t(s.pose.hovered_bone)].name
                                      : std::string())
        .field("renderer", s.pose.renderer)
        .field("showHitboxes", s.pose.show_hitboxes)
        .field("hitboxRenderer", s.pose.hitbox_renderer)
        .field("hoveredHitShape", s.pose.hovered_hit_shape);
    json.key("view")
        .begin_object()
        .field("x0", double(s.pose.view_x0))
        .field("y0", double(s.pose.view_y0))
        .field("x1", double(s.pose.view_x1))
        .field("y1", double(s.pose.view_y1))
        .field("yaw", double(s.pose.yaw))
        .field("pitch", double(s.pose.pitch))
        .field("distance", double(s.pose.distance))
        .end_object();
    json.end_object();
}

}  // namespace taescope::web
