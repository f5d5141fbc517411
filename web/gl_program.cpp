#include "gl_program.h"

#include <GLES3/gl3.h>

namespace taescope::web {

namespace {

GLuint compile_shader(GLenum kind, const char* source, std::string& log) {
    GLuint shader = glCreateShader(kind);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char text[1024] = {};
        glGetShaderInfoLog(shader, sizeof text - 1, nullptr, text);
        log += text;
        glDeleteShader(shader);
        return 0;
    }
    return shader;
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
        GLint ok = 0;
        glGetProgramiv(program, GL_LINK_STATUS, &ok);
        if (!ok) {
            char text[1024] = {};
            glGetProgramInfoLog(program, sizeof text - 1, nullptr, text);
            log += text;
            glDeleteProgram(program);
            program = 0;
        }
    }
    if (vs) glDeleteShader(vs);
    if (fs) glDeleteShader(fs);
    return program;
}

}  // namespace taescope::web
