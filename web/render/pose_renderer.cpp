#include "pose_renderer.h"

#include <GLES3/gl3.h>

#include <cstddef>

#include "embedded_shaders.h"
#include "gl_program.h"
#include "imgui_webgl_renderer.h"

namespace taescope::web {

PoseRenderer& pose_renderer() {
    static PoseRenderer instance;
    return instance;
}

void PoseRenderer::start_compiling() { program_.start(); }

bool PoseRenderer::ensure_program() {
    const auto readiness = program_.finish_for_drawing("pose", "not drawn", mode_);
    if (readiness != StagedGlProgram::Readiness::JustLinked) return readiness == StagedGlProgram::Readiness::Ready;
    // Uniform locations once, here: never a query while drawing.
    view_projection_location_ = glGetUniformLocation(program_.id(), "u_view_projection");
    viewport_location_ = glGetUniformLocation(program_.id(), "u_viewport");
    pixel_scale_location_ = glGetUniformLocation(program_.id(), "u_pixel_scale");
    fade_location_ = glGetUniformLocation(program_.id(), "u_fade");

    glGenVertexArrays(1, &vertex_array_);
    glGenBuffers(1, &instance_buffer_);
    glGenBuffers(1, &corner_buffer_);
    glBindVertexArray(vertex_array_);
    // Per vertex: the quad's corners (two triangles), x along the shape, y across it.
    const float corners[12] = {0, -1, 1, -1, 0, 1, 1, -1, 1, 1, 0, 1};
    glBindBuffer(GL_ARRAY_BUFFER, corner_buffer_);
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    glEnableVertexAttribArray(5);
    glVertexAttribPointer(5, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    // Per instance: one PoseShape.
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    const GLsizei stride = sizeof(PoseShape);
    auto at = [](size_t offset) { return reinterpret_cast<void*>(offset); };
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(PoseShape, from)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(PoseShape, to)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, at(offsetof(PoseShape, width)));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, at(offsetof(PoseShape, color)));
    glEnableVertexAttribArray(4);
    glVertexAttribPointer(4, 1, GL_FLOAT, GL_FALSE, stride, at(offsetof(PoseShape, kind)));
    for (GLuint location = 0; location <= 4; ++location) glVertexAttribDivisor(location, 1);
    glBindVertexArray(0);
    return true;
}

bool PoseRenderer::draw(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right,
                        const std::array<float, 16>& view_projection, std::array<float, 2> fade,
                        const std::vector<PoseShape>& shapes, PoseLayer layer) {
    if (!ensure_program()) return false;
    mode_ = "shader";
    top_left_ = top_left;
    bottom_right_ = bottom_right;
    view_projection_ = view_projection;
    fade_ = fade;
    Batch& batch = batches_[size_t(layer)];
    batch.owner = this;
    batch.shapes.assign(shapes.begin(), shapes.end());
    draw->AddCallback(&PoseRenderer::render_callback, &batch);
    draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
    return true;
}

uint64_t PoseRenderer::content_digest() const {
    uint64_t d = 1;
    for (const Batch& batch : batches_) {
        const uint64_t count = batch.shapes.size();
        d = digest_bytes(d, &count, sizeof count);
        d = digest_bytes(d, batch.shapes.data(), batch.shapes.size() * sizeof(PoseShape));
    }
    d = digest_bytes(d, view_projection_.data(), sizeof(float) * view_projection_.size());
    const float more[6] = {fade_[0], fade_[1], top_left_.x, top_left_.y, bottom_right_.x, bottom_right_.y};
    return digest_bytes(d, more, sizeof more);
}

void PoseRenderer::warm_up_draw() {
    if (!ensure_program()) return;
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 1, 1);
    glViewport(0, 0, 1, 1);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(program_.id());
    const std::array<float, 16> identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    glUniformMatrix4fv(view_projection_location_, 1, GL_FALSE, identity.data());
    glUniform2f(viewport_location_, 1.0f, 1.0f);
    glUniform1f(pixel_scale_location_, 1.0f);
    glUniform2f(fade_location_, 0.0f, 1.0f);
    PoseShape shape{};  // color 0: no alpha
    shape.width[0] = shape.width[1] = 4.0f;
    shape.to[0] = 0.5f;
    shape.kind = float(PoseShapeKind::Bone);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, instance_buffer_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(sizeof shape), &shape, GL_STREAM_DRAW);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, 1);
    glBindVertexArray(0);
    glDisable(GL_SCISSOR_TEST);
}

void PoseRenderer::render_callback(const ImDrawList*, const ImDrawCmd* cmd) {
    const auto* batch = static_cast<const Batch*>(cmd->UserCallbackData);
    PoseRenderer* self = batch ? batch->owner : nullptr;
    if (!self || batch->shapes.empty()) return;
    float viewport_width = 0, viewport_height = 0;
    if (!set_panel_viewport(cmd, self->top_left_, self->bottom_right_, &viewport_width, &viewport_height)) return;
    const float pixel_scale = ImGui::GetDrawData()->FramebufferScale.x;
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(self->program_.id());
    glUniformMatrix4fv(self->view_projection_location_, 1, GL_FALSE, self->view_projection_.data());
    glUniform2f(self->viewport_location_, viewport_width, viewport_height);
    glUniform1f(self->pixel_scale_location_, pixel_scale);
    glUniform2f(self->fade_location_, self->fade_[0], self->fade_[1]);
    glBindVertexArray(self->vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, self->instance_buffer_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(batch->shapes.size() * sizeof(PoseShape)), batch->shapes.data(),
                 GL_STREAM_DRAW);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 6, GLsizei(batch->shapes.size()));
    glBindVertexArray(0);
}

}  // namespace taescope::web
