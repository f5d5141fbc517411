// Layout inference (engine/inference/): events made here from known layouts, inferred back;
// small samples and ties (one event, all-zero events, mixed lengths); the same layout whatever
// the order of the events; inferred layouts saved as a template file and loaded back without
// replacing a community type; and the proof on the real corpus (test_inference_corpus.cpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <vector>

#include "inference/cross_validation.h"
#include "inference/event_samples.h"
#include "inference/inferred_templates.h"
#include "inference/layout_inference.h"
#include "inference/template_agreement.h"
#include "templates/event_decoder.h"
#include "templates/template_library.h"
#include "templates/template_text_format.h"

using namespace taescope;

namespace {

// A field of a made-here layout and how its values are drawn.
enum class Gen { Id, NegOneOrId, Float, Flag, Enum, SmallSigned, U16, Zero };

struct GenField {
    uint32_t size;
    Gen gen;
};

std::vector<uint8_t> make_event(const std::vector<GenField>& layout, std::mt19937& rng) {
    std::vector<uint8_t> out;
    auto put = [&](uint64_t v, uint32_t size) {
        for (uint32_t i = 0; i < size; ++i) out.push_back(uint8_t(v >> (8 * i)));
    };
    for (const GenField& f : layout) {
        switch (f.gen) {
            case Gen::Id:
                put(uint64_t(std::uniform_int_distribution<int>(0, 9)(rng) ? 100000 + rng() % 900000 : 0), f.size);
                break;
            case Gen::NegOneOrId:
                put(rng() % 3 == 0 ? ~uint64_t{0} : uint64_t(rng() % 200), f.size);
                break;
            case Gen::Float: {
                float x = rng() % 4 == 0 ? 0.0f : float(rng() % 10000) / 100.0f + 0.25f;
                uint32_t bits;
                std::memcpy(&bits, &x, 4);
                put(bits, 4);
                break;
            }
            case Gen::Flag:
                put(rng() % 2, f.size);
                break;
            case Gen::Enum:
                put(rng() % 6, f.size);
                break;
            case Gen::SmallSigned:
                put(uint64_t(int64_t(rng() % 20) - 3), f.size);
                break;
            case Gen::U16:
                put(rng() % 3000, f.size);
                break;
            case Gen::Zero:
                put(0, f.size);
                break;
        }
    }
    return out;
}

EventSamples make_samples(int32_t type, const std::vector<GenField>& layout, size_t n, uint32_t seed) {
    std::mt19937 rng(seed);
    EventSamples s;
    for (size_t i = 0; i < n; ++i) {
        auto e = make_event(layout, rng);
        s.add_event(type, Bytes(e.data(), e.size()));
    }
    return s;
}

bool same_layout(const InferredLayout& a, const InferredLayout& b) {
    if (a.fields.size() != b.fields.size() || a.lengths != b.lengths) return false;
    for (size_t i = 0; i < a.fields.size(); ++i) {
        const InferredField &x = a.fields[i], &y = b.fields[i];
        if (x.offset != y.offset || x.size != y.size || x.type != y.type || x.distinct != y.distinct ||
            x.common != y.common || x.min != y.min || x.max != y.max || x.confidence != y.confidence)
            return false;
    }
    return true;
}

}  // namespace

