// The project's own template text format, the built-in templates, the template library, game
// detection, and decoding / encoding / checking one event's parameter bytes.
#include <algorithm>
#include <doctest/doctest.h>

#include <cstring>
#include <string>
#include <vector>

#include "templates/builtin_templates.h"
#include "templates/event_decoder.h"
#include "templates/game_detection.h"
#include "templates/template_disagreements.h"
#include "templates/template_library.h"
#include "templates/template_text_format.h"
#include "test_support.h"

using namespace taescope;

namespace {

const char kExample[] = R"(format taescope-templates 1
# an example
game XX
title "Example Game"
source "hand-written for this test"

event 96 "Spawn FFX" from=Test
  @0 s32 "FFX ID" alias=Particle
  @4 s16 "State Info" enum=SP_EFFECT_TYPE
  @6 u8 assert=0
  @7 s8 "Slot" default=-1
    = -1 "None"
    = 2 "Two \"quoted\""
  @8 f32 "Scale"
  @12 b "Flag"
  @13 u8 "pad"
  @14 u16 assert=0
  @16 s32 "SpEffect" ref=SpEffectParam
event 5
  bytes[4] "Mask" assert=0
)";

GameTemplates example() {
    auto r = parse_template_text(kExample);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    return std::move(r).value();
}

std::vector<uint8_t> le32(std::vector<uint32_t> words) {
    std::vector<uint8_t> out(words.size() * 4);
    std::memcpy(out.data(), words.data(), out.size());
    return out;
}

}  // namespace

TEST_CASE("template text: a field per line, offsets checked, named values under their field") {
    GameTemplates t = example();
    CHECK(t.game == "XX");
    CHECK(t.title == "Example Game");
    REQUIRE(t.sources.size() == 1);
    const EventTypeTemplate* e = t.find(96);
    REQUIRE(e);
    CHECK(e->origin == "Test");
    REQUIRE(e->fields.size() == 9);
    CHECK(e->fields[3].default_value == uint64_t{0xFF});
    REQUIRE(e->fields[3].entries.size() == 2);
    CHECK(e->fields[3].entries[1].name == "Two \"quoted\"");
    CHECK(e->fields[6].is_padding());  // named "pad"
    CHECK(e->fields[8].ref == "SpEffectParam");
    CHECK(e->size() == 20);
    const EventTypeTemplate* five = t.find(5);
    REQUIRE(five);
    CHECK(five->fields[0].type == FieldType::Bytes);
    CHECK(five->fields[0].size == 4);
}

TEST_CASE("template text: writing and reading back gives the same text") {
    std::string once = write_template_text(example());
    auto again = parse_template_text(once);
    REQUIRE_MESSAGE(again.ok(), again.error().to_string());
    CHECK(write_template_text(*again) == once);
}

TEST_CASE("template text: errors name the line") {
    struct Case {
        std::string doc;
        const char* needle;
    };
    const std::string head = "format taescope-templates 1\ngame X\n";
    const Case cases[] = {
        {"game X\n", "line 1: expected 'format taescope-templates 1'"},
        {"", "empty document"},
        {"format taescope-templates 1\nevent 1\n", "line 2: 'game CODE' must come before"},
        {head + "event 1\n  @0 s32\n  @8 s32\n", "line 5: field states offset 8 but the fields before it in event 1 "
                                                 "(line 3) end at 4"},
        {head + "event 1\n  s24\n", "line 4: unknown field type 's24'"},
        {head + "event 1\n  u8 \"a\n", "line 4: a quoted string is not closed"},
        {head + "event 1\n  u8\n    = 300 \"x\"\n", "line 5:"},
        {head + "event 1\nevent 1\n", "line 4: event 1 is defined twice"},
        {head + "event -1\n", "line 3: expected an event id"},
        {head + "  = 1 \"x\"\n", "line 3:"},
        {head + "event 1\n  u8 colour=red\n", "line 4: unknown attribute 'colour'"},
        {head + "event 1\n  bytes[0]\n", "line 4: a byte array holds 1 to"},
        {head + "event 1\n  u8 \"a\" \"b\"\n", "line 4: unexpected quoted"},
    };
    for (const Case& c : cases) {
        auto r = parse_template_text(c.doc);
        INFO("document:\n" << c.doc);
        REQUIRE_FALSE(r.ok());
        CHECK_MESSAGE(r.error().to_string().find(c.needle) != std::string::npos, r.error().to_string());
    }
}

