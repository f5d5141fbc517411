// `taescope pose FILE... --list | --anim aXXX_YYYYYY [--frames 0,12,24.5] [--model] [--json]`:
// the Havok animations of a character (binder members aXXX_YYYYYY.hkx) and the local transforms
// of every track at chosen frames, decoded by engine/havok/ (the Pose panel draws the same).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "binder/animation_names.h"
#include "command.h"
#include "havok/pose.h"
#include "havok_cli.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope pose FILE... --list [--json]\n"
    "       taescope pose FILE... --anim aXXX_YYYYYY [--frames 0,12,24.5] [--model] [--json]\n"
    "\n"
    "FILE is an .anibnd(.dcx) binder; several files are the binders of one character (a player\n"
    "binder with its animation binders): members are found in any of them.\n"
    "  --list    every animation member: name, duration (s), frame count, frame duration (s),\n"
    "            blocks, and the error when it does not decode (null when it does)\n"
    "  --anim    one animation: its timing, track -> bone map and, at each frame of --frames\n"
    "            (the animation's own frame numbers, fractions allowed; default first, middle,\n"
    "            last), the local (parent-relative) transform of every track\n"
    "            [tx,ty,tz, qx,qy,qz,qw, sx,sy,sz], and the root motion sample at those frames\n"
    "  --model   also the model-space position of every bone at each frame (the pose drawn by\n"
    "            the page: reference pose for untracked bones, root motion applied)\n";

std::string frame_key(double f) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", f);
    return buf;
}

bool parse_frames(const std::string& text, std::vector<double>& out) {
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        std::string part = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        char* end = nullptr;
        double v = std::strtod(part.c_str(), &end);
        if (part.empty() || *end != '\0' || !std::isfinite(v) || v < 0) return false;
        out.push_back(v);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return !out.empty();
}

int list_animations(OpenedCharacter& opened, bool json) {
    std::map<uint64_t, HavokMemberRef> sorted(opened.character.members().animations.begin(),
                                              opened.character.members().animations.end());
    JsonOut out;
    if (json) out.begin_object().field("command", "pose").key("animations").begin_array();
    for (const auto& [number, ref] : sorted) {
        auto clip = opened.character.clip(number);
        std::string name = animation_name(number);
        if (json) {
            out.begin_object().field("name", name);
            if (clip.ok()) {
                const auto& s = (*clip)->summary;
                out.field_number("duration", s.duration)
                    .field_uint("frame_count", s.frame_count)
                    .field_number("frame_duration", s.frame_duration)
                    .field_uint("blocks", s.block_count)
                    .field("additive", s.additive())
                    .field("root_motion", bool((*clip)->root_motion))
                    .key("error")
                    .null();
            } else {
                auto length = opened.character.length(number);
                if (length.known)
                    out.field_number("duration", length.duration)
                        .field_uint("frame_count", length.frame_count)
                        .field_number("frame_duration", length.frame_duration);
                else
                    out.key("duration").null().key("frame_count").null().key("frame_duration").null();
                out.key("blocks").null().field("error", clip.error().to_string());
            }
            out.end_object();
        } else if (clip.ok()) {
            const auto& s = (*clip)->summary;
            std::printf("%s  %8.4f s  %5u frames  %.6f s/frame  %u block(s)%s%s\n", name.c_str(), s.duration,
                        s.frame_count, s.frame_duration, s.block_count, s.additive() ? "  additive" : "",
                        (*clip)->root_motion ? "  root motion" : "");
        } else {
            std::printf("%s  error: %s\n", name.c_str(), clip.error().to_string().c_str());
        }
    }
    if (json) {
        out.end_array().end_object();
        print_text(out.text());
    } else {
        std::printf("%zu animation member(s)\n", sorted.size());
    }
    return 0;
}

