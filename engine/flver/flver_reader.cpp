// FLVER2 reader (../shared/spec/flver-model.md). The tables are packed after the 0x80-byte header
// in a fixed order (§1), so each one's start is known from the counts; everything they point at
// (names, layout members, index lists, GX lists, index and vertex data) is read through offsets,
// each checked against the file before use. Vertex streams are decoded in one pass per buffer
// into the mesh's flat arrays, by a plan made once per layout member (no per-vertex allocation).
#include "flver/flver_reader.h"

#include <cstring>
#include <string>

namespace taescope::flver {
namespace {

constexpr uint64_t kHeaderSize = 0x80;
constexpr uint64_t kDummySize = 0x40, kMaterialSize = 0x20, kBoneSize = 0x80, kMeshSize = 0x30;
constexpr uint64_t kFaceSetSize = 0x20, kVertexBufferSize = 0x20, kLayoutSize = 0x10, kMemberSize = 0x14;
constexpr uint64_t kTextureSize = 0x20;

std::string where(const char* table, size_t i) { return std::string(table) + " " + std::to_string(i); }

Error at(uint64_t offset, std::string message, const std::string& context) {
    Error e = make_error(offset, std::move(message));
    if (!context.empty()) e.within(context);
    return e;
}

class Reader {
public:
    explicit Reader(Bytes data) : r_(data), p_(data.data()) {}

    bool has(uint64_t off, uint64_t len) const { return r_.has(off, len); }
    Status need(uint64_t off, uint64_t len, const std::string& what) const {
        if (has(off, len)) return ok_status();
        return at(
            off, "needs " + std::to_string(len) + " byte(s) at " + hex(off) + " but the file ends at " + hex(r_.size()),
            what);
    }
    uint64_t size() const { return r_.size(); }
    // Unchecked loads (after need()).
    uint8_t u8(uint64_t o) const { return p_[o]; }
    int16_t i16(uint64_t o) const { return int16_t(load_u16le(p_ + o)); }
    uint16_t u16(uint64_t o) const { return load_u16le(p_ + o); }
    int32_t i32(uint64_t o) const { return int32_t(load_u32le(p_ + o)); }
    uint32_t u32(uint64_t o) const { return load_u32le(p_ + o); }
    float f32(uint64_t o) const { return load_f32le(p_ + o); }
    Vec3f vec3(uint64_t o) const { return {f32(o), f32(o + 4), f32(o + 8)}; }
    const uint8_t* ptr(uint64_t o) const { return p_ + o; }

