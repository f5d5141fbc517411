// Building a GLSL ES 3.0 program from our embedded shader sources (shaders/*.glsl).
#pragma once

#include <string>

namespace taescope::web {

// Compiles and links the two stages; returns the program, or 0 with the compiler's or linker's
// log appended to `log`.
unsigned build_gl_program(const char* vertex_source, const char* fragment_source, std::string& log);

}  // namespace taescope::web
