// Pose panel, the character view: the character's body and skeleton playing the selected
// animation at the playhead, in 3D.
//
//   * the body (when a model binder is open with the animations, character_view_model.h):
//     skinned on the GPU, a colour per material, lit by its normals (body_renderer.h); meshes
//     hidden by the simulator's masks at the playhead disappear ("All masks" draws them anyway);
//     hovering names a mesh's material and mask (picked on the CPU, with the engine's skinning);
//   * dummy polys as small axes (forward blue, up green, right red); those the selected event
//     names are highlighted (every dummy sharing the id); hovering one gives its id and bone;
//   * bones as tapered shapes from each parent joint to its child, joints as discs, a ground
//     grid and the root-motion path, drawn by our own shaders (pose_renderer.h): under the body
//     the grid and path, over it the skeleton (Body / Skeleton / Both) and the dummies;
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

#include "body_renderer.h"
#include "hitbox_renderer.h"
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
constexpr uint32_t kDummyForward = 0xFFF0A040;  // blue
constexpr uint32_t kDummyUp = 0xFF50D050;       // green
constexpr uint32_t kDummyRight = 0xFF5050E0;    // red
constexpr uint32_t kDummyPoint = 0xFFE0E0E0;
constexpr uint32_t kDummyHighlight = 0xFF20E0FF;  // yellow

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
    // The games' space is left-handed (x right, y up, z forward); the camera above is built the
    // right-handed way, which would show every character mirrored (its right hand on the
    // viewer's right when it faces us). Negating the screen's x draws the games' space as the
    // games show it; every projection (picking, hovering, the dummies' screen points) goes
    // through this matrix, so they all agree.
    projection[0] = -projection[0];
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

