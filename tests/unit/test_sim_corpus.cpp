// The playback model on real animations of the corpus (../shared/corpus): the spec's own
// examples (tae-format-notes.txt) and animations that carry mask events, found with
// `taescope sim FILE --list`. Each test names the file and animation it reads.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>

#include "binder/animation_names.h"
#include "binder/document.h"
#include "sim/animation_imports.h"
#include "sim/animation_simulation.h"
#include "sim/document_simulation.h"
#include "templates/builtin_templates.h"
#include "templates/document_game.h"
#include "test_support.h"

using namespace taescope;

namespace {

struct Opened {
    Document doc;
    AnimationIndex index;  // points into doc
    const GameTemplates* templates = nullptr;
};

std::unique_ptr<Opened> open_corpus(const std::string& relative) {
    std::string path = test::corpus_path(relative);
    if (path.empty()) return nullptr;
    auto bytes = test::load(path);
    auto doc = open_document(bytes, relative);
    REQUIRE_MESSAGE(doc.ok(), (doc.ok() ? std::string() : doc.error().to_string()));
    auto o = std::make_unique<Opened>();
    o->doc = std::move(doc).value();
    o->index = AnimationIndex::from_document(o->doc);
    std::string game = detect_document_game(o->doc).game;
    o->templates = game.empty() ? nullptr : builtin_templates(game);
    return o;
}

AnimationRef find(const Opened& o, const char* name) {
    auto number = parse_animation_name(name);
    REQUIRE(number);
    auto ref = o.index.find(*number);
    REQUIRE_MESSAGE(ref, "no animation " << name);
    return *ref;
}

AnimationSimulation simulate(const Opened& o, const AnimationRef& ref,
                             IntervalConvention c = IntervalConvention::HalfOpen) {
    SimOptions options;
    options.convention = c;
    return AnimationSimulation::build(*o.index.file(ref.tae_index), *o.index.animation(ref), o.templates, options);
}

bool contains(std::span<const uint32_t> v, uint32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

uint8_t param_byte(const Opened& o, const AnimationRef& ref, uint32_t event, uint32_t at) {
    const TaeFile& f = *o.index.file(ref.tae_index);
    Bytes p = f.parameters(o.index.animation(ref)->events.at(event));
    REQUIRE(at < p.size());
    return p[at];
}

}  // namespace

TEST_CASE("Elden Ring c4310 a000_001040: a latched 233 under a 711 and a 713, frame by frame") {
    auto o = open_corpus("eldenring/c4310.anibnd.dcx");
    if (!o) return;
    AnimationRef ref = find(*o, "a000_001040");
    auto half = simulate(*o, ref);
    auto closed = simulate(*o, ref, IntervalConvention::Closed);
    REQUIRE(half.mask_events() == std::vector<uint32_t>{0, 2, 3});
    const auto& ev = half.events();
    CHECK(ev[0].type == 233);
    CHECK(ev[2].type == 713);
    CHECK(ev[3].type == 711);
    // The stored bytes the rule works on: 233 shows group 1 and hides 27, 711 hides group 1,
    // 713 shows group 27; the 233 ends at frame 6, the 711 and 713 at frame 11.
    CHECK(param_byte(*o, ref, 0, 0) == 1);
    CHECK(param_byte(*o, ref, 0, 26) == 0);
    CHECK(param_byte(*o, ref, 3, 0) == 1);
    CHECK(param_byte(*o, ref, 2, 26) == 1);
    CHECK(ev[0].timing.end_frame == 6);
    CHECK(ev[3].timing.end_frame == 11);

    // Frames 0..10: the later records 711 (#3) and 713 (#2) win over the 233 (#0).
    for (uint32_t n : {0u, 5u, 10u}) {
        INFO("frame " << n);
        CHECK(half.frame(n).masks->at(0).visibility == MaskVisibility::Hidden);
        CHECK(half.frame(n).masks->at(0).decided_by == 3);
        CHECK(half.frame(n).masks->at(26).visibility == MaskVisibility::Shown);
        CHECK(half.frame(n).masks->at(26).decided_by == 2);
    }
    // Frame 11, the end instant of 711/713: half-open, the 233 latched at frame 0 is back,
    // though it ended at frame 6; closed, the 711/713 still hold.
    CHECK(half.frame(11).masks->at(0).visibility == MaskVisibility::Shown);
    CHECK(half.frame(11).masks->at(0).decided_by == 0);
    CHECK(half.frame(11).masks->at(26).visibility == MaskVisibility::Hidden);
    CHECK(closed.frame(11).masks->at(0).visibility == MaskVisibility::Hidden);
    CHECK(closed.frame(12).masks->at(0).visibility == MaskVisibility::Shown);
    CHECK(contains(half.frame(11).ended, 2));
    CHECK(contains(half.frame(11).ended, 3));
    // Group 2 is 255 in the 233 and 0 in both others: no event decides it.
    CHECK(param_byte(*o, ref, 0, 1) == 255);
    CHECK(half.frame(0).masks->at(1).visibility == MaskVisibility::Default);
}

TEST_CASE("Elden Ring c4310 a000_008046 event 9: type 129 from 0 to -1/30 is reported and never active") {
    auto o = open_corpus("eldenring/c4310.anibnd.dcx");
    if (!o) return;
    AnimationRef ref = find(*o, "a000_008046");
    for (auto c : {IntervalConvention::HalfOpen, IntervalConvention::Closed}) {
        auto sim = simulate(*o, ref, c);
        const SimEvent& e = sim.events().at(9);
        CHECK(e.type == 129);
        CHECK(e.timing.start_frame == 0);
        CHECK(e.timing.end_frame == -1);
        CHECK((e.timing.flags & kTimingEndsBeforeStart) != 0);
        CHECK(contains(sim.events_with_timing_flags(), 9));
        for (uint32_t n = 0; n < sim.frame_count(); ++n) {
            CHECK_FALSE(contains(sim.frame(n).active, 9));
            CHECK_FALSE(contains(sim.frame(n).started, 9));
        }
    }
}

TEST_CASE("Sekiro c0000 a000_005110 event 35: type 112 over [-1/30, 0) is active at frame 0 only when closed") {
    auto o = open_corpus("sekiro/c0000.anibnd.dcx");
    if (!o) return;
    AnimationRef ref = find(*o, "a000_005110");
    auto half = simulate(*o, ref);
    auto closed = simulate(*o, ref, IntervalConvention::Closed);
    const SimEvent& e = half.events().at(35);
    CHECK(e.type == 112);
    CHECK(e.timing.start_bits == TaeEvent::f32_to_bits(-1.0f / 30.0f));
    CHECK(e.timing.start_frame == -1);
    CHECK(e.timing.end_frame == 0);
    CHECK(e.timing.flags == kTimingStartsBeforeClip);
    CHECK_FALSE(contains(half.frame(0).active, 35));
    CHECK(contains(half.frame(0).started, 35));  // shown, not hidden
    CHECK(contains(half.frame(0).ended, 35));
    CHECK(contains(closed.frame(0).active, 35));
    CHECK(contains(closed.frame(1).ended, 35));
}

TEST_CASE("Sekiro c0000 a000_711200: f32-max ends are open ends, active to the last frame") {
    auto o = open_corpus("sekiro/c0000.anibnd.dcx");
    if (!o) return;
    AnimationRef ref = find(*o, "a000_711200");
    auto sim = simulate(*o, ref);
    for (uint32_t i : {12u, 15u}) {
        const SimEvent& e = sim.events().at(i);
        CHECK(e.timing.end_bits == kF32MaxBits);
        CHECK(e.timing.flags == kTimingOpenEnd);
        CHECK(contains(sim.frame(sim.frame_count() - 1).active, i));
        for (uint32_t n = 0; n < sim.frame_count(); ++n) CHECK_FALSE(contains(sim.frame(n).ended, i));
    }
}

TEST_CASE("Sekiro c0000 a050_300020: effects 404000, 404010, 404020 start under the states 153, 152, 357") {
    auto o = open_corpus("sekiro/c0000.anibnd.dcx");
    if (!o) return;
    AnimationRef ref = find(*o, "a050_300020");
    auto sim = simulate(*o, ref);
    std::vector<int64_t> ids, states;
    std::vector<uint32_t> indices;
    for (const auto& e : sim.events()) {
        if (e.type != 96 || !e.condition.conditional) continue;
        REQUIRE(e.effect.effect_id);
        ids.push_back(*e.effect.effect_id);
        for (const auto& v : e.condition.values)
            if (v.field == "State Info") states.push_back(v.value);
        indices.push_back(e.index);
    }
    CHECK(ids == std::vector<int64_t>{404000, 404010, 404020});
    CHECK(states == std::vector<int64_t>{153, 152, 357});
    // One window: all three start at the same frame, listed in record order.
    REQUIRE(indices.size() == 3);
    uint32_t frame = uint32_t(sim.events()[indices[0]].timing.start_frame);
    std::vector<uint32_t> started_96;
    for (uint32_t i : sim.frame(frame).started)
        if (sim.events()[i].type == 96) started_96.push_back(i);
    CHECK(started_96 == indices);
}

TEST_CASE("Sekiro c0000 a050_300000: effect 600030 is conditional; two of three attacks carry states 358 and 940") {
    auto o = open_corpus("sekiro/c0000.anibnd.dcx");
    if (!o) return;
    auto sim = simulate(*o, find(*o, "a050_300000"));
    std::vector<int64_t> attack_states;
    bool found_600030 = false;
    for (const auto& e : sim.events()) {
        if (e.type == 1) {
            REQUIRE(e.condition.values.size() == 1);
            attack_states.push_back(e.condition.values[0].value);
            CHECK(e.condition.conditional == (e.condition.values[0].value != 0));
        }
        if (e.type == 96 && e.effect.effect_id == 600030) {
            found_600030 = true;
            CHECK(e.condition.conditional);
            CHECK(param_byte(*o, find(*o, "a050_300000"), e.index, 4) == (10301 & 0xFF));  // dummy polygon 10301
        }
    }
    CHECK(attack_states == std::vector<int64_t>{0, 358, 940});
    CHECK(found_600030);
}

TEST_CASE("Sekiro c5070 a000_003004: a 713 shows group 12 over frames 50..64 only") {
    auto o = open_corpus("sekiro/c5070.anibnd.dcx");
    if (!o) return;
    AnimationRef ref = find(*o, "a000_003004");
    auto sim = simulate(*o, ref);
    REQUIRE(sim.mask_events() == std::vector<uint32_t>{34});
    CHECK(param_byte(*o, ref, 34, 11) == 1);
    CHECK(sim.events()[34].timing.start_frame == 50);
    CHECK(sim.events()[34].timing.end_frame == 65);
    CHECK(sim.frame(49).masks->at(11).visibility == MaskVisibility::Default);
    CHECK(sim.frame(50).masks->at(11).visibility == MaskVisibility::Shown);
    CHECK(sim.frame(64).masks->at(11).decided_by == 34);
    CHECK(sim.frame(65).masks->at(11).visibility == MaskVisibility::Default);
    for (int g = 0; g < kMaskGroupCount; ++g)
        if (g != 11) CHECK(sim.frame(55).masks->at(g).visibility == MaskVisibility::Default);
}

TEST_CASE("Sekiro c0000 imports: a201_501200 -> a201_500200 -> a200_500200 crosses group files") {
    auto o = open_corpus("sekiro/c0000.anibnd.dcx");
    if (!o) return;
    ImportResolution r = resolve_imports(o->index, find(*o, "a201_501200"));
    CHECK(r.outcome == ImportOutcome::Resolved);
    REQUIRE(r.chain.size() == 3);
    CHECK(r.chain[1].full_number == 201500200);
    CHECK(r.events_from.full_number == 200500200);
    CHECK(o->doc.taes[r.events_from.tae_index].slot.file_name == "a200.tae");
    CHECK(o->doc.taes[r.chain[0].tae_index].slot.file_name == "a201.tae");
    // The events simulated are the source's.
    auto sim = simulate(*o, r.events_from);
    CHECK(sim.events().size() == o->index.animation(r.events_from)->events.size());
    CHECK_FALSE(sim.events().empty());
    // The one call a viewer makes gives the same: the source's events, the chain with them.
    auto run = simulate_animation(o->index, 201501200, o->templates);
    REQUIRE(run.ok());
    CHECK(run->import.events_from.full_number == 200500200);
    CHECK(run->simulation.events().size() == sim.events().size());
    CHECK(run->simulation.frame_count() == sim.frame_count());
    CHECK_FALSE(simulate_animation(o->index, 201501201 + 7, o->templates).ok());

    // a210_610003 names a00's animation by a number below 1,000,000 (spec: 218 such imports).
    ImportResolution low = resolve_imports(o->index, find(*o, "a210_610003"));
    CHECK(low.outcome == ImportOutcome::Resolved);
    CHECK(low.events_from.full_number == 110030);
    CHECK(o->doc.taes[low.events_from.tae_index].slot.file_name == "a00.tae");
}

TEST_CASE("Dark Souls III c0000 imports: -1 keeps the record, a missing target ends a real two-link chain") {
    auto o = open_corpus("ds3/c0000.anibnd.dcx");
    if (!o) return;
    ImportResolution none = resolve_imports(o->index, find(*o, "a026_030040"));
    CHECK(none.outcome == ImportOutcome::NoImport);
    CHECK(none.events_from.full_number == 26030040);

    ImportResolution missing = resolve_imports(o->index, find(*o, "a020_034401"));
    CHECK(missing.outcome == ImportOutcome::MissingTarget);
    REQUIRE(missing.chain.size() == 2);
    CHECK(missing.chain[1].full_number == 23034401);
    CHECK(missing.unresolved_source == 2303400);
    CHECK_FALSE(o->index.find(2303400).has_value());
    CHECK(missing.events_from.full_number == 20034401);
}

TEST_CASE("Elden Ring c4310 a000_003020: a 711 from -1/30 hides group 1 at frame 0; abutting 711s hand over") {
    auto o = open_corpus("eldenring/c4310.anibnd.dcx");
    if (!o) return;
    AnimationRef ref = find(*o, "a000_003020");
    auto half = simulate(*o, ref);
    auto closed = simulate(*o, ref, IntervalConvention::Closed);
    const auto& ev = half.events();
    // Stored: #25 711 [0, 20), #26 711 [20, 234), #31 711 [-1, 10), all hiding group 1.
    for (uint32_t i : {25u, 26u, 31u}) {
        CHECK(ev.at(i).type == 711);
        CHECK(param_byte(*o, ref, i, 0) == 1);
    }
    CHECK(ev[31].timing.flags == kTimingStartsBeforeClip);
    CHECK(ev[25].timing.end_frame == 20);
    CHECK(ev[26].timing.start_frame == 20);
    // Frame 0: both #25 and #31 hide group 1; the later record decides.
    CHECK(half.frame(0).masks->at(0).visibility == MaskVisibility::Hidden);
    CHECK(half.frame(0).masks->at(0).decided_by == 31);
    CHECK(half.frame(10).masks->at(0).decided_by == 25);
    // Frame 20: half-open hands over from #25 to #26 with no gap; closed, both speak and #26 wins.
    for (uint32_t n : {19u, 20u, 21u}) {
        INFO("frame " << n);
        CHECK(half.frame(n).masks->at(0).visibility == MaskVisibility::Hidden);
        CHECK(closed.frame(n).masks->at(0).visibility == MaskVisibility::Hidden);
    }
    CHECK(half.frame(20).masks->at(0).decided_by == 26);
    CHECK(closed.frame(20).masks->at(0).decided_by == 26);
    CHECK(contains(closed.frame(20).active, 25));
    CHECK_FALSE(contains(half.frame(20).active, 25));
}

TEST_CASE("Elden Ring c2100 a000_010000 event 6: an open-ended 711 hides groups 1-10 to the end") {
    auto o = open_corpus("eldenring/c2100.anibnd.dcx");
    if (!o) return;
    AnimationRef ref = find(*o, "a000_010000");
    auto sim = simulate(*o, ref);
    const SimEvent& e = sim.events().at(6);
    CHECK(e.type == 711);
    CHECK(e.timing.flags == kTimingOpenEnd);
    uint32_t start = uint32_t(e.timing.start_frame);
    REQUIRE(start < sim.frame_count());
    uint32_t last = sim.frame_count() - 1;
    for (int g = 0; g < kMaskGroupCount; ++g) {
        bool hides = param_byte(*o, ref, 6, uint32_t(g)) == 1;
        CHECK(sim.frame(last).masks->at(g).visibility == (hides ? MaskVisibility::Hidden : MaskVisibility::Default));
        if (start > 0) CHECK(sim.frame(start - 1).masks->at(g).visibility == MaskVisibility::Default);
    }
    CHECK(param_byte(*o, ref, 6, 0) == 1);
    CHECK(param_byte(*o, ref, 6, 9) == 1);
    CHECK(param_byte(*o, ref, 6, 10) == 0);
}
