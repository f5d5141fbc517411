// The evidence layer (engine/templates/knowledge*.h): the statements of the format notes with
// their confidence and source, the text format they are kept in, and the stored-value evidence
// counted from real files.
#include <string>
#include <vector>

#include "binder/document.h"
#include "templates/builtin_templates.h"
#include "templates/knowledge.h"
#include "templates/knowledge_evidence.h"
#include "templates/knowledge_text.h"
#include "test_support.h"

using namespace taescope;

namespace {

// True when some statement of the entry has this confidence and source (source "" matches any).
bool states(const KnowledgeEntry* e, Confidence c, const std::string& source) {
    if (!e) return false;
    for (const KnowledgeStatement& s : e->statements)
        if (s.confidence == c && (source.empty() || s.source == source)) return true;
    return false;
}

const KnowledgeStatement* statement_from(const KnowledgeEntry* e, const std::string& source) {
    if (!e) return nullptr;
    for (const KnowledgeStatement& s : e->statements)
        if (s.source == source) return &s;
    return nullptr;
}

std::string value_meaning(const KnowledgeStatement* s, int64_t v) {
    if (!s) return "";
    for (const KnowledgeValue& kv : s->values)
        if (kv.value == v) return kv.meaning;
    return "";
}

}  // namespace

TEST_CASE("knowledge: the embedded text equals the file, parses, and no two entries of a game overlap") {
    auto file = read_file(std::string(TAESCOPE_SOURCE_DIR) + "/engine/templates/knowledge/knowledge.txt");
    REQUIRE(file.ok());
    CHECK_MESSAGE(std::string(file->begin(), file->end()) == builtin_knowledge_text(),
                  "the build embeds engine/templates/knowledge/knowledge.txt as it is");
    auto parsed = parse_knowledge_text(builtin_knowledge_text());
    REQUIRE_MESSAGE(parsed.ok(), parsed.error().to_string());
    CHECK(parsed->size() == builtin_knowledge().size());
    // One type entry per game and type, and field entries of one type and game never share a byte,
    // so knowledge_for_type/knowledge_for_field have one answer.
    for (const std::string game : {"SDT", "ER", "NR", "DS3"}) {
        for (size_t i = 0; i < parsed->size(); ++i) {
            const KnowledgeEntry& a = (*parsed)[i];
            if (!a.applies_to(game) || a.subject == KnowledgeSubject::EveryEvent) continue;
            for (size_t j = i + 1; j < parsed->size(); ++j) {
                const KnowledgeEntry& b = (*parsed)[j];
                if (!b.applies_to(game) || b.subject != a.subject || b.event_type != a.event_type) continue;
                INFO(game << " event " << a.event_type << " entries " << a.name << " / " << b.name);
                if (a.subject == KnowledgeSubject::EventType) CHECK(false);
                else CHECK((a.byte_offset + a.byte_size <= b.byte_offset || b.byte_offset + b.byte_size <= a.byte_offset));
            }
        }
    }
}

