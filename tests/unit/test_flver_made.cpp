// The FLVER reader and rig on files made here (tests/unit/flver_builder.h), for what the spec
// marks [U] or the corpus never shows: triangle strips with restarts and degenerate windows,
// 32-bit indices and the header's index-size fallback, every layout member type of the spec's
// table, a model without "#NN#" material names, cloth meshes whose buffer 2 differs, bones Havok
// does not animate with vertices weighted to them, a bone whose Havok parent differs, and errors
// that name the table entry and the byte offset.
#include <cmath>
#include <string>

#include "binder/character_model.h"
#include "flver/flver_reader.h"
#include "flver_builder.h"
#include "havok/pose.h"
#include "sim/character_body.h"
#include "test_support.h"

namespace taescope::test {
namespace {

FlverBuild one_bone_build() {
    FlverBuild b;
    b.bones.push_back({"Root", -1, {0, 0, 0}, {0, 0, 0}, {1, 1, 1}});
    b.materials.push_back({"Body", "N:\\x.matxml"});
    return b;
}

flver::Model read_ok(const std::vector<uint8_t>& bytes) {
    auto m = flver::read_flver(bytes);
    REQUIRE_MESSAGE(m.ok(), (m.ok() ? std::string() : m.error().to_string()));
    return std::move(m).value();
}

std::vector<uint32_t> tri(const flver::Mesh& mesh) { return flver::lod_triangles(mesh); }

}  // namespace

TEST_CASE("flver made: strips with restarts and degenerate windows; header face counts by the §6 rule") {
    FlverBuild b = one_bone_build();
    FlverBuildMesh mesh = simple_mesh(9, 0, {});
    mesh.face_sets[0].strip = true;
    mesh.face_sets[0].indices = {0, 1, 2, 3, 0xFFFF, 4, 5, 6, 6, 7, 8};
    // A motion-blur copy: counted in the total, not in the true count.
    FlverBuildFaceSet blur = mesh.face_sets[0];
    blur.flags = flver::kFaceSetMotionBlur;
    mesh.face_sets.push_back(blur);
    b.meshes.push_back(mesh);
    flver::Model m = read_ok(build_flver(b));
    REQUIRE(m.meshes.size() == 1);
    CHECK(m.meshes[0].error == "");
    // Windows: (0,1,2) even -> as is; (1,2,3) odd -> reversed; three restart windows reset the
    // parity; (4,5,6) even; (5,6,6) and (6,6,7) degenerate, skipped but flipping; (6,7,8) odd.
    std::vector<uint32_t> expected = {0, 1, 2, 3, 2, 1, 4, 5, 6, 8, 7, 6};
    CHECK(tri(m.meshes[0]) == expected);
    flver::FaceCounts counts = flver::count_faces(m);
    CHECK(counts.total_count == 12);  // 6 non-restart windows in each of the two face sets
    CHECK(counts.true_count == 4);    // LOD0 only, degenerate windows left out
}

TEST_CASE("flver made: 32-bit indices, 0xFFFF as a real vertex past 65535 vertices, index-size fallback") {
    FlverBuild b = one_bone_build();
    const uint32_t n = 70000;
    FlverBuildMesh mesh = simple_mesh(n, 0, {69999, 65535, 1, 0, 1, 2});
    mesh.face_sets[0].index_size = 32;
    mesh.face_sets[0].stored_index_size = 32;
    FlverBuildFaceSet strip;
    strip.flags = flver::kFaceSetLod1;
    strip.strip = true;
    strip.index_size = 32;
    strip.stored_index_size = 32;
    strip.indices = {0xFFFF, 1, 2, 3};  // 65535 is a vertex here: no restart with >= 65535 vertices
    mesh.face_sets.push_back(strip);
    b.meshes.push_back(mesh);
    flver::Model m = read_ok(build_flver(b));
    REQUIRE(m.meshes[0].error == "");
    CHECK(m.meshes[0].face_sets[0].index_size == 32);
    CHECK(tri(m.meshes[0]) == std::vector<uint32_t>{69999, 65535, 1, 0, 1, 2});
    CHECK(flver::lod_triangles(m.meshes[0], 1) == std::vector<uint32_t>{0xFFFF, 1, 2, 3, 2, 1});
    CHECK(flver::lod_triangles(m.meshes[0], 2).empty());
    CHECK(m.meshes[0].positions[3 * 69999] == 69999.0f);

    // Header index size 16 and a face set that stores 0: the header's size is used.
    FlverBuild h = one_bone_build();
    h.header_index_size = 16;
    FlverBuildMesh small = simple_mesh(3, 0, {0, 1, 2});
    small.face_sets[0].stored_index_size = 0;
    h.meshes.push_back(small);
    flver::Model hm = read_ok(build_flver(h));
    CHECK(hm.meshes[0].face_sets[0].index_size == 16);
    CHECK(hm.meshes[0].face_sets[0].stored_index_size == 0);
    CHECK(tri(hm.meshes[0]) == std::vector<uint32_t>{0, 1, 2});
    // Both 0: an error naming the face set.
    h.header_index_size = 0;
    auto bad = flver::read_flver(build_flver(h));
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().to_string().find("face set 0") != std::string::npos);
    CHECK(bad.error().to_string().find("index size 0") != std::string::npos);
}

