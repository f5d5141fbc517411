// libFuzzer target for the FLVER reader (engine/flver/) and the character rig that draws what it
// read (engine/binder/character_model.h). Input framing, by byte 0 % 3:
//   0: the rest is a FLVER file;
//   1: the rest is a list of edits to a small FLVER made here (tests/unit/flver_builder.h: strips
//      with restarts, 32-bit indices, every member type, cloth buffers, dummies): byte 1 bit 0 =
//      truncate to the u16 at bytes 2..3 (mod its size), then (u16 offset, u8 value) triples;
//   2: the same edits, u32 offsets, to the real model c5051.flver when the corpus is there
//      ($TAESCOPE_CORPUS or ../shared/corpus; read once at start-up through the document loader).
// Modes 1 and 2 start every run from a valid file, so most executions reach the vertex decoding
// and the triangle rules instead of failing at the magic.
// A model that reads must be safe to draw: every triangle corner of every LOD below the mesh's
// vertex count, streams sized to it, weighted bone indices below the bone count, dummy bones in
// range; then it is posed, skinned and its dummies placed (the bind pose), which must not fail.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../unit/flver_builder.h"
#include "binder/character_model.h"
#include "binder/document.h"
#include "binder/havok_character.h"
#include "flver/flver_reader.h"
#include "io/file_io.h"

using namespace taescope;