TEST_CASE("knowledge: every statement the notes make is present with the notes' confidence and source") {
    // Event 715 (Sekiro): four selector slots, Sourced from SekiroAnimationBridge, beside
    // Smithbox's two; all four values occur (Observed). Elden Ring has no 715 (Observed).
    const KnowledgeEntry* selector = knowledge_for_field("SDT", 715, 0);
    REQUIRE(selector);
    CHECK(selector->confidence() == Confidence::Sourced);
    CHECK(selector->source() == "SekiroAnimationBridge");
    const KnowledgeStatement* bridge = statement_from(selector, "SekiroAnimationBridge");
    CHECK(value_meaning(bridge, 0) == "sword");
    CHECK(value_meaning(bridge, 1).find("wp_a_0700") != std::string::npos);
    CHECK(value_meaning(bridge, 1).find("wp_a_0799") != std::string::npos);
    CHECK(value_meaning(bridge, 2) == "Mortal Blade");
    CHECK(value_meaning(bridge, 3) == "grappling hook");
    CHECK(value_meaning(statement_from(selector, "Smithbox"), 1) == "left weapon");
    CHECK(selector->alternatives().size() == 2);
    CHECK(states(selector, Confidence::Observed, ""));
    CHECK(knowledge_for_field("ER", 715, 0) == nullptr);
    CHECK(states(knowledge_for_type("ER", 715), Confidence::Observed, ""));

    // Events 114/115 (Elden Ring): Param Type 0 Magic / 1 EquipParamGoods (Sourced Smithbox);
    // SFX Index 0/1/2 -> castSfxId/fireSfxId/effectSfxId (Inferred).
    for (int type : {114, 115}) {
        INFO("event " << type);
        const KnowledgeEntry* param = knowledge_for_field("ER", type, 13);
        CHECK(param);
        CHECK(states(param, Confidence::Sourced, "Smithbox"));
        CHECK(value_meaning(statement_from(param, "Smithbox"), 0) == "Magic");
        CHECK(value_meaning(statement_from(param, "Smithbox"), 1) == "EquipParamGoods");
        const KnowledgeEntry* sfx = knowledge_for_field("ER", type, 14);
        REQUIRE(sfx);
        CHECK(states(sfx, Confidence::Sourced, "Smithbox"));
        CHECK(states(sfx, Confidence::Inferred, ""));
        const KnowledgeStatement* inferred = nullptr;
        for (const auto& s : sfx->statements)
            if (s.confidence == Confidence::Inferred) inferred = &s;
        CHECK(value_meaning(inferred, 0) == "castSfxId");
        CHECK(value_meaning(inferred, 1) == "fireSfxId");
        CHECK(value_meaning(inferred, 2) == "effectSfxId");
        CHECK(states(knowledge_for_type("ER", type), Confidence::Inferred, ""));
    }

    // Event 2 (Bullet Behavior), Sourced from Smithbox; the spell reading is Inferred.
    CHECK(states(knowledge_for_type("ER", 2), Confidence::Sourced, "Smithbox"));
    CHECK(states(knowledge_for_type("ER", 2), Confidence::Inferred, ""));
    for (uint32_t offset : {0u, 4u, 8u, 14u}) CHECK(states(knowledge_for_field("ER", 2, offset), Confidence::Sourced, "Smithbox"));

    // Type 96 and type 1 condition fields (Observed).
    CHECK(states(knowledge_for_field("SDT", 96, 15), Confidence::Observed, ""));
    CHECK(states(knowledge_for_field("ER", 96, 16), Confidence::Observed, ""));
    CHECK(states(knowledge_for_field("SDT", 1, 14), Confidence::Observed, ""));

    // 233/711/713: DSAnimStudio's behaviour (Sourced) on all 32 mask bytes; 711/713's end-instant
    // convention Unknown.
    CHECK(value_meaning(statement_from(knowledge_for_field("SDT", 233, 31), "DSAnimStudio"), 255) == "unchanged");
    CHECK(value_meaning(statement_from(knowledge_for_field("ER", 711, 0), "DSAnimStudio"), 1) == "hide");
    CHECK(value_meaning(statement_from(knowledge_for_field("ER", 713, 7), "DSAnimStudio"), 1) == "show");
    CHECK(knowledge_for_field("ER", 713, 32) == nullptr);
    CHECK(states(knowledge_for_type("SDT", 711), Confidence::Unknown, ""));
    CHECK(states(knowledge_for_type("ER", 713), Confidence::Unknown, ""));
    CHECK(states(knowledge_for_type("ER", 233), Confidence::Sourced, "DSAnimStudio"));

    // Float or integer words: the sources side by side and the reading the stored values decide.
    struct Word {
        const char* game;
        int type;
        uint32_t offset;
        WordReading stored;
    };
    for (const Word& w : {Word{"SDT", 0, 4, WordReading::Float}, Word{"ER", 0, 4, WordReading::Float},
                          Word{"SDT", 130, 8, WordReading::Integer}, Word{"SDT", 130, 12, WordReading::Integer},
                          Word{"SDT", 730, 0, WordReading::Integer}, Word{"ER", 730, 4, WordReading::Integer},
                          Word{"ER", 194, 8, WordReading::Undecided}}) {
        INFO(w.game << " event " << w.type << " byte " << w.offset);
        const KnowledgeEntry* e = knowledge_for_field(w.game, w.type, w.offset);
        REQUIRE(e);
        CHECK(e->stored_reading == w.stored);
        CHECK(e->counted_word_offset == w.offset);
        const KnowledgeStatement* smithbox = statement_from(e, "Smithbox");
        const KnowledgeStatement* soulstruct = statement_from(e, "soulstruct");
        REQUIRE(smithbox);
        REQUIRE(soulstruct);
        REQUIRE(smithbox->reads);
        REQUIRE(soulstruct->reads);
        CHECK(*smithbox->reads != *soulstruct->reads);  // the two readings disagree
    }
    CHECK(knowledge_for_field("SDT", 194, 8) == nullptr);  // Sekiro's template has no 194

    // Sekiro event 112's conflicting layouts: three layouts side by side, and the word to count.
    const KnowledgeEntry* l112 = knowledge_for_field("SDT", 112, 6);
    REQUIRE(l112);
    CHECK(l112->counted_word_offset == 8u);
    CHECK(statement_from(l112, "soulstruct"));
    CHECK(l112->statements.size() >= 3);

    // The 100-second reading of f32-max ends: a reader convention (Sourced), runtime meaning Unknown.
    auto every = knowledge_for_every_event("SDT");
    REQUIRE(!every.empty());
    CHECK(every.front()->source() == "SoulsFormatsNEXT");
    CHECK(states(every.front(), Confidence::Unknown, ""));

    // Names that differ between sources (Sourced each, Inferred that layouts do not settle it).
    for (int type : {712, 760, 522}) {
        INFO("event " << type);
        const KnowledgeEntry* e = knowledge_for_type("SDT", type);
        CHECK(states(e, Confidence::Sourced, "Smithbox"));
        CHECK(states(e, Confidence::Sourced, "soulstruct"));
        CHECK(states(e, Confidence::Inferred, ""));
    }
}