TEST_CASE("flver made: LOD0 is the first face set whose flags are 0") {
    FlverBuild b = one_bone_build();
    FlverBuildMesh mesh = simple_mesh(4, 0, {0, 1, 2});
    mesh.face_sets[0].flags = flver::kFaceSetMotionBlur;
    FlverBuildFaceSet lod0;
    lod0.indices = {1, 2, 3};
    mesh.face_sets.push_back(lod0);
    FlverBuildFaceSet second = lod0;
    second.indices = {3, 2, 1};
    mesh.face_sets.push_back(second);
    b.meshes.push_back(mesh);
    flver::Model m = read_ok(build_flver(b));
    CHECK(flver::lod_face_set(m.meshes[0]) == 1);
    CHECK(tri(m.meshes[0]) == std::vector<uint32_t>{1, 2, 3});
}

namespace {

// One mesh: Position Float3 at (1, 2, 3), then `member` holding `bytes`.
flver::Mesh mesh_with_member(uint32_t type, uint32_t semantic, std::vector<uint8_t> bytes, uint32_t version = 0x2001A) {
    FlverBuild b = one_bone_build();
    b.version = version;
    FlverBuildMesh mesh;
    mesh.vertex_count = 1;
    FlverBuildBuffer buf;
    buf.members = {{0x02, 0, 0, 12}, {type, semantic, 0, uint32_t(bytes.size())}};
    put_f32(buf.data, 1), put_f32(buf.data, 2), put_f32(buf.data, 3);
    buf.data.insert(buf.data.end(), bytes.begin(), bytes.end());
    mesh.buffers.push_back(buf);
    FlverBuildFaceSet fs;
    fs.indices = {0, 0, 0};
    mesh.face_sets.push_back(fs);
    b.meshes.push_back(mesh);
    auto m = flver::read_flver(build_flver(b));
    REQUIRE_MESSAGE(m.ok(), (m.ok() ? std::string() : m.error().to_string()));
    return m->meshes.at(0);
}

std::vector<uint8_t> f32s(std::initializer_list<float> v) {
    std::vector<uint8_t> out;
    for (float f : v) put_f32(out, f);
    return out;
}
std::vector<uint8_t> i16s(std::initializer_list<int> v) {
    std::vector<uint8_t> out;
    for (int x : v) put_u16(out, uint16_t(int16_t(x)));
    return out;
}
std::vector<uint8_t> u16s(std::initializer_list<unsigned> v) {
    std::vector<uint8_t> out;
    for (unsigned x : v) put_u16(out, uint16_t(x));
    return out;
}

void check_near(const std::vector<float>& got, size_t at, std::initializer_list<float> expected, const char* what) {
    size_t k = 0;
    for (float e : expected) {
        REQUIRE(at + k < got.size());
        CHECK_MESSAGE(std::fabs(got[at + k] - e) < 1e-6f, what << "[" << k << "]: " << got[at + k] << " vs " << e);
        ++k;
    }
}

constexpr uint32_t kPos = 0, kWeights = 1, kIndices = 2, kNormal = 3, kUv = 5, kTangent = 6, kBitangent = 7,
                   kColor = 10;

}  // namespace