TEST_CASE("infer: a made-here layout of every kind is inferred back field by field") {
    // s32 id, f32, u8 flag + u8 enum + s16 small signed, s32 -1-or-small, u16 + 2 zero bytes, f32, 4 zero bytes.
    // The u16 and the zero bytes after it come back as one s32: nothing in the data tells them
    // apart, and a wider integer whose extra bytes are always zero decodes the same values.
    const std::vector<GenField> layout = {{4, Gen::Id},          {4, Gen::Float},      {1, Gen::Flag}, {1, Gen::Enum},
                                          {2, Gen::SmallSigned}, {4, Gen::NegOneOrId}, {2, Gen::U16},  {2, Gen::Zero},
                                          {4, Gen::Float},       {4, Gen::Zero}};
    EventSamples s = make_samples(500, layout, 400, 7);
    REQUIRE(s.types().size() == 1);
    InferredLayout l = infer_layout(s.types()[0]);
    CHECK(l.events == 400);
    REQUIRE(l.lengths.size() == 1);
    CHECK(l.lengths[0].first == 28);
    struct Want {
        uint32_t offset, size;
        InferredType type;
    };
    const Want want[] = {{0, 4, InferredType::S32},  {4, 4, InferredType::F32},  {8, 1, InferredType::Bool},
                         {9, 1, InferredType::U8},   {10, 2, InferredType::S16}, {12, 4, InferredType::S32},
                         {16, 4, InferredType::S32}, {20, 4, InferredType::F32}, {24, 4, InferredType::Pad}};
    std::string got;
    for (const InferredField& f : l.fields)
        got += std::to_string(f.offset) + ":" + std::string(inferred_type_name(f.type)) + "/" + std::to_string(f.size) +
               " ";
    CAPTURE(got);
    REQUIRE(l.fields.size() == std::size(want));
    for (size_t i = 0; i < std::size(want); ++i) {
        CAPTURE(i);
        CHECK(l.fields[i].offset == want[i].offset);
        CHECK(l.fields[i].size == want[i].size);
        CHECK(inferred_type_name(l.fields[i].type) == inferred_type_name(want[i].type));
    }
    // Evidence: 400 events, a float with many values is High, the flag's range is 0..1.
    CHECK(l.fields[1].confidence == InferenceConfidence::High);
    CHECK(l.fields[2].min == 0);
    CHECK(l.fields[2].max == 1);
    CHECK(l.fields[4].min == -3);
    CHECK(l.fields[5].min == -1);
}

TEST_CASE("infer: the word-by-word floor keeps whole words (no narrower field)") {
    const std::vector<GenField> layout = {{1, Gen::Flag}, {1, Gen::Enum}, {2, Gen::SmallSigned}, {4, Gen::Float}};
    EventSamples s = make_samples(1, layout, 100, 3);
    InferredLayout full = infer_layout(s.types()[0]);
    InferredLayout floor = infer_layout(s.types()[0], 0, InferenceRules::WordByWord);
    CHECK(full.fields.size() == 4);
    REQUIRE(floor.fields.size() == 2);
    CHECK(floor.fields[0].type == InferredType::S32);
    CHECK(floor.fields[1].type == InferredType::F32);
}

TEST_CASE("infer: the same events in any order give the same layout") {
    const std::vector<GenField> layout = {{4, Gen::Id}, {4, Gen::Float}, {1, Gen::Flag}, {1, Gen::Enum}, {2, Gen::U16}};
    std::mt19937 rng(11);
    std::vector<std::vector<uint8_t>> events;
    for (int i = 0; i < 300; ++i) events.push_back(make_event(layout, rng));
    // A longer variant too: mixed lengths must not depend on order either.
    for (int i = 0; i < 40; ++i) {
        auto e = make_event(layout, rng);
        e.insert(e.end(), {uint8_t(i % 3), 0, 0, 0});
        events.push_back(e);
    }
    auto infer = [&] {
        EventSamples s;
        for (const auto& e : events) s.add_event(9, Bytes(e.data(), e.size()));
        return infer_layout(s.types()[0]);
    };
    InferredLayout first = infer();
    for (uint32_t seed : {1u, 2u, 3u}) {
        std::shuffle(events.begin(), events.end(), std::mt19937(seed));
        CHECK(same_layout(first, infer()));
    }
    std::reverse(events.begin(), events.end());
    CHECK(same_layout(first, infer()));
}

