// The FLVER reader and the character rig against the real model binder c5051.chrbnd.dcx (Kraken,
// read by the document loader) and what an independent reader took from it
// (../shared/corpus/flver-reference/eldenring__c5051.chrbnd.json): header, counts, bones,
// dummies, materials with their masks, layouts, per mesh vertex count, buffers, face sets, the
// first vertices and LOD0 triangles; the header's face counts recomputed by the §6 rule; and the
// body skinned by c5051.anibnd.dcx's a000_003022 at frames 0, 37 and 150 (first 16 vertices,
// bounds and centroid of every mesh, every dummy posed), to 1e-3.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "binder/animation_names.h"
#include "binder/character_model.h"
#include "binder/havok_character.h"
#include "flver/flver_reader.h"
#include "havok/pose.h"
#include "test_cli_json.h"
#include "test_support.h"

namespace taescope::test {
namespace {

constexpr double kTol = 1e-3;

struct Corpus {
    std::vector<uint8_t> chrbnd_bytes, anibnd_bytes;
    std::unique_ptr<Document> chrbnd, anibnd;
    Json reference;
};

// Opened once for every test case of this file (the Kraken decode is the slow part).
const Corpus* corpus() {
    static std::unique_ptr<Corpus> c;
    static bool tried = false;
    if (tried) return c.get();
    tried = true;
    std::string chr = corpus_path("eldenring/c5051.chrbnd.dcx");
    std::string ani = corpus_path("eldenring/c5051.anibnd.dcx");
    std::string ref = corpus_path("flver-reference/eldenring__c5051.chrbnd.json");
    if (chr.empty() || ani.empty() || ref.empty()) return nullptr;
    auto out = std::make_unique<Corpus>();
    out->chrbnd_bytes = load(chr);
    out->anibnd_bytes = load(ani);
    auto d1 = open_document(out->chrbnd_bytes, "c5051.chrbnd.dcx");
    REQUIRE_MESSAGE(d1.ok(), (d1.ok() ? std::string() : d1.error().to_string()));
    out->chrbnd = std::make_unique<Document>(std::move(d1).value());
    auto d2 = open_document(out->anibnd_bytes, "c5051.anibnd.dcx");
    REQUIRE_MESSAGE(d2.ok(), (d2.ok() ? std::string() : d2.error().to_string()));
    out->anibnd = std::make_unique<Document>(std::move(d2).value());
    auto rb = load(ref);
    auto json = JsonReader(std::string(rb.begin(), rb.end())).parse();
    REQUIRE(json.has_value());
    out->reference = std::move(*json);
    c = std::move(out);
    return c.get();
}

double num(const Json* j) {
    REQUIRE(j != nullptr);
    return j->number;
}

template <class V>
void check_vec(const Json* expected, const V& got, size_t n, double tol, const std::string& what) {
    REQUIRE_MESSAGE(expected != nullptr, what);
    REQUIRE_MESSAGE(expected->items.size() == n, what);
    for (size_t c = 0; c < n; ++c)
        CHECK_MESSAGE(std::fabs(expected->items[c].number - double(got[c])) <= tol,
                      what << "[" << c << "]: expected " << expected->items[c].number << ", got " << double(got[c]));
}

const flver::Model& corpus_model(CharacterModel& body) {
    auto m = body.model();
    REQUIRE_MESSAGE(m.ok(), (m.ok() ? std::string() : m.error().to_string()));
    return **m;
}

}  // namespace

TEST_CASE("flver: c5051's model binder holds one .flver, found by suffix and read lazily") {
    const Corpus* c = corpus();
    if (!c) return;
    CharacterModel body({c->anibnd.get(), c->chrbnd.get()});
    REQUIRE(body.has_model());
    CHECK(body.member()->document == 1);
    const Json& ref = *c->reference.get("model");
    std::string expected = ref.get("flver_member")->text;
    std::string got = body.flver_name();
    std::replace(got.begin(), got.end(), '\\', '/');
    CHECK(got == expected);
    CHECK(binder_member_bytes(*c->chrbnd, body.member()->member).size() == size_t(num(ref.get("flver_size"))));
    // Opening the animation binder alone finds no model.
    CharacterModel none({c->anibnd.get()});
    CHECK_FALSE(none.has_model());
    CHECK_FALSE(none.model().ok());
}

TEST_CASE("flver: c5051 header, counts, face counts and bounding box as the independent reader read them") {
    const Corpus* c = corpus();
    if (!c) return;
    CharacterModel body({c->chrbnd.get()});
    const flver::Model& m = corpus_model(body);
    const Json& h = *c->reference.get("model")->get("header");
    CHECK(m.header.version == uint32_t(num(h.get("version"))));
    CHECK(m.header.data_offset == uint32_t(num(h.get("data_offset"))));
    CHECK(m.header.data_length == uint32_t(num(h.get("data_length"))));
    CHECK(m.dummies.size() == size_t(num(h.get("dummy_count"))));
    CHECK(m.materials.size() == size_t(num(h.get("material_count"))));
    CHECK(m.bones.size() == size_t(num(h.get("bone_count"))));
    CHECK(m.meshes.size() == size_t(num(h.get("mesh_count"))));
    CHECK(m.header.vertex_buffer_count == int32_t(num(h.get("vertex_buffer_count"))));
    CHECK(m.header.face_set_count == int32_t(num(h.get("face_set_count"))));
    CHECK(m.layouts.size() == size_t(num(h.get("buffer_layout_count"))));
    CHECK(m.textures.size() == size_t(num(h.get("texture_count"))));
    CHECK(m.header.index_size == uint8_t(num(h.get("vertex_index_size"))));
    CHECK(m.header.unicode == uint8_t(num(h.get("unicode"))));
    CHECK(m.header.unk5d == uint8_t(num(h.get("unk5d"))));
    CHECK(m.header.unk68 == int16_t(num(h.get("unk68"))));
    check_vec(h.get("bbox_min"), m.header.bbox_min, 3, kTol, "bbox_min");
    check_vec(h.get("bbox_max"), m.header.bbox_max, 3, kTol, "bbox_max");
    // §6: the header's two face counts are reproduced from the face sets.
    flver::FaceCounts counts = flver::count_faces(m);
    CHECK(counts.true_count == int64_t(num(h.get("true_face_count"))));
    CHECK(counts.total_count == int64_t(num(h.get("total_face_count"))));
    CHECK(counts.true_count == m.header.true_face_count);
    CHECK(counts.total_count == m.header.total_face_count);
    const Json& counts_ref = *c->reference.get("model")->get("counts");
    CHECK(m.skeleton_base.size() == size_t(num(counts_ref.get("skeleton_set_base"))));
    CHECK(m.skeleton_all.size() == size_t(num(counts_ref.get("skeleton_set_all"))));
    // The skeleton set's hierarchy equals the bone table's (§4).
    for (size_t b = 0; b < m.skeleton_base.size(); ++b)
        CHECK(m.skeleton_base[b].parent == m.bones[size_t(m.skeleton_base[b].bone)].parent);
    // The header box is tight over every vertex (§1), to the reference's 1e-3 (the stored box
    // and the vertices differ by up to 1.03e-4 here).
    float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
    for (const auto& mesh : m.meshes)
        for (size_t i = 0; i < mesh.positions.size(); ++i) {
            lo[i % 3] = std::min(lo[i % 3], mesh.positions[i]);
            hi[i % 3] = std::max(hi[i % 3], mesh.positions[i]);
        }
    for (int a = 0; a < 3; ++a) {
        CHECK(std::fabs(lo[a] - m.header.bbox_min[size_t(a)]) < kTol);
        CHECK(std::fabs(hi[a] - m.header.bbox_max[size_t(a)]) < kTol);
    }
}

TEST_CASE("flver: c5051 bones, dummies, materials with their masks, and layouts") {
    const Corpus* c = corpus();
    if (!c) return;
    CharacterModel body({c->chrbnd.get()});
    const flver::Model& m = corpus_model(body);
    const Json& ref = *c->reference.get("model");
    for (const Json& rb : ref.get("first_bones")->items) {
        size_t i = size_t(num(rb.get("i")));
        REQUIRE(i < m.bones.size());
        const flver::Bone& b = m.bones[i];
        CAPTURE(i);
        CHECK(b.name == rb.get("name")->text);
        CHECK(b.parent == int16_t(num(rb.get("parent"))));
        CHECK(b.first_child == int16_t(num(rb.get("child"))));
        CHECK(b.next_sibling == int16_t(num(rb.get("next_sibling"))));
        CHECK(b.previous_sibling == int16_t(num(rb.get("prev_sibling"))));
        CHECK(b.unk3c == int32_t(num(rb.get("unk3c"))));
        check_vec(rb.get("translation"), b.translation, 3, kTol, "translation");
        check_vec(rb.get("rotation"), b.rotation, 3, kTol, "rotation");
        check_vec(rb.get("scale"), b.scale, 3, kTol, "scale");
        check_vec(rb.get("bbox_min"), b.bbox_min, 3, kTol, "bbox_min");
        check_vec(rb.get("bbox_max"), b.bbox_max, 3, kTol, "bbox_max");
    }
    for (const Json& rd : ref.get("first_dummies")->items) {
        size_t i = size_t(num(rd.get("i")));
        REQUIRE(i < m.dummies.size());
        const flver::Dummy& d = m.dummies[i];
        CAPTURE(i);
        CHECK(d.reference_id == int16_t(num(rd.get("reference_id"))));
        CHECK(d.parent_bone == int16_t(num(rd.get("parent_bone"))));
        CHECK(d.attach_bone == int16_t(num(rd.get("attach_bone"))));
        CHECK(d.flag1 == uint8_t(num(rd.get("flag1"))));
        CHECK(d.use_upward == uint8_t(num(rd.get("use_upward"))));
        check_vec(rd.get("position"), d.position, 3, kTol, "position");
        check_vec(rd.get("forward"), d.forward, 3, kTol, "forward");
        check_vec(rd.get("upward"), d.upward, 3, kTol, "upward");
        check_vec(rd.get("color_bytes"), d.color, 4, 0, "colour");
    }
    // The whole dummy table by name of its bones (the skinned part's table).
    const Json& table = *c->reference.get("skinned")->get("dummy_table");
    REQUIRE(table.items.size() == m.dummies.size());
    for (const Json& rd : table.items) {
        const flver::Dummy& d = m.dummies[size_t(num(rd.get("i")))];
        CHECK(d.reference_id == int16_t(num(rd.get("ref"))));
        const Json* pb = rd.get("parent_bone");
        const Json* ab = rd.get("attach_bone");
        CHECK((pb->kind == Json::Kind::Null ? d.parent_bone < 0 : m.bones[size_t(d.parent_bone)].name == pb->text));
        CHECK((ab->kind == Json::Kind::Null ? d.attach_bone < 0 : m.bones[size_t(d.attach_bone)].name == ab->text));
    }
    const auto& mats = ref.get("materials")->items;
    REQUIRE(mats.size() == m.materials.size());
    for (size_t i = 0; i < mats.size(); ++i) {
        const flver::Material& mat = m.materials[i];
        CAPTURE(i);
        CHECK(mat.name == mats[i].get("name")->text);
        CHECK(mat.path == mats[i].get("mtd")->text);
        CHECK(mat.flags == int32_t(num(mats[i].get("flags"))));
        CHECK(mat.unk18 == int32_t(num(mats[i].get("unk18"))));
        CHECK(mat.mask == int32_t(num(mats[i].get("mask"))));
        // The reader's GX ids: the end item is not listed by us.
        std::vector<std::string> gx;
        for (const auto& g : mats[i].get("gx_items")->items)
            if (g.text != "END") gx.push_back(g.text);
        REQUIRE(mat.gx_items.size() == gx.size());
        for (size_t g = 0; g < gx.size(); ++g) CHECK(mat.gx_items[g].id == gx[g]);
        const auto& tex = mats[i].get("textures")->items;
        REQUIRE(size_t(mat.texture_count) == tex.size());
        for (size_t t = 0; t < tex.size(); ++t) {
            const flver::Texture& x = m.textures[size_t(mat.first_texture) + t];
            CHECK(x.type == tex[t].get("type")->text);
            CHECK(x.path == tex[t].get("path")->text);
            check_vec(tex[t].get("scale"), x.scale, 2, kTol, "texture scale");
        }
    }
    const auto& layouts = ref.get("layouts")->items;
    REQUIRE(layouts.size() == m.layouts.size());
    for (size_t i = 0; i < layouts.size(); ++i) {
        REQUIRE(layouts[i].items.size() == m.layouts[i].members.size());
        for (size_t k = 0; k < layouts[i].items.size(); ++k) {
            const Json& rm = layouts[i].items[k];
            const flver::LayoutMember& mem = m.layouts[i].members[k];
            CAPTURE(i);
            CAPTURE(k);
            CHECK(mem.type == uint32_t(std::stoul(rm.get("type")->text, nullptr, 16)));
            CHECK(std::string(flver::member_type_name(mem.type)) == rm.get("type_name")->text);
            CHECK(std::string(flver::semantic_name(mem.semantic)) == rm.get("semantic")->text);
            CHECK(mem.index == int32_t(num(rm.get("index"))));
            CHECK(mem.offset == int32_t(num(rm.get("offset"))));
            CHECK(mem.stream == int32_t(num(rm.get("stream"))));
        }
    }
    // mask_to_meshes: the §7 rule through the mesh's material.
    for (const auto& [key, meshes] : ref.get("mask_to_meshes")->members) {
        int32_t mask = std::stoi(key);
        for (const Json& mi : meshes.items)
            CHECK(m.materials[size_t(m.meshes[size_t(mi.number)].material)].mask == mask);
    }
}

TEST_CASE("flver: c5051 meshes: vertex buffers, face sets, first vertices and LOD0 triangles") {
    const Corpus* c = corpus();
    if (!c) return;
    CharacterModel body({c->chrbnd.get()});
    const flver::Model& m = corpus_model(body);
    const auto& meshes = c->reference.get("model")->get("meshes")->items;
    REQUIRE(meshes.size() == m.meshes.size());
    for (size_t i = 0; i < meshes.size(); ++i) {
        const Json& rm = meshes[i];
        const flver::Mesh& mesh = m.meshes[i];
        CAPTURE(i);
        CHECK(mesh.error == "");
        CHECK(mesh.dynamic == (num(rm.get("dynamic")) != 0));
        CHECK(mesh.material == int32_t(num(rm.get("material_index"))));
        CHECK(m.materials[size_t(mesh.material)].name == rm.get("material_name")->text);
        CHECK(mesh.default_bone == int32_t(num(rm.get("default_bone"))));
        CHECK(mesh.bone_table.size() == size_t(num(rm.get("bone_table_size"))));
        CHECK(mesh.vertex_count == uint32_t(num(rm.get("vertex_count"))));
        const auto& vbs = rm.get("vertex_buffers")->items;
        REQUIRE(vbs.size() == mesh.vertex_buffers.size());
        for (size_t b = 0; b < vbs.size(); ++b) {
            CHECK(mesh.vertex_buffer_indices[b] == int32_t(num(vbs[b].get("index"))));
            CHECK(mesh.vertex_buffers[b].layout == int32_t(num(vbs[b].get("layout"))));
            CHECK(mesh.vertex_buffers[b].vertex_size == uint32_t(num(vbs[b].get("vertex_size"))));
            CHECK(mesh.vertex_buffers[b].buffer_index == int32_t(num(vbs[b].get("buffer_index_field"))));
        }
        const auto& fss = rm.get("face_sets")->items;
        REQUIRE(fss.size() == mesh.face_sets.size());
        for (size_t f = 0; f < fss.size(); ++f) {
            const flver::FaceSet& fs = mesh.face_sets[f];
            CHECK(mesh.face_set_indices[f] == int32_t(num(fss[f].get("index"))));
            CHECK(fs.flags == uint32_t(std::stoul(fss[f].get("flags")->text, nullptr, 16)));
            CHECK(fs.triangle_strip == (num(fss[f].get("triangle_strip")) != 0));
            CHECK(fs.cull_backfaces == (num(fss[f].get("cull_backfaces")) != 0));
            CHECK(fs.unk06 == int16_t(num(fss[f].get("unk06"))));
            CHECK(fs.indices.size() == size_t(num(fss[f].get("index_count"))));
            CHECK(fs.index_size == uint32_t(num(fss[f].get("index_size"))));
            std::vector<uint32_t> tris;
            flver::face_set_triangles(fs, mesh.vertex_count, tris);
            CHECK(tris.size() / 3 == size_t(num(fss[f].get("triangles"))));
        }
        // The reference names LOD0 by its global face-set index.
        REQUIRE(flver::lod_face_set(mesh) >= 0);
        CHECK(mesh.face_set_indices[size_t(flver::lod_face_set(mesh))] == int32_t(num(rm.get("lod0_face_set"))));
        std::vector<uint32_t> lod0 = flver::lod_triangles(mesh);
        CHECK(lod0.size() / 3 == size_t(num(rm.get("lod0_triangle_count"))));
        const auto& tris = rm.get("first_triangles")->items;
        for (size_t t = 0; t < tris.size(); ++t)
            for (size_t k = 0; k < 3; ++k) CHECK(lod0[3 * t + k] == uint32_t(tris[t].items[k].number));
        const auto& verts = rm.get("first_vertices")->items;
        REQUIRE(mesh.positions.size() == 3 * size_t(mesh.vertex_count));
        for (size_t v = 0; v < verts.size(); ++v) {
            const Json& rv = verts[v];
            std::string w = "mesh " + std::to_string(i) + " vertex " + std::to_string(v);
            check_vec(rv.get("position"), &mesh.positions[3 * v], 3, kTol, w + " position");
            check_vec(rv.get("normal"), &mesh.normals[3 * v], 3, kTol, w + " normal");
            check_vec(&rv.get("uvs")->items[0], &mesh.uv0[2 * v], 2, kTol, w + " uv0");
            check_vec(rv.get("bone_indices"), &mesh.bone_indices[4 * v], 4, 0, w + " bone indices");
            check_vec(rv.get("bone_weights"), &mesh.bone_weights[4 * v], 4, kTol, w + " bone weights");
            CHECK(mesh.uv_count == rv.get("uvs")->items.size());
            if (!rv.get("tangents")->items.empty())
                check_vec(&rv.get("tangents")->items[0], &mesh.tangents[4 * v], 4, kTol, w + " tangent");
            if (!rv.get("colors")->items.empty())
                check_vec(&rv.get("colors")->items[0], &mesh.colors[4 * v], 4, kTol, w + " colour");
        }
    }
}

TEST_CASE("flver: c5051 skinned by a000_003022 at frames 0, 37, 150 as the float64 reference") {
    const Corpus* c = corpus();
    if (!c) return;
    CharacterModel body({c->anibnd.get(), c->chrbnd.get()});
    const flver::Model& m = corpus_model(body);
    HavokCharacter havok({c->anibnd.get(), c->chrbnd.get()});
    auto skeleton = havok.skeleton();
    REQUIRE_MESSAGE(skeleton.ok(), (skeleton.ok() ? std::string() : skeleton.error().to_string()));
    auto rig = body.rig(*skeleton);
    REQUIRE(rig.ok());
    const CharacterRig& r = **rig;
    const Json& skinned = *c->reference.get("skinned");
    const Json& matching = *skinned.get("matching");
    CHECK(r.matched_bone_count() == size_t(num(matching.get("matched_by_name"))));
    CHECK(r.matched_with_different_parent().size() == size_t(num(matching.get("matched_with_different_parent_count"))));

    const Json& anim = skinned.get("animations")->items.at(0);
    auto number = parse_clip_member_name(anim.get("name")->text);
    REQUIRE(number.has_value());
    auto clip = havok.clip(number->animation);
    REQUIRE_MESSAGE(clip.ok(), (clip.ok() ? std::string() : clip.error().to_string()));
    CHECK((*clip)->summary.frame_count == uint32_t(num(anim.get("frame_count"))));

    havok::Pose pose;
    CharacterPose cp;
    std::vector<float> positions, normals;
    std::vector<double> positions64;
    std::vector<PosedDummy> dummies;
    for (const auto& [frame_key, frame] : anim.get("frames")->members) {
        const double f = std::stod(frame_key);
        CAPTURE(f);
        havok::compute_pose(**skeleton, clip->get(), f, havok::PoseOptions{false}, pose);
        r.pose(&pose, cp);
        for (const Json& rm : frame.get("meshes")->items) {
            size_t i = size_t(num(rm.get("index")));
            const flver::Mesh& mesh = m.meshes.at(i);
            CAPTURE(i);
            CHECK(m.materials[size_t(mesh.material)].name == rm.get("material")->text);
            r.skin_mesh(mesh, cp, positions, &normals);
            r.skin_mesh_f64(mesh, cp, positions64);
            REQUIRE(positions.size() == 3 * size_t(mesh.vertex_count));
            const auto& first = rm.get("first")->items;
            for (size_t v = 0; v < first.size(); ++v) {
                check_vec(&first[v], &positions64[3 * v], 3, kTol, "f64 vertex " + std::to_string(v));
                check_vec(&first[v], &positions[3 * v], 3, kTol, "f32 vertex " + std::to_string(v));
            }
            double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300}, sum[3] = {0, 0, 0};
            double worst_f32 = 0;
            for (size_t k = 0; k < positions64.size(); ++k) {
                lo[k % 3] = std::min(lo[k % 3], positions64[k]);
                hi[k % 3] = std::max(hi[k % 3], positions64[k]);
                sum[k % 3] += positions64[k];
                worst_f32 = std::max(worst_f32, std::fabs(positions64[k] - double(positions[k])));
            }
            CHECK(worst_f32 < kTol);
            const double centroid[3] = {sum[0] / mesh.vertex_count, sum[1] / mesh.vertex_count,
                                        sum[2] / mesh.vertex_count};
            check_vec(rm.get("bbox")->get("min"), lo, 3, kTol, "bbox min");
            check_vec(rm.get("bbox")->get("max"), hi, 3, kTol, "bbox max");
            check_vec(rm.get("centroid"), centroid, 3, kTol, "centroid");
            // Skinned normals stay unit length.
            for (size_t v = 0; v < mesh.vertex_count; v += 97) {
                double len = std::sqrt(normals[3 * v] * normals[3 * v] + normals[3 * v + 1] * normals[3 * v + 1] +
                                       normals[3 * v + 2] * normals[3 * v + 2]);
                CHECK(std::fabs(len - 1) < 1e-3);
            }
        }
        r.posed_dummies(cp, dummies);
        REQUIRE(dummies.size() == m.dummies.size());
        size_t checked = 0;
        for (const auto& [id, list] : frame.get("dummies")->members) {
            for (const Json& rd : list.items) {
                size_t i = size_t(num(rd.get("i")));
                REQUIRE(i < dummies.size());
                CAPTURE(i);
                CHECK(dummies[i].reference_id == std::stoi(id));
                check_vec(rd.get("pos"), dummies[i].position, 3, kTol, "dummy position");
                check_vec(rd.get("fwd"), dummies[i].forward, 3, kTol, "dummy forward");
                check_vec(rd.get("up"), dummies[i].upward, 3, kTol, "dummy upward");
                ++checked;
            }
        }
        CHECK(checked == m.dummies.size());
    }
}

