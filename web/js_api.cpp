// The functions the page's JavaScript calls (web/page/taescope-page.js). Names and argument
// types are part of the page contract; list new ones in -sEXPORTED_FUNCTIONS (CMakeLists.txt).
// Strings returned stay valid until the next call of the same function.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "app.h"
#include "state_json.h"

using taescope::web::app;

extern "C" {

// Takes ownership of `data` (allocated with Module._malloc): the page never frees it.
EMSCRIPTEN_KEEPALIVE int taescope_open(uint8_t* data, uint32_t size, const char* name) {
    std::vector<uint8_t> bytes(data, data + size);
    std::free(data);
    app().begin_open(std::move(bytes), name ? name : "");
    return 0;
}

EMSCRIPTEN_KEEPALIVE const char* taescope_state_json() {
    static std::string text;
    text = taescope::web::state_json(app());
    return text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* taescope_animations_json(int tae_file) {
    static std::string text;
    text = taescope::web::animations_json(app(), tae_file);
    return text.c_str();
}

EMSCRIPTEN_KEEPALIVE int taescope_select(int tae_file, int animation) {
    if (animation < 0) return app().select_tae_file(tae_file) ? 1 : 0;
    return app().select_animation(tae_file, animation) ? 1 : 0;
}

// -1 when the TAE file has no animation of that name ("a000_003000") or number.
EMSCRIPTEN_KEEPALIVE int taescope_find_animation(int tae_file, const char* name) {
    return app().find_animation(tae_file, name ? name : "");
}

EMSCRIPTEN_KEEPALIVE int taescope_select_event(int event) { return app().select_event(event) ? 1 : 0; }

EMSCRIPTEN_KEEPALIVE void taescope_set_time(double seconds) {
    app().state().timeline.playing = false;
    app().set_time(seconds);
}

EMSCRIPTEN_KEEPALIVE void taescope_set_playing(int playing) {
    if (bool(playing) != app().state().timeline.playing) app().toggle_play();
}

EMSCRIPTEN_KEEPALIVE void taescope_show_help(int show) { app().state().windows.help = show != 0; }

EMSCRIPTEN_KEEPALIVE void taescope_dismiss_error() { app().close_error(); }

}  // extern "C"
