// The join of a FLVER model with a Havok skeleton (character_model.h; spec §7, §8, §10).
#include "binder/character_model.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_map>

#include "binder/havok_character.h"
#include "flver/flver_reader.h"

namespace taescope {

Mat4d mat4_identity() { return {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}; }

Mat4d mat4_multiply(const Mat4d& a, const Mat4d& b) {
    Mat4d c;
    for (int col = 0; col < 4; ++col)
        for (int row = 0; row < 4; ++row) {
            double s = 0;
            for (int k = 0; k < 4; ++k) s += a[size_t(k * 4 + row)] * b[size_t(col * 4 + k)];
            c[size_t(col * 4 + row)] = s;
        }
    return c;
}

Mat4d mat4_inverse(const Mat4d& m) {
    // Cofactor expansion of the general 4x4 inverse (the matrices here are affine, but nothing
    // relies on it).
    double inv[16];
    const double* a = m.data();
    inv[0] = a[5] * a[10] * a[15] - a[5] * a[11] * a[14] - a[9] * a[6] * a[15] + a[9] * a[7] * a[14] +
             a[13] * a[6] * a[11] - a[13] * a[7] * a[10];
    inv[4] = -a[4] * a[10] * a[15] + a[4] * a[11] * a[14] + a[8] * a[6] * a[15] - a[8] * a[7] * a[14] -
             a[12] * a[6] * a[11] + a[12] * a[7] * a[10];
    inv[8] = a[4] * a[9] * a[15] - a[4] * a[11] * a[13] - a[8] * a[5] * a[15] + a[8] * a[7] * a[13] +
             a[12] * a[5] * a[11] - a[12] * a[7] * a[9];
    inv[12] = -a[4] * a[9] * a[14] + a[4] * a[10] * a[13] + a[8] * a[5] * a[14] - a[8] * a[6] * a[13] -
              a[12] * a[5] * a[10] + a[12] * a[6] * a[9];
    inv[1] = -a[1] * a[10] * a[15] + a[1] * a[11] * a[14] + a[9] * a[2] * a[15] - a[9] * a[3] * a[14] -
             a[13] * a[2] * a[11] + a[13] * a[3] * a[10];
    inv[5] = a[0] * a[10] * a[15] - a[0] * a[11] * a[14] - a[8] * a[2] * a[15] + a[8] * a[3] * a[14] +
             a[12] * a[2] * a[11] - a[12] * a[3] * a[10];
    inv[9] = -a[0] * a[9] * a[15] + a[0] * a[11] * a[13] + a[8] * a[1] * a[15] - a[8] * a[3] * a[13] -
             a[12] * a[1] * a[11] + a[12] * a[3] * a[9];
    inv[13] = a[0] * a[9] * a[14] - a[0] * a[10] * a[13] - a[8] * a[1] * a[14] + a[8] * a[2] * a[13] +
              a[12] * a[1] * a[10] - a[12] * a[2] * a[9];
    inv[2] = a[1] * a[6] * a[15] - a[1] * a[7] * a[14] - a[5] * a[2] * a[15] + a[5] * a[3] * a[14] +
             a[13] * a[2] * a[7] - a[13] * a[3] * a[6];
    inv[6] = -a[0] * a[6] * a[15] + a[0] * a[7] * a[14] + a[4] * a[2] * a[15] - a[4] * a[3] * a[14] -
             a[12] * a[2] * a[7] + a[12] * a[3] * a[6];
    inv[10] = a[0] * a[5] * a[15] - a[0] * a[7] * a[13] - a[4] * a[1] * a[15] + a[4] * a[3] * a[13] +
              a[12] * a[1] * a[7] - a[12] * a[3] * a[5];
    inv[14] = -a[0] * a[5] * a[14] + a[0] * a[6] * a[13] + a[4] * a[1] * a[14] - a[4] * a[2] * a[13] -
              a[12] * a[1] * a[6] + a[12] * a[2] * a[5];
    inv[3] = -a[1] * a[6] * a[11] + a[1] * a[7] * a[10] + a[5] * a[2] * a[11] - a[5] * a[3] * a[10] -
             a[9] * a[2] * a[7] + a[9] * a[3] * a[6];
    inv[7] = a[0] * a[6] * a[11] - a[0] * a[7] * a[10] - a[4] * a[2] * a[11] + a[4] * a[3] * a[10] +
             a[8] * a[2] * a[7] - a[8] * a[3] * a[6];
    inv[11] = -a[0] * a[5] * a[11] + a[0] * a[7] * a[9] + a[4] * a[1] * a[11] - a[4] * a[3] * a[9] -
              a[8] * a[1] * a[7] + a[8] * a[3] * a[5];
    inv[15] = a[0] * a[5] * a[10] - a[0] * a[6] * a[9] - a[4] * a[1] * a[10] + a[4] * a[2] * a[9] + a[8] * a[1] * a[6] -
              a[8] * a[2] * a[5];
    double det = a[0] * inv[0] + a[1] * inv[4] + a[2] * inv[8] + a[3] * inv[12];
    if (!(std::fabs(det) > 1e-300) || !std::isfinite(det)) return mat4_identity();
    Mat4d out;
    for (int i = 0; i < 16; ++i) out[size_t(i)] = inv[i] / det;
    return out;
}

Mat4d flver_bone_local(const flver::Bone& bone) {
    const double x = bone.rotation[0], y = bone.rotation[1], z = bone.rotation[2];
    const double cx = std::cos(x), sx = std::sin(x), cy = std::cos(y), sy = std::sin(y), cz = std::cos(z),
                 sz = std::sin(z);
    // R = Ry · Rz · Rx (row-major 3x3 here).
    const double ry[3][3] = {{cy, 0, sy}, {0, 1, 0}, {-sy, 0, cy}};
    const double rz[3][3] = {{cz, -sz, 0}, {sz, cz, 0}, {0, 0, 1}};
    const double rx[3][3] = {{1, 0, 0}, {0, cx, -sx}, {0, sx, cx}};
    double yz[3][3], r[3][3];
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) yz[i][j] = ry[i][0] * rz[0][j] + ry[i][1] * rz[1][j] + ry[i][2] * rz[2][j];
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) r[i][j] = yz[i][0] * rx[0][j] + yz[i][1] * rx[1][j] + yz[i][2] * rx[2][j];
    Mat4d m = mat4_identity();
    for (int col = 0; col < 3; ++col)
        for (int row = 0; row < 3; ++row) m[size_t(col * 4 + row)] = r[row][col] * double(bone.scale[size_t(col)]);
    for (int row = 0; row < 3; ++row) m[size_t(12 + row)] = bone.translation[size_t(row)];
    return m;
}

