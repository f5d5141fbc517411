// Frame data of a binder's attacks (frame_data.h).
#include "sim/frame_data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "binder/animation_names.h"
#include "havok/pose.h"

namespace taescope {

namespace {

constexpr double kTimelineFps = 30.0;

double length_of(const Vec3d& p) { return std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]); }

// The damage fields of the event's AtkParam row that are > 0, in the paramdef's order: the
// fields the paramdefs' English annotations call "Damage: ..." (physical, magic, fire,
// lightning, holy, stamina, poise, object), by their internal names, which every game shares.
std::vector<AttackField> damage_fields(const AttackChain& chain, const AttackEvent& e) {
    static constexpr std::string_view kDamage[] = {"atkPhys", "atkMag",  "atkFire",       "atkThun",
                                                   "atkDark", "atkStam", "atkSuperArmor", "atkObj"};
    std::vector<AttackField> out;
    params::ParamTable t = chain.atk_table(e);
    if (!t.layout || !t.file || !e.atk_row) return out;
    auto row = t.file->find(*e.atk_row);
    if (!row) return out;
    Bytes data = t.file->row(*row);
    for (const auto& f : t.layout->fields) {
        const params::ParamdefField& d = t.layout->field_of(f);
        if (std::find(std::begin(kDamage), std::end(kDamage), d.name) == std::end(kDamage)) continue;
        double v = params::field_type_is_float(d.type) ? params::read_float_field(data, f, d.type)
                                                       : double(params::read_int_field(data, f, d.type));
        if (!(v > 0)) continue;
        out.push_back({d.name, d.display_name, params::field_value_text(data, *t.layout, f)});
    }
    return out;
}

// The posing of one animation's clip, made on first need.
struct ClipPoser {
    CharacterModel* model = nullptr;
    HavokCharacter* havok = nullptr;
    const CharacterRig* rig = nullptr;
    const havok::Skeleton* skeleton = nullptr;
    std::shared_ptr<const havok::AnimationClip> clip;
    havok::Pose pose;
    CharacterPose character_pose;
    std::vector<PosedDummy> dummies;

    bool ready(uint64_t number) {
        if (!model || !havok) return false;
        auto sk = havok->skeleton();
        if (!sk.ok()) return false;
        skeleton = *sk;
        auto r = model->rig(skeleton);
        if (!r.ok()) return false;
        rig = *r;
        auto c = havok->clip(number);
        if (!c.ok()) return false;
        clip = *c;
        return true;
    }
    const std::vector<PosedDummy>& at(double frame) {
        havok::compute_pose(*skeleton, clip.get(), frame, havok::PoseOptions{false}, pose);
        rig->pose(&pose, character_pose);
        rig->posed_dummies(character_pose, dummies);
        return dummies;
    }
};

}  // namespace