TEST_CASE("field values: text to bits and back for every type") {
    TemplateField f;
    f.type = FieldType::S8;
    f.size = 1;
    CHECK(*parse_field_value(f, "-1") == 0xFF);
    CHECK(*parse_field_value(f, "255") == 0xFF);  // the unsigned spelling of the same bits
    CHECK(*parse_field_value(f, "-128") == 0x80);
    CHECK_FALSE(parse_field_value(f, "-129").ok());
    CHECK_FALSE(parse_field_value(f, "256").ok());
    CHECK(format_field_value(f, 0xFF) == "-1");

    f.type = FieldType::U64;
    f.size = 8;
    CHECK(*parse_field_value(f, "18446744073709551615") == ~uint64_t{0});
    CHECK_FALSE(parse_field_value(f, "18446744073709551616").ok());
    CHECK(format_field_value(f, ~uint64_t{0}) == "18446744073709551615");

    f.type = FieldType::F32;
    f.size = 4;
    CHECK(*parse_field_value(f, "1") == 0x3F800000);
    CHECK(*parse_field_value(f, "0xFFFFFFFF") == 0xFFFFFFFF);  // hex is the raw bits of a float
    CHECK(format_field_value(f, 0xFFFFFFFF) == "0xFFFFFFFF");
    CHECK(format_field_value(f, 0x3DCCCCCD) == "0.1");
    CHECK(*parse_field_value(f, format_field_value(f, 0x3DCCCCCE)) == 0x3DCCCCCE);  // shortest text that round-trips
    CHECK(format_field_value(f, 0x80000000) == "-0");
    CHECK(*parse_field_value(f, "-0") == 0x80000000);
    CHECK_FALSE(parse_field_value(f, "1e99").ok());
    CHECK_FALSE(parse_field_value(f, "x").ok());

    f.type = FieldType::Bool;
    f.size = 1;
    CHECK(*parse_field_value(f, "true") == 1);
    CHECK(*parse_field_value(f, "0") == 0);
    f.entries.push_back({7, "Seven"});
    CHECK(*parse_field_value(f, "Seven") == 7);  // an entry's name is a value
}

TEST_CASE("decode: fields with values, names and byte ranges; raw bytes past the template") {
    GameTemplates t = example();
    // FFX 1234, state 5, assert 0, slot -1, scale 0.5, flag 1, pad 0, 0, SpEffect 777, then 4 padding bytes.
    std::vector<uint8_t> params = {0xD2, 0x04, 0, 0, 5, 0, 0, 0xFF, 0, 0, 0, 0x3F, 1, 0, 0, 0,
                                   0x09, 0x03, 0, 0, 0, 0, 0, 0};
    DecodedEvent d = decode_event(&t, 96, params);
    REQUIRE(d.templ);
    REQUIRE(d.fields.size() == 9);
    CHECK(d.fields[0].value_text(params) == "1234");
    CHECK(d.fields[1].offset == 4);
    CHECK(d.fields[1].size == 2);
    CHECK(d.fields[3].value_text(params) == "-1");
    REQUIRE(d.fields[3].named());
    CHECK(d.fields[3].named()->name == "None");
    CHECK(d.fields[4].value_text(params) == "0.5");
    CHECK(d.fields[8].value_text(params) == "777");
    CHECK(d.raw_offset == 20);
    CHECK(d.raw.size() == 4);
    CHECK(find_disagreements(d, params).empty());
}

