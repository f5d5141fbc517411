// Writes small FLVER2 files in memory, for the tests of what the corpus does not hold (strips
// with restarts, 32-bit indices, every layout member type, bones Havok does not animate) and as
// the base the FLVER fuzz target mutates. The tables are packed in the spec's order (§1), each
// vertex buffer gets a layout of its own, strings are UTF-16LE (or Shift-JIS/ASCII when
// unicode = 0). No doctest here: tests/fuzz/fuzz_flver.cpp includes it too.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace taescope::test {

struct FlverBuildMember {
    uint32_t type = 0x02;
    uint32_t semantic = 0;
    int32_t index = 0;
    uint32_t size = 12;  // bytes it takes in the vertex (the type's size; set for unknown types)
};

struct FlverBuildBuffer {
    std::vector<FlverBuildMember> members;
    std::vector<uint8_t> data;  // vertex_count rows of the members' bytes
};

struct FlverBuildFaceSet {
    uint32_t flags = 0;
    bool strip = false;
    bool cull = true;
    uint32_t index_size = 16;        // how the indices are written
    int32_t stored_index_size = 16;  // the face set's 0x18 field (0: the header's)
    std::vector<uint32_t> indices;
};

struct FlverBuildMesh {
    int32_t material = 0;
    int32_t default_bone = -1;
    uint32_t vertex_count = 0;
    std::vector<int32_t> bone_table;
    std::vector<FlverBuildBuffer> buffers;
    std::vector<FlverBuildFaceSet> face_sets;
};

struct FlverBuildBone {
    std::string name;
    int16_t parent = -1;
    float translation[3] = {0, 0, 0};
    float rotation[3] = {0, 0, 0};
    float scale[3] = {1, 1, 1};
};

struct FlverBuildDummy {
    float position[3] = {0, 0, 0};
    float forward[3] = {0, 0, 1};
    float upward[3] = {0, 1, 0};
    int16_t reference_id = 0;
    int16_t parent_bone = -1;
    int16_t attach_bone = -1;
    uint8_t flag1 = 0;
    uint8_t use_upward = 1;
};

struct FlverBuildMaterial {
    std::string name;
    std::string path = "N:\\test\\material.matxml";
};

struct FlverBuild {
    uint32_t version = 0x2001A;
    uint8_t header_index_size = 0;
    uint8_t unicode = 1;
    int32_t true_face_count = 0, total_face_count = 0;
    std::vector<FlverBuildBone> bones;
    std::vector<FlverBuildDummy> dummies;
    std::vector<FlverBuildMaterial> materials;
    std::vector<FlverBuildMesh> meshes;
};

