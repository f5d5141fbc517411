// Draws the character view's hit shapes with our own GLSL ES 3.0 program
// (shaders/hitbox.*.glsl): each capsule (two hemispheres joined by a cylinder between its two
// dummy points) and sphere is tessellated on the CPU in model space, the few live shapes of a
// frame uploaded as one vertex buffer, and drawn translucent over the body (no depth test: a hit
// shape inside the body stays visible) from an ImGui draw-list callback into the panel's
// rectangle. Nothing is read back from GL while drawing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "embedded_shaders.h"
#include "gl_program.h"
#include "imgui.h"

namespace taescope::web {

// One shape to draw: a capsule between `a` and `b`, or a sphere at `a` (b == a).
struct HitShapeDraw {
    std::array<float, 3> a{}, b{};
    float radius = 0;
    std::array<float, 4> rgba{};  // straight alpha
    bool highlighted = false;     // hovered: drawn more opaque
};

// One vertex as the shader reads it (28 bytes).
struct HitShapeVertex {
    float position[3];
    float normal[3];
    uint32_t color;  // 0xAABBGGRR
};
static_assert(sizeof(HitShapeVertex) == 28, "the vertex layout the shader reads");

// The triangles of `shapes` (exposed for the tests' and the picking's use of the same geometry).
void tessellate_hit_shapes(const std::vector<HitShapeDraw>& shapes, std::vector<HitShapeVertex>& out);

class HitboxRenderer {
public:
    void start_compiling();
    // Adds the shapes to `draw`, moved by `offset`, seen with `view_projection`, into
    // [top_left, bottom_right]. False when the program is not available (mode() says why).
    bool draw(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right, const std::array<float, 16>& view_projection,
              const std::array<float, 3>& offset, const std::vector<HitShapeDraw>& shapes);
    const std::string& mode() const { return mode_; }
    // A digest of what the last draw() asked for.
    uint64_t content_digest() const { return digest_; }

private:
    bool ensure_program();
    static void render_callback(const ImDrawList* list, const ImDrawCmd* cmd);

    StagedGlProgram program_{kShader_hitbox_vert, kShader_hitbox_frag};
    unsigned vertex_array_ = 0, vertex_buffer_ = 0;
    int view_projection_location_ = -1, offset_location_ = -1;
    std::string mode_ = "not drawn yet";
    std::vector<HitShapeVertex> vertices_;
    std::array<float, 16> view_projection_{};
    std::array<float, 3> offset_{};
    ImVec2 top_left_, bottom_right_;
    uint64_t digest_ = 0;
};

HitboxRenderer& hitbox_renderer();

}  // namespace taescope::web