TEST_CASE("knowledge: a template field the notes say nothing about is Sourced from the template's origin") {
    const GameTemplates* sdt = builtin_templates("SDT");
    REQUIRE(sdt);
    const EventTypeTemplate* t = sdt->find(715);
    REQUIRE(t);
    const TemplateField& f = t->fields.at(4);  // @4 "Model 0 - Dummy Poly ID"
    KnowledgeEntry d = template_field_knowledge("SDT", *t, f);
    CHECK(d.confidence() == Confidence::Sourced);
    CHECK(d.source() == "Smithbox");
    CHECK(d.statements.front().label() == "Sourced (Smithbox)");
    CHECK(d.byte_offset == 4);
    CHECK(d.statements.front().reads == WordReading::Integer);
    const EventTypeTemplate* ds = sdt->find(340);  // only DSAnimStudio defines it
    REQUIRE(ds);
    REQUIRE(!ds->fields.empty());
    CHECK(template_field_knowledge("SDT", *ds, ds->fields.front()).source() == "DSAnimStudio");
}

TEST_CASE("knowledge text: statements, values and readings; errors name the line") {
    const char* text =
        "# a comment\n"
        "format taescope-knowledge 1\n"
        "field 9 SDT,ER @4 4 \"w\" stored=integer\n"
        "  Sourced source=Tool reads=float \"says \\\"float\\\"\"\n"
        "    = -1 \"none\"\n"
        "  Observed basis=\"all 3 events\" \"integers\"\n"
        "every * \"topic\"\n"
        "  Unknown \"not known\"\n";
    auto parsed = parse_knowledge_text(text);
    REQUIRE_MESSAGE(parsed.ok(), parsed.error().to_string());
    REQUIRE(parsed->size() == 2);
    const KnowledgeEntry& e = (*parsed)[0];
    CHECK(e.games == std::vector<std::string>{"SDT", "ER"});
    CHECK(e.byte_offset == 4);
    CHECK(e.byte_size == 4);
    CHECK(e.counted_word_offset == 4u);
    CHECK(e.statements.at(0).text == "says \"float\"");
    CHECK(e.statements.at(0).values.at(0).value == -1);
    CHECK(e.statements.at(1).label() == "Observed (all 3 events)");
    CHECK((*parsed)[1].applies_to("DS3"));

    struct Bad {
        const char* text;
        const char* message;
    };
    for (const Bad& b : {Bad{"type 1 SDT\n", "line 1: expected 'format taescope-knowledge 1'"},
                         Bad{"format taescope-knowledge 1\ntype 1 XX\n  Unknown \"x\"\n", "line 2: game 'XX'"},
                         Bad{"format taescope-knowledge 1\ntype 1 SDT\n  Sourced \"no source\"\n", "line 3: a Sourced statement must name"},
                         Bad{"format taescope-knowledge 1\ntype 1 SDT\n  Maybe \"x\"\n", "line 3: expected a confidence"},
                         Bad{"format taescope-knowledge 1\nfield 1 SDT @4 0\n", "line 2: expected '@OFFSET SIZE'"},
                         Bad{"format taescope-knowledge 1\nfield 1 SDT @4294967295 4\n", "line 2: the field ends past 4 GiB"},
                         Bad{"format taescope-knowledge 1\ntype 1 SDT\n  Unknown \"open\n", "line 3: string without its closing quote"},
                         Bad{"format taescope-knowledge 1\n  = 1 \"x\"\n", "line 2: a statement or value before"},
                         Bad{"format taescope-knowledge 1\ntype 1 SDT\n", "has no statement"}}) {
        auto r = parse_knowledge_text(b.text);
        REQUIRE_FALSE(r.ok());
        INFO(r.error().to_string());
        CHECK(r.error().to_string().find(b.message) != std::string::npos);
    }
    // The offset of the error is the start of the offending line.
    auto r = parse_knowledge_text("format taescope-knowledge 1\ntype 1 XX\n");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().offset == 28);
}

