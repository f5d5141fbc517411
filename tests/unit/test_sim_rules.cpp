// The playback model's rules on small hand-made animations (tae-format-notes.txt, "Event
// times", "Mesh-visibility events", "Conditioned events", "Animation headers").
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <vector>

#include "sim/animation_imports.h"
#include "sim/animation_simulation.h"
#include "templates/builtin_templates.h"

using namespace taescope;

namespace {

const float kFrame = 1.0f / 30.0f;  // f32(1/30) = 0.033333335, not exactly one frame

uint32_t bits(float f) { return TaeEvent::f32_to_bits(f); }

// Appends an event to `anim`, its parameters to the file's edited bytes.
void add_event(TaeFile& file, TaeAnimation& anim, int32_t type, uint32_t start_bits, uint32_t end_bits,
               std::vector<uint8_t> params = {}) {
    TaeEvent e;
    e.type = type;
    e.start_bits = start_bits;
    e.end_bits = end_bits;
    file.set_parameters(e, params);
    anim.events.push_back(e);
}
void add_event(TaeFile& file, TaeAnimation& anim, int32_t type, float start, float end,
               std::vector<uint8_t> params = {}) {
    add_event(file, anim, type, bits(start), bits(end), std::move(params));
}

// 32 mask bytes, `fill` everywhere except the given groups (1-based).
std::vector<uint8_t> mask_bytes(uint8_t fill, std::vector<std::pair<int, uint8_t>> groups) {
    std::vector<uint8_t> b(32, fill);
    for (auto [g, v] : groups) b[size_t(g - 1)] = v;
    return b;
}

AnimationSimulation simulate(const TaeFile& file, IntervalConvention c = IntervalConvention::HalfOpen,
                             std::optional<uint32_t> frames = std::nullopt, const GameTemplates* templates = nullptr) {
    SimOptions o;
    o.convention = c;
    o.frame_count = frames;
    return AnimationSimulation::build(file, file.animations[0], templates, o);
}

TaeFile one_animation() {
    TaeFile f;
    f.animations.emplace_back();
    return f;
}

bool contains(std::span<const uint32_t> v, uint32_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

}  // namespace

// ---- time ------------------------------------------------------------------------------------

TEST_CASE("a stored f32(n/30) is frame n, not a hair after it") {
    CHECK(double(kFrame) != 1.0 / 30.0);  // why snapping is needed
    EventTiming t = classify_event_timing(bits(kFrame), bits(10 * kFrame));
    CHECK(t.start_frame == 1.0);
    CHECK(t.end_frame == 10.0);
    CHECK(t.flags == 0);
    CHECK(t.active_at(1, IntervalConvention::HalfOpen));
    CHECK_FALSE(t.active_at(0, IntervalConvention::HalfOpen));
}

TEST_CASE("half-open: inactive at the end instant; closed: active at it") {
    EventTiming t = classify_event_timing(bits(0.0f), bits(10 * kFrame));
    CHECK(t.active_at(9, IntervalConvention::HalfOpen));
    CHECK_FALSE(t.active_at(10, IntervalConvention::HalfOpen));
    CHECK(t.active_at(10, IntervalConvention::Closed));
    CHECK_FALSE(t.active_at(11, IntervalConvention::Closed));
    // The per-frame table says the same, and names the frame where the event ends.
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 0, 0.0f, 10 * kFrame);
    auto half = simulate(f, IntervalConvention::HalfOpen, 12);
    auto closed = simulate(f, IntervalConvention::Closed, 12);
    CHECK(half.frame(10).active.empty());
    CHECK(contains(half.frame(10).ended, 0));
    CHECK(contains(closed.frame(10).active, 0));
    CHECK(contains(closed.frame(11).ended, 0));
}

TEST_CASE("a start of -1/30 is one frame before the clip: active at frame 0 if its interval reaches it") {
    EventTiming reaches = classify_event_timing(bits(-kFrame), bits(5 * kFrame));
    CHECK(reaches.flags == kTimingStartsBeforeClip);
    CHECK(reaches.start_frame == -1.0);
    CHECK(reaches.active_at(0, IntervalConvention::HalfOpen));
    CHECK(reaches.active_at(0, IntervalConvention::Closed));

    // [-1/30, 0): gone by frame 0 half-open, still there closed.
    EventTiming until_zero = classify_event_timing(bits(-kFrame), bits(0.0f));
    CHECK_FALSE(until_zero.active_at(0, IntervalConvention::HalfOpen));
    CHECK(until_zero.active_at(0, IntervalConvention::Closed));

    // Frame 0 reports the early start (and, half-open, the end at 0) rather than hiding it.
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 16, -kFrame, 0.0f);
    auto half = simulate(f, IntervalConvention::HalfOpen, 2);
    CHECK(contains(half.frame(0).started, 0));
    CHECK(contains(half.frame(0).ended, 0));
    CHECK(half.frame(0).active.empty());
    CHECK(half.events_with_timing_flags() == std::vector<uint32_t>{0});
}

