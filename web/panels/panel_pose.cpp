// Pose panel: the character's skeleton playing the selected animation at the playhead, in 3D.
//
//   * bones as tapered shapes from each parent joint to its child, joints as discs, a ground
//     grid and the root-motion path, drawn by our own shaders (pose_renderer.h);
//   * the pose is the one of pose_model.h: the clip's frame t / frame_duration at the timeline's
//     time t (Play, scrubbing and frame steps follow), root motion on or off, additive clips
//     over the reference pose (labelled), the reference pose and the reason without a clip;
//   * left drag orbits, right or middle drag pans, the wheel zooms, F (over the view) or the
//     Frame button frames the character; hovering a joint names its bone (the joints are
//     projected on the CPU and the nearest within a few pixels wins).
// The panel prepares the shapes and the camera, then hands them to the renderer: no GL here.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "panels.h"
#include "pose_renderer.h"
#include "theme.h"

namespace taescope::web {

namespace {

using Mat4 = std::array<float, 16>;  // column-major, as GL takes it

constexpr float kFieldOfView = 0.7853982f;  // 45 degrees, vertical
constexpr float kHoverPixels = 9.0f;
constexpr uint32_t kBoneColor = 0xFFD8C8B8;
constexpr uint32_t kBoneAdditiveColor = 0xFFB0D8E8;
constexpr uint32_t kBoneReferenceColor = 0xFF909090;
constexpr uint32_t kHoveredColor = 0xFF30A0FF;
constexpr uint32_t kJointColor = 0xFFF0E0D0;
constexpr uint32_t kGridColor = 0x38FFFFFF;
constexpr uint32_t kGridAxisX = 0x905050E0;
constexpr uint32_t kGridAxisZ = 0x90E07050;
constexpr uint32_t kPathColor = 0xE040C0F0;

Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 out{};
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) {
            float sum = 0;
            for (int k = 0; k < 4; ++k) sum += a[size_t(k * 4 + r)] * b[size_t(c * 4 + k)];
            out[size_t(c * 4 + r)] = sum;
        }
    return out;
}

struct Vec {
    float x = 0, y = 0, z = 0;
};
Vec operator-(Vec a, Vec b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
Vec cross(Vec a, Vec b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
float dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
Vec normalized(Vec v) {
    float n = std::sqrt(dot(v, v));
    return n > 0 ? Vec{v.x / n, v.y / n, v.z / n} : Vec{0, 0, 1};
}

// Where the orbit camera is: `distance` from the target, `yaw` about the up axis (y), `pitch` above the ground.
Vec eye_of(const PoseViewState& c) {
    return {c.target[0] + c.distance * std::cos(c.pitch) * std::sin(c.yaw),
            c.target[1] + c.distance * std::sin(c.pitch),
            c.target[2] + c.distance * std::cos(c.pitch) * std::cos(c.yaw)};
}

// The camera's right and up directions in model space.
void camera_axes(const PoseViewState& c, Vec& right, Vec& up) {
    Vec forward = normalized(Vec{c.target[0], c.target[1], c.target[2]} - eye_of(c));
    right = normalized(cross(forward, Vec{0, 1, 0}));
    up = cross(right, forward);
}

Mat4 view_projection(const PoseViewState& c, float aspect) {
    Vec eye = eye_of(c);
    Vec forward = normalized(Vec{c.target[0], c.target[1], c.target[2]} - eye);
    Vec right = normalized(cross(forward, Vec{0, 1, 0}));
    Vec up = cross(right, forward);
    // clang-format off
    Mat4 view = {right.x, up.x, -forward.x, 0,
                 right.y, up.y, -forward.y, 0,
                 right.z, up.z, -forward.z, 0,
                 -dot(right, eye), -dot(up, eye), dot(forward, eye), 1};
    // clang-format on
    const float near_plane = std::max(0.001f, c.distance * 0.01f), far_plane = c.distance * 100 + 100;
    const float f = 1.0f / std::tan(kFieldOfView / 2);
    Mat4 projection{};
    projection[0] = f / aspect;
    projection[5] = f;
    projection[10] = (far_plane + near_plane) / (near_plane - far_plane);
    projection[11] = -1;
    projection[14] = 2 * far_plane * near_plane / (near_plane - far_plane);
    return multiply(projection, view);
}

// Screen position of a model-space point, false when it is behind the camera.
bool project(const Mat4& m, const float* p, ImVec2 top_left, ImVec2 size, ImVec2& out) {
    float x = m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12];
    float y = m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13];
    float w = m[3] * p[0] + m[7] * p[1] + m[11] * p[2] + m[15];
    if (w <= 1e-4f) return false;
    out = ImVec2(top_left.x + (x / w * 0.5f + 0.5f) * size.x, top_left.y + (0.5f - y / w * 0.5f) * size.y);
    return true;
}