// Centres the camera on the joints (or on the body's box, `body_lo`..`body_hi`, when it has one)
// and backs it off until they all fit (the target is kept relative to the followed root). False
// when there is nothing to frame.
bool frame_character(PoseViewState& c, const PoseView& v, const std::array<float, 3>* body_lo,
                     const std::array<float, 3>* body_hi) {
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    if (body_lo && body_hi) {
        for (size_t k = 0; k < 3; ++k) lo[k] = (*body_lo)[k], hi[k] = (*body_hi)[k];
    } else {
        if (v.joints.empty()) return false;
        for (size_t i = 0; i + 2 < v.joints.size(); i += 3)
            for (size_t k = 0; k < 3; ++k) {
                lo[k] = std::min(lo[k], v.joints[i + k]);
                hi[k] = std::max(hi[k], v.joints[i + k]);
            }
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
    return true;
}

PoseShape line(const float* a, const float* b, float width, uint32_t color) {
    return PoseShape{{a[0], a[1], a[2]}, {b[0], b[1], b[2]}, {width, width}, color, float(PoseShapeKind::Line)};
}

// What the view shows under the body, in model space: the grid and the root-motion path.
void build_ground_shapes(const PoseView& v, const PoseViewState& c, std::vector<PoseShape>& out) {
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
}

// The skeleton over the body: bones and joints (thinner over a body, so that it shows through).
void build_skeleton_shapes(const PoseView& v, const PoseViewState& c, bool over_body, std::vector<PoseShape>& out) {
    if (!v.skeleton) return;
    const uint32_t bone_color = !v.clip ? kBoneReferenceColor : v.additive() ? kBoneAdditiveColor : kBoneColor;
    const auto& bones = v.skeleton->bones;
    for (size_t b = 0; b < bones.size() && b * 3 + 2 < v.joints.size(); ++b) {
        int32_t p = bones[b].parent;
        if (p < 0 || size_t(p) >= bones.size()) continue;
        const float* from = &v.joints[size_t(p) * 3];
        const float* to = &v.joints[b * 3];
        uint32_t color = int(b) == c.hovered_bone ? kHoveredColor : bone_color;
        const float width = over_body ? 4.0f : 9.0f;
        out.push_back(PoseShape{
            {from[0], from[1], from[2]}, {to[0], to[1], to[2]}, {width, 2}, color, float(PoseShapeKind::Bone)});
    }
    for (size_t b = 0; b < bones.size() && b * 3 + 2 < v.joints.size(); ++b) {
        const float* at = &v.joints[b * 3];
        bool hovered = int(b) == c.hovered_bone;
        out.push_back(PoseShape{{at[0], at[1], at[2]},
                                {at[0], at[1], at[2]},
                                {hovered     ? 9.0f
                                 : over_body ? 3.0f
                                             : 4.5f,
                                 0},
                                hovered ? kHoveredColor : kJointColor,
                                float(PoseShapeKind::Joint)});
    }
}

// The dummy polys as small axes at their posed place (moved by the root motion with the body);
// the selected event's dummies larger, with a yellow disc.
// `all`: every dummy (the Dummies toggle), else only the selected event's.
void build_dummy_shapes(const CharacterView& body, const PoseViewState& c, bool all, std::vector<PoseShape>& out) {
    const float length = std::clamp(c.distance * 0.012f, 0.01f, 2.0f);
    for (size_t i = 0; i < body.dummies.size(); ++i) {
        const PosedDummy& d = body.dummies[i];
        const bool lit = i < body.highlighted.size() && body.highlighted[i];
        const bool hovered = int(i) == c.hovered_dummy;
        if (!all && !lit) continue;
        float p[3], f[3], u[3], r[3];
        for (int k = 0; k < 3; ++k) {
            p[k] = float(d.position[size_t(k)]) + body.offset[size_t(k)];
            f[k] = float(d.forward[size_t(k)]);
            u[k] = float(d.upward[size_t(k)]);
        }
        r[0] = u[1] * f[2] - u[2] * f[1], r[1] = u[2] * f[0] - u[0] * f[2], r[2] = u[0] * f[1] - u[1] * f[0];
        const float scale = lit || hovered ? length * 2.5f : length;
        const float width = lit || hovered ? 2.5f : 1.0f;
        const uint32_t alpha = lit || hovered ? 0xFF000000u : 0xA0000000u;
        auto axis = [&](const float* direction, uint32_t color) {
            float e[3] = {p[0] + direction[0] * scale, p[1] + direction[1] * scale, p[2] + direction[2] * scale};
            out.push_back(line(p, e, width, (color & 0x00FFFFFFu) | alpha));
        };
        axis(r, kDummyRight);
        axis(u, kDummyUp);
        axis(f, kDummyForward);
        const float size = hovered ? 10.0f : lit ? 9.0f : 2.5f;
        out.push_back(PoseShape{{p[0], p[1], p[2]},
                                {p[0], p[1], p[2]},
                                {size, 0},
                                hovered ? kHoveredColor
                                : lit   ? kDummyHighlight
                                        : kDummyPoint,
                                float(PoseShapeKind::Joint)});
    }
}

// The dummy nearest the mouse (within kHoverPixels), or -1.
int dummy_under_mouse(const CharacterView& body, bool all, const Mat4& m, ImVec2 top_left, ImVec2 size, ImVec2 mouse) {
    int best = -1;
    float best_d2 = kHoverPixels * kHoverPixels;
    for (size_t i = 0; i < body.dummies.size(); ++i) {
        if (!all && !(i < body.highlighted.size() && body.highlighted[i])) continue;
        const PosedDummy& d = body.dummies[i];
        float p[3];
        for (int k = 0; k < 3; ++k) p[k] = float(d.position[size_t(k)]) + body.offset[size_t(k)];
        ImVec2 s;
        if (!project(m, p, top_left, size, s)) continue;
        float dx = s.x - mouse.x, dy = s.y - mouse.y, d2 = dx * dx + dy * dy;
        if (d2 < best_d2) best_d2 = d2, best = int(i);
    }
    return best;
}

// A muted colour per material, the same for a material name wherever it is seen (its #NN#
// prefix left out, so that a weapon swap's two meshes look alike).
uint32_t material_color(const std::string& material) {
    static const uint32_t palette[] = {0xFF7C8FB0, 0xFF6A88A8, 0xFF8FA07A, 0xFF9C8C70, 0xFF7F7FA6, 0xFFA09888,
                                       0xFF6F9A9A, 0xFF8C7AA0, 0xFFA58A7C, 0xFF88A0B8, 0xFF7A9C86, 0xFFB0A090};
    std::string name = material;
    if (name.size() > 1 && name[0] == '#') {
        size_t second = name.find('#', 1);
        if (second != std::string::npos) name = name.substr(second + 1);
    }
    uint32_t h = 2166136261u;
    for (char ch : name) h = (h ^ uint8_t(ch)) * 16777619u;
    return palette[h % (sizeof palette / sizeof palette[0])];
}

uint32_t lighter(uint32_t color) {
    uint32_t out = 0xFF000000;
    for (int shift = 0; shift < 24; shift += 8) {
        uint32_t c = (color >> shift) & 0xFF;
        out |= std::min(255u, c + (255 - c) / 2) << shift;
    }
    return out;
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

// With a model: what is drawn (Body, Skeleton or Both), the dummies, and "All masks".
void draw_body_options(App& app, const CharacterView& body) {
    PoseViewState& c = app.state().pose;
    int shown = c.show_body && c.show_skeleton ? 2 : c.show_body ? 0 : 1;
    const char* choices[] = {"Body", "Skeleton", "Both"};
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("Skeleton").x + ImGui::GetFrameHeight() * 1.6f);
    if (ImGui::Combo("##shown", &shown, choices, 3))
        app.set_character_options(shown != 1, shown != 0, c.show_dummies, c.force_masks_shown);
    ImGui::SameLine();
    bool dummies = c.show_dummies;
    if (ImGui::Checkbox("Dummies", &dummies))
        app.set_character_options(c.show_body, c.show_skeleton, dummies, c.force_masks_shown);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Dummy polys as small axes (forward blue, up green, right red).\n"
            "The selected event's dummies are yellow. Hover one for its id and bone.");
    ImGui::SameLine();
    bool force = c.force_masks_shown;
    if (ImGui::Checkbox("All masks", &force))
        app.set_character_options(c.show_body, c.show_skeleton, c.show_dummies, force);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Draw every mesh, even those the mask events (233 / 711 / 713) hide at the playhead.");
    size_t hidden = 0;
    for (uint8_t m : body.masked) hidden += m;
    if (hidden) {
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning), "%zu mesh%s masked", hidden,
                           hidden == 1 ? "" : "es");
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            for (const CharacterMeshInfo& m : body.meshes)
                if (m.index < body.masked.size() && body.masked[m.index])
                    ImGui::Text("mesh %zu  %s  (mask group %d)", m.index, m.material.c_str(), m.mask + 1);
            ImGui::EndTooltip();
        }
    }
}

