// The event reference (engine/reference): the "v1.r=" link of a reference view (strict,
// bounded, an error with its place for every damaged link), the search and the description of
// a type that `taescope explain` and the page's Reference panel both show, and the values each
// field takes in a real file.
#include <doctest/doctest.h>

#include <map>
#include <set>

#include "binder/document.h"
#include "reference/event_reference.h"
#include "reference/type_value_statistics.h"
#include "share/share_link.h"
#include "templates/builtin_templates.h"
#include "test_support.h"

using namespace taescope;

namespace {

ShareReferenceView decode_view(const std::string& fragment) {
    auto link = decode_share_fragment(fragment);
    REQUIRE_MESSAGE(link.ok(), fragment << ": " << (link.ok() ? std::string() : link.error().to_string()));
    REQUIRE(link->kind == ShareLinkKind::ReferenceView);
    return link->view;
}

// The error's offset, for a fragment that must not decode.
uint64_t error_offset(const std::string& fragment) {
    auto link = decode_share_fragment(fragment);
    REQUIRE_MESSAGE(!link.ok(), fragment << " decoded");
    return link.error().offset;
}

bool has_hit(const std::vector<ReferenceHit>& hits, const std::string& game, uint32_t type) {
    for (const ReferenceHit& h : hits)
        if (h.game == game && h.type == type) return true;
    return false;
}

}  // namespace

TEST_CASE("reference link: views round-trip through the fragment") {
    const std::vector<ShareReferenceView> views = {
        {"ER", 795, ""},
        {"SDT", 233, ""},
        {"AC6", 0, ""},
        {"DS3", std::nullopt, ""},
        {"", std::nullopt, "draw mask"},
        {"ER", 233, "50% & more = #1 / ü"},
        {"USER", kMaxShareEventType, std::string(kMaxShareQueryBytes, 'q')},
        {std::string(kMaxShareGameCode, 'A'), 7, ""},
    };
    for (const ShareReferenceView& view : views) {
        auto fragment = encode_reference_view_fragment(view);
        REQUIRE_MESSAGE(fragment.ok(), fragment.error().to_string());
        CAPTURE(*fragment);
        CHECK(fragment->rfind("v1.r=", 0) == 0);
        CHECK(fragment->find('#') == std::string::npos);
        CHECK(decode_view(*fragment) == view);
        CHECK(decode_view("http://127.0.0.1:8080/?x=1#" + *fragment) == view);
    }
    CHECK(*encode_reference_view_fragment({"ER", 795, ""}) == "v1.r=ER/795");
    CHECK(*encode_reference_view_fragment({"", std::nullopt, "draw mask"}) == "v1.r=*&q=draw%20mask");
}

TEST_CASE("reference link: every limit holds at its edge and fails one past it") {
    CHECK(encode_reference_view_fragment({std::string(kMaxShareGameCode + 1, 'A'), 1, ""}).ok() == false);
    CHECK(encode_reference_view_fragment({"ER", kMaxShareEventType + 1u, ""}).ok() == false);
    CHECK(encode_reference_view_fragment({"ER", 1, std::string(kMaxShareQueryBytes + 1, 'q')}).ok() == false);
    CHECK(encode_reference_view_fragment({"E R", 1, ""}).ok() == false);
    CHECK(encode_reference_view_fragment({"", 1, ""}).ok() == false);  // a type needs its game
    CHECK(encode_reference_view_fragment({"ER", 1, "tab\there"}).ok() == false);

    CHECK(decode_view("v1.r=ER/2147483647").event_type == 2147483647u);
    CHECK(error_offset("v1.r=ER/2147483648") == 8);
    CHECK(error_offset("v1.r=ER/00000000001") == 8);  // 11 digits
    CHECK(decode_view("v1.r=ER/0000000001").event_type == 1u);
    CHECK(decode_view("v1.r=" + std::string(16, 'G')).game == std::string(16, 'G'));
    CHECK(error_offset("v1.r=" + std::string(17, 'G')) == 5);
    CHECK(decode_view("v1.r=ER&q=" + std::string(kMaxShareQueryBytes, 'a')).query.size() == kMaxShareQueryBytes);
    CHECK(error_offset("v1.r=ER&q=" + std::string(kMaxShareQueryBytes + 1, 'a')) == 10);
    CHECK(error_offset("v1.r=ER&q=" + std::string(3 * kMaxShareQueryBytes + 1, '%')) == 10);
    CHECK(!decode_share_fragment("v1.r=ER&q=" + std::string(kMaxShareFragmentChars, 'a')).ok());
}