// Where the body has moved by root motion at the frame shown (zero with root motion off): the
// camera follows it, so that a walking character stays in view.
std::array<float, 3> followed_offset(const PoseView& v) {
    if (!v.root_motion || !v.clip || !v.clip->root_motion) return {0, 0, 0};
    auto m = v.clip->root_motion->at(v.frame);
    return {float(m[0]), float(m[1]), float(m[2])};
}

// Centres the camera on the joints and backs it off until they all fit (the target is kept
// relative to the followed root).
void frame_character(PoseViewState& c, const PoseView& v) {
    if (v.joints.empty()) return;
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (size_t i = 0; i + 2 < v.joints.size(); i += 3)
        for (size_t k = 0; k < 3; ++k) {
            lo[k] = std::min(lo[k], v.joints[i + k]);
            hi[k] = std::max(hi[k], v.joints[i + k]);
        }
    float radius = 0;
    for (int k = 0; k < 3; ++k) {
        c.target[k] = (lo[k] + hi[k]) / 2;
        radius += (hi[k] - lo[k]) * (hi[k] - lo[k]) / 4;
    }
    radius = std::max(0.25f, std::sqrt(radius));
    const std::array<float, 3> follow = followed_offset(v);
    for (int k = 0; k < 3; ++k) c.target[k] -= follow[size_t(k)];
    c.distance = radius / std::sin(kFieldOfView / 2) * 1.1f;
}

PoseShape line(const float* a, const float* b, float width, uint32_t color) {
    return PoseShape{{a[0], a[1], a[2]}, {b[0], b[1], b[2]}, {width, width}, color, float(PoseShapeKind::Line)};
}

// Everything the view shows, in model space: grid, root-motion path, bones, joints.
void build_shapes(const PoseView& v, const PoseViewState& c, std::vector<PoseShape>& out) {
    out.clear();
    // The ground grid: 1 m cells (or coarser for a large character) around the target.
    const float cell = c.distance > 40 ? 10.0f : 1.0f;
    const int half = 10;
    const float cx = std::round(c.target[0] / cell) * cell, cz = std::round(c.target[2] / cell) * cell;
    for (int i = -half; i <= half; ++i) {
        float x = cx + float(i) * cell, z = cz + float(i) * cell;
        float a[3] = {x, 0, cz - float(half) * cell}, b[3] = {x, 0, cz + float(half) * cell};
        float d[3] = {cx - float(half) * cell, 0, z}, e[3] = {cx + float(half) * cell, 0, z};
        out.push_back(line(a, b, 1.0f, std::fabs(x) < cell / 2 ? kGridAxisZ : kGridColor));
        out.push_back(line(d, e, 1.0f, std::fabs(z) < cell / 2 ? kGridAxisX : kGridColor));
    }
    // The root-motion path on the ground, and where the root is now.
    if (c.show_path && v.root_path.size() >= 6) {
        for (size_t i = 3; i + 2 < v.root_path.size(); i += 3) {
            float a[3] = {v.root_path[i - 3], 0, v.root_path[i - 1]}, b[3] = {v.root_path[i], 0, v.root_path[i + 2]};
            out.push_back(line(a, b, 2.0f, kPathColor));
        }
        if (v.clip && v.clip->root_motion) {
            auto now = v.clip->root_motion->at(v.frame);
            float p[3] = {float(now[0]), 0, float(now[2])};
            out.push_back(
                PoseShape{{p[0], p[1], p[2]}, {p[0], p[1], p[2]}, {8, 8}, kPathColor, float(PoseShapeKind::Joint)});
        }
    }
    if (!v.skeleton) return;
    const uint32_t bone_color = !v.clip ? kBoneReferenceColor : v.additive() ? kBoneAdditiveColor : kBoneColor;
    const auto& bones = v.skeleton->bones;
    for (size_t b = 0; b < bones.size() && b * 3 + 2 < v.joints.size(); ++b) {
        int32_t p = bones[b].parent;
        if (p < 0 || size_t(p) >= bones.size()) continue;
        const float* from = &v.joints[size_t(p) * 3];
        const float* to = &v.joints[b * 3];
        uint32_t color = int(b) == c.hovered_bone ? kHoveredColor : bone_color;
        out.push_back(
            PoseShape{{from[0], from[1], from[2]}, {to[0], to[1], to[2]}, {9, 2}, color, float(PoseShapeKind::Bone)});
    }
    for (size_t b = 0; b < bones.size() && b * 3 + 2 < v.joints.size(); ++b) {
        const float* at = &v.joints[b * 3];
        bool hovered = int(b) == c.hovered_bone;
        out.push_back(PoseShape{{at[0], at[1], at[2]},
                                {at[0], at[1], at[2]},
                                {hovered ? 9.0f : 4.5f, 0},
                                hovered ? kHoveredColor : kJointColor,
                                float(PoseShapeKind::Joint)});
    }
}

