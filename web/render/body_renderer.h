// Draws the character view's body with our own GLSL ES 3.0 program (shaders/body.*.glsl),
// skinned on the GPU: the model's LOD0 meshes are uploaded once (BodyGeometry, prepared by
// character_view_model.h), and every frame only the skin matrices K(b) of the FLVER bones go to
// the GPU, as a float texture (RGBA32F, a row of four texels per bone: 423+ bones exceed the
// uniform limits). Each visible mesh is drawn in its material's colour, lit by its normals, with
// a depth test inside the panel's rectangle (the depth buffer is cleared there first), from an
// ImGui draw-list callback in the panel's draw order and clip rectangle. Nothing is read back
// from GL while drawing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "embedded_shaders.h"
#include "gl_program.h"
#include "imgui.h"

namespace taescope::web {

// One vertex as the shader reads it (48 bytes): bind-pose position and normal, four FLVER bone
// indices and their weights, renormalised to sum 1 (a slot without weight points at bone 0; a
// vertex without any weight points at the identity row past the last bone).
struct BodyVertex {
    float position[3];
    float normal[3];
    uint16_t joints[4];
    float weights[4];
};
static_assert(sizeof(BodyVertex) == 48, "the vertex layout the shader reads");

// The model's meshes in one vertex and one index buffer (32-bit indices, already offset by each
// mesh's first vertex: WebGL2 has no base-vertex draw).
struct BodyGeometry {
    uint64_t key = 0;  // changes whenever the geometry does (a new model)
    std::vector<BodyVertex> vertices;
    std::vector<uint32_t> indices;
    struct MeshRange {
        uint32_t first_index = 0;
        uint32_t index_count = 0;
    };
    std::vector<MeshRange> meshes;  // per FLVER mesh (count 0: nothing to draw)
    uint32_t bone_count = 0;        // rows of skin matrices the draw hands over
};

// How one mesh is drawn this frame.
struct BodyMeshStyle {
    bool visible = true;
    uint32_t color = 0xFFB0B0B0;  // 0xAABBGGRR
};

class BodyRenderer {
public:
    // Compiles and links the program without waiting (gl_program.h says why).
    void start_compiling();
    // One draw with the program's whole pipeline state (depth test, the bone texture) into a
    // 1-pixel scissor before the frame's clear, of a triangle with no area: the software GL of
    // headless Chromium builds a pipeline on its first draw, which would otherwise fall in the
    // first frame that shows a body.
    void warm_up_draw();
    // Adds the body to `draw`: `geometry` (uploaded when its key is new), skinned by `skin` (16
    // floats per bone, column-major, geometry.bone_count bones; uploaded when `pose_key` is new),
    // moved by `offset` (root motion), seen with `view_projection` from `eye`, into
    // [top_left, bottom_right]. False when the program is not available (mode() says why).
    bool draw(ImDrawList* draw, ImVec2 top_left, ImVec2 bottom_right, const std::array<float, 16>& view_projection,
              const std::array<float, 3>& eye, const std::array<float, 3>& offset, const BodyGeometry& geometry,
              const std::vector<float>& skin, uint64_t pose_key, const std::vector<BodyMeshStyle>& meshes);
    // A digest of what the last draw() asked for (geometry, pose, styles, view).
    uint64_t content_digest() const { return digest_; }
    // "shader" or why the body cannot be drawn, for the query API.
    const std::string& mode() const { return mode_; }

private:
    bool ensure_program();
    void upload_geometry();
    void upload_skin();
    static void render_callback(const ImDrawList* list, const ImDrawCmd* cmd);

    StagedGlProgram program_{kShader_body_vert, kShader_body_frag};
    unsigned vertex_array_ = 0, vertex_buffer_ = 0, index_buffer_ = 0, bone_texture_ = 0;
    int view_projection_location_ = -1, offset_location_ = -1, bones_location_ = -1, color_location_ = -1,
        eye_location_ = -1;
    std::string mode_ = "not drawn yet";
    // What the callback draws (set by draw() in the same frame).
    const BodyGeometry* geometry_ = nullptr;
    uint64_t uploaded_geometry_ = 0;
    uint32_t texture_rows_ = 0;
    std::vector<float> skin_;  // with the identity row appended
    uint64_t pose_key_ = 0, uploaded_pose_ = ~uint64_t{0};
    std::vector<BodyMeshStyle> styles_;
    std::array<float, 16> view_projection_{};
    std::array<float, 3> eye_{}, offset_{};
    ImVec2 top_left_, bottom_right_;
    uint64_t digest_ = 0;
};

BodyRenderer& body_renderer();

}  // namespace taescope::web