TEST_CASE("reference link: malformed views name the place of the fault") {
    CHECK(error_offset("v1.r=") == 5);         // no game
    CHECK(error_offset("v1.r=/5") == 5);       // no game
    CHECK(error_offset("v1.r=*/5") == 5);      // '*' takes no type
    CHECK(error_offset("v1.r=ER/") == 8);      // no digits
    CHECK(error_offset("v1.r=ER/12a") == 10);  // not a digit
    CHECK(error_offset("v1.r=ER/-1") == 8);
    CHECK(error_offset("v1.r=E.R/1") == 6);      // not a game code character
    CHECK(error_offset("v1.r=ER/1&") == 10);     // an empty part
    CHECK(error_offset("v1.r=ER/1&q") == 10);    // not key=value
    CHECK(error_offset("v1.r=ER/1&x=1") == 10);  // unknown key
    CHECK(error_offset("v1.r=ER/1&r=SDT") == 10);
    CHECK(error_offset("v1.r=ER&q=a&q=b") == 12);
    CHECK(error_offset("v1.r=ER&q=%G1") == 10);
    CHECK(error_offset("v1.r=ER&q=%0A") == 10);  // a control character
    CHECK(error_offset("v1.q=x&r=ER") == 3);     // r= comes first
    auto link = decode_share_fragment("v1.r=ER/12a");
    REQUIRE(!link.ok());
    CHECK(link.error().context.find("fragment text") != std::string::npos);
}

TEST_CASE("reference link: every byte of a view replaced, dropped or doubled decodes or errs inside the text") {
    const std::string good = "v1.r=ER/795&q=draw%20mask";
    const std::vector<char> replacements = {'\0', '&', '=', '/', '%', '*', '#', 'x', '9', '.', ' ', '\x7F', '\xFF'};
    size_t decoded = 0, refused = 0;
    auto try_text = [&](const std::string& text) {
        auto link = decode_share_fragment(text);
        if (link.ok()) {
            ++decoded;
            // What decodes is a valid view: it encodes again (the codec accepts what it writes).
            if (link->kind == ShareLinkKind::ReferenceView) CHECK(encode_reference_view_fragment(link->view).ok());
            return;
        }
        ++refused;
        CHECK_MESSAGE(link.error().offset <= text.size(), text << ": offset " << link.error().offset);
        CHECK(!link.error().message.empty());
    };
    for (size_t i = 0; i <= good.size(); ++i) {
        try_text(good.substr(0, i));  // every truncation
        if (i == good.size()) break;
        for (char c : replacements) {
            std::string t = good;
            t[i] = c;
            try_text(t);
        }
        std::string dropped = good;
        dropped.erase(i, 1);
        try_text(dropped);
        std::string doubled = good;
        doubled.insert(i, 1, good[i]);
        try_text(doubled);
    }
    CHECK(decoded > 0);
    CHECK(refused > decoded);
}