// The bone whose joint is nearest the mouse (within kHoverPixels), or -1.
int bone_under_mouse(const PoseView& v, const Mat4& m, ImVec2 top_left, ImVec2 size, ImVec2 mouse) {
    int best = -1;
    float best_d2 = kHoverPixels * kHoverPixels;
    for (size_t b = 0; b * 3 + 2 < v.joints.size(); ++b) {
        ImVec2 s;
        if (!project(m, &v.joints[b * 3], top_left, size, s)) continue;
        float dx = s.x - mouse.x, dy = s.y - mouse.y, d2 = dx * dx + dy * dy;
        if (d2 < best_d2) best_d2 = d2, best = int(b);
    }
    return best;
}

void draw_toolbar(App& app, const PoseView& v) {
    PoseViewState& c = app.state().pose;
    if (ImGui::Button("Frame")) c.frame_requested = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Frame the character (F over the view)");
    ImGui::SameLine();
    bool root_motion = c.root_motion;
    if (ImGui::Checkbox("Root motion", &root_motion)) app.set_pose_root_motion(root_motion);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "On: the body moves along the clip's root motion (the path on the ground).\n"
            "Off: it animates in place.");
    ImGui::SameLine();
    ImGui::Checkbox("Path", &c.show_path);
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    if (v.clip) {
        const havok::AnimationSummary& s = v.clip->summary;
        ImGui::TextDisabled("frame %.2f / %u @ %.0f fps  |  %zu bones", v.frame, s.frame_count, s.frame_rate(),
                            v.bone_count());
    } else {
        ImGui::TextDisabled("%zu bones", v.bone_count());
    }
}

// Text over the view: the animation, "additive", or why only the reference pose is shown.
void draw_overlay(ImDrawList* draw, const PoseView& v, ImVec2 top_left, float width) {
    ImVec2 at(top_left.x + 8, top_left.y + 6);
    const float wrap = std::max(100.0f, width - 16);
    auto text = [&](uint32_t color, const std::string& s) {
        draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, color, s.c_str(), nullptr, wrap);
        at.y += ImGui::CalcTextSize(s.c_str(), nullptr, false, wrap).y + 2;
    };
    if (!v.skeleton) {
        text(palette::kWarning, "No skeleton: " + v.skeleton_error);
        if (!v.reason.empty()) text(palette::kTextDim, "No animation: " + v.reason);
        return;
    }
    if (v.clip) {
        if (v.additive()) text(palette::kWarning, "additive: the clip's deltas drawn over the reference pose");
        return;
    }
    text(palette::kTextDim, "Reference pose (no animation): " + v.reason);
}

}  // namespace