TEST_CASE("decode: shorter bytes leave fields missing and show the partial field raw; never fails") {
    GameTemplates t = example();
    std::vector<uint8_t> params = {1, 0, 0, 0, 2, 0, 0};  // 7 bytes: 'Slot' (byte 7) and every later field missing
    DecodedEvent d = decode_event(&t, 96, params);
    CHECK(d.fields[2].present);
    CHECK_FALSE(d.fields[3].present);
    CHECK(d.missing_count() == 6);
    CHECK(d.raw_offset == 7);
    CHECK(d.raw.empty());
    auto findings = find_disagreements(d, params);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].kind == Disagreement::ShortMeaningful);
    CHECK(findings[0].detail.find("'Slot'") != std::string::npos);

    std::vector<uint8_t> partial = {1, 0, 0, 0, 2};  // ends one byte into 'State Info'
    DecodedEvent p = decode_event(&t, 96, partial);
    CHECK_FALSE(p.fields[1].present);
    CHECK(p.raw_offset == 4);
    CHECK(p.raw.size() == 1);

    // Every length from 0 to 40 decodes; no template, no game: raw bytes.
    std::vector<uint8_t> junk(40, 0xAB);
    for (size_t n = 0; n <= junk.size(); ++n) {
        DecodedEvent any = decode_event(&t, 96, Bytes(junk.data(), n));
        CHECK(any.raw_offset + any.raw.size() == n);
    }
    DecodedEvent none = decode_event(&t, 4242, junk);
    CHECK_FALSE(none.templ);
    CHECK(none.raw.size() == 40);
    CHECK(find_disagreements(none, junk)[0].kind == Disagreement::NoTemplate);
    CHECK(decode_event(nullptr, 96, junk).raw.size() == 40);
}

TEST_CASE("decode: only padding missing is told apart from a meaningful field missing") {
    auto t = parse_template_text(
        "format taescope-templates 1\ngame X\nevent 1\n  s32 \"A\"\n  s32 assert=0\n  u8 \"pad2\"\n");
    REQUIRE(t.ok());
    std::vector<uint8_t> params = {1, 0, 0, 0};
    auto f = find_disagreements(decode_event(&*t, 1, params), params);
    REQUIRE(f.size() == 1);
    CHECK(f[0].kind == Disagreement::ShortPaddingOnly);
}

TEST_CASE("disagreements: float words, unnamed values, bools, asserts, bytes past the template") {
    GameTemplates t = example();
    // FFX 0 | state 0 | assert byte 7 | slot 5 (no entry) | scale 0xFFFFFFFF (-1) | flag 2 | pad | 0 | sp 0 | tail 0 0 9 0
    std::vector<uint8_t> params = {0, 0, 0, 0, 0, 0, 7, 5, 0xFF, 0xFF, 0xFF, 0xFF, 2, 0, 0, 0,
                                   0, 0, 0, 0, 0, 0, 9, 0};
    DecodedEvent d = decode_event(&t, 96, params);
    auto f = find_disagreements(d, params);
    auto has = [&](Disagreement k, int field) {
        for (const auto& x : f)
            if (x.kind == k && x.field_index == field) return true;
        return false;
    };
    CHECK(has(Disagreement::AssertMismatch, 2));
    CHECK(has(Disagreement::ValueNotNamed, 3));
    CHECK(has(Disagreement::FloatNotFinite, 4));
    CHECK(has(Disagreement::BoolNotZeroOne, 5));
    CHECK(has(Disagreement::NonzeroPastTemplate, -1));
    CHECK(f.size() == 5);

    // 180 stored in a float field: a subnormal, "an obvious integer" (spec: event 730).
    std::vector<uint8_t> p180 = params;
    std::memcpy(p180.data() + 8, le32({180}).data(), 4);
    auto g = find_disagreements(decode_event(&t, 96, p180), p180);
    bool integer = false;
    for (const auto& x : g) integer = integer || (x.kind == Disagreement::FloatHoldsInteger && x.detail.find("180") != std::string::npos);
    CHECK(integer);

    DisagreementTally tally;
    tally.add(d, f);
    tally.add(d, f);
    CHECK(tally.events == 2);
    CHECK(tally.count(Disagreement::AssertMismatch) == 2);
    CHECK(tally.by_type[96][static_cast<size_t>(Disagreement::BoolNotZeroOne)] == 2);
    CHECK(tally.fields_read == 18);
    CHECK(tally.asserted_fields_read == 4);
    CHECK(tally.named_values_read == 2);
}

