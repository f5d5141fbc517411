// Attack events resolved through BehaviorParam and AtkParam to hit shapes (attack_chain.h).
#include "sim/attack_chain.h"

#include <algorithm>
#include <cmath>

#include "havok/pose.h"
#include "sim/character_body.h"

namespace taescope {

namespace {

// The fields the chain reads, found by name in the params' layouts once.
struct BehaviorFields {
    params::NamedField ref_type, ref_id;
};
struct AtkFields {
    std::array<params::NamedField, kAttackHitSlots> radius, dummy1, dummy2, hit_type, priority;
    params::NamedField throw_type, hit_source;
    std::vector<params::NamedField> damage;
    bool complete = false;
};

BehaviorFields behavior_fields(const params::ParamLayout& l) {
    return {params::named_field(l, "refType"), params::named_field(l, "refId")};
}

AtkFields atk_fields(const params::ParamLayout& l) {
    AtkFields f;
    f.complete = true;
    for (int s = 0; s < kAttackHitSlots; ++s) {
        const std::string n = std::to_string(s);
        f.radius[size_t(s)] = params::named_field(l, "hit" + n + "_Radius");
        f.dummy1[size_t(s)] = params::named_field(l, "hit" + n + "_DmyPoly1");
        f.dummy2[size_t(s)] = params::named_field(l, "hit" + n + "_DmyPoly2");
        f.hit_type[size_t(s)] = params::named_field(l, "hit" + n + "_hitType");
        f.priority[size_t(s)] = params::named_field(l, "hti" + n + "_Priority");
        f.complete =
            f.complete && f.radius[size_t(s)].found() && f.dummy1[size_t(s)].found() && f.dummy2[size_t(s)].found();
    }
    f.throw_type = params::named_field(l, "throwTypeId");
    f.hit_source = params::named_field(l, "hitSourceType");
    for (const char* name : {"atkPhys", "atkMag", "atkFire", "atkThun", "atkDark"}) {
        params::NamedField d = params::named_field(l, name);
        if (d.found()) f.damage.push_back(d);
    }
    return f;
}

// A param the chain needs, with its fields, or why it cannot be used.
template <class Fields>
struct ChainParam {
    std::string name;
    params::ParamTable table;
    Fields fields{};
    bool usable = false;
    std::string problem;  // "" when usable
};

template <class Fields>
ChainParam<Fields> chain_param(const params::Regulation& reg, const std::string& name,
                               const params::ParamdefLibrary* library, Fields (*fields_of)(const params::ParamLayout&),
                               std::vector<std::string>& notes) {
    ChainParam<Fields> p;
    p.name = name;
    auto t = reg.table(name, library);
    if (!t.ok()) {
        p.problem = reg.find(name) ? t.error().to_string() : "the regulation has no " + name;
        notes.push_back(name + ": " + p.problem);
        return p;
    }
    p.table = *t;
    if (!p.table.layout) {
        p.problem = name + " not read: " + p.table.layout_source;
        notes.push_back(p.problem);
        return p;
    }
    p.fields = fields_of(*p.table.layout);
    p.usable = true;
    return p;
}

void read_event_fields(AttackEvent& a, Bytes p) {
    if (a.type == kEventAttackBehavior) {
        if (p.size() >= 4) a.attack_type = int32_t(load_u32le(p.data()));
        if (p.size() >= 8) a.attack_index = int32_t(load_u32le(p.data() + 4));
        if (p.size() >= 12) a.judge = int32_t(load_u32le(p.data() + 8));
        if (p.size() >= 13) a.direction = p[12];
        if (p.size() >= 14) a.source = p[13];
        if (p.size() >= 16) a.state_info = int16_t(load_u16le(p.data() + 14));
    } else {
        if (p.size() >= 4) a.attack_index = int32_t(load_u32le(p.data()));
        if (p.size() >= 8) a.judge = int32_t(load_u32le(p.data() + 4));
    }
}

void miss(AttackEvent& a, AttackMiss why, std::string text) {
    a.miss = why;
    a.miss_text = std::move(text);
}

// refType 0 onwards: the AtkParam row and its used slots.
void resolve_attack(AttackEvent& a, const ChainParam<AtkFields>& atk) {
    a.atk_param = atk.name;
    if (!atk.usable) return miss(a, AttackMiss::ParamUnreadable, atk.problem);
    auto row = atk.table.file->find(a.ref_id);
    if (!row) return miss(a, AttackMiss::NoAtkRow, "no " + atk.name + " row " + std::to_string(a.ref_id));
    a.atk_row = a.ref_id;
    Bytes data = atk.table.file->row(*row);
    const AtkFields& f = atk.fields;
    a.throw_type = uint16_t(f.throw_type.integer(data));
    a.hit_source_type = uint8_t(f.hit_source.integer(data));
    for (const auto& d : f.damage) a.has_damage = a.has_damage || d.integer(data) > 0;
    for (int s = 0; s < kAttackHitSlots; ++s) {
        const size_t i = size_t(s);
        const int32_t d1 = int32_t(f.dummy1[i].integer(data));
        if (d1 <= 0) continue;  // an unused slot (empty slots may come before used ones)
        AttackHit h;
        h.slot = uint32_t(s);
        h.dummy1 = d1;
        h.dummy2 = int32_t(f.dummy2[i].integer(data));
        h.kind = h.dummy2 >= 0 && h.dummy2 != h.dummy1 ? AttackShapeKind::Capsule : AttackShapeKind::Sphere;
        h.radius = float(f.radius[i].real(data));
        h.hit_type = uint8_t(f.hit_type[i].integer(data));
        h.priority = uint8_t(f.priority[i].integer(data));
        a.hits.push_back(h);
    }
    if (a.hits.empty())
        miss(a, AttackMiss::NoHitSlot,
             atk.name + " row " + std::to_string(a.ref_id) + " uses no hit slot (every DmyPoly1 <= 0)");
}

// BehaviorParam row found: follow refType.
void follow_behavior(AttackEvent& a, const ChainParam<BehaviorFields>& behavior, size_t row,
                     const ChainParam<AtkFields>& atk) {
    Bytes data = behavior.table.file->row(row);
    a.behavior_found = true;
    a.ref_type = int32_t(behavior.fields.ref_type.integer(data));
    a.ref_id = int32_t(behavior.fields.ref_id.integer(data));
    switch (a.ref_type) {
        case 0:
            return resolve_attack(a, atk);
        case 1:
            a.atk_param = "Bullet";
            return miss(a, AttackMiss::Bullet,
                        "a bullet: Bullet row " + std::to_string(a.ref_id) + " (projectiles are not drawn)");
        case 2:
            a.atk_param = "SpEffectParam";
            return miss(a, AttackMiss::SpEffect,
                        "an SpEffect: SpEffectParam row " + std::to_string(a.ref_id) + " (not drawn)");
        default:
            return miss(
                a, AttackMiss::UnknownRefType,
                "BehaviorParam refType " + std::to_string(a.ref_type) + " (known: 0 attack, 1 bullet, 2 SpEffect)");
    }
}

std::vector<int32_t> player_rows(const AttackEvent& a, int32_t weapon) {
    std::vector<int32_t> rows;
    auto add = [&](int64_t id) {
        if (id < INT32_MIN || id > INT32_MAX) return;
        if (std::find(rows.begin(), rows.end(), int32_t(id)) == rows.end()) rows.push_back(int32_t(id));
    };
    if (a.type == kEventCommonBehavior) {
        add(a.judge);
        return rows;
    }
    int64_t k = 1, j = a.judge;
    if (a.judge >= 1000 && a.judge <= 9999) {
        k = a.judge / 1000;
        j = a.judge % 1000;
    }
    for (int64_t w : {int64_t(weapon), int64_t(weapon) / 100 * 100, int64_t(0)}) add(k * 100000000 + w * 1000 + j);
    return rows;
}

}  // namespace

std::optional<int32_t> npc_behavior_row(int32_t variation, int32_t judge) {
    const int64_t id = 200000000 + int64_t(variation) * 1000 + judge;
    if (id < INT32_MIN || id > INT32_MAX) return std::nullopt;
    return int32_t(id);
}

const char* attack_shape_kind_name(AttackShapeKind kind) {
    return kind == AttackShapeKind::Capsule ? "capsule" : "sphere";
}

const char* attack_miss_name(AttackMiss miss) {
    switch (miss) {
        case AttackMiss::None:
            return "none";
        case AttackMiss::NoBehaviorRow:
            return "no_behavior_row";
        case AttackMiss::Bullet:
            return "bullet";
        case AttackMiss::SpEffect:
            return "sp_effect";
        case AttackMiss::UnknownRefType:
            return "unknown_ref_type";
        case AttackMiss::NoAtkRow:
            return "no_atk_row";
        case AttackMiss::NoHitSlot:
            return "no_hit_slot";
        case AttackMiss::ParamMissing:
            return "param_missing";
        case AttackMiss::ParamUnreadable:
            return "param_unreadable";
        case AttackMiss::EventTooShort:
            return "event_too_short";
    }
    return "?";
}

AttackChain AttackChain::build(const Document& anibnd, const params::Regulation& regulation,
                               const AttackChainOptions& options) {
    AttackChain chain;
    chain.regulation_ = &regulation;
    chain.library_ = options.library;
    chain.character_ = character_params(anibnd, regulation, options.character, options.library);
    const bool player = chain.character_.player;
    const std::string behavior_name = player ? "BehaviorParam_PC" : "BehaviorParam";
    const std::string atk_name = player ? "AtkParam_Pc" : "AtkParam_Npc";
    auto behavior =
        chain_param<BehaviorFields>(regulation, behavior_name, options.library, behavior_fields, chain.notes_);
    auto atk = chain_param<AtkFields>(regulation, atk_name, options.library, atk_fields, chain.notes_);
    if (atk.usable && !atk.fields.complete) {
        atk.usable = false;
        atk.problem = atk_name + "'s paramdef lacks some of hitN_Radius / hitN_DmyPoly1 / hitN_DmyPoly2 (N 0..15)";
        chain.notes_.push_back(atk.problem);
    }
    if (behavior.usable && (!behavior.fields.ref_type.found() || !behavior.fields.ref_id.found())) {
        behavior.usable = false;
        behavior.problem = behavior_name + "'s paramdef has no refType / refId";
        chain.notes_.push_back(behavior.problem);
    }
    if (player)
        chain.notes_.push_back("the player chain (BehaviorParam_PC k x 100,000,000 + W x 1,000 + J, W = " +
                               std::to_string(options.player_weapon_variation.value_or(0)) +
                               ") is Sourced from DSAnimStudio, checked on 2 events only");
    const int32_t weapon = options.player_weapon_variation.value_or(0);
    for (size_t ti = 0; ti < anibnd.taes.size(); ++ti) {
        const DocumentTae& t = anibnd.taes[ti];
        if (!t.tae) continue;
        for (size_t ai = 0; ai < t.tae->animations.size(); ++ai) {
            const TaeAnimation& anim = t.tae->animations[ai];
            for (uint32_t ei = 0; ei < anim.events.size(); ++ei) {
                const TaeEvent& e = anim.events[ei];
                if (e.type != kEventAttackBehavior && e.type != kEventCommonBehavior) continue;
                AttackEvent a;
                a.tae_index = ti;
                a.animation_index = ai;
                a.animation = t.full_number(anim);
                a.event_index = ei;
                a.type = e.type;
                a.start = e.start();
                a.end = e.end();
                a.player = player;
                a.behavior_param = behavior_name;
                Bytes p = t.tae->parameters_in_range(e) ? t.tae->parameters(e) : Bytes();
                read_event_fields(a, p);
                const size_t judge_end = e.type == kEventAttackBehavior ? 12 : 8;
                if (p.size() < judge_end) {
                    miss(a, AttackMiss::EventTooShort,
                         "the event's " + std::to_string(p.size()) + " parameter bytes hold no judge id (needs " +
                             std::to_string(judge_end) + ")");
                } else if (!behavior.usable) {
                    miss(a, behavior.table.file ? AttackMiss::ParamUnreadable : AttackMiss::ParamMissing,
                         behavior.problem);
                } else {
                    std::vector<int32_t> rows;
                    if (player) {
                        rows = player_rows(a, weapon);
                    } else if (e.type == kEventCommonBehavior) {
                        rows = {a.judge};
                    } else if (auto id = npc_behavior_row(chain.character_.variation, a.judge)) {
                        rows = {*id};
                    }
                    a.behavior_rows_tried = rows;
                    a.behavior_row = rows.empty() ? 0 : rows.front();
                    std::optional<size_t> found;
                    for (int32_t id : rows)
                        if ((found = behavior.table.file->find(id))) {
                            a.behavior_row = id;
                            break;
                        }
                    if (found) {
                        follow_behavior(a, behavior, *found, atk);
                    } else {
                        std::string tried;
                        for (size_t i = 0; i < rows.size(); ++i) tried += (i ? ", " : "") + std::to_string(rows[i]);
                        miss(a, AttackMiss::NoBehaviorRow,
                             "no " + behavior_name + " row " +
                                 (tried.empty() ? std::string("(outside the ids)") : tried));
                    }
                }
                chain.events_.push_back(std::move(a));
            }
        }
    }
    if (!player)
        for (auto& a : chain.events_) a.behavior_rows_tried.clear();  // one row: behavior_row says it
    return chain;
}

std::vector<size_t> AttackChain::events_of(size_t tae_index, size_t animation_index) const {
    std::vector<size_t> out;
    auto lo = std::lower_bound(events_.begin(), events_.end(), std::make_pair(tae_index, animation_index),
                               [](const AttackEvent& a, const std::pair<size_t, size_t>& k) {
                                   return std::make_pair(a.tae_index, a.animation_index) < k;
                               });
    for (auto it = lo; it != events_.end() && it->tae_index == tae_index && it->animation_index == animation_index;
         ++it)
        out.push_back(size_t(it - events_.begin()));
    return out;
}

std::vector<size_t> AttackChain::live_at(size_t tae_index, size_t animation_index, double seconds) const {
    std::vector<size_t> out;
    for (size_t i : events_of(tae_index, animation_index))
        if (double(events_[i].start) <= seconds && seconds < double(events_[i].end)) out.push_back(i);
    return out;
}

size_t AttackChain::resolved_count() const {
    return size_t(
        std::count_if(events_.begin(), events_.end(), [](const AttackEvent& a) { return a.miss == AttackMiss::None; }));
}

params::ParamTable AttackChain::atk_table(const AttackEvent& event) const {
    if (!regulation_ || !event.atk_row || event.atk_param.empty()) return {};
    auto t = regulation_->table(event.atk_param, library_);
    return t.ok() ? *t : params::ParamTable{};
}

params::ParamTable AttackChain::behavior_table(const AttackEvent& event) const {
    if (!regulation_ || !event.behavior_found) return {};
    auto t = regulation_->table(event.behavior_param, library_);
    return t.ok() ? *t : params::ParamTable{};
}

void pose_attack_hits(const AttackEvent& event, size_t event_index, const std::vector<PosedDummy>& dummies,
                      std::vector<PosedAttackShape>& out) {
    auto first_of = [&](int32_t id) -> const PosedDummy* {
        for (const auto& d : dummies)
            if (d.reference_id == id) return &d;
        return nullptr;
    };
    for (const AttackHit& h : event.hits) {
        PosedAttackShape s;
        s.event = event_index;
        s.slot = h.slot;
        s.kind = h.kind;
        s.radius = h.radius;
        s.hit_type = h.hit_type;
        if (h.kind == AttackShapeKind::Capsule) {
            const PosedDummy* a = first_of(h.dummy1);
            const PosedDummy* b = first_of(h.dummy2);
            if (!a) s.missing.push_back(h.dummy1);
            if (!b) s.missing.push_back(h.dummy2);
            if (a && b) s.points = {a->position, b->position};
        } else {
            for (const auto& d : dummies)
                if (d.reference_id == h.dummy1) s.points.push_back(d.position);
            if (s.points.empty()) s.missing.push_back(h.dummy1);
        }
        out.push_back(std::move(s));
    }
}

Result<std::vector<PosedAttackShape>> posed_attack_shapes(const AttackChain& chain, size_t tae_index,
                                                          size_t animation_index, double clip_frame,
                                                          CharacterModel& model, HavokCharacter& havok,
                                                          bool live_only) {
    std::vector<size_t> events = chain.events_of(tae_index, animation_index);
    std::vector<PosedAttackShape> out;
    if (events.empty()) return out;
    const uint64_t number = chain.events()[events.front()].animation;
    auto m = model.model();
    if (!m.ok()) return std::move(m).error();
    auto skeleton = havok.skeleton();
    if (!skeleton.ok()) return std::move(skeleton).error();
    auto clip = havok.clip(number);
    if (!clip.ok()) return std::move(clip).error();
    auto rig = model.rig(*skeleton);
    if (!rig.ok()) return std::move(rig).error();
    const double seconds = clip_frame * (*clip)->summary.frame_duration;
    if (live_only) {
        std::vector<size_t> live;
        for (size_t i : events)
            if (double(chain.events()[i].start) <= seconds && seconds < double(chain.events()[i].end))
                live.push_back(i);
        events = std::move(live);
    }
    if (events.empty()) return out;
    havok::Pose pose;
    havok::compute_pose(**skeleton, clip->get(), clip_frame, havok::PoseOptions{false}, pose);
    CharacterPose cp;
    (*rig)->pose(&pose, cp);
    std::vector<PosedDummy> dummies;
    (*rig)->posed_dummies(cp, dummies);
    for (size_t i : events) pose_attack_hits(chain.events()[i], i, dummies, out);
    return out;
}

AttackShapeColor attack_shape_color(const AttackEvent& event, const AttackHit& hit) {
    if (event.is_throw()) return AttackShapeColor::Throw;
    if (!event.has_damage) return AttackShapeColor::NoDamage;
    switch (hit.hit_type) {
        case 0:
            return AttackShapeColor::Tip;
        case 1:
            return AttackShapeColor::Middle;
        case 2:
            return AttackShapeColor::Root;
        default:
            return AttackShapeColor::OtherHitType;
    }
}

const char* attack_shape_color_name(AttackShapeColor color) {
    switch (color) {
        case AttackShapeColor::Tip:
            return "tip";
        case AttackShapeColor::Middle:
            return "middle";
        case AttackShapeColor::Root:
            return "root";
        case AttackShapeColor::OtherHitType:
            return "other hit type";
        case AttackShapeColor::Throw:
            return "throw";
        case AttackShapeColor::NoDamage:
            return "no damage";
    }
    return "?";
}

std::array<float, 4> attack_shape_rgba(AttackShapeColor color) {
    switch (color) {
        case AttackShapeColor::Tip:
            return {1.0f, 0.9f, 0.1f, 0.35f};
        case AttackShapeColor::Middle:
            return {0.95f, 0.15f, 0.1f, 0.35f};
        case AttackShapeColor::Root:
            return {0.15f, 0.35f, 1.0f, 0.35f};
        case AttackShapeColor::OtherHitType:
            return {0.6f, 0.6f, 0.6f, 0.35f};
        case AttackShapeColor::Throw:
            return {0.1f, 0.9f, 0.95f, 0.35f};
        case AttackShapeColor::NoDamage:
            return {0.05f, 0.4f, 0.1f, 0.35f};
    }
    return {1, 1, 1, 0.35f};
}

}  // namespace taescope