Mat4d havok_transform_matrix(const havok::QsTransform& t) {
    const havok::Quat q = havok::quat_normalized(t.rotation);
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    Mat4d m = mat4_identity();
    for (int col = 0; col < 3; ++col)
        for (int row = 0; row < 3; ++row) m[size_t(col * 4 + row)] = r[row][col] * t.scale[size_t(col)];
    for (int row = 0; row < 3; ++row) m[size_t(12 + row)] = t.translation[size_t(row)];
    return m;
}

namespace {

bool ends_with_flver(const std::string& name) {
    if (name.size() < 6) return false;
    static const char kSuffix[] = ".flver";
    for (size_t i = 0; i < 6; ++i) {
        char c = name[name.size() - 6 + i];
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
        if (c != kSuffix[i]) return false;
    }
    return true;
}

// Bones in an order where every parent comes first; a parent out of range or in a loop is
// treated as a root (the reader refuses both, this guards hand-made models).
std::vector<uint32_t> flver_parent_first(const flver::Model& m) {
    const size_t n = m.bones.size();
    std::vector<uint32_t> order;
    order.reserve(n);
    std::vector<uint8_t> state(n, 0);  // 0 new, 1 visiting, 2 placed
    std::vector<uint32_t> chain;
    for (size_t i = 0; i < n; ++i) {
        chain.clear();
        size_t b = i;
        while (state[b] == 0) {
            state[b] = 1;
            chain.push_back(uint32_t(b));
            int32_t p = m.bones[b].parent;
            if (p < 0 || size_t(p) >= n) break;
            b = size_t(p);
        }
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            order.push_back(*it);
            state[*it] = 2;
        }
    }
    return order;
}

int32_t valid_parent(const flver::Model& m, size_t b, const std::vector<uint8_t>& placed_before) {
    int32_t p = m.bones[b].parent;
    if (p < 0 || size_t(p) >= m.bones.size() || !placed_before[size_t(p)]) return -1;
    return p;
}

Vec3d transform_direction(const Mat4d& m, const flver::Vec3f& v) {
    Vec3d out;
    for (int row = 0; row < 3; ++row)
        out[size_t(row)] = m[size_t(row)] * v[0] + m[size_t(4 + row)] * v[1] + m[size_t(8 + row)] * v[2];
    double len = std::sqrt(out[0] * out[0] + out[1] * out[1] + out[2] * out[2]);
    if (len > 0)
        for (double& c : out) c /= len;
    return out;
}

}  // namespace