TEST_CASE("encode: an edited field changes only its own bytes") {
    GameTemplates t = example();
    std::vector<uint8_t> params = {0xD2, 0x04, 0, 0, 5, 0, 0, 0xFF, 0, 0, 0, 0x3F, 1, 0, 0, 0,
                                   0x09, 0x03, 0, 0, 0xAA, 0xBB, 0xCC, 0xDD};  // tail kept even when nonzero
    std::vector<uint8_t> before = params;
    const EventTypeTemplate& e = *t.find(96);
    REQUIRE(set_field_from_text(params, e.fields[4], "-2.25").ok());
    REQUIRE(set_field_from_text(params, e.fields[3], "Two \"quoted\"").ok());
    DecodedEvent d = decode_event(&t, 96, params);
    CHECK(d.fields[4].value_text(params) == "-2.25");
    CHECK(d.fields[3].value_text(params) == "2");
    for (size_t i = 0; i < params.size(); ++i)
        if (i != 7 && (i < 8 || i >= 12)) CHECK(params[i] == before[i]);

    // Re-encoding every decoded value from its text gives back the same bytes.
    std::vector<uint8_t> copy = params;
    for (const auto& f : d.fields) REQUIRE(set_field_from_text(copy, *f.field, f.value_text(params)).ok());
    CHECK(copy == params);

    std::vector<uint8_t> shorter(6, 0);
    CHECK_FALSE(set_field_from_text(shorter, e.fields[4], "1").ok());  // not stored: refused, nothing written
    CHECK(shorter == std::vector<uint8_t>(6, 0));
    CHECK_FALSE(set_field_from_text(params, e.fields[0], "banana").ok());
    const TemplateField& mask = t.find(5)->fields[0];
    std::vector<uint8_t> m(4, 0);
    const uint8_t ones[4] = {1, 2, 3, 4};
    REQUIRE(encode_field_bytes(m, mask, ones).ok());
    CHECK(m == std::vector<uint8_t>{1, 2, 3, 4});
    CHECK(decode_event(&t, 5, m).fields[0].value_text(m) == "01 02 03 04");
}

TEST_CASE("builtin templates: every file parses, the embedded texts equal the files, and each is embedded once") {
    std::vector<std::string> games = builtin_template_games();
    CHECK(games == std::vector<std::string>{"AC6", "DS3", "ER", "NR", "SDT"});
    std::vector<std::string_view> embedded;
    for (const auto& b : builtin_template_texts()) {
        INFO(std::string(b.file));
        auto parsed = parse_template_text(b.text);
        REQUIRE_MESSAGE(parsed.ok(), parsed.error().to_string());
        CHECK(parsed->game == b.game);
        CHECK(builtin_templates(b.game) != nullptr);
        auto file = read_file(std::string(TAESCOPE_SOURCE_DIR) + "/engine/templates/builtin/" + std::string(b.file));
        REQUIRE(file.ok());
        CHECK_MESSAGE(std::string(file->begin(), file->end()) == b.text, "the build embeds the file as it is");
        for (std::string_view other : embedded) CHECK_MESSAGE(other != b.text, "a template text embedded twice");
        embedded.push_back(b.text);
    }
    CHECK(embedded.size() == 4);  // SDT, ER, DS3, AC6: Nightreign shares Elden Ring's
    // Smithbox's type counts (spec: "Sekiro's template defines 190 event types ... Elden Ring's 156"),
    // plus the one type only DSAnimStudio defines for Sekiro (340, which Sekiro's files store).
    REQUIRE(builtin_templates("SDT"));
    CHECK(builtin_templates("SDT")->types.size() == 191);
    CHECK(builtin_templates("SDT")->find(340)->origin == "DSAnimStudio");
    CHECK(builtin_templates("ER")->types.size() == 156);
    CHECK(builtin_templates("DS3")->types.size() == 139);
    CHECK(builtin_templates("AC6")->types.size() == 297);  // Smithbox's; DSAnimStudio's AC6 file adds none
    CHECK(builtin_templates("XX") == nullptr);
}

