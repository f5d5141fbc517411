// The character's body: a FLVER model (engine/flver/) joined with the character's Havok skeleton
// (engine/havok/) by bone name, per ../shared/spec/flver-model.md §8 (skinning) and §10 (dummy
// polys). The two format readers know nothing of each other; the join lives here.
//
//   CharacterModel body({&anibnd, &chrbnd});            // finds the .flver member, reads nothing
//   auto model = body.model();                          // read on first use (error kept)
//   auto rig = body.rig(skeleton_or_null);              // bind matrices + FLVER -> Havok bone map
//   havok::compute_pose(skel, clip, frame, {.root_motion = false}, pose);
//   CharacterPose cp;  (*rig)->pose(&pose, cp);         // A(b), K(b) of every FLVER bone
//   (*rig)->skin_matrices_f32(cp, gpu_floats);          // 16 floats per bone, column-major, for the GPU
//   (*rig)->skin_mesh(model->meshes[i], cp, positions, &normals);   // the CPU path (tests, CLI)
//   (*rig)->posed_dummies(cp, dummies);                 // §10: position, forward, upward at the frame
// What the simulator's state means for the body (mesh visibility from the 32 mask groups, the
// dummies a selected event names) sits above binder and templates, in sim/character_body.h.
//
// Matrices are column-vector 4x4 (p' = M p), stored column-major (m[col * 4 + row]), in double
// for the reference checks; the page takes float copies. A pose is Havok's local transforms
// composed as matrices along the Havok parents: no root motion (the model-space figures of the
// spec and the CLI; the page may move the whole body by the root motion itself).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "binder/document.h"
#include "flver/flver_model.h"
#include "havok/pose.h"
#include "havok/skeleton.h"
#include "io/result.h"
#include "io/shared_bytes.h"

namespace taescope {

using Mat4d = std::array<double, 16>;  // column-major: m[col * 4 + row]
using Vec3d = std::array<double, 3>;

Mat4d mat4_identity();
Mat4d mat4_multiply(const Mat4d& a, const Mat4d& b);  // a · b
Mat4d mat4_inverse(const Mat4d& m);                   // general 4x4 inverse (identity when singular)
// T · Ry(y) · Rz(z) · Rx(x) · S: the FLVER bone's local transform (§4).
Mat4d flver_bone_local(const flver::Bone& bone);
// T(t) · R(q) · S(s): one Havok transform as a matrix (q normalised).
Mat4d havok_transform_matrix(const havok::QsTransform& t);

// Where the FLVER lives among the documents opened together.
struct FlverMemberRef {
    size_t document = 0;  // index into the documents given
    size_t member = 0;    // binder member index
    std::string name;     // full stored name (e.g. N:\GR\...\c5051.flver)
};
// The first member whose name ends in ".flver" (case-insensitive), scanning the documents in
// order (no bytes are read).
std::optional<FlverMemberRef> find_flver_member(const std::vector<const Document*>& documents);

// A(b) and K(b) of every FLVER bone at one pose.
struct CharacterPose {
    std::vector<Mat4d> animated;  // A(b): model space
    std::vector<Mat4d> skin;      // K(b) = A(b) · W(b)^-1
};

struct PosedDummy {
    size_t index = 0;  // into Model::dummies
    int16_t reference_id = 0;
    int32_t bone = -1;  // the bone it moves with: the attach bone when it follows one, else its parent bone
    Vec3d position{}, forward{}, upward{};  // model space; directions normalised
};

// The join of one FLVER model with one Havok skeleton (or none: the bind pose). Holds pointers
// to both: they must outlive it.
class CharacterRig {
public:
    CharacterRig(const flver::Model& model, const havok::Skeleton* skeleton);