TEST_CASE("an event that ends before it starts is never active, under either convention, and is reported") {
    // Elden Ring c4310 a000_008046 event 9 is stored so: type 129 from 0 to -1/30.
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 129, 0.0f, -kFrame);
    for (auto c : {IntervalConvention::HalfOpen, IntervalConvention::Closed}) {
        auto sim = simulate(f, c, 3);
        CHECK((sim.events()[0].timing.flags & kTimingEndsBeforeStart) != 0);
        CHECK_FALSE((sim.events()[0].timing.flags & kTimingStartsBeforeClip));
        for (uint32_t n = 0; n < 3; ++n) {
            CHECK(sim.frame(n).active.empty());
            CHECK(sim.frame(n).started.empty());
            CHECK(sim.frame(n).ended.empty());
        }
        CHECK(sim.active_at(-1.0 / 60).empty());
        CHECK(sim.events_with_timing_flags() == std::vector<uint32_t>{0});
    }
}

TEST_CASE("an f32-max end is an open end: active to the clip's end, never ending") {
    EventTiming t = classify_event_timing(bits(0.5f), kF32MaxBits);
    CHECK(t.flags == kTimingOpenEnd);
    CHECK(t.active_at(1e7, IntervalConvention::HalfOpen));
    CHECK_FALSE(t.ends_in(0, 1e9, IntervalConvention::HalfOpen));
    // A stored 100 s (SoulsFormatsNEXT's reading of f32 max) is an ordinary end.
    CHECK(classify_event_timing(bits(0.5f), bits(100.0f)).flags == 0);
    // The open end does not stretch the default frame count.
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 0, bits(0.0f), kF32MaxBits);
    add_event(f, f.animations[0], 0, 0.0f, 20 * kFrame);
    auto sim = simulate(f);
    CHECK(sim.frame_count() == 21);
    CHECK(contains(sim.frame(20).active, 0));
}

TEST_CASE("a zero-length event is active nowhere half-open and at its one instant closed") {
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 0, 5 * kFrame, 5 * kFrame);
    auto half = simulate(f, IntervalConvention::HalfOpen, 8);
    auto closed = simulate(f, IntervalConvention::Closed, 8);
    CHECK(half.events()[0].timing.flags == kTimingZeroLength);
    for (uint32_t n = 0; n < 8; ++n) {
        CHECK(half.frame(n).active.empty());
        CHECK(half.frame(n).started.empty());
        CHECK(contains(closed.frame(n).active, 0) == (n == 5));
    }
    CHECK(contains(closed.frame(5).started, 0));
    CHECK(contains(closed.frame(6).ended, 0));
}

TEST_CASE("an event between two frames is active at none, yet started and ended at the next frame") {
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 0, 0.01f, 0.02f);
    auto sim = simulate(f, IntervalConvention::HalfOpen, 3);
    CHECK(sim.events()[0].timing.flags == kTimingOffFrameGrid);
    CHECK(sim.frame(0).active.empty());
    CHECK(sim.frame(1).active.empty());
    CHECK(contains(sim.frame(1).started, 0));
    CHECK(contains(sim.frame(1).ended, 0));
    CHECK(sim.active_at(0.015).size() == 1);
}

TEST_CASE("active sets and starts/ends are listed in source-record order, not time order") {
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 0, 6 * kFrame, 9 * kFrame);  // #0 starts last
    add_event(f, f.animations[0], 1, 2 * kFrame, 8 * kFrame);  // #1
    add_event(f, f.animations[0], 2, 4 * kFrame, 7 * kFrame);  // #2
    auto sim = simulate(f);
    EventEdges e = sim.edges_between(0.0, 10 * kFrame);
    CHECK(e.started == std::vector<uint32_t>{0, 1, 2});
    CHECK(e.ended == std::vector<uint32_t>{0, 1, 2});
    CHECK(sim.active_at(6.5 / 30) == std::vector<uint32_t>{0, 1, 2});
    std::vector<uint32_t> at6(sim.frame(6).active.begin(), sim.frame(6).active.end());
    CHECK(at6 == std::vector<uint32_t>{0, 1, 2});
    // (from, to]: an event starting exactly at `from` is not started again.
    CHECK(sim.edges_between(2 * kFrame, 3 * kFrame).started.empty());
    CHECK(sim.edges_between(1 * kFrame, 2 * kFrame).started == std::vector<uint32_t>{1});
}

