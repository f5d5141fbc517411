// Building a GLSL ES 3.0 program from our embedded shader sources (shaders/*.glsl).
#pragma once

#include <string>

#include "imgui.h"

namespace taescope::web {

// Compiles and links the two stages; returns the program, or 0 with the compiler's or linker's
// log appended to `log`.
unsigned build_gl_program(const char* vertex_source, const char* fragment_source, std::string& log);

// A program built in two halves. WebGL compiles and links in the GPU process, and only a status
// query waits for it (in headless Chromium's software GL the pose and mask programs took 450 ms
// together, all of it inside the first frame that drew them, during a file's open). So the page
// starts every program when it starts (start(): compile and link, no query) and asks for the
// result when a panel first draws with it (finish()), by when it is done.
class StagedGlProgram {
public:
    StagedGlProgram(const char* vertex_source, const char* fragment_source)
        : vertex_source_(vertex_source), fragment_source_(fragment_source) {}
    // Compiles and links without waiting; does nothing once started or finished.
    void start();
    // Starts it if need be and takes the result (the query waits for the GPU process if it is not
    // done): the program, or 0 with the compiler's or linker's log appended to `log`. Once
    // finished, returns the same program (or 0) without another query.
    unsigned finish(std::string& log);
    bool finished() const { return finished_; }
    unsigned id() const { return program_; }

    // What a renderer's first draw learns from finish_for_drawing().
    enum class Readiness {
        Failed,      // no program; the renderer draws nothing (or its fallback)
        JustLinked,  // linked by this call: look up uniforms and make buffers now, once
        Ready,       // linked by an earlier call: draw
    };
    // finish() for a renderer: on the call that finds the link failed, sets `mode` to
    // "<failed_mode> (shader failed: <log>)" (what state() reports) and prints the log under `name`.
    Readiness finish_for_drawing(const char* name, const char* failed_mode, std::string& mode);

private:
    const char* vertex_source_;
    const char* fragment_source_;
    unsigned program_ = 0, vertex_shader_ = 0, fragment_shader_ = 0;
    bool started_ = false, finished_ = false;
};

}  // namespace taescope::web

namespace taescope::web {

// For an ImGui draw-list callback that draws into a panel's rectangle [top_left, bottom_right]
// (ImGui coordinates): sets the GL viewport to that rectangle and the scissor to the command's
// clip rectangle, both in framebuffer pixels (y up). False when either is empty (draw nothing).
bool set_panel_viewport(const ImDrawCmd* cmd, ImVec2 top_left, ImVec2 bottom_right, float* viewport_width = nullptr,
                        float* viewport_height = nullptr);

}  // namespace taescope::web
