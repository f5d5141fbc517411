// The functions the page's JavaScript calls (web/page/taescope-page.js). Names and argument
// types are part of the page contract; list new ones in -sEXPORTED_FUNCTIONS (CMakeLists.txt).
// Strings returned stay valid until the next call of the same function.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "app.h"
#include "character_json.h"
#include "imgui.h"
#include "json_writer.h"
#include "open_warm_up.h"
#include "reference_json.h"
#include "search_json.h"
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

// ---- the decode worker (web/worker/, driven by web/page/taescope-page.js) ----
// Opens a DCX / DCP file of `size` bytes whose wrapper the page's decode worker decodes: the open
// shows "parsing" and waits. Returns the open's serial, which the calls below name (they do
// nothing once another open has begun). Several files opened as one character (a model binder
// with the animation binder, ...) add the others with taescope_queue_in_worker. The page then
// hands over each member's file bytes and decoded payload in slices (taescope_decoded_slice:
// `which` 0 the file, 1 the payload) and calls taescope_decoded_member_done(), or reports the
// worker's error with taescope_decode_failed().
EMSCRIPTEN_KEEPALIVE uint32_t taescope_open_in_worker(uint32_t size, const char* name) {
    return app().begin_open_in_worker(size, name ? name : "");
}

// Another file of open `serial`'s set, coming from the worker too: its member number (1, 2, ...;
// the file of taescope_open_in_worker is member 0), -1 when that open is over.
EMSCRIPTEN_KEEPALIVE int taescope_queue_in_worker(uint32_t serial, uint32_t size, const char* name) {
    return app().queue_open_in_worker(serial, size, name ? name : "");
}

