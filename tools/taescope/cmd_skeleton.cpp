// `taescope skeleton FILE... [--json]`: the character's Havok skeleton (skeleton.hkx read with the
// binder's compendium): bone names, parents and the local reference pose.
#include <cstdio>

#include "command.h"
#include "havok_cli.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope skeleton FILE... [--json]\n"
    "\n"
    "FILE is an .anibnd(.dcx) binder holding skeleton.hkx and its cXXXX.compendium (several files:\n"
    "the binders of one character, the first one's skeleton is used). Prints each bone's index,\n"
    "name, parent and local reference transform (translation, rotation quaternion xyzw, scale).\n"
    "  --json   {\"command\": \"skeleton\", \"name\", \"sdk_version\", \"bones\": [{\"name\", \"parent\", "
    "\"reference\":\n"
    "           [tx,ty,tz, qx,qy,qz,qw, sx,sy,sz]}], \"notes\"}\n";

int run_skeleton(const std::vector<std::string>& args) {
    bool json = false;
    std::vector<std::string> paths;
    for (const auto& a : args) {
        if (a == "--json")
            json = true;
        else
            paths.push_back(a);
    }
    if (paths.empty()) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    auto opened = open_character(paths, "skeleton");
    if (!opened) return 1;
    auto skeleton = opened->character.skeleton();
    if (!skeleton.ok()) {
        std::fprintf(stderr, "taescope skeleton: %s\n", skeleton.error().to_string().c_str());
        return 1;
    }
    const havok::Skeleton& s = **skeleton;
    if (json) {
        JsonOut out;
        out.begin_object().field("command", "skeleton").field("name", s.name).field("sdk_version", s.sdk_version);
        out.key("bones").begin_array();
        for (const auto& b : s.bones) {
            out.begin_object().field("name", b.name).field_int("parent", b.parent);
            out.key("reference");
            write_transform(out, b.reference);
            out.end_object();
        }
        out.end_array();
        out.key("notes").begin_array();
        for (const auto& n : s.notes) out.string(n);
        out.end_array().end_object();
        print_text(out.text());
        return 0;
    }
    std::printf("skeleton %s (Havok %s): %zu bones\n", s.name.c_str(), s.sdk_version.c_str(), s.bones.size());
    for (size_t i = 0; i < s.bones.size(); ++i)
        std::printf("%4zu %-32s parent %4d  %s\n", i, s.bones[i].name.c_str(), s.bones[i].parent,
                    transform_text(s.bones[i].reference).c_str());
    for (const auto& n : s.notes) std::printf("note: %s\n", n.c_str());
    return 0;
}

const CommandRegistration registration({"skeleton", "the Havok skeleton of a binder: bones, parents, reference pose",
                                        kUsage, run_skeleton});

}  // namespace
}  // namespace taescope::cli
