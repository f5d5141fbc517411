// The FLVER2 model (../shared/spec/flver-model.md): what a character's `cXXXX.flver` holds, as
// plain data. flver_reader.h fills it from the file's bytes; nothing here knows of Havok or of
// binders (the join with a skeleton lives in engine/binder/character_model.h).
//
// What a drawing client uses:
//   - Mesh::positions / normals / uv0 / bone_indices / bone_weights: the bind-pose vertex streams
//     as flat arrays (3, 3, 2, 4 and 4 values per vertex), decoded once by the reader;
//   - lod_triangles(mesh): the triangle list of a LOD (LOD0 by default) by the spec's §6 rules;
//   - Material::mask: the mesh-mask group of §7 (-1: always drawn).
// A mesh whose layout names a member type or semantic the reader does not know has `error` set
// and no streams; the rest of the model is whole. Every index in a model that read is in range:
// triangle corners < the mesh's vertex count, bone indices with a weight > 0 < the bone count,
// bone parents, dummy bones and mesh materials in range.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace taescope::flver {

using Vec3f = std::array<float, 3>;

// The 0x80-byte header (§1), every field as stored.
struct Header {
    bool big_endian = false;  // 'B\0' after the magic; only 'L\0' is read (an error otherwise)
    uint32_t version = 0;     // 0x2001A in Sekiro and Elden Ring
    uint32_t data_offset = 0;
    uint32_t data_length = 0;
    int32_t dummy_count = 0, material_count = 0, bone_count = 0, mesh_count = 0, vertex_buffer_count = 0;
    Vec3f bbox_min{}, bbox_max{};
    int32_t true_face_count = 0, total_face_count = 0;  // §6; count_faces() recomputes them
    uint8_t index_size = 0;                             // 0 (per face set), 8, 16 or 32
    uint8_t unicode = 1;                                // 1: UTF-16LE names, 0: Shift-JIS
    uint8_t unk4a = 0, unk4b = 0;
    int32_t unk4c = 0;
    int32_t face_set_count = 0, buffer_layout_count = 0, texture_count = 0;
    uint8_t unk5c = 0, unk5d = 0;
    int16_t unk68 = 0, unk6a = 0;
    int32_t unk74 = 0;
};

// A dummy poly (§2): a point the events and params name by reference id.
struct Dummy {
    Vec3f position{};  // in the parent bone's space
    std::array<uint8_t, 4> color{};
    Vec3f forward{};  // not unit length
    int16_t reference_id = 0;
    int16_t parent_bone = -1;
    Vec3f upward{};
    int16_t attach_bone = -1;
    uint8_t flag1 = 0;       // 1: follows the attach bone
    uint8_t use_upward = 0;  // 0: +Y is up (public readers) [U]
    int32_t unk30 = 0, unk34 = 0;
};

struct Texture {
    std::string path;  // empty on every corpus file
    std::string type;  // the sampler name, e.g. C_c5051__Robe_snp_Texture2D_2_AlbedoMap_0
    std::array<float, 2> scale{1, 1};
    uint8_t unk10 = 0, unk11 = 0;
    float unk14 = 0, unk18 = 0, unk1c = 0;
};

struct GxItem {
    std::string id;  // "GX00", ... (4 bytes as text)
    int32_t unk = 0;
    uint32_t length = 0;  // including the 12-byte head
};

struct Material {
    std::string name;  // e.g. "#01#Weapon"
    std::string path;  // MTD / matxml path
    int32_t flags = 0;
    int32_t unk18 = 0;
    int32_t first_texture = 0;  // into Model::textures
    int32_t texture_count = 0;
    uint32_t gx_offset = 0;  // 0: no GX list
    std::vector<GxItem> gx_items;
    int32_t mask = -1;  // §7: mask_index_of_material_name(name)
};

// A FLVER bone ("node", §4). Local transform M = T · Ry(y) · Rz(z) · Rx(x) · S.
struct Bone {
    std::string name;
    Vec3f translation{};
    Vec3f rotation{};  // Euler angles, radians
    Vec3f scale{1, 1, 1};
    int16_t parent = -1, first_child = -1, next_sibling = -1, previous_sibling = -1;
    Vec3f bbox_min{}, bbox_max{};  // bone-local
    int32_t unk3c = 0;
};

// Vertex layout member types (§5) and semantics.
enum class MemberType : uint32_t {
    Float2 = 0x01,
    Float3 = 0x02,
    Float4 = 0x03,
    Byte4A = 0x10,
    Byte4B = 0x11,
    Short2toFloat2 = 0x12,
    Byte4C = 0x13,
    UV = 0x15,
    UVPair = 0x16,
    ShortBoneIndices = 0x18,
    Short4toFloat4A = 0x1A,
    Short4toFloat4B = 0x2E,
    Byte4E = 0x2F,
    EdgeCompressed = 0xF0,
};
enum class Semantic : uint32_t {
    Position = 0,
    BoneWeights = 1,
    BoneIndices = 2,
    Normal = 3,
    UV = 5,
    Tangent = 6,
    Bitangent = 7,
    VertexColor = 10,
};
// "Float3", "Byte4B", ... or nullptr for a type the reader does not know.
const char* member_type_name(uint32_t type);
// Size in bytes of a known type (0: unknown or variable).
uint32_t member_type_size(uint32_t type);
// "Position", "UV", ... or nullptr.
const char* semantic_name(uint32_t semantic);

