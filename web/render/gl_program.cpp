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