TEST_CASE("hostile times are clamped to a bounded table, with a note") {
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 0, 0.0f, 1e30f);
    add_event(f, f.animations[0], 0, bits(0.0f), 0x7FC00000u);  // NaN end
    auto sim = simulate(f);
    CHECK(sim.frame_count() == SimLimits{}.max_frames);
    CHECK_FALSE(sim.notes().empty());
    CHECK((sim.events()[1].timing.flags & kTimingNonFinite) != 0);
    CHECK_FALSE(sim.events()[1].timing.can_be_active(IntervalConvention::Closed));
    CHECK(sim.frame(sim.frame_count()).active.empty());  // past the table: an empty view
}

// ---- masks -----------------------------------------------------------------------------------

TEST_CASE("233 latches: its groups keep their state after its end; 255 leaves a group unchanged") {
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 233, 2 * kFrame, 3 * kFrame, mask_bytes(255, {{1, 0}, {2, 1}}));
    auto sim = simulate(f, IntervalConvention::HalfOpen, 10);
    CHECK(sim.frame(1).masks->at(0).visibility == MaskVisibility::Default);
    CHECK(sim.frame(2).masks->at(0).visibility == MaskVisibility::Hidden);
    CHECK(sim.frame(9).masks->at(0).visibility == MaskVisibility::Hidden);  // long after its end
    CHECK(sim.frame(9).masks->at(1).visibility == MaskVisibility::Shown);
    CHECK(sim.frame(9).masks->at(0).decided_by == 0);
    CHECK(sim.frame(9).masks->at(2).visibility == MaskVisibility::Default);  // 255
    CHECK(sim.frame(9).masks->at(2).decided_by == -1);
}

TEST_CASE("711 hides and 713 shows only over their interval; 0 leaves a group unchanged") {
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 711, 2 * kFrame, 4 * kFrame, mask_bytes(0, {{3, 1}}));
    add_event(f, f.animations[0], 713, 2 * kFrame, 4 * kFrame, mask_bytes(0, {{4, 1}}));
    auto half = simulate(f, IntervalConvention::HalfOpen, 6);
    auto closed = simulate(f, IntervalConvention::Closed, 6);
    CHECK(half.frame(3).masks->at(2).visibility == MaskVisibility::Hidden);
    CHECK(half.frame(3).masks->at(3).visibility == MaskVisibility::Shown);
    CHECK(half.frame(3).masks->at(0).visibility == MaskVisibility::Default);
    // The end instant: the convention decides (the spec: not observed).
    CHECK(half.frame(4).masks->at(2).visibility == MaskVisibility::Default);
    CHECK(closed.frame(4).masks->at(2).visibility == MaskVisibility::Hidden);
    CHECK(closed.frame(5).masks->at(2).visibility == MaskVisibility::Default);
}

TEST_CASE("overlapping mask events: the later source record wins") {
    for (bool hide_first : {true, false}) {
        TaeFile f = one_animation();
        add_event(f, f.animations[0], hide_first ? 711 : 713, 0.0f, 5 * kFrame, mask_bytes(0, {{1, 1}}));
        add_event(f, f.animations[0], hide_first ? 713 : 711, 0.0f, 5 * kFrame, mask_bytes(0, {{1, 1}}));
        auto sim = simulate(f, IntervalConvention::HalfOpen, 6);
        CHECK(sim.frame(2).masks->at(0).visibility == (hide_first ? MaskVisibility::Shown : MaskVisibility::Hidden));
        CHECK(sim.frame(2).masks->at(0).decided_by == 1);
    }
}

TEST_CASE("a latched 233 comes back when a later-record 711 over it ends") {
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 233, 0.0f, kFrame, mask_bytes(255, {{1, 1}}));
    add_event(f, f.animations[0], 711, 2 * kFrame, 5 * kFrame, mask_bytes(0, {{1, 1}}));
    auto sim = simulate(f, IntervalConvention::HalfOpen, 7);
    const MaskVisibility expect[] = {MaskVisibility::Shown,  MaskVisibility::Shown,  MaskVisibility::Hidden,
                                     MaskVisibility::Hidden, MaskVisibility::Hidden, MaskVisibility::Shown,
                                     MaskVisibility::Shown};
    const int32_t decider[] = {0, 0, 1, 1, 1, 0, 0};
    for (uint32_t n = 0; n < 7; ++n) {
        CHECK(sim.frame(n).masks->at(0).visibility == expect[n]);
        CHECK(sim.frame(n).masks->at(0).decided_by == decider[n]);
    }
    CHECK(sim.mask_at(4.5 / 30)[0].decided_by == 1);
}