int show_animation(OpenedCharacter& opened, uint64_t number, std::vector<double> frames, bool model, bool json) {
    auto clip = opened.character.clip(number);
    if (!clip.ok()) {
        std::fprintf(stderr, "taescope pose: %s\n", clip.error().to_string().c_str());
        return 1;
    }
    const havok::AnimationClip& c = **clip;
    const auto& s = c.summary;
    if (frames.empty()) {
        double last = double(s.frame_count - 1);
        frames = {0, std::floor(last / 2), last};
        frames.erase(std::unique(frames.begin(), frames.end()), frames.end());
    }
    const havok::Skeleton* skeleton = nullptr;
    if (model) {
        auto sk = opened.character.skeleton();
        if (!sk.ok()) {
            std::fprintf(stderr, "taescope pose: --model needs the skeleton: %s\n", sk.error().to_string().c_str());
            return 1;
        }
        skeleton = *sk;
    }
    std::vector<havok::QsTransform> tracks(s.track_count);
    havok::Pose pose;
    JsonOut out;
    if (json) {
        out.begin_object()
            .field("command", "pose")
            .field("animation", animation_name(number))
            .field("class", s.class_name)
            .field_number("duration", s.duration)
            .field_uint("frame_count", s.frame_count)
            .field_number("frame_duration", s.frame_duration)
            .field_uint("blocks", s.block_count)
            .field("additive", s.additive());
        out.key("track_to_bone").begin_array(true);
        for (int16_t b : c.track_to_bone) out.integer(b);
        out.end_array();
        out.key("frames").begin_array();
    } else {
        std::printf("%s (%s): %.4f s, %u frames of %.6f s, %u block(s), %u tracks%s\n", animation_name(number).c_str(),
                    s.class_name.c_str(), s.duration, s.frame_count, s.frame_duration, s.block_count, s.track_count,
                    s.additive() ? ", additive" : "");
    }
    for (double f : frames) {
        c.sample_tracks(f, tracks);
        if (json) {
            out.begin_object().field_number("frame", f);
            out.key("tracks").begin_array();
            for (const auto& t : tracks) write_transform(out, t);
            out.end_array();
        } else {
            std::printf("frame %s\n", frame_key(f).c_str());
            for (size_t k = 0; k < tracks.size(); ++k)
                std::printf("  track %3zu bone %4d  %s\n", k, k < c.track_to_bone.size() ? c.track_to_bone[k] : -1,
                            transform_text(tracks[k]).c_str());
        }
        if (skeleton) {
            havok::compute_pose(*skeleton, &c, f, {}, pose);
            if (json) {
                out.key("model_positions").begin_array();
                for (const auto& m : pose.model) {
                    out.begin_array(true);
                    for (double v : m.translation) out.number(v);
                    out.end_array();
                }
                out.end_array();
            } else {
                for (size_t b = 0; b < pose.model.size(); ++b)
                    std::printf("  bone %4zu %-28s model (%.4f, %.4f, %.4f)\n", b, skeleton->bones[b].name.c_str(),
                                pose.model[b].translation[0], pose.model[b].translation[1],
                                pose.model[b].translation[2]);
            }
        }
        if (json) out.end_object();
    }
    if (json) {
        out.end_array();
        out.key("root_motion");
        if (!c.root_motion) {
            out.null();
        } else {
            out.begin_object().key("samples").begin_object();
            for (double f : frames) {
                auto m = c.root_motion->at(f);
                out.key(frame_key(f)).begin_array(true);
                for (double v : m) out.number(v);
                out.end_array();
            }
            out.end_object().end_object();
        }
        out.key("notes").begin_array();
        for (const auto& n : c.notes) out.string(n);
        out.end_array().end_object();
        print_text(out.text());
    } else {
        if (c.root_motion)
            for (double f : frames) {
                auto m = c.root_motion->at(f);
                std::printf("root motion at %s: (%.4f, %.4f, %.4f, %.4f)\n", frame_key(f).c_str(), m[0], m[1], m[2],
                            m[3]);
            }
        for (const auto& n : c.notes) std::printf("note: %s\n", n.c_str());
    }
    return 0;
}

int run_pose(const std::vector<std::string>& args) {
    bool json = false, list = false, model = false;
    std::string anim;
    std::vector<double> frames;
    std::vector<std::string> paths;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--json")
            json = true;
        else if (a == "--list")
            list = true;
        else if (a == "--model")
            model = true;
        else if (a == "--anim" && i + 1 < args.size())
            anim = args[++i];
        else if (a == "--frames" && i + 1 < args.size()) {
            if (!parse_frames(args[++i], frames)) {
                std::fprintf(stderr, "taescope pose: --frames wants numbers >= 0 separated by commas: '%s'\n",
                             args[i].c_str());
                return 2;
            }
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "taescope pose: unknown option %s\n%s", a.c_str(), kUsage);
            return 2;
        } else {
            paths.push_back(a);
        }
    }
    if (paths.empty() || list == !anim.empty()) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    auto opened = open_character(paths, "pose");
    if (!opened) return 1;
    if (list) return list_animations(*opened, json);
    auto number = parse_animation_argument(anim);
    if (!number) {
        std::fprintf(stderr, "taescope pose: '%s' is not an animation name (aXXX_YYYYYY) or number\n", anim.c_str());
        return 2;
    }
    return show_animation(*opened, *number, std::move(frames), model, json);
}

const CommandRegistration registration({"pose",
                                        "Havok animations of a character: list them, or sample tracks at frames",
                                        kUsage, run_pose});

}  // namespace
}  // namespace taescope::cli