    const flver::Model& model() const { return *model_; }
    const havok::Skeleton* skeleton() const { return skeleton_; }
    // Per FLVER bone: the Havok bone of the same name, or -1.
    const std::vector<int32_t>& havok_bone_of() const { return havok_of_; }
    size_t matched_bone_count() const { return matched_; }
    // FLVER bones matched by name whose FLVER parent is not the Havok parent's namesake (§8).
    const std::vector<size_t>& matched_with_different_parent() const { return different_parent_; }
    // W(b) and W(b)^-1 of every FLVER bone.
    const std::vector<Mat4d>& bind_world() const { return bind_; }
    const std::vector<Mat4d>& inverse_bind_world() const { return inverse_bind_; }
    // FLVER bones in an order where every parent comes first.
    const std::vector<uint32_t>& parent_first_order() const { return order_; }

    // A(b), K(b) at `pose` (its local transforms; computed by havok::compute_pose for this rig's
    // skeleton). Null pose, or no skeleton: the bind pose (K = identity). Reuses `out`'s storage.
    void pose(const havok::Pose* pose, CharacterPose& out) const;
    // K(b) of every FLVER bone as float32, 16 per bone, column-major: what the GPU uploads.
    static void skin_matrices_f32(const CharacterPose& pose, std::vector<float>& out);
    // CPU skinning of one mesh (§8): p' = sum w_i K(b_i) p / sum w_i over the slots with w_i > 0,
    // normals by the same matrices' linear part, renormalised to unit length. A vertex with no
    // weight keeps its bind position. `normals` may be null. Resizes the outputs (3 per vertex);
    // a mesh with an error gives empty outputs.
    void skin_mesh(const flver::Mesh& mesh, const CharacterPose& pose, std::vector<float>& positions,
                   std::vector<float>* normals) const;
    // The same in double precision, for the reference checks.
    void skin_mesh_f64(const flver::Mesh& mesh, const CharacterPose& pose, std::vector<double>& positions) const;
    // Every dummy at the pose (§10), in the FLVER's order.
    void posed_dummies(const CharacterPose& pose, std::vector<PosedDummy>& out) const;

private:
    const flver::Model* model_;
    const havok::Skeleton* skeleton_;
    std::vector<int32_t> havok_of_;
    size_t matched_ = 0;
    std::vector<size_t> different_parent_;
    std::vector<Mat4d> bind_, inverse_bind_, local_;
    std::vector<uint32_t> order_;
    mutable std::vector<Mat4d> havok_model_;  // scratch: H(b) per Havok bone
};

// The model of a character, read lazily from its model binder (or a loose .flver), with its
// rig for a skeleton. Nothing is read at construction: opening a model binder with an
// animation binder costs the animation binder nothing.
class CharacterModel {
public:
    CharacterModel() = default;
    // The documents must outlive this object. The first `.flver` member among them is the model.
    explicit CharacterModel(std::vector<const Document*> documents);
    // A loose .flver file.
    static CharacterModel from_flver_bytes(SharedBytes flver, std::string name);

    bool has_model() const { return member_.has_value() || !loose_.empty(); }
    // The FLVER member's full name ("" when none).
    const std::string& flver_name() const;
    const std::optional<FlverMemberRef>& member() const { return member_; }
    // The FLVER's bytes as stored (the member's, or the loose file's; empty without a model),
    // valid while the documents are, and the name its errors carry.
    Bytes flver_bytes() const;
    std::string flver_source_name() const;

    // The model, read on first call (its error, with the member's name, is kept too).
    Result<const flver::Model*> model();
    // The rig joining the model with `skeleton` (null: bind pose only), rebuilt when the
    // skeleton changes. The model's error when it does not read.
    Result<const CharacterRig*> rig(const havok::Skeleton* skeleton);

private:
    std::vector<const Document*> documents_;
    std::optional<FlverMemberRef> member_;
    SharedBytes loose_;
    std::string loose_name_;
    bool read_ = false;
    std::unique_ptr<flver::Model> model_;  // heap: the rig points into it, so a move keeps it valid
    std::optional<Error> error_;
    std::unique_ptr<CharacterRig> rig_;
};

}  // namespace taescope