TEST_CASE("flver made: every layout member type of the spec's table decodes by its semantic") {
    // Position: Float3 above; Float4 keeps xyz.
    {
        FlverBuild b = one_bone_build();
        FlverBuildMesh mesh;
        mesh.vertex_count = 1;
        FlverBuildBuffer buf;
        buf.members = {{0x03, kPos, 0, 16}};
        buf.data = f32s({4, 5, 6, 0});
        mesh.buffers.push_back(buf);
        b.meshes.push_back(mesh);
        flver::Model m = read_ok(build_flver(b));
        check_near(m.meshes[0].positions, 0, {4, 5, 6}, "Float4 position");
    }
    // Normals.
    check_near(mesh_with_member(0x02, kNormal, f32s({0, 1, 0})).normals, 0, {0, 1, 0}, "Float3 normal");
    check_near(mesh_with_member(0x03, kNormal, f32s({0, 0, 1, 0})).normals, 0, {0, 0, 1}, "Float4 normal");
    check_near(mesh_with_member(0x10, kNormal, {254, 127, 0, 0}).normals, 0, {1, 0, -1}, "Byte4A normal");
    check_near(mesh_with_member(0x11, kNormal, {254, 127, 0, 0}).normals, 0, {1, 0, -1}, "Byte4B normal");
    check_near(mesh_with_member(0x2F, kNormal, {127, 254, 127, 0}).normals, 0, {0, 1, 0}, "Byte4E normal");
    // 0x12: u8 w, then s8 z, y, x.
    check_near(mesh_with_member(0x12, kNormal, {9, 127, 0, 0x81}).normals, 0, {-1, 0, 1}, "0x12 normal");
    check_near(mesh_with_member(0x1A, kNormal, i16s({32767, -32767, 0, 0})).normals, 0, {1, -1, 0},
               "Short4toFloat4A normal");
    check_near(mesh_with_member(0x2E, kNormal, u16s({65534, 0, 32767, 0})).normals, 0, {1, -32767.0f / 32767, 0},
               "Short4toFloat4B normal");
    // UVs (F = 2048 from version 0x2000F, 1024 before).
    check_near(mesh_with_member(0x01, kUv, f32s({0.25f, 0.5f})).uv0, 0, {0.25f, 0.5f}, "Float2 uv");
    check_near(mesh_with_member(0x03, kUv, f32s({0.75f, 0.5f, 9, 9})).uv0, 0, {0.75f, 0.5f}, "Float4 uv");
    check_near(mesh_with_member(0x10, kUv, i16s({1024, -2048})).uv0, 0, {0.5f, -1}, "Byte4A uv");
    check_near(mesh_with_member(0x12, kUv, i16s({2048, 512})).uv0, 0, {1, 0.25f}, "0x12 uv");
    check_near(mesh_with_member(0x13, kUv, {255, 0, 51, 0}).uv0, 0, {1, 0}, "Byte4C uv");
    check_near(mesh_with_member(0x15, kUv, i16s({1024, 1024})).uv0, 0, {0.5f, 0.5f}, "UV");
    check_near(mesh_with_member(0x15, kUv, i16s({1024, 1024}), 0x2000C).uv0, 0, {1, 1}, "UV before 0x2000F");
    flver::Mesh pair = mesh_with_member(0x16, kUv, i16s({2048, 1024, 512, 256}));
    check_near(pair.uv0, 0, {1, 0.5f}, "UVPair uv");
    CHECK(pair.uv_count == 2);
    check_near(mesh_with_member(0x2E, kUv, i16s({4096, 0, 0, 0})).uv0, 0, {2, 0}, "Short4toFloat4B uv");
    // Tangents.
    check_near(mesh_with_member(0x03, kTangent, f32s({1, 0, 0, -1})).tangents, 0, {1, 0, 0, -1}, "Float4 tangent");
    check_near(mesh_with_member(0x10, kTangent, {254, 127, 127, 0}).tangents, 0, {1, 0, 0, -1}, "Byte4A tangent");
    check_near(mesh_with_member(0x11, kTangent, {127, 0, 127, 254}).tangents, 0, {0, -1, 0, 1}, "Byte4B tangent");
    check_near(mesh_with_member(0x2F, kTangent, {127, 0, 127, 254}).tangents, 0, {0, -1, 0, 1}, "Byte4E tangent");
    check_near(mesh_with_member(0x1A, kTangent, i16s({0, 32767, 0, -32767})).tangents, 0, {0, 1, 0, -1},
               "Short4toFloat4A tangent");
    CHECK(mesh_with_member(0x11, kBitangent, {127, 0, 127, 254}).error == "");  // read, not stored
    // Colours.
    check_near(mesh_with_member(0x03, kColor, f32s({1, 0.5f, 0, 1})).colors, 0, {1, 0.5f, 0, 1}, "Float4 colour");
    check_near(mesh_with_member(0x10, kColor, {255, 0, 51, 255}).colors, 0, {1, 0, 0.2f, 1}, "Byte4A colour");
    check_near(mesh_with_member(0x13, kColor, {255, 0, 51, 255}).colors, 0, {1, 0, 0.2f, 1}, "Byte4C colour");
    // Bone weights.
    check_near(mesh_with_member(0x10, kWeights, {127, 0, 0x81, 0}).bone_weights, 0, {1, 0, -1, 0}, "Byte4A weights");
    check_near(mesh_with_member(0x13, kWeights, {255, 0, 51, 0}).bone_weights, 0, {1, 0, 0.2f, 0}, "Byte4C weights");
    check_near(mesh_with_member(0x16, kWeights, u16s({0x7FFF, 0x8000, 0, 0})).bone_weights, 0,
               {1, 0, 32768.0f / 65535, 32768.0f / 65535}, "UVPair weights");
    check_near(mesh_with_member(0x1A, kWeights, i16s({32767, 0, 0, 0})).bone_weights, 0, {1, 0, 0, 0},
               "Short4toFloat4A weights");
    // Bone indices.
    flver::Mesh b4 = mesh_with_member(0x11, kIndices, {0, 0, 0, 0});
    CHECK(b4.bone_indices == std::vector<uint16_t>{0, 0, 0, 0});
    CHECK(b4.has_bone_indices);
    flver::Mesh s4 = mesh_with_member(0x18, kIndices, u16s({0, 0, 0, 0}));
    CHECK(s4.error == "");
    flver::Mesh e4 = mesh_with_member(0x2F, kIndices, {0, 0, 0, 0});
    CHECK(e4.error == "");
}