std::optional<FlverMemberRef> find_flver_member(const std::vector<const Document*>& documents) {
    for (size_t d = 0; d < documents.size(); ++d) {
        const Document& doc = *documents[d];
        if (doc.bnd4)
            for (size_t i = 0; i < doc.bnd4->members.size(); ++i)
                if (ends_with_flver(doc.bnd4->members[i].name)) return FlverMemberRef{d, i, doc.bnd4->members[i].name};
        if (doc.bnd3)
            for (size_t i = 0; i < doc.bnd3->members.size(); ++i)
                if (ends_with_flver(doc.bnd3->members[i].name)) return FlverMemberRef{d, i, doc.bnd3->members[i].name};
    }
    return std::nullopt;
}

CharacterRig::CharacterRig(const flver::Model& model, const havok::Skeleton* skeleton)
    : model_(&model), skeleton_(skeleton) {
    const size_t n = model.bones.size();
    order_ = flver_parent_first(model);
    local_.resize(n);
    bind_.resize(n);
    inverse_bind_.resize(n);
    std::vector<uint8_t> placed(n, 0);
    for (uint32_t b : order_) {
        local_[b] = flver_bone_local(model.bones[b]);
        int32_t p = valid_parent(model, b, placed);
        bind_[b] = p < 0 ? local_[b] : mat4_multiply(bind_[size_t(p)], local_[b]);
        inverse_bind_[b] = mat4_inverse(bind_[b]);
        placed[b] = 1;
    }
    havok_of_.assign(n, -1);
    if (!skeleton) return;
    std::unordered_map<std::string, int32_t> by_name;
    for (size_t h = 0; h < skeleton->bones.size(); ++h) by_name.emplace(skeleton->bones[h].name, int32_t(h));
    for (size_t b = 0; b < n; ++b) {
        auto it = by_name.find(model.bones[b].name);
        if (it == by_name.end()) continue;
        havok_of_[b] = it->second;
        ++matched_;
        int32_t fp = model.bones[b].parent;
        int32_t hp = skeleton->bones[size_t(it->second)].parent;
        const std::string* fname = fp >= 0 && size_t(fp) < n ? &model.bones[size_t(fp)].name : nullptr;
        const std::string* hname =
            hp >= 0 && size_t(hp) < skeleton->bones.size() ? &skeleton->bones[size_t(hp)].name : nullptr;
        if ((fname == nullptr) != (hname == nullptr) || (fname && *fname != *hname)) different_parent_.push_back(b);
    }
}

void CharacterRig::pose(const havok::Pose* pose, CharacterPose& out) const {
    const size_t n = model_->bones.size();
    out.animated.resize(n);
    out.skin.resize(n);
    const bool animated = skeleton_ && pose && pose->local.size() == skeleton_->bones.size() &&
                          skeleton_->parent_first_order.size() == skeleton_->bones.size();
    if (!animated) {
        for (size_t b = 0; b < n; ++b) {
            out.animated[b] = bind_[b];
            out.skin[b] = mat4_identity();
        }
        return;
    }
    // H(b) along the Havok parents, as matrices, from the local transforms (no root motion).
    havok_model_.resize(skeleton_->bones.size());
    for (uint32_t h : skeleton_->parent_first_order) {
        Mat4d local = havok_transform_matrix(pose->local[h]);
        int32_t p = skeleton_->bones[h].parent;
        havok_model_[h] = p < 0 ? local : mat4_multiply(havok_model_[size_t(p)], local);
    }
    std::vector<uint8_t> placed(n, 0);
    for (uint32_t b : order_) {
        if (havok_of_[b] >= 0) {
            out.animated[b] = havok_model_[size_t(havok_of_[b])];
        } else {
            int32_t p = valid_parent(*model_, b, placed);
            out.animated[b] = p < 0 ? local_[b] : mat4_multiply(out.animated[size_t(p)], local_[b]);
        }
        out.skin[b] = mat4_multiply(out.animated[b], inverse_bind_[b]);
        placed[b] = 1;
    }
}

void CharacterRig::skin_matrices_f32(const CharacterPose& pose, std::vector<float>& out) {
    out.resize(pose.skin.size() * 16);
    for (size_t b = 0; b < pose.skin.size(); ++b)
        for (size_t k = 0; k < 16; ++k) out[16 * b + k] = float(pose.skin[b][k]);
}

