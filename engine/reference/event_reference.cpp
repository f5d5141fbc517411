#include "reference/event_reference.h"

#include <algorithm>
#include <cctype>

#include "sim/event_conditions.h"
#include "sim/mask_visibility.h"
#include "templates/builtin_templates.h"
#include "templates/game_detection.h"

namespace taescope {

namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view s) {
    size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string_view::npos ? std::string_view() : s.substr(b, e - b + 1);
}

// A whole decimal number of at most 10 digits, or -1.
int64_t type_number(std::string_view s) {
    if (s.empty() || s.size() > 10) return -1;
    int64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return -1;
        v = v * 10 + (c - '0');
    }
    return v;
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

std::string field_summary(const TemplateField& f) {
    return "@" + std::to_string(f.offset) + " " + reference_type_text(f) + (f.name.empty() ? "" : " " + quoted(f.name));
}

// What the simulator (engine/sim) makes of events of the type: asked of the simulator's own
// readers with zeroed parameters of the template's size, so that the answer is theirs.
std::vector<std::string> simulation_roles(const GameTemplates* templates, const EventTypeTemplate* templ,
                                          uint32_t type) {
    std::vector<std::string> out;
    const int32_t t = int32_t(type);
    std::vector<uint8_t> zeros(templ ? templ->size() : 64, 0);
    if (is_mask_event_type(t)) {
        MaskLayout layout = mask_layout_for(templates, t);
        out.push_back(std::string("mask event: ") +
                      (mask_event_latches(t) ? "each group it changes keeps the change from its start on, past its end"
                                             : "it decides its groups only while active") +
                      " (the Simulation panel's strip; " + layout.source + ")");
    }
    EffectStart effect = read_effect_start(templates, t, zeros);
    if (effect.starts_effect)
        out.push_back("starts an effect: its id is the field " + quoted(effect.id_field) +
                      (effect.note.empty() ? "" : " (" + effect.note + ")") + " (Simulation: effects started)");
    EventCondition condition = read_event_condition(templates, t, zeros);
    if (!condition.values.empty()) {
        std::string fields;
        for (const ConditionValue& v : condition.values)
            fields += (fields.empty() ? "" : " or ") + quoted(v.field) + " (byte " + std::to_string(v.offset) + ")";
        out.push_back("conditional when " + fields +
                      " is not 0: it starts only under a run-time condition, so it is "
                      "never shown as certain" +
                      (condition.spec_observed ? "" : " (a type the format notes do not describe)"));
    }
    if (out.empty())
        out.push_back(
            "active over its interval (frame n is the instant n/30 s, half-open); it has no effect of its own "
            "on the simulated masks, effects or conditions");
    return out;
}

void add_differences(ReferenceType& r, const ReferenceIndex& index) {
    const ReferenceSource* here = index.source(r.game);
    const EventTypeTemplate* mine = here && here->templates ? here->templates->find(r.type) : nullptr;
    for (const ReferenceSource& other : index.sources()) {
        if (!other.builtin || other.game == r.game || !other.templates) continue;
        const EventTypeTemplate* theirs = other.templates->find(r.type);
        if (!theirs) {
            r.games_without.push_back(other.game);
            continue;
        }
        if (!mine) {
            r.differences.push_back({other.game, "defines it: " + quoted(theirs->name) + ", " +
                                                     std::to_string(theirs->fields.size()) + " fields, " +
                                                     std::to_string(theirs->size()) + " bytes"});
            continue;
        }
        if (theirs->name != mine->name) r.differences.push_back({other.game, "named " + quoted(theirs->name)});
        if (theirs->fields.size() != mine->fields.size() || theirs->size() != mine->size())
            r.differences.push_back({other.game, std::to_string(theirs->fields.size()) + " fields over " +
                                                     std::to_string(theirs->size()) + " bytes (here " +
                                                     std::to_string(mine->fields.size()) + " over " +
                                                     std::to_string(mine->size()) + ")"});
        const size_t common = std::min(theirs->fields.size(), mine->fields.size());
        size_t shown = 0, more = 0;
        for (size_t i = 0; i < common; ++i) {
            const TemplateField &a = mine->fields[i], &b = theirs->fields[i];
            bool same = a.offset == b.offset && a.type == b.type && a.size == b.size && a.name == b.name &&
                        a.asserted == b.asserted;
            if (same) continue;
            if (shown == 8) {
                ++more;
                continue;
            }
            ++shown;
            r.differences.push_back({other.game, "field " + std::to_string(i) + ": " + field_summary(b) +
                                                     (b.asserted ? " assert=" + std::to_string(*b.asserted) : "") +
                                                     " (here " + field_summary(a) +
                                                     (a.asserted ? " assert=" + std::to_string(*a.asserted) : "") +
                                                     ")"});
        }
        if (more) r.differences.push_back({other.game, "and " + std::to_string(more) + " more fields differ"});
        for (size_t i = common; i < theirs->fields.size() && i < common + 4; ++i)
            r.differences.push_back(
                {other.game, "field " + std::to_string(i) + " only there: " + field_summary(theirs->fields[i])});
    }
}

}  // namespace

std::string reference_type_text(const TemplateField& field) {
    std::string t(field_type_name(field.type));
    if (field.type == FieldType::Bytes) t += "[" + std::to_string(field.size) + "]";
    return t;
}

std::vector<ReferenceSource> builtin_reference_sources() {
    std::vector<ReferenceSource> out;
    for (const std::string& game : builtin_template_games())
        if (const GameTemplates* t = builtin_templates(game))
            out.push_back({game, std::string(game_title(game)), t, true});
    return out;
}

