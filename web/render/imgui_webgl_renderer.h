// Draws Dear ImGui's draw data with WebGL2 (GLES 3.0): our replacement for ImGui's
// imgui_impl_opengl3 backend, with shaders of our own (shaders/imgui.*.glsl).
//
// Why not that backend: it saves the GL state before every frame and restores it after, with
// glGet* queries. In a browser some of them (GL_SCISSOR_BOX, GL_BLEND_SRC_RGB, ...) are
// synchronous round trips to the GPU process, which answers only once it has executed every
// command queued before: the main thread waits for the previous frame to be rendered. Under
// SwiftShader that was 50-90 ms of every frame (bench/browser). The page owns its WebGL context,
// so nothing needs saving: this renderer sets the state it needs and reads none back.
//
// Draw-list callbacks work as with ImGui's backends: a callback may change any GL state, and
// ImDrawCallback_ResetRenderState after it sets ours again (see mask_strip_renderer.cpp).
#pragma once

#include <string>

#include "imgui.h"

namespace taescope::web {

// Compiles the program and creates the vertex buffers and the font texture (from the current
// font atlas). False when the program cannot be built; imgui_renderer_error() says why.
bool imgui_renderer_init();
const std::string& imgui_renderer_error();
// Uploads the font atlas again (after the fonts were rebuilt, e.g. for a new pixel ratio).
void imgui_renderer_rebuild_font_texture();
// Draws the frame's draw data into the default framebuffer (the caller clears it first).
void imgui_renderer_render(const ImDrawData* data);

// A digest of everything a frame would draw: the draw data (vertices, indices, commands, display
// size and scale, textures) and `extra`, the state that draw-list callbacks draw from. Two frames
// with the same digest draw the same pixels, so the second is not sent to the GPU at all: the
// canvas keeps showing the first. In headless Chromium's software GL a frame of this UI costs
// 60 ms of GPU-process time on this machine kind whatever changed; most frames change nothing
// (a paused timeline, a file being parsed behind its progress overlay).
uint64_t imgui_frame_digest(const ImDrawData* data, uint64_t extra);

// Mixes `bytes` into a running digest (64-bit words, multiply and rotate: not cryptographic).
uint64_t digest_bytes(uint64_t digest, const void* bytes, size_t size);

}  // namespace taescope::web