namespace {

// The weighted sum of the slots' skin matrices (3x4, column-major), and the weight total.
template <class T, class M>
inline T blend(const flver::Mesh& mesh, size_t v, const M* k12, size_t bones, T out[12]) {
    for (int c = 0; c < 12; ++c) out[c] = 0;
    T total = 0;
    for (size_t s = 0; s < 4; ++s) {
        const T w = T(mesh.bone_weights[4 * v + s]);
        const size_t b = mesh.bone_indices[4 * v + s];
        if (!(w > 0) || b >= bones) continue;
        const M* m = k12 + 12 * b;
        for (int c = 0; c < 12; ++c) out[c] += w * T(m[c]);
        total += w;
    }
    return total;
}

}  // namespace

// Four floats as one SIMD value (GCC and Clang vector extensions: SSE natively, simd128 in wasm),
// so the native and the wasm build run the same four-wide arithmetic.
typedef float Float4 __attribute__((vector_size(16)));

void CharacterRig::skin_mesh(const flver::Mesh& mesh, const CharacterPose& pose, std::vector<float>& positions,
                             std::vector<float>* normals) const {
    const size_t n =
        mesh.error.empty() && mesh.positions.size() == 3 * size_t(mesh.vertex_count) ? mesh.vertex_count : 0;
    positions.resize(3 * n);
    if (normals) normals->resize(3 * n);
    if (n == 0) return;
    // K(b) as four float columns (x, y, z, unused); the bottom row of an affine matrix is 0 0 0 1.
    const size_t bones = pose.skin.size();
    std::vector<Float4> k(4 * bones);
    for (size_t b = 0; b < bones; ++b)
        for (size_t col = 0; col < 4; ++col) {
            const double* c = &pose.skin[b][4 * col];
            k[4 * b + col] = Float4{float(c[0]), float(c[1]), float(c[2]), 0.0f};
        }
    const bool weighted = mesh.bone_weights.size() == 4 * n && mesh.bone_indices.size() == 4 * n;
    const bool with_normals = normals && mesh.normals.size() == 3 * n;
    const float* weights = weighted ? mesh.bone_weights.data() : nullptr;
    const uint16_t* indices = weighted ? mesh.bone_indices.data() : nullptr;
    float* out_p = positions.data();
    float* out_n = normals ? normals->data() : nullptr;
    for (size_t v = 0; v < n; ++v) {
        const float* p = &mesh.positions[3 * v];
        Float4 c0 = {0, 0, 0, 0}, c1 = c0, c2 = c0, c3 = c0;
        float total = 0;
        if (weighted)
            for (size_t s = 0; s < 4; ++s) {
                const float w = weights[4 * v + s];
                const size_t b = indices[4 * v + s];
                if (!(w > 0) || b >= bones) continue;
                const Float4* m = &k[4 * b];
                c0 += w * m[0], c1 += w * m[1], c2 += w * m[2], c3 += w * m[3];
                total += w;
            }
        if (!(total > 0)) {  // no weight: the bind position
            std::memcpy(out_p + 3 * v, p, 12);
            if (with_normals)
                std::memcpy(out_n + 3 * v, &mesh.normals[3 * v], 12);
            else if (out_n)
                out_n[3 * v] = out_n[3 * v + 1] = out_n[3 * v + 2] = 0;
            continue;
        }
        const Float4 q = (c0 * p[0] + c1 * p[1] + c2 * p[2] + c3) * (1.0f / total);
        out_p[3 * v] = q[0], out_p[3 * v + 1] = q[1], out_p[3 * v + 2] = q[2];
        if (with_normals) {
            const float* nv = &mesh.normals[3 * v];
            const Float4 r = c0 * nv[0] + c1 * nv[1] + c2 * nv[2];
            const float len = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
            const float inv = len > 0 ? 1.0f / len : 0.0f;
            out_n[3 * v] = r[0] * inv, out_n[3 * v + 1] = r[1] * inv, out_n[3 * v + 2] = r[2] * inv;
        } else if (out_n) {
            out_n[3 * v] = out_n[3 * v + 1] = out_n[3 * v + 2] = 0;
        }
    }
}