// On the toolbar's line when `width` more pixels fit there, else on a new line.
void same_line_if_fits(float width) {
    const float right = ImGui::GetWindowContentRegionMax().x + ImGui::GetWindowPos().x;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right) ImGui::SameLine();
}

void draw_params_controls(App& app);  // below, with the hit shapes

void draw_toolbar(App& app, const PoseView& v, const CharacterView& body) {
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
    if (body.phase == ModelPhase::Ready) draw_body_options(app, body);
    draw_params_controls(app);
    same_line_if_fits(ImGui::GetFontSize() * 16);
    ImGui::AlignTextToFramePadding();
    if (v.clip) {
        const havok::AnimationSummary& s = v.clip->summary;
        ImGui::TextDisabled("frame %.2f / %u @ %.0f fps  |  %zu bones", v.frame, s.frame_count, s.frame_rate(),
                            v.bone_count());
    } else {
        ImGui::TextDisabled("%zu bones", v.bone_count());
    }
}

// Text over the view: the model's state, the animation, "additive", or why only the reference
// pose is shown.
void draw_overlay(ImDrawList* draw, const PoseView& v, const CharacterView& body, ImVec2 top_left, float width) {
    ImVec2 at(top_left.x + 8, top_left.y + 6);
    const float wrap = std::max(100.0f, width - 16);
    auto text = [&](uint32_t color, const std::string& s) {
        draw->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, color, s.c_str(), nullptr, wrap);
        at.y += ImGui::CalcTextSize(s.c_str(), nullptr, false, wrap).y + 2;
    };
    if (body.phase == ModelPhase::Opening || body.phase == ModelPhase::Reading)
        text(palette::kTextDim, "Model " + body.file + ": " + body.progress_text);
    if (body.phase == ModelPhase::Failed) text(palette::kError, "The model did not open: " + body.error);
    if (body.phase == ModelPhase::Ready) {
        text(palette::kTextDim, body.file + "  (" + std::to_string(body.meshes.size()) + " meshes, " +
                                    std::to_string(body.model->bones.size()) + " bones, " +
                                    std::to_string(body.dummies.size()) + " dummies)");
        if (body.bind_pose) {
            text(palette::kTextDim,
                 "Bind pose (the model's own): no skeleton to animate it (" + v.skeleton_error + ")");
            return;
        }
    }
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