// Little-endian appends for vertex rows.
inline void put_f32(std::vector<uint8_t>& out, float v) {
    uint8_t b[4];
    std::memcpy(b, &v, 4);
    out.insert(out.end(), b, b + 4);
}
inline void put_u16(std::vector<uint8_t>& out, uint16_t v) {
    out.push_back(uint8_t(v));
    out.push_back(uint8_t(v >> 8));
}
inline void put_u32(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

class FlverWriter {
public:
    std::vector<uint8_t> bytes;
    size_t pos() const { return bytes.size(); }
    void pad(size_t align) {
        while (bytes.size() % align) bytes.push_back(0);
    }
    void zeros(size_t n) { bytes.insert(bytes.end(), n, 0); }
    void u8(uint8_t v) { bytes.push_back(v); }
    void i16(int16_t v) { put_u16(bytes, uint16_t(v)); }
    void u32(uint32_t v) { put_u32(bytes, v); }
    void i32(int32_t v) { put_u32(bytes, uint32_t(v)); }
    void f32(float v) { put_f32(bytes, v); }
    void vec3(const float v[3]) { f32(v[0]), f32(v[1]), f32(v[2]); }
    void set_u32(size_t at, uint32_t v) {
        for (int i = 0; i < 4; ++i) bytes[at + size_t(i)] = uint8_t(v >> (8 * i));
    }
};

inline std::vector<uint8_t> build_flver(const FlverBuild& b) {
    FlverWriter w;
    size_t face_set_count = 0, buffer_count = 0;
    for (const auto& m : b.meshes) face_set_count += m.face_sets.size(), buffer_count += m.buffers.size();
    // Header.
    w.bytes.insert(w.bytes.end(), {'F', 'L', 'V', 'E', 'R', 0, 'L', 0});
    w.u32(b.version);
    const size_t at_data_offset = w.pos();
    w.u32(0), w.u32(0);  // data offset, data length: patched
    w.i32(int32_t(b.dummies.size())), w.i32(int32_t(b.materials.size())), w.i32(int32_t(b.bones.size()));
    w.i32(int32_t(b.meshes.size())), w.i32(int32_t(buffer_count));
    for (int i = 0; i < 6; ++i) w.f32(0);  // bbox
    w.i32(b.true_face_count), w.i32(b.total_face_count);
    w.u8(b.header_index_size), w.u8(b.unicode), w.u8(0), w.u8(0);
    w.i32(0);
    w.i32(int32_t(face_set_count)), w.i32(int32_t(buffer_count)), w.i32(0);  // layouts = one per buffer
    w.u8(0), w.u8(2), w.zeros(10);
    w.i16(4), w.i16(0);
    w.zeros(0x80 - w.pos());

    // Fix-ups: (where a u32 offset goes, which pool item).
    struct Fix {
        size_t at;
        std::vector<uint8_t> pool;  // bytes placed in the pools, their offset written at `at`
    };
    std::vector<Fix> fixes;
    auto str = [&](const std::string& s) {
        std::vector<uint8_t> out;
        if (b.unicode) {
            for (unsigned char c : s) put_u16(out, c);  // tests use ASCII names
            put_u16(out, 0);
        } else {
            out.assign(s.begin(), s.end());
            out.push_back(0);
        }
        return out;
    };
    for (const auto& d : b.dummies) {
        w.vec3(d.position);
        w.u8(255), w.u8(255), w.u8(255), w.u8(255);
        w.vec3(d.forward);
        w.i16(d.reference_id), w.i16(d.parent_bone);
        w.vec3(d.upward);
        w.i16(d.attach_bone), w.u8(d.flag1), w.u8(d.use_upward);
        w.zeros(0x10);
    }
    for (const auto& m : b.materials) {
        fixes.push_back({w.pos(), str(m.name)});
        w.u32(0);
        fixes.push_back({w.pos(), str(m.path)});
        w.u32(0);
        w.i32(0), w.i32(0), w.i32(0), w.u32(0), w.i32(0), w.i32(0);
    }
    for (const auto& bone : b.bones) {
        w.vec3(bone.translation);
        fixes.push_back({w.pos(), str(bone.name)});
        w.u32(0);
        w.vec3(bone.rotation);
        w.i16(bone.parent), w.i16(-1);
        w.vec3(bone.scale);
        w.i16(-1), w.i16(-1);
        float lo[3] = {-1, -1, -1}, hi[3] = {1, 1, 1};
        w.vec3(lo);
        w.i32(0);
        w.vec3(hi);
        w.zeros(0x34);
    }
    size_t face_base = 0, buffer_base = 0;
    for (const auto& m : b.meshes) {
        w.u8(1), w.zeros(3);
        w.i32(m.material);
        w.zeros(8);
        w.i32(m.default_bone);
        w.i32(int32_t(m.bone_table.size()));
        w.u32(0);  // no bbox
        std::vector<uint8_t> table;
        for (int32_t t : m.bone_table) put_u32(table, uint32_t(t));
        fixes.push_back({w.pos(), table});
        w.u32(0);
        w.i32(int32_t(m.face_sets.size()));
        std::vector<uint8_t> fl;
        for (size_t k = 0; k < m.face_sets.size(); ++k) put_u32(fl, uint32_t(face_base + k));
        fixes.push_back({w.pos(), fl});
        w.u32(0);
        w.i32(int32_t(m.buffers.size()));
        std::vector<uint8_t> bl;
        for (size_t k = 0; k < m.buffers.size(); ++k) put_u32(bl, uint32_t(buffer_base + k));
        fixes.push_back({w.pos(), bl});
        w.u32(0);
        face_base += m.face_sets.size();
        buffer_base += m.buffers.size();
    }
    // Face sets and vertex buffers point into the data region: collected, then patched.
    std::vector<uint8_t> data;
    std::vector<std::pair<size_t, size_t>> data_fixes;  // (where, offset within data)
    for (const auto& m : b.meshes)
        for (const auto& fs : m.face_sets) {
            w.u32(fs.flags), w.u8(fs.strip), w.u8(fs.cull), w.i16(0);
            w.i32(int32_t(fs.indices.size()));
            data_fixes.push_back({w.pos(), data.size()});
            w.u32(0);
            for (uint32_t ix : fs.indices) fs.index_size == 32 ? put_u32(data, ix) : put_u16(data, uint16_t(ix));
            while (data.size() % 16) data.push_back(0);
            w.i32(int32_t(fs.indices.size() * (fs.index_size / 8)));
            w.i32(0), w.i32(fs.stored_index_size), w.i32(0);
        }
    size_t layout_index = 0;
    for (const auto& m : b.meshes)
        for (size_t k = 0; k < m.buffers.size(); ++k) {
            const auto& buf = m.buffers[k];
            uint32_t size = 0;
            for (const auto& mem : buf.members) size += mem.size;
            w.i32(int32_t(k)), w.i32(int32_t(layout_index++)), w.u32(size), w.u32(m.vertex_count);
            w.zeros(8);
            w.u32(uint32_t(buf.data.size()));
            data_fixes.push_back({w.pos(), data.size()});
            w.u32(0);
            data.insert(data.end(), buf.data.begin(), buf.data.end());
            while (data.size() % 16) data.push_back(0);
        }
    for (const auto& m : b.meshes)
        for (size_t k = 0; k < m.buffers.size(); ++k) {
            const auto& buf = m.buffers[k];
            w.i32(int32_t(buf.members.size())), w.i32(0), w.i32(0);
            std::vector<uint8_t> members;
            uint32_t offset = 0;
            for (const auto& mem : buf.members) {
                put_u32(members, uint32_t(k)), put_u32(members, offset), put_u32(members, mem.type);
                put_u32(members, mem.semantic), put_u32(members, uint32_t(mem.index));
                offset += mem.size;
            }
            fixes.push_back({w.pos(), members});
            w.u32(0);
        }
    // Skeleton set (version >= 0x2001A): empty tables.
    if (b.version >= 0x2001A) w.zeros(0x20);
    // Pools.
    for (auto& f : fixes) {
        if (f.pool.empty()) continue;
        w.pad(4);
        w.set_u32(f.at, uint32_t(w.pos()));
        w.bytes.insert(w.bytes.end(), f.pool.begin(), f.pool.end());
    }
    w.pad(16);
    const size_t data_offset = w.pos();
    w.bytes.insert(w.bytes.end(), data.begin(), data.end());
    w.set_u32(at_data_offset, uint32_t(data_offset));
    w.set_u32(at_data_offset + 4, uint32_t(data.size()));
    for (auto [at, off] : data_fixes) w.set_u32(at, uint32_t(off));
    return w.bytes;
}

// A mesh of `n` vertices with one buffer Position(Float3) BoneIndices(Byte4B) BoneWeights(Byte4C),
// vertex i at (i, 0, 0) fully weighted to bone `bone`, and one LOD0 triangle list `indices`.
inline FlverBuildMesh simple_mesh(uint32_t n, uint8_t bone, std::vector<uint32_t> indices, int32_t material = 0) {
    FlverBuildMesh m;
    m.material = material;
    m.vertex_count = n;
    FlverBuildBuffer buf;
    buf.members = {{0x02, 0, 0, 12}, {0x11, 2, 0, 4}, {0x13, 1, 0, 4}};
    for (uint32_t i = 0; i < n; ++i) {
        put_f32(buf.data, float(i)), put_f32(buf.data, 0), put_f32(buf.data, 0);
        buf.data.insert(buf.data.end(), {bone, 0, 0, 0, 255, 0, 0, 0});
    }
    m.buffers.push_back(std::move(buf));
    FlverBuildFaceSet fs;
    fs.indices = std::move(indices);
    m.face_sets.push_back(std::move(fs));
    return m;
}

}  // namespace taescope::test