TEST_CASE("precedence is record order even between two latches: a later record that started earlier wins") {
    // The documented rule (source-record order). A "latest start wins" model would say hidden.
    TaeFile f = one_animation();
    add_event(f, f.animations[0], 233, 5 * kFrame, 6 * kFrame, mask_bytes(255, {{2, 0}}));  // #0 hides, late
    add_event(f, f.animations[0], 233, 0.0f, kFrame, mask_bytes(255, {{2, 1}}));            // #1 shows, early
    auto sim = simulate(f, IntervalConvention::HalfOpen, 8);
    CHECK(sim.frame(3).masks->at(1).visibility == MaskVisibility::Shown);
    CHECK(sim.frame(7).masks->at(1).visibility == MaskVisibility::Shown);
    CHECK(sim.frame(7).masks->at(1).decided_by == 1);
}

TEST_CASE("a short mask event leaves its unstored groups unchanged; unnamed byte values are reported") {
    MaskLayout layout = mask_layout_for(nullptr, 711);
    CHECK(layout.source.find("assumed") != std::string::npos);
    std::vector<uint8_t> bytes = {1, 7, 0, 0, 0, 0, 0, 0};
    MaskAction a = read_mask_action(711, bytes, layout);
    CHECK(a.changes[0] == MaskChange::Hide);
    CHECK(a.changes[1] == MaskChange::Unchanged);
    CHECK(a.unnamed_values == 0b10u);
    CHECK(a.unstored_groups == 0xFFFFFF00u);
    // 233: 0 hide, 1 show, 255 unchanged, anything else unnamed (and unchanged).
    std::vector<uint8_t> latch = mask_bytes(255, {{1, 0}, {2, 1}, {3, 9}});
    MaskAction b = read_mask_action(233, latch, layout);
    CHECK(b.changes[0] == MaskChange::Hide);
    CHECK(b.changes[1] == MaskChange::Show);
    CHECK(b.changes[2] == MaskChange::Unchanged);
    CHECK(b.unnamed_values == 0b100u);
}

TEST_CASE("the built-in templates put the 32 mask groups of 233, 711 and 713 at bytes 0..31") {
    for (const char* game : {"SDT", "ER", "DS3", "NR", "AC6"}) {
        const GameTemplates* t = builtin_templates(game);
        REQUIRE(t);
        for (int32_t type : {233, 711, 713}) {
            MaskLayout l = mask_layout_for(t, type);
            INFO(game << " " << type << ": " << l.source);
            CHECK(l.source.find("Mask 1..Mask 32 at bytes 0..31") != std::string::npos);
            for (int g = 0; g < kMaskGroupCount; ++g) CHECK(l.offsets[g] == uint32_t(g));
        }
    }
}

// ---- conditions and effects -------------------------------------------------------------------

namespace {
std::vector<uint8_t> event96(int32_t ffx, uint8_t spawn_condition, int16_t state_info, size_t size = 24) {
    std::vector<uint8_t> b(24, 0);
    std::memcpy(b.data(), &ffx, 4);
    b[15] = spawn_condition;
    std::memcpy(b.data() + 16, &state_info, 2);
    b.resize(size);
    return b;
}
}  // namespace

TEST_CASE("type 96 is conditional when Additional Spawn Condition or State Info is not 0") {
    const GameTemplates* sdt = builtin_templates("SDT");
    REQUIRE(sdt);
    CHECK_FALSE(read_event_condition(sdt, 96, event96(600030, 0, 0)).conditional);
    EventCondition by_state = read_event_condition(sdt, 96, event96(404000, 0, 153));
    CHECK(by_state.conditional);
    CHECK(by_state.spec_observed);
    REQUIRE(by_state.values.size() == 2);
    CHECK(by_state.values[1].field == "State Info");
    CHECK(by_state.values[1].value == 153);
    CHECK(read_event_condition(sdt, 96, event96(1, 1, 0)).conditional);
    // A shorter variant without State Info (158 Sekiro events): said, not guessed.
    EventCondition short96 = read_event_condition(sdt, 96, event96(1, 0, 0, 16));
    CHECK_FALSE(short96.conditional);
    CHECK_FALSE(short96.values[1].stored);
    CHECK(short96.note.find("not stored") != std::string::npos);
    // The effect id is the template's FFX ID.
    EffectStart fx = read_effect_start(sdt, 96, event96(404010, 0, 152));
    CHECK(fx.starts_effect);
    CHECK(fx.effect_id == 404010);
    CHECK(fx.id_field == "FFX ID");
}