TEST_CASE("flver made: an unknown member type or semantic fails that mesh only, naming it and its offset") {
    FlverBuild b = one_bone_build();
    b.meshes.push_back(simple_mesh(3, 0, {0, 1, 2}));
    FlverBuildMesh odd = simple_mesh(3, 0, {0, 1, 2});
    odd.buffers[0].members[2] = {0x99, 1, 0, 4};  // weights of a type nobody knows
    b.meshes.push_back(odd);
    FlverBuildMesh odd_semantic = simple_mesh(3, 0, {0, 1, 2});
    odd_semantic.buffers[0].members[2] = {0x13, 42, 0, 4};
    b.meshes.push_back(odd_semantic);
    FlverBuildMesh no_row = simple_mesh(3, 0, {0, 1, 2});
    no_row.buffers[0].members[1] = {0x02, kIndices, 0, 4};  // Float3 bone indices: no row in the table
    b.meshes.push_back(no_row);
    auto bytes = build_flver(b);
    flver::Model m = read_ok(bytes);
    REQUIRE(m.meshes.size() == 4);
    CHECK(m.meshes[0].error == "");
    CHECK(m.meshes[0].positions.size() == 9);
    const std::string& e1 = m.meshes[1].error;
    CHECK(e1.find("mesh 1 vertex buffer 0") != std::string::npos);
    CHECK(e1.find("layout 1 member 2 type 0x99 unknown at offset 0x") != std::string::npos);
    // The offset named is where the type is stored.
    size_t at = std::stoul(e1.substr(e1.rfind("0x")), nullptr, 16);
    REQUIRE(at + 4 <= bytes.size());
    CHECK(load_u32le(bytes.data() + at) == 0x99);
    CHECK(m.meshes[1].positions.empty());
    CHECK(m.meshes[2].error.find("semantic 42 unknown") != std::string::npos);
    CHECK(m.meshes[3].error.find("has no decoding for semantic BoneIndices") != std::string::npos);
    // The meshes with errors draw nothing; the good one still does.
    CHECK(flver::lod_triangles(m.meshes[0]).size() == 3);
}

