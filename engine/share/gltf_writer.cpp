// glTF 2.0 binary writer (gltf_writer.h): the description checked, mirrored into glTF's space and
// laid out as tinygltf's model (one buffer; one buffer view per accessor, each 4-byte aligned),
// then serialised by tinygltf to a .glb in memory.
//
// This file also holds tinygltf's implementation (the engine's one copy; the unit tests use its
// loader through tiny_gltf.h). No image library, no file system: the writer never touches
// either, and neither exists in the page's wasm build.
#include "share/gltf_writer.h"

#define TINYGLTF_IMPLEMENTATION
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>

#include "share/tiny_gltf_options.h"

namespace taescope::gltf {

Vec3 mirror_z(const Vec3& v) { return {v[0], v[1], -v[2]}; }
Quat mirror_z(const Quat& q) { return {-q[0], -q[1], q[2], q[3]}; }
Mat4 mirror_z(const Mat4& m) {
    // S M S with S = diag(1, 1, -1, 1): row 2 and column 2 change sign (their crossing twice).
    Mat4 out = m;
    for (int col = 0; col < 4; ++col)
        for (int row = 0; row < 4; ++row)
            if ((row == 2) != (col == 2)) out[col * 4 + row] = -m[col * 4 + row];
    return out;
}

Mat4 trs_matrix(const Trs& trs) {
    Quat q = trs.rotation;
    double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (n > 0)
        for (double& c : q) c /= n;
    else
        q = {0, 0, 0, 1};
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    const double r[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)},
                            {2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)},
                            {2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)}};
    Mat4 m{};
    for (int col = 0; col < 3; ++col)
        for (int row = 0; row < 3; ++row) m[col * 4 + row] = r[row][col] * trs.scale[col];
    m[12] = trs.translation[0];
    m[13] = trs.translation[1];
    m[14] = trs.translation[2];
    m[15] = 1;
    return m;
}

Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 out{};
    for (int col = 0; col < 4; ++col)
        for (int row = 0; row < 4; ++row) {
            double sum = 0;
            for (int k = 0; k < 4; ++k) sum += a[k * 4 + row] * b[col * 4 + k];
            out[col * 4 + row] = sum;
        }
    return out;
}

Mat4 affine_inverse(const Mat4& m) {
    // 3x3 part by cofactors (a(row, col) = m[col * 4 + row]), then t' = -R^-1 t.
    auto a = [&](int row, int col) { return m[col * 4 + row]; };
    const double c00 = a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1), c01 = a(1, 2) * a(2, 0) - a(1, 0) * a(2, 2),
                 c02 = a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0);
    const double det = a(0, 0) * c00 + a(0, 1) * c01 + a(0, 2) * c02;
    Mat4 out{};
    if (!(std::fabs(det) > 1e-300) || !std::isfinite(det)) {
        for (int i = 0; i < 4; ++i) out[i * 5] = 1;
        return out;
    }
    double inv[3][3] = {{c00, a(0, 2) * a(2, 1) - a(0, 1) * a(2, 2), a(0, 1) * a(1, 2) - a(0, 2) * a(1, 1)},
                        {c01, a(0, 0) * a(2, 2) - a(0, 2) * a(2, 0), a(0, 2) * a(1, 0) - a(0, 0) * a(1, 2)},
                        {c02, a(0, 1) * a(2, 0) - a(0, 0) * a(2, 1), a(0, 0) * a(1, 1) - a(0, 1) * a(1, 0)}};
    for (auto& row : inv)
        for (double& v : row) v /= det;
    for (int row = 0; row < 3; ++row) {
        for (int col = 0; col < 3; ++col) out[col * 4 + row] = inv[row][col];
        out[12 + row] = -(inv[row][0] * m[12] + inv[row][1] * m[13] + inv[row][2] * m[14]);
    }
    out[15] = 1;
    return out;
}