// ---- the attacks' hit shapes (params_model.h; drawn by hitbox_renderer.h) ----

// The hit slot of `shape` in its event (null when the event does not list it).
const AttackHit* hit_of(const AttackEvent& e, const PosedAttackShape& shape) {
    for (const AttackHit& h : e.hits)
        if (h.slot == shape.slot) return &h;
    return nullptr;
}

// One drawn shape per capsule, one per sphere centre; `owners` gives each its index in `shapes`.
void build_hit_shape_draws(const AttackChain& chain, const std::vector<PosedAttackShape>& shapes, int hovered,
                           std::vector<HitShapeDraw>& out, std::vector<int>& owners) {
    out.clear();
    owners.clear();
    for (size_t i = 0; i < shapes.size(); ++i) {
        const PosedAttackShape& shape = shapes[i];
        if (shape.event >= chain.events().size() || shape.points.empty()) continue;
        const AttackEvent& e = chain.events()[shape.event];
        const AttackHit* hit = hit_of(e, shape);
        const std::array<float, 4> rgba = attack_shape_rgba(hit ? attack_shape_color(e, *hit) : AttackShapeColor::OtherHitType);
        auto point = [](const Vec3d& p) { return std::array<float, 3>{float(p[0]), float(p[1]), float(p[2])}; };
        if (shape.kind == AttackShapeKind::Capsule && shape.points.size() >= 2) {
            out.push_back(HitShapeDraw{point(shape.points[0]), point(shape.points[1]), shape.radius, rgba, int(i) == hovered});
            owners.push_back(int(i));
        } else {
            for (const Vec3d& p : shape.points) {
                out.push_back(HitShapeDraw{point(p), point(p), shape.radius, rgba, int(i) == hovered});
                owners.push_back(int(i));
            }
        }
    }
}

// The shape under the mouse: the one whose axis (capsule) or centre (sphere) passes nearest to
// it on screen, within its projected radius plus a few pixels; -1 when none.
int hit_shape_under_mouse(const std::vector<HitShapeDraw>& draws, const std::vector<int>& owners,
                          const std::array<float, 3>& offset, const Mat4& m, ImVec2 top_left, ImVec2 size,
                          ImVec2 mouse) {
    int best = -1;
    float best_margin = 0;
    for (size_t i = 0; i < draws.size(); ++i) {
        const HitShapeDraw& d = draws[i];
        float a[3], b[3];
        for (int k = 0; k < 3; ++k) a[k] = d.a[size_t(k)] + offset[size_t(k)], b[k] = d.b[size_t(k)] + offset[size_t(k)];
        ImVec2 sa, sb;
        if (!project(m, a, top_left, size, sa) || !project(m, b, top_left, size, sb)) continue;
        // The projected radius at the shape's first point: a point one radius off along the camera's up.
        const float w = m[3] * a[0] + m[7] * a[1] + m[11] * a[2] + m[15];
        const float pixels = w > 1e-4f ? d.radius * m[5] / w * 0.5f * size.y : 0.0f;
        const float ex = sb.x - sa.x, ey = sb.y - sa.y, len2 = ex * ex + ey * ey;
        float t = len2 > 0 ? ((mouse.x - sa.x) * ex + (mouse.y - sa.y) * ey) / len2 : 0.0f;
        t = std::clamp(t, 0.0f, 1.0f);
        const float dx = sa.x + t * ex - mouse.x, dy = sa.y + t * ey - mouse.y;
        const float margin = std::sqrt(dx * dx + dy * dy) - (std::fabs(pixels) + 3.0f);
        if (margin <= 0 && (best < 0 || margin < best_margin)) best = owners[i], best_margin = margin;
    }
    return best;
}