TEST_CASE("infer: one event, all-zero events, and ties in the commonest values") {
    SUBCASE("one event: every non-zero word a constant of undetermined width, low confidence") {
        const uint8_t e[] = {0x00, 0x00, 0x80, 0x3F, 5, 0, 0, 0};
        EventSamples s;
        s.add_event(3, Bytes(e, sizeof e));
        InferredLayout l = infer_layout(s.types()[0]);
        REQUIRE(l.fields.size() == 2);
        CHECK(l.fields[0].type == InferredType::Constant);
        CHECK(l.fields[0].could_be.find("f32 1") != std::string::npos);
        CHECK(l.fields[1].type == InferredType::Constant);
        CHECK(l.fields[1].could_be.find("s32 5") != std::string::npos);
        for (const InferredField& f : l.fields) CHECK(f.confidence == InferenceConfidence::Low);
    }
    SUBCASE("all-zero events: one padding field over the whole length") {
        EventSamples s;
        const uint8_t zero[16] = {};
        for (int i = 0; i < 30; ++i) s.add_event(4, Bytes(zero, sizeof zero));
        InferredLayout l = infer_layout(s.types()[0]);
        REQUIRE(l.fields.size() == 1);
        CHECK(l.fields[0].type == InferredType::Pad);
        CHECK(l.fields[0].size == 16);
        CHECK(l.fields[0].confidence == InferenceConfidence::High);
    }
    SUBCASE("no bytes at all: no field") {
        EventSamples s;
        s.add_event(5, Bytes());
        CHECK(infer_layout(s.types()[0]).fields.empty());
    }
    SUBCASE("ties among the commonest values are broken by value") {
        EventSamples s;
        for (uint8_t v : {7, 3, 5, 3, 7, 5}) {
            const uint8_t e[4] = {v, 0, 0, 0};
            s.add_event(6, Bytes(e, 4));
        }
        InferredLayout l = infer_layout(s.types()[0]);
        REQUIRE(l.fields.size() == 1);
        REQUIRE(l.fields[0].common.size() == 3);
        CHECK(l.fields[0].common[0].first == 3);
        CHECK(l.fields[0].common[1].first == 5);
        CHECK(l.fields[0].common[2].first == 7);
        CHECK(l.fields[0].distinct == 3);
    }
}

TEST_CASE("infer: a field the same in every event is a constant of undetermined width, never a confident type") {
    // s32 id (varies), FF FF FF FF (every event: s32 -1, two s16 -1 or four u8 255?), f32 (varies),
    // a flag byte (varies) beside 3 bytes of 0x07 in every event.
    EventSamples s;
    std::mt19937 rng(9);
    for (int i = 0; i < 300; ++i) {
        uint8_t e[16];
        const int32_t id = int32_t(1000 + rng() % 5000);
        const float x = float(rng() % 1000) / 8.0f + 0.5f;
        std::memcpy(e, &id, 4);
        std::memset(e + 4, 0xFF, 4);
        std::memcpy(e + 8, &x, 4);
        e[12] = uint8_t(rng() % 2);
        e[13] = e[14] = e[15] = 7;
        s.add_event(77, Bytes(e, sizeof e));
    }
    const TypeSamples& t = s.types()[0];
    InferredLayout l = infer_layout(t);
    std::string got;
    for (const InferredField& f : l.fields)
        got += std::to_string(f.offset) + ":" + std::string(inferred_type_name(f.type)) + "/" + std::to_string(f.size) +
               " ";
    CAPTURE(got);
    const InferredField* minus_one = nullptr;
    for (const InferredField& f : l.fields) {
        if (f.offset == 4) minus_one = &f;
        // Every byte the same in every event lies in a constant; no constant is typed with confidence.
        if (f.offset >= 4 && f.offset < 8) CHECK(f.type == InferredType::Constant);
        if (f.offset >= 13) CHECK(f.type == InferredType::Constant);
        if (f.type == InferredType::Constant) {
            CHECK(f.confidence == InferenceConfidence::Low);
            CHECK_FALSE(f.could_be.empty());
        }
    }
    REQUIRE(minus_one);
    CHECK(minus_one->type == InferredType::Constant);
    CHECK(minus_one->size == 4);  // joined within its word: one constant, not four
    CHECK(minus_one->constant);
    CHECK(minus_one->confidence == InferenceConfidence::Low);
    CHECK(minus_one->could_be == "s32 -1, s16 -1 + s16 -1 or 4 x u8 255 255 255 255");
    CHECK(inferred_field_name(*minus_one).find("width undetermined") != std::string::npos);
    // The varying fields beside it keep their types.
    CHECK(l.fields.front().type == InferredType::S32);
    bool f32_at_8 = false;
    for (const InferredField& f : l.fields) f32_at_8 = f32_at_8 || (f.offset == 8 && f.type == InferredType::F32);
    CHECK(f32_at_8);

    // Against a template that calls the bytes at 4 an s32: undetermined, left out of the live bytes.
    EventTypeTemplate templ;
    templ.id = 77;
    for (FieldType ft : {FieldType::S32, FieldType::S32, FieldType::F32, FieldType::U8}) {
        TemplateField tf;
        tf.type = ft;
        tf.size = scalar_size(ft);
        templ.fields.push_back(tf);
    }
    TemplateField tail;
    tail.type = FieldType::Bytes;
    tail.size = 3;
    templ.fields.push_back(tail);
    templ.pack();
    TypeComparison c = compare_with_template(t, templ);
    REQUIRE(c.fields.size() == 5);
    CHECK(c.fields[1].verdict == FieldVerdict::Undetermined);
    CHECK(c.fields[4].verdict == FieldVerdict::Undetermined);
    CHECK(c.undetermined_bytes == 7);
    CHECK(c.live_bytes == 9);  // the id, the float and the flag
    CHECK(c.agreeing_bytes == 9);
}

