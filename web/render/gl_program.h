// Building a GLSL ES 3.0 program from our embedded shader sources (shaders/*.glsl).
#pragma once

#include <string>

namespace taescope::web {

// Compiles and links the two stages; returns the program, or 0 with the compiler's or linker's
// log appended to `log`.
unsigned build_gl_program(const char* vertex_source, const char* fragment_source, std::string& log);

// The same in two halves. WebGL compiles and links in the GPU process, and only a status query
// waits for it (in headless Chromium's software GL the pose and mask programs took 450 ms
// together, all of it inside the first frame that drew them, during a file's open). So the page
// starts every program when it starts (start_gl_program: compile and link, no query) and asks
// for the result when a panel first draws with it (finish_gl_program), by when it is done.
struct PendingGlProgram {
    unsigned program = 0, vertex_shader = 0, fragment_shader = 0;
    bool started() const { return program != 0; }
};
PendingGlProgram start_gl_program(const char* vertex_source, const char* fragment_source);
// The program, or 0 with the logs appended to `log`; the pending objects are released either way.
unsigned finish_gl_program(PendingGlProgram& pending, std::string& log);

}  // namespace taescope::web
