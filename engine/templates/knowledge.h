// The evidence layer: what the format notes (/work/shared/spec/tae-format-notes.txt) state about
// an event type or one of its fields, each statement with its confidence and its source, so that
// every meaning shown can say where it comes from.
//
// The statements live in engine/templates/knowledge/knowledge.txt (syntax: knowledge_text.h),
// embedded into the engine at build time (tools/embed_texts.cmake) like the built-in templates. A field the
// templates name but the notes say nothing more about is "Sourced (Smithbox)" (or whichever tool
// the template came from): template_field_knowledge() gives that default.
//
// Where two sources read a word differently (a float in one, an integer in the other) the entry
// holds both readings side by side, and knowledge_evidence.h counts what the open file stores.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "templates/event_template.h"

namespace taescope {

// The notes' labels, strongest first.
enum class Confidence : uint8_t {
    Proven,    // checked over every file read, without exception
    Observed,  // seen in the stored data, not checked against the running game
    Sourced,   // what a community tool says (the source names it)
    Inferred,  // a conclusion drawn from the above
    Unknown,   // not established
};
std::string_view confidence_name(Confidence c);  // "Proven", ...
std::optional<Confidence> confidence_from_name(std::string_view name);

// How a 32-bit word is read: the question two sources answer differently for some words.
enum class WordReading : uint8_t { Float, Integer, Undecided, Mixed };
std::string_view word_reading_name(WordReading r);  // "float", "integer", "undecided", "mixed"
std::optional<WordReading> word_reading_from_name(std::string_view name);

// A named value of a field, as one source names it.
struct KnowledgeValue {
    int64_t value = 0;
    std::string meaning;
};

// One statement: what one source says, with the notes' confidence.
struct KnowledgeStatement {
    Confidence confidence = Confidence::Unknown;
    std::string source;  // the tool for Sourced ("Smithbox", "SekiroAnimationBridge", ...); "" otherwise
    std::string basis;   // what was examined, for Proven/Observed ("every event of the type in both installs")
    std::string text;
    std::optional<WordReading> reads;   // the reading this source gives the word, when it gives one
    std::vector<KnowledgeValue> values; // the values this source names

    // "Sourced (SekiroAnimationBridge)", "Observed (every event ...)", "Inferred".
    std::string label() const;
};

enum class KnowledgeSubject : uint8_t {
    EventType,    // the event type as a whole
    Field,        // bytes [byte_offset, byte_offset + byte_size) of its parameters
    EveryEvent,   // something true of every event (its times, for instance)
};

struct KnowledgeEntry {
    KnowledgeSubject subject = KnowledgeSubject::EventType;
    std::vector<std::string> games;  // "SDT", "ER", "NR", "DS3"; empty: every game
    int32_t event_type = 0;          // EventType and Field
    uint32_t byte_offset = 0;        // Field
    uint32_t byte_size = 0;          // Field
    std::string name;                // the field or topic, as the notes call it
    std::vector<KnowledgeStatement> statements;  // at least one; the first is the primary reading

    // For a word two sources read differently: the reading the notes say the stored values
    // decide, and the byte offset of the 32-bit word to count (see knowledge_evidence.h).
    std::optional<WordReading> stored_reading;
    std::optional<uint32_t> counted_word_offset;

    bool applies_to(std::string_view game) const;
    bool covers(uint32_t offset) const { return offset >= byte_offset && offset - byte_offset < byte_size; }
    Confidence confidence() const { return statements.empty() ? Confidence::Unknown : statements.front().confidence; }
    const std::string& source() const;  // the primary statement's
    const std::string& text() const;    // the primary statement's
    // Every statement after the first: the alternative readings, side by side.
    std::span<const KnowledgeStatement> alternatives() const;
};

// Every built-in entry, in file order (parsed once, on first use).
std::span<const KnowledgeEntry> builtin_knowledge();

// The entry about the event type as a whole, or nullptr.
const KnowledgeEntry* knowledge_for_type(std::string_view game, int32_t event_type);
// The entry whose bytes contain `byte_offset`, or nullptr.
const KnowledgeEntry* knowledge_for_field(std::string_view game, int32_t event_type, uint32_t byte_offset);
// Every field entry of the type, by offset.
std::vector<const KnowledgeEntry*> knowledge_fields(std::string_view game, int32_t event_type);
// What holds for every event of the game (e.g. the 100-second reading of f32-max ends).
std::vector<const KnowledgeEntry*> knowledge_for_every_event(std::string_view game);

// The default for a template field the notes say nothing more about: one Sourced statement
// whose source is the template's origin ("Smithbox" when it names none).
KnowledgeEntry template_field_knowledge(std::string_view game, const EventTypeTemplate& type, const TemplateField& field);
// The same for the type as a whole: one Sourced statement, "named ... by the template".
KnowledgeEntry template_type_knowledge(std::string_view game, const EventTypeTemplate& type);

// The confidence of an event type's name: the notes' entry for the type, else Sourced (a
// community template names it).
Confidence type_name_confidence(std::string_view game, int32_t type);

}  // namespace taescope