TEST_CASE("builtin templates: Nightreign decodes with Elden Ring's text, named and labelled as shared") {
    const GameTemplates* er = builtin_templates("ER");
    const GameTemplates* nr = builtin_templates("NR");
    REQUIRE(er);
    REQUIRE(nr);
    CHECK(nr != er);
    CHECK(nr->game == "NR");
    CHECK(nr->title == "Elden Ring Nightreign");
    REQUIRE(!nr->sources.empty());
    CHECK(nr->sources.front().find("Elden Ring's templates") == 0);
    CHECK(nr->sources.size() == er->sources.size() + 1);
    // The same types, field for field: one text, parsed for each game.
    CHECK(write_template_text(*nr).find("event 795") != std::string::npos);
    REQUIRE(nr->types.size() == er->types.size());
    for (size_t i = 0; i < er->types.size(); ++i) {
        CHECK(nr->types[i].id == er->types[i].id);
        CHECK(nr->types[i].size() == er->types[i].size());
        CHECK(nr->types[i].fields.size() == er->types[i].fields.size());
    }
    CHECK(builtin_templates("NR") == nr);  // parsed once
    REQUIRE(builtin_template_shares().size() == 1);
    CHECK(builtin_template_shares()[0].uses == "ER");
}

TEST_CASE("template library: a dropped file replaces one game's templates; a bad file changes nothing") {
    TemplateLibrary lib;
    const GameTemplates* builtin = lib.for_game("ER");
    REQUIRE(builtin);
    CHECK_FALSE(lib.has_user_templates("ER"));
    const char* xml = "<event_template game=\"SDT\"><event id=\"0\" name=\"Mine\"><u8 name=\"x\"/></event></event_template>";
    REQUIRE(lib.load_user_templates("ER", xml).ok());
    CHECK(lib.for_game("ER")->find(0)->name == "Mine");
    CHECK(lib.for_game("SDT") == builtin_templates("SDT"));  // other games untouched
    auto bad = lib.load_user_templates("ER", "<event_template><event id='0'>\n<u8>\n</event_template>");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().to_string().find("line 3") != std::string::npos);
    CHECK(lib.for_game("ER")->find(0)->name == "Mine");  // kept
    REQUIRE(lib.load_user_templates("ER", std::string(kExample)).ok());  // our text format too
    CHECK(lib.for_game("ER")->find(96));
    lib.reset_to_builtin("ER");
    CHECK(lib.for_game("ER") == builtin);
}

TEST_CASE("game detection: each path root decides its game whatever the bank") {
    auto detect = [](std::optional<uint32_t> version, std::optional<uint64_t> bank, std::string path) {
        return detect_game(GameClues{version, bank, std::move(path)});
    };
    struct Root {
        const char* path;
        const char* game;
        uint32_t version;
        uint64_t own_bank;
    };
    const Root roots[] = {
        {"N:\\NTC\\data\\Target\\INTERROOT_win64\\chr\\c0000\\tae\\a10.tae", "SDT", 0x1000D, 14},
        {"N:\\GR\\data\\INTERROOT_win64\\chr\\c2100\\tae\\c2100.tae", "ER", 0x1000D, 36},
        {"N:\\FDP\\data\\INTERROOT_win64\\chr\\c0000\\tae\\a02.tae", "DS3", 0x1000C, 21},
        {"W:\\FNR\\data\\Target\\INTERROOT_win64\\chr\\c0100\\tae\\a00.tae", "AC6", 0x1000D, 57},
        {"W:\\CL\\data\\Target\\INTERROOT_win64\\chr\\c7610\\tae\\c7610.tae", "NR", 0x1000D, 40},
    };
    for (const Root& r : roots) {
        CAPTURE(r.path);
        GameGuess own = detect(r.version, r.own_bank, r.path);
        CHECK(own.game == r.game);
        CHECK_FALSE(own.guessed);
        CHECK(own.reason.find("binder path root") == 0);
        CHECK(own.disagreements.empty());
        // Any bank, none, or -1 (a tool's re-save): the root still decides.
        for (uint64_t bank : {uint64_t(4), uint64_t(13), uint64_t(21), uint64_t(36), uint64_t(40), uint64_t(57),
                              uint64_t(99), ~uint64_t{0}}) {
            GameGuess g = detect(r.version, bank, r.path);
            CHECK(g.game == r.game);
            CHECK_FALSE(g.guessed);
        }
        CHECK(detect(std::nullopt, std::nullopt, r.path).game == r.game);
    }
    // Case and slashes do not matter; a root only counts at the start.
    CHECK(detect(0x1000D, std::nullopt, "w:/fnr/data/x.tae").game == "AC6");
    CHECK(detect(0x1000D, std::nullopt, "w:/cl/data/x.tae").game == "NR");
    CHECK(detect(0x1000D, std::nullopt, "X:\\W:\\FNR\\x.tae").game == "");
}

