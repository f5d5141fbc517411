// Draws the Pose panel's 3D view with our own GLSL ES 3.0 program (shaders/pose.*.glsl): the
// panel prepares a list of shapes (PoseShape: lines, tapered bones, joint discs, all in model
// space) and a view-projection matrix; the renderer uploads them as one instance buffer and
// draws them from an ImGui draw-list callback into the panel's rectangle, in the panel's draw
// order and clip rectangle. Two layers per frame, so that the character view's body can be drawn
// between them: under it (the ground grid, the root-motion path) and over it (bones, joints,
// dummy polys). Nothing is read back from GL while drawing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "embedded_shaders.h"
#include "gl_program.h"
#include "imgui.h"

namespace taescope::web {

enum class PoseShapeKind : uint8_t { Line = 0, Joint = 1, Bone = 2 };
enum class PoseLayer : uint8_t { Under = 0, Over = 1 };

// One instance of the shader (40 bytes, the vertex layout of pose_renderer.cpp).
struct PoseShape {
    float from[3];
    float to[3];
    float width[2];  // CSS pixels at `from` and `to` (a joint: its diameter in width[0])
    uint32_t color;  // 0xAABBGGRR
    float kind;      // PoseShapeKind as a float (the shader's attribute)
};
static_assert(sizeof(PoseShape) == 40, "the instance layout the shader reads");

class PoseRenderer {
public:
    // Compiles and links the program in the GPU process without waiting for it (at page start:
    // gl_program.h says why); the first draw then takes the result.
    void start_compiling();
    // One draw with the program's whole pipeline state into a 1-pixel scissor, of a shape with
    // no alpha, before the frame's clear: the software GL of headless Chromium builds a
    // pipeline on its first draw (60-170 ms in the first frame showing an animation otherwise).
    void warm_up_draw();
    // A digest of what its draw-list callback draws (the shapes, view and fade of the last draw()).
    uint64_t content_digest() const;
    // Adds the shapes to `draw`, projected with `view_projection` (column-major) into
    // [top_left, bottom_right] (screen coordinates). `fade` is the eye distance range over which
    // farther shapes darken. Each layer is drawn where its draw() put it in the draw list (once a
    // frame each). False when the shader program is not available (mode() says why).
    bool draw(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right, const std::array<float, 16>& view_projection,
              std::array<float, 2> fade, const std::vector<PoseShape>& shapes, PoseLayer layer = PoseLayer::Over);
    // "shader" or why the view cannot be drawn, for the query API.
    const std::string& mode() const { return mode_; }

private:
    bool ensure_program();
    static void render_callback(const ImDrawList* list, const ImDrawCmd* cmd);

    StagedGlProgram program_{kShader_pose_vert, kShader_pose_frag};
    unsigned vertex_array_ = 0, instance_buffer_ = 0, corner_buffer_ = 0;
    int view_projection_location_ = -1, viewport_location_ = -1, pixel_scale_location_ = -1, fade_location_ = -1;
    std::string mode_ = "not drawn yet";
    // What the callbacks draw (set by draw() in the same frame), per layer.
    struct Batch {
        PoseRenderer* owner = nullptr;
        std::vector<PoseShape> shapes;
    };
    std::array<Batch, 2> batches_{};
    std::array<float, 16> view_projection_{};
    std::array<float, 2> fade_{};
    ImVec2 top_left_, bottom_right_;
};

PoseRenderer& pose_renderer();

}  // namespace taescope::web
