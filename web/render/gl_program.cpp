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

GLuint compile_shader(GLenum kind, const char* source, std::string& log) {
    GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    if (gl_status_ok(shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog, log)) return shader;
    glDeleteShader(shader);
    return 0;
}

}  // namespace

unsigned build_gl_program(const char* vertex_source, const char* fragment_source, std::string& log) {
    GLuint vs = compile_shader(GL_VERTEX_SHADER, vertex_source, log);
    GLuint fs = compile_shader(GL_FRAGMENT_SHADER, fragment_source, log);
    GLuint program = 0;
    if (vs && fs) {
        program = glCreateProgram();
        glAttachShader(program, vs);
        glAttachShader(program, fs);
        glLinkProgram(program);
        if (!gl_status_ok(program, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog, log)) {
            glDeleteProgram(program);
            program = 0;
        }
    }
    if (vs) glDeleteShader(vs);
    if (fs) glDeleteShader(fs);
    return program;
}

}  // namespace taescope::web
