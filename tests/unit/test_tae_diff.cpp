// The TAE diff (engine/compare/tae_diff.h): event matching passes and field-level differences, on
// hand-made animations and on a real file edited in known ways.
#include <doctest/doctest.h>

#include "binder/document.h"
#include "compare/tae_diff.h"
#include "templates/template_library.h"
#include "test_cli_support.h"
#include "test_support.h"

using namespace taescope;

namespace {

// A file with one animation; events given as (type, start, end, one parameter byte).
struct Spec {
    int32_t type;
    float start, end;
    uint8_t value;
};
TaeFile make_file(const std::vector<Spec>& specs) {
    TaeFile f;
    TaeAnimation a;
    a.number = 7;
    for (const Spec& s : specs) {
        TaeEvent e;
        e.type = s.type;
        e.set_start(s.start);
        e.set_end(s.end);
        f.set_parameters(e, std::vector<uint8_t>{s.value, 0, 0, 0, 0, 0, 0, 0});
        a.events.push_back(e);
    }
    f.animations.push_back(a);
    return f;
}

AnimationDifference diff_files(const TaeFile& a, const TaeFile& b) {
    return diff_animation(&a, &a.animations[0], &b, &b.animations[0]);
}

}  // namespace

TEST_CASE("diff: identical animations are unchanged, event by event") {
    TaeFile a = make_file({{0, 0, 1, 1}, {0, 0, 1, 2}, {129, 0.5f, 0.6f, 3}});
    AnimationDifference d = diff_files(a, a);
    CHECK(d.change == AnimationDiffKind::Unchanged);
    REQUIRE(d.events.size() == 3);
    for (const auto& e : d.events) CHECK(e.matched_by == EventMatchPass::Identical);
}

TEST_CASE("diff: same bytes at other times is a move, matched to the nearest times") {
    TaeFile a = make_file({{129, 0.1f, 0.2f, 5}, {129, 1.0f, 1.1f, 5}});
    TaeFile b = make_file({{129, 0.1f, 0.2f, 5}, {129, 1.2f, 1.3f, 5}});
    AnimationDifference d = diff_files(a, b);
    CHECK(d.change == AnimationDiffKind::Changed);
    CHECK(d.count(EventChange::Unchanged) == 1);
    REQUIRE(d.count(EventChange::Moved) == 1);
    for (const auto& e : d.events)
        if (e.change == EventChange::Moved) CHECK((*e.index_a == 1 && *e.index_b == 1));
}

TEST_CASE("diff: other bytes over overlapping times is a change, with the differing byte run") {
    TaeFile a = make_file({{66, 0.0f, 1.0f, 1}, {66, 2.0f, 3.0f, 2}});
    TaeFile b = make_file({{66, 0.0f, 1.0f, 9}, {66, 2.0f, 3.0f, 2}});
    AnimationDifference d = diff_files(a, b);
    REQUIRE(d.count(EventChange::Changed) == 1);
    const EventDifference* changed = nullptr;
    for (const auto& e : d.events)
        if (e.change == EventChange::Changed) changed = &e;
    REQUIRE(changed);
    CHECK(changed->matched_by == EventMatchPass::Overlap);
    REQUIRE(changed->fields.size() == 1);  // no templates: a byte run
    CHECK(changed->fields[0].name == "bytes");
    CHECK(changed->fields[0].offset == 0);
    CHECK(changed->fields[0].before == "01");
    CHECK(changed->fields[0].after == "09");
}

TEST_CASE("diff: a type's only event changed in both time and bytes is paired by order") {
    TaeFile a = make_file({{300, 0.0f, 0.1f, 1}});
    TaeFile b = make_file({{300, 2.0f, 2.1f, 2}});
    AnimationDifference d = diff_files(a, b);
    REQUIRE(d.events.size() == 1);
    CHECK(d.events[0].change == EventChange::Changed);
    CHECK(d.events[0].matched_by == EventMatchPass::Order);
    CHECK(d.events[0].times_changed);
}

TEST_CASE("diff: events of another type never match; leftovers are added and removed") {
    TaeFile a = make_file({{1, 0, 1, 1}, {2, 0, 1, 1}});
    TaeFile b = make_file({{1, 0, 1, 1}, {3, 0, 1, 1}, {3, 1, 2, 1}});
    AnimationDifference d = diff_files(a, b);
    CHECK(d.count(EventChange::Unchanged) == 1);
    CHECK(d.count(EventChange::Removed) == 1);
    CHECK(d.count(EventChange::Added) == 2);
}

TEST_CASE("diff: trailing zero padding is not a parameter change") {
    TaeFile a = make_file({{5, 0, 1, 4}});
    TaeFile b = a;
    b.animations[0].events[0].parameter_size = 4;  // the same bytes, four zeros shorter
    AnimationDifference d = diff_files(a, b);
    REQUIRE(d.events.size() == 1);
    CHECK(d.events[0].change == EventChange::Unchanged);
    CHECK_FALSE(d.events[0].parameters_changed);
    CHECK(d.events[0].parameter_size_changed);
}

TEST_CASE("diff: Sekiro c5070 a000_000000 against known edits reports exactly those edits") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    auto bytes = test::load(path);
    auto doc = open_document(bytes, path);
    REQUIRE(doc.ok());
    REQUIRE(doc->taes.size() == 1);
    const TaeFile& original = *doc->taes[0].tae;
    TaeFile edited = original;
    test::apply_known_edits_to_c5070_a000_000000(edited);

    TemplateLibrary library;
    TaeDiffOptions options;
    options.templates = library.for_game("SDT");
    REQUIRE(options.templates);
    TaeSetDifference set = diff_tae_sets(
        {{0, &original, &original.animations[0], "c5070.tae"}, {1, &original, &original.animations[1], "c5070.tae"}},
        {{0, &edited, &edited.animations[0], "c5070.tae"}, {1, &edited, &edited.animations[1], "c5070.tae"}}, options);
    CHECK(set.changed == 1);
    CHECK(set.unchanged == 1);
    REQUIRE(set.animations.size() == 1);
    const AnimationDifference& d = set.animations[0];
    CHECK(d.count(EventChange::Changed) == 1);
    CHECK(d.count(EventChange::Moved) == 1);
    CHECK(d.count(EventChange::Removed) == 1);
    CHECK(d.count(EventChange::Added) == 1);
    CHECK(d.count(EventChange::Unchanged) == original.animations[0].events.size() - 3);
    for (const auto& e : d.events) {
        if (e.change == EventChange::Changed) {
            CHECK(e.type == 224);
            REQUIRE(e.fields.size() == 1);
            CHECK(e.fields[0].name == "Turn Speed");
            CHECK(e.fields[0].before == "90");
            CHECK(e.fields[0].after == "180");
        }
        if (e.change == EventChange::Moved) CHECK(e.type == 131);
        if (e.change == EventChange::Removed) CHECK((e.type == 401 && *e.index_a == 6));
        if (e.change == EventChange::Added) CHECK(e.type == 16);
    }
}
