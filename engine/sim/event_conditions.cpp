#include "sim/event_conditions.h"

#include <cstring>

namespace taescope {

namespace {

const char kSpawnCondition[] = "Additional Spawn Condition";
const char kStateInfo[] = "State Info";

bool is_condition_field(const std::string& name) { return name == kSpawnCondition || name == kStateInfo; }

ConditionValue read_value(const std::string& name, FieldType type, uint32_t offset, uint32_t size, Bytes params) {
    ConditionValue v;
    v.field = name;
    v.offset = offset;
    v.stored = size <= 8 && uint64_t(offset) + size <= params.size();
    if (v.stored) {
        uint64_t raw = 0;
        std::memcpy(&raw, params.data() + offset, size);
        v.value = raw_as_signed(type, raw);
    }
    return v;
}

void finish(EventCondition& c) {
    std::string unstored;
    for (const auto& v : c.values) {
        if (v.stored && v.value != 0) c.conditional = true;
        if (!v.stored) unstored += (unstored.empty() ? "" : ", ") + v.field;
    }
    if (!unstored.empty()) {
        if (!c.note.empty()) c.note += "; ";
        c.note += unstored + " not stored (a shorter variant of the event)";
    }
}

bool has_particle_alias(const TemplateField& f) { return f.alias_enum == "Particle"; }

}  // namespace

EventCondition read_event_condition(const GameTemplates* templates, int32_t type, Bytes params) {
    EventCondition c;
    c.spec_observed = type == kEventSpawnOneShotFfx || type == kEventAttackBehavior;
    const EventTypeTemplate* templ = templates && type >= 0 ? templates->find(uint32_t(type)) : nullptr;
    if (templ) {
        for (const auto& f : templ->fields)
            if (is_condition_field(f.name) && f.type != FieldType::Bytes)
                c.values.push_back(read_value(f.name, f.type, f.offset, f.size, params));
        if (c.values.empty() && c.spec_observed)
            c.note = "the template of " + std::to_string(type) + " names no condition field";
        else if (type == kEventSpawnOneShotFfx && c.values.size() == 1)
            c.note = "the template of 96 names only " + c.values[0].field;
    } else if (type == kEventSpawnOneShotFfx) {
        c.values.push_back(read_value(kSpawnCondition, FieldType::U8, 15, 1, params));
        c.values.push_back(read_value(kStateInfo, FieldType::S16, 16, 2, params));
        c.note = "no template: Sekiro / Elden Ring offsets 15 and 16 assumed";
    } else if (type == kEventAttackBehavior) {
        c.values.push_back(read_value(kStateInfo, FieldType::S16, 14, 2, params));
        c.note = "no template: Sekiro / Elden Ring offset 14 assumed";
    }
    finish(c);
    return c;
}

EffectStart read_effect_start(const GameTemplates* templates, int32_t type, Bytes params) {
    EffectStart e;
    const EventTypeTemplate* templ = templates && type >= 0 ? templates->find(uint32_t(type)) : nullptr;
    if (!templ) {
        if (type != kEventSpawnOneShotFfx) return e;
        e.starts_effect = true;
        e.id_field = "FFX ID";
        e.note = "no template: the id is assumed at byte 0";
        ConditionValue v = read_value(e.id_field, FieldType::S32, 0, 4, params);
        if (v.stored) e.effect_id = v.value;
        return e;
    }
    for (const auto& f : templ->fields) {
        if (!has_particle_alias(f) || f.type == FieldType::Bytes) continue;
        e.starts_effect = true;
        e.id_field = f.name;
        if (f.name.find("Deprecated") != std::string::npos) {
            e.note = "the equipped spell's or item's effect (no id stored)";
            return e;
        }
        ConditionValue v = read_value(f.name, f.type, f.offset, f.size, params);
        if (v.stored)
            e.effect_id = v.value;
        else
            e.note = f.name + " not stored";
        return e;
    }
    return e;
}

}  // namespace taescope
