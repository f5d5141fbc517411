// `taescope gltf ANIBND... [MODEL] [--anim aXXX_YYYYYY ... | --all] -o OUT.glb`: the character as
// glTF 2.0 binary (engine/share/character_gltf.h): its skeleton, its body when a model binder
// (or a loose .flver) is given, and the chosen animations sampled at their own frames with their
// TAE events in each animation's extras. The page's "Export glTF…" writes the same bytes.
#include <cstdio>

#include "binder/animation_names.h"
#include "binder/character_model.h"
#include "command.h"
#include "havok_cli.h"
#include "io/file_io.h"
#include "share/character_gltf.h"
#include "templates/template_library.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope gltf ANIBND... [MODEL] [--anim aXXX_YYYYYY ... | --all] -o OUT.glb\n"
    "\n"
    "Writes the character as glTF 2.0 binary (.glb), for Blender and other tools:\n"
    "  ANIBND   the .anibnd(.dcx) binder(s) of the character (skeleton, animations, events)\n"
    "  MODEL    its model binder (cXXXX.chrbnd.dcx, or a .flver): the body, LOD0, skinned to the\n"
    "           FLVER bones; without it the skeleton alone\n"
    "  --anim   an animation to include (repeat for more); --all: every Havok animation; neither:\n"
    "           the armature (and body) in its rest pose only\n"
    "Animations are sampled at every frame of the clip (no root motion); each animation's extras\n"
    "hold its TAE events: {\"tae_events\": [{\"type\", \"name\", \"start\", \"end\"}]}. The games'\n"
    "left-handed space is mirrored on Z into glTF's right-handed one (nothing comes out mirrored).\n";

bool is_model_file(const std::string& path) {
    auto ends_with = [&](const char* suffix) {
        const std::string s(suffix);
        if (path.size() < s.size()) return false;
        for (size_t i = 0; i < s.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(path[path.size() - s.size() + i])) != s[i]) return false;
        return true;
    };
    return ends_with(".chrbnd") || ends_with(".chrbnd.dcx") || ends_with(".flver");
}

int run_gltf(const std::vector<std::string>& args) {
    std::vector<std::string> binders, models, anim_names;
    std::string output;
    bool all = false;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if ((a == "-o" || a == "--anim") && i + 1 >= args.size()) {
            std::fprintf(stderr, "taescope gltf: %s needs a value\n%s", a.c_str(), kUsage);
            return 2;
        }
        if (a == "-o")
            output = args[++i];
        else if (a == "--anim")
            anim_names.push_back(args[++i]);
        else if (a == "--all")
            all = true;
        else if (is_model_file(a))
            models.push_back(a);
        else
            binders.push_back(a);
    }
    if (binders.empty() || output.empty() || models.size() > 1 || (all && !anim_names.empty())) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    std::vector<std::string> paths = binders;
    paths.insert(paths.end(), models.begin(), models.end());
    auto opened = open_character(paths, "gltf");
    if (!opened) return 1;

    CharacterModel body;
    if (!models.empty()) {
        if (models[0].size() >= 6 && models[0].substr(models[0].size() - 6) == ".flver") {
            auto bytes = read_file(models[0]);
            if (!bytes) {
                std::fprintf(stderr, "taescope gltf: %s\n", bytes.error().to_string().c_str());
                return 1;
            }
            body = CharacterModel::from_flver_bytes(SharedBytes(std::move(*bytes)), models[0]);
        } else {
            body = CharacterModel({opened->documents.back().get()});
        }
        if (!body.has_model()) {
            std::fprintf(stderr, "taescope gltf: %s holds no .flver member\n", models[0].c_str());
            return 1;
        }
    }

    TemplateLibrary library;
    CharacterGltfRequest request;
    request.templates = &library;
    if (all) request.animations = character_animation_numbers(opened->character);
    for (const auto& name : anim_names) {
        auto number = parse_animation_name(name);
        if (!number) {
            std::fprintf(stderr, "taescope gltf: %s is not an animation name (aXXX_YYYYYY)\n", name.c_str());
            return 2;
        }
        request.animations.push_back(*number);
    }
    auto glb = export_character_glb(opened->character, models.empty() ? nullptr : &body, request);
    if (!glb) {
        std::fprintf(stderr, "taescope gltf: %s\n", glb.error().to_string().c_str());
        return 1;
    }
    if (auto written = write_file(output, *glb); !written) {
        std::fprintf(stderr, "taescope gltf: %s\n", written.error().to_string().c_str());
        return 1;
    }
    std::printf("%s: %zu bytes, %zu animation(s)%s\n", output.c_str(), glb->size(), request.animations.size(),
                models.empty() ? ", skeleton only" : ", with the body");
    return 0;
}

const CommandRegistration registration({"gltf", "the character as glTF 2.0 (.glb): skeleton, body, animations, events",
                                        kUsage, run_gltf});

}  // namespace
}  // namespace taescope::cli
