// Every event of every corpus TAE decoded with the built-in templates of its detected game, and
// the disagreement totals per game pinned.
//
// The pinned numbers are what this code computes over OUR corpus (a few binders and loose files,
// some re-saved by modding tools), so they are regression figures, not the spec's. The spec's
// figures are over full game installs (Sekiro 337,924 events, Elden Ring 1,313,057); what can be
// compared is the spec's *rules*, which hold on any subset of those files, and those are checked
// separately below ("the spec's invariants").
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "binder/document.h"
#include "templates/builtin_templates.h"
#include "templates/document_game.h"
#include "templates/event_decoder.h"
#include "templates/tae_template_check.h"
#include "test_support.h"

using namespace taescope;

namespace {

struct CorpusFile {
    const char* path;
    const char* game;  // the game detection must find
};

const CorpusFile kCorpus[] = {
    {"sekiro/c0000.anibnd.dcx", "SDT"},         {"sekiro/c5070.anibnd.dcx", "SDT"},
    {"eldenring/c0000-a10.tae", "ER"},          {"eldenring/c0000-a12.tae", "ER"},
    {"eldenring/c0000-a405.tae", "ER"},         {"eldenring/c0000-a512.tae", "ER"},
    {"eldenring/c0000-a600.tae", "ER"},         {"eldenring/c1000.krak.anibnd.dcx", "ER"},
    {"eldenring/c2100.anibnd.dcx", "ER"},       {"eldenring/c3000.krak.anibnd.dcx", "ER"},
    {"eldenring/c3010.anibnd.dcx", "ER"},       {"eldenring/c4310.anibnd.dcx", "ER"},
    {"eldenring/c5780.krak.anibnd.dcx", "ER"},  {"nightreign/c0100.anibnd.dcx", "NR"},
    {"ds3/c0000.anibnd.dcx", "DS3"},
};

struct GameCensus {
    size_t files = 0;
    size_t event_files = 0;
    size_t unparsed_event_files = 0;
    DisagreementTally tally;
    // For the invariants: every event's findings by (type, field index, kind).
    std::map<int32_t, uint64_t> events_of_type;
    std::map<std::tuple<int32_t, int, Disagreement>, uint64_t> by_field;
    std::set<int64_t> integers_in_floats_730;
    uint64_t bytes_reencoded = 0;
    uint64_t reencode_mismatches = 0;
};

// Opens every corpus file once and tallies per game; cached for the test cases below.
const std::map<std::string, GameCensus>* census() {
    static std::map<std::string, GameCensus> result;
    static bool done = false;
    static bool available = true;
    if (done) return available ? &result : nullptr;
    done = true;
    for (const CorpusFile& c : kCorpus) {
        std::string path = test::corpus_path(c.path);
        if (path.empty()) {
            available = false;
            return nullptr;
        }
        auto bytes = test::load(path);
        auto doc = open_document(bytes, c.path);
        REQUIRE_MESSAGE(doc.ok(), doc.error().to_string());
        GameGuess guess = detect_document_game(*doc);
        INFO(c.path << ": " << guess.reason);
        CHECK(guess.game == c.game);
        const GameTemplates* templates = builtin_templates(guess.game);
        REQUIRE(templates);
        GameCensus& g = result[guess.game];
        ++g.files;
        for (const DocumentTae& t : doc->taes) {
            ++g.event_files;
            if (!t.tae) {
                ++g.unparsed_event_files;
                continue;
            }
            TaeTemplateReport report = check_tae_templates(*t.tae, templates);
            g.tally.merge(report.tally);
            for (const EventFindings& e : report.events)
                for (const Finding& f : e.findings) {
                    ++g.by_field[{e.type, f.field_index, f.kind}];
                    if (e.type == 730 && (f.kind == Disagreement::FloatNotFinite || f.kind == Disagreement::FloatHoldsInteger)) {
                        const TaeEvent& ev = t.tae->animations[e.animation_index].events[e.event_index];
                        Bytes p = t.tae->parameters(ev);
                        g.integers_in_floats_730.insert(int32_t(load_u32le(p.data() + f.offset)));
                    }
                }
            // Every present field written back from its displayed text gives the same bytes.
            for (const TaeAnimation& a : t.tae->animations)
                for (const TaeEvent& ev : a.events) {
                    ++g.events_of_type[ev.type];
                    Bytes p = t.tae->parameters(ev);
                    DecodedEvent d = decode_event(templates, uint32_t(ev.type), p);
                    std::vector<uint8_t> copy(p.begin(), p.end());
                    for (const DecodedField& f : d.fields) {
                        if (!f.present || f.field->type == FieldType::Bytes) continue;
                        if (!set_field_from_text(copy, *f.field, f.value_text(p)).ok()) ++g.reencode_mismatches;
                    }
                    g.bytes_reencoded += copy.size();
                    if (!std::equal(copy.begin(), copy.end(), p.begin())) ++g.reencode_mismatches;
                }
        }
    }
    return &result;
}

uint64_t count(const GameCensus& g, Disagreement k) { return g.tally.count(k); }

// The figures our code computes over the corpus, per game, pinned as regression numbers.
struct Pinned {
    const char* game;
    size_t files, event_files, unparsed_event_files;
    uint64_t events, events_with_template, fields_read, asserted_fields_read, named_values_read;
    DisagreementCounts findings;  // in the order of the Disagreement enum
};

// Columns of `findings`: no-template, short-padding-only, short-meaningful, float-not-finite,
// float-holds-integer, value-not-named, bool-not-0-1, assert-mismatch, nonzero-past-template.
const Pinned kPinned[] = {
    // Sekiro: c0000 (65 event files) and c5070 (1). No template: types 341 (6 events) and 350 (2);
    // 340, the third type Smithbox lacks (spec), comes from DSAnimStudio here. The short events are
    // mostly 708's missing Padding3 (215); the meaningful ones are 153's field 9 (6) and 944's field 2.
    // Float words: 708's fields 3, 10 and 12 (NaN in every 708 event) and its integer fields 1, 9
    // and 11; 156's fields 0 and 1 (negative integers read as NaN); 970's field 0.
    {"SDT", 2, 66, 0, 71196, 71188, 392186, 116781, 42758, {8, 342, 7, 783, 791, 5904, 0, 0, 0}},
    // Elden Ring: 5 loose c0000 files and 6 binders (c3061 holds no TAE). Short events only in c3010.
    {"ER", 11, 11, 0, 59102, 59102, 499448, 90089, 78104, {0, 1, 3, 0, 0, 352, 0, 0, 0}},
    // Nightreign c0100: Smithbox's NR template is a copy of its ER one, and Nightreign stores types
    // it does not define and longer or differently used layouts of ER's types: hence the
    // no-template, assert-mismatch and nonzero-past-template findings no other game has.
    {"NR", 1, 53, 0, 68580, 57028, 339881, 11810, 50593, {11552, 20, 52, 0, 29, 43596, 0, 1231, 2903}},
    // Dark Souls III c0000: 251 TAE files, as the corpus README says (the binder also names four
    // empty members a76, a147, a233 and a238 in the TAE slots; the document does not count them).
    {"DS3", 1, 251, 0, 186536, 186536, 1071735, 250286, 178068, {0, 2456, 199, 0, 0, 307, 0, 0, 0}},
};

}  // namespace