TEST_CASE("game detection: without a path the bank is a guess, marked as one") {
    auto guess = [](uint64_t bank, uint32_t version = 0x1000D) {
        return detect_game(GameClues{version, bank, ""});
    };
    struct Bank {
        uint64_t bank;
        const char* game;
    };
    const Bank banks[] = {{13, "SDT"}, {14, "SDT"}, {21, "DS3"}, {36, "ER"}, {37, "ER"},
                          {40, "NR"},  {56, "AC6"}, {57, "AC6"}, {4, "BB"}};
    for (const Bank& b : banks) {
        CAPTURE(b.bank);
        GameGuess g = guess(b.bank, b.bank == 21 || b.bank == 4 ? 0x1000C : 0x1000D);
        CHECK(g.game == b.game);
        CHECK(g.guessed);
        CHECK(g.reason.find("a guess from the event bank " + std::to_string(b.bank)) == 0);
        CHECK(g.disagreements.empty());
    }
    // 36 is Elden Ring's and AC6's: the guess says both.
    CHECK(guess(36).reason.find("Elden Ring and Armored Core VI") != std::string::npos);
    CHECK(games_of_event_bank(36) == std::vector<std::string_view>{"ER", "AC6"});
    CHECK(games_of_event_bank(~uint64_t{0}).empty());
    // Unknown banks and -1 say nothing; the version 0x1000C still guesses DS3.
    CHECK(guess(99).game == "");
    CHECK(guess(99).reason.find("not one seen") != std::string::npos);
    CHECK(guess(~uint64_t{0}).game == "");
    CHECK(guess(~uint64_t{0}).reason.find("re-save") != std::string::npos);
    GameGuess by_version = guess(99, 0x1000C);
    CHECK(by_version.game == "DS3");
    CHECK(by_version.guessed);
    // A loose TAE's file name is no path root.
    CHECK(detect_game({0x1000D, 37, "c0000-a10.tae"}).game == "ER");
    CHECK(detect_game({0x1000D, 37, "c0000-a10.tae"}).guessed);
}

TEST_CASE("game detection: clues that disagree are said, the stronger one decides") {
    // AC6's path with Elden Ring's bank 37: AC6, and the bank named as pointing elsewhere.
    GameGuess g = detect_game({0x1000D, 37, "W:\\FNR\\data\\x.tae"});
    CHECK(g.game == "AC6");
    REQUIRE(g.disagreements.size() == 1);
    CHECK(g.disagreements[0] == "event bank 37 is seen in Elden Ring files, not in Armored Core VI: Fires of Rubicon's");
    // Nightreign's path with bank 57 (AC6's).
    g = detect_game({0x1000D, 57, "W:\\CL\\data\\x.tae"});
    CHECK(g.game == "NR");
    REQUIRE(g.disagreements.size() == 1);
    CHECK(g.disagreements[0].find("Armored Core VI") != std::string::npos);
    // Bank 36 agrees with both Elden Ring and AC6 paths.
    CHECK(detect_game({0x1000D, 36, "N:\\GR\\x.tae"}).disagreements.empty());
    CHECK(detect_game({0x1000D, 36, "W:\\FNR\\x.tae"}).disagreements.empty());
    // A Sekiro path with DS3's version and bank: two disagreements.
    g = detect_game({0x1000C, 21, "N:\\NTC\\x.tae"});
    CHECK(g.game == "SDT");
    REQUIRE(g.disagreements.size() == 2);
    CHECK(g.disagreements[1].find("TAE version 0x1000C") == 0);
    // Without a path, the version picks among the bank's games, else disagrees with the guess.
    g = detect_game({0x1000C, 21, ""});
    CHECK((g.game == "DS3" && g.disagreements.empty()));
    g = detect_game({0x1000C, 40, ""});
    CHECK(g.game == "NR");
    REQUIRE(g.disagreements.size() == 1);
    CHECK(g.disagreements[0].find("0x1000C") != std::string::npos);
}

