// Shared by `taescope info` and `taescope census`: what a model binder's FLVER holds, in one
// line or one JSON object (meshes, mask groups and their meshes, bones, dummies), read through
// engine/binder/character_model.h.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "binder/document.h"
#include "cli_output.h"

namespace taescope::cli {

struct ModelSummary {
    bool present = false;  // the binder holds a .flver member
    std::string flver;     // its full stored name
    std::string error;     // why it does not read ("" when it does)
    size_t meshes = 0, bones = 0, dummies = 0, mesh_errors = 0;
    std::vector<std::pair<int32_t, std::vector<size_t>>> masks;  // mask group -> meshes (no -1)
};
ModelSummary summarize_model(const Document& doc);
// "c5051.flver: 10 meshes, masks 0 (mesh 7), 1 (mesh 8), 5 (meshes 1 2 3 4 5), 423 bones, 122 dummies"
std::string model_summary_text(const ModelSummary& s);
// {"flver", "meshes", "bones", "dummies", "masks": [{"mask", "meshes": [..]}], "error"?}
void write_model_summary(JsonOut& out, const ModelSummary& s);

}  // namespace taescope::cli
