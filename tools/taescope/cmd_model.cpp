// `taescope model FILE [--json] [--vertices N] [--anibnd ANIBND --anim aXXX_YYYYYY --frame F]`:
// a character's FLVER model (engine/flver/) — bones, dummy polys, meshes with their material,
// mask and LOD0 triangle count — and, with the animation binder, the body skinned at one frame
// by engine/binder/character_model.h (model space, no root motion): the reference the page's
// character view and its glTF export are checked against.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "binder/animation_names.h"
#include "binder/character_model.h"
#include "command.h"
#include "flver/flver_reader.h"
#include "havok/pose.h"
#include "havok_cli.h"
#include "io/file_io.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope model FILE [--json] [--vertices N] [--anibnd ANIBND --anim aXXX_YYYYYY --frame F]\n"
    "\n"
    "FILE is a model binder (cXXXX.chrbnd.dcx, or a bare BND4) holding a .flver, or a loose .flver.\n"
    "Prints the FLVER's bones (name, parent, translation, Euler rotation, scale), dummy polys\n"
    "(reference id, parent and attach bone, position, forward, upward as stored) and meshes\n"
    "(material, mask group by the #NN# rule or -1, vertex count, LOD0 triangle count).\n"
    "  --json        {\"command\": \"model\", \"flver\", \"version\", \"bones\", \"dummies\", \"meshes\"}\n"
    "                (docs/cli-schema.json)\n"
    "  --vertices N  each mesh also lists its first N vertices (position, normal, first UV, bone\n"
    "                indices, weights as stored) and its first N LOD0 triangles\n"
    "  --anibnd ANIBND --anim aXXX_YYYYYY --frame F\n"
    "                the body skinned by that animation of the animation binder at frame F (the\n"
    "                clip's own frame numbers, fractions allowed): per mesh its first 16 vertices,\n"
    "                bounds and centroid, and every dummy posed; model space, no root motion\n";

struct Options {
    std::string path, anibnd, anim;
    bool json = false;
    long vertices = 0;
    double frame = 0;
    bool has_frame = false;
};

bool parse(const std::vector<std::string>& args, Options& o) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto next = [&](std::string& out) {
            if (i + 1 >= args.size()) return false;
            out = args[++i];
            return true;
        };
        std::string v;
        if (a == "--json")
            o.json = true;
        else if (a == "--vertices") {
            if (!next(v)) return false;
            char* end = nullptr;
            o.vertices = std::strtol(v.c_str(), &end, 10);
            if (*end != '\0' || o.vertices < 0) return false;
        } else if (a == "--anibnd") {
            if (!next(o.anibnd)) return false;
        } else if (a == "--anim") {
            if (!next(o.anim)) return false;
        } else if (a == "--frame") {
            if (!next(v)) return false;
            char* end = nullptr;
            o.frame = std::strtod(v.c_str(), &end);
            if (*end != '\0' || !std::isfinite(o.frame) || o.frame < 0) return false;
            o.has_frame = true;
        } else if (!a.empty() && a[0] == '-')
            return false;
        else if (o.path.empty())
            o.path = a;
        else
            return false;
    }
    if (o.path.empty()) return false;
    const bool any = !o.anibnd.empty() || !o.anim.empty() || o.has_frame;
    const bool all = !o.anibnd.empty() && !o.anim.empty() && o.has_frame;
    return !any || all;
}

template <class V>
void vec(JsonOut& out, const V& v, size_t n) {
    out.begin_array(true);
    for (size_t i = 0; i < n; ++i) out.number(double(v[i]));
    out.end_array();
}

struct Skinned {
    std::vector<std::vector<double>> positions;  // per mesh
    std::vector<PosedDummy> dummies;
};