TEST_CASE("padding: zero-asserted fields and fields named pad, padN, Padding, PaddingN") {
    auto named = [](const char* name, std::optional<uint64_t> asserted = std::nullopt) {
        TemplateField f;
        f.name = name;
        f.asserted = asserted;
        return f.is_padding();
    };
    CHECK(named("pad"));
    CHECK(named("pad3"));
    CHECK(named("Padding"));
    CHECK(named("Padding3"));  // Smithbox's event 708
    CHECK(named("", 0));
    CHECK(named("Unknown", 0));
    CHECK_FALSE(named(""));  // unnamed but not asserted: it may carry a value
    CHECK_FALSE(named("Paddle"));
    CHECK_FALSE(named("Padding X"));
    CHECK_FALSE(named("Unused", 1));
}

TEST_CASE("template text: mutated built-in text never crashes and every error names a line") {
    const BuiltinTemplateText& b = builtin_template_texts()[0];
    const std::string original(b.text.substr(0, 5000));
    uint64_t state = 0x2545F4914F6CDD1Dull;
    auto next = [&]() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    const char alphabet[] = "@=\"\\ \n#-0x9[]abs";
    for (int round = 0; round < 1500; ++round) {
        std::string doc = original;
        for (int k = 0; k < 3 && !doc.empty(); ++k) {
            size_t at = size_t(next() % doc.size());
            if (next() % 2) {
                doc[at] = alphabet[next() % (sizeof alphabet - 1)];
            } else {
                doc.erase(at, size_t(next() % 32));
            }
        }
        auto r = parse_template_text(doc);
        if (!r.ok()) CHECK(r.error().to_string().find("line ") != std::string::npos);
    }
}

TEST_CASE("decode_event_into: a reused DecodedEvent holds exactly what a fresh decode gives") {
    GameTemplates t = example();
    std::vector<uint8_t> full = {0xD2, 0x04, 0, 0, 5, 0, 0, 0xFF, 0, 0, 0, 0x3F, 1, 0, 0, 0,
                                 0x09, 0x03, 0, 0, 0, 0, 0, 0};
    auto same = [](const DecodedEvent& a, const DecodedEvent& b) {
        if (a.type != b.type || a.templ != b.templ || a.raw_offset != b.raw_offset || a.raw.size() != b.raw.size() ||
            a.raw.data() != b.raw.data() || a.fields.size() != b.fields.size())
            return false;
        for (size_t i = 0; i < a.fields.size(); ++i) {
            const DecodedField &x = a.fields[i], &y = b.fields[i];
            if (x.field != y.field || x.offset != y.offset || x.size != y.size || x.present != y.present || x.raw != y.raw)
                return false;
        }
        return true;
    };
    DecodedEvent reused;
    // Long, then every shorter length, then no template, then long again: nothing of an earlier
    // decode may survive into a later one (present flags, raw bits, field count).
    for (size_t n = full.size() + 1; n-- > 0;) {
        const Bytes p(full.data(), n);
        decode_event_into(reused, &t, 96, p);
        CHECK(same(reused, decode_event(&t, 96, p)));
        decode_event_into(reused, &t, 4242, p);
        CHECK(same(reused, decode_event(&t, 4242, p)));
        CHECK(reused.fields.empty());
    }
    decode_event_into(reused, &t, 96, full);
    CHECK(same(reused, decode_event(&t, 96, full)));
    CHECK(reused.fields[8].raw == 777);
}

