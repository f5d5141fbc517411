// The proof of layout inference on the real corpus (issue 33): every event type with a built-in
// (community-derived) template and at least 20 events, inferred from its bytes alone and compared
// with its template (engine/inference/template_agreement.h). The shares measured when the rules
// were written are fixed here as floors: a change of the rules that loses agreement fails. The
// word-by-word heuristic's share is measured beside it and must stay below.
// Also: the inference over the Armored Core VI binder takes less time than opening it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "binder/document.h"
#include "inference/event_samples.h"
#include "inference/layout_inference.h"
#include "inference/template_agreement.h"
#include "templates/builtin_templates.h"
#include "test_support.h"

using namespace taescope;

namespace {

struct GameCase {
    const char* game;
    std::vector<const char*> files;
    double measured;    // share measured with these rules (taescope infer --against-templates)
    double word_floor;  // the word-by-word heuristic's share on the same files
};

// Adds every file's events; false (with a message) when a file is absent.
bool add_files(const GameCase& g, EventSamples& samples) {
    for (const char* f : g.files) {
        std::string path = test::corpus_path(f);
        if (path.empty()) return false;
        auto bytes = test::load(path);
        auto doc = open_document(bytes, path);
        REQUIRE_MESSAGE(doc.ok(), path);
        samples.add_document(*doc);
    }
    return true;
}

}  // namespace

TEST_CASE("infer corpus: inferred layouts agree with the templates on at least 97% of live bytes in every game") {
    const GameCase cases[] = {
        {"SDT", {"sekiro/c0000.anibnd.dcx"}, 0.9757, 0.8814},
        {"ER",
         {"eldenring/c1000.krak.anibnd.dcx", "eldenring/c2100.anibnd.dcx", "eldenring/c3000.krak.anibnd.dcx",
          "eldenring/c3010.anibnd.dcx", "eldenring/c3061.krak.anibnd.dcx", "eldenring/c4310.anibnd.dcx",
          "eldenring/c5051.anibnd.dcx", "eldenring/c5780.krak.anibnd.dcx", "eldenring/c0000-a10.tae",
          "eldenring/c0000-a12.tae", "eldenring/c0000-a405.tae", "eldenring/c0000-a512.tae",
          "eldenring/c0000-a600.tae"},
         0.9786,
         0.6337},
        {"AC6", {"ac6/c0100.anibnd.dcx"}, 0.9803, 0.9460},
        {"DS3", {"ds3/c0000.anibnd.dcx"}, 0.9780, 0.8277},
    };
    for (const GameCase& g : cases) {
        const std::string game = g.game;
        CAPTURE(game);
        EventSamples samples;
        if (!add_files(g, samples)) continue;
        const GameTemplates* templates = builtin_templates(g.game);
        REQUIRE(templates);
        GameComparison full = compare_with_templates(samples, *templates, g.game);
        GameComparison floor = compare_with_templates(samples, *templates, g.game, 20, InferenceRules::WordByWord);
        MESSAGE(game << ": " << full.agreeing_bytes << " of " << full.live_bytes << " live bytes agree ("
                     << full.share() << "), word by word " << floor.share() << ", " << full.types.size()
                     << " types, findings " << full.finding_bytes << " bytes");
        CHECK(full.types.size() >= 30);
        CHECK(full.share() >= 0.97);
        CHECK(full.share() >= g.measured - 1e-4);  // the floor fixed when the rules were measured
        CHECK(floor.share() <= g.word_floor + 1e-4);
        CHECK(full.share() > floor.share());
    }
}

TEST_CASE(
    "infer corpus: the template findings are the kinds the data contradict (Sekiro 708, Armored Core VI 179/321)") {
    struct Expect {
        const char* game;
        const char* file;
        int32_t type;
        uint32_t offset;
    };
    const Expect expected[] = {{"SDT", "sekiro/c0000.anibnd.dcx", 708, 12},
                               {"AC6", "ac6/c0100.anibnd.dcx", 179, 0},
                               {"AC6", "ac6/c0100.anibnd.dcx", 321, 4}};
    for (const Expect& e : expected) {
        CAPTURE(e.type);
        std::string path = test::corpus_path(e.file);
        if (path.empty()) continue;
        auto bytes = test::load(path);
        auto doc = open_document(bytes, path);
        REQUIRE(doc.ok());
        EventSamples samples;
        samples.add_document(*doc);
        const TypeSamples* t = samples.find(e.type);
        REQUIRE(t);
        const EventTypeTemplate* templ = builtin_templates(e.game)->find(uint32_t(e.type));
        REQUIRE(templ);
        TypeComparison c = compare_with_template(*t, *templ);
        bool found = false;
        for (const FieldComparison& f : c.fields)
            if (f.offset == e.offset) found = f.verdict == FieldVerdict::TemplateFinding;
        CHECK_MESSAGE(found, "expected a template finding at byte " << e.offset);
    }
}

// How long inference takes against the open is a benchmark row (bench/bench_infer.cpp, issue 33:
// <= 1x the open, same run), never a unit test's check: timing belongs only in benchmarks.
TEST_CASE(
    "infer corpus: every type of the Armored Core VI binder is inferred, each layout covering its longest event") {
    std::string path = test::corpus_path("ac6/c0100.anibnd.dcx");
    if (path.empty()) return;
    auto bytes = test::load(path);
    auto doc = open_document(bytes, path);
    REQUIRE(doc.ok());
    EventSamples samples;
    samples.add_document(*doc);
    std::vector<InferredLayout> layouts = infer_layouts(samples);
    MESSAGE("Armored Core VI c0100: " << layouts.size() << " types inferred over " << samples.event_count()
                                      << " events");
    CHECK(layouts.size() == samples.types().size());
    CHECK(samples.event_count() == doc->event_count());
    for (size_t i = 0; i < layouts.size() && i < samples.types().size(); ++i) {
        CHECK(layouts[i].type == samples.types()[i].type);
        CHECK(layouts[i].max_length == samples.types()[i].max_length());
        uint32_t covered = 0;  // fields in offset order, without gaps, up to the longest event
        for (const InferredField& f : layouts[i].fields) {
            CHECK(f.offset == covered);
            covered = f.offset + f.size;
        }
        CHECK(covered == layouts[i].max_length);
    }
}
