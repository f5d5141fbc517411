// The platform layer: SDL2 window with a WebGL2 (GLES 3.0) context on the page's #canvas,
// Dear ImGui set up for it, and the per-frame loop driven by requestAnimationFrame.
// Browser events that SDL does not deliver (file drop, Open…) arrive through js_api.cpp.
#include <SDL.h>
#include <SDL_opengles2.h>
#include <emscripten.h>
#include <emscripten/html5.h>

#include <cmath>
#include <cstdio>

#include "app.h"
#include "imgui.h"
#include "imgui_impl_sdl2.h"
#include "imgui_webgl_renderer.h"
#include "panels.h"
#include "theme.h"

namespace {

SDL_Window* g_window = nullptr;
double g_last_frame_ms = 0;
float g_font_pixel_ratio = 0;

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

    ImGuiIO& io = ImGui::GetIO();
    glViewport(0, 0, int(io.DisplaySize.x * io.DisplayFramebufferScale.x),
               int(io.DisplaySize.y * io.DisplayFramebufferScale.y));
    const auto background = taescope::web::kCanvasBackground;
    glClearColor(background[0], background[1], background[2], 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    taescope::web::imgui_renderer_render(ImGui::GetDrawData());

    auto& load = app.state().load;
    if (load.phase == taescope::web::LoadPhase::Parsing) {
        // The "parsing" state has now been drawn once; parse on the next frame.
        if (load.frames_shown_parsing++ >= 1) app.finish_pending_open();
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
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
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

    EM_ASM({
        if (Module["onTaeScopeReady"]) Module["onTaeScopeReady"]();
    });
    emscripten_set_main_loop(frame, 0, true);
    return 0;
}