void CharacterRig::skin_mesh_f64(const flver::Mesh& mesh, const CharacterPose& pose,
                                 std::vector<double>& positions) const {
    const size_t n =
        mesh.error.empty() && mesh.positions.size() == 3 * size_t(mesh.vertex_count) ? mesh.vertex_count : 0;
    positions.resize(3 * n);
    const size_t bones = pose.skin.size();
    std::vector<double> k12(12 * bones);
    for (size_t b = 0; b < bones; ++b)
        for (int col = 0; col < 4; ++col)
            for (int row = 0; row < 3; ++row) k12[12 * b + size_t(col * 3 + row)] = pose.skin[b][size_t(col * 4 + row)];
    const bool weighted = mesh.bone_weights.size() == 4 * n && mesh.bone_indices.size() == 4 * n;
    for (size_t v = 0; v < n; ++v) {
        const double p[3] = {mesh.positions[3 * v], mesh.positions[3 * v + 1], mesh.positions[3 * v + 2]};
        double m[12];
        double total = weighted ? blend<double, double>(mesh, v, k12.data(), bones, m) : 0.0;
        if (!(total > 0)) {
            for (int row = 0; row < 3; ++row) positions[3 * v + size_t(row)] = p[row];
            continue;
        }
        for (int row = 0; row < 3; ++row)
            positions[3 * v + size_t(row)] =
                (m[row] * p[0] + m[3 + row] * p[1] + m[6 + row] * p[2] + m[9 + row]) / total;
    }
}

void CharacterRig::posed_dummies(const CharacterPose& pose, std::vector<PosedDummy>& out) const {
    const auto& dummies = model_->dummies;
    const size_t bones = std::min(bind_.size(), pose.skin.size());
    out.resize(dummies.size());
    for (size_t i = 0; i < dummies.size(); ++i) {
        const flver::Dummy& d = dummies[i];
        Mat4d t = mat4_identity();
        for (int row = 0; row < 3; ++row) t[size_t(12 + row)] = d.position[size_t(row)];
        const bool parent = d.parent_bone >= 0 && size_t(d.parent_bone) < bones;
        Mat4d m = parent ? mat4_multiply(bind_[size_t(d.parent_bone)], t) : t;
        const bool follows = d.flag1 == 1 && d.attach_bone >= 0 && size_t(d.attach_bone) < bones;
        if (follows) m = mat4_multiply(pose.skin[size_t(d.attach_bone)], m);
        PosedDummy& p = out[i];
        p.index = i;
        p.reference_id = d.reference_id;
        p.bone = follows ? d.attach_bone : d.parent_bone;
        p.position = {m[12], m[13], m[14]};
        p.forward = transform_direction(m, d.forward);
        p.upward = transform_direction(m, d.use_upward ? d.upward : flver::Vec3f{0, 1, 0});
    }
}

CharacterModel::CharacterModel(std::vector<const Document*> documents)
    : documents_(std::move(documents)), member_(find_flver_member(documents_)) {}

CharacterModel CharacterModel::from_flver_bytes(SharedBytes flver, std::string name) {
    CharacterModel m;
    m.loose_ = std::move(flver);
    m.loose_name_ = std::move(name);
    return m;
}

const std::string& CharacterModel::flver_name() const { return member_ ? member_->name : loose_name_; }

Bytes CharacterModel::flver_bytes() const {
    if (member_) return binder_member_bytes(*documents_[member_->document], member_->member);
    return Bytes(loose_);
}

std::string CharacterModel::flver_source_name() const { return member_ ? member_->name : loose_name_; }

Result<const flver::Model*> CharacterModel::model() {
    if (!read_) {
        read_ = true;
        if (!has_model()) {
            error_ = make_error(Error::kNoOffset, "no .flver member in the binders opened");
        } else {
            Bytes bytes =
                member_ ? binder_member_bytes(*documents_[member_->document], member_->member) : Bytes(loose_);
            auto r = flver::read_flver(bytes);
            if (r.ok()) {
                model_ = std::make_unique<flver::Model>(std::move(r).value());
            } else {
                Error e = std::move(r).error();
                if (member_) {
                    std::string where = "member " + std::to_string(member_->member) + " (" + member_->name + ")";
                    if (documents_.size() > 1) where = documents_[member_->document]->name + " > " + where;
                    e.within(where);
                } else {
                    e.within(loose_name_);
                }
                error_ = std::move(e);
            }
        }
    }
    if (model_) return static_cast<const flver::Model*>(model_.get());
    return *error_;
}

Result<const CharacterRig*> CharacterModel::rig(const havok::Skeleton* skeleton) {
    auto m = model();
    if (!m.ok()) return std::move(m).error();
    if (!rig_ || rig_->skeleton() != skeleton) rig_ = std::make_unique<CharacterRig>(**m, skeleton);
    return static_cast<const CharacterRig*>(rig_.get());
}

}  // namespace taescope