TEST_CASE(
    "infer: a word holding only 0 and -1 keeps its type with low confidence; against a template it is undetermined") {
    EventSamples s;
    std::mt19937 rng(4);
    for (int i = 0; i < 200; ++i) {
        uint8_t e[8];
        const int32_t id = int32_t(100 + rng() % 900);
        const int32_t flag = rng() % 3 ? -1 : 0;
        std::memcpy(e, &id, 4);
        std::memcpy(e + 4, &flag, 4);
        s.add_event(78, Bytes(e, sizeof e));
    }
    InferredLayout l = infer_layout(s.types()[0]);
    REQUIRE(l.fields.size() == 2);
    CHECK(l.fields[0].confidence == InferenceConfidence::High);
    CHECK(l.fields[0].could_be.empty());
    CHECK(l.fields[1].type == InferredType::S32);
    CHECK(l.fields[1].confidence == InferenceConfidence::Low);
    CHECK(l.fields[1].could_be == "s32 -1, s16 -1 + s16 -1 or 4 x u8 255 255 255 255");
    // A template of two s16 there: neither agrees nor differs, the data cannot tell.
    EventTypeTemplate templ;
    templ.id = 78;
    for (FieldType ft : {FieldType::S32, FieldType::S16, FieldType::S16}) {
        TemplateField tf;
        tf.type = ft;
        tf.size = scalar_size(ft);
        templ.fields.push_back(tf);
    }
    templ.pack();
    TypeComparison c = compare_with_template(s.types()[0], templ);
    REQUIRE(c.fields.size() == 3);
    CHECK(c.fields[1].verdict == FieldVerdict::Undetermined);
    CHECK(c.fields[2].verdict == FieldVerdict::Undetermined);
    CHECK(c.live_bytes == 4);
    CHECK(c.agreeing_bytes == 4);
}