TEST_CASE("flver made: material masks by the §7 rule; a model with no #NN# names is all -1") {
    CHECK(flver::mask_index_of_material_name("#01#Weapon") == 1);
    CHECK(flver::mask_index_of_material_name("#05#c5051_Robe") == 5);
    CHECK(flver::mask_index_of_material_name("Material #281") == -1);
    CHECK(flver::mask_index_of_material_name("c5051_Body") == -1);
    CHECK(flver::mask_index_of_material_name("#ab#x") == -1);
    CHECK(flver::mask_index_of_material_name("##x") == -1);
    CHECK(flver::mask_index_of_material_name("a#12#b#3#") == 12);
    FlverBuild b = one_bone_build();
    b.materials = {{"Body", "p"}, {"Material #281", "p"}, {"Cloak", "p"}};
    for (int i = 0; i < 3; ++i) b.meshes.push_back(simple_mesh(3, 0, {0, 1, 2}, i));
    flver::Model m = read_ok(build_flver(b));
    for (const auto& mat : m.materials) CHECK(mat.mask == -1);
    // Every mesh drawn whatever the mask groups say.
    MaskState masks{};
    for (auto& g : masks) g.visibility = MaskVisibility::Hidden;
    CHECK(mesh_visibility(m, masks) == std::vector<uint8_t>{1, 1, 1});
    // With masks: hidden groups hide their meshes, Default counts as shown, force shows all.
    b.materials = {{"#00#Weapon", "p"}, {"#01#Weapon", "p"}, {"Body", "p"}};
    flver::Model w = read_ok(build_flver(b));
    MaskState s{};
    s[0].visibility = MaskVisibility::Hidden;
    s[1].visibility = MaskVisibility::Default;
    CHECK(mesh_visibility(w, s) == std::vector<uint8_t>{0, 1, 1});
    CHECK(mesh_visibility(w, s, true) == std::vector<uint8_t>{1, 1, 1});
    CHECK(meshes_of_mask(w, 1) == std::vector<size_t>{1});
    CHECK(meshes_of_mask(w, -1) == std::vector<size_t>{2});
}

TEST_CASE("flver made: a cloth mesh draws buffer 0's position even when buffer 2 differs") {
    FlverBuild b = one_bone_build();
    FlverBuildMesh mesh;
    mesh.vertex_count = 1;
    FlverBuildBuffer b0, b1, b2;
    b0.members = {{0x02, kPos, 0, 12}, {0x11, kNormal, 0, 4}};
    b0.data = f32s({1, 2, 3});
    b0.data.insert(b0.data.end(), {254, 127, 127, 0});
    b1.members = {{0x11, kIndices, 0, 4}, {0x13, kWeights, 0, 4}, {0x16, kUv, 0, 8}};
    b1.data = {0, 0, 0, 0, 255, 0, 0, 0};
    auto uv = i16s({1024, 0, 0, 0});
    b1.data.insert(b1.data.end(), uv.begin(), uv.end());
    b2.members = {{0x02, kPos, 1, 12}, {0x11, kNormal, 1, 4}};
    b2.data = f32s({7, 8, 9});
    b2.data.insert(b2.data.end(), {127, 254, 127, 0});
    mesh.buffers = {b0, b1, b2};
    b.meshes.push_back(mesh);
    flver::Model m = read_ok(build_flver(b));
    REQUIRE(m.meshes[0].error == "");
    check_near(m.meshes[0].positions, 0, {1, 2, 3}, "cloth position");
    check_near(m.meshes[0].normals, 0, {1, 0, 0}, "cloth normal");
    check_near(m.meshes[0].uv0, 0, {0.5f, 0}, "cloth uv");
    check_near(m.meshes[0].bone_weights, 0, {1, 0, 0, 0}, "cloth weights");
}