Trs decompose(const Mat4& m) {
    Trs out;
    out.translation = {m[12], m[13], m[14]};
    double col[3][3];
    for (int c = 0; c < 3; ++c) {
        const double len = std::sqrt(m[c * 4] * m[c * 4] + m[c * 4 + 1] * m[c * 4 + 1] + m[c * 4 + 2] * m[c * 4 + 2]);
        out.scale[c] = len;
        for (int r = 0; r < 3; ++r) col[c][r] = len > 0 ? m[c * 4 + r] / len : (r == c ? 1 : 0);
    }
    const double det = col[0][0] * (col[1][1] * col[2][2] - col[2][1] * col[1][2]) -
                       col[1][0] * (col[0][1] * col[2][2] - col[2][1] * col[0][2]) +
                       col[2][0] * (col[0][1] * col[1][2] - col[1][1] * col[0][2]);
    if (det < 0) {
        out.scale[0] = -out.scale[0];
        for (double& v : col[0]) v = -v;
    }
    // Rotation matrix r(row, col) = col[col][row] to a quaternion (Shepperd's method).
    auto r = [&](int row, int c) { return col[c][row]; };
    const double trace = r(0, 0) + r(1, 1) + r(2, 2);
    Quat q;
    if (trace > 0) {
        const double s = std::sqrt(trace + 1.0) * 2;
        q = {(r(2, 1) - r(1, 2)) / s, (r(0, 2) - r(2, 0)) / s, (r(1, 0) - r(0, 1)) / s, 0.25 * s};
    } else if (r(0, 0) > r(1, 1) && r(0, 0) > r(2, 2)) {
        const double s = std::sqrt(1.0 + r(0, 0) - r(1, 1) - r(2, 2)) * 2;
        q = {0.25 * s, (r(0, 1) + r(1, 0)) / s, (r(0, 2) + r(2, 0)) / s, (r(2, 1) - r(1, 2)) / s};
    } else if (r(1, 1) > r(2, 2)) {
        const double s = std::sqrt(1.0 + r(1, 1) - r(0, 0) - r(2, 2)) * 2;
        q = {(r(0, 1) + r(1, 0)) / s, 0.25 * s, (r(1, 2) + r(2, 1)) / s, (r(0, 2) - r(2, 0)) / s};
    } else {
        const double s = std::sqrt(1.0 + r(2, 2) - r(0, 0) - r(1, 1)) * 2;
        q = {(r(0, 2) + r(2, 0)) / s, (r(1, 2) + r(2, 1)) / s, 0.25 * s, (r(1, 0) - r(0, 1)) / s};
    }
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    out.rotation = n > 0 ? Quat{q[0] / n, q[1] / n, q[2] / n, q[3] / n} : Quat{0, 0, 0, 1};
    return out;
}

namespace {

Error describe_error(const std::string& what) { return make_error(Error::kNoOffset, what).within("glTF export"); }

// The model being built, with its one binary buffer.
class Builder {
public:
    tinygltf::Model model;

    Builder() { model.buffers.emplace_back(); }

    // Appends `bytes` (4-byte aligned) as a buffer view of its own; returns the view.
    int add_view(const void* bytes, size_t size, int target) {
        std::vector<unsigned char>& data = model.buffers[0].data;
        while (data.size() % 4) data.push_back(0);
        tinygltf::BufferView view;
        view.buffer = 0;
        view.byteOffset = data.size();
        view.byteLength = size;
        view.target = target;
        data.insert(data.end(), static_cast<const unsigned char*>(bytes),
                    static_cast<const unsigned char*>(bytes) + size);
        model.bufferViews.push_back(view);
        return int(model.bufferViews.size() - 1);
    }

    // A float accessor of `components` per element (type: TINYGLTF_TYPE_*), with min/max.
    int add_floats(const std::vector<float>& values, int components, int type, int target, bool bounds) {
        return add_accessor(values, components, type, TINYGLTF_COMPONENT_TYPE_FLOAT, target, bounds);
    }

