// App's glTF export (app.h: gltf_bytes, download_gltf): the open character as .glb through
// engine/share/character_gltf.h, the same call `taescope gltf` makes, so the page and the CLI
// write the same bytes. The Export window's "Export glTF…" and taescope.exportGltf() use it.
#include <emscripten.h>

#include <string>

#include "app.h"
#include "binder/animation_names.h"
#include "page_download.h"
#include "share/character_gltf.h"

namespace taescope::web {

namespace {

std::vector<uint64_t> chosen_animations(App& app, HavokCharacter& havok, bool all) {
    std::vector<uint64_t> numbers;
    if (all)
        numbers = character_animation_numbers(havok);
    else if (const TaeAnimation* animation = app.selected_animation())
        numbers.push_back(app.selected_tae_entry()->full_number(*animation));
    return numbers;
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
    request.name = character_file_stem(state_.load.file_name);
    request.animations = chosen_animations(*this, *havok, all);
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
    std::string name = character_file_stem(state_.load.file_name);
    if (!all) {
        if (const TaeAnimation* animation = selected_animation())
            name += "-" + animation_name(selected_tae_entry()->full_number(*animation));
    }
    name += ".glb";
    offer_download(bytes.data(), bytes.size(), name, "model/gltf-binary");
    dialog.gltf_last = name + ", " + std::to_string(bytes.size()) + " bytes";
    notify_page();
    if (bytes_out) *bytes_out = std::move(bytes);
    return true;
}

}  // namespace taescope::web

namespace taescope::web {

uint32_t App::start_gltf_export(bool all) {
    ExportDialogState& dialog = state_.edit.export_dialog;
    dialog.gltf_error.clear();
    HavokCharacter* havok = state_.document ? pose_.character() : nullptr;
    if (!havok || !havok->has_havok()) {
        dialog.gltf_error = "glTF: the files open hold no Havok skeleton";
        notify_page();
        return 0;
    }
    const std::string stem = character_file_stem(state_.load.file_name);
    std::string error = gltf_export_.prepare(all, chosen_animations(*this, *havok, all), *havok,
                                             character_.model_if_ready(), templates_, stem);
    if (!error.empty()) {
        dialog.gltf_error = std::move(error);
        notify_page();
        return 0;
    }
    notify_page();
    return gltf_export_.job().id;
}

void App::ask_gltf_export(bool all) {
    const int handled = EM_ASM_INT(
        {
            if (!Module["onGltfExportAsked"]) return 0;
            Module["onGltfExportAsked"]($0);
            return 1;
        },
        all ? 1 : 0);
    if (!handled) download_gltf(all);
}

void App::cancel_gltf_export() {
    gltf_export_.cancel_requested();
    EM_ASM({
        if (Module["onGltfExportCancel"]) Module["onGltfExportCancel"]();
    });
    notify_page();
}

}  // namespace taescope::web
