#include "imgui_webgl_renderer.h"

#include <GLES3/gl3.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "embedded_shaders.h"
#include "gl_program.h"

namespace taescope::web {

namespace {

struct Renderer {
    GLuint program = 0;
    GLint projection_location = -1;
    GLint texture_location = -1;
    GLuint vertex_array = 0, vertex_buffer = 0, index_buffer = 0;
    GLuint font_texture = 0;
    uint64_t font_uploads = 0;  // counts the uploads of the atlas (the texture name stays)
    std::string error;
};

Renderer& renderer() {
    static Renderer r;
    return r;
}

// Everything ImGui's drawing needs, set from scratch: at the start of a frame and after a
// draw-list callback asks for it (ImDrawCallback_ResetRenderState).
void set_render_state(const ImDrawData* data, int framebuffer_width, int framebuffer_height) {
    const Renderer& r = renderer();
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glViewport(0, 0, framebuffer_width, framebuffer_height);
    // Orthographic projection of the display rectangle, y pointing down (column-major).
    const float left = data->DisplayPos.x, right = data->DisplayPos.x + data->DisplaySize.x;
    const float top = data->DisplayPos.y, bottom = data->DisplayPos.y + data->DisplaySize.y;
    // clang-format off
    const float projection[16] = {
        2.0f / (right - left),           0,                               0,  0,
        0,                               2.0f / (top - bottom),           0,  0,
        0,                               0,                               -1, 0,
        (right + left) / (left - right), (top + bottom) / (bottom - top), 0,  1,
    };
    // clang-format on
    glUseProgram(r.program);
    glUniformMatrix4fv(r.projection_location, 1, GL_FALSE, projection);
    glUniform1i(r.texture_location, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(r.vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, r.vertex_buffer);
}

}  // namespace

bool imgui_renderer_init() {
    Renderer& r = renderer();
    if (r.program) return true;
    r.program = build_gl_program(kShader_imgui_vert, kShader_imgui_frag, r.error);
    if (!r.program) {
        std::printf("ImGui shader failed: %s\n", r.error.c_str());
        return false;
    }
    r.projection_location = glGetUniformLocation(r.program, "u_projection");
    r.texture_location = glGetUniformLocation(r.program, "u_texture");
    glGenVertexArrays(1, &r.vertex_array);
    glGenBuffers(1, &r.vertex_buffer);
    glGenBuffers(1, &r.index_buffer);
    // The vertex layout is recorded in the vertex array once; every frame only refills the buffers.
    glBindVertexArray(r.vertex_array);
    glBindBuffer(GL_ARRAY_BUFFER, r.vertex_buffer);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, r.index_buffer);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glEnableVertexAttribArray(2);
    const GLsizei stride = sizeof(ImDrawVert);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, pos)));
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, uv)));
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, reinterpret_cast<void*>(offsetof(ImDrawVert, col)));
    glBindVertexArray(0);

    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererName = "taescope_webgl2";
    // No ImGuiBackendFlags_RendererHasVtxOffset: WebGL2 has no base-vertex draw, so ImGui keeps
    // every command's vertex offset at 0 (it starts a new draw list segment instead).
    imgui_renderer_rebuild_font_texture();
    return true;
}

const std::string& imgui_renderer_error() { return renderer().error; }

void imgui_renderer_rebuild_font_texture() {
    Renderer& r = renderer();
    if (!r.program) return;
    ImGuiIO& io = ImGui::GetIO();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    if (!r.font_texture) glGenTextures(1, &r.font_texture);
    ++r.font_uploads;
    glBindTexture(GL_TEXTURE_2D, r.font_texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    io.Fonts->SetTexID(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(r.font_texture)));
}

uint64_t digest_bytes(uint64_t digest, const void* bytes, size_t size) {
    constexpr uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;
    const auto* p = static_cast<const uint8_t*>(bytes);
    auto mix = [&](uint64_t word) {
        digest = (digest ^ word) * kMultiplier;
        digest ^= digest >> 31;
    };
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t word;
        std::memcpy(&word, p + i, 8);
        mix(word);
    }
    uint64_t tail = 0;
    std::memcpy(&tail, p + i, size - i);
    mix(tail ^ (uint64_t(size) << 56));
    return digest;
}