    // An accessor of `components` per element of T (component_type: TINYGLTF_COMPONENT_TYPE_*).
    template <typename T>
    int add_accessor(const std::vector<T>& values, int components, int type, int component_type, int target,
                     bool bounds) {
        tinygltf::Accessor a;
        a.bufferView = add_view(values.data(), values.size() * sizeof(T), target);
        a.componentType = component_type;
        a.count = values.size() / size_t(components);
        a.type = type;
        if (bounds) set_bounds(a, values, components);
        model.accessors.push_back(a);
        return int(model.accessors.size() - 1);
    }

private:
    template <typename T>
    static void set_bounds(tinygltf::Accessor& a, const std::vector<T>& values, int components) {
        a.minValues.assign(size_t(components), std::numeric_limits<double>::infinity());
        a.maxValues.assign(size_t(components), -std::numeric_limits<double>::infinity());
        for (size_t i = 0; i < values.size(); ++i) {
            const double v = double(values[i]);
            const size_t c = i % size_t(components);
            a.minValues[c] = std::min(a.minValues[c], v);
            a.maxValues[c] = std::max(a.maxValues[c], v);
        }
        if (values.empty()) a.minValues.assign(size_t(components), 0), a.maxValues.assign(size_t(components), 0);
    }
};

double as_float(double v) { return double(float(v)); }

Quat normalized(Quat q) {
    const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (!(n > 0) || !std::isfinite(n)) return {0, 0, 0, 1};
    for (double& c : q) c /= n;
    return q;
}

bool finite(const Trs& t) {
    for (double v : t.translation)
        if (!std::isfinite(v)) return false;
    for (double v : t.rotation)
        if (!std::isfinite(v)) return false;
    for (double v : t.scale)
        if (!std::isfinite(v)) return false;
    return true;
}

Status check_scene(const Scene& scene) {
    const auto& joints = scene.armature.joints;
    if (joints.empty()) return describe_error("the armature has no joint");
    if (joints.size() >= 65535)
        return describe_error(std::to_string(joints.size()) + " joints: more than 16-bit joint indices hold");
    for (size_t j = 0; j < joints.size(); ++j) {
        if (joints[j].parent >= int32_t(j))
            return describe_error("joint " + std::to_string(j) + " (" + joints[j].name + "): parent " +
                                  std::to_string(joints[j].parent) + " does not come before it");
        if (!finite(joints[j].rest)) return describe_error("joint " + joints[j].name + ": rest transform not finite");
    }
    for (size_t m = 0; m < scene.meshes.size(); ++m) {
        const SkinnedMesh& mesh = scene.meshes[m];
        const std::string where = "mesh " + std::to_string(m) + " (" + mesh.name + ")";
        const size_t n = mesh.positions.size() / 3;
        if (mesh.positions.size() != n * 3) return describe_error(where + ": positions not a multiple of 3");
        if (!mesh.normals.empty() && mesh.normals.size() != n * 3)
            return describe_error(where + ": " + std::to_string(mesh.normals.size() / 3) + " normals for " +
                                  std::to_string(n) + " vertices");
        if (!mesh.uv0.empty() && mesh.uv0.size() != n * 2) return describe_error(where + ": uv count differs");
        if (mesh.joints.size() != n * 4 || mesh.weights.size() != n * 4)
            return describe_error(where + ": joints/weights are not 4 per vertex");
        if (mesh.indices.size() % 3) return describe_error(where + ": indices not a multiple of 3");
        for (size_t i = 0; i < mesh.indices.size(); ++i)
            if (mesh.indices[i] >= n)
                return describe_error(where + ": index " + std::to_string(i) + " is " +
                                      std::to_string(mesh.indices[i]) + ", past the " + std::to_string(n) +
                                      " vertices");
        for (size_t i = 0; i < mesh.joints.size(); ++i)
            if (mesh.joints[i] >= joints.size() && mesh.weights[i] > 0)
                return describe_error(where + ": vertex " + std::to_string(i / 4) + " names joint " +
                                      std::to_string(mesh.joints[i]) + " of " + std::to_string(joints.size()));
        if (mesh.fallback_joint >= joints.size()) return describe_error(where + ": fallback joint out of range");
        for (float v : mesh.positions)
            if (!std::isfinite(v)) return describe_error(where + ": a position is not finite");
    }
    for (const Animation& anim : scene.animations) {
        if (anim.times.empty()) return describe_error("animation " + anim.name + ": no frame");
        for (size_t i = 0; i < anim.times.size(); ++i)
            if (!std::isfinite(anim.times[i]) || (i && !(anim.times[i] > anim.times[i - 1])))
                return describe_error("animation " + anim.name + ": frame times do not increase at frame " +
                                      std::to_string(i));
        if (anim.joints.size() > joints.size())
            return describe_error("animation " + anim.name + ": more joint tracks than joints");
        for (size_t j = 0; j < anim.joints.size(); ++j) {
            if (!anim.joints[j].empty() && anim.joints[j].size() != anim.times.size())
                return describe_error("animation " + anim.name + ": joint " + joints[j].name + " has " +
                                      std::to_string(anim.joints[j].size()) + " transforms for " +
                                      std::to_string(anim.times.size()) + " frames");
            for (const Trs& t : anim.joints[j])
                if (!finite(t))
                    return describe_error("animation " + anim.name + ": joint " + joints[j].name + " not finite");
        }
    }
    return ok_status();
}

// Per vertex: joints merged (a joint named twice gets the sum), weights renormalised to 1, empty
// slots on joint 0 with weight 0; a vertex without weight goes wholly to the fallback joint.
void clean_skin(const SkinnedMesh& mesh, std::vector<uint16_t>& joints_out, std::vector<float>& weights_out) {
    const size_t n = mesh.positions.size() / 3;
    joints_out.assign(n * 4, 0);
    weights_out.assign(n * 4, 0.0f);
    for (size_t v = 0; v < n; ++v) {
        std::array<uint32_t, 4> j{};
        std::array<double, 4> w{};
        int used = 0;
        for (int s = 0; s < 4; ++s) {
            const double ws = mesh.weights[v * 4 + s];
            if (!(ws > 0) || !std::isfinite(ws)) continue;
            const uint32_t js = mesh.joints[v * 4 + s];
            int at = 0;
            while (at < used && j[at] != js) ++at;
            if (at == used) j[used++] = js, w[at] = 0;
            w[at] += ws;
        }
        double sum = 0;
        for (int s = 0; s < used; ++s) sum += w[s];
        if (used == 0 || !(sum > 0)) {
            joints_out[v * 4] = uint16_t(mesh.fallback_joint);
            weights_out[v * 4] = 1.0f;
            continue;
        }
        // Normalised in double, written as float, then the largest weight takes the float
        // rounding so that the float sum is as close to 1 as floats allow.
        float fsum = 0;
        int largest = 0;
        for (int s = 0; s < used; ++s) {
            joints_out[v * 4 + s] = uint16_t(j[s]);
            weights_out[v * 4 + s] = float(w[s] / sum);
            if (w[s] > w[largest]) largest = s;
        }
        for (int s = 0; s < used; ++s)
            if (s != largest) fsum += weights_out[v * 4 + s];
        weights_out[v * 4 + largest] = 1.0f - fsum;
    }
}

tinygltf::Value events_value(const Animation& anim) {
    tinygltf::Value::Array events;
    for (const AnimationEvent& e : anim.events) {
        tinygltf::Value::Object o;
        o["type"] = tinygltf::Value(int(e.type));
        o["name"] = tinygltf::Value(e.name);
        o["start"] = tinygltf::Value(e.start);
        o["end"] = tinygltf::Value(e.end);
        events.emplace_back(std::move(o));
    }
    tinygltf::Value::Object extras;
    extras["tae_events"] = tinygltf::Value(std::move(events));
    if (!anim.events_note.empty()) extras["tae_events_note"] = tinygltf::Value(anim.events_note);
    return tinygltf::Value(std::move(extras));
}

bool same(const Vec3& a, const Vec3& b) {
    for (int i = 0; i < 3; ++i)
        if (std::fabs(a[i] - b[i]) > 1e-7) return false;
    return true;
}
bool same_rotation(const Quat& a, const Quat& b) {
    // q and -q are one rotation
    double d = 0;
    for (int i = 0; i < 4; ++i) d += a[i] * b[i];
    return std::fabs(std::fabs(d) - 1) < 1e-12;
}

}  // namespace