namespace {

havok::Skeleton test_skeleton() {
    havok::Skeleton s;
    s.bones.resize(3);
    s.bones[0].name = "Root";
    s.bones[1].name = "Arm";
    s.bones[1].parent = 0;
    s.bones[1].reference.translation = {1, 0, 0};
    s.bones[2].name = "Hand";
    s.bones[2].parent = 1;
    s.bones[2].reference.translation = {0, 0, 1};
    havok::order_bones(s);
    return s;
}

void check_point(const std::vector<double>& p, size_t v, double x, double y, double z, const char* what) {
    CHECK_MESSAGE(std::fabs(p[3 * v] - x) < 1e-9, what << " x " << p[3 * v]);
    CHECK_MESSAGE(std::fabs(p[3 * v + 1] - y) < 1e-9, what << " y " << p[3 * v + 1]);
    CHECK_MESSAGE(std::fabs(p[3 * v + 2] - z) < 1e-9, what << " z " << p[3 * v + 2]);
}

}  // namespace

TEST_CASE("flver made: a bone Havok does not animate follows its FLVER parent; a re-parented bone follows Havok") {
    // FLVER: Root, Arm (under Root, at x 1), Extra (under Arm, at y 1: not in Havok), Hand (a FLVER
    // root at x 5; in Havok it sits under Arm at z 1).
    FlverBuild b;
    b.bones.push_back({"Root", -1, {0, 0, 0}, {0, 0, 0}, {1, 1, 1}});
    b.bones.push_back({"Arm", 0, {1, 0, 0}, {0, 0, 0}, {1, 1, 1}});
    b.bones.push_back({"Extra", 1, {0, 1, 0}, {0, 0, 0}, {1, 1, 1}});
    b.bones.push_back({"Hand", -1, {5, 0, 0}, {0, 0, 0}, {1, 1, 1}});
    b.materials.push_back({"Body", "p"});
    FlverBuildMesh mesh;
    mesh.vertex_count = 3;
    FlverBuildBuffer buf;
    buf.members = {{0x02, kPos, 0, 12}, {0x11, kIndices, 0, 4}, {0x13, kWeights, 0, 4}};
    auto vertex = [&](float x, float y, float z, std::initializer_list<uint8_t> idx_w) {
        put_f32(buf.data, x), put_f32(buf.data, y), put_f32(buf.data, z);
        buf.data.insert(buf.data.end(), idx_w);
    };
    vertex(1.5f, 1, 0, {2, 0, 0, 0, 255, 0, 0, 0});  // on Extra, 0.5 along its x
    vertex(5, 0, 0, {3, 0, 0, 0, 255, 0, 0, 0});     // at Hand's bind origin
    vertex(1, 1, 0, {1, 2, 0, 0, 100, 100, 0, 0});   // half Arm, half Extra (weights sum 200/255)
    mesh.buffers.push_back(buf);
    b.meshes.push_back(mesh);
    // A dummy following Extra, another fixed.
    FlverBuildDummy follow;
    follow.reference_id = 200;
    follow.parent_bone = 0;
    follow.attach_bone = 2;
    follow.flag1 = 1;
    follow.position[0] = 1, follow.position[1] = 1;  // Extra's bind origin, in Root's (identity) space
    follow.forward[0] = 0.1f, follow.forward[2] = 0;
    b.dummies.push_back(follow);
    FlverBuildDummy fixed = follow;
    fixed.flag1 = 0;
    fixed.reference_id = 200;
    b.dummies.push_back(fixed);
    flver::Model m = read_ok(build_flver(b));
    REQUIRE(m.meshes[0].error == "");

    havok::Skeleton s = test_skeleton();
    CharacterRig rig(m, &s);
    CHECK(rig.havok_bone_of() == std::vector<int32_t>{0, 1, -1, 2});
    CHECK(rig.matched_bone_count() == 3);
    CHECK(rig.matched_with_different_parent() == std::vector<size_t>{3});

    havok::Pose pose;
    havok::compute_pose(s, nullptr, 0, havok::PoseOptions{false}, pose);
    const double h = std::sqrt(0.5);
    pose.local[1].rotation = {0, 0, h, h};  // Arm turns 90 degrees about z
    CharacterPose cp;
    rig.pose(&pose, cp);
    std::vector<double> p;
    rig.skin_mesh_f64(m.meshes[0], cp, p);
    // Extra = T(1,0,0) Rz90 T(0,1,0): origin (0,0,0), its x axis along +y.
    check_point(p, 0, 0, 0.5, 0, "vertex on Extra");
    // Hand from Havok: T(1,0,0) Rz90 T(0,0,1) -> (1, 0, 1), not its FLVER bind (5, 0, 0).
    check_point(p, 1, 1, 0, 1, "vertex on Hand");
    // (1,1,0) on Arm: Arm-local (0,1,0) -> (1,0,0) + Rz90 (0,1,0) = (0,0,0); on Extra: local
    // (0,0,0) -> (0,0,0). Renormalised half and half: (0,0,0).
    check_point(p, 2, 0, 0, 0, "vertex on Arm and Extra");
    std::vector<float> pf, nf;
    rig.skin_mesh(m.meshes[0], cp, pf, &nf);
    CHECK(std::fabs(pf[1] - 0.5f) < 1e-6f);

    std::vector<PosedDummy> dummies;
    rig.posed_dummies(cp, dummies);
    REQUIRE(dummies.size() == 2);
    CHECK(dummies[0].bone == 2);
    CHECK(std::fabs(dummies[0].position[0]) < 1e-9);
    CHECK(std::fabs(dummies[0].position[1]) < 1e-9);
    CHECK(std::fabs(dummies[0].forward[1] - 1) < 1e-9);  // x turned to +y, normalised
    CHECK(dummies[1].bone == 0);
    CHECK(std::fabs(dummies[1].position[0] - 1) < 1e-9);  // fixed: stays at its bind place
    CHECK(std::fabs(dummies[1].forward[0] - 1) < 1e-9);
    CHECK(dummies_with_id(m, 200) == std::vector<size_t>{0, 1});

    // Without a skeleton: the bind pose, every vertex where it is stored.
    CharacterRig bind(m, nullptr);
    bind.pose(&pose, cp);
    bind.skin_mesh_f64(m.meshes[0], cp, p);
    check_point(p, 1, 5, 0, 0, "bind pose");
}