uint64_t imgui_frame_digest(const ImDrawData* data, uint64_t extra) {
    uint64_t d = digest_bytes(0x5441455363706521ull, &extra, sizeof extra);
    const float geometry[6] = {data->DisplayPos.x, data->DisplayPos.y, data->DisplaySize.x,
                               data->DisplaySize.y, data->FramebufferScale.x, data->FramebufferScale.y};
    d = digest_bytes(d, geometry, sizeof geometry);
    d = digest_bytes(d, &renderer().font_uploads, sizeof renderer().font_uploads);
    for (int n = 0; n < data->CmdListsCount; ++n) {
        const ImDrawList* list = data->CmdLists[n];
        d = digest_bytes(d, list->VtxBuffer.Data, size_t(list->VtxBuffer.Size) * sizeof(ImDrawVert));
        d = digest_bytes(d, list->IdxBuffer.Data, size_t(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            const uint64_t fields[6] = {uint64_t(reinterpret_cast<uintptr_t>(cmd.GetTexID())),
                                        cmd.ElemCount,
                                        cmd.IdxOffset,
                                        cmd.VtxOffset,
                                        uint64_t(reinterpret_cast<uintptr_t>(cmd.UserCallback)),
                                        uint64_t(reinterpret_cast<uintptr_t>(cmd.UserCallbackData))};
            d = digest_bytes(d, fields, sizeof fields);
            d = digest_bytes(d, &cmd.ClipRect, sizeof cmd.ClipRect);
        }
    }
    return d;
}

void imgui_renderer_render(const ImDrawData* data) {
    const Renderer& r = renderer();
    const int framebuffer_width = int(data->DisplaySize.x * data->FramebufferScale.x);
    const int framebuffer_height = int(data->DisplaySize.y * data->FramebufferScale.y);
    if (!r.program || framebuffer_width <= 0 || framebuffer_height <= 0) return;
    set_render_state(data, framebuffer_width, framebuffer_height);
    const ImVec2 origin = data->DisplayPos, scale = data->FramebufferScale;
    const GLenum index_type = sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
    for (int n = 0; n < data->CmdListsCount; ++n) {
        const ImDrawList* list = data->CmdLists[n];
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(list->VtxBuffer.Size) * GLsizeiptr(sizeof(ImDrawVert)),
                     list->VtxBuffer.Data, GL_STREAM_DRAW);
        glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(list->IdxBuffer.Size) * GLsizeiptr(sizeof(ImDrawIdx)),
                     list->IdxBuffer.Data, GL_STREAM_DRAW);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) {
                if (cmd.UserCallback == ImDrawCallback_ResetRenderState)
                    set_render_state(data, framebuffer_width, framebuffer_height);
                else
                    cmd.UserCallback(list, &cmd);
                continue;
            }
            // The clip rectangle in framebuffer pixels (GL's scissor counts y from the bottom).
            const float x0 = (cmd.ClipRect.x - origin.x) * scale.x, y0 = (cmd.ClipRect.y - origin.y) * scale.y;
            const float x1 = (cmd.ClipRect.z - origin.x) * scale.x, y1 = (cmd.ClipRect.w - origin.y) * scale.y;
            if (x1 <= x0 || y1 <= y0 || cmd.ElemCount == 0) continue;
            glScissor(int(x0), int(float(framebuffer_height) - y1), int(x1 - x0), int(y1 - y0));
            glBindTexture(GL_TEXTURE_2D, GLuint(reinterpret_cast<intptr_t>(cmd.GetTexID())));
            glDrawElements(GL_TRIANGLES, GLsizei(cmd.ElemCount), index_type,
                           reinterpret_cast<void*>(uintptr_t(cmd.IdxOffset) * sizeof(ImDrawIdx)));
        }
    }
    glDisable(GL_SCISSOR_TEST);
}

}  // namespace taescope::web