TEST_CASE("decode_event_into: every field's value is its bytes, at every length, packed or not") {
    // Fields of every size at every alignment, so that values lie at the start, the middle and
    // the last bytes of the parameters (where the decoder loads the 8 bytes ending there).
    EventTypeTemplate e =
        test::template_of_scalars(7, {FieldType::U8, FieldType::S64, FieldType::U16, FieldType::F32, FieldType::Bool,
                                      FieldType::U32, FieldType::S8, FieldType::U64, FieldType::S16, FieldType::U8});
    e.fields.insert(e.fields.begin() + 3, test::byte_array_field(3));
    GameTemplates t;
    t.types.push_back(e);
    t.finish();
    const EventTypeTemplate& packed = t.types[0];
    std::vector<uint8_t> bytes(packed.size() + 5);
    for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = uint8_t(0x11 * (i % 15) + 3);

    // The reference: each value assembled byte by byte, little-endian.
    auto check = [&](const GameTemplates& templates, size_t n) {
        const Bytes p(bytes.data(), n);
        DecodedEvent d = decode_event(&templates, 7, p);
        REQUIRE(d.fields.size() == packed.fields.size());
        uint32_t covered = 0;
        bool all_before_present = true;
        for (size_t i = 0; i < d.fields.size(); ++i) {
            const TemplateField& f = packed.fields[i];
            const bool fits = all_before_present && f.offset + f.size <= n;
            all_before_present = fits;
            uint64_t want = 0;
            if (fits && f.type != FieldType::Bytes)
                for (uint32_t k = f.size; k-- > 0;) want = want << 8 | bytes[f.offset + k];
            if (fits) covered = f.offset + f.size;
            INFO("length " << n << ", field " << i);
            CHECK(d.fields[i].present == fits);
            CHECK(d.fields[i].raw == want);
            CHECK(d.fields[i].offset == f.offset);
            CHECK(d.fields[i].size == f.size);
        }
        CHECK(d.raw_offset == covered);
        CHECK(d.raw.size() == n - covered);
        CHECK(d.missing_count() == d.fields.size() - d.fields.present_count());
    };
    for (size_t n = 0; n <= bytes.size(); ++n) check(t, n);

    // Fields changed after pack() without a new pack(): the decoder must not read the stale
    // loads (here one field fewer) but the fields themselves.
    GameTemplates stale = t;
    stale.types[0].loads.pop_back();
    for (size_t n = 0; n <= bytes.size(); ++n) check(stale, n);
}

TEST_CASE("GameTemplates::find: the id index agrees with a search, also after types are added unfinished") {
    GameTemplates t;
    for (uint32_t id : {5u, 96u, 10138u, 70000u, 1u}) {
        EventTypeTemplate e;
        e.id = id;
        t.types.push_back(e);
    }
    t.finish();
    for (uint32_t id : {0u, 1u, 2u, 5u, 96u, 97u, 10137u, 10138u, 10139u, 65535u, 70000u, 70001u}) {
        const auto it = std::find_if(t.types.begin(), t.types.end(), [&](const EventTypeTemplate& e) { return e.id == id; });
        const EventTypeTemplate* expected = it == t.types.end() ? nullptr : &*it;
        CHECK(t.find(id) == expected);
    }
    // Added without finish() (kept sorted by hand): the index no longer covers the count, so
    // the new type is still found.
    EventTypeTemplate late;
    late.id = 200;
    t.types.insert(t.types.begin() + 3, late);
    REQUIRE(t.find(200));
    CHECK(t.find(200)->id == 200);
    CHECK(t.find(10138)->id == 10138);
    CHECK(t.find(7) == nullptr);
    // A copy keeps a valid index.
    GameTemplates copy = t;
    copy.finish();
    CHECK(copy.find(200) == &copy.types[3]);
    CHECK(copy.find(96)->id == 96);
}