TEST_CASE("corpus templates: disagreement totals per game (corpus regression figures)") {
    const auto* c = census();
    if (!c) return;
    for (const Pinned& p : kPinned) {
        auto it = c->find(p.game);
        REQUIRE_MESSAGE(it != c->end(), p.game);
        const GameCensus& g = it->second;
        INFO(std::string(p.game));
        CHECK(g.files == p.files);
        CHECK(g.event_files == p.event_files);
        CHECK(g.unparsed_event_files == p.unparsed_event_files);
        CHECK(g.tally.events == p.events);
        CHECK(g.tally.events_with_template == p.events_with_template);
        CHECK(g.tally.fields_read == p.fields_read);
        CHECK(g.tally.asserted_fields_read == p.asserted_fields_read);
        CHECK(g.tally.named_values_read == p.named_values_read);
        for (size_t k = 0; k < kDisagreementKinds; ++k) {
            INFO(std::string(disagreement_id(Disagreement(k))));
            CHECK(g.tally.counts[k] == p.findings[k]);
        }
    }
}

// Rules the spec proves over every event of both installs, so they hold on our subset too.
TEST_CASE("corpus templates: the spec's invariants hold for Sekiro and Elden Ring") {
    const auto* c = census();
    if (!c) return;
    for (const char* game : {"SDT", "ER"}) {
        const GameCensus& g = c->at(game);
        INFO(std::string(game));
        // "None of the 553,355 asserted fields stored in Sekiro's events or the 2,050,123 in Elden
        // Ring's differs from the template's value."
        CHECK(count(g, Disagreement::AssertMismatch) == 0);
        CHECK(g.tally.asserted_fields_read > 0);
        // "No byte after the last template field of an event is other than zero."
        CHECK(count(g, Disagreement::NonzeroPastTemplate) == 0);
        // "Every boolean field holds 0 or 1."
        CHECK(count(g, Disagreement::BoolNotZeroOne) == 0);
    }
    // "Elden Ring's [template covers] all 1,313,057"; Sekiro's lacks only 340, 341 and 350.
    CHECK(count(c->at("ER"), Disagreement::NoTemplate) == 0);
    for (const auto& [type, counts] : c->at("SDT").tally.by_type)
        if (counts[size_t(Disagreement::NoTemplate)]) CHECK((type == 340 || type == 341 || type == 350));
    // Event 708's fields 3, 10 and 12 hold a word that is not a finite float "in all 1,497 events".
    const GameCensus& sdt = c->at("SDT");
    uint64_t events708 = sdt.events_of_type.at(708);
    CHECK(events708 > 0);
    for (int field : {3, 10, 12}) CHECK(sdt.by_field.at({708, field, Disagreement::FloatNotFinite}) == events708);
    // Event 730's float words are the integers -45, 75, -90 and 180 (none of 730 in this corpus's Sekiro).
    for (const auto& [game, g] : *c)
        for (int64_t v : g.integers_in_floats_730) CHECK((v == -45 || v == 75 || v == -90 || v == 180));
}

TEST_CASE("corpus templates: every decoded field written back from its text gives the same bytes") {
    const auto* c = census();
    if (!c) return;
    for (const auto& entry : *c) {
        const GameCensus& g = entry.second;
        INFO(entry.first);
        CHECK(g.bytes_reencoded > 0);
        CHECK(g.reencode_mismatches == 0);
    }
}
