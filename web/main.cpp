// The platform layer: SDL2 window with a WebGL2 (GLES 3.0) context on the page's #canvas,
// Dear ImGui set up for it, and the per-frame loop driven by requestAnimationFrame.
// Browser events that SDL does not deliver (file drop, Open…) arrive through js_api.cpp.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cmath>
#include <algorithm>
#include <cstdio>

#include "app.h"
#include "body_renderer.h"
#include "hitbox_renderer.h"
#include "imgui.h"
#include "imgui_impl_sdl2.h"
#include "imgui_webgl_renderer.h"
#include "inference_model.h"
#include "mask_strip_renderer.h"
#include "panels.h"
#include "pose_renderer.h"
#include "theme.h"

namespace {

SDL_Window* g_window = nullptr;
double g_last_frame_ms = 0;
float g_font_pixel_ratio = 0;
uint64_t g_drawn_digest = 0;  // imgui_frame_digest of what the canvas shows
// Layout inference runs after the open in slices of this budget, one a frame (inference_model.h).
constexpr double kInferenceStepSeconds = 0.008;

// Text is rasterised at the device's pixel density and drawn scaled back, so that glyphs
// map 1:1 to physical pixels on high-DPI screens.
void update_fonts_for_pixel_ratio() {
    float ratio = float(emscripten_get_device_pixel_ratio());
    if (!(ratio > 0)) ratio = 1;
    taescope::web::app().state().device_pixel_ratio = ratio;
    if (ratio == g_font_pixel_ratio) return;
    g_font_pixel_ratio = ratio;
    taescope::web::load_fonts(ratio);
    taescope::web::imgui_renderer_rebuild_font_texture();
}

void frame() {
    using taescope::web::App;
    App& app = taescope::web::app();

    SDL_Event event;
    while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
    update_fonts_for_pixel_ratio();

    double now = emscripten_get_now();
    double dt = g_last_frame_ms > 0 ? (now - g_last_frame_ms) / 1000.0 : 0.0;
    g_last_frame_ms = now;
    app.advance_playback(dt);

    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    taescope::web::draw_panels(app);
    ImGui::Render();

    // While no file opens, one warm-up draw per frame of the panels' own programs, before the
    // clear that wipes it: their compile results and pipelines are ready before a file is shown.
    static int warm_up_draws = 0;
    bool warm_up_drawn = false;
    if (warm_up_draws < 3 && app.state().frame_counter >= 2 &&
        app.state().load.phase != taescope::web::LoadPhase::Parsing) {
        const int which = warm_up_draws++;
        if (which == 0)
            taescope::web::pose_renderer().warm_up_draw();
        else if (which == 1)
            taescope::web::mask_strip_renderer().warm_up_draw();
        else
            taescope::web::body_renderer().warm_up_draw();
        warm_up_drawn = true;
    }

    // A frame that would draw exactly what the canvas shows is not drawn (imgui_webgl_renderer.h).
    const ImDrawData* draw_data = ImGui::GetDrawData();
    const uint64_t callbacks = taescope::web::pose_renderer().content_digest() ^
                               (taescope::web::mask_strip_renderer().content_digest() * 0x9E3779B97F4A7C15ull) ^
                               (taescope::web::body_renderer().content_digest() * 0xC2B2AE3D27D4EB4Full) ^
                               (taescope::web::hitbox_renderer().content_digest() * 0x165667B19E3779F9ull);
    const uint64_t digest = taescope::web::imgui_frame_digest(draw_data, callbacks);
    if (digest != g_drawn_digest || warm_up_drawn) {
        g_drawn_digest = digest;
        const double render_started = emscripten_get_now();
        ImGuiIO& io = ImGui::GetIO();
        glViewport(0, 0, int(io.DisplaySize.x * io.DisplayFramebufferScale.x),
                   int(io.DisplaySize.y * io.DisplayFramebufferScale.y));
        const auto background = taescope::web::kCanvasBackground;
        glClearColor(background[0], background[1], background[2], 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        taescope::web::imgui_renderer_render(draw_data);
        app.state().frame_cost.note(taescope::web::FrameCost::Render, emscripten_get_now() - render_started);
        ++app.state().frames_drawn;
    }

    auto& load = app.state().load;
    if (load.phase == taescope::web::LoadPhase::Parsing) {
        // The "parsing" state has been drawn by this frame: a step of the parse follows in the
        // same frame (a small file is open before the next one; waiting a frame first cost
        // one more frame of the software-GL browser, 20-100 ms, on every open). The step gets
        // what is left of the task's budget after the drawing (at least one unit of work: the
        // opener always does one): a frame of 20-30 ms and a whole step in one task came to
        // 50-56 ms of thread CPU time on Sekiro's c0000 (the e2e's limit is 50).
        const double step_started = emscripten_get_now();
        const double spent = (step_started - now) / 1000.0;
        app.finish_pending_open(std::max(0.0, App::kOpenStepSeconds - spent));
        app.state().frame_cost.note(taescope::web::FrameCost::Step, emscripten_get_now() - step_started);
    } else {
        // The model binder is read after the open, a step per frame, after the frame was drawn.
        app.step_character();
        // So are the event layouts inferred from the data (inference_model.h), a slice a frame.
        taescope::web::inference_model().step(app.state(), kInferenceStepSeconds);
    }
    app.state().frame_counter++;
}

}  // namespace

int main() {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        std::printf("SDL_Init failed: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, 0);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    // A depth buffer for the character view's body (body_renderer.h clears it inside its view).
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);

    double css_width = 1280, css_height = 720;
    emscripten_get_element_css_size("#canvas", &css_width, &css_height);
    auto flags = SDL_WindowFlags(SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    g_window = SDL_CreateWindow("TAE Scope", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, int(css_width),
                                int(css_height), flags);
    if (!g_window) {
        std::printf("SDL_CreateWindow failed: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GLContext context = SDL_GL_CreateContext(g_window);
    if (!context) {
        std::printf("WebGL2 context failed: %s\n", SDL_GetError());
        return 1;
    }
    SDL_GL_MakeCurrent(g_window, context);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // no local storage: layout is recomputed from the window size
    io.LogFilename = nullptr;
    taescope::web::apply_dark_theme();
    ImGui_ImplSDL2_InitForOpenGL(g_window, context);
    if (!taescope::web::imgui_renderer_init()) {
        std::printf("the ImGui renderer failed: %s\n", taescope::web::imgui_renderer_error().c_str());
        return 1;
    }
    update_fonts_for_pixel_ratio();
    // The panels' own programs compile in the GPU process while the page waits for a file, not
    // in the first frame that shows one (gl_program.h).
    taescope::web::pose_renderer().start_compiling();
    taescope::web::mask_strip_renderer().start_compiling();
    taescope::web::body_renderer().start_compiling();
    taescope::web::hitbox_renderer().start_compiling();

    EM_ASM({
        if (Module["onTaeScopeReady"]) Module["onTaeScopeReady"]();
    });
    emscripten_set_main_loop(frame, 0, true);
    return 0;
}