int run_model(const std::vector<std::string>& args) {
    Options o;
    if (!parse(args, o)) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    // The model: a loose .flver or the .flver member of a binder.
    std::optional<Document> doc;
    std::unique_ptr<CharacterModel> body;
    auto bytes = read_file(o.path);
    if (!bytes.ok()) {
        std::fprintf(stderr, "taescope model: %s: %s\n", o.path.c_str(), bytes.error().to_string().c_str());
        return 1;
    }
    if (flver::is_flver(*bytes)) {
        body = std::make_unique<CharacterModel>(CharacterModel::from_flver_bytes(std::move(*bytes), o.path));
    } else {
        doc = open_document_file(o.path, "model");
        if (!doc) return 1;
        body = std::make_unique<CharacterModel>(std::vector<const Document*>{&*doc});
        if (!body->has_model()) {
            std::fprintf(stderr, "taescope model: %s holds no .flver member\n", o.path.c_str());
            return 1;
        }
    }
    auto model = body->model();
    if (!model.ok()) {
        std::fprintf(stderr, "taescope model: %s\n", model.error().to_string().c_str());
        return 1;
    }
    const flver::Model& m = **model;

    // The skinned frame, when asked.
    std::optional<Skinned> skinned;
    std::unique_ptr<OpenedCharacter> havok;
    if (!o.anibnd.empty()) {
        auto number = parse_animation_argument(o.anim);
        if (!number) {
            std::fprintf(stderr, "taescope model: --anim %s is not aXXX_YYYYYY\n", o.anim.c_str());
            return 2;
        }
        havok = open_character({o.anibnd}, "model");
        if (!havok) return 1;
        auto skeleton = havok->character.skeleton();
        if (!skeleton.ok()) {
            std::fprintf(stderr, "taescope model: %s\n", skeleton.error().to_string().c_str());
            return 1;
        }
        auto clip = havok->character.clip(*number);
        if (!clip.ok()) {
            std::fprintf(stderr, "taescope model: %s\n", clip.error().to_string().c_str());
            return 1;
        }
        auto rig = body->rig(*skeleton);
        if (!rig.ok()) {
            std::fprintf(stderr, "taescope model: %s\n", rig.error().to_string().c_str());
            return 1;
        }
        havok::Pose pose;
        havok::compute_pose(**skeleton, clip->get(), o.frame, havok::PoseOptions{false}, pose);
        CharacterPose cp;
        (*rig)->pose(&pose, cp);
        skinned.emplace();
        skinned->positions.resize(m.meshes.size());
        for (size_t i = 0; i < m.meshes.size(); ++i) (*rig)->skin_mesh_f64(m.meshes[i], cp, skinned->positions[i]);
        (*rig)->posed_dummies(cp, skinned->dummies);
    }

    auto mesh_material = [&](const flver::Mesh& mesh) -> const flver::Material& {
        return m.materials[size_t(mesh.material)];
    };
    auto bounds = [](const std::vector<double>& p, double lo[3], double hi[3], double c[3]) {
        for (int a = 0; a < 3; ++a) lo[a] = hi[a] = c[a] = 0;
        if (p.empty()) return;
        for (int a = 0; a < 3; ++a) lo[a] = hi[a] = p[size_t(a)];
        for (size_t k = 0; k < p.size(); ++k) {
            lo[k % 3] = std::min(lo[k % 3], p[k]);
            hi[k % 3] = std::max(hi[k % 3], p[k]);
            c[k % 3] += p[k];
        }
        for (int a = 0; a < 3; ++a) c[a] /= double(p.size() / 3);
    };

    if (o.json) {
        JsonOut out;
        out.begin_object()
            .field("command", "model")
            .field("flver", body->flver_name())
            .field_uint("version", m.header.version);
        out.key("bones").begin_array();
        for (const auto& b : m.bones) {
            out.begin_object().field("name", b.name).field_int("parent", b.parent);
            out.key("translation"), vec(out, b.translation, 3);
            out.key("rotation"), vec(out, b.rotation, 3);
            out.key("scale"), vec(out, b.scale, 3);
            out.end_object();
        }
        out.end_array();
        out.key("dummies").begin_array();
        for (const auto& d : m.dummies) {
            out.begin_object()
                .field_int("reference_id", d.reference_id)
                .field_int("parent_bone", d.parent_bone)
                .field_int("attach_bone", d.attach_bone);
            out.key("position"), vec(out, d.position, 3);
            out.key("forward"), vec(out, d.forward, 3);
            out.key("upward"), vec(out, d.upward, 3);
            out.end_object();
        }
        out.end_array();
        out.key("meshes").begin_array();
        for (size_t i = 0; i < m.meshes.size(); ++i) {
            const flver::Mesh& mesh = m.meshes[i];
            std::vector<uint32_t> tris = flver::lod_triangles(mesh);
            out.begin_object()
                .field_uint("index", i)
                .field("material", mesh_material(mesh).name)
                .field_int("mask", mesh_material(mesh).mask)
                .field_uint("vertex_count", mesh.vertex_count)
                .field_uint("lod0_triangles", tris.size() / 3);
            if (!mesh.error.empty()) out.field("error", mesh.error);
            if (o.vertices > 0) {
                const size_t n = std::min<size_t>(size_t(o.vertices), mesh.positions.size() / 3);
                out.key("vertices").begin_array();
                for (size_t v = 0; v < n; ++v) {
                    out.begin_object();
                    out.key("position"), vec(out, &mesh.positions[3 * v], 3);
                    out.key("normal"), vec(out, &mesh.normals[3 * v], 3);
                    out.key("uv"), vec(out, &mesh.uv0[2 * v], 2);
                    out.key("bone_indices"), vec(out, &mesh.bone_indices[4 * v], 4);
                    out.key("bone_weights"), vec(out, &mesh.bone_weights[4 * v], 4);
                    out.end_object();
                }
                out.end_array();
                const size_t t = std::min<size_t>(size_t(o.vertices), tris.size() / 3);
                out.key("triangles").begin_array();
                for (size_t k = 0; k < t; ++k) vec(out, &tris[3 * k], 3);
                out.end_array();
            }
            if (skinned) {
                const auto& p = skinned->positions[i];
                double lo[3], hi[3], c[3];
                bounds(p, lo, hi, c);
                out.key("skinned").begin_object().key("first").begin_array();
                for (size_t v = 0; v < std::min<size_t>(16, p.size() / 3); ++v) vec(out, &p[3 * v], 3);
                out.end_array();
                out.key("min"), vec(out, lo, 3);
                out.key("max"), vec(out, hi, 3);
                out.key("centroid"), vec(out, c, 3);
                out.end_object();
            }
            out.end_object();
        }
        out.end_array();
        if (skinned) {
            out.field("anibnd", o.anibnd).field("anim", o.anim).field_number("frame", o.frame);
            out.key("dummies_posed").begin_array();
            for (const auto& d : skinned->dummies) {
                out.begin_object().field_int("reference_id", d.reference_id);
                out.key("position"), vec(out, d.position, 3);
                out.end_object();
            }
            out.end_array();
        }
        out.key("notes").begin_array();
        for (const auto& n : m.notes) out.string(n);
        out.end_array();
        out.end_object();
        print_text(out.text());
        return 0;
    }

    std::printf("%s: FLVER %s, %zu bones, %zu dummies, %zu materials, %zu meshes\n", body->flver_name().c_str(),
                hex(m.header.version).c_str(), m.bones.size(), m.dummies.size(), m.materials.size(), m.meshes.size());
    for (size_t i = 0; i < m.meshes.size(); ++i) {
        const flver::Mesh& mesh = m.meshes[i];
        std::printf("mesh %2zu  %-28s mask %3d  %6u vertices  %6zu LOD0 triangles  %zu buffer(s)%s%s\n", i,
                    mesh_material(mesh).name.c_str(), mesh_material(mesh).mask, mesh.vertex_count,
                    flver::lod_triangles(mesh).size() / 3, mesh.vertex_buffers.size(),
                    mesh.error.empty() ? "" : "  error: ", mesh.error.c_str());
        if (skinned) {
            double lo[3], hi[3], c[3];
            bounds(skinned->positions[i], lo, hi, c);
            std::printf(
                "         skinned: min (%.4f, %.4f, %.4f)  max (%.4f, %.4f, %.4f)  centroid (%.4f, %.4f, %.4f)\n",
                lo[0], lo[1], lo[2], hi[0], hi[1], hi[2], c[0], c[1], c[2]);
        }
    }
    for (size_t i = 0; i < m.bones.size(); ++i) {
        const auto& b = m.bones[i];
        std::printf("bone %3zu  %-32s parent %4d  t (%.4f, %.4f, %.4f)  r (%.4f, %.4f, %.4f)\n", i, b.name.c_str(),
                    b.parent, b.translation[0], b.translation[1], b.translation[2], b.rotation[0], b.rotation[1],
                    b.rotation[2]);
    }
    for (size_t i = 0; i < m.dummies.size(); ++i) {
        const auto& d = m.dummies[i];
        std::printf("dummy %3zu  id %4d  parent %4d  attach %4d  at (%.4f, %.4f, %.4f)", i, d.reference_id,
                    d.parent_bone, d.attach_bone, d.position[0], d.position[1], d.position[2]);
        if (skinned) {
            const auto& p = skinned->dummies[i].position;
            std::printf("  posed (%.4f, %.4f, %.4f)", p[0], p[1], p[2]);
        }
        std::printf("\n");
    }
    for (const auto& n : m.notes) std::printf("note: %s\n", n.c_str());
    return 0;
}

const CommandRegistration registration(
    {"model", "a character's FLVER model: bones, dummy polys, meshes, masks; skinned at a frame", kUsage, run_model});

}  // namespace
}  // namespace taescope::cli