Result<std::vector<uint8_t>> write_glb(const Scene& scene) {
    TAESCOPE_TRY(check_scene(scene));
    Builder b;
    tinygltf::Model& m = b.model;
    m.asset.version = "2.0";
    m.asset.generator = scene.generator;
    const auto& joints = scene.armature.joints;

    // Nodes: 0 the armature root, 1 + j joint j, then one node per mesh.
    tinygltf::Node root;
    root.name = scene.armature.name.empty() ? "armature" : scene.armature.name;
    m.nodes.push_back(root);
    for (size_t j = 0; j < joints.size(); ++j) {
        tinygltf::Node node;
        node.name = joints[j].name;
        const Vec3 t = mirror_z(joints[j].rest.translation);
        const Quat q = normalized(mirror_z(joints[j].rest.rotation));
        // Rounded to float, as every value in the binary chunk is: what glTF readers keep, and the
        // same text natively and in wasm (their sin/cos may differ in a double's last bit).
        const Vec3& s = joints[j].rest.scale;
        node.translation = {as_float(t[0]), as_float(t[1]), as_float(t[2])};
        node.rotation = {as_float(q[0]), as_float(q[1]), as_float(q[2]), as_float(q[3])};
        node.scale = {as_float(s[0]), as_float(s[1]), as_float(s[2])};
        m.nodes.push_back(node);
        const size_t parent_node = joints[j].parent < 0 ? 0 : size_t(joints[j].parent) + 1;
        m.nodes[parent_node].children.push_back(int(j + 1));
    }

    tinygltf::Scene gltf_scene;
    gltf_scene.name = root.name;
    gltf_scene.nodes.push_back(0);

    {
        // The skin: the root node (identity bind) and every joint. Written without a mesh too:
        // importers (Blender's) make an armature of a skin's joints, plain nodes become empties.
        std::vector<float> ibm;
        ibm.reserve((joints.size() + 1) * 16);
        for (int i = 0; i < 16; ++i) ibm.push_back(i % 5 == 0 ? 1.0f : 0.0f);
        for (const Joint& joint : joints) {
            Mat4 mm = mirror_z(joint.inverse_bind);
            // The last row is (0, 0, 0, 1) by definition of an affine bind; written exactly.
            mm[3] = mm[7] = mm[11] = 0;
            mm[15] = 1;
            for (double v : mm) ibm.push_back(float(v));
        }
        tinygltf::Skin skin;
        skin.name = root.name;
        skin.skeleton = 0;
        skin.inverseBindMatrices = b.add_floats(ibm, 16, TINYGLTF_TYPE_MAT4, 0, false);
        for (size_t j = 0; j <= joints.size(); ++j) skin.joints.push_back(int(j));
        m.skins.push_back(skin);

        for (size_t i = 0; i < scene.meshes.size(); ++i) {
            const SkinnedMesh& mesh = scene.meshes[i];
            const size_t n = mesh.positions.size() / 3;
            std::vector<float> positions(mesh.positions);
            for (size_t v = 0; v < n; ++v) positions[v * 3 + 2] = -positions[v * 3 + 2];
            tinygltf::Primitive prim;
            prim.mode = TINYGLTF_MODE_TRIANGLES;
            prim.attributes["POSITION"] =
                b.add_floats(positions, 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
            if (!mesh.normals.empty()) {
                std::vector<float> normals(n * 3);
                for (size_t v = 0; v < n; ++v) {
                    double x = mesh.normals[v * 3], y = mesh.normals[v * 3 + 1], z = -double(mesh.normals[v * 3 + 2]);
                    double len = std::sqrt(x * x + y * y + z * z);
                    if (!(len > 1e-12) || !std::isfinite(len)) x = 0, y = 1, z = 0, len = 1;
                    normals[v * 3] = float(x / len);
                    normals[v * 3 + 1] = float(y / len);
                    normals[v * 3 + 2] = float(z / len);
                }
                prim.attributes["NORMAL"] =
                    b.add_floats(normals, 3, TINYGLTF_TYPE_VEC3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
            }
            if (!mesh.uv0.empty())
                prim.attributes["TEXCOORD_0"] =
                    b.add_floats(mesh.uv0, 2, TINYGLTF_TYPE_VEC2, TINYGLTF_TARGET_ARRAY_BUFFER, false);
            std::vector<uint16_t> skin_joints;
            std::vector<float> skin_weights;
            clean_skin(mesh, skin_joints, skin_weights);
            // Joint j of the description is joint j + 1 of the skin (0 is the root).
            for (size_t s = 0; s < skin_joints.size(); ++s)
                if (skin_weights[s] > 0) skin_joints[s] = uint16_t(skin_joints[s] + 1);
            prim.attributes["JOINTS_0"] =
                b.add_accessor(skin_joints, 4, TINYGLTF_TYPE_VEC4, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                               TINYGLTF_TARGET_ARRAY_BUFFER, false);
            prim.attributes["WEIGHTS_0"] =
                b.add_floats(skin_weights, 4, TINYGLTF_TYPE_VEC4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
            if (n <= 65535) {
                std::vector<uint16_t> idx(mesh.indices.begin(), mesh.indices.end());
                prim.indices = b.add_accessor(idx, 1, TINYGLTF_TYPE_SCALAR, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT,
                                              TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER, false);
            } else {
                prim.indices =
                    b.add_accessor(mesh.indices, 1, TINYGLTF_TYPE_SCALAR, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT,
                                   TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER, false);
            }
            tinygltf::Material material;
            material.name = mesh.material;
            material.pbrMetallicRoughness.baseColorFactor = {mesh.color[0], mesh.color[1], mesh.color[2],
                                                             mesh.color[3]};
            material.pbrMetallicRoughness.metallicFactor = 0.0;
            material.pbrMetallicRoughness.roughnessFactor = 0.8;
            material.doubleSided = mesh.double_sided;
            m.materials.push_back(material);
            prim.material = int(m.materials.size() - 1);

            tinygltf::Mesh gltf_mesh;
            gltf_mesh.name = mesh.name;
            gltf_mesh.primitives.push_back(prim);
            m.meshes.push_back(gltf_mesh);
            tinygltf::Node node;
            node.name = mesh.name;
            node.mesh = int(m.meshes.size() - 1);
            node.skin = 0;
            m.nodes.push_back(node);
            gltf_scene.nodes.push_back(int(m.nodes.size() - 1));
        }
    }

    for (const Animation& anim : scene.animations) {
        tinygltf::Animation out;
        out.name = anim.name;
        out.extras = events_value(anim);
        std::vector<float> times(anim.times.begin(), anim.times.end());
        int input = -1;         // the frame times, written when a channel first needs them
        int single_input = -1;  // [times[0]]: a channel whose value never changes has one key
        for (size_t j = 0; j < anim.joints.size(); ++j) {
            const std::vector<Trs>& frames = anim.joints[j];
            if (frames.empty()) continue;
            const Trs& rest = joints[j].rest;
            for (int path = 0; path < 3; ++path) {
                bool constant = true, at_rest = true;
                for (const Trs& t : frames) {
                    if (path == 0) {
                        constant = constant && same(t.translation, frames[0].translation);
                        at_rest = at_rest && same(t.translation, rest.translation);
                    } else if (path == 1) {
                        constant = constant && same_rotation(normalized(t.rotation), normalized(frames[0].rotation));
                        at_rest = at_rest && same_rotation(normalized(t.rotation), normalized(rest.rotation));
                    } else {
                        constant = constant && same(t.scale, frames[0].scale);
                        at_rest = at_rest && same(t.scale, rest.scale);
                    }
                }
                if (at_rest) continue;  // the node's own value: no channel
                const size_t keys = constant ? 1 : frames.size();
                std::vector<float> values;
                values.reserve(keys * (path == 1 ? 4 : 3));
                Quat previous{0, 0, 0, 1};
                for (size_t k = 0; k < keys; ++k) {
                    const Trs& t = frames[k];
                    if (path == 0) {
                        const Vec3 v = mirror_z(t.translation);
                        values.insert(values.end(), {float(v[0]), float(v[1]), float(v[2])});
                    } else if (path == 1) {
                        Quat q = normalized(mirror_z(t.rotation));
                        // The shorter way between keys (q and -q are one rotation; LINEAR is slerp).
                        if (k && q[0] * previous[0] + q[1] * previous[1] + q[2] * previous[2] + q[3] * previous[3] < 0)
                            for (double& c : q) c = -c;
                        previous = q;
                        values.insert(values.end(), {float(q[0]), float(q[1]), float(q[2]), float(q[3])});
                    } else {
                        values.insert(values.end(), {float(t.scale[0]), float(t.scale[1]), float(t.scale[2])});
                    }
                }
                int& in = constant ? single_input : input;
                if (in < 0) {
                    std::vector<float> keys_times = constant ? std::vector<float>{times[0]} : times;
                    in = b.add_floats(keys_times, 1, TINYGLTF_TYPE_SCALAR, 0, true);
                }
                tinygltf::AnimationSampler sampler;
                sampler.input = in;
                sampler.output = b.add_floats(values, path == 1 ? 4 : 3,
                                              path == 1 ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_VEC3, 0, false);
                sampler.interpolation = "LINEAR";
                out.samplers.push_back(sampler);
                tinygltf::AnimationChannel channel;
                channel.sampler = int(out.samplers.size() - 1);
                channel.target_node = int(j + 1);
                channel.target_path = path == 0 ? "translation" : path == 1 ? "rotation" : "scale";
                out.channels.push_back(channel);
            }
        }
        if (out.channels.empty()) {
            // glTF wants at least one channel: the root joint held at its rest rotation.
            const Quat q = normalized(mirror_z(joints[0].rest.rotation));
            std::vector<float> keys_times{times[0]};
            tinygltf::AnimationSampler sampler;
            sampler.input = b.add_floats(keys_times, 1, TINYGLTF_TYPE_SCALAR, 0, true);
            sampler.output =
                b.add_floats({float(q[0]), float(q[1]), float(q[2]), float(q[3])}, 4, TINYGLTF_TYPE_VEC4, 0, false);
            out.samplers.push_back(sampler);
            tinygltf::AnimationChannel channel;
            channel.sampler = 0;
            channel.target_node = 1;
            channel.target_path = "rotation";
            out.channels.push_back(channel);
        }
        m.animations.push_back(std::move(out));
    }

    m.scenes.push_back(gltf_scene);
    m.defaultScene = 0;

    tinygltf::TinyGLTF writer;
    std::ostringstream stream;
    if (!writer.WriteGltfSceneToStream(&m, stream, false, true))
        return describe_error("tinygltf could not write the model");
    const std::string text = stream.str();
    return std::vector<uint8_t>(text.begin(), text.end());
}

}  // namespace taescope::gltf
