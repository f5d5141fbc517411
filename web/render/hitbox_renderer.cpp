#include "hitbox_renderer.h"

#include <GLES3/gl3.h>

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "imgui_webgl_renderer.h"

namespace taescope::web {

namespace {

constexpr int kSegments = 16;  // around the axis
constexpr int kRings = 6;      // per hemisphere, pole to equator

using V3 = std::array<float, 3>;
V3 sub(V3 a, V3 b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
V3 cross3(V3 a, V3 b) { return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]}; }
float length3(V3 a) { return std::sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]); }
V3 scaled(V3 a, float s) { return {a[0] * s, a[1] * s, a[2] * s}; }

uint32_t pack_rgba(const std::array<float, 4>& c) {
    auto byte = [](float v) { return uint32_t(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f); };
    return byte(c[0]) | byte(c[1]) << 8 | byte(c[2]) << 16 | byte(c[3]) << 24;
}

// A capsule from `a` to `b` (a sphere when they coincide): a unit sphere in the shape's own frame
// (axis u from a to b, v and w across it), its upper half moved to b and its lower half to a, so
// that the band between the two equators is the cylinder.
void add_capsule(const HitShapeDraw& s, std::vector<HitShapeVertex>& out) {
    V3 axis = sub(s.b, s.a);
    const float len = length3(axis);
    V3 u = len > 1e-6f ? scaled(axis, 1.0f / len) : V3{0, 1, 0};
    V3 helper = std::fabs(u[1]) < 0.9f ? V3{0, 1, 0} : V3{1, 0, 0};
    V3 v = cross3(u, helper);
    v = scaled(v, 1.0f / length3(v));
    V3 w = cross3(u, v);
    const uint32_t color = pack_rgba(s.rgba);
    // Rings from the pole at b (k = 0) to the pole at a (k = 2 kRings + 1); the two equator
    // rings (k = kRings, kRings + 1) coincide in direction, one at b and one at a.
    const int ring_count = 2 * kRings + 2;
    auto vertex = [&](int k, int j) {
        const bool upper = k <= kRings;
        const int from_pole = upper ? k : ring_count - 1 - k;  // 0 at a pole, kRings at the equator
        const float polar = float(from_pole) / float(kRings) * 1.5707963f;
        const float along = upper ? std::cos(polar) : -std::cos(polar);
        const float across = std::sin(polar);
        const float angle = float(j) / float(kSegments) * 6.2831853f;
        V3 n;
        for (int i = 0; i < 3; ++i)
            n[size_t(i)] = u[size_t(i)] * along + (v[size_t(i)] * std::cos(angle) + w[size_t(i)] * std::sin(angle)) * across;
        const V3& centre = upper ? s.b : s.a;
        HitShapeVertex out_vertex{};
        for (int i = 0; i < 3; ++i) {
            out_vertex.position[i] = centre[size_t(i)] + n[size_t(i)] * s.radius;
            out_vertex.normal[i] = n[size_t(i)];
        }
        out_vertex.color = color;
        return out_vertex;
    };
    for (int k = 0; k + 1 < ring_count; ++k)
        for (int j = 0; j < kSegments; ++j) {
            const HitShapeVertex p00 = vertex(k, j), p01 = vertex(k, j + 1), p10 = vertex(k + 1, j),
                                 p11 = vertex(k + 1, j + 1);
            out.insert(out.end(), {p00, p10, p11, p00, p11, p01});
        }
}

}  // namespace

void tessellate_hit_shapes(const std::vector<HitShapeDraw>& shapes, std::vector<HitShapeVertex>& out) {
    out.clear();
    for (const HitShapeDraw& s : shapes) {
        HitShapeDraw drawn = s;
        if (s.highlighted) drawn.rgba[3] = std::min(1.0f, s.rgba[3] * 1.8f + 0.1f);
        add_capsule(drawn, out);
    }
}

HitboxRenderer& hitbox_renderer() {
    static HitboxRenderer instance;
    return instance;
}

void HitboxRenderer::start_compiling() { program_.start(); }

bool HitboxRenderer::ensure_program() {
    const auto readiness = program_.finish_for_drawing("hitbox", "not drawn", mode_);
    if (readiness != StagedGlProgram::Readiness::JustLinked) return readiness == StagedGlProgram::Readiness::Ready;
    view_projection_location_ = glGetUniformLocation(program_.id(), "u_view_projection");
    offset_location_ = glGetUniformLocation(program_.id(), "u_offset");
    glGenVertexArrays(1, &vertex_array_);
    glGenBuffers(1, &vertex_buffer_);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
    const GLsizei stride = sizeof(HitShapeVertex);
    auto at = [](size_t offset) { return reinterpret_cast<void*>(offset); };
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(HitShapeVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(HitShapeVertex, normal)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, at(offsetof(HitShapeVertex, color)));
    glBindVertexArray(0);
    return true;
}

bool HitboxRenderer::draw(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right,
                          const std::array<float, 16>& view_projection, const std::array<float, 3>& offset,
                          const std::vector<HitShapeDraw>& shapes) {
    if (!ensure_program()) return false;
    mode_ = "shader";
    top_left_ = top_left;
    bottom_right_ = bottom_right;
    view_projection_ = view_projection;
    offset_ = offset;
    tessellate_hit_shapes(shapes, vertices_);
    uint64_t d = digest_bytes(7, vertices_.data(), vertices_.size() * sizeof(HitShapeVertex));
    d = digest_bytes(d, view_projection_.data(), sizeof(float) * view_projection_.size());
    d = digest_bytes(d, offset_.data(), sizeof(float) * 3);
    digest_ = d;
    if (vertices_.empty()) return true;
    draw->AddCallback(&HitboxRenderer::render_callback, this);
    draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
    return true;
}

void HitboxRenderer::render_callback(const ImDrawList*, const ImDrawCmd* cmd) {
    auto* self = static_cast<HitboxRenderer*>(cmd->UserCallbackData);
    if (!self || self->vertices_.empty()) return;
    if (!set_panel_viewport(cmd, self->top_left_, self->bottom_right_)) return;
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(self->program_.id());
    glUniformMatrix4fv(self->view_projection_location_, 1, GL_FALSE, self->view_projection_.data());
    glUniform3f(self->offset_location_, self->offset_[0], self->offset_[1], self->offset_[2]);
    glBindVertexArray(self->vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, self->vertex_buffer_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(self->vertices_.size() * sizeof(HitShapeVertex)),
                 self->vertices_.data(), GL_STREAM_DRAW);
    glDrawArrays(GL_TRIANGLES, 0, GLsizei(self->vertices_.size()));
    glBindVertexArray(0);
}

}  // namespace taescope::web