// The colours of the hit shapes (the spec's §5.4, after DSAnimStudio), over the view's bottom left.
void draw_hitbox_legend(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right) {
    static const AttackShapeColor kColors[] = {AttackShapeColor::Tip,   AttackShapeColor::Middle,
                                               AttackShapeColor::Root,  AttackShapeColor::OtherHitType,
                                               AttackShapeColor::Throw, AttackShapeColor::NoDamage};
    const float line = ImGui::GetTextLineHeight();
    ImVec2 at(top_left.x + 8, bottom_right.y - line * 1.6f);
    for (AttackShapeColor c : kColors) {
        const std::array<float, 4> rgba = attack_shape_rgba(c);
        const uint32_t color = ImGui::ColorConvertFloat4ToU32(ImVec4(rgba[0], rgba[1], rgba[2], 0.9f));
        draw->AddRectFilled(ImVec2(at.x, at.y + line * 0.2f), ImVec2(at.x + line * 0.6f, at.y + line * 0.8f), color);
        const char* name = attack_shape_color_name(c);
        draw->AddText(ImVec2(at.x + line * 0.8f, at.y), palette::kTextDim, name);
        at.x += line * 1.4f + ImGui::CalcTextSize(name).x;
        if (at.x > bottom_right.x - 60) break;
    }
}

// The hovered shape's event, row, slot and hit type.
void draw_hit_shape_tooltip(const AttackChain& chain, const PosedAttackShape& shape) {
    const AttackEvent& e = chain.events()[shape.event];
    const AttackHit* hit = hit_of(e, shape);
    ImGui::BeginTooltip();
    ImGui::Text("%s  (event %u, type %d)", attack_shape_kind_name(shape.kind), e.event_index, e.type);
    ImGui::TextDisabled("%s %d  ->  %s %s", e.behavior_param.c_str(), e.behavior_row, e.atk_param.c_str(),
                        e.atk_row ? std::to_string(*e.atk_row).c_str() : "-");
    ImGui::TextDisabled("slot %u  radius %.3f m  hit type %u (%s)", shape.slot, double(shape.radius),
                        unsigned(shape.hit_type), hit ? attack_shape_color_name(attack_shape_color(e, *hit)) : "?");
    if (hit) {
        if (shape.kind == AttackShapeKind::Capsule)
            ImGui::TextDisabled("dummy polys %d - %d", hit->dummy1, hit->dummy2);
        else
            ImGui::TextDisabled("dummy poly %d (%zu place%s)", hit->dummy1, shape.points.size(),
                                shape.points.size() == 1 ? "" : "s");
    }
    if (e.is_throw()) ImGui::TextDisabled("a throw (throwTypeId %u)", unsigned(e.throw_type));
    ImGui::TextDisabled("live %.3f - %.3f s", double(e.start), double(e.end));
    ImGui::EndTooltip();
}

