#include "gl_program.h"

#include <GLES3/gl3.h>

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

PendingGlProgram start_gl_program(const char* vertex_source, const char* fragment_source) {
    PendingGlProgram p;
    p.vertex_shader = start_shader(GL_VERTEX_SHADER, vertex_source);
    p.fragment_shader = start_shader(GL_FRAGMENT_SHADER, fragment_source);
    p.program = glCreateProgram();
    glAttachShader(p.program, p.vertex_shader);
    glAttachShader(p.program, p.fragment_shader);
    glLinkProgram(p.program);
    return p;
}

unsigned finish_gl_program(PendingGlProgram& pending, std::string& log) {
    GLuint program = pending.program;
    // A failed link says little: the shaders' compile logs say why.
    if (!gl_status_ok(program, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, log)) {
        gl_status_ok(pending.vertex_shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, log);
        gl_status_ok(pending.fragment_shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, log);
        glDeleteProgram(program);
        program = 0;
    }
    glDeleteShader(pending.vertex_shader);
    glDeleteShader(pending.fragment_shader);
    pending = PendingGlProgram{};
    return program;
}

unsigned build_gl_program(const char* vertex_source, const char* fragment_source, std::string& log) {
    PendingGlProgram pending = start_gl_program(vertex_source, fragment_source);
    return finish_gl_program(pending, log);
}

}  // namespace taescope::web