std::vector<AnimationFrameData> compute_frame_data(const AttackChain& chain, const FrameDataOptions& options) {
    std::vector<AnimationFrameData> out;
    const auto& events = chain.events();
    size_t i = 0;
    while (i < events.size()) {
        AnimationFrameData a;
        a.tae_index = events[i].tae_index;
        a.animation_index = events[i].animation_index;
        a.animation = events[i].animation;
        std::vector<size_t> mine;
        for (;
             i < events.size() && events[i].tae_index == a.tae_index && events[i].animation_index == a.animation_index;
             ++i)
            mine.push_back(i);
        if (options.havok) a.length = options.havok->length(a.animation);
        ClipPoser poser;
        poser.model = options.model;
        poser.havok = options.havok;
        const bool posing = poser.ready(a.animation);
        for (size_t k : mine) {
            const AttackEvent& e = events[k];
            AttackWindow w;
            w.event = k;
            w.start_seconds = double(e.start);
            w.end_seconds = double(e.end);
            w.start_frame = w.start_seconds * kTimelineFps;
            w.end_frame = w.end_seconds * kTimelineFps;
            const double fd =
                posing ? poser.clip->summary.frame_duration : (a.length.known ? a.length.frame_duration : 0.0);
            if (fd > 0) {
                w.start_clip_frame = w.start_seconds / fd;
                w.end_clip_frame = w.end_seconds / fd;
            }
            w.damage = damage_fields(chain, e);
            if (e.miss == AttackMiss::None && (!a.startup_frame || w.start_frame < *a.startup_frame))
                a.startup_frame = w.start_frame;
            if (!posing || e.hits.empty()) {
                w.shapes = e.hits.size();
            } else {
                // Clip frames k with start <= k x fd < end; the nearest frame when none lies inside.
                const double last = double(poser.clip->summary.frame_count ? poser.clip->summary.frame_count - 1 : 0);
                std::vector<double> frames;
                for (double f = std::ceil(w.start_seconds / fd - 1e-9); f * fd < w.end_seconds && f <= last; f += 1)
                    if (f >= 0) frames.push_back(f);
                if (frames.empty()) frames.push_back(std::clamp(std::round(w.start_seconds / fd), 0.0, last));
                double reach = -1, surface = -1;
                std::vector<PosedAttackShape> shapes;
                for (double f : frames) {
                    shapes.clear();
                    pose_attack_hits(e, k, poser.at(f), shapes);
                    for (const auto& s : shapes)
                        for (const auto& p : s.points) {
                            reach = std::max(reach, length_of(p));
                            surface = std::max(surface, length_of(p) + double(s.radius));
                        }
                }
                w.shapes = 0;
                for (const auto& s : shapes) {
                    w.shapes += s.points.empty() ? 0 : 1;
                    for (int32_t m : s.missing)
                        if (std::find(w.missing_dummies.begin(), w.missing_dummies.end(), m) == w.missing_dummies.end())
                            w.missing_dummies.push_back(m);
                }
                if (reach >= 0) {
                    w.reach = reach;
                    w.reach_surface = surface;
                }
            }
            a.windows.push_back(std::move(w));
        }
        std::stable_sort(a.windows.begin(), a.windows.end(), [](const AttackWindow& x, const AttackWindow& y) {
            return x.start_seconds < y.start_seconds || (x.start_seconds == y.start_seconds && x.event < y.event);
        });
        out.push_back(std::move(a));
    }
    return out;
}

namespace {

std::string csv_number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string csv_optional(const std::optional<double>& v) { return v ? csv_number(*v) : ""; }

// A field quoted when it holds a comma, a quote, a line break or a leading/trailing space.
std::string csv_field(const std::string& s) {
    const bool quote = s.find_first_of(",\"\r\n") != std::string::npos ||
                       (!s.empty() && (s.front() == ' ' || s.back() == ' '));
    if (!quote) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

}  // namespace

std::string frame_data_damage_text(const AttackWindow& window) {
    std::string t;
    for (const auto& d : window.damage) t += (t.empty() ? "" : " ") + d.name + "=" + d.value;
    return t;
}

std::string frame_data_csv(const AttackChain& chain, const std::vector<AnimationFrameData>& data) {
    std::string out =
        "animation,event,type,judge,behavior_row,atk_row,miss,startup,start_frame,end_frame,active_frames,"
        "start_clip_frame,end_clip_frame,shapes,reach,reach_surface,throw,damage,length_seconds,"
        "length_frames\n";
    for (const auto& a : data)
        for (const auto& w : a.windows) {
            const AttackEvent& e = chain.events()[w.event];
            out += animation_name(a.animation) + "," + std::to_string(e.event_index) + "," + std::to_string(e.type) +
                   "," + std::to_string(e.judge) + "," + std::to_string(e.behavior_row) + "," +
                   (e.atk_row ? std::to_string(*e.atk_row) : "") + "," + csv_field(e.miss_text) + "," +
                   csv_optional(a.startup_frame) + "," + csv_number(w.start_frame) + "," + csv_number(w.end_frame) +
                   "," + csv_number(w.end_frame - w.start_frame) + "," + csv_optional(w.start_clip_frame) + "," +
                   csv_optional(w.end_clip_frame) + "," + std::to_string(w.shapes) + "," + csv_optional(w.reach) +
                   "," + csv_optional(w.reach_surface) + "," + (e.is_throw() ? "yes" : "") + "," +
                   csv_field(frame_data_damage_text(w)) + "," +
                   (a.length.known ? csv_number(a.length.duration) : "") + "," +
                   (a.length.known ? std::to_string(a.length.frame_count) : "") + "\n";
        }
    return out;
}

}  // namespace taescope