TEST_CASE("flver made: errors name the table entry and the byte offset") {
    FlverBuild b = one_bone_build();
    b.bones.push_back({"Child", 7, {0, 0, 0}, {0, 0, 0}, {1, 1, 1}});
    auto bad_parent = flver::read_flver(build_flver(b));
    REQUIRE_FALSE(bad_parent.ok());
    CHECK(bad_parent.error().context == "bone 1");
    CHECK(bad_parent.error().offset == 0x80 + 0x20 + 0x80 + 0x1C);  // header, one material, bone 0, parent field
    // A loop in the parents.
    FlverBuild loop = one_bone_build();
    loop.bones[0].parent = 1;
    loop.bones.push_back({"B", 0, {0, 0, 0}, {0, 0, 0}, {1, 1, 1}});
    auto looped = flver::read_flver(build_flver(loop));
    REQUIRE_FALSE(looped.ok());
    CHECK(looped.error().message.find("loops") != std::string::npos);
    // A dummy's attach bone out of range.
    FlverBuild d = one_bone_build();
    FlverBuildDummy dummy;
    dummy.attach_bone = 3;
    d.dummies.push_back(dummy);
    auto bad_dummy = flver::read_flver(build_flver(d));
    REQUIRE_FALSE(bad_dummy.ok());
    CHECK(bad_dummy.error().context == "dummy 0");
    CHECK(bad_dummy.error().offset == 0x80 + 0x2C);
    // A face index past the vertices: that mesh's error.
    FlverBuild f = one_bone_build();
    f.meshes.push_back(simple_mesh(3, 0, {0, 1, 3}));
    flver::Model fm = read_ok(build_flver(f));
    CHECK(fm.meshes[0].error.find("vertex 3 out of range (3 vertices)") != std::string::npos);
    CHECK(fm.meshes[0].positions.empty());  // a mesh with an error keeps no streams to draw
    CHECK(flver::lod_triangles(fm.meshes[0]).empty());
    // A weighted bone index past the bones: that mesh's error.
    FlverBuild w = one_bone_build();
    w.meshes.push_back(simple_mesh(3, 4, {0, 1, 2}));
    flver::Model wm = read_ok(build_flver(w));
    CHECK(wm.meshes[0].error.find("bone index 4 with weight") != std::string::npos);
    // Truncated: the header, then the tables.
    auto whole = build_flver(f);
    CHECK_FALSE(flver::read_flver(Bytes(whole.data(), 0x40)).ok());
    auto cut = flver::read_flver(Bytes(whole.data(), 0x90));
    REQUIRE_FALSE(cut.ok());
    // Not a FLVER.
    CHECK_FALSE(flver::is_flver(Bytes(whole.data() + 1, 10)));
    CHECK(flver::is_flver(whole));
}

