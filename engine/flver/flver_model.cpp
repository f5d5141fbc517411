// The rules of flver_model.h that are not reading: the §7 mask of a material name, the member
// type table, LOD face sets, the §6 triangle rule (lists and strips) and the header face counts.
#include "flver/flver_model.h"

namespace taescope::flver {

const char* member_type_name(uint32_t type) {
    switch (MemberType(type)) {
        case MemberType::Float2:
            return "Float2";
        case MemberType::Float3:
            return "Float3";
        case MemberType::Float4:
            return "Float4";
        case MemberType::Byte4A:
            return "Byte4A";
        case MemberType::Byte4B:
            return "Byte4B";
        case MemberType::Short2toFloat2:
            return "Short2toFloat2";
        case MemberType::Byte4C:
            return "Byte4C";
        case MemberType::UV:
            return "UV";
        case MemberType::UVPair:
            return "UVPair";
        case MemberType::ShortBoneIndices:
            return "ShortBoneIndices";
        case MemberType::Short4toFloat4A:
            return "Short4toFloat4A";
        case MemberType::Short4toFloat4B:
            return "Short4toFloat4B";
        case MemberType::Byte4E:
            return "Byte4E";
        case MemberType::EdgeCompressed:
            return "EdgeCompressed";
    }
    return nullptr;
}

uint32_t member_type_size(uint32_t type) {
    switch (MemberType(type)) {
        case MemberType::Float2:
            return 8;
        case MemberType::Float3:
            return 12;
        case MemberType::Float4:
            return 16;
        case MemberType::Byte4A:
        case MemberType::Byte4B:
        case MemberType::Short2toFloat2:
        case MemberType::Byte4C:
        case MemberType::UV:
        case MemberType::Byte4E:
            return 4;
        case MemberType::UVPair:
        case MemberType::ShortBoneIndices:
        case MemberType::Short4toFloat4A:
        case MemberType::Short4toFloat4B:
            return 8;
        case MemberType::EdgeCompressed:
            return 0;
    }
    return 0;
}

const char* semantic_name(uint32_t semantic) {
    switch (Semantic(semantic)) {
        case Semantic::Position:
            return "Position";
        case Semantic::BoneWeights:
            return "BoneWeights";
        case Semantic::BoneIndices:
            return "BoneIndices";
        case Semantic::Normal:
            return "Normal";
        case Semantic::UV:
            return "UV";
        case Semantic::Tangent:
            return "Tangent";
        case Semantic::Bitangent:
            return "Bitangent";
        case Semantic::VertexColor:
            return "VertexColor";
    }
    return nullptr;
}

int32_t mask_index_of_material_name(std::string_view name) {
    size_t first = name.find('#');
    if (first == std::string_view::npos) return -1;
    size_t second = name.find('#', first + 1);
    if (second == std::string_view::npos) return -1;
    std::string_view digits = name.substr(first + 1, second - first - 1);
    // An integer, as DSAnimStudio's int.Parse reads it: optional sign, then digits only.
    size_t i = 0;
    bool negative = false;
    if (i < digits.size() && (digits[i] == '-' || digits[i] == '+')) negative = digits[i++] == '-';
    if (i == digits.size() || digits.size() - i > 9) return -1;
    int32_t value = 0;
    for (; i < digits.size(); ++i) {
        if (digits[i] < '0' || digits[i] > '9') return -1;
        value = value * 10 + (digits[i] - '0');
    }
    return negative ? -value : value;
}

int lod_face_set(const Mesh& mesh, int lod) {
    uint32_t want = lod == 0 ? 0u : lod == 1 ? kFaceSetLod1 : lod == 2 ? kFaceSetLod2 : 0xFFFFFFFFu;
    for (size_t i = 0; i < mesh.face_sets.size(); ++i)
        if (mesh.face_sets[i].flags == want) return int(i);
    return -1;
}

void face_set_triangles(const FaceSet& fs, uint32_t vertex_count, std::vector<uint32_t>& out) {
    const std::vector<uint32_t>& ix = fs.indices;
    if (!fs.triangle_strip) {
        out.reserve(out.size() + ix.size() / 3 * 3);
        for (size_t i = 0; i + 2 < ix.size(); i += 3) {
            if (ix[i] >= vertex_count || ix[i + 1] >= vertex_count || ix[i + 2] >= vertex_count) continue;
            out.insert(out.end(), {ix[i], ix[i + 1], ix[i + 2]});
        }
        return;
    }
    const bool restarts = vertex_count < 0xFFFF;
    bool flip = false;
    for (size_t i = 0; i + 2 < ix.size(); ++i) {
        uint32_t a = ix[i], b = ix[i + 1], c = ix[i + 2];
        if (restarts && (a == 0xFFFF || b == 0xFFFF || c == 0xFFFF)) {
            flip = false;  // a restart window: skipped, parity reset
            continue;
        }
        if (a != b && a != c && b != c && a < vertex_count && b < vertex_count && c < vertex_count) {
            if (flip)
                out.insert(out.end(), {c, b, a});
            else
                out.insert(out.end(), {a, b, c});
        }
        flip = !flip;  // degenerate windows are skipped but still flip
    }
}

std::vector<uint32_t> lod_triangles(const Mesh& mesh, int lod) {
    std::vector<uint32_t> out;
    int f = lod_face_set(mesh, lod);
    if (f >= 0) face_set_triangles(mesh.face_sets[size_t(f)], mesh.vertex_count, out);
    return out;
}

FaceCounts count_faces(const Model& model) {
    FaceCounts c;
    for (const Mesh& mesh : model.meshes) {
        const bool restarts = mesh.vertex_count < 0xFFFF;
        for (const FaceSet& fs : mesh.face_sets) {
            const bool motion_blur = (fs.flags & kFaceSetMotionBlur) != 0;
            int64_t total = 0, real = 0;
            if (!fs.triangle_strip) {
                total = real = int64_t(fs.indices.size() / 3);
            } else {
                const auto& ix = fs.indices;
                for (size_t i = 0; i + 2 < ix.size(); ++i) {
                    uint32_t a = ix[i], b = ix[i + 1], cc = ix[i + 2];
                    if (restarts && (a == 0xFFFF || b == 0xFFFF || cc == 0xFFFF)) continue;
                    ++total;
                    if (a != b && a != cc && b != cc) ++real;
                }
            }
            c.total_count += total;
            if (!motion_blur) c.true_count += real;
        }
    }
    return c;
}

}  // namespace taescope::flver
