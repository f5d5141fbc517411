#include "body_renderer.h"

#include <GLES3/gl3.h>

#include <algorithm>
#include <cstddef>

#include "imgui_webgl_renderer.h"

namespace taescope::web {

BodyRenderer& body_renderer() {
    static BodyRenderer instance;
    return instance;
}

void BodyRenderer::start_compiling() { program_.start(); }

bool BodyRenderer::ensure_program() {
    const auto readiness = program_.finish_for_drawing("body", "not drawn", mode_);
    if (readiness != StagedGlProgram::Readiness::JustLinked) return readiness == StagedGlProgram::Readiness::Ready;
    // Uniform locations once, here: never a query while drawing.
    view_projection_location_ = glGetUniformLocation(program_.id(), "u_view_projection");
    offset_location_ = glGetUniformLocation(program_.id(), "u_offset");
    bones_location_ = glGetUniformLocation(program_.id(), "u_bones");
    color_location_ = glGetUniformLocation(program_.id(), "u_color");
    eye_location_ = glGetUniformLocation(program_.id(), "u_eye");

    glGenVertexArrays(1, &vertex_array_);
    glGenBuffers(1, &vertex_buffer_);
    glGenBuffers(1, &index_buffer_);
    glGenTextures(1, &bone_texture_);
    glBindVertexArray(vertex_array_);
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);
    const GLsizei stride = sizeof(BodyVertex);
    auto at = [](size_t offset) { return reinterpret_cast<void*>(offset); };
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(BodyVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, at(offsetof(BodyVertex, normal)));
    glEnableVertexAttribArray(2);
    glVertexAttribIPointer(2, 4, GL_UNSIGNED_SHORT, stride, at(offsetof(BodyVertex, joints)));
    glEnableVertexAttribArray(3);
    glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, stride, at(offsetof(BodyVertex, weights)));
    glBindVertexArray(0);
    // The skin matrices: read texel by texel (texelFetch), never filtered.
    glBindTexture(GL_TEXTURE_2D, bone_texture_);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    return true;
}

bool BodyRenderer::draw(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right,
                        const std::array<float, 16>& view_projection, const std::array<float, 3>& eye,
                        const std::array<float, 3>& offset, const BodyGeometry& geometry,
                        const std::vector<float>& skin, uint64_t pose_key, const std::vector<BodyMeshStyle>& meshes) {
    if (!ensure_program()) return false;
    mode_ = "shader";
    top_left_ = top_left;
    bottom_right_ = bottom_right;
    view_projection_ = view_projection;
    eye_ = eye;
    offset_ = offset;
    geometry_ = &geometry;
    styles_.assign(meshes.begin(), meshes.end());
    if (pose_key != pose_key_ || skin_.size() != (size_t(geometry.bone_count) + 1) * 16) {
        pose_key_ = pose_key;
        // The skin matrices of the FLVER bones, then the identity (vertices without weights).
        skin_.assign(skin.begin(), skin.begin() + std::min(skin.size(), size_t(geometry.bone_count) * 16));
        skin_.resize(size_t(geometry.bone_count) * 16, 0.0f);
        const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        skin_.insert(skin_.end(), identity, identity + 16);
        uploaded_pose_ = ~uint64_t{0};
    }
    uint64_t d = digest_bytes(7, &geometry.key, sizeof geometry.key);
    d = digest_bytes(d, &pose_key, sizeof pose_key);
    d = digest_bytes(d, view_projection.data(), sizeof(float) * 16);
    d = digest_bytes(d, offset.data(), sizeof(float) * 3);
    for (const BodyMeshStyle& s : styles_) {
        const uint32_t words[2] = {s.visible ? 1u : 0u, s.color};
        d = digest_bytes(d, words, sizeof words);
    }
    const float rect[4] = {top_left.x, top_left.y, bottom_right.x, bottom_right.y};
    digest_ = digest_bytes(d, rect, sizeof rect);
    draw->AddCallback(&BodyRenderer::render_callback, this);
    draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
    return true;
}