TEST_CASE("infer cross-validation: each part held out in turn, judged on layouts inferred from the others") {
    // Type 90: an s32 id and an f32 in every part. Type 91: an s32 that is 5 in every event of
    // parts 1 and 2 but varies in part 3 (inferred from 1 and 2: undetermined, left out).
    const std::vector<GenField> layout = {{4, Gen::Id}, {4, Gen::Float}};
    std::vector<CrossValidationPart> parts(3);
    for (size_t p = 0; p < parts.size(); ++p) {
        parts[p].name = "part " + std::to_string(p + 1);
        parts[p].samples = make_samples(90, layout, 50, uint32_t(10 + p));
        for (int i = 0; i < 30; ++i) {
            const int32_t v = p == 2 ? i : 5;
            uint8_t e[4];
            std::memcpy(e, &v, 4);
            parts[p].samples.add_event(91, Bytes(e, 4));
        }
    }
    GameTemplates templates;
    for (uint32_t id : {90u, 91u}) {
        EventTypeTemplate t;
        t.id = id;
        for (FieldType ft : id == 90 ? std::vector<FieldType>{FieldType::S32, FieldType::F32}
                                     : std::vector<FieldType>{FieldType::S32}) {
            TemplateField tf;
            tf.type = ft;
            tf.size = 4;
            t.fields.push_back(tf);
        }
        templates.types.push_back(std::move(t));
    }
    templates.finish();
    CrossValidation cv = cross_validate(parts, templates, "XX", 20);
    REQUIRE(cv.folds.size() == 3);
    CHECK(cv.folds[2].held_out == "part 3");
    // Type 90 agrees in every fold (8 bytes each); type 91 is undetermined when part 3 is held
    // out (5 in every event inferred from) and live when 1 or 2 is (it varies in part 3).
    CHECK(cv.folds[2].from_others.undetermined_bytes == 4);
    CHECK(cv.folds[2].from_others.live_bytes == 8);
    CHECK(cv.folds[0].from_others.live_bytes == 12);
    CHECK(cv.from_others.live_bytes == 32);
    CHECK(cv.from_others.agreeing_bytes == 32);
    // Alone, parts 1 and 2 see type 91 as constant.
    CHECK(cv.alone.undetermined_bytes == 8);
    CHECK(cross_validate({parts[0]}, templates, "XX").folds.empty());

    // Dealing one file: event files round-robin into groups; one event file: its animations.
    CrossValidationFile file;
    file.name = "f";
    for (int t = 0; t < 6; ++t) file.event_files.push_back({make_samples(90, layout, 5, uint32_t(t))});
    std::vector<CrossValidationPart> dealt = cross_validation_parts({file}, 4);
    REQUIRE(dealt.size() == 4);
    CHECK(dealt[0].samples.event_count() == 10);  // event files 1 and 5
    CHECK(dealt[3].samples.event_count() == 5);
    CHECK(dealt[0].name == "f: event file 1 and every 4th after it (2 of 6)");
    CrossValidationFile one;
    one.name = "g";
    one.event_files.resize(1);
    for (int a = 0; a < 3; ++a) one.event_files[0].push_back(make_samples(90, layout, 2, uint32_t(a)));
    CHECK(cross_validation_parts({one}, 4).size() == 3);
    CrossValidationFile other = one;
    other.name = "h";
    std::vector<CrossValidationPart> two = cross_validation_parts({one, other}, 4);
    REQUIRE(two.size() == 2);
    CHECK(two[1].name == "h");
}

