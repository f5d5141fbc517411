#include "mask_strip_renderer.h"

#include <GLES3/gl3.h>
#include <emscripten.h>


#include "embedded_shaders.h"
#include "gl_program.h"
#include "imgui_webgl_renderer.h"

namespace taescope::web {

MaskStripRenderer& mask_strip_renderer() {
    static MaskStripRenderer instance;
    return instance;
}

void MaskStripRenderer::start_compiling() { program_.start(); }

bool MaskStripRenderer::ensure_program() {
    const auto readiness = program_.finish_for_drawing("mask strip", "draw-list", mode_);
    if (readiness != StagedGlProgram::Readiness::JustLinked) return readiness == StagedGlProgram::Readiness::Ready;
    glGenTextures(1, &texture_);
    glGenVertexArrays(1, &vertex_array_);
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture_size_);
    return true;
}

bool MaskStripRenderer::set_states(uint64_t generation, uint32_t frames, const std::vector<uint8_t>& states) {
    if (!ensure_program()) return false;
    if (frames == 0 || frames > uint32_t(max_texture_size_)) {
        mode_ = frames ? "draw-list (more frames than the largest texture)" : "draw-list (no frames)";
        return false;
    }
    if (generation != uploaded_generation_) {
        // frames wide, 32 tall: x = frame, y = group.
        std::vector<uint8_t> texels(size_t(frames) * 32);
        for (uint32_t f = 0; f < frames; ++f)
            for (uint32_t g = 0; g < 32; ++g) texels[size_t(g) * frames + f] = states[size_t(f) * 32 + g];
        // No binding is saved and restored (a glGet is a round trip to the GPU process): the
        // ImGui renderer binds the texture of every command it draws.
        glBindTexture(GL_TEXTURE_2D, texture_);
        glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, GLsizei(frames), 32, 0, GL_RED, GL_UNSIGNED_BYTE, texels.data());
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        uploaded_generation_ = generation;
        frames_ = frames;
    }
    mode_ = "shader";
    return true;
}

uint64_t MaskStripRenderer::content_digest() const {
    const uint64_t words[2] = {uploaded_generation_, frames_};
    const float rect[4] = {top_left_.x, top_left_.y, bottom_right_.x, bottom_right_.y};
    return digest_bytes(digest_bytes(2, words, sizeof words), rect, sizeof rect);
}

void MaskStripRenderer::warm_up_draw() {
    if (!ensure_program()) return;
    // A one-frame strip of default states (the real upload replaces it: its generation differs).
    const std::vector<uint8_t> states(32, 0);
    if (!set_states(~uint64_t(0) - 1, 1, states)) return;
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 1, 1);
    glDisable(GL_BLEND);
    const float rect[4] = {-1.0f, 1.0f, 1.0f, -1.0f};
    draw_strip(rect, 1.0f, 1.0f);
    glBindVertexArray(0);
    glDisable(GL_SCISSOR_TEST);
    mode_ = "draw-list (not drawn yet)";
}

void MaskStripRenderer::draw(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right) {
    top_left_ = top_left;
    bottom_right_ = bottom_right;
    draw->AddCallback(&MaskStripRenderer::render_callback, this);
    draw->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void MaskStripRenderer::render_callback(const ImDrawList*, const ImDrawCmd* cmd) {
    auto* self = static_cast<MaskStripRenderer*>(cmd->UserCallbackData);
    const ImDrawData* data = ImGui::GetDrawData();
    if (!self || !data || data->DisplaySize.x <= 0 || data->DisplaySize.y <= 0) return;
    const ImVec2 pos = data->DisplayPos, size = data->DisplaySize, scale = data->FramebufferScale;
    auto ndc_x = [&](float x) { return (x - pos.x) / size.x * 2.0f - 1.0f; };
    auto ndc_y = [&](float y) { return 1.0f - (y - pos.y) / size.y * 2.0f; };
    // Clip to the window, as ImGui's own commands are.
    float fb_height = size.y * scale.y;
    ImVec4 clip = cmd->ClipRect;
    int cx0 = int((clip.x - pos.x) * scale.x), cy0 = int((clip.y - pos.y) * scale.y);
    int cx1 = int((clip.z - pos.x) * scale.x), cy1 = int((clip.w - pos.y) * scale.y);
    if (cx1 <= cx0 || cy1 <= cy0) return;
    glEnable(GL_SCISSOR_TEST);
    glScissor(cx0, int(fb_height) - cy1, cx1 - cx0, cy1 - cy0);
    glDisable(GL_BLEND);
    const float rect[4] = {ndc_x(self->top_left_.x), ndc_y(self->top_left_.y), ndc_x(self->bottom_right_.x),
                           ndc_y(self->bottom_right_.y)};
    self->draw_strip(rect, (self->bottom_right_.x - self->top_left_.x) * scale.x,
                     (self->bottom_right_.y - self->top_left_.y) * scale.y);
}

void MaskStripRenderer::draw_strip(const float rect[4], float pixel_width, float pixel_height) {
    glUseProgram(program_.id());
    glUniform4f(glGetUniformLocation(program_.id(), "u_rect"), rect[0], rect[1], rect[2], rect[3]);
    glUniform2f(glGetUniformLocation(program_.id(), "u_grid"), float(frames_), 32.0f);
    glUniform2f(glGetUniformLocation(program_.id(), "u_pixels"), pixel_width, pixel_height);
    glUniform3f(glGetUniformLocation(program_.id(), "u_default_color"), 0.22f, 0.22f, 0.25f);
    glUniform3f(glGetUniformLocation(program_.id(), "u_shown_color"), 0.30f, 0.72f, 0.40f);
    glUniform3f(glGetUniformLocation(program_.id(), "u_hidden_color"), 0.85f, 0.30f, 0.28f);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture_);
    glUniform1i(glGetUniformLocation(program_.id(), "u_states"), 0);
    glBindVertexArray(vertex_array_);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glBindVertexArray(0);
}

}  // namespace taescope::web