TEST_CASE("flver made: old versions index the mesh's bone table (§5 [U])") {
    FlverBuild b = one_bone_build();
    b.version = 0x2000C;
    b.bones.push_back({"Two", 0, {0, 0, 0}, {0, 0, 0}, {1, 1, 1}});
    FlverBuildMesh mesh = simple_mesh(3, 0, {0, 1, 2});
    mesh.bone_table = {1};
    b.meshes.push_back(mesh);
    flver::Model m = read_ok(build_flver(b));
    REQUIRE(m.meshes[0].error == "");
    CHECK(m.meshes[0].bone_indices[0] == 1);  // table entry 0 -> global bone 1
}

TEST_CASE("flver made: event dummy ids come from fields whose name says dummy poly id") {
    CHECK(field_names_dummy_poly_id("Dummy Poly ID"));
    CHECK(field_names_dummy_poly_id("DummyPolyID"));
    CHECK(field_names_dummy_poly_id("Dummy Poly - Blade Tip ID"));
    CHECK(field_names_dummy_poly_id("Model 0 - Dummy Poly ID"));
    CHECK(field_names_dummy_poly_id("Dummy Poly ID 3"));
    CHECK_FALSE(field_names_dummy_poly_id("Follow Dummy Poly"));
    CHECK_FALSE(field_names_dummy_poly_id("Dummy Poly Source"));
    CHECK_FALSE(field_names_dummy_poly_id("Decal Param ID - Dummy Poly"));
    CHECK_FALSE(field_names_dummy_poly_id("IsIgnoreDummyPolyAngle"));
    CHECK_FALSE(field_names_dummy_poly_id("Behavior Judge ID"));

    EventTypeTemplate t = template_of_scalars(96, {FieldType::S32, FieldType::S16, FieldType::S16, FieldType::U8});
    t.fields[0].name = "Dummy Poly ID";
    t.fields[1].name = "Dummy Poly - Blade Tip ID";
    t.fields[2].name = "Dummy Poly ID 2";  // -1: none
    t.fields[3].name = "Follow Dummy Poly";
    t.pack();
    GameTemplates game;
    game.types.push_back(t);
    game.finish();
    std::vector<uint8_t> params;
    put_u32(params, 200);
    put_u16(params, 201);
    put_u16(params, 0xFFFF);
    params.push_back(1);
    params.resize(12, 0);
    DecodedEvent e = decode_event(&game, 96, params);
    CHECK(event_dummy_ids(e) == std::vector<int32_t>{200, 201});

    FlverBuild b = one_bone_build();
    for (int16_t id : {200, 5, 201, 200}) {
        FlverBuildDummy d;
        d.reference_id = id;
        b.dummies.push_back(d);
    }
    flver::Model m = read_ok(build_flver(b));
    CHECK(dummies_named_by_event(m, e) == std::vector<size_t>{0, 2, 3});
}

}  // namespace taescope::test
