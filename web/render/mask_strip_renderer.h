// Draws the Simulation panel's mask strip (32 groups x frames) with our own GLSL ES 3.0
// program (shaders/mask_strip.*.glsl): the states go to the GPU as one R8 texture, one texel
// per (frame, group), and the strip is one quad drawn from an ImGui draw-list callback, so it
// sits in the panel's draw order and clip rectangle. When the program cannot be built (or the
// strip is wider than the GPU's largest texture) the panel falls back to draw-list rectangles.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "embedded_shaders.h"
#include "gl_program.h"
#include "imgui.h"

namespace taescope::web {

class MaskStripRenderer {
public:
    // Compiles and links the program in the GPU process without waiting for it (at page start:
    // gl_program.h says why); the first draw then takes the result.
    void start_compiling();
    // One draw of the strip into a 1-pixel scissor before the frame's clear (why: PoseRenderer's).
    void warm_up_draw();
    // A digest of what its draw-list callback draws (the uploaded states and the last rectangle).
    uint64_t content_digest() const;
    // states: frames x 32 bytes, frame-major (0 default, 1 shown, 2 hidden). Uploaded when
    // `generation` differs from the last upload. False when the shader path is unavailable.
    bool set_states(uint64_t generation, uint32_t frames, const std::vector<uint8_t>& states);
    // Adds the strip to `draw` over [top_left, bottom_right] (screen coordinates).
    void draw(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right);
    bool available() const { return program_.id() != 0; }
    // "shader" or "draw-list (<why>)", for the query API.
    const std::string& mode() const { return mode_; }

private:
    bool ensure_program();
    static void render_callback(const ImDrawList* list, const ImDrawCmd* cmd);
    // The strip's draw over `rect` (x0, y0, x1, y1 in clip space), `pixels` wide and tall.
    void draw_strip(const float rect[4], float pixel_width, float pixel_height);

    StagedGlProgram program_{kShader_mask_strip_vert, kShader_mask_strip_frag};
    unsigned texture_ = 0, vertex_array_ = 0;
    uint64_t uploaded_generation_ = ~uint64_t(0);
    uint32_t frames_ = 0;
    int max_texture_size_ = 0;
    std::string mode_ = "draw-list (not drawn yet)";
    ImVec2 top_left_, bottom_right_;
};

MaskStripRenderer& mask_strip_renderer();

}  // namespace taescope::web