TEST_CASE("reference search: by name, number, field name and named value, across games or in one") {
    const ReferenceIndex index(builtin_reference_sources());
    REQUIRE(index.sources().size() == 5);
    auto draw_mask = index.search("draw mask");
    CHECK(has_hit(draw_mask, "SDT", 233));
    CHECK(has_hit(draw_mask, "ER", 233));
    for (const ReferenceHit& h : draw_mask) CHECK(h.game.size() > 0);
    auto er_only = index.search("  Draw MASK ", "ER");
    CHECK(has_hit(er_only, "ER", 233));
    CHECK(!has_hit(er_only, "SDT", 233));

    auto number = index.search("795");
    CHECK(has_hit(number, "ER", 795));
    CHECK(has_hit(number, "SDT", 795));
    for (const ReferenceHit& h : number) CHECK(h.type == 795u);

    auto jump = index.search("jump table", "SDT");
    REQUIRE(!jump.empty());
    CHECK(jump.front().type == 0u);
    CHECK(jump.front().matched == "name");

    // A field name only: "Jump Table ID" is a field of type 0.
    auto field = index.search("jump table id", "SDT");
    REQUIRE(has_hit(field, "SDT", 0));
    CHECK(field.front().matched.find("field") == 0);

    // A named value only: the notes name 233's byte values "hide" / "show" / "unchanged".
    auto value = index.search("unchanged", "SDT");
    CHECK(has_hit(value, "SDT", 233));

    CHECK(!index.search("speffect").empty());
    CHECK(index.search("no such words anywhere").empty());
    // The empty query lists every type of the game: the whole Elden Ring template.
    CHECK(index.search("", "ER").size() == builtin_templates("ER")->types.size());
    bool truncated = false;
    CHECK(index.search("", "", 10, &truncated).size() == 10);
    CHECK(truncated);
}

TEST_CASE(
    "reference: Sekiro 233 is 32 mask bytes, each with the notes' confidence and source, latched by the simulator") {
    const ReferenceIndex index(builtin_reference_sources());
    ReferenceType r = describe_reference_type(index, "SDT", 233);
    REQUIRE(r.defined);
    CHECK(r.name == "Change Character Draw Mask");
    CHECK(r.size == 32);
    REQUIRE(r.fields.size() == 32);
    for (size_t i = 0; i < r.fields.size(); ++i) {
        const ReferenceField& f = r.fields[i];
        CHECK(f.field.name == "Mask " + std::to_string(i + 1));
        CHECK(f.field.offset == i);
        CHECK(f.type_text == "u8");
        CHECK(f.from_notes);
        CHECK(f.knowledge.confidence() == Confidence::Sourced);
        CHECK(f.knowledge.source() == "DSAnimStudio");
        CHECK(f.value_name(255) == "unchanged");
        CHECK(f.value_name(7).empty());
    }
    CHECK(r.type_from_notes);
    CHECK(r.type_knowledge.source() == "DSAnimStudio");
    REQUIRE(!r.simulation.empty());
    CHECK(r.simulation.front().find("mask event") == 0);
    CHECK(r.simulation.front().find("past its end") != std::string::npos);

    // A type the simulator gives no meaning, one whose "State Info" field it reads as a
    // condition, and one it reads as an effect.
    ReferenceType toughness = describe_reference_type(index, "SDT", 795);
    REQUIRE(toughness.simulation.size() == 1);
    CHECK(toughness.simulation.front().find("active over its interval") == 0);
    CHECK(toughness.type_knowledge.confidence() == Confidence::Sourced);
    ReferenceType jump = describe_reference_type(index, "SDT", 0);
    REQUIRE(jump.simulation.size() == 1);
    CHECK(jump.simulation.front().find("conditional when \"State Info\"") == 0);
    ReferenceType ffx = describe_reference_type(index, "SDT", 96);
    bool effect = false, conditional = false;
    for (const std::string& s : ffx.simulation) {
        effect |= s.find("starts an effect") == 0;
        conditional |= s.find("conditional when") == 0;
    }
    CHECK(effect);
    CHECK(conditional);
}