    // A zero-terminated name at `offset`: UTF-16LE when `unicode`, else Shift-JIS (ASCII kept,
    // other bytes as U+FFFD). Offset 0 is read like any other (it is the header: an empty name
    // would need a zero there), so callers pass only stored offsets.
    // `what` is called for an error only (a name per bone: no context string is built on success).
    template <class What>
    Result<std::string> name(uint64_t offset, bool unicode, const What& what) const {
        if (unicode) {
            auto s = r_.utf16z(offset, "UTF-16 string");
            if (!s.ok()) return std::move(s.error().within(what()));
            return utf16_to_utf8(*s);
        }
        std::string out;
        for (uint64_t o = offset;; ++o) {
            if (!has(o, 1)) return at(offset, "Shift-JIS string: no NUL terminator before the end of the file", what());
            uint8_t c = p_[o];
            if (c == 0) break;
            if (c < 0x80)
                out.push_back(char(c));
            else
                out += "\xEF\xBF\xBD";
        }
        return out;
    }

private:
    ByteReader r_;
    const uint8_t* p_;
};

// One layout member's decoding: which stream it fills and how its bytes become floats.
enum class Target : uint8_t { Skip, Position, Normal, Uv, Tangent, Color, BoneIndices, BoneWeights };
enum class Decode : uint8_t {
    F32x2,       // 2 floats
    F32x3,       // 3 floats
    F32x4,       // 4 floats
    U8Unorm,     // u8 / 255
    U8Snorm127,  // (u8 - 127) / 127
    U8SnormW,    // (u8 - 127) / 127 xyz, w u8
    S8Div127,    // s8 / 127
    WZyxS8,      // 0x12 normal: u8 w, then s8 z, y, x / 127
    I16Uv2,      // 2 x i16 / F  (one UV)
    I16Uv4,      // 4 x i16 / F  (two UVs)
    U8Uv4,       // 4 x u8 / 255 (two UVs)
    F32Uv4,      // 4 x f32 (two UVs)
    U16Xor,      // (u16 ^ 0x8000) / 65535
    I16Snorm,    // i16 / 32767
    U16Snorm,    // (u16 - 32767) / 32767
    U8Int,       // 4 x u8 as integers
    U16Int,      // 4 x u16 as integers
};

struct Plan {
    uint32_t offset = 0;
    Target target = Target::Skip;
    Decode decode = Decode::F32x3;
    bool second_uv_to_skip = false;  // a two-UV member whose first UV is uv0
};

// The decoding of (type, semantic) by the spec's §5 table; false when the table has no row for it.
bool plan_for(uint32_t type, uint32_t semantic, Decode& d) {
    const auto s = Semantic(semantic);
    const bool normal = s == Semantic::Normal, tangent = s == Semantic::Tangent || s == Semantic::Bitangent;
    const bool uv = s == Semantic::UV, color = s == Semantic::VertexColor;
    const bool weights = s == Semantic::BoneWeights, indices = s == Semantic::BoneIndices;
    switch (MemberType(type)) {
        case MemberType::Float2:
            if (uv) return d = Decode::F32x2, true;
            return false;
        case MemberType::Float3:
            if (s == Semantic::Position || normal) return d = Decode::F32x3, true;
            return false;
        case MemberType::Float4:
            if (s == Semantic::Position || normal || tangent || color) return d = Decode::F32x4, true;
            if (uv) return d = Decode::F32Uv4, true;
            return false;
        case MemberType::Byte4A:
            if (weights) return d = Decode::S8Div127, true;
            if (normal || tangent) return d = Decode::U8Snorm127, true;
            if (color) return d = Decode::U8Unorm, true;
            if (uv) return d = Decode::I16Uv2, true;
            return false;
        case MemberType::Byte4B:
        case MemberType::Byte4E:
            if (normal) return d = Decode::U8SnormW, true;
            if (tangent) return d = Decode::U8Snorm127, true;
            if (indices) return d = Decode::U8Int, true;
            return false;
        case MemberType::Short2toFloat2:
            if (normal) return d = Decode::WZyxS8, true;
            if (uv) return d = Decode::I16Uv2, true;
            return false;
        case MemberType::Byte4C:
            if (weights || color) return d = Decode::U8Unorm, true;
            if (uv) return d = Decode::U8Uv4, true;
            return false;
        case MemberType::UV:
            if (uv) return d = Decode::I16Uv2, true;
            return false;
        case MemberType::UVPair:
            if (uv) return d = Decode::I16Uv4, true;
            if (weights) return d = Decode::U16Xor, true;
            return false;
        case MemberType::ShortBoneIndices:
            if (indices) return d = Decode::U16Int, true;
            return false;
        case MemberType::Short4toFloat4A:
            if (weights || normal || tangent) return d = Decode::I16Snorm, true;
            return false;
        case MemberType::Short4toFloat4B:
            if (normal) return d = Decode::U16Snorm, true;
            if (uv) return d = Decode::I16Uv4, true;
            return false;
        default:
            return false;
    }
}

bool two_uvs(Decode d) { return d == Decode::I16Uv4 || d == Decode::U8Uv4 || d == Decode::F32Uv4; }

// Decodes 4 values of member `d` from `p` (UVs: u, v[, u2, v2]). Always inlined into
// decode_column<D>, where `d` is a constant and the switch folds away.
[[gnu::always_inline]] inline void decode4(Decode d, const uint8_t* p, float uv_factor, float out[4]) {
    switch (d) {
        case Decode::F32x2:
            out[0] = load_f32le(p), out[1] = load_f32le(p + 4), out[2] = 0, out[3] = 0;
            return;
        case Decode::F32x3:
            out[0] = load_f32le(p), out[1] = load_f32le(p + 4), out[2] = load_f32le(p + 8), out[3] = 0;
            return;
        case Decode::F32x4:
        case Decode::F32Uv4:
            for (int i = 0; i < 4; ++i) out[i] = load_f32le(p + 4 * i);
            return;
        case Decode::U8Unorm:
            for (int i = 0; i < 4; ++i) out[i] = float(p[i]) / 255.0f;
            return;
        case Decode::U8Snorm127:
            for (int i = 0; i < 4; ++i) out[i] = (float(p[i]) - 127.0f) / 127.0f;
            return;
        case Decode::U8SnormW:
            for (int i = 0; i < 3; ++i) out[i] = (float(p[i]) - 127.0f) / 127.0f;
            out[3] = float(p[3]);
            return;
        case Decode::S8Div127:
            for (int i = 0; i < 4; ++i) out[i] = float(int8_t(p[i])) / 127.0f;
            return;
        case Decode::WZyxS8:
            out[3] = float(p[0]);
            out[2] = float(int8_t(p[1])) / 127.0f;
            out[1] = float(int8_t(p[2])) / 127.0f;
            out[0] = float(int8_t(p[3])) / 127.0f;
            return;
        case Decode::I16Uv2:
            out[0] = float(int16_t(load_u16le(p))) / uv_factor, out[1] = float(int16_t(load_u16le(p + 2))) / uv_factor;
            out[2] = 0, out[3] = 0;
            return;
        case Decode::I16Uv4:
            for (int i = 0; i < 4; ++i) out[i] = float(int16_t(load_u16le(p + 2 * i))) / uv_factor;
            return;
        case Decode::U8Uv4:
            for (int i = 0; i < 4; ++i) out[i] = float(p[i]) / 255.0f;
            return;
        case Decode::U16Xor:
            for (int i = 0; i < 4; ++i) out[i] = float(load_u16le(p + 2 * i) ^ 0x8000u) / 65535.0f;
            return;
        case Decode::I16Snorm:
            for (int i = 0; i < 4; ++i) out[i] = float(int16_t(load_u16le(p + 2 * i))) / 32767.0f;
            return;
        case Decode::U16Snorm:
            for (int i = 0; i < 4; ++i) out[i] = (float(load_u16le(p + 2 * i)) - 32767.0f) / 32767.0f;
            return;
        case Decode::U8Int:
            for (int i = 0; i < 4; ++i) out[i] = float(p[i]);
            return;
        case Decode::U16Int:
            for (int i = 0; i < 4; ++i) out[i] = float(load_u16le(p + 2 * i));
            return;
    }
}

// One member over every vertex of a buffer: N of its values per vertex into `dst`. The switch
// on the decoding is taken once per member, not once per vertex (it was most of read_flver's time).
template <Decode D, int N>
void decode_column(const uint8_t* src, uint32_t stride, size_t n, float uv_factor, float* dst) {
    float v[4];
    for (size_t i = 0; i < n; ++i, src += stride, dst += N) {
        decode4(D, src, uv_factor, v);
        for (int c = 0; c < N; ++c) dst[c] = v[c];
    }
}

template <int N>
void decode_column(Decode d, const uint8_t* src, uint32_t stride, size_t n, float uv_factor, float* dst) {
    switch (d) {
        case Decode::F32x2:
            return decode_column<Decode::F32x2, N>(src, stride, n, uv_factor, dst);
        case Decode::F32x3:
            return decode_column<Decode::F32x3, N>(src, stride, n, uv_factor, dst);
        case Decode::F32x4:
            return decode_column<Decode::F32x4, N>(src, stride, n, uv_factor, dst);
        case Decode::U8Unorm:
            return decode_column<Decode::U8Unorm, N>(src, stride, n, uv_factor, dst);
        case Decode::U8Snorm127:
            return decode_column<Decode::U8Snorm127, N>(src, stride, n, uv_factor, dst);
        case Decode::U8SnormW:
            return decode_column<Decode::U8SnormW, N>(src, stride, n, uv_factor, dst);
        case Decode::S8Div127:
            return decode_column<Decode::S8Div127, N>(src, stride, n, uv_factor, dst);
        case Decode::WZyxS8:
            return decode_column<Decode::WZyxS8, N>(src, stride, n, uv_factor, dst);
        case Decode::I16Uv2:
            return decode_column<Decode::I16Uv2, N>(src, stride, n, uv_factor, dst);
        case Decode::I16Uv4:
            return decode_column<Decode::I16Uv4, N>(src, stride, n, uv_factor, dst);
        case Decode::U8Uv4:
            return decode_column<Decode::U8Uv4, N>(src, stride, n, uv_factor, dst);
        case Decode::F32Uv4:
            return decode_column<Decode::F32Uv4, N>(src, stride, n, uv_factor, dst);
        case Decode::U16Xor:
            return decode_column<Decode::U16Xor, N>(src, stride, n, uv_factor, dst);
        case Decode::I16Snorm:
            return decode_column<Decode::I16Snorm, N>(src, stride, n, uv_factor, dst);
        case Decode::U16Snorm:
            return decode_column<Decode::U16Snorm, N>(src, stride, n, uv_factor, dst);
        case Decode::U8Int:
            return decode_column<Decode::U8Int, N>(src, stride, n, uv_factor, dst);
        case Decode::U16Int:
            return decode_column<Decode::U16Int, N>(src, stride, n, uv_factor, dst);
    }
}

struct Tables {
    uint64_t dummies, materials, bones, meshes, face_sets, vertex_buffers, layouts, textures, skeleton_set;
};

Status read_header(const Reader& r, Header& h) {
    TAESCOPE_TRY(r.need(0, kHeaderSize, "header"));
    if (std::memcmp(r.ptr(0), "FLVER\0", 6) != 0) return at(0, "expected magic 'FLVER\\0'", "header");
    if (r.u8(6) == 'B' && r.u8(7) == 0) {
        h.big_endian = true;
        return at(6, "big-endian FLVER ('B\\0', old consoles) is not read", "header");
    }
    if (r.u8(6) != 'L' || r.u8(7) != 0)
        return at(6, "expected byte order 'L\\0', found " + hex(r.u8(6)) + " " + hex(r.u8(7)), "header");
    h.version = r.u32(0x08);
    if (h.version < 0x20000 || h.version > 0x2FFFF)
        return at(8, "version " + hex(h.version) + " is not a FLVER2 version (0x2xxxx)", "header");
    h.data_offset = r.u32(0x0C);
    h.data_length = r.u32(0x10);
    h.dummy_count = r.i32(0x14);
    h.material_count = r.i32(0x18);
    h.bone_count = r.i32(0x1C);
    h.mesh_count = r.i32(0x20);
    h.vertex_buffer_count = r.i32(0x24);
    h.bbox_min = r.vec3(0x28);
    h.bbox_max = r.vec3(0x34);
    h.true_face_count = r.i32(0x40);
    h.total_face_count = r.i32(0x44);
    h.index_size = r.u8(0x48);
    h.unicode = r.u8(0x49);
    h.unk4a = r.u8(0x4A);
    h.unk4b = r.u8(0x4B);
    h.unk4c = r.i32(0x4C);
    h.face_set_count = r.i32(0x50);
    h.buffer_layout_count = r.i32(0x54);
    h.texture_count = r.i32(0x58);
    h.unk5c = r.u8(0x5C);
    h.unk5d = r.u8(0x5D);
    h.unk68 = r.i16(0x68);
    h.unk6a = r.i16(0x6A);
    h.unk74 = r.i32(0x74);
    struct Count {
        int32_t value;
        const char* name;
        uint64_t at;
    };
    for (const Count& c :
         {Count{h.dummy_count, "dummy count", 0x14}, Count{h.material_count, "material count", 0x18},
          Count{h.bone_count, "bone count", 0x1C}, Count{h.mesh_count, "mesh count", 0x20},
          Count{h.vertex_buffer_count, "vertex-buffer count", 0x24}, Count{h.face_set_count, "face-set count", 0x50},
          Count{h.buffer_layout_count, "buffer-layout count", 0x54}, Count{h.texture_count, "texture count", 0x58}})
        if (c.value < 0)
            return at(c.at, std::string(c.name) + " " + std::to_string(c.value) + " is negative", "header");
    if (uint64_t(h.data_offset) + h.data_length > r.size())
        return at(0x0C,
                  "data region " + hex(h.data_offset) + " + " + hex(h.data_length) + " ends past the file (" +
                      hex(r.size()) + ")",
                  "header");
    return ok_status();
}

Status read_dummies(const Reader& r, uint64_t base, Model& m) {
    const auto& h = m.header;
    m.dummies.resize(size_t(h.dummy_count));
    for (size_t i = 0; i < m.dummies.size(); ++i) {
        uint64_t o = base + i * kDummySize;
        Dummy& d = m.dummies[i];
        d.position = r.vec3(o);
        std::memcpy(d.color.data(), r.ptr(o + 0x0C), 4);
        d.forward = r.vec3(o + 0x10);
        d.reference_id = r.i16(o + 0x1C);
        d.parent_bone = r.i16(o + 0x1E);
        d.upward = r.vec3(o + 0x20);
        d.attach_bone = r.i16(o + 0x2C);
        d.flag1 = r.u8(o + 0x2E);
        d.use_upward = r.u8(o + 0x2F);
        d.unk30 = r.i32(o + 0x30);
        d.unk34 = r.i32(o + 0x34);
        if (d.parent_bone < -1 || d.parent_bone >= h.bone_count)
            return at(o + 0x1E,
                      "parent bone " + std::to_string(d.parent_bone) + " out of range (" +
                          std::to_string(h.bone_count) + " bones)",
                      where("dummy", i));
        if (d.attach_bone < -1 || d.attach_bone >= h.bone_count)
            return at(o + 0x2C,
                      "attach bone " + std::to_string(d.attach_bone) + " out of range (" +
                          std::to_string(h.bone_count) + " bones)",
                      where("dummy", i));
    }
    return ok_status();
}

Status read_gx_list(const Reader& r, uint64_t offset, Material& mat, const std::string& ctx) {
    uint64_t o = offset;
    while (true) {
        TAESCOPE_TRY(r.need(o, 4, ctx + " > GX list"));
        uint32_t id = r.u32(o);
        if (id == 0x7FFFFFFF || id == 0xFFFFFFFF) return ok_status();
        TAESCOPE_TRY(r.need(o, 12, ctx + " > GX list item " + std::to_string(mat.gx_items.size())));
        GxItem item;
        item.id.assign(reinterpret_cast<const char*>(r.ptr(o)), 4);
        item.unk = r.i32(o + 4);
        item.length = r.u32(o + 8);
        if (item.length < 12 || !r.has(o, item.length))
            return at(o + 8, "GX item length " + std::to_string(item.length) + " is below 12 or runs past the file",
                      ctx + " > GX list item " + std::to_string(mat.gx_items.size()));
        mat.gx_items.push_back(std::move(item));
        o += mat.gx_items.back().length;
    }
}

Status read_materials(const Reader& r, uint64_t base, Model& m) {
    const auto& h = m.header;
    const bool unicode = h.unicode != 0;
    m.materials.resize(size_t(h.material_count));
    for (size_t i = 0; i < m.materials.size(); ++i) {
        uint64_t o = base + i * kMaterialSize;
        Material& mat = m.materials[i];
        const auto ctx = [&] { return where("material", i); };  // built only for an error
        auto name = r.name(r.u32(o), unicode, [&] { return ctx() + " > name"; });
        if (!name.ok()) return std::move(name).error();
        mat.name = std::move(name).value();
        auto path = r.name(r.u32(o + 4), unicode, [&] { return ctx() + " > path"; });
        if (!path.ok()) return std::move(path).error();
        mat.path = std::move(path).value();
        mat.texture_count = r.i32(o + 8);
        mat.first_texture = r.i32(o + 0x0C);
        mat.flags = r.i32(o + 0x10);
        mat.gx_offset = r.u32(o + 0x14);
        mat.unk18 = r.i32(o + 0x18);
        if (mat.texture_count < 0 || mat.first_texture < 0 ||
            int64_t(mat.first_texture) + mat.texture_count > h.texture_count)
            return at(o + 8,
                      "textures " + std::to_string(mat.first_texture) + " + " + std::to_string(mat.texture_count) +
                          " out of range (" + std::to_string(h.texture_count) + " textures)",
                      ctx());
        if (mat.gx_offset != 0) TAESCOPE_TRY(read_gx_list(r, mat.gx_offset, mat, ctx()));
        mat.mask = mask_index_of_material_name(mat.name);
    }
    return ok_status();
}

Status read_bones(const Reader& r, uint64_t base, Model& m) {
    const auto& h = m.header;
    m.bones.resize(size_t(h.bone_count));
    for (size_t i = 0; i < m.bones.size(); ++i) {
        uint64_t o = base + i * kBoneSize;
        Bone& b = m.bones[i];
        const auto ctx = [&] { return where("bone", i); };  // built only for an error
        b.translation = r.vec3(o);
        auto name = r.name(r.u32(o + 0x0C), h.unicode != 0, [&] { return ctx() + " > name"; });
        if (!name.ok()) return std::move(name).error();
        b.name = std::move(name).value();
        b.rotation = r.vec3(o + 0x10);
        b.parent = r.i16(o + 0x1C);
        b.first_child = r.i16(o + 0x1E);
        b.scale = r.vec3(o + 0x20);
        b.next_sibling = r.i16(o + 0x2C);
        b.previous_sibling = r.i16(o + 0x2E);
        b.bbox_min = r.vec3(o + 0x30);
        b.unk3c = r.i32(o + 0x3C);
        b.bbox_max = r.vec3(o + 0x40);
        if (b.parent < -1 || b.parent >= h.bone_count)
            return at(
                o + 0x1C,
                "parent " + std::to_string(b.parent) + " out of range (" + std::to_string(h.bone_count) + " bones)",
                ctx());
    }
    // A parent chain that loops would make every walk up it endless: refuse it. Each bone is
    // walked until it reaches a root or a bone already known to reach one.
    std::vector<uint8_t> state(m.bones.size(), 0);  // 0 unknown, 1 on the current walk, 2 reaches a root
    std::vector<size_t> walk;
    for (size_t i = 0; i < m.bones.size(); ++i) {
        walk.clear();
        size_t b = i;
        while (state[b] == 0) {
            state[b] = 1;
            walk.push_back(b);
            if (m.bones[b].parent < 0) break;
            b = size_t(m.bones[b].parent);
        }
        if (state[b] == 1 && m.bones[b].parent >= 0)
            return at(base + b * kBoneSize + 0x1C, "the parent chain loops back to bone " + std::to_string(b),
                      where("bone", i));
        for (size_t w : walk) state[w] = 2;
    }
    return ok_status();
}

// An i32 list of `count` entries at `offset`, each in [0, limit).
Status read_index_list(const Reader& r, uint64_t offset, int32_t count, int32_t limit, const char* what,
                       const std::string& ctx, std::vector<int32_t>& out) {
    if (count < 0) return at(offset, std::string(what) + " count " + std::to_string(count) + " is negative", ctx);
    TAESCOPE_TRY(r.need(offset, uint64_t(count) * 4, ctx + " > " + what + " list"));
    out.resize(size_t(count));
    for (size_t k = 0; k < out.size(); ++k) {
        out[k] = r.i32(offset + 4 * k);
        if (out[k] < 0 || out[k] >= limit)
            return at(
                offset + 4 * k,
                std::string(what) + " " + std::to_string(out[k]) + " out of range (" + std::to_string(limit) + ")",
                ctx + " > " + what + " list entry " + std::to_string(k));
    }
    return ok_status();
}

Status read_face_set(const Reader& r, uint64_t o, size_t index, const Header& h, FaceSet& fs) {
    const auto ctx = [&] { return where("face set", index); };  // built only for an error
    fs.flags = r.u32(o);
    fs.triangle_strip = r.u8(o + 4) != 0;
    fs.cull_backfaces = r.u8(o + 5) != 0;
    fs.unk06 = r.i16(o + 6);
    int32_t count = r.i32(o + 8);
    uint32_t rel = r.u32(o + 0x0C);
    fs.stored_index_size = r.i32(o + 0x18);
    uint32_t size = h.index_size != 0 ? h.index_size : uint32_t(fs.stored_index_size);
    if (size != 16 && size != 32)
        return at(o + 0x18,
                  "index size " + std::to_string(size) + " (header " + std::to_string(h.index_size) + ", face set " +
                      std::to_string(fs.stored_index_size) + ") is not 16 or 32",
                  ctx());
    fs.index_size = size;
    if (count < 0) return at(o + 8, "index count " + std::to_string(count) + " is negative", ctx());
    uint64_t start = uint64_t(h.data_offset) + rel;
    uint64_t length = uint64_t(count) * (size / 8);
    if (uint64_t(rel) + length > h.data_length)
        return at(o + 0x0C,
                  "indices " + hex(rel) + " + " + hex(length) + " run past the data region (" + hex(h.data_length) +
                      " bytes)",
                  ctx());
    TAESCOPE_TRY(r.need(start, length, ctx() + " > indices"));
    fs.indices.resize(size_t(count));
    if (size == 16)
        for (size_t k = 0; k < fs.indices.size(); ++k) fs.indices[k] = r.u16(start + 2 * k);
    else
        for (size_t k = 0; k < fs.indices.size(); ++k) fs.indices[k] = r.u32(start + 4 * k);
    return ok_status();
}

struct MeshError {
    std::string text;
};

// Checks one vertex buffer's layout against the spec's table and makes the decoding plan; a
// member the table does not know fails the mesh (returned as text), nothing else.
bool plan_buffer(const Reader& r, const Model& m, uint64_t layout_table, size_t mesh_index, size_t buffer_slot,
                 const VertexBuffer& vb, std::vector<Plan>& plans, std::string& error) {
    const BufferLayout& layout = m.layouts[size_t(vb.layout)];
    const std::string ctx = "mesh " + std::to_string(mesh_index) + " vertex buffer " + std::to_string(buffer_slot);
    const uint64_t members_offset = r.u32(layout_table + uint64_t(vb.layout) * kLayoutSize + 0x0C);
    plans.clear();
    for (size_t k = 0; k < layout.members.size(); ++k) {
        const LayoutMember& mem = layout.members[k];
        const uint64_t at_type = members_offset + k * kMemberSize + 8;
        const std::string what = ctx + ": layout " + std::to_string(vb.layout) + " member " + std::to_string(k);
        const char* type_name = member_type_name(mem.type);
        if (!type_name) {
            error = what + " type " + hex(mem.type) + " unknown at offset " + hex(at_type);
            return false;
        }
        if (!semantic_name(mem.semantic)) {
            error = what + " semantic " + std::to_string(mem.semantic) + " unknown at offset " + hex(at_type + 4);
            return false;
        }
        if (MemberType(mem.type) == MemberType::EdgeCompressed) {
            error = what + " type 0xF0 (EdgeCompressed, PS3) is not read, at offset " + hex(at_type);
            return false;
        }
        Decode d{};
        if (!plan_for(mem.type, mem.semantic, d)) {
            error = what + " type " + hex(mem.type) + " (" + type_name + ") has no decoding for semantic " +
                    semantic_name(mem.semantic) + ", at offset " + hex(at_type);
            return false;
        }
        uint32_t size = member_type_size(mem.type);
        if (mem.offset < 0 || uint64_t(mem.offset) + size > vb.vertex_size) {
            error = what + " at byte " + std::to_string(mem.offset) + " (" + std::to_string(size) +
                    " bytes) lies outside the " + std::to_string(vb.vertex_size) + "-byte vertex, at offset " +
                    hex(at_type - 4);
            return false;
        }
        Plan p;
        p.offset = uint32_t(mem.offset);
        p.decode = d;
        switch (Semantic(mem.semantic)) {
            case Semantic::Position:
                p.target = Target::Position;
                break;
            case Semantic::Normal:
                p.target = Target::Normal;
                break;
            case Semantic::UV:
                p.target = Target::Uv;
                break;
            case Semantic::Tangent:
                p.target = Target::Tangent;
                break;
            case Semantic::Bitangent:
                p.target = Target::Skip;
                break;
            case Semantic::VertexColor:
                p.target = Target::Color;
                break;
            case Semantic::BoneIndices:
                p.target = Target::BoneIndices;
                break;
            case Semantic::BoneWeights:
                p.target = Target::BoneWeights;
                break;
        }
        plans.push_back(p);
    }
    return true;
}

// A mesh with an error draws nothing: no streams are left for a renderer to index.
void drop_streams(Mesh& mesh) {
    mesh.positions = {}, mesh.normals = {}, mesh.uv0 = {}, mesh.bone_indices = {};
    mesh.bone_weights = {}, mesh.tangents = {}, mesh.colors = {};
    mesh.has_normals = mesh.has_uv0 = mesh.has_tangents = mesh.has_colors = false;
    mesh.has_bone_indices = mesh.has_bone_weights = false;
}

void decode_mesh(const Reader& r, Model& m, uint64_t layout_table, size_t mesh_index) {
    Mesh& mesh = m.meshes[mesh_index];
    const Header& h = m.header;
    const float uv_factor = h.version >= 0x2000F ? 2048.0f : 1024.0f;
    const size_t n = mesh.vertex_count;
    // First pass: plans for every buffer, and which member fills each stream (the first one).
    std::vector<std::vector<Plan>> plans(mesh.vertex_buffers.size());
    bool pos = false, nor = false, uv = false, tan = false, col = false, idx = false, wgt = false;
    uint32_t uv_count = 0;
    for (size_t b = 0; b < mesh.vertex_buffers.size(); ++b) {
        std::string error;
        if (!plan_buffer(r, m, layout_table, mesh_index, b, mesh.vertex_buffers[b], plans[b], error)) {
            mesh.error = std::move(error);
            return;
        }
        for (Plan& p : plans[b]) {
            bool* taken = nullptr;
            switch (p.target) {
                case Target::Position:
                    taken = &pos;
                    break;
                case Target::Normal:
                    taken = &nor;
                    break;
                case Target::Uv:
                    uv_count += two_uvs(p.decode) ? 2 : 1;
                    taken = &uv;
                    break;
                case Target::Tangent:
                    taken = &tan;
                    break;
                case Target::Color:
                    taken = &col;
                    break;
                case Target::BoneIndices:
                    taken = &idx;
                    break;
                case Target::BoneWeights:
                    taken = &wgt;
                    break;
                case Target::Skip:
                    break;
            }
            if (taken) {
                if (*taken) p.target = Target::Skip;  // a later copy (cloth buffer 2, UV#1, Tangent#1)
                *taken = true;
            }
        }
    }
    if (!pos) {
        mesh.error = "mesh " + std::to_string(mesh_index) + ": no Position member in its layouts";
        return;
    }
    mesh.has_normals = nor, mesh.has_uv0 = uv, mesh.has_tangents = tan, mesh.has_colors = col;
    mesh.has_bone_indices = idx, mesh.has_bone_weights = wgt;
    mesh.uv_count = uv_count;
    mesh.positions.assign(3 * n, 0.0f);
    mesh.normals.assign(3 * n, 0.0f);
    mesh.uv0.assign(2 * n, 0.0f);
    mesh.bone_indices.assign(4 * n, 0);
    mesh.bone_weights.assign(4 * n, 0.0f);
    if (tan) mesh.tangents.assign(4 * n, 0.0f);
    if (col) mesh.colors.assign(4 * n, 0.0f);
    for (size_t b = 0; b < mesh.vertex_buffers.size(); ++b) {
        const VertexBuffer& vb = mesh.vertex_buffers[b];
        const uint8_t* base = r.ptr(uint64_t(h.data_offset) + vb.data_offset);
        for (const Plan& p : plans[b]) {
            if (p.target == Target::Skip) continue;
            const uint8_t* src = base + p.offset;
            switch (p.target) {
                case Target::Position:
                    decode_column<3>(p.decode, src, vb.vertex_size, n, uv_factor, mesh.positions.data());
                    break;
                case Target::Normal:
                    decode_column<3>(p.decode, src, vb.vertex_size, n, uv_factor, mesh.normals.data());
                    break;
                case Target::Uv:
                    decode_column<2>(p.decode, src, vb.vertex_size, n, uv_factor, mesh.uv0.data());
                    break;
                case Target::Tangent:
                    decode_column<4>(p.decode, src, vb.vertex_size, n, uv_factor, mesh.tangents.data());
                    break;
                case Target::Color:
                    decode_column<4>(p.decode, src, vb.vertex_size, n, uv_factor, mesh.colors.data());
                    break;
                case Target::BoneWeights:
                    decode_column<4>(p.decode, src, vb.vertex_size, n, uv_factor, mesh.bone_weights.data());
                    break;
                case Target::BoneIndices:
                    if (p.decode == Decode::U8Int)
                        for (size_t i = 0; i < n; ++i, src += vb.vertex_size)
                            for (int c = 0; c < 4; ++c) mesh.bone_indices[4 * i + size_t(c)] = src[c];
                    else
                        for (size_t i = 0; i < n; ++i, src += vb.vertex_size)
                            for (int c = 0; c < 4; ++c) mesh.bone_indices[4 * i + size_t(c)] = load_u16le(src + 2 * c);
                    break;
                case Target::Skip:
                    break;
            }
        }
    }
    // Old versions index the mesh's bone table (§5 [U]); ours store global indices.
    const bool through_table = !mesh.bone_table.empty() && h.version <= 0x2000D;
    const size_t bones = m.bones.size();
    for (size_t i = 0; i < 4 * n; ++i) {
        uint32_t bi = mesh.bone_indices[i];
        if (through_table) {
            if (bi >= mesh.bone_table.size()) {
                if (mesh.bone_weights[i] > 0 || !wgt) {
                    mesh.error = "mesh " + std::to_string(mesh_index) + " vertex " + std::to_string(i / 4) +
                                 ": bone index " + std::to_string(bi) + " is past the mesh's bone table (" +
                                 std::to_string(mesh.bone_table.size()) + " entries)";
                    break;
                }
                continue;
            }
            bi = uint32_t(mesh.bone_table[bi]);
            mesh.bone_indices[i] = uint16_t(bi);
        }
        if (mesh.bone_weights[i] > 0 && bi >= bones) {
            mesh.error = "mesh " + std::to_string(mesh_index) + " vertex " + std::to_string(i / 4) + " slot " +
                         std::to_string(i % 4) + ": bone index " + std::to_string(bi) + " with weight " +
                         std::to_string(mesh.bone_weights[i]) + " is out of range (" + std::to_string(bones) +
                         " bones)";
            break;
        }
    }
    if (!mesh.error.empty()) drop_streams(mesh);
}

// Every index of every face set of the mesh is a vertex of it (a strip's 0xFFFF restart aside).
void check_face_indices(Mesh& mesh, size_t mesh_index) {
    if (!mesh.error.empty()) return;
    const uint32_t n = mesh.vertex_count;
    for (size_t f = 0; f < mesh.face_sets.size(); ++f) {
        const FaceSet& fs = mesh.face_sets[f];
        const bool restarts = fs.triangle_strip && n < 0xFFFF;
        for (size_t k = 0; k < fs.indices.size(); ++k) {
            uint32_t v = fs.indices[k];
            if (v < n || (restarts && v == 0xFFFF)) continue;
            mesh.error = "mesh " + std::to_string(mesh_index) + " face set " + std::to_string(f) + " (global " +
                         std::to_string(mesh.face_set_indices[f]) + ") index " + std::to_string(k) + ": vertex " +
                         std::to_string(v) + " out of range (" + std::to_string(n) + " vertices)";
            drop_streams(mesh);
            return;
        }
    }
}

Status read_meshes(const Reader& r, const Tables& t, Model& m) {
    const Header& h = m.header;
    // Face sets, vertex buffers and layouts first: meshes point into them.
    std::vector<FaceSet> face_sets(size_t(h.face_set_count));
    uint64_t face_bytes = 0;
    for (size_t i = 0; i < face_sets.size(); ++i) {
        TAESCOPE_TRY(read_face_set(r, t.face_sets + i * kFaceSetSize, i, h, face_sets[i]));
        face_bytes += face_sets[i].indices.size() * (face_sets[i].index_size / 8);
        if (face_bytes > h.data_length)
            return at(t.face_sets + i * kFaceSetSize + 8,
                      "face sets hold " + std::to_string(face_bytes) +
                          " bytes of indices, more than the data region (" + std::to_string(h.data_length) + ")",
                      where("face set", i));
    }
    std::vector<VertexBuffer> buffers(size_t(h.vertex_buffer_count));
    uint64_t vertex_bytes = 0;
    for (size_t i = 0; i < buffers.size(); ++i) {
        uint64_t o = t.vertex_buffers + i * kVertexBufferSize;
        VertexBuffer& vb = buffers[i];
        const auto ctx = [&] { return where("vertex buffer", i); };  // built only for an error
        vb.buffer_index = r.i32(o);
        vb.layout = r.i32(o + 4);
        vb.vertex_size = r.u32(o + 8);
        vb.vertex_count = r.u32(o + 0x0C);
        vb.length = r.u32(o + 0x18);
        vb.data_offset = r.u32(o + 0x1C);
        if (vb.layout < 0 || vb.layout >= h.buffer_layout_count)
            return at(o + 4,
                      "layout " + std::to_string(vb.layout) + " out of range (" +
                          std::to_string(h.buffer_layout_count) + " layouts)",
                      ctx());
        if (vb.vertex_size == 0 || uint64_t(vb.vertex_size) * vb.vertex_count != vb.length)
            return at(o + 8,
                      "vertex size " + std::to_string(vb.vertex_size) + " x count " + std::to_string(vb.vertex_count) +
                          " is not the stored length " + std::to_string(vb.length),
                      ctx());
        if (uint64_t(vb.data_offset) + vb.length > h.data_length)
            return at(o + 0x1C,
                      "vertex data " + hex(vb.data_offset) + " + " + hex(vb.length) + " runs past the data region (" +
                          hex(h.data_length) + " bytes)",
                      ctx());
        vertex_bytes += vb.length;
        if (vertex_bytes > h.data_length)
            return at(o + 0x18,
                      "vertex buffers hold " + std::to_string(vertex_bytes) + " bytes, more than the data region (" +
                          std::to_string(h.data_length) + ")",
                      ctx());
    }
    m.layouts.resize(size_t(h.buffer_layout_count));
    for (size_t i = 0; i < m.layouts.size(); ++i) {
        uint64_t o = t.layouts + i * kLayoutSize;
        const auto ctx = [&] { return where("buffer layout", i); };  // built only for an error
        int32_t count = r.i32(o);
        uint32_t members = r.u32(o + 0x0C);
        if (count < 0) return at(o, "member count " + std::to_string(count) + " is negative", ctx());
        TAESCOPE_TRY(r.need(members, uint64_t(count) * kMemberSize, ctx() + " > members"));
        auto& out = m.layouts[i].members;
        out.resize(size_t(count));
        for (size_t k = 0; k < out.size(); ++k) {
            uint64_t mo = members + k * kMemberSize;
            out[k] = LayoutMember{r.i32(mo), r.i32(mo + 4), r.u32(mo + 8), r.u32(mo + 0x0C), r.i32(mo + 0x10)};
        }
    }

    m.meshes.resize(size_t(h.mesh_count));
    std::vector<int32_t> face_owner(face_sets.size(), -1), buffer_owner(buffers.size(), -1);
    for (size_t i = 0; i < m.meshes.size(); ++i) {
        uint64_t o = t.meshes + i * kMeshSize;
        Mesh& mesh = m.meshes[i];
        const auto ctx = [&] { return where("mesh", i); };  // built only for an error
        mesh.dynamic = r.u8(o) != 0;
        mesh.material = r.i32(o + 4);
        mesh.default_bone = r.i32(o + 0x10);
        int32_t bone_count = r.i32(o + 0x14);
        uint32_t bbox_offset = r.u32(o + 0x18);
        uint32_t bone_offset = r.u32(o + 0x1C);
        if (mesh.material < 0 || mesh.material >= h.material_count)
            return at(o + 4,
                      "material " + std::to_string(mesh.material) + " out of range (" +
                          std::to_string(h.material_count) + " materials)",
                      ctx());
        if (mesh.default_bone < -1 || mesh.default_bone >= h.bone_count)
            return at(o + 0x10,
                      "default bone " + std::to_string(mesh.default_bone) + " out of range (" +
                          std::to_string(h.bone_count) + " bones)",
                      ctx());
        if (bbox_offset != 0) {
            TAESCOPE_TRY(r.need(bbox_offset, 36, ctx() + " > bounding box"));
            mesh.has_bbox = true;
            for (int k = 0; k < 3; ++k) mesh.bbox[size_t(k)] = r.vec3(bbox_offset + 12 * uint64_t(k));
        }
        TAESCOPE_TRY(read_index_list(r, bone_offset, bone_count, h.bone_count, "bone", ctx(), mesh.bone_table));
        TAESCOPE_TRY(read_index_list(r, r.u32(o + 0x24), r.i32(o + 0x20), h.face_set_count, "face set", ctx(),
                                     mesh.face_set_indices));
        TAESCOPE_TRY(read_index_list(r, r.u32(o + 0x2C), r.i32(o + 0x28), h.vertex_buffer_count, "vertex buffer", ctx(),
                                     mesh.vertex_buffer_indices));
        if (mesh.vertex_buffer_indices.empty()) return at(o + 0x28, "the mesh has no vertex buffer", ctx());
        for (int32_t f : mesh.face_set_indices) {
            if (face_owner[size_t(f)] >= 0)
                return at(o + 0x24,
                          "face set " + std::to_string(f) + " already belongs to mesh " +
                              std::to_string(face_owner[size_t(f)]),
                          ctx());
            face_owner[size_t(f)] = int32_t(i);
            mesh.face_sets.push_back(std::move(face_sets[size_t(f)]));
        }
        for (int32_t b : mesh.vertex_buffer_indices) {
            if (buffer_owner[size_t(b)] >= 0)
                return at(o + 0x2C,
                          "vertex buffer " + std::to_string(b) + " already belongs to mesh " +
                              std::to_string(buffer_owner[size_t(b)]),
                          ctx());
            buffer_owner[size_t(b)] = int32_t(i);
            mesh.vertex_buffers.push_back(buffers[size_t(b)]);
        }
        mesh.vertex_count = mesh.vertex_buffers[0].vertex_count;
        for (size_t b = 1; b < mesh.vertex_buffers.size(); ++b)
            if (mesh.vertex_buffers[b].vertex_count != mesh.vertex_count)
                return at(o + 0x2C,
                          "vertex buffer " + std::to_string(mesh.vertex_buffer_indices[b]) + " holds " +
                              std::to_string(mesh.vertex_buffers[b].vertex_count) + " vertices, buffer 0 holds " +
                              std::to_string(mesh.vertex_count),
                          ctx());
        decode_mesh(r, m, t.layouts, i);
        check_face_indices(mesh, i);
        if (mesh.error.empty() && !mesh.has_bone_weights)
            m.notes.push_back("mesh " + std::to_string(i) + " has no bone weights: it is drawn in its bind pose");
    }
    for (size_t f = 0; f < face_owner.size(); ++f)
        if (face_owner[f] < 0) m.notes.push_back("face set " + std::to_string(f) + " belongs to no mesh");
    for (size_t b = 0; b < buffer_owner.size(); ++b)
        if (buffer_owner[b] < 0) m.notes.push_back("vertex buffer " + std::to_string(b) + " belongs to no mesh");
    return ok_status();
}

Status read_textures(const Reader& r, uint64_t base, Model& m) {
    const bool unicode = m.header.unicode != 0;
    m.textures.resize(size_t(m.header.texture_count));
    for (size_t i = 0; i < m.textures.size(); ++i) {
        uint64_t o = base + i * kTextureSize;
        Texture& t = m.textures[i];
        const auto ctx = [&] { return where("texture", i); };  // built only for an error
        auto path = r.name(r.u32(o), unicode, [&] { return ctx() + " > path"; });
        if (!path.ok()) return std::move(path).error();
        t.path = std::move(path).value();
        auto type = r.name(r.u32(o + 4), unicode, [&] { return ctx() + " > type"; });
        if (!type.ok()) return std::move(type).error();
        t.type = std::move(type).value();
        t.scale = {r.f32(o + 8), r.f32(o + 0x0C)};
        t.unk10 = r.u8(o + 0x10);
        t.unk11 = r.u8(o + 0x11);
        t.unk14 = r.f32(o + 0x14);
        t.unk18 = r.f32(o + 0x18);
        t.unk1c = r.f32(o + 0x1C);
    }
    return ok_status();
}

// The skeleton set (version >= 0x2001A, §4): kept, never needed; damage there is a note.
void read_skeleton_set(const Reader& r, uint64_t o, Model& m) {
    if (m.header.version < 0x2001A) return;
    if (!r.has(o, 0x20)) {
        m.notes.push_back("skeleton set at " + hex(o) + ": past the end of the file, not read");
        return;
    }
    int16_t count_base = r.i16(o), count_all = r.i16(o + 2);
    uint32_t off_base = r.u32(o + 4), off_all = r.u32(o + 8);
    auto table = [&](int16_t count, uint32_t offset, std::vector<SkeletonSetEntry>& out, const char* name) {
        if (count < 0 || !r.has(offset, uint64_t(count) * 0x10)) {
            m.notes.push_back(std::string("skeleton set ") + name + " table (" + std::to_string(count) + " at " +
                              hex(offset) + ") lies outside the file, not read");
            return;
        }
        out.resize(size_t(count));
        for (size_t k = 0; k < out.size(); ++k) {
            uint64_t e = offset + 0x10 * k;
            out[k] = SkeletonSetEntry{r.i16(e), r.i16(e + 2), r.i16(e + 4), r.i16(e + 6), r.i32(e + 8)};
        }
    };
    table(count_base, off_base, m.skeleton_base, "base");
    table(count_all, off_all, m.skeleton_all, "all");
}

}  // namespace

bool is_flver(Bytes data) { return data.size() >= 6 && std::memcmp(data.data(), "FLVER\0", 6) == 0; }

Result<Model> read_flver(Bytes data) {
    Reader r(data);
    Model m;
    TAESCOPE_TRY(read_header(r, m.header));
    const Header& h = m.header;
    Tables t{};
    t.dummies = kHeaderSize;
    t.materials = t.dummies + uint64_t(h.dummy_count) * kDummySize;
    t.bones = t.materials + uint64_t(h.material_count) * kMaterialSize;
    t.meshes = t.bones + uint64_t(h.bone_count) * kBoneSize;
    t.face_sets = t.meshes + uint64_t(h.mesh_count) * kMeshSize;
    t.vertex_buffers = t.face_sets + uint64_t(h.face_set_count) * kFaceSetSize;
    t.layouts = t.vertex_buffers + uint64_t(h.vertex_buffer_count) * kVertexBufferSize;
    t.textures = t.layouts + uint64_t(h.buffer_layout_count) * kLayoutSize;
    t.skeleton_set = t.textures + uint64_t(h.texture_count) * kTextureSize;
    // Every table lies inside the file before any is read (so counts cannot ask for huge storage).
    TAESCOPE_TRY(r.need(kHeaderSize, t.skeleton_set - kHeaderSize,
                        "tables (" + std::to_string(h.dummy_count) + " dummies, " + std::to_string(h.material_count) +
                            " materials, " + std::to_string(h.bone_count) + " bones, " + std::to_string(h.mesh_count) +
                            " meshes, " + std::to_string(h.face_set_count) + " face sets, " +
                            std::to_string(h.vertex_buffer_count) + " vertex buffers, " +
                            std::to_string(h.buffer_layout_count) + " layouts, " + std::to_string(h.texture_count) +
                            " textures)"));
    TAESCOPE_TRY(read_dummies(r, t.dummies, m));
    TAESCOPE_TRY(read_materials(r, t.materials, m));
    TAESCOPE_TRY(read_bones(r, t.bones, m));
    TAESCOPE_TRY(read_textures(r, t.textures, m));
    TAESCOPE_TRY(read_meshes(r, t, m));
    read_skeleton_set(r, t.skeleton_set, m);
    return m;
}

}  // namespace taescope::flver
