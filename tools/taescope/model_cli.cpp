// What a model binder's FLVER holds, for info and census (model_cli.h).
#include "model_cli.h"

#include <map>

#include "binder/character_model.h"

namespace taescope::cli {

ModelSummary summarize_model(const Document& doc) {
    ModelSummary s;
    CharacterModel body({&doc});
    if (!body.has_model()) return s;
    s.present = true;
    s.flver = body.flver_name();
    auto model = body.model();
    if (!model.ok()) {
        s.error = model.error().to_string();
        return s;
    }
    const flver::Model& m = **model;
    s.meshes = m.meshes.size(), s.bones = m.bones.size(), s.dummies = m.dummies.size();
    std::map<int32_t, std::vector<size_t>> masks;
    for (size_t i = 0; i < m.meshes.size(); ++i) {
        s.mesh_errors += !m.meshes[i].error.empty();
        int32_t mask = m.materials[size_t(m.meshes[i].material)].mask;
        if (mask >= 0) masks[mask].push_back(i);
    }
    s.masks.assign(masks.begin(), masks.end());
    return s;
}

std::string model_summary_text(const ModelSummary& s) {
    if (!s.present) return "";
    std::string name = s.flver;
    size_t slash = name.find_last_of("\\/");
    if (slash != std::string::npos) name = name.substr(slash + 1);
    if (!s.error.empty()) return name + ": unreadable: " + s.error;
    std::string out = name + ": " + std::to_string(s.meshes) + " meshes";
    if (s.mesh_errors) out += " (" + std::to_string(s.mesh_errors) + " not decoded)";
    out += s.masks.empty() ? ", no mask groups" : ", masks";
    for (size_t k = 0; k < s.masks.size(); ++k) {
        out +=
            (k ? ", " : " ") + std::to_string(s.masks[k].first) + " (mesh" + (s.masks[k].second.size() > 1 ? "es" : "");
        for (size_t mesh : s.masks[k].second) out += " " + std::to_string(mesh);
        out += ")";
    }
    return out + ", " + std::to_string(s.bones) + " bones, " + std::to_string(s.dummies) + " dummies";
}

void write_model_summary(JsonOut& out, const ModelSummary& s) {
    out.begin_object().field("flver", s.flver);
    if (!s.error.empty()) {
        out.field("error", s.error).end_object();
        return;
    }
    out.field_uint("meshes", s.meshes).field_uint("bones", s.bones).field_uint("dummies", s.dummies);
    out.key("masks").begin_array();
    for (const auto& [mask, meshes] : s.masks) {
        out.begin_object().field_int("mask", mask).key("meshes").begin_array(true);
        for (size_t m : meshes) out.unsigned_integer(m);
        out.end_array().end_object();
    }
    out.end_array().end_object();
}

}  // namespace taescope::cli
