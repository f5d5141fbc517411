// The functions the page's JavaScript calls for the game's params (issue 40; the model is
// params_model.h, the page's side web/page/taescope-page.js and taescope-params-store.js).
// Listed in -sEXPORTED_FUNCTIONS (CMakeLists.txt). A regulation goes one of two ways:
//   * decoded by the decode worker (decryption, DCX): taescope_params_begin, then the payload copied
//     by the page, a slice per task, into taescope_params_payload_buffer, then taescope_params_decoded
//     with what the worker learnt of the wrapper; or taescope_params_failed with its error;
//   * opened here whole (no worker): taescope_params_open.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app.h"
#include "io/shared_bytes.h"

using taescope::web::app;

namespace {

// The payload the page is copying in (taescope_params_payload_buffer), until taescope_params_decoded.
taescope::SharedBytes& pending_payload() {
    static taescope::SharedBytes bytes;
    return bytes;
}

// Loose .param files being added (taescope_params_add_param_file) until they are opened together.
std::vector<std::pair<std::string, std::vector<uint8_t>>>& pending_param_files() {
    static std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
    return files;
}

std::vector<std::string> split_lines(const char* text) {
    std::vector<std::string> out;
    std::string s = text ? text : "";
    size_t at = 0;
    while (at < s.size()) {
        size_t end = s.find('\n', at);
        if (end == std::string::npos) end = s.size();
        if (end > at) out.push_back(s.substr(at, end - at));
        at = end + 1;
    }
    return out;
}

}  // namespace

