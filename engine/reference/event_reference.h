// The event reference: every event type of every template set at hand (the built-in ones of
// SDT, ER, NR, DS3 and AC6, and a template file the user dropped), searchable, and one type
// described whole: its fields, the confidence and source of every statement (the evidence
// layer, templates/knowledge.h), what the simulator does with it, and where the built-in
// templates of the games disagree on it.
//
// One source of truth for `taescope explain` and the page's Reference panel: both draw a
// ReferenceType and neither works a fact out on its own. No UI here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "templates/event_template.h"
#include "templates/knowledge.h"

namespace taescope {

// One template set the reference lists.
struct ReferenceSource {
    std::string game;  // the code links use: "SDT", "ER", ..., "USER" for a dropped file
    std::string title;
    const GameTemplates* templates = nullptr;  // kept alive by the caller (built-ins live forever)
    bool builtin = true;
};

// The built-in sets, in the order of builtin_template_games().
std::vector<ReferenceSource> builtin_reference_sources();

// One line of a search's answer.
struct ReferenceHit {
    std::string game;
    uint32_t type = 0;
    std::string name;                             // the template's name of the type ("" unnamed)
    Confidence confidence = Confidence::Sourced;  // of that name
    std::string matched;                          // "type number", "name", "field 'Mask 3'", "value 'hide' of 'Mask 1'"
};

// The sources with their text lower-cased once, so that a search as the user types costs one
// pass of substring tests (a few hundred kilobytes) and nothing else.
class ReferenceIndex {
public:
    explicit ReferenceIndex(std::vector<ReferenceSource> sources);

    const std::vector<ReferenceSource>& sources() const { return sources_; }
    const ReferenceSource* source(std::string_view game) const;

    // Types of every source (or of `game` only) that match `query`, case-insensitive,
    // surrounding spaces ignored:
    //   ""          every type
    //   "795"       the type of that number
    //   "draw mask" types whose name, a field's name, a named value or the notes' name for the
    //               type or a field contains the text
    // In source order, then type order; at most `max_hits` (`truncated` says when more matched).
    std::vector<ReferenceHit> search(std::string_view query, std::string_view game = "", size_t max_hits = 20000,
                                     bool* truncated = nullptr) const;

private:
    struct IndexedType {
        uint32_t id = 0;
        std::string name;                 // lower-cased
        std::vector<std::string> fields;  // lower-cased field names, by field
        // Lower-cased named values: (field index, value name), template entries and the notes'.
        std::vector<std::pair<size_t, std::string>> values;
        std::string notes_name;  // the notes' name of the type, lower-cased
    };
    std::vector<ReferenceSource> sources_;
    std::vector<std::vector<IndexedType>> types_;  // parallel to sources_
};

// One field of a type, with everything known of it.
struct ReferenceField {
    TemplateField field;        // as the template defines it (offset set)
    std::string type_text;      // "u8", "f32", "bytes[12]"
    std::string default_text;   // "" when the template gives none
    std::string asserted_text;  // "" when the template asserts nothing
    KnowledgeEntry knowledge;   // the notes' entry covering the field's first byte, else the template's word
    bool from_notes = false;    // knowledge is the notes' (else template_field_knowledge)

    // The name of a stored value: the template's entry, else one the knowledge names; "" none.
    std::string value_name(uint64_t raw) const;
    // The value as text (format_field_value).
    std::string value_text(uint64_t raw) const;
};

// Where another game's built-in template differs on the same type number.
struct ReferenceDifference {
    std::string game;  // the other game
    std::string text;  // "no template for 233", "named \"...\"", "field 3: s32 \"X\" here, f32 \"Y\" there"
};

struct ReferenceType {
    std::string game, title;
    uint32_t type = 0;
    bool defined = false;  // the game's templates define the type
    std::string name, origin;
    uint32_t size = 0;              // bytes covered by the fields
    KnowledgeEntry type_knowledge;  // the notes' entry about the type, else the template's naming
    bool type_from_notes = false;
    std::vector<ReferenceField> fields;              // in byte order
    std::vector<const KnowledgeEntry*> note_fields;  // the notes' field entries, by offset
    std::vector<const KnowledgeEntry*> every_event;  // what holds for every event of the game
    std::vector<std::string> simulation;             // what the simulator does with events of the type
    std::vector<ReferenceDifference> differences;    // against every other built-in game
    std::vector<std::string> games_without;          // built-in games whose templates lack the type
};

// Everything known of `type` in `game` (a source of `index`); defined=false when the game's
// templates lack the type (the notes and the other games may still say something).
ReferenceType describe_reference_type(const ReferenceIndex& index, std::string_view game, uint32_t type);

// "u8", "bytes[12]"
std::string reference_type_text(const TemplateField& field);

}  // namespace taescope