TEST_CASE("infer: mixed lengths: a common prefix, and a longer variant judged on the events that hold it") {
    std::mt19937 rng(5);
    EventSamples s;
    for (int i = 0; i < 100; ++i) {
        float x = float(i) * 0.5f + 1.0f;
        uint8_t e[12] = {};
        e[0] = uint8_t(i % 4);
        std::memcpy(e + 4, &x, 4);
        // Every third event stores 4 more bytes: a float. The others stop at 8 bytes.
        if (i % 3 == 0) {
            float y = 2.0f + float(i);
            std::memcpy(e + 8, &y, 4);
            s.add_event(7, Bytes(e, 12));
        } else {
            s.add_event(7, Bytes(e, 8));
        }
    }
    InferredLayout l = infer_layout(s.types()[0]);
    REQUIRE(l.lengths.size() == 2);
    CHECK(l.min_length == 8);
    CHECK(l.max_length == 12);
    REQUIRE(l.fields.size() == 3);
    CHECK(l.fields[1].type == InferredType::F32);
    CHECK(l.fields[2].type == InferredType::F32);
    CHECK(l.fields[2].events == 34);  // only the long events hold it
    // A template ending at 8 leaves a tail: inferred from 8 only.
    CHECK(tail_past_template(s.types()[0], 8));
    CHECK_FALSE(tail_past_template(s.types()[0], 12));
    InferredLayout tail = infer_layout(s.types()[0], 8);
    REQUIRE(tail.fields.size() == 1);
    CHECK(tail.fields[0].offset == 8);
}

TEST_CASE("infer: bytes of 0 / 1 / 0xFF side by side (draw masks) are bytes of their own, -1 words stay whole") {
    EventSamples s;
    std::mt19937 rng(2);
    for (int i = 0; i < 200; ++i) {
        uint8_t e[8];
        for (int b = 0; b < 4; ++b) e[b] = uint8_t(rng() % 3 == 0 ? 0xFF : rng() % 2);
        const int32_t id = rng() % 2 ? -1 : int32_t(rng() % 50);
        std::memcpy(e + 4, &id, 4);
        s.add_event(8, Bytes(e, 8));
    }
    InferredLayout l = infer_layout(s.types()[0]);
    REQUIRE(l.fields.size() == 5);
    for (int b = 0; b < 4; ++b) CHECK(l.fields[size_t(b)].size == 1);
    CHECK(l.fields[4].type == InferredType::S32);
    CHECK(l.fields[4].min == -1);
}

TEST_CASE(
    "infer: inferred layouts saved as a template file load back, decode the same fields, and never replace a community "
    "type") {
    const std::vector<GenField> layout = {{4, Gen::Id}, {4, Gen::Float}, {1, Gen::Flag}, {1, Gen::Enum}, {2, Gen::U16}};
    // Type 0 has a community template in every game; 99999 has none.
    EventSamples s = make_samples(99999, layout, 100, 4);
    EventSamples s0 = make_samples(0, layout, 100, 4);
    std::vector<InferredLayout> layouts = {infer_layout(s0.types()[0]), infer_layout(s.types()[0])};
    GameTemplates inferred = templates_from_layouts("ER", layouts, {"made-here"});
    std::string text = write_template_text(inferred);
    auto parsed = parse_template_text(text);
    REQUIRE_MESSAGE(parsed.ok(), (parsed.ok() ? "" : parsed.error().to_string()));
    CHECK(is_inferred_templates(*parsed));

    TemplateLibrary library;
    const GameTemplates* builtin = library.for_game("ER");
    REQUIRE(builtin);
    const std::string builtin_type0 = builtin->find(0)->name;
    REQUIRE(library.load_user_templates("ER", text).ok());
    const GameTemplates* in_use = library.for_game("ER");
    REQUIRE(in_use->find(99999));
    CHECK(in_use->find(99999)->origin == "inferred");
    CHECK(in_use->find(0)->name == builtin_type0);  // the community type stays
    // The loaded template decodes an event into the inferred fields, value for value.
    const TypeSamples& t = s.types()[0];
    Bytes first(t.event_bytes(0), t.lengths[0]);
    DecodedEvent d = decode_event(in_use, 99999, first);
    REQUIRE(d.fields.size() == layouts[1].fields.size());
    for (size_t i = 0; i < d.fields.size(); ++i) {
        CHECK(d.fields[i].offset == layouts[1].fields[i].offset);
        if (layouts[1].fields[i].type != InferredType::Pad && layouts[1].fields[i].type != InferredType::Bytes)
            CHECK(d.fields[i].value_text(first) == layouts[1].fields[i].value_text(first));
    }
}
