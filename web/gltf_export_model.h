// A glTF export on the page (issue 42): the character written as .glb by the export worker
// (web/worker/export_worker.cpp), off the main thread, with progress and a way to cancel. A
// model of its own: App dispatches to it, the Export window and state().gltfExport read it.
//
//   prepare(): the job's inputs taken here at once (the decoded payloads of the character's
//     binders, shared, not copied; the FLVER's bytes; the animations and their events as the
//     page has them, edits included) ── the page copies them out in slices, a task each ──
//   the worker samples and writes (progress after each animation) ── finished(): the bytes'
//     size, or cancelled (the worker terminated), or its error
//
// A job keeps its inputs alive until the page has copied them (copied()), whatever the user
// opens meanwhile: the export goes on and is downloaded; a new one waits for it to end.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "binder/character_model.h"
#include "binder/havok_character.h"
#include "io/shared_bytes.h"
#include "templates/template_library.h"

namespace taescope::web {

class JsonWriter;

enum class GltfExportPhase : uint8_t {
    Idle,       // no export yet
    Copying,    // the page is copying the inputs out, a slice a task
    Running,    // the export worker samples and writes
    Done,
    Cancelled,  // by the user (the worker was terminated)
    Failed,     // `error` says why
};
const char* gltf_export_phase_name(GltfExportPhase phase);  // "idle", "copying", ...

struct GltfExportInput {
    std::string name;   // as the page names the file (errors carry it)
    SharedBytes bytes;  // a binder's decoded payload, or the FLVER's bytes
};

struct GltfExportJob {
    uint32_t id = 0;
    bool all = false;
    std::string armature;       // the armature's name ("c5051")
    std::string download_name;  // "c5051.glb", "c5051-a000_003004.glb"
    std::vector<GltfExportInput> binders;  // in the order of the character's documents
    bool has_model = false;
    GltfExportInput model;
    std::vector<uint32_t> numbers;  // the animations' full numbers as pairs of words, low first
    std::vector<uint8_t> events;    // encode_gltf_events of the animations, in that order
};

class GltfExportModel {
public:
    // Takes the job's inputs from the open character (`model` null: skeleton only). An error
    // (returned, the phase unchanged) when an export is already on its way or nothing can be written.
    std::string prepare(bool all, const std::vector<uint64_t>& animations, HavokCharacter& havok, CharacterModel* model,
                        const TemplateLibrary& templates, const std::string& stem);
    const GltfExportJob& job() const { return job_; }
    bool busy() const { return phase_ == GltfExportPhase::Copying || phase_ == GltfExportPhase::Running; }
    // The page has its own copy of the inputs: they are let go.
    void copied(uint32_t id);
    void progress(uint32_t id, uint32_t done, uint32_t total);
    void finished(uint32_t id, GltfExportPhase outcome, uint64_t bytes, double milliseconds, std::string error);
    // The user asked to cancel (the Export window): the page terminates the worker, then finished().
    void cancel_requested() { cancel_requested_ = true; }
    bool cancel_pending() const { return cancel_requested_; }

    GltfExportPhase phase() const { return phase_; }
    uint32_t done() const { return done_; }
    uint32_t total() const { return total_; }
    double fraction() const { return total_ ? double(done_) / double(total_) : 0.0; }
    const std::string& error() const { return error_; }
    const std::string& last() const { return last_; }  // "c5051.glb, 39,364,860 bytes"
    uint32_t cancelled_count() const { return cancelled_; }

    void write_json(JsonWriter& json) const;  // state().gltfExport

private:
    GltfExportJob job_;
    uint32_t next_id_ = 1;
    GltfExportPhase phase_ = GltfExportPhase::Idle;
    uint32_t done_ = 0, total_ = 0, cancelled_ = 0;
    uint64_t bytes_ = 0;
    double milliseconds_ = 0;
    bool cancel_requested_ = false;
    std::string error_, last_;
};

}  // namespace taescope::web