struct LayoutMember {
    int32_t stream = 0;  // the buffer index the layout is used at
    int32_t offset = 0;  // byte offset inside the vertex
    uint32_t type = 0;
    uint32_t semantic = 0;
    int32_t index = 0;  // UV0/UV1, Tangent0/1, ...
};
struct BufferLayout {
    std::vector<LayoutMember> members;
};

struct VertexBuffer {
    int32_t buffer_index = 0;  // within its mesh (stored field, 0x60000000 Edge bits included)
    int32_t layout = 0;        // into Model::layouts
    uint32_t vertex_size = 0;
    uint32_t vertex_count = 0;
    uint32_t length = 0;       // bytes
    uint32_t data_offset = 0;  // relative to Header::data_offset
};

inline constexpr uint32_t kFaceSetLod1 = 0x01000000;
inline constexpr uint32_t kFaceSetLod2 = 0x02000000;
inline constexpr uint32_t kFaceSetEdgeCompressed = 0x40000000;
inline constexpr uint32_t kFaceSetMotionBlur = 0x80000000;

struct FaceSet {
    uint32_t flags = 0;
    bool triangle_strip = false;
    bool cull_backfaces = false;
    int16_t unk06 = 0;
    int32_t stored_index_size = 0;  // as stored at 0x18 (0: the header's)
    uint32_t index_size = 16;       // the effective size, 16 or 32
    std::vector<uint32_t> indices;  // as stored (strips keep their 0xFFFF / 0xFFFFFFFF restarts)
};

struct Mesh {
    bool dynamic = false;
    int32_t material = 0;
    int32_t default_bone = -1;
    std::vector<int32_t> bone_table;  // empty in Sekiro / Elden Ring: vertex bone indices are global
    bool has_bbox = false;
    std::array<Vec3f, 3> bbox{};  // three vectors; not an AABB (§5), kept, not used
    std::vector<FaceSet> face_sets;
    std::vector<VertexBuffer> vertex_buffers;
    std::vector<int32_t> face_set_indices;       // global face-set indices, as stored
    std::vector<int32_t> vertex_buffer_indices;  // global vertex-buffer indices, as stored

    uint32_t vertex_count = 0;
    // The decoded streams (empty when `error` is set). Positions come from the first Position
    // member of buffer 0 (cloth meshes repeat it in buffer 2).
    std::vector<float> positions;        // xyz per vertex
    std::vector<float> normals;          // xyz per vertex (zeros when the layout has no normal)
    std::vector<float> uv0;              // uv per vertex (the first UV; zeros when none)
    std::vector<uint16_t> bone_indices;  // 4 per vertex, global FLVER bone indices (see bone_table)
    std::vector<float> bone_weights;     // 4 per vertex, as stored (u8/255: sums 0.988..1)
    std::vector<float> tangents;         // xyzw per vertex (the first Tangent; w = bitangent sign)
    std::vector<float> colors;           // rgba per vertex (the first VertexColor)
    bool has_normals = false, has_uv0 = false, has_bone_indices = false, has_bone_weights = false;
    bool has_tangents = false, has_colors = false;
    uint32_t uv_count = 0;  // UVs per vertex over every UV member (a UVPair or Float4 holds two)
    // Why this mesh's vertices could not be decoded, e.g.
    // "mesh 3 vertex buffer 1: layout 5 member 5 type 0x99 unknown at offset 0x1234"; "" when fine.
    std::string error;
};

struct SkeletonSetEntry {
    int16_t parent = -1, first_child = -1, next_sibling = -1, previous_sibling = -1;
    int32_t bone = 0;
};

struct Model {
    Header header;
    std::vector<Dummy> dummies;
    std::vector<Material> materials;
    std::vector<Bone> bones;
    std::vector<Mesh> meshes;
    std::vector<BufferLayout> layouts;
    std::vector<Texture> textures;
    std::vector<SkeletonSetEntry> skeleton_base, skeleton_all;  // version >= 0x2001A
    std::vector<std::string> notes;                             // what a reader should know
};

// §7: the integer between the first two '#' of a material name ("#01#Weapon" -> 1), else -1.
int32_t mask_index_of_material_name(std::string_view name);

// The face set of LOD `lod` (0, 1, 2): the first face set whose flags are exactly
// 0 / kFaceSetLod1 / kFaceSetLod2. -1 when the mesh has none.
int lod_face_set(const Mesh& mesh, int lod = 0);

// Appends the triangles of one face set to `out` as index triples (§6: lists as stored; strips
// by windows, restarts and degenerate windows skipped, odd windows reversed). Corners >=
// vertex_count are never emitted (the reader rejects them; this guards hand-made models).
void face_set_triangles(const FaceSet& face_set, uint32_t vertex_count, std::vector<uint32_t>& out);
// The triangle list of a LOD (empty when the mesh has no such face set).
std::vector<uint32_t> lod_triangles(const Mesh& mesh, int lod = 0);

// The header's two face counts recomputed from the face sets (§6).
struct FaceCounts {
    int64_t true_count = 0;
    int64_t total_count = 0;
};
FaceCounts count_faces(const Model& model);

}  // namespace taescope::flver
