// The page's export worker: a wasm module of its own, loaded only when the user first exports
// glTF (web/worker/taescope-export-worker.js), that writes the character as .glb off the page's
// main thread. Sampling every animation of a character with its body and writing the file takes
// seconds (c5051, 110 animations, 39 MB: about 6 s natively); on the main thread that froze the
// page. The page sends the decoded payloads of the character's binders (in the order of its
// HavokCharacter's documents), the FLVER member's bytes, the animations and their events as the
// page has them (its edits included, engine/share/character_gltf.h encode_gltf_events); this
// module builds the same HavokCharacter and CharacterModel and calls export_character_glb, the
// call `taescope gltf` makes: the bytes are the CLI's. Progress goes to
// Module.onExportProgress(done, total) after each animation; the page cancels by terminating the
// worker.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "binder/character_model.h"
#include "binder/document.h"
#include "binder/havok_character.h"
#include "share/character_gltf.h"

namespace {

struct ExportJob {
    std::vector<std::vector<uint8_t>> inputs;                      // the binders' bytes the documents read
    std::vector<std::unique_ptr<taescope::Document>> documents;  // the character's binders, in order
    std::optional<taescope::SharedBytes> flver;
    std::string flver_name;
    std::vector<uint8_t> result;
    std::string error;
};

ExportJob& job() {
    static ExportJob instance;
    return instance;
}

// Bytes allocated by the page with Module._malloc, taken over (freed here).
std::vector<uint8_t> take_bytes(uint8_t* bytes, uint32_t size) {
    std::vector<uint8_t> out(bytes, bytes + size);
    std::free(bytes);
    return out;
}

}  // namespace

extern "C" {

// Forgets the last job's inputs and result.
EMSCRIPTEN_KEEPALIVE void taescope_export_reset() { job() = ExportJob{}; }

// One of the character's binders: its decoded payload (a BND4 or BND3, or a loose TAE), named as
// the page names it. 1 when it opens; 0: taescope_export_error says why.
EMSCRIPTEN_KEEPALIVE int taescope_export_add_binder(uint8_t* bytes, uint32_t size, const char* name) {
    ExportJob& j = job();
    const std::vector<uint8_t>& data = j.inputs.emplace_back(take_bytes(bytes, size));
    taescope::Result<taescope::Document> doc = taescope::open_document(taescope::Bytes(data), name ? name : "");
    if (!doc) {
        j.error = doc.error().to_string();
        return 0;
    }
    j.documents.push_back(std::make_unique<taescope::Document>(std::move(*doc)));
    return 1;
}

// The character's model: the FLVER's bytes (a model binder's member or a loose .flver).
EMSCRIPTEN_KEEPALIVE void taescope_export_set_model(uint8_t* bytes, uint32_t size, const char* name) {
    ExportJob& j = job();
    j.flver = taescope::SharedBytes(take_bytes(bytes, size));
    j.flver_name = name ? name : "";
}

// Writes the .glb of `count` animations (full numbers as pairs of 32-bit words, low first) with
// the events encoded at `events` (encode_gltf_events), the armature named `name`. 1: the bytes are
// at taescope_export_result (taescope_export_result_size of them); 0: taescope_export_error.
EMSCRIPTEN_KEEPALIVE int taescope_export_run(const uint32_t* numbers, uint32_t count, const uint8_t* events,
                                             uint32_t events_size, const char* name) {
    ExportJob& j = job();
    j.result.clear();
    j.error.clear();
    std::vector<const taescope::Document*> documents;
    for (const auto& d : j.documents) documents.push_back(d.get());
    taescope::HavokCharacter havok(documents);
    taescope::CharacterModel model;
    if (j.flver) model = taescope::CharacterModel::from_flver_bytes(*j.flver, j.flver_name);
    auto decoded = taescope::decode_gltf_events(taescope::Bytes(events, events_size));
    if (!decoded) {
        j.error = decoded.error().to_string();
        return 0;
    }
    taescope::CharacterGltfRequest request;
    request.name = name ? name : "";
    for (uint32_t i = 0; i < count; ++i) request.animations.push_back(uint64_t(numbers[2 * i]) | uint64_t(numbers[2 * i + 1]) << 32);
    request.events = &*decoded;
    request.on_animation = [](size_t done, size_t total) {
        EM_ASM(
            {
                if (Module["onExportProgress"]) Module["onExportProgress"]($0, $1);
            },
            double(done), double(total));
    };
    auto glb = taescope::export_character_glb(havok, j.flver ? &model : nullptr, request);
    if (!glb) {
        j.error = glb.error().to_string();
        return 0;
    }
    j.result = std::move(*glb);
    return 1;
}

EMSCRIPTEN_KEEPALIVE uint8_t* taescope_export_result() { return job().result.data(); }
EMSCRIPTEN_KEEPALIVE uint32_t taescope_export_result_size() { return uint32_t(job().result.size()); }
EMSCRIPTEN_KEEPALIVE const char* taescope_export_error() { return job().error.c_str(); }

}  // extern "C"