void draw_pose_panel(App& app, const PanelRect& rect) {
    place_next_window(rect);
    ImGui::Begin("Pose", &app.state().windows.pose,
                 kTiledWindowFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    const PoseView& v = app.pose_view();
    PoseViewState& c = app.state().pose;
    draw_toolbar(app, v);

    const ImVec2 top_left = ImGui::GetCursorScreenPos();
    const ImVec2 size(std::max(1.0f, ImGui::GetContentRegionAvail().x),
                      std::max(1.0f, ImGui::GetContentRegionAvail().y));
    const ImVec2 bottom_right(top_left.x + size.x, top_left.y + size.y);
    ImGui::InvisibleButton(
        "##pose-view", size,
        ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
    c.view_hovered = hovered;
    c.view_x0 = top_left.x, c.view_y0 = top_left.y, c.view_x1 = bottom_right.x, c.view_y1 = bottom_right.y;

    // Input: orbit, pan, zoom, frame.
    const ImGuiIO& io = ImGui::GetIO();
    if (active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 0)) {
        c.yaw -= io.MouseDelta.x * 0.01f;
        c.pitch = std::clamp(c.pitch + io.MouseDelta.y * 0.01f, -1.5f, 1.5f);
    }
    if (active &&
        (ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0))) {
        Vec right, up;
        camera_axes(c, right, up);
        const float per_pixel = 2 * c.distance * std::tan(kFieldOfView / 2) / size.y;
        const float dx = -io.MouseDelta.x * per_pixel, dy = io.MouseDelta.y * per_pixel;
        c.target[0] += right.x * dx + up.x * dy;
        c.target[1] += right.y * dx + up.y * dy;
        c.target[2] += right.z * dx + up.z * dy;
    }
    if (hovered && io.MouseWheel != 0)
        c.distance = std::clamp(c.distance * std::pow(0.85f, io.MouseWheel), 0.05f, 5000.0f);
    if (hovered && !io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_F, false)) c.frame_requested = true;
    // A new animation (or a new file) is framed once; afterwards the camera is the user's.
    const uint64_t framing_key = v.has_animation ? v.animation : ~uint64_t{1};
    if (c.framed_for != framing_key) c.frame_requested = true;
    if (c.frame_requested && !v.joints.empty()) {
        frame_character(c, v);
        c.frame_requested = false;
        c.framed_for = framing_key;
    }

    // Prepare, then draw. The camera looks at its target moved along with the root.
    PoseViewState camera = c;
    const std::array<float, 3> follow = followed_offset(v);
    for (int k = 0; k < 3; ++k) camera.target[k] += follow[size_t(k)];
    const Mat4 m = view_projection(camera, size.x / size.y);
    c.view_projection = m;
    c.hovered_bone = hovered && !active ? bone_under_mouse(v, m, top_left, size, io.MousePos) : -1;
    camera.hovered_bone = c.hovered_bone;
    static std::vector<PoseShape> shapes;
    build_shapes(v, camera, shapes);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(top_left, bottom_right, 0xFF1C1816);
    const float near_fade = std::max(0.0f, c.distance - 1.0f), far_fade = c.distance + 2.0f;
    if (!pose_renderer().draw(draw, top_left, bottom_right, m, {near_fade, far_fade}, shapes))
        draw->AddText(ImVec2(top_left.x + 8, bottom_right.y - ImGui::GetFontSize() - 6), palette::kError,
                      pose_renderer().mode().c_str());
    c.renderer = pose_renderer().mode();
    draw_overlay(draw, v, top_left, size.x);

    if (c.hovered_bone >= 0 && v.skeleton) {
        const havok::Bone& bone = v.skeleton->bones[size_t(c.hovered_bone)];
        const float* p = &v.joints[size_t(c.hovered_bone) * 3];
        ImGui::BeginTooltip();
        ImGui::Text("bone %d  %s", c.hovered_bone, bone.name.c_str());
        if (bone.parent >= 0 && size_t(bone.parent) < v.skeleton->bones.size())
            ImGui::TextDisabled("parent %d  %s", bone.parent, v.skeleton->bones[size_t(bone.parent)].name.c_str());
        else
            ImGui::TextDisabled("a root");
        ImGui::TextDisabled("model %.3f %.3f %.3f", p[0], p[1], p[2]);
        ImGui::EndTooltip();
    }
    ImGui::End();
}

}  // namespace taescope::web