EMSCRIPTEN_KEEPALIVE int taescope_awaits_decoded_payload(uint32_t serial) {
    return app().awaits_decoded_payload(serial) ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE void taescope_decode_progress(uint32_t serial, int member, double fraction, const char* text) {
    app().set_decode_progress(serial, member, fraction, text ? text : "");
}

// Where the page writes the next `size` bytes of member `member`'s file (which 0) or payload
// (which 1) of `total` bytes; null when that member no longer waits.
EMSCRIPTEN_KEEPALIVE uint8_t* taescope_decoded_slice(uint32_t serial, int member, int which, uint32_t total,
                                                     uint32_t size) {
    return app().decoded_slice(serial, member, which != 0, total, size);
}

// decoded != 0: the payload was handed over too; 0: the file is opened as it is (no wrapper).
EMSCRIPTEN_KEEPALIVE int taescope_decoded_member_done(uint32_t serial, int member, int decoded, double worker_ms,
                                                      double copy_ms) {
    return app().decoded_payload_done(serial, member, decoded != 0, worker_ms, copy_ms) ? 1 : 0;
}

// The worker's Error for member `member`, field by field (offset < 0: none).
EMSCRIPTEN_KEEPALIVE void taescope_decode_failed(uint32_t serial, int member, const char* message, double offset,
                                                 const char* context) {
    taescope::Error error;
    error.message = message ? message : "";
    error.offset = offset >= 0 ? uint64_t(offset) : taescope::Error::kNoOffset;
    error.context = context ? context : "";
    app().decode_failed(serial, member, std::move(error));
}

// One step of the open in progress or of the model's reading (App::background_step), for the
// page's tasks between frames: 1 while there is more to do at once.
EMSCRIPTEN_KEEPALIVE int taescope_background_step() { return app().background_step() ? 1 : 0; }

// The body's reading after an open (web/character_view_model.h ModelPhase): 0 no model, 1 its
// container opening, 2 reading, 3 ready, 4 failed. Cheap: the page's open report polls it a frame.
EMSCRIPTEN_KEEPALIVE int taescope_model_phase() { return int(app().character().view().phase); }

// A file to open together with the next taescope_open (takes ownership of `data` the same
// way): a player binder and its animation binders open as one character, the one holding TAE
// files shown, the others searched for its Havok members. Call it for every file but one, then
// taescope_open for the last.
EMSCRIPTEN_KEEPALIVE int taescope_open_companion(uint8_t* data, uint32_t size, const char* name) {
    std::vector<uint8_t> bytes(data, data + size);
    std::free(data);
    app().queue_open(std::move(bytes), name ? name : "");
    return 0;
}

// Runs the open path on the page's bundled sample for up to `budget_ms` (web/open_warm_up.h); the
// page calls it in idle moments before the first file. `data` stays the caller's. Returns the
// number of opens that ran (0: the bytes do not open).
EMSCRIPTEN_KEEPALIVE int taescope_warm_up(const uint8_t* data, uint32_t size, double budget_ms) {
    return taescope::web::warm_up_open_path(taescope::Bytes(data, size), app().template_library(), budget_ms);
}

EMSCRIPTEN_KEEPALIVE const char* taescope_state_json() {
    static std::string text;
    text = taescope::web::state_json(app());
    return text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* taescope_page_status_json() {
    static std::string text;
    text = taescope::web::page_status_json(app());
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

// Runs a binder-wide search (web/search_model.h) and returns its hits as JSON.
EMSCRIPTEN_KEEPALIVE const char* taescope_search(const char* query) {
    static std::string text;
    app().run_search(query ? query : "");
    text = taescope::web::search_json(app());
    return text.c_str();
}

// Jumps to hit `index` of the last search: 1 when it exists.
EMSCRIPTEN_KEEPALIVE int taescope_jump(int index) { return app().jump_to_hit(index) ? 1 : 0; }

EMSCRIPTEN_KEEPALIVE void taescope_show_search(int show) {
    app().state().windows.search = show != 0;
    if (show) app().state().search.focus_input = true;
}

// The share-link fragment of the selected animation: {"fragment": "v1.t=..."} or {"error": "..."}.
// reference != 0: the "v1.f=" kind (file name, animation, playhead).
EMSCRIPTEN_KEEPALIVE const char* taescope_share_fragment(int reference) {
    static std::string text;
    std::string error;
    std::string fragment = app().share_fragment(reference != 0, error);
    taescope::web::JsonWriter json;
    json.begin_object();
    if (fragment.empty())
        json.field("error", error);
    else
        json.field("fragment", fragment);
    json.end_object();
    text = json.text();
    return text.c_str();
}

// Opens a link fragment ("v1.t=..." restores a timeline; "v1.f=..." waits for its file).
// Returns "" on success, else the error text.
EMSCRIPTEN_KEEPALIVE const char* taescope_open_link(const char* fragment) {
    static std::string text;
    text.clear();
    app().open_share_fragment(fragment ? fragment : "", text);
    return text.c_str();
}

// The selected animation's timeline as PNG bytes; `size` receives the length. The pointer
// stays valid until the next call.
EMSCRIPTEN_KEEPALIVE const uint8_t* taescope_timeline_png(uint32_t* size) {
    static std::vector<uint8_t> png;
    png = app().timeline_png();
    if (size) *size = uint32_t(png.size());
    return png.data();
}

// ---- editing (engine/edit through App) ----

EMSCRIPTEN_KEEPALIVE int taescope_undo() { return app().undo() ? 1 : 0; }
EMSCRIPTEN_KEEPALIVE int taescope_redo() { return app().redo() ? 1 : 0; }

// Whether ImGui has a text field focused: the page then leaves Ctrl+C/V/Z to it.
EMSCRIPTEN_KEEPALIVE int taescope_wants_text_input() {
    return ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput ? 1 : 0;
}

// Copies the selected events; returns their clipboard text ("" when none is selected).
EMSCRIPTEN_KEEPALIVE const char* taescope_copy() {
    static std::string text;
    text = app().copy_selected_events();
    return text.c_str();
}

// Pastes clipboard text (or, for "", the viewer's own clipboard) at the playhead (at_playhead
// != 0) or at the events' stored times. 1 when something was pasted.
EMSCRIPTEN_KEEPALIVE int taescope_paste(const char* text, int at_playhead) {
    std::optional<double> at;
    if (at_playhead) at = app().state().timeline.time;
    return app().paste_events(text ? text : "", at) ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE int taescope_delete_selected() { return app().delete_selected_events() ? 1 : 0; }

// Selects events of the selected animation (a list of indices; the first is the one inspected).
EMSCRIPTEN_KEEPALIVE int taescope_select_events(const int* events, int count) {
    if (!app().selected_animation() || count < 0) return 0;
    std::vector<int> list(events, events + count);
    app().set_event_selection(list, count ? list.front() : -1);
    return 1;
}

EMSCRIPTEN_KEEPALIVE void taescope_show_export(int show) { app().state().edit.export_dialog.open = show != 0; }
EMSCRIPTEN_KEEPALIVE void taescope_show_history(int show) { app().state().windows.history = show != 0; }

// Writes the file as the Export window would: scope 0 the whole file, 1 the selected TAE;
// method 0 as opened, 1 DFLT; force != 0 writes despite blocking problems. Returns the bytes
// (valid until the next call) with `size` set, or null with state().edit.export.error set.
// download != 0 also hands them to the page as a download (and marks the document saved).
EMSCRIPTEN_KEEPALIVE const uint8_t* taescope_export(int scope, int method, int force, int download, uint32_t* size) {
    static std::vector<uint8_t> bytes;
    auto& dialog = app().state().edit.export_dialog;
    dialog.scope = scope ? taescope::web::ExportScope::SelectedTae : taescope::web::ExportScope::WholeFile;
    dialog.method = method ? taescope::web::ExportMethod::Deflate : taescope::web::ExportMethod::AsOpened;
    bytes.clear();
    if (download) {
        app().download_export(force != 0, &bytes);
    } else {
        bytes = app().export_bytes(force != 0);
    }
    if (size) *size = uint32_t(bytes.size());
    return bytes.empty() ? nullptr : bytes.data();
}

// The character as glTF 2.0 binary, as the Export window's "Export glTF…" writes it (web/app_gltf.cpp):
// all != 0 every Havok animation of the binders, else the selected one. Returns the bytes (valid
// until the next call) with `size` set, or null: taescope_gltf_error() says why. download != 0
// also hands them to the page as a download.
EMSCRIPTEN_KEEPALIVE const uint8_t* taescope_export_gltf(int all, int download, uint32_t* size) {
    static std::vector<uint8_t> bytes;
    bytes.clear();
    if (download)
        app().download_gltf(all != 0, &bytes);
    else
        bytes = app().gltf_bytes(all != 0);
    if (size) *size = uint32_t(bytes.size());
    return bytes.empty() ? nullptr : bytes.data();
}

EMSCRIPTEN_KEEPALIVE const char* taescope_gltf_error() { return app().state().edit.export_dialog.gltf_error.c_str(); }

// A template file the user dropped (Smithbox / DSAnimStudio XML, or our text format): "" when
// it loaded, else why not (the templates in use stay).
EMSCRIPTEN_KEEPALIVE const char* taescope_load_templates(const char* text, const char* name) {
    static std::string answer;
    bool ok = app().load_user_templates(text ? text : "", name ? name : "templates");
    answer = ok ? std::string() : app().state().edit.templates_message;
    return answer.c_str();
}

EMSCRIPTEN_KEEPALIVE void taescope_reset_templates() { app().reset_user_templates(); }

// Decode every event file as `game` (SDT, ER, NR, DS3, AC6; "" back to what the clues say):
// 1 when chosen, 0 when no file is open or the game has no templates.
EMSCRIPTEN_KEEPALIVE int taescope_choose_game(const char* game) { return app().choose_game(game ? game : "") ? 1 : 0; }

// A reference file to compare the open one with (takes ownership of `data`, like taescope_open):
// "" when it opened, else the error.
EMSCRIPTEN_KEEPALIVE const char* taescope_open_compare(uint8_t* data, uint32_t size, const char* name) {
    static std::string answer;
    std::vector<uint8_t> bytes(data, data + size);
    std::free(data);
    answer = app().open_compare(std::move(bytes), name ? name : "") ? std::string() : app().compare_error();
    return answer.c_str();
}

EMSCRIPTEN_KEEPALIVE void taescope_close_compare() { app().close_compare(); }

// Timeline rows: 0 as stored, 1 by event group, 2 by type.
EMSCRIPTEN_KEEPALIVE void taescope_set_row_order(int order) {
    if (order >= 0 && order <= 2) app().set_row_order(taescope::web::TimelineRowOrder(order));
}

// The timeline rows' height: < 0 fits every row in the visible height, 0 is the normal height,
// else pixels (the panel clamps it between "every row fits" and 4x the normal height).
EMSCRIPTEN_KEEPALIVE void taescope_set_row_height(double pixels) {
    if (pixels < 0)
        app().fit_timeline_rows();
    else
        app().set_timeline_row_height(float(pixels));
}

// The evidence filter: 1 shows only Proven/Observed meanings.
EMSCRIPTEN_KEEPALIVE void taescope_set_evidence_filter(int strong_only) {
    app().set_strong_evidence_only(strong_only != 0);
}

// ---- the event reference (issue 28; App actions in app_reference.cpp) ----

EMSCRIPTEN_KEEPALIVE void taescope_show_reference(int show) { app().show_reference(show != 0); }

// Searches the reference (game "" : every game) and returns {reference: {...}} with every hit.
EMSCRIPTEN_KEEPALIVE const char* taescope_reference_search(const char* query, const char* game) {
    static std::string text;
    app().set_reference_search(query ? query : "", game ? game : "");
    text = taescope::web::reference_json(app());
    return text.c_str();
}

// Shows one type (a new view: the page adds a history entry). 1 when the game is at hand.
EMSCRIPTEN_KEEPALIVE int taescope_reference_show(const char* game, uint32_t type) {
    return app().show_reference_type(game ? game : "", type) ? 1 : 0;
}

// The whole reference state, every hit included.
EMSCRIPTEN_KEEPALIVE const char* taescope_reference_json() {
    static std::string text;
    text = taescope::web::reference_json(app());
    return text.c_str();
}

// Lists in Search the events of the shown type (field < 0) or those whose field `field` holds
// the value `value_index` of the panel's list for that field (the most frequent first).
// Returns the search's JSON.
EMSCRIPTEN_KEEPALIVE const char* taescope_reference_list_events(int field, int value_index) {
    static std::string text;
    uint64_t raw = 0;
    if (field >= 0) {
        const taescope::TypeValueStatistics* stats = app().shown_reference_statistics();
        if (stats && size_t(field) < stats->fields.size() && value_index >= 0 &&
            size_t(value_index) < stats->fields[size_t(field)].values.size())
            raw = stats->fields[size_t(field)].values[size_t(value_index)].raw;
        else
            field = -2;  // no such value: nothing is listed
    }
    if (field >= -1) app().list_reference_events(field, raw);
    text = taescope::web::search_json(app());
    return text.c_str();
}

// The Inspector's "Open in Reference" for the selected event: 1 when shown.
EMSCRIPTEN_KEEPALIVE int taescope_reference_open_selected() { return app().open_selected_event_in_reference() ? 1 : 0; }
// ---- the Pose panel (pose_model.h) ----

EMSCRIPTEN_KEEPALIVE void taescope_show_pose(int show) { app().state().windows.pose = show != 0; }

// Root motion on (1) or off (0).
EMSCRIPTEN_KEEPALIVE void taescope_set_pose_root_motion(int on) { app().set_pose_root_motion(on != 0); }

// The model-space position of bone `index` in the pose at the playhead: "[x,y,z]", or "null"
// when there is no such bone (no skeleton, or an index out of range).
EMSCRIPTEN_KEEPALIVE const char* taescope_pose_bone_json(int index) {
    static std::string text;
    const taescope::web::PoseView& view = app().pose_view();
    taescope::web::JsonWriter json;
    if (index < 0 || size_t(index) >= view.pose.model.size() || !view.skeleton) {
        json.null();
    } else {
        const auto& t = view.pose.model[size_t(index)].translation;
        json.begin_array().number(t[0]).number(t[1]).number(t[2]).end_array();
    }
    text = json.text();
    return text.c_str();
}

// Where the Pose panel drew bone `index`'s joint last frame: "[x,y]" in canvas CSS pixels, or
// "null" (no such bone, the panel not drawn, or the joint behind the camera).
EMSCRIPTEN_KEEPALIVE const char* taescope_pose_bone_screen_json(int index) {
    static std::string text;
    const taescope::web::PoseView& view = app().pose_view();
    const taescope::web::PoseViewState& c = app().state().pose;
    taescope::web::JsonWriter json;
    const auto& m = c.view_projection;
    const float width = c.view_x1 - c.view_x0, height = c.view_y1 - c.view_y0;
    if (index < 0 || size_t(index) * 3 + 2 >= view.joints.size() || !app().state().windows.pose || width <= 0 ||
        height <= 0) {
        json.null();
    } else {
        const float* p = &view.joints[size_t(index) * 3];
        float x = m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12];
        float y = m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13];
        float w = m[3] * p[0] + m[7] * p[1] + m[11] * p[2] + m[15];
        if (w <= 1e-4f)
            json.null();
        else
            json.begin_array()
                .number(c.view_x0 + (x / w * 0.5f + 0.5f) * width)
                .number(c.view_y0 + (0.5f - y / w * 0.5f) * height)
                .end_array();
    }
    text = json.text();
    return text.c_str();
}

// ---- the body in the Pose panel (character_view_model.h) ----

// What the view draws: the body, the skeleton, the dummy polys, every mesh whatever its mask.
EMSCRIPTEN_KEEPALIVE void taescope_set_character_options(int body, int skeleton, int dummies, int force_masks) {
    app().set_character_options(body != 0, skeleton != 0, dummies != 0, force_masks != 0);
}

// [{index, bone, boneName, position}] of every dummy with reference id `id`, posed at the playhead.
EMSCRIPTEN_KEEPALIVE const char* taescope_model_dummies_json(int id) {
    static std::string text;
    text = taescope::web::model_dummies_json(app(), id);
    return text.c_str();
}

// Where the panel drew a point of mesh `mesh` / dummy `dummy` last frame: "[x,y]" or "null".
EMSCRIPTEN_KEEPALIVE const char* taescope_model_mesh_screen_json(int mesh) {
    static std::string text;
    text = taescope::web::model_mesh_screen_json(app(), mesh);
    return text.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* taescope_model_dummy_screen_json(int dummy) {
    static std::string text;
    text = taescope::web::model_dummy_screen_json(app(), dummy);
    return text.c_str();
}

}  // extern "C"