TEST_CASE("stored word evidence: the categories of a word, counted from a synthetic file") {
    TaeFile tae;
    TaeAnimation a;
    auto add = [&](int32_t type, std::vector<uint8_t> bytes) {
        TaeEvent e;
        e.type = type;
        a.events.push_back(e);
        tae.set_parameters(a.events.back(), bytes);
    };
    add(7, {0, 0, 0, 0, 0xd3, 0xff, 0xff, 0xff});  // byte 4: -45, an integer (a NaN as a float)
    add(7, {0, 0, 0, 0, 0x8f, 0xc2, 0xf5, 0x3d});  // byte 4: 0.12f
    add(7, {0, 0, 0, 0, 0, 0, 0, 0});              // zero
    add(7, {0, 0, 0, 0, 0, 0, 0x80, 0x7f});        // +inf: neither
    add(7, {0, 0, 0, 0, 0xd3, 0xff});              // too short to hold the word
    add(8, {0, 0, 0, 0, 1, 0, 0, 0});              // another type: not counted
    tae.animations.push_back(a);
    StoredWordCounts c;
    count_stored_words(tae, 7, 4, c);
    CHECK(c.events == 5);
    CHECK(c.words == 4);
    CHECK(c.small_integer == 1);
    CHECK(c.finite_float == 1);
    CHECK(c.zero == 1);
    CHECK(c.other == 1);
    CHECK(c.decides() == WordReading::Mixed);
    StoredWordCounts none;
    count_stored_words(tae, 7, 1000, none);
    CHECK(none.words == 0);
    CHECK(none.decides() == WordReading::Undecided);
    CHECK(thousands(1086) == "1,086");
    CHECK(thousands(1313057) == "1,313,057");
}

