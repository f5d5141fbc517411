// flver_model.h's rules: mask from a material name, LOD face sets, triangles (stub).
#include "flver/flver_model.h"

namespace taescope::flver {

const char* member_type_name(uint32_t) { return nullptr; }
uint32_t member_type_size(uint32_t) { return 0; }
const char* semantic_name(uint32_t) { return nullptr; }
int32_t mask_index_of_material_name(std::string_view) { return -1; }
int lod_face_set(const Mesh&, int) { return -1; }
void face_set_triangles(const FaceSet&, uint32_t, std::vector<uint32_t>&) {}
std::vector<uint32_t> lod_triangles(const Mesh&, int) { return {}; }
FaceCounts count_faces(const Model&) { return {}; }

}  // namespace taescope::flver
