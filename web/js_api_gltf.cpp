// The functions the page's JavaScript calls for the glTF export in its worker (issue 42; the model
// is gltf_export_model.h, the page's side web/page/taescope-gltf-export.js). Listed in
// -sEXPORTED_FUNCTIONS (CMakeLists.txt).
//   taescope_gltf_export_start(all) -> job id (0: taescope_gltf_error says why)
//   taescope_gltf_export_job_json() -> {id, name, armature, binders: [{name, pointer, size}],
//     model: {name, pointer, size} | null, numbers: {pointer, count}, events: {pointer, size}}:
//     where the inputs lie in wasm memory, kept alive until taescope_gltf_export_copied(id)
//   taescope_gltf_export_progress(id, done, total), taescope_gltf_export_finished(id, outcome,
//     bytes, milliseconds, error): what the worker reported (outcome 1 done, 2 cancelled, 3 failed)
#include <emscripten.h>

#include <cstdint>
#include <string>

#include "app.h"
#include "json_writer.h"

using taescope::web::app;
using taescope::web::GltfExportPhase;
using taescope::web::JsonWriter;

extern "C" {

EMSCRIPTEN_KEEPALIVE uint32_t taescope_gltf_export_start(int all) { return app().start_gltf_export(all != 0); }

EMSCRIPTEN_KEEPALIVE const char* taescope_gltf_export_job_json() {
    static std::string text;
    const taescope::web::GltfExportJob& job = app().gltf_export().job();
    JsonWriter json;
    json.begin_object()
        .field("id", uint64_t(job.id))
        .field("name", job.download_name)
        .field("armature", job.armature);
    json.key("binders").begin_array();
    for (const auto& b : job.binders)
        json.begin_object()
            .field("name", b.name)
            .field("pointer", uint64_t(uintptr_t(b.bytes.data())))
            .field("size", uint64_t(b.bytes.size()))
            .end_object();
    json.end_array();
    json.key("model");
    if (job.has_model)
        json.begin_object()
            .field("name", job.model.name)
            .field("pointer", uint64_t(uintptr_t(job.model.bytes.data())))
            .field("size", uint64_t(job.model.bytes.size()))
            .end_object();
    else
        json.null();
    json.key("numbers")
        .begin_object()
        .field("pointer", uint64_t(uintptr_t(job.numbers.data())))
        .field("count", uint64_t(job.numbers.size() / 2))
        .end_object();
    json.key("events")
        .begin_object()
        .field("pointer", uint64_t(uintptr_t(job.events.data())))
        .field("size", uint64_t(job.events.size()))
        .end_object();
    json.end_object();
    text = json.text();
    return text.c_str();
}

EMSCRIPTEN_KEEPALIVE void taescope_gltf_export_copied(uint32_t id) {
    app().gltf_export().copied(id);
    app().notify_page();
}

EMSCRIPTEN_KEEPALIVE void taescope_gltf_export_progress(uint32_t id, uint32_t done, uint32_t total) {
    app().gltf_export().progress(id, done, total);
    app().notify_page();
}

EMSCRIPTEN_KEEPALIVE void taescope_gltf_export_finished(uint32_t id, int outcome, double bytes, double milliseconds,
                                                        const char* error) {
    const GltfExportPhase phase = outcome == 1   ? GltfExportPhase::Done
                                  : outcome == 2 ? GltfExportPhase::Cancelled
                                                 : GltfExportPhase::Failed;
    auto& model = app().gltf_export();
    model.finished(id, phase, uint64_t(bytes), milliseconds, error ? error : "");
    auto& dialog = app().state().edit.export_dialog;
    if (phase == GltfExportPhase::Done) dialog.gltf_last = model.last();
    if (phase == GltfExportPhase::Failed) dialog.gltf_error = model.error();
    app().notify_page();
}

}  // extern "C"
