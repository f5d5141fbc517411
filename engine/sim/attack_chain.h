// What an attack event hits (../shared/spec/params-hitboxes.md §5): each type-1 (Attack
// Behavior) and type-5 (Common Behavior) event of a binder, resolved through the game's params
//   event judge id J -> BehaviorParam row -> refType -> AtkParam row -> hit slots -> shapes
// and the shapes posed at the model's dummy polys at a frame (character_model.h's dummy rule).
// Joined here, where events meet the character (beside character_body.h): engine/params/ knows
// nothing of TAE, engine/tae/ nothing of params.
//
// NPC chain [V]: type 1 -> BehaviorParam 200,000,000 + V x 1,000 + J (J the s32 at byte 8);
// type 5 -> BehaviorParam J (the s32 at byte 4). refType 0 -> AtkParam_Npc refId; 1 a Bullet
// row, 2 an SpEffect row: named, never drawn.
// Player chain (model 0) [S: DSAnimStudio, labelled Sourced]: BehaviorParam_PC row
// k x 100,000,000 + W x 1,000 + J (type 1 with J in 1000..9999: k = J div 1000, J = J mod 1000;
// else k = 1), trying W, then (W div 100) x 100, then 0; type 5: row J; refType 0 ->
// AtkParam_Pc. W is the equipped weapon's behaviorVariationId (AttackChainOptions), 0 when
// none is given. Player dummies 10xxx/11xxx lie on the right weapon, 20xxx/21xxx on the left:
// without weapon models such hits are listed, not drawn.
//
// Every event is listed; one that does not lead to hit shapes has a miss with its reason (no
// BehaviorParam row, a bullet, an SpEffect, no AtkParam row, no used hit slot, a param this
// regulation lacks or cannot read). A miss is a finding, never an error.
//
// Shapes [V]: all 16 slots are scanned; a slot is used when DmyPoly1 > 0; a capsule between
// DmyPoly1 and DmyPoly2 when DmyPoly2 >= 0 and != DmyPoly1, else a sphere at DmyPoly1. Posed:
// a capsule's ends at the first dummy of each id (FLVER order), a sphere's centre at every dummy
// of its id; a dummy id the model lacks is named.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "binder/character_model.h"
#include "binder/document.h"
#include "binder/havok_character.h"
#include "params/regulation.h"
#include "sim/character_params.h"
#include "sim/event_conditions.h"

namespace taescope {

// kEventAttackBehavior (1) is sim/event_conditions.h's.
inline constexpr int32_t kEventCommonBehavior = 5;
inline constexpr int kAttackHitSlots = 16;

// The NPC chain's BehaviorParam row of a type-1 event: 200,000,000 + V x 1,000 + J, or nullopt
// when that lies outside the s32 row ids.
std::optional<int32_t> npc_behavior_row(int32_t variation, int32_t judge);

enum class AttackShapeKind : uint8_t { Capsule, Sphere };
const char* attack_shape_kind_name(AttackShapeKind kind);  // "capsule", "sphere"

// One used hit slot of an AtkParam row.
struct AttackHit {
    uint32_t slot = 0;  // 0..15
    AttackShapeKind kind = AttackShapeKind::Sphere;
    int32_t dummy1 = -1, dummy2 = -1;  // hitN_DmyPoly1 / 2 as stored
    float radius = 0;
    uint8_t hit_type = 0;  // hitN_hitType: 0 tip, 1 middle, 2 root, 3 unnamed
    uint8_t priority = 0;  // htiN_Priority (the paramdef's spelling)
};

enum class AttackMiss : uint8_t {
    None,             // resolved to an AtkParam row with at least one used slot
    NoBehaviorRow,    // no BehaviorParam row of that id
    Bullet,           // refType 1: a Bullet row (named; projectiles are not drawn)
    SpEffect,         // refType 2: an SpEffect row (named, not drawn)
    UnknownRefType,   // refType other than 0, 1, 2
    NoAtkRow,         // refType 0 but no AtkParam row refId
    NoHitSlot,        // the AtkParam row uses no slot (every DmyPoly1 <= 0)
    ParamMissing,     // the regulation lacks a param the chain needs, or it does not read
    ParamUnreadable,  // no paramdef fits the param's rows (the layout problem is in the text)
    EventTooShort,    // the event's parameters hold no judge id
};
const char* attack_miss_name(AttackMiss miss);  // "no_behavior_row", "bullet", ...

// One type-1 or type-5 event and where its chain led.
struct AttackEvent {
    size_t tae_index = 0;        // into Document::taes
    size_t animation_index = 0;  // into that TAE's animations
    uint64_t animation = 0;      // full number
    uint32_t event_index = 0;    // as stored in the animation
    int32_t type = 0;            // 1 or 5
    float start = 0, end = 0;    // seconds, as stored: live on [start, end)
    int32_t judge = 0;           // J
    // Type 1 only (else -1 / 0): attack type @0, attack index @4, direction @12, source @13, state info @14.
    int32_t attack_type = -1, attack_index = -1;
    uint8_t direction = 0, source = 0;
    int16_t state_info = 0;