TEST_CASE("type 1 carries State Info at the template's offset") {
    const GameTemplates* er = builtin_templates("ER");
    REQUIRE(er);
    std::vector<uint8_t> b(32, 0);
    int16_t state = 358;
    std::memcpy(b.data() + 14, &state, 2);
    EventCondition c = read_event_condition(er, 1, b);
    CHECK(c.conditional);
    REQUIRE(c.values.size() == 1);
    CHECK(c.values[0].offset == 14);
    CHECK(c.values[0].value == 358);
    CHECK_FALSE(read_effect_start(er, 1, b).starts_effect);
}

TEST_CASE("a template that says otherwise is followed: DS3's type 96 has no State Info") {
    const GameTemplates* ds3 = builtin_templates("DS3");
    REQUIRE(ds3);
    EventCondition c = read_event_condition(ds3, 96, event96(1, 0, 153));
    CHECK_FALSE(c.conditional);
    REQUIRE(c.values.size() == 1);
    CHECK(c.values[0].field == "Additional Spawn Condition");
    CHECK(c.note.find("only Additional Spawn Condition") != std::string::npos);
    // Without any template the Sekiro / Elden Ring offsets are assumed, and said to be.
    EventCondition none = read_event_condition(nullptr, 96, event96(1, 0, 153));
    CHECK(none.conditional);
    CHECK(none.note.find("assumed") != std::string::npos);
}

TEST_CASE("Elden Ring 114/115 start the equipped spell's effect and store no id") {
    const GameTemplates* er = builtin_templates("ER");
    REQUIRE(er);
    EffectStart fx = read_effect_start(er, 115, std::vector<uint8_t>(16, 0));
    CHECK(fx.starts_effect);
    CHECK_FALSE(fx.effect_id.has_value());
    CHECK(fx.note.find("equipped") != std::string::npos);
}

// ---- imports ---------------------------------------------------------------------------------

namespace {
TaeAnimation import_of(uint64_t number, int32_t source) {
    TaeAnimation a;
    a.number = number;
    a.set_import_other(source);
    return a;
}
TaeAnimation standard(uint64_t number) {
    TaeAnimation a;
    a.number = number;
    a.set_standard(false, false, false, -1);
    return a;
}
}  // namespace

TEST_CASE("an ImportOther chain is followed across the group files of the player binder") {
    // a50.tae stores a050_000100 as 100 and imports a000_000200 by its full number 200, which
    // lies in a00.tae; a000_000200 itself imports a000_000300.
    TaeFile a00, a50;
    a00.animations = {import_of(200, 300), standard(300)};
    a50.animations = {import_of(100, 200)};
    AnimationIndex index;
    index.add_file(0, a00, 0);
    index.add_file(1, a50, 50 * 1000000ull);
    auto start = index.find(50000100);
    REQUIRE(start);
    ImportResolution r = resolve_imports(index, *start);
    CHECK(r.outcome == ImportOutcome::Resolved);
    REQUIRE(r.chain.size() == 3);
    CHECK(r.chain[1].full_number == 200);
    CHECK(r.events_from.full_number == 300);
    CHECK(r.events_from.tae_index == 0);
    CHECK(r.message == "a050_000100 -> a000_000200 -> a000_000300");
}

TEST_CASE("import cycles, -1 and missing targets are reported and the record keeps its own events") {
    TaeFile f;
    f.animations = {import_of(1, 2), import_of(2, 1), import_of(3, -1), import_of(4, 999), import_of(5, 5)};
    AnimationIndex index;
    index.add_file(0, f, 0);
    auto run = [&](uint64_t n) { return resolve_imports(index, *index.find(n)); };

    ImportResolution cycle = run(1);
    CHECK(cycle.outcome == ImportOutcome::Cycle);
    CHECK(cycle.events_from.full_number == 1);
    CHECK(cycle.chain.size() == 2);
    CHECK(run(5).outcome == ImportOutcome::Cycle);  // imports itself

    ImportResolution none = run(3);
    CHECK(none.outcome == ImportOutcome::NoImport);
    CHECK(none.unresolved_source == -1);
    CHECK(none.events_from.full_number == 3);

    ImportResolution missing = run(4);
    CHECK(missing.outcome == ImportOutcome::MissingTarget);
    CHECK(missing.unresolved_source == 999);
    CHECK(missing.message.find("Unknown") != std::string::npos);
}
