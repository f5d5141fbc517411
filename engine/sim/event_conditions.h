// What an event's parameters say about whether and what it starts: run-time conditions and
// effect ids (tae-format-notes.txt, "Conditioned events", "Spell and item events").
//
// Conditions. An effect event (type 96) whose "Additional Spawn Condition" or "State Info" is
// not 0 starts its effect only under a run-time condition (Sekiro a050_300020 starts 404000,
// 404010 and 404020 under the states 153, 152 and 357; a plain swing of a050_300000 does not
// draw its conditioned 600030). Attack events (type 1) carry a "State Info" too (a050_300000:
// 358 and 940). Such an event is flagged conditional with its values and never shown as
// certain. The fields are found by name in the game's template, so a game whose template
// says otherwise is followed (the built-in DS3 template gives type 96 no State Info); the
// same two names on any other type are read the same way, marked as not covered by the spec.
// Without a template, types 96 and 1 use the Sekiro / Elden Ring offsets and say so.
//
// Effects. An event "starts an effect" when its template has a field of the Particle alias
// (the FFX ID of 95, 96, 99, 100..123, ...); the id is the first such field. Events 114 and
// 115 (Elden Ring spells and items) store no effect number: the id field is "Deprecated" and
// the effect is the equipped row's, which is said instead of an id.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "templates/event_template.h"

namespace taescope {

inline constexpr int32_t kEventAttackBehavior = 1;
inline constexpr int32_t kEventSpawnOneShotFfx = 96;

struct ConditionValue {
    std::string field;    // "Additional Spawn Condition", "State Info"
    uint32_t offset = 0;  // byte offset in the parameters
    bool stored = false;  // false: the event's bytes end before the field (a shorter variant)
    int64_t value = 0;    // 0 when not stored
};

struct EventCondition {
    bool conditional = false;            // a stored condition value is not 0
    bool spec_observed = false;          // the type is one the spec describes (96, 1)
    std::vector<ConditionValue> values;  // every condition field the type has, stored or not
    std::string note;                    // e.g. "no template: offsets assumed", "State Info not stored"
};

EventCondition read_event_condition(const GameTemplates* templates, int32_t type, Bytes params);

struct EffectStart {
    bool starts_effect = false;
    std::optional<int64_t> effect_id;  // the id field's stored value
    std::string id_field;              // its template name ("FFX ID", "FFX ID: For All")
    std::string note;                  // "the equipped spell's or item's effect (no id stored)"
};

EffectStart read_effect_start(const GameTemplates* templates, int32_t type, Bytes params);

}  // namespace taescope
