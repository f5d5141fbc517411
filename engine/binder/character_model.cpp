// The join of a FLVER model with a Havok skeleton (stub; see character_model.h).
#include "binder/character_model.h"

namespace taescope {

Mat4d mat4_identity() { return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }
Mat4d mat4_multiply(const Mat4d& a, const Mat4d&) { return a; }
Mat4d mat4_inverse(const Mat4d& m) { return m; }
Mat4d flver_bone_local(const flver::Bone&) { return mat4_identity(); }
Mat4d havok_transform_matrix(const havok::QsTransform&) { return mat4_identity(); }
std::optional<FlverMemberRef> find_flver_member(const std::vector<const Document*>&) { return std::nullopt; }

CharacterRig::CharacterRig(const flver::Model& model, const havok::Skeleton* skeleton)
    : model_(&model), skeleton_(skeleton) {}
void CharacterRig::pose(const havok::Pose*, CharacterPose&) const {}
void CharacterRig::skin_matrices_f32(const CharacterPose&, std::vector<float>& out) { out.clear(); }
void CharacterRig::skin_mesh(const flver::Mesh&, const CharacterPose&, std::vector<float>& positions,
                             std::vector<float>*) const {
    positions.clear();
}
void CharacterRig::skin_mesh_f64(const flver::Mesh&, const CharacterPose&, std::vector<double>& positions) const {
    positions.clear();
}
void CharacterRig::posed_dummies(const CharacterPose&, std::vector<PosedDummy>& out) const { out.clear(); }

std::vector<uint8_t> mesh_visibility(const flver::Model& model, const MaskState&, bool) {
    return std::vector<uint8_t>(model.meshes.size(), 1);
}
std::vector<size_t> meshes_of_mask(const flver::Model&, int32_t) { return {}; }
bool field_names_dummy_poly_id(std::string_view) { return false; }
std::vector<int32_t> event_dummy_ids(const DecodedEvent&) { return {}; }
std::vector<size_t> dummies_with_id(const flver::Model&, int32_t) { return {}; }
std::vector<size_t> dummies_named_by_event(const flver::Model&, const DecodedEvent&) { return {}; }

CharacterModel::CharacterModel(std::vector<const Document*> documents) : documents_(std::move(documents)) {}
CharacterModel CharacterModel::from_flver_bytes(SharedBytes flver, std::string name) {
    CharacterModel m;
    m.loose_ = std::move(flver);
    m.loose_name_ = std::move(name);
    return m;
}
const std::string& CharacterModel::flver_name() const { return member_ ? member_->name : loose_name_; }
Result<const flver::Model*> CharacterModel::model() { return make_error(0, "character model: not yet implemented"); }
Result<const CharacterRig*> CharacterModel::rig(const havok::Skeleton*) {
    return make_error(0, "character model: not yet implemented");
}

}  // namespace taescope