TEST_CASE("flver: c5051 bind pose through the rig gives back the stored positions; skin matrices as float32") {
    const Corpus* c = corpus();
    if (!c) return;
    CharacterModel body({c->anibnd.get(), c->chrbnd.get()});
    const flver::Model& m = corpus_model(body);
    HavokCharacter havok({c->anibnd.get()});
    auto skeleton = havok.skeleton();
    REQUIRE(skeleton.ok());
    auto rig = body.rig(*skeleton);
    REQUIRE(rig.ok());
    // The Havok reference pose reproduces the stored positions to 1e-4 (§8: 3e-5 .. 6e-5 m).
    havok::Pose pose;
    havok::compute_pose(**skeleton, nullptr, 0, havok::PoseOptions{false}, pose);
    CharacterPose cp;
    (*rig)->pose(&pose, cp);
    std::vector<double> p;
    double worst = 0;
    for (const auto& mesh : m.meshes) {
        (*rig)->skin_mesh_f64(mesh, cp, p);
        for (size_t k = 0; k < p.size(); ++k) worst = std::max(worst, std::fabs(p[k] - double(mesh.positions[k])));
    }
    CHECK(worst < 1e-4);
    std::vector<float> f32;
    CharacterRig::skin_matrices_f32(cp, f32);
    REQUIRE(f32.size() == 16 * m.bones.size());
    for (size_t b = 0; b < m.bones.size(); b += 37)
        for (size_t k = 0; k < 16; ++k) CHECK(std::fabs(double(f32[16 * b + k]) - cp.skin[b][k]) < 1e-6);
    // Without a pose (or without a skeleton) every skin matrix is the identity.
    (*rig)->pose(nullptr, cp);
    for (const auto& k : cp.skin) CHECK(k == mat4_identity());
}