namespace {

std::vector<uint8_t> g_small, g_real;

std::vector<uint8_t> make_small() {
    using namespace taescope::test;
    FlverBuild b;
    b.bones.push_back({"Root", -1, {0, 0, 0}, {0, 0, 0}, {1, 1, 1}});
    b.bones.push_back({"Arm", 0, {1, 0, 0}, {0.1f, 0.2f, 0.3f}, {1, 1, 1}});
    b.materials.push_back({"#01#Weapon", "p"});
    b.materials.push_back({"Body", "p"});
    FlverBuildDummy d;
    d.reference_id = 200, d.parent_bone = 0, d.attach_bone = 1, d.flag1 = 1;
    b.dummies.push_back(d);
    FlverBuildMesh strip = simple_mesh(6, 1, {0, 1, 2, 0xFFFF, 3, 4, 4, 5});
    strip.face_sets[0].strip = true;
    b.meshes.push_back(strip);
    FlverBuildMesh wide = simple_mesh(5, 0, {0, 1, 2, 2, 3, 4}, 1);
    wide.face_sets[0].index_size = 32;
    wide.face_sets[0].stored_index_size = 32;
    b.meshes.push_back(wide);
    // Every member type once, over three buffers (a cloth-like mesh).
    FlverBuildMesh all;
    all.vertex_count = 2;
    FlverBuildBuffer b0, b1, b2;
    b0.members = {{0x02, 0, 0, 12}, {0x11, 3, 0, 4}, {0x03, 6, 0, 16}, {0x12, 5, 0, 4}, {0x01, 5, 1, 8}};
    b1.members = {{0x11, 2, 0, 4}, {0x13, 1, 0, 4}, {0x10, 10, 0, 4}, {0x16, 5, 2, 8}, {0x15, 5, 3, 4},
                  {0x18, 2, 1, 8}, {0x1A, 6, 1, 8}, {0x2E, 3, 1, 8},  {0x2F, 7, 0, 4}, {0x13, 5, 4, 4}};
    b2.members = {{0x03, 0, 1, 16}, {0x1A, 1, 1, 8}};
    for (auto* buf : {&b0, &b1, &b2}) {
        uint32_t size = 0;
        for (const auto& m : buf->members) size += m.size;
        for (uint32_t v = 0; v < 2 * size; ++v) buf->data.push_back(uint8_t(v * 37 + 11));
    }
    b1.data[0] = 0, b1.data[1] = 1, b1.data[2] = 0, b1.data[3] = 1;  // bone indices in range
    all.buffers = {b0, b1, b2};
    FlverBuildFaceSet fs;
    fs.indices = {0, 1, 1};
    all.face_sets.push_back(fs);
    b.meshes.push_back(all);
    return build_flver(b);
}

std::vector<uint8_t> load_real() {
    std::string dir = std::getenv("TAESCOPE_CORPUS") ? std::getenv("TAESCOPE_CORPUS") : "../shared/corpus";
    auto bytes = read_file(dir + "/eldenring/c5051.chrbnd.dcx");
    if (!bytes.ok()) return {};
    auto doc = open_document(*bytes, "c5051.chrbnd.dcx");
    if (!doc.ok()) return {};
    auto ref = find_flver_member({&*doc});
    if (!ref) return {};
    Bytes member = binder_member_bytes(*doc, ref->member);
    return std::vector<uint8_t>(member.begin(), member.end());
}

void check_drawable(const flver::Model& m) {
    const size_t bones = m.bones.size();
    for (const auto& d : m.dummies)
        if (d.parent_bone >= int32_t(bones) || d.attach_bone >= int32_t(bones) || d.parent_bone < -1 ||
            d.attach_bone < -1)
            std::abort();
    for (const auto& b : m.bones)
        if (b.parent >= int32_t(bones) || b.parent < -1) std::abort();
    for (const auto& mesh : m.meshes) {
        if (mesh.material < 0 || size_t(mesh.material) >= m.materials.size()) std::abort();
        const size_t n = mesh.vertex_count;
        if (!mesh.error.empty()) {
            if (!mesh.positions.empty()) std::abort();
            continue;
        }
        if (mesh.positions.size() != 3 * n || mesh.normals.size() != 3 * n || mesh.uv0.size() != 2 * n ||
            mesh.bone_indices.size() != 4 * n || mesh.bone_weights.size() != 4 * n)
            std::abort();
        for (size_t i = 0; i < 4 * n; ++i)
            if (mesh.bone_weights[i] > 0 && mesh.bone_indices[i] >= bones) std::abort();
        for (int lod = 0; lod < 3; ++lod)
            for (uint32_t v : flver::lod_triangles(mesh, lod))
                if (v >= n) std::abort();
    }
    flver::count_faces(m);
    CharacterRig rig(m, nullptr);
    CharacterPose pose;
    rig.pose(nullptr, pose);
    std::vector<float> p, nrm;
    for (const auto& mesh : m.meshes) rig.skin_mesh(mesh, pose, p, &nrm);
    std::vector<PosedDummy> dummies;
    rig.posed_dummies(pose, dummies);
}

void read_and_check(Bytes data) {
    auto m = flver::read_flver(data);
    if (m.ok()) check_drawable(*m);
}

void edited(const std::vector<uint8_t>& base, const uint8_t* data, size_t size, bool wide) {
    if (base.empty() || size < 3) return;
    std::vector<uint8_t> copy = base;
    size_t p = 3;
    if (data[0] & 1) copy.resize((size_t(data[1]) | size_t(data[2]) << 8) * (wide ? 64 : 1) % (copy.size() + 1));
    const size_t step = wide ? 5 : 3;
    for (; p + step <= size && !copy.empty(); p += step) {
        size_t off =
            wide ? (size_t(data[p]) | size_t(data[p + 1]) << 8 | size_t(data[p + 2]) << 16 | size_t(data[p + 3]) << 24)
                 : (size_t(data[p]) | size_t(data[p + 1]) << 8);
        copy[off % copy.size()] = data[p + step - 1];
    }
    read_and_check(copy);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    g_small = make_small();
    if (!flver::read_flver(g_small).ok()) std::abort();  // the base must read
    g_real = load_real();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    switch (data[0] % 3) {
        case 0:
            read_and_check(Bytes(data + 1, size - 1));
            break;
        case 1:
            edited(g_small, data + 1, size - 1, false);
            break;
        case 2:
            edited(g_real.empty() ? g_small : g_real, data + 1, size - 1, !g_real.empty());
            break;
    }
    return 0;
}