    bool player = false;                       // resolved by the player chain (§5.3, Sourced)
    std::string behavior_param;                // "BehaviorParam" or "BehaviorParam_PC"
    int32_t behavior_row = 0;                  // the row looked up (player: the one found, else the first tried)
    std::vector<int32_t> behavior_rows_tried;  // player chain: every row tried, in order
    bool behavior_found = false;
    int32_t ref_type = -1;           // BehaviorParam.refType (-1 when no row)
    int32_t ref_id = -1;             // BehaviorParam.refId
    std::string atk_param;           // "AtkParam_Npc" / "AtkParam_Pc" (refType 0), "Bullet", "SpEffectParam"
    std::optional<int32_t> atk_row;  // the AtkParam row, when found
    std::vector<AttackHit> hits;     // used slots, ascending
    uint16_t throw_type = 0;         // throwTypeId: a throw when > 0
    uint8_t hit_source_type = 0;     // 0 weapon, 1 body
    bool has_damage = false;         // any of the AtkParam's atk* damage fields > 0 (colours, §5.4)

    AttackMiss miss = AttackMiss::None;
    std::string miss_text;  // "no BehaviorParam row 250510999", "" when resolved
    bool is_throw() const { return throw_type > 0; }
};

struct AttackChainOptions {
    CharacterParamsOptions character;                  // V, NpcParam row, model number
    std::optional<int32_t> player_weapon_variation;    // W of the player chain (EquipParamWeapon.behaviorVariationId)
    const params::ParamdefLibrary* library = nullptr;  // null: built-in defs
};

class AttackChain {
public:
    // Every type-1 and type-5 event of every event file of `anibnd` that parsed, in file,
    // animation and event order, resolved with `regulation`. Both must outlive the chain (it keeps
    // pointers for row lookups).
    static AttackChain build(const Document& anibnd, const params::Regulation& regulation,
                             const AttackChainOptions& options = {});

    const CharacterParams& character() const { return character_; }
    const std::vector<AttackEvent>& events() const { return events_; }
    // The events of one animation record (indices into events()).
    std::vector<size_t> events_of(size_t tae_index, size_t animation_index) const;
    // The events live at `seconds` in that animation: start <= seconds < end.
    std::vector<size_t> live_at(size_t tae_index, size_t animation_index, double seconds) const;
    // Counts for a summary: events, resolved, misses by reason.
    size_t resolved_count() const;
    const std::vector<std::string>& notes() const { return notes_; }  // params missing, layouts that do not fit

    // The AtkParam row of an event with the layout that reads it (for the inspector's named
    // fields), or an empty table when the event has none.
    params::ParamTable atk_table(const AttackEvent& event) const;
    params::ParamTable behavior_table(const AttackEvent& event) const;

private:
    const params::Regulation* regulation_ = nullptr;
    const params::ParamdefLibrary* library_ = nullptr;
    CharacterParams character_;
    std::vector<AttackEvent> events_;
    std::vector<std::string> notes_;
};

// One hit slot's shape at a pose.
struct PosedAttackShape {
    size_t event = 0;  // index into AttackChain::events()
    uint32_t slot = 0;
    AttackShapeKind kind = AttackShapeKind::Sphere;
    float radius = 0;
    uint8_t hit_type = 0;
    std::vector<Vec3d> points;     // capsule: its two ends; sphere: a centre per dummy of the id
    std::vector<int32_t> missing;  // dummy ids the model lacks (then points may be empty)
};
// The event's used slots posed at `dummies` (CharacterRig::posed_dummies at a frame, in the
// FLVER's order). Appends to `out`; a slot whose dummies the model lacks is appended with
// `missing` set (a capsule needs both ends: no points then).
void pose_attack_hits(const AttackEvent& event, size_t event_index, const std::vector<PosedDummy>& dummies,
                      std::vector<PosedAttackShape>& out);

// The shapes of one animation's attack events at clip frame `clip_frame` (the clip's own frame
// numbers, fractions allowed; the `taescope pose --frames` numbering): the clip is sampled, the
// model posed (model space, no root motion) and each event's used slots posed. `live_only`: only
// the events live at that instant (start <= clip_frame x frame duration < end); else every attack
// event of the animation (to pose a window's closing frame). Fails when the model, the skeleton
// or the clip cannot be had (the reason, with the member's name).
Result<std::vector<PosedAttackShape>> posed_attack_shapes(const AttackChain& chain, size_t tae_index,
                                                          size_t animation_index, double clip_frame,
                                                          CharacterModel& model, HavokCharacter& havok,
                                                          bool live_only = true);

// The colour DSAnimStudio draws a hit shape in (§5.4, Sourced): a throw cyan, an attack without
// damage dark green, else by hit type: 0 tip yellow, 1 middle red, 2 root blue, other grey.
enum class AttackShapeColor : uint8_t { Tip, Middle, Root, OtherHitType, Throw, NoDamage };
AttackShapeColor attack_shape_color(const AttackEvent& event, const AttackHit& hit);
const char* attack_shape_color_name(
    AttackShapeColor color);  // "tip", "middle", "root", "hit type 3", "throw", "no damage"
std::array<float, 4> attack_shape_rgba(AttackShapeColor color);  // straight RGBA 0..1, alpha for translucent drawing

}  // namespace taescope