namespace {

// What "safe to draw" means for a model that read: every index a renderer or the skinning
// follows is in range, and the streams are sized to the vertex count. Returns what is wrong.
std::string unsafe_to_draw(const flver::Model& m) {
    const size_t bones = m.bones.size();
    for (size_t i = 0; i < m.dummies.size(); ++i) {
        const auto& d = m.dummies[i];
        if (d.parent_bone < -1 || d.parent_bone >= int32_t(bones) || d.attach_bone < -1 ||
            d.attach_bone >= int32_t(bones))
            return "dummy " + std::to_string(i) + " bone out of range";
    }
    for (size_t i = 0; i < bones; ++i)
        if (m.bones[i].parent < -1 || m.bones[i].parent >= int32_t(bones)) return "bone " + std::to_string(i);
    for (size_t i = 0; i < m.meshes.size(); ++i) {
        const auto& mesh = m.meshes[i];
        if (mesh.material < 0 || size_t(mesh.material) >= m.materials.size()) return "mesh material";
        if (!mesh.error.empty()) {
            if (!mesh.positions.empty()) return "mesh " + std::to_string(i) + " has an error and streams";
            continue;
        }
        const size_t n = mesh.vertex_count;
        if (mesh.positions.size() != 3 * n || mesh.normals.size() != 3 * n || mesh.uv0.size() != 2 * n ||
            mesh.bone_indices.size() != 4 * n || mesh.bone_weights.size() != 4 * n)
            return "mesh " + std::to_string(i) + " streams not sized to its vertices";
        for (size_t k = 0; k < 4 * n; ++k)
            if (mesh.bone_weights[k] > 0 && mesh.bone_indices[k] >= bones)
                return "mesh " + std::to_string(i) + " weighted bone index out of range";
        for (int lod = 0; lod < 3; ++lod)
            for (uint32_t v : flver::lod_triangles(mesh, lod))
                if (v >= n) return "mesh " + std::to_string(i) + " triangle corner out of range";
    }
    return {};
}

}  // namespace