TEST_CASE("stored word evidence: Sekiro c0000 decides the words the notes say its values decide") {
    std::string path = test::corpus_path("sekiro/c0000.anibnd.dcx");
    if (path.empty()) return;
    auto data = test::load(path);
    auto doc = open_document(data, "c0000.anibnd.dcx");
    REQUIRE(doc.ok());

    // Event 0 byte 4: the template's float, not the class's integer (zero or 0.09 in the notes).
    auto e0 = stored_word_evidence(*doc, *knowledge_for_field("SDT", 0, 4));
    REQUIRE(e0);
    MESSAGE("Sekiro c0000 " << e0->summary());
    CHECK(e0->finite_float > 0);
    CHECK(e0->small_integer == 0);
    CHECK(e0->decides() == WordReading::Float);

    // Event 130 bytes 8 and 12: the template's integers (-1 and 7, -1), not the class's floats.
    for (uint32_t offset : {8u, 12u}) {
        auto c = stored_word_evidence(*doc, *knowledge_for_field("SDT", 130, offset));
        REQUIRE(c);
        MESSAGE("Sekiro c0000 " << c->summary());
        CHECK(c->events > 0);
        CHECK(c->finite_float == 0);
        CHECK(c->decides() == WordReading::Integer);
        CHECK(c->decides() == knowledge_for_field("SDT", 130, offset)->stored_reading);
    }

    // Event 112: the word at byte 8 the class reads; 110 where it is not zero (the notes' four events).
    auto c112 = stored_word_evidence(*doc, *knowledge_for_field("SDT", 112, 8));
    REQUIRE(c112);
    MESSAGE("Sekiro c0000 " << c112->summary());
    REQUIRE(!c112->common.empty());
    CHECK(c112->common.front().first == 110u);
    CHECK(c112->common.size() == 1);
}

TEST_CASE("stored word evidence: no corpus file contradicts a reading the notes say the stored values decide") {
    // Every entry with stored=: counted over every corpus file of its game, the file either
    // agrees or holds nothing that decides (the corpus holds no event 730 or 194 at all).
    struct CorpusFile {
        const char* game;
        const char* path;
    };
    std::vector<CorpusFile> files = {{"SDT", "sekiro/c0000.anibnd.dcx"},     {"SDT", "sekiro/c5070.anibnd.dcx"},
                                     {"ER", "eldenring/c2100.anibnd.dcx"},   {"ER", "eldenring/c3010.anibnd.dcx"},
                                     {"ER", "eldenring/c4310.anibnd.dcx"},   {"ER", "eldenring/c0000-a10.tae"},
                                     {"ER", "eldenring/c0000-a12.tae"},      {"ER", "eldenring/c0000-a405.tae"},
                                     {"ER", "eldenring/c0000-a512.tae"},     {"ER", "eldenring/c0000-a600.tae"}};
    for (const CorpusFile& f : files) {
        std::string path = test::corpus_path(f.path);
        if (path.empty()) continue;
        auto data = test::load(path);
        auto doc = open_document(data, f.path);
        REQUIRE(doc.ok());
        for (const KnowledgeEntry& e : builtin_knowledge()) {
            if (!e.stored_reading || !e.applies_to(f.game)) continue;
            auto c = stored_word_evidence(*doc, e);
            REQUIRE(c);
            std::string what = std::string(f.path) + ": " + c->summary();
            if (c->words > 0) MESSAGE(what);
            INFO(what);
            CHECK(c->decides() != WordReading::Mixed);
            if (c->decides() != WordReading::Undecided) CHECK(c->decides() == *e.stored_reading);
        }
    }
}
