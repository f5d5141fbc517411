// glTF 2.0 binary (.glb) output of a character: an armature, optional skinned meshes and
// animations, from a neutral description (nothing here knows of Havok, FLVER or TAE;
// character_gltf.h builds the description from a character). Written with tinygltf (Debian
// libtinygltf-dev 2.7.0) to bytes in memory: no file system, no image library.
//
// Handedness. The games' space is left-handed with Y up; glTF's is right-handed with Y up. The
// input is in the games' space and the writer mirrors the Z axis, the one change of handedness
// that keeps Y up and X to the character's side, applied to everything alike, so nothing comes
// out mirrored:
//   - positions, normals, translations:   (x, y, z)      -> (x, y, -z)
//   - rotations (quaternion x, y, z, w):  (x, y, z, w)   -> (-x, -y, z, w)   (S R S, S = diag(1, 1, -1))
//   - scales: unchanged;  matrices (inverse binds): M -> S M S
//   - triangles: the index order is kept. A mirror reverses the winding, so the games' clockwise
//     front faces (../shared/spec/flver-model.md §6: 97-99.98% of LOD0 triangles run clockwise
//     around their normals) become counter-clockwise: glTF's front face.
//
// What the validator asks for, and how the writer meets it: skin weights are renormalised to sum
// 1 (a vertex with no weight is bound wholly to the mesh's fallback joint), a joint named twice
// by one vertex is merged, zero-weight slots name joint 0; normals are unit length (a zero normal
// becomes +Y); every accessor a primitive or sampler reads carries min/max; the joints share one
// root (a node named after the armature, parent of every root joint, itself joint 0 of the skin).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "io/result.h"

namespace taescope::gltf {

using Vec3 = std::array<double, 3>;
using Quat = std::array<double, 4>;   // x, y, z, w
using Mat4 = std::array<double, 16>;  // column-major: m[col * 4 + row], p' = M p

struct Trs {
    Vec3 translation{0, 0, 0};
    Quat rotation{0, 0, 0, 1};
    Vec3 scale{1, 1, 1};
};

struct Joint {
    std::string name;
    int32_t parent = -1;  // index into Armature::joints, lower than this joint's; -1: a root
    Trs rest;             // local (parent-relative) transform of the rest pose: the node's own
    Mat4 inverse_bind{};  // the inverse of the joint's model-space bind matrix
};

struct Armature {
    std::string name;  // the root node's name (the character, e.g. "c5051")
    std::vector<Joint> joints;
};

// One skinned triangle mesh, in bind pose, model space (the games' space: see above).
struct SkinnedMesh {
    std::string name;
    std::string material;                                // becomes the glTF material's name
    std::array<float, 4> color{0.8f, 0.8f, 0.8f, 1.0f};  // base colour (linear RGBA)
    bool double_sided = false;
    std::vector<float> positions;   // 3 per vertex
    std::vector<float> normals;     // 3 per vertex, or empty
    std::vector<float> uv0;         // 2 per vertex, or empty
    std::vector<uint32_t> joints;   // 4 per vertex: indices into Armature::joints
    std::vector<float> weights;     // 4 per vertex, any scale (renormalised here)
    std::vector<uint32_t> indices;  // 3 per triangle, each < the vertex count
    uint32_t fallback_joint = 0;    // the joint of vertices without weight
};

// An event of the animation's TAE, written to the animation's extras.
struct AnimationEvent {
    int32_t type = 0;
    std::string name;  // the template's name of the type ("" when unknown)
    double start = 0, end = 0;
};

struct Animation {
    std::string name;           // e.g. "a000_003000"
    std::vector<double> times;  // seconds, strictly increasing: the clip's frame times
    // Per joint (Armature::joints order), one local transform per time; a joint whose list is
    // empty is not animated. Channels whose values never differ from the joint's rest are left out.
    std::vector<std::vector<Trs>> joints;
    std::vector<AnimationEvent> events;
    std::string events_note;  // e.g. where the events come from (an import), written beside them
};

struct Scene {
    Armature armature;
    std::vector<SkinnedMesh> meshes;
    std::vector<Animation> animations;
    std::string generator = "TAE Scope";
};

// The .glb bytes, or why the description cannot be written (a joint whose parent is not before
// it, a vertex stream of the wrong length, an index out of range, times that do not increase).
Result<std::vector<uint8_t>> write_glb(const Scene& scene);

// Helpers shared with the tests (and character_gltf.cpp): the mirror above, on one value.
Vec3 mirror_z(const Vec3& v);
Quat mirror_z(const Quat& q);
Mat4 mirror_z(const Mat4& m);
// T(t) · R(q) · S(s) as a matrix (q normalised).
Mat4 trs_matrix(const Trs& trs);
Mat4 multiply(const Mat4& a, const Mat4& b);  // a · b
// The inverse of an affine matrix (last row 0, 0, 0, 1); identity when its 3x3 part is singular.
Mat4 affine_inverse(const Mat4& m);
// T · R · S of an affine matrix without shear: scale = the columns' lengths (x negated when the
// determinant is negative), rotation from the normalised columns.
Trs decompose(const Mat4& m);

}  // namespace taescope::gltf