// The params part of the toolbar: what is open, the hitbox toggle, the variation, Forget and
// the frame-data window; without params, where to get them.
void draw_params_controls(App& app) {
    const ParamsStatus& s = app.params().status();
    PoseViewState& c = app.state().pose;
    const float em = ImGui::GetFontSize();
    same_line_if_fits(s.phase == ParamsPhase::Ready ? em * 10 : em * 15);
    if (s.phase == ParamsPhase::None) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("Hitboxes: drop regulation.bin");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Drop the game's regulation.bin (or a decrypted one, a .parambnd.dcx, or .param files)\n"
                "to see each attack's hit capsules and spheres, the default masks and the frame data.\n"
                "It is read here, in the browser, and kept in this browser for the next visit.");
        return;
    }
    if (s.phase == ParamsPhase::Decoding) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextDisabled("Params: reading %s...", s.file.c_str());
        return;
    }
    if (s.phase == ParamsPhase::Failed) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "Params failed");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.error.c_str());
        return;
    }
    bool shown = c.show_hitboxes;
    if (ImGui::Checkbox("Hitboxes", &shown)) c.show_hitboxes = shown;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The hit shapes of the attack events live at the playhead (%s)", s.summary.c_str());
    ImGui::SameLine();
    if (ImGui::Button("Params")) ImGui::OpenPopup("##params");
    if (ImGui::BeginPopup("##params")) {
        ImGui::TextUnformatted(s.summary.c_str());
        ImGui::TextDisabled("%s%s", s.file.c_str(), s.remembered ? "  (remembered by this browser)" : "");
        if (!s.error.empty()) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "%s", s.error.c_str());
        if (const AttackChain* chain = app.attack_chain()) {
            const CharacterParams& ch = chain->character();
            ImGui::Separator();
            ImGui::Text("%zu attack events, %zu resolved", chain->events().size(), chain->resolved_count());
            ImGui::Text("Variation %d  (%s)", ch.variation, ch.variation_source.c_str());
            for (const VariationChoice& v : ch.variations) {
                const bool current = v.variation == ch.variation;
                std::string label = std::to_string(v.variation) + "  " + v.source;
                if (v.judges_total) label += "  (" + std::to_string(v.judges_covered) + " of " +
                                             std::to_string(v.judges_total) + " judge ids)";
                if (ImGui::Selectable(label.c_str(), current)) {
                    if (&v == &ch.variations.front())
                        app.choose_attack_variation(std::nullopt);
                    else
                        app.choose_attack_variation(v.variation);
                }
            }
            ImGui::TextDisabled("Display masks: %s", ch.display_masks.source.c_str());
            for (const std::string& note : chain->notes()) ImGui::TextDisabled("%s", note.c_str());
            for (const std::string& note : ch.notes) ImGui::TextDisabled("%s", note.c_str());
        }
        ImGui::Separator();
        if (ImGui::Button("Frame data")) app.state().windows.frame_data = true;
        ImGui::SameLine();
        if (ImGui::Button("Forget this regulation")) {
            app.forget_params();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

}  // namespace

