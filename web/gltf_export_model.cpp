// The glTF export's job and state (gltf_export_model.h).
#include "gltf_export_model.h"

#include "binder/animation_names.h"
#include "json_writer.h"
#include "share/character_gltf.h"

namespace taescope::web {

const char* gltf_export_phase_name(GltfExportPhase phase) {
    switch (phase) {
        case GltfExportPhase::Idle:
            return "idle";
        case GltfExportPhase::Copying:
            return "copying";
        case GltfExportPhase::Running:
            return "running";
        case GltfExportPhase::Done:
            return "done";
        case GltfExportPhase::Cancelled:
            return "cancelled";
        case GltfExportPhase::Failed:
            return "failed";
    }
    return "?";
}

std::string GltfExportModel::prepare(bool all, const std::vector<uint64_t>& animations, HavokCharacter& havok,
                                     CharacterModel* model, const TemplateLibrary& templates,
                                     const std::string& stem) {
    if (busy()) return "a glTF export is on its way: wait for it or cancel it";
    if (!havok.has_havok()) return "glTF: the files open hold no Havok skeleton";
    // The skeleton and the animations are read here first: an error the worker would meet (no
    // skeleton, an animation that does not decode) is shown at once, not after the copy.
    if (auto skeleton = havok.skeleton(); !skeleton) return skeleton.error().to_string();
    GltfExportJob job;
    job.id = next_id_++;
    job.all = all;
    job.armature = stem;
    job.download_name = stem;
    if (!all && animations.size() == 1) job.download_name += "-" + animation_name(animations[0]);
    job.download_name += ".glb";
    for (const Document* doc : havok.documents()) job.binders.push_back({doc->name, doc->container.payload});
    if (model && model->has_model()) {
        const Bytes flver = model->flver_bytes();
        job.has_model = true;
        job.model = {model->flver_source_name(), SharedBytes(std::vector<uint8_t>(flver.begin(), flver.end()))};
    }
    for (uint64_t number : animations) {
        job.numbers.push_back(uint32_t(number));
        job.numbers.push_back(uint32_t(number >> 32));
    }
    job.events = encode_gltf_events(character_gltf_events(havok, &templates, animations));
    job_ = std::move(job);
    phase_ = GltfExportPhase::Copying;
    done_ = 0;
    total_ = uint32_t(animations.size());
    bytes_ = 0;
    milliseconds_ = 0;
    cancel_requested_ = false;
    error_.clear();
    return "";
}

void GltfExportModel::copied(uint32_t id) {
    if (id != job_.id || phase_ != GltfExportPhase::Copying) return;
    job_.binders.clear();
    job_.model = {};
    job_.events.clear();
    job_.events.shrink_to_fit();
    phase_ = GltfExportPhase::Running;
}

void GltfExportModel::progress(uint32_t id, uint32_t done, uint32_t total) {
    if (id != job_.id || !busy()) return;
    phase_ = GltfExportPhase::Running;
    done_ = done;
    total_ = total;
}

void GltfExportModel::finished(uint32_t id, GltfExportPhase outcome, uint64_t bytes, double milliseconds,
                               std::string error) {
    if (id != job_.id || !busy()) return;
    job_.binders.clear();
    job_.model = {};
    job_.events.clear();
    phase_ = outcome;
    cancel_requested_ = false;
    milliseconds_ = milliseconds;
    if (outcome == GltfExportPhase::Done) {
        bytes_ = bytes;
        done_ = total_;
        last_ = job_.download_name + ", " + std::to_string(bytes) + " bytes";
        error_.clear();
    } else if (outcome == GltfExportPhase::Cancelled) {
        ++cancelled_;
        error_.clear();
    } else {
        error_ = std::move(error);
    }
}

void GltfExportModel::write_json(JsonWriter& json) const {
    json.begin_object()
        .field("phase", gltf_export_phase_name(phase_))
        .field("id", uint64_t(job_.id))
        .field("all", job_.all)
        .field("name", job_.download_name)
        .field("done", uint64_t(done_))
        .field("total", uint64_t(total_))
        .field("bytes", bytes_)
        .field("milliseconds", milliseconds_)
        .field("cancelled", uint64_t(cancelled_))
        .field("error", error_)
        .field("last", last_)
        .end_object();
}

}  // namespace taescope::web