extern "C" {

// The decode worker has a regulation (`remembered`: the browser's stored copy).
EMSCRIPTEN_KEEPALIVE void taescope_params_begin(const char* name, int remembered) {
    app().params().begin_decoding(name ? name : "", remembered != 0);
    app().notify_page();
}

// Room for the decoded payload of `size` bytes: the page copies it there, then calls
// taescope_params_decoded. Null when there is no memory for it.
EMSCRIPTEN_KEEPALIVE uint8_t* taescope_params_payload_buffer(uint32_t size) {
    uint8_t* writable = nullptr;
    pending_payload() = taescope::SharedBytes::uninitialized(size, &writable);
    return writable;
}

// The payload is in place. The rest is what the worker's params::decode_regulation said:
// `source` RegulationSource, `key_game` ParamGame, the DCX wrapper's fields (ContainerKind,
// CompressionMethod, fourcc, version, the fields at 0x10 / 0x14, level, the flag at 0x38, sizes)
// and its notes, one per line. 1: open; 0: state().params.error says why.
EMSCRIPTEN_KEEPALIVE int taescope_params_decoded(const char* name, int remembered, int source, int key_game,
                                                 int zero_iv, int container_kind, int method, const char* fourcc,
                                                 uint32_t version, uint32_t field_10, uint32_t field_14, int level,
                                                 int flag_38, double uncompressed_size, double compressed_size,
                                                 const char* notes, double worker_ms) {
    taescope::params::DecodedRegulation decoded;
    decoded.source = taescope::params::RegulationSource(source);
    decoded.key_game = taescope::params::ParamGame(key_game);
    decoded.zero_iv = zero_iv != 0;
    decoded.container.kind = taescope::ContainerKind(container_kind);
    decoded.container.method = taescope::CompressionMethod(method);
    decoded.container.fourcc = fourcc ? fourcc : "";
    decoded.container.version = version;
    decoded.container.field_10 = field_10;
    decoded.container.field_14 = field_14;
    decoded.container.level = uint8_t(level);
    decoded.container.flag_38 = uint8_t(flag_38);
    decoded.container.uncompressed_size = uint64_t(uncompressed_size);
    decoded.container.compressed_size = uint64_t(compressed_size);
    decoded.payload = std::move(pending_payload());
    pending_payload() = taescope::SharedBytes();
    decoded.notes = split_lines(notes);
    const bool ok = app().params().open_decoded(std::move(decoded), name ? name : "", remembered != 0, worker_ms);
    app().notify_page();
    return ok ? 1 : 0;
}

// The worker's error for the regulation being decoded.
EMSCRIPTEN_KEEPALIVE void taescope_params_failed(const char* name, const char* message) {
    pending_payload() = taescope::SharedBytes();
    app().params().fail(name ? name : "", message ? message : "");
    app().notify_page();
}

// A regulation opened here, decoding included (no worker). Takes ownership of `data` (allocated
// with Module._malloc). 1: open; 0: state().params.error says why.
EMSCRIPTEN_KEEPALIVE int taescope_params_open(uint8_t* data, uint32_t size, const char* name, int remembered) {
    std::vector<uint8_t> bytes(data, data + size);
    std::free(data);
    const bool ok = app().params().open_file(std::move(bytes), name ? name : "", remembered != 0);
    app().notify_page();
    return ok ? 1 : 0;
}

// Loose .param files: the page adds each (ownership of `data` taken), then opens them together.
EMSCRIPTEN_KEEPALIVE void taescope_params_add_param_file(uint8_t* data, uint32_t size, const char* name) {
    pending_param_files().emplace_back(name ? name : "", std::vector<uint8_t>(data, data + size));
    std::free(data);
}

EMSCRIPTEN_KEEPALIVE int taescope_params_open_param_files() {
    auto files = std::move(pending_param_files());
    pending_param_files().clear();
    const bool ok = app().params().open_param_files(std::move(files));
    app().notify_page();
    return ok ? 1 : 0;
}

// The user forgot the regulation (the page's store is told by App::forget_params).
EMSCRIPTEN_KEEPALIVE void taescope_params_forget() { app().forget_params(); }

// The variation V (`has_variation` 0: the default) and the NpcParam row (`has_row` 0: the default).
EMSCRIPTEN_KEEPALIVE void taescope_params_choose(int has_variation, int variation, int has_row, int row) {
    app().choose_npc_param_row(has_row ? std::optional<int32_t>(row) : std::nullopt);
    app().choose_attack_variation(has_variation ? std::optional<int32_t>(variation) : std::nullopt);
}

// Hit shapes drawn in the character view (the toggle).
EMSCRIPTEN_KEEPALIVE void taescope_set_hitboxes_shown(int shown) {
    app().state().pose.show_hitboxes = shown != 0;
    app().notify_page();
}

EMSCRIPTEN_KEEPALIVE void taescope_show_frame_data(int show) {
    app().state().windows.frame_data = show != 0;
    app().notify_page();
}

// The frame-data table as the CSV download holds it ("" without params).
EMSCRIPTEN_KEEPALIVE const char* taescope_frame_data_csv() {
    static std::string text;
    const taescope::AttackChain* chain = app().attack_chain();
    text = chain ? taescope::frame_data_csv(*chain, app().frame_data()) : std::string();
    return text.c_str();
}

}  // extern "C"

extern "C" {

// The character view's orbit camera (what a test needs to look from a known side): yaw about
// the up axis (0: the camera on the model's +z side, looking towards -z), pitch above the ground,
// and the distance (<= 0 keeps it). The view stops framing the character on its own until the
// animation changes.
EMSCRIPTEN_KEEPALIVE void taescope_set_camera(double yaw, double pitch, double distance) {
    auto& pose = app().state().pose;
    pose.yaw = float(yaw);
    pose.pitch = float(pitch);
    if (distance > 0) pose.distance = float(distance);
    pose.frame_requested = false;
    app().notify_page();
}

}  // extern "C"

extern "C" {

// What the first bytes of a dropped file say (params::RegulationGuess as a number: 0 not params,
// 1 encrypted regulation, 2 a DCX (decode to know), 3 a BND4 of .param files, 4 a loose .param).
EMSCRIPTEN_KEEPALIVE int taescope_params_guess(const uint8_t* data, uint32_t size) {
    return int(taescope::params::guess_regulation(taescope::Bytes(data, size)));
}

}  // extern "C"
