#include "gl_program.h"

#include <GLES3/gl3.h>

#include <cstdio>

namespace taescope::web {

namespace {

// Whether a shader's compile or a program's link succeeded; if not, appends the info log.
bool gl_status_ok(GLuint object, GLenum status, void (*get_iv)(GLuint, GLenum, GLint*),
                  void (*get_log)(GLuint, GLsizei, GLsizei*, GLchar*), std::string& log) {
    GLint ok = 0;
    get_iv(object, status, &ok);
    if (ok) return true;
    char text[1024] = {};
    get_log(object, sizeof text - 1, nullptr, text);
    log += text;
    return false;
}

GLuint start_shader(GLenum kind, const char* source) {
    GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    return shader;
}

}  // namespace

void StagedGlProgram::start() {
    if (started_ || finished_) return;
    started_ = true;
    vertex_shader_ = start_shader(GL_VERTEX_SHADER, vertex_source_);
    fragment_shader_ = start_shader(GL_FRAGMENT_SHADER, fragment_source_);
    program_ = glCreateProgram();
    glAttachShader(program_, vertex_shader_);
    glAttachShader(program_, fragment_shader_);
    glLinkProgram(program_);
}

unsigned StagedGlProgram::finish(std::string& log) {
    if (finished_) return program_;
    start();
    finished_ = true;
    // A failed link says little: the shaders' compile logs say why.
    if (!gl_status_ok(program_, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, log)) {
        gl_status_ok(vertex_shader_, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, log);
        gl_status_ok(fragment_shader_, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, log);
        glDeleteProgram(program_);
        program_ = 0;
    }
    glDeleteShader(vertex_shader_);
    glDeleteShader(fragment_shader_);
    vertex_shader_ = fragment_shader_ = 0;
    return program_;
}

StagedGlProgram::Readiness StagedGlProgram::finish_for_drawing(const char* name, const char* failed_mode,
                                                               std::string& mode) {
    if (finished_) return program_ ? Readiness::Ready : Readiness::Failed;
    std::string log;
    if (finish(log)) return Readiness::JustLinked;
    mode = std::string(failed_mode) + " (shader failed: " + log + ")";
    std::printf("%s shader failed: %s\n", name, log.c_str());
    return Readiness::Failed;
}

unsigned build_gl_program(const char* vertex_source, const char* fragment_source, std::string& log) {
    StagedGlProgram program(vertex_source, fragment_source);
    return program.finish(log);
}

}  // namespace taescope::web

namespace taescope::web {

bool set_panel_viewport(const ImDrawCmd* cmd, ImVec2 top_left, ImVec2 bottom_right, float* viewport_width,
                        float* viewport_height) {
    const ImDrawData* data = ImGui::GetDrawData();
    if (!cmd || !data || data->DisplaySize.x <= 0 || data->DisplaySize.y <= 0) return false;
    const ImVec2 pos = data->DisplayPos, size = data->DisplaySize, scale = data->FramebufferScale;
    const float fb_height = size.y * scale.y;
    const int vx0 = int((top_left.x - pos.x) * scale.x), vy0 = int((top_left.y - pos.y) * scale.y);
    const int vx1 = int((bottom_right.x - pos.x) * scale.x), vy1 = int((bottom_right.y - pos.y) * scale.y);
    const ImVec4 clip = cmd->ClipRect;
    const int cx0 = int((clip.x - pos.x) * scale.x), cy0 = int((clip.y - pos.y) * scale.y);
    const int cx1 = int((clip.z - pos.x) * scale.x), cy1 = int((clip.w - pos.y) * scale.y);
    if (vx1 <= vx0 || vy1 <= vy0 || cx1 <= cx0 || cy1 <= cy0) return false;
    glEnable(GL_SCISSOR_TEST);
    glScissor(cx0, int(fb_height) - cy1, cx1 - cx0, cy1 - cy0);
    glViewport(vx0, int(fb_height) - vy1, vx1 - vx0, vy1 - vy0);
    if (viewport_width) *viewport_width = float(vx1 - vx0);
    if (viewport_height) *viewport_height = float(vy1 - vy0);
    return true;
}

}  // namespace taescope::web