ReferenceIndex::ReferenceIndex(std::vector<ReferenceSource> sources) : sources_(std::move(sources)) {
    types_.resize(sources_.size());
    for (size_t s = 0; s < sources_.size(); ++s) {
        if (!sources_[s].templates) continue;
        const std::string& game = sources_[s].game;
        for (const EventTypeTemplate& t : sources_[s].templates->types) {
            IndexedType it;
            it.id = t.id;
            it.name = lower(t.name);
            for (size_t f = 0; f < t.fields.size(); ++f) {
                it.fields.push_back(lower(t.fields[f].name));
                for (const NamedValue& v : t.fields[f].entries) it.values.emplace_back(f, lower(v.name));
                if (const KnowledgeEntry* k = knowledge_for_field(game, int32_t(t.id), t.fields[f].offset)) {
                    if (k->byte_offset == t.fields[f].offset)
                        for (const KnowledgeStatement& st : k->statements)
                            for (const KnowledgeValue& v : st.values) it.values.emplace_back(f, lower(v.meaning));
                }
            }
            if (const KnowledgeEntry* k = knowledge_for_type(game, int32_t(t.id))) it.notes_name = lower(k->name);
            types_[s].push_back(std::move(it));
        }
    }
}

const ReferenceSource* ReferenceIndex::source(std::string_view game) const {
    for (const ReferenceSource& s : sources_)
        if (s.game == game) return &s;
    return nullptr;
}

std::vector<ReferenceHit> ReferenceIndex::search(std::string_view raw_query, std::string_view game, size_t max_hits,
                                                 bool* truncated) const {
    std::vector<ReferenceHit> out;
    if (truncated) *truncated = false;
    const std::string query = lower(trim(raw_query));
    const int64_t number = type_number(query);
    for (size_t s = 0; s < sources_.size(); ++s) {
        const ReferenceSource& source = sources_[s];
        if (!game.empty() && source.game != game) continue;
        for (size_t i = 0; i < types_[s].size(); ++i) {
            const IndexedType& t = types_[s][i];
            std::string matched;
            if (query.empty()) {
                matched = "every type";
            } else if (number >= 0) {
                if (int64_t(t.id) == number) matched = "type number";
            } else if (t.name.find(query) != std::string::npos) {
                matched = "name";
            } else if (!t.notes_name.empty() && t.notes_name.find(query) != std::string::npos) {
                matched = "the notes' name";
            } else {
                const EventTypeTemplate& templ = source.templates->types[i];
                for (size_t f = 0; f < t.fields.size() && matched.empty(); ++f)
                    if (t.fields[f].find(query) != std::string::npos) matched = "field " + quoted(templ.fields[f].name);
                for (size_t v = 0; v < t.values.size() && matched.empty(); ++v)
                    if (t.values[v].second.find(query) != std::string::npos)
                        matched = "a named value of " + quoted(templ.fields[t.values[v].first].name);
            }
            if (matched.empty()) continue;
            if (out.size() >= max_hits) {
                if (truncated) *truncated = true;
                return out;
            }
            const EventTypeTemplate& templ = source.templates->types[i];
            out.push_back(
                {source.game, t.id, templ.name, type_name_confidence(source.game, int32_t(t.id)), std::move(matched)});
        }
    }
    return out;
}

std::string ReferenceField::value_name(uint64_t raw) const {
    if (const NamedValue* named = field.entry_for(raw)) return named->name;
    // The notes write values as numbers: an unsigned field's 255 is 255, a signed one's -1 is -1.
    const int64_t value = is_signed_integer(field.type) ? raw_as_signed(field.type, raw) : int64_t(raw);
    for (const KnowledgeStatement& s : knowledge.statements)
        for (const KnowledgeValue& v : s.values)
            if (v.value == value) return v.meaning;
    return {};
}

std::string ReferenceField::value_text(uint64_t raw) const { return format_field_value(field, raw); }

ReferenceType describe_reference_type(const ReferenceIndex& index, std::string_view game, uint32_t type) {
    ReferenceType r;
    r.game = std::string(game);
    r.type = type;
    const ReferenceSource* source = index.source(game);
    r.title = source ? source->title : std::string(game_title(game));
    const GameTemplates* templates = source ? source->templates : nullptr;
    const EventTypeTemplate* templ = templates ? templates->find(type) : nullptr;
    const int32_t t = int32_t(type);
    if (templ) {
        r.defined = true;
        r.name = templ->name;
        r.origin = templ->origin.empty() ? "Smithbox" : templ->origin;
        r.size = templ->size();
        for (const TemplateField& f : templ->fields) {
            ReferenceField rf;
            rf.field = f;
            rf.type_text = reference_type_text(f);
            if (f.default_value) rf.default_text = format_field_value(f, *f.default_value);
            if (f.asserted)
                rf.asserted_text = f.type == FieldType::Bytes ? "every byte 0" : format_field_value(f, *f.asserted);
            if (const KnowledgeEntry* k = knowledge_for_field(game, t, f.offset)) {
                rf.knowledge = *k;
                rf.from_notes = true;
            } else {
                rf.knowledge = template_field_knowledge(game, *templ, f);
            }
            r.fields.push_back(std::move(rf));
        }
    }
    if (const KnowledgeEntry* k = knowledge_for_type(game, t)) {
        r.type_knowledge = *k;
        r.type_from_notes = true;
        if (r.name.empty()) r.name = k->name;
    } else if (templ) {
        r.type_knowledge = template_type_knowledge(game, *templ);
    }
    r.note_fields = knowledge_fields(game, t);
    r.every_event = knowledge_for_every_event(game);
    r.simulation = simulation_roles(templates, templ, type);
    add_differences(r, index);
    return r;
}

}  // namespace taescope