TEST_CASE("flver: 1,000 damaged copies of c5051's model give errors or models that are safe to draw") {
    const Corpus* c = corpus();
    if (!c) return;
    CharacterModel body({c->chrbnd.get()});
    REQUIRE(body.model().ok());
    Bytes original = binder_member_bytes(*c->chrbnd, body.member()->member);
    std::vector<uint8_t> bytes(original.begin(), original.end());
    const uint32_t tables_end = (*body.model())->header.data_offset;  // header, tables and pools
    uint64_t state = 0x243F6A8885A308D3ull;                           // a fixed seed: the same 1,000 copies each run
    auto next = [&state](uint64_t bound) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % bound;
    };
    size_t errors = 0, models = 0, meshes_failed = 0;
    for (int k = 0; k < 1000; ++k) {
        // Flipped bytes (most of them in the tables, where they change structure, the rest
        // anywhere), a truncation, or both.
        const int kind = k % 3;
        std::vector<std::pair<size_t, uint8_t>> saved;
        if (kind != 1) {
            const int flips = 1 + int(next(8));
            for (int f = 0; f < flips; ++f) {
                size_t at = next(4) ? next(tables_end) : next(bytes.size());
                saved.push_back({at, bytes[at]});
                bytes[at] = uint8_t(bytes[at] ^ (1u << next(8)) ^ (next(4) ? 0 : next(256)));
            }
        }
        size_t length = kind != 0 ? (next(2) ? next(tables_end) : next(bytes.size())) : bytes.size();
        auto m = flver::read_flver(Bytes(bytes.data(), length));
        if (m.ok()) {
            ++models;
            std::string why = unsafe_to_draw(*m);
            CHECK_MESSAGE(why.empty(), "copy " << k << ": " << why);
            for (const auto& mesh : m->meshes) meshes_failed += !mesh.error.empty();
            // The rig poses and skins whatever read (every 10th model: skinning the whole body
            // each time would be most of this test's time in a debug build).
            if (models % 10 == 1) {
                CharacterRig rig(*m, nullptr);
                CharacterPose cp;
                rig.pose(nullptr, cp);
                std::vector<float> p;
                for (const auto& mesh : m->meshes) rig.skin_mesh(mesh, cp, p, nullptr);
            }
        } else {
            ++errors;
            CHECK(!m.error().message.empty());
        }
        for (auto it = saved.rbegin(); it != saved.rend(); ++it) bytes[it->first] = it->second;
    }
    MESSAGE("c5051.flver, 1,000 damaged copies: " << errors << " errors, " << models << " models (" << meshes_failed
                                                  << " meshes with their own error)");
    CHECK(errors + models == 1000);
    CHECK(errors > 0);
    CHECK(models > 0);
}

}  // namespace taescope::test
