// App's glTF export (app.h: gltf_bytes, download_gltf): the open character as .glb through
// engine/share/character_gltf.h, the same call `taescope gltf` makes, so the page and the CLI
// write the same bytes. The Export window's "Export glTF…" and taescope.exportGltf() use it.
#include <emscripten.h>

#include <string>

#include "app.h"
#include "binder/animation_names.h"
#include "share/character_gltf.h"

namespace taescope::web {

namespace {

// "c5051" from "c5051.anibnd.dcx".
std::string base_name(const std::string& file) {
    std::string name = file;
    const size_t slash = name.find_last_of("/\\");
    if (slash != std::string::npos) name = name.substr(slash + 1);
    const size_t dot = name.find('.');
    if (dot != std::string::npos && dot > 0) name = name.substr(0, dot);
    return name.empty() ? std::string("character") : name;
}

}  // namespace

std::vector<uint8_t> App::gltf_bytes(bool all) {
    ExportDialogState& dialog = state_.edit.export_dialog;
    dialog.gltf_error.clear();
    HavokCharacter* havok = state_.document ? pose_.character() : nullptr;
    if (!havok || !havok->has_havok()) {
        dialog.gltf_error = "glTF: the files open hold no Havok skeleton";
        return {};
    }
    CharacterGltfRequest request;
    request.templates = &templates_;
    request.name = base_name(state_.load.file_name);
    if (all) {
        request.animations = character_animation_numbers(*havok);
    } else if (const TaeAnimation* animation = selected_animation()) {
        request.animations.push_back(selected_tae_entry()->full_number(*animation));
    }
    auto glb = export_character_glb(*havok, character_.model_if_ready(), request);
    if (!glb) {
        dialog.gltf_error = glb.error().to_string();
        return {};
    }
    return std::move(*glb);
}

bool App::download_gltf(bool all, std::vector<uint8_t>* bytes_out) {
    ExportDialogState& dialog = state_.edit.export_dialog;
    std::vector<uint8_t> bytes = gltf_bytes(all);
    if (bytes.empty()) {
        notify_page();
        return false;
    }
    std::string name = base_name(state_.load.file_name);
    if (!all) {
        if (const TaeAnimation* animation = selected_animation())
            name += "-" + animation_name(selected_tae_entry()->full_number(*animation));
    }
    name += ".glb";
    // The page turns the bytes into a Blob URL download (web/page/taescope-download.js).
    EM_ASM(
        {
            const bytes = HEAPU8.slice($0, $0 + $1);
            const name = UTF8ToString($2);
            if (window.taescopeDownload) window.taescopeDownload(bytes, name, 'model/gltf-binary');
        },
        bytes.data(), bytes.size(), name.c_str());
    dialog.gltf_last = name + ", " + std::to_string(bytes.size()) + " bytes";
    notify_page();
    if (bytes_out) *bytes_out = std::move(bytes);
    return true;
}

}  // namespace taescope::web