void BodyRenderer::warm_up_draw() {
    if (!ensure_program()) return;
    static BodyGeometry nothing;  // key 0: every real geometry is uploaded over it
    if (nothing.vertices.empty()) {
        BodyVertex v{};
        v.weights[0] = 1;
        nothing.vertices.assign(3, v);
        nothing.indices = {0, 1, 2};
        nothing.meshes.push_back({0, 3});
    }
    geometry_ = &nothing;
    uploaded_geometry_ = ~uint64_t{0};
    glBindVertexArray(vertex_array_);
    upload_geometry();
    const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    skin_.assign(identity, identity + 16);
    pose_key_ = 0;
    uploaded_pose_ = ~uint64_t{0};
    upload_skin();
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 1, 1);
    glViewport(0, 0, 1, 1);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_BLEND);
    glUseProgram(program_.id());
    const std::array<float, 16> identity_matrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    glUniformMatrix4fv(view_projection_location_, 1, GL_FALSE, identity_matrix.data());
    glUniform3f(offset_location_, 0, 0, 0);
    glUniform3f(eye_location_, 0, 0, 1);
    glUniform1i(bones_location_, 1);
    glUniform4f(color_location_, 0, 0, 0, 0);
    glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_INT, nullptr);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(0);
    geometry_ = nullptr;
    skin_.clear();
}

void BodyRenderer::upload_geometry() {
    if (uploaded_geometry_ == geometry_->key) return;
    uploaded_geometry_ = geometry_->key;
    glBindBuffer(GL_ARRAY_BUFFER, vertex_buffer_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(geometry_->vertices.size() * sizeof(BodyVertex)),
                 geometry_->vertices.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, index_buffer_);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(geometry_->indices.size() * sizeof(uint32_t)),
                 geometry_->indices.data(), GL_STATIC_DRAW);
}

void BodyRenderer::upload_skin() {
    if (uploaded_pose_ == pose_key_) return;
    uploaded_pose_ = pose_key_;
    const uint32_t rows = uint32_t(skin_.size() / 16);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, bone_texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    if (rows != texture_rows_) {
        texture_rows_ = rows;
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 4, GLsizei(rows), 0, GL_RGBA, GL_FLOAT, skin_.data());
    } else {
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, GLsizei(rows), GL_RGBA, GL_FLOAT, skin_.data());
    }
}

void BodyRenderer::render_callback(const ImDrawList*, const ImDrawCmd* cmd) {
    auto* self = static_cast<BodyRenderer*>(cmd->UserCallbackData);
    if (!self || !self->geometry_ || self->geometry_->indices.empty()) return;
    if (!set_panel_viewport(cmd, self->top_left_, self->bottom_right_)) return;
    glBindVertexArray(self->vertex_array_);
    self->upload_geometry();
    self->upload_skin();
    glDepthMask(GL_TRUE);
    glClearDepthf(1.0f);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);
    glUseProgram(self->program_.id());
    glUniformMatrix4fv(self->view_projection_location_, 1, GL_FALSE, self->view_projection_.data());
    glUniform3f(self->offset_location_, self->offset_[0], self->offset_[1], self->offset_[2]);
    glUniform3f(self->eye_location_, self->eye_[0], self->eye_[1], self->eye_[2]);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, self->bone_texture_);
    glUniform1i(self->bones_location_, 1);
    const auto& ranges = self->geometry_->meshes;
    for (size_t m = 0; m < ranges.size() && m < self->styles_.size(); ++m) {
        const BodyMeshStyle& style = self->styles_[m];
        if (!style.visible || ranges[m].index_count == 0) continue;
        const uint32_t c = style.color;
        glUniform4f(self->color_location_, float(c & 0xFF) / 255.0f, float((c >> 8) & 0xFF) / 255.0f,
                    float((c >> 16) & 0xFF) / 255.0f, 1.0f);
        glDrawElements(GL_TRIANGLES, GLsizei(ranges[m].index_count), GL_UNSIGNED_INT,
                       reinterpret_cast<void*>(size_t(ranges[m].first_index) * sizeof(uint32_t)));
    }
    glDisable(GL_DEPTH_TEST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(0);
}

}  // namespace taescope::web