TEST_CASE("reference: where the games' built-in templates disagree on a type") {
    const ReferenceIndex index(builtin_reference_sources());
    // Every built-in game is compared with the others: a difference names the other game, and
    // a game without the type is listed apart.
    size_t types_with_differences = 0;
    for (const EventTypeTemplate& t : builtin_templates("SDT")->types) {
        ReferenceType r = describe_reference_type(index, "SDT", t.id);
        std::set<std::string> games;
        for (const ReferenceDifference& d : r.differences) {
            CHECK(d.game != "SDT");
            CHECK(!d.text.empty());
            games.insert(d.game);
        }
        for (const std::string& g : r.games_without) {
            CHECK(builtin_templates(g)->find(t.id) == nullptr);
            CHECK(games.count(g) == 0);
        }
        if (!r.differences.empty()) ++types_with_differences;
    }
    CHECK(types_with_differences > 0);
    // A type only some games define: described as undefined, with the games that define it.
    for (const EventTypeTemplate& t : builtin_templates("AC6")->types) {
        if (builtin_templates("SDT")->find(t.id)) continue;
        ReferenceType r = describe_reference_type(index, "SDT", t.id);
        CHECK(!r.defined);
        bool ac6 = false;
        for (const ReferenceDifference& d : r.differences) ac6 |= d.game == "AC6" && d.text.find("defines it") == 0;
        CHECK(ac6);
        break;
    }
}

TEST_CASE(
    "reference statistics: the values of every field of Jump Table events in Sekiro c5070, counted from the bytes") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    auto doc = open_document(test::load(path), "c5070.anibnd.dcx");
    REQUIRE(doc.ok());
    const EventTypeTemplate* templ = builtin_templates("SDT")->find(0);
    REQUIRE(templ);
    TypeValueCounter counter(*templ);
    // The same count done by hand: the s32 at byte 0 of every type-0 event.
    std::map<uint32_t, uint64_t> by_hand;
    uint64_t events = 0, animations = 0;
    for (const DocumentTae& t : doc->taes) {
        if (!t.tae) continue;
        counter.add(*t.tae);
        for (const TaeAnimation& a : t.tae->animations) {
            bool any = false;
            for (const TaeEvent& e : a.events) {
                if (e.type != 0) continue;
                any = true;
                ++events;
                Bytes p = t.tae->parameters(e);
                REQUIRE(p.size() >= 4);
                ++by_hand[uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24];
            }
            animations += any;
        }
    }
    TypeValueStatistics stats = counter.finish();
    REQUIRE(events > 0);
    CHECK(stats.event_type == 0u);
    CHECK(stats.events == events);
    CHECK(stats.animations == animations);
    REQUIRE(stats.fields.size() == templ->fields.size());
    const FieldValueStatistics& id = stats.fields[0];
    CHECK(id.stored == events);
    CHECK(id.distinct == by_hand.size());
    REQUIRE(id.values.size() == by_hand.size());
    uint64_t sum = 0;
    for (size_t i = 0; i < id.values.size(); ++i) {
        CHECK(id.values[i].count == by_hand[uint32_t(id.values[i].raw)]);
        if (i) CHECK(id.values[i - 1].count >= id.values[i].count);
        sum += id.values[i].count;
    }
    CHECK(sum == events);
    for (const FieldValueStatistics& f : stats.fields) {
        uint64_t n = 0;
        for (const FieldValueCount& v : f.values) n += v.count;
        CHECK(n <= f.stored);
        CHECK(f.stored <= stats.events);
    }
    // Named and unnamed values: the template names some Jump Table ids, not every stored one.
    const ReferenceIndex index(builtin_reference_sources());
    ReferenceType r = describe_reference_type(index, "SDT", 0);
    size_t named = 0;
    for (const FieldValueCount& v : id.values) named += !r.fields[0].value_name(v.raw).empty();
    CHECK(named > 0);
    // Keeping fewer values still counts every distinct one.
    TypeValueStatistics few = counter.finish(2);
    CHECK(few.fields[0].values.size() == std::min<size_t>(2, by_hand.size()));
    CHECK(few.fields[0].distinct == by_hand.size());
}