void draw_pose_panel(App& app, const PanelRect& rect) {
    place_next_window(rect);
    // Titled for what it shows: the character (skeleton, body, dummies, hit shapes), not only a pose.
    ImGui::Begin("Character###pose", &app.state().windows.pose,
                 kTiledWindowFlags | ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    const PoseView& v = app.pose_view();
    const CharacterView& body = app.character_view();
    const bool has_body = body.phase == ModelPhase::Ready && body.geometry;
    PoseViewState& c = app.state().pose;
    draw_toolbar(app, v, body);

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
        c.yaw += io.MouseDelta.x * 0.01f;  // the view is mirrored (view_projection): drag right turns it right
        c.pitch = std::clamp(c.pitch + io.MouseDelta.y * 0.01f, -1.5f, 1.5f);
    }
    if (active &&
        (ImGui::IsMouseDragging(ImGuiMouseButton_Right, 0) || ImGui::IsMouseDragging(ImGuiMouseButton_Middle, 0))) {
        Vec right, up;
        camera_axes(c, right, up);
        const float per_pixel = 2 * c.distance * std::tan(kFieldOfView / 2) / size.y;
        // The camera's right is the screen's left (the mirror in view_projection).
        const float dx = io.MouseDelta.x * per_pixel, dy = io.MouseDelta.y * per_pixel;
        c.target[0] += right.x * dx + up.x * dy;
        c.target[1] += right.y * dx + up.y * dy;
        c.target[2] += right.z * dx + up.z * dy;
    }
    if (hovered && io.MouseWheel != 0)
        c.distance = std::clamp(c.distance * std::pow(0.85f, io.MouseWheel), 0.05f, 5000.0f);
    if (hovered && !io.KeyCtrl && ImGui::IsKeyPressed(ImGuiKey_F, false)) c.frame_requested = true;
    // A new animation (or a new file, or a model read) is framed once; afterwards the camera is
    // the user's. A body is framed whole (its weapon and cloth reach past the joints).
    const uint64_t framing_key = (v.has_animation ? v.animation : ~uint64_t{1}) ^ (has_body ? 0x5A5A0000ull : 0);
    if (c.framed_for != framing_key) c.frame_requested = true;
    if (c.frame_requested) {
        // The body's box (moved by the root motion as the body is), else the joints.
        std::array<float, 3> lo{}, hi{};
        const bool body_box = has_body && app.character().skinned_bounds(lo, hi);
        // The selected event's dummies too: some are reach points past the body.
        for (size_t d = 0; body_box && d < body.dummies.size() && d < body.highlighted.size(); ++d)
            for (size_t k = 0; k < 3 && body.highlighted[d]; ++k) {
                lo[k] = std::min(lo[k], float(body.dummies[d].position[k]));
                hi[k] = std::max(hi[k], float(body.dummies[d].position[k]));
            }
        for (size_t k = 0; k < 3 && body_box; ++k) lo[k] += body.offset[k], hi[k] += body.offset[k];
        if (frame_character(c, v, body_box ? &lo : nullptr, body_box ? &hi : nullptr)) {
            c.frame_requested = false;
            c.framed_for = framing_key;
        }
    }

    // Prepare, then draw. The camera looks at its target moved along with the root.
    PoseViewState camera = c;
    const std::array<float, 3> follow = followed_offset(v);
    for (int k = 0; k < 3; ++k) camera.target[k] += follow[size_t(k)];
    const Mat4 m = view_projection(camera, size.x / size.y);
    c.view_projection = m;
    const bool draw_body = has_body && c.show_body;
    const bool draw_skeleton = !has_body || c.show_skeleton;
    // The selected event's dummies are drawn whatever the toggle says.
    bool event_dummies = false;
    for (uint8_t lit : body.highlighted) event_dummies = event_dummies || lit;
    const bool draw_dummies = has_body && (c.show_dummies || event_dummies);
    // The attacks' hit shapes live at the playhead (with params and a body).
    const AttackChain* chain = has_body && c.show_hitboxes ? app.attack_chain() : nullptr;
    static std::vector<HitShapeDraw> hit_draws;
    static std::vector<int> hit_owners;
    const std::vector<PosedAttackShape>* hit_shapes = chain ? &app.hit_shapes_at_playhead() : nullptr;
    if (hit_shapes) {
        build_hit_shape_draws(*chain, *hit_shapes, c.hovered_hit_shape, hit_draws, hit_owners);
    } else {
        hit_draws.clear();
        hit_owners.clear();
    }
    // What the mouse is over: a dummy first (they are small), then a hit shape, then a joint, then a mesh.
    c.hovered_bone = c.hovered_dummy = c.hovered_mesh = c.hovered_hit_shape = -1;
    if (hovered && !active) {
        if (draw_dummies) c.hovered_dummy = dummy_under_mouse(body, c.show_dummies, m, top_left, size, io.MousePos);
        if (c.hovered_dummy < 0 && !hit_draws.empty())
            c.hovered_hit_shape = hit_shape_under_mouse(hit_draws, hit_owners, body.offset, m, top_left, size, io.MousePos);
        if (c.hovered_dummy < 0 && c.hovered_hit_shape < 0 && draw_skeleton) c.hovered_bone = bone_under_mouse(v, m, top_left, size, io.MousePos);
        if (c.hovered_dummy < 0 && c.hovered_hit_shape < 0 && c.hovered_bone < 0 && draw_body)
            c.hovered_mesh = app.character().mesh_at(m, top_left.x, top_left.y, bottom_right.x, bottom_right.y,
                                                     io.MousePos.x, io.MousePos.y);
    }
    camera.hovered_bone = c.hovered_bone;
    camera.hovered_dummy = c.hovered_dummy;
    static std::vector<PoseShape> under, over;
    build_ground_shapes(v, camera, under);
    over.clear();
    if (draw_skeleton) build_skeleton_shapes(v, camera, draw_body, over);
    if (draw_dummies) build_dummy_shapes(body, camera, c.show_dummies, over);
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(top_left, bottom_right, 0xFF1C1816);
    const float near_fade = std::max(0.0f, c.distance - 1.0f), far_fade = c.distance + 2.0f;
    bool drawn = pose_renderer().draw(draw, top_left, bottom_right, m, {near_fade, far_fade}, under, PoseLayer::Under);
    if (draw_body) {
        static std::vector<BodyMeshStyle> styles;
        styles.assign(body.meshes.size(), BodyMeshStyle{});
        for (size_t i = 0; i < styles.size(); ++i) {
            styles[i].visible = i < body.visible.size() && body.visible[i] != 0;
            styles[i].color = material_color(body.meshes[i].material);
            if (int(i) == c.hovered_mesh) styles[i].color = lighter(styles[i].color);
        }
        const Vec eye = eye_of(camera);
        if (!body_renderer().draw(draw, top_left, bottom_right, m, {eye.x, eye.y, eye.z}, body.offset, *body.geometry,
                                  body.skin, body.pose_key, styles))
            draw->AddText(ImVec2(top_left.x + 8, bottom_right.y - 2 * ImGui::GetFontSize() - 8), palette::kError,
                          body_renderer().mode().c_str());
    }
    c.body_renderer = draw_body ? body_renderer().mode() : "not drawn (hidden or no model)";
    if (hit_shapes) {
        if (c.hovered_hit_shape >= 0) build_hit_shape_draws(*chain, *hit_shapes, c.hovered_hit_shape, hit_draws, hit_owners);
        if (!hitbox_renderer().draw(draw, top_left, bottom_right, m, body.offset, hit_draws))
            draw->AddText(ImVec2(top_left.x + 8, bottom_right.y - 3 * ImGui::GetFontSize() - 10), palette::kError,
                          hitbox_renderer().mode().c_str());
        c.hitbox_renderer = hitbox_renderer().mode();
        draw_hitbox_legend(draw, top_left, bottom_right);
    } else {
        // Nothing to draw: the digest says so, so that a frame without shapes is not kept.
        hitbox_renderer().draw(draw, top_left, bottom_right, m, body.offset, {});
        c.hitbox_renderer = !has_body ? "not drawn (no model)" : !c.show_hitboxes ? "not drawn (hidden)" : "not drawn (no params)";
    }
    drawn =
        pose_renderer().draw(draw, top_left, bottom_right, m, {near_fade, far_fade}, over, PoseLayer::Over) && drawn;
    if (!drawn)
        draw->AddText(ImVec2(top_left.x + 8, bottom_right.y - ImGui::GetFontSize() - 6), palette::kError,
                      pose_renderer().mode().c_str());
    c.renderer = pose_renderer().mode();
    draw_overlay(draw, v, body, top_left, size.x);

    if (c.hovered_hit_shape >= 0 && hit_shapes && size_t(c.hovered_hit_shape) < hit_shapes->size()) {
        draw_hit_shape_tooltip(*chain, (*hit_shapes)[size_t(c.hovered_hit_shape)]);
    } else if (c.hovered_dummy >= 0) {
        const PosedDummy& d = body.dummies[size_t(c.hovered_dummy)];
        const auto& bones = body.model->bones;
        ImGui::BeginTooltip();
        ImGui::Text("dummy poly %d  (dummy %zu)", int(d.reference_id), d.index);
        if (d.bone >= 0 && size_t(d.bone) < bones.size())
            ImGui::TextDisabled("bone %d  %s", d.bone, bones[size_t(d.bone)].name.c_str());
        if (size_t(c.hovered_dummy) < body.highlighted.size() && body.highlighted[size_t(c.hovered_dummy)])
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kDummyHighlight), "named by the selected event");
        ImGui::TextDisabled("model %.3f %.3f %.3f", d.position[0], d.position[1], d.position[2]);
        ImGui::EndTooltip();
    } else if (c.hovered_bone >= 0 && v.skeleton) {
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
    } else if (c.hovered_mesh >= 0 && size_t(c.hovered_mesh) < body.meshes.size()) {
        const CharacterMeshInfo& mesh = body.meshes[size_t(c.hovered_mesh)];
        ImGui::BeginTooltip();
        ImGui::Text("mesh %zu  %s", mesh.index, mesh.material.c_str());
        if (mesh.mask >= 0)
            ImGui::TextDisabled("mask group %d (#%02d#): shown or hidden by events 233 / 711 / 713", mesh.mask + 1,
                                mesh.mask);
        else
            ImGui::TextDisabled("no mask: always drawn");
        ImGui::TextDisabled("%u vertices, %zu triangles (LOD0)", mesh.vertex_count, mesh.triangles);
        ImGui::EndTooltip();
    }
    ImGui::End();
}

}  // namespace taescope::web
