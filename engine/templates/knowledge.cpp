#include "templates/knowledge.h"

#include <algorithm>

#include "templates/knowledge_text.h"

namespace taescope {

std::string_view confidence_name(Confidence c) {
    switch (c) {
        case Confidence::Proven: return "Proven";
        case Confidence::Observed: return "Observed";
        case Confidence::Sourced: return "Sourced";
        case Confidence::Inferred: return "Inferred";
        case Confidence::Unknown: return "Unknown";
    }
    return "Unknown";
}

std::optional<Confidence> confidence_from_name(std::string_view name) {
    for (Confidence c : {Confidence::Proven, Confidence::Observed, Confidence::Sourced, Confidence::Inferred, Confidence::Unknown})
        if (confidence_name(c) == name) return c;
    return std::nullopt;
}

std::string_view word_reading_name(WordReading r) {
    switch (r) {
        case WordReading::Float: return "float";
        case WordReading::Integer: return "integer";
        case WordReading::Undecided: return "undecided";
        case WordReading::Mixed: return "mixed";
    }
    return "undecided";
}

std::optional<WordReading> word_reading_from_name(std::string_view name) {
    for (WordReading r : {WordReading::Float, WordReading::Integer, WordReading::Undecided, WordReading::Mixed})
        if (word_reading_name(r) == name) return r;
    return std::nullopt;
}

std::string KnowledgeStatement::label() const {
    std::string out(confidence_name(confidence));
    const std::string& detail = source.empty() ? basis : source;
    if (!detail.empty()) out += " (" + detail + ")";
    return out;
}

bool KnowledgeEntry::applies_to(std::string_view game) const {
    return games.empty() || std::find(games.begin(), games.end(), game) != games.end();
}

namespace {
const std::string kEmpty;
}

const std::string& KnowledgeEntry::source() const { return statements.empty() ? kEmpty : statements.front().source; }
const std::string& KnowledgeEntry::text() const { return statements.empty() ? kEmpty : statements.front().text; }

std::span<const KnowledgeStatement> KnowledgeEntry::alternatives() const {
    if (statements.size() <= 1) return {};
    return std::span<const KnowledgeStatement>(statements).subspan(1);
}

std::span<const KnowledgeEntry> builtin_knowledge() {
    // No threads in this engine (the wasm build has none), so a plain function-local cache.
    // A built-in text that does not parse is a build defect the unit tests catch; at run time
    // there is then simply no knowledge.
    static const std::vector<KnowledgeEntry> entries = [] {
        auto parsed = parse_knowledge_text(builtin_knowledge_text());
        return parsed.ok() ? std::move(parsed).value() : std::vector<KnowledgeEntry>{};
    }();
    return entries;
}

const KnowledgeEntry* knowledge_for_type(std::string_view game, int32_t event_type) {
    for (const KnowledgeEntry& e : builtin_knowledge())
        if (e.subject == KnowledgeSubject::EventType && e.event_type == event_type && e.applies_to(game)) return &e;
    return nullptr;
}

const KnowledgeEntry* knowledge_for_field(std::string_view game, int32_t event_type, uint32_t byte_offset) {
    for (const KnowledgeEntry& e : builtin_knowledge())
        if (e.subject == KnowledgeSubject::Field && e.event_type == event_type && e.covers(byte_offset) && e.applies_to(game))
            return &e;
    return nullptr;
}

std::vector<const KnowledgeEntry*> knowledge_fields(std::string_view game, int32_t event_type) {
    std::vector<const KnowledgeEntry*> out;
    for (const KnowledgeEntry& e : builtin_knowledge())
        if (e.subject == KnowledgeSubject::Field && e.event_type == event_type && e.applies_to(game)) out.push_back(&e);
    std::stable_sort(out.begin(), out.end(), [](const KnowledgeEntry* a, const KnowledgeEntry* b) { return a->byte_offset < b->byte_offset; });
    return out;
}

std::vector<const KnowledgeEntry*> knowledge_for_every_event(std::string_view game) {
    std::vector<const KnowledgeEntry*> out;
    for (const KnowledgeEntry& e : builtin_knowledge())
        if (e.subject == KnowledgeSubject::EveryEvent && e.applies_to(game)) out.push_back(&e);
    return out;
}

KnowledgeEntry template_field_knowledge(std::string_view game, const EventTypeTemplate& type, const TemplateField& field) {
    KnowledgeEntry e;
    e.subject = KnowledgeSubject::Field;
    e.games = {std::string(game)};
    e.event_type = int32_t(type.id);
    e.byte_offset = field.offset;
    e.byte_size = field.size;
    e.name = field.name;
    KnowledgeStatement s;
    s.confidence = Confidence::Sourced;
    s.source = type.origin.empty() ? "Smithbox" : type.origin;
    s.text = "The template names this field" + (field.name.empty() ? std::string(" (unnamed)") : " " + field.name) + " and types it " +
             std::string(field_type_name(field.type)) + (field.type == FieldType::Bytes ? "[" + std::to_string(field.size) + "]" : "") + ".";
    if (field.type == FieldType::F32) s.reads = WordReading::Float;
    else if (field.type == FieldType::S32 || field.type == FieldType::U32) s.reads = WordReading::Integer;
    for (const NamedValue& v : field.entries) s.values.push_back({raw_as_signed(field.type, v.raw), v.name});
    e.statements.push_back(std::move(s));
    return e;
}

KnowledgeEntry template_type_knowledge(std::string_view game, const EventTypeTemplate& type) {
    KnowledgeEntry e;
    e.subject = KnowledgeSubject::EventType;
    e.games = {std::string(game)};
    e.event_type = int32_t(type.id);
    e.name = "the name of type " + std::to_string(type.id);
    KnowledgeStatement s;
    s.confidence = Confidence::Sourced;
    s.source = type.origin.empty() ? "Smithbox" : type.origin;
    s.text = "named \"" + type.name + "\" by the template";
    e.statements.push_back(std::move(s));
    return e;
}

Confidence type_name_confidence(std::string_view game, int32_t type) {
    const KnowledgeEntry* entry = knowledge_for_type(game, type);
    return entry ? entry->confidence() : Confidence::Sourced;
}

}  // namespace taescope
