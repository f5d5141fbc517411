// The parts of a TAE file the writer derives from the model: times tables, animation-group runs,
// offsets, counts, file size, the type-943 parameter offset and the rules for absent names.
// Each test builds or edits a model, writes it, and reads the rule back from the bytes.
#include <algorithm>
#include <random>
#include <doctest/doctest.h>

#include <cstring>

#include "test_support.h"
#include "test_tae_support.h"

using namespace taescope;
using namespace taescope::test;

namespace {

uint64_t u64_at(const std::vector<uint8_t>& b, uint64_t off) { return load_u64le(b.data() + off); }
uint32_t u32_at(const std::vector<uint8_t>& b, uint64_t off) { return load_u32le(b.data() + off); }

TaeEvent make_event(TaeFile& f, int32_t type, float start, float end, std::vector<uint8_t> params) {
    TaeEvent e;
    e.type = type;
    e.set_start(start);
    e.set_end(end);
    f.set_parameters(e, params);
    return e;
}

// A small file: animations with the given numbers, two events each in one group.
TaeFile small_file(std::vector<uint64_t> numbers) {
    TaeFile f;
    f.header = make_default_tae_header(36, 2512);
    f.skeleton_name = u"skeleton.hkt";
    f.sib_name = u"c9990.SIB";
    for (uint64_t n : numbers) {
        TaeAnimation a;
        a.number = n;
        a.set_standard(false, false, false, -1);
        a.events.push_back(make_event(f, 0, 0.0f, 1.0f, std::vector<uint8_t>(16, 0x11)));
        a.events.push_back(make_event(f, 0, 0.5f, 1.0f, std::vector<uint8_t>(16, 0x22)));
        a.groups.push_back({0, {}, 0, {0, 1}});
        f.animations.push_back(std::move(a));
    }
    return f;
}

std::vector<float> stored_times(const std::vector<uint8_t>& bytes, const TaeAnimationLayout& a) {
    std::vector<float> t;
    for (uint64_t i = 0; i < a.times_count; ++i) t.push_back(load_f32le(bytes.data() + a.times_offset + 4 * i));
    return t;
}

}  // namespace

TEST_CASE("times table: the distinct start and end times of the events, ascending") {
    TaeFile f = small_file({100});
    auto& a = f.animations[0];
    a.events[0].set_start(-1.0f / 30.0f);  // one frame early, as real files have
    a.events[1].set_end(0.25f);            // ends before it starts: still a stored time
    a.events.push_back(make_event(f, 1, 0.5f, 0.5f, {}));  // shares both times with event 1
    a.groups[0].event_indices.push_back(2);
    auto bytes = write_tae(f);
    TaeLayout layout;
    auto back = read_tae(bytes, &layout);
    REQUIRE_MESSAGE(back.ok(), back.error().to_string());
    CHECK(stored_times(bytes, layout.animations[0]) == std::vector<float>{-1.0f / 30.0f, 0.25f, 0.5f, 1.0f});
    // Every event header points into that table.
    for (const auto& e : layout.events) {
        CHECK(e.start_offset >= layout.animations[0].times_offset);
        CHECK(e.start_offset < layout.animations[0].times_offset + 16);
    }
    CHECK(reads_back_to(f, *back));
}

TEST_CASE("times table: moving an event regenerates the table and drops times no event uses") {
    TaeFile f = small_file({100});
    f.animations[0].events[1].set_start(0.75f);  // 0.5 no longer used
    auto bytes = write_tae(f);
    TaeLayout layout;
    auto back = read_tae(bytes, &layout);
    REQUIRE(back.ok());
    CHECK(stored_times(bytes, layout.animations[0]) == std::vector<float>{0.0f, 0.75f, 1.0f});
    CHECK(back->animations[0].events[1].start() == 0.75f);
}

TEST_CASE("animation groups: exactly the maximal runs of consecutive animation numbers") {
    TaeFile f = small_file({1, 2, 3, 7, 8, 10});
    auto bytes = write_tae(f);
    const uint64_t group_header = u64_at(bytes, 0x60);
    const uint64_t table = u64_at(bytes, 0x58);
    REQUIRE(u64_at(bytes, group_header) == 3);
    const uint64_t entries = u64_at(bytes, group_header + 8);
    CHECK(entries == group_header + 16);
    struct Run {
        int32_t first, last;
        uint64_t table_record;
    };
    std::vector<Run> expected = {{1, 3, table}, {7, 8, table + 3 * 16}, {10, 10, table + 5 * 16}};
    for (size_t i = 0; i < expected.size(); ++i) {
        CHECK(int32_t(u32_at(bytes, entries + 16 * i)) == expected[i].first);
        CHECK(int32_t(u32_at(bytes, entries + 16 * i + 4)) == expected[i].last);
        CHECK(u64_at(bytes, entries + 16 * i + 8) == expected[i].table_record);
    }
    // Removing animation 8 splits nothing but shortens the run 7..8 to 7.
    f.animations.erase(f.animations.begin() + 4);
    bytes = write_tae(f);
    CHECK(u64_at(bytes, u64_at(bytes, 0x60)) == 3);
}

TEST_CASE("counts, offsets and file size follow the edited model") {
    TaeFile f = small_file({5, 6});
    auto before = write_tae(f);
    // Add a third animation and a longer parameter block to an event.
    TaeAnimation extra;
    extra.number = 9;
    extra.set_import_other(5);
    f.animations.push_back(extra);
    f.set_parameters(f.animations[0].events[0], std::vector<uint8_t>(40, 0x33));
    auto bytes = write_tae(f);
    CHECK(bytes.size() > before.size());
    CHECK(u32_at(bytes, 0x0C) == bytes.size());  // file size
    CHECK(u32_at(bytes, 0x54) == 3);              // animation count
    CHECK(u64_at(bytes, 0x70) == 3);              // ... repeated
    const uint64_t table = u64_at(bytes, 0x58);
    CHECK(table == 0xD0 + 32 + 32);  // after "skeleton.hkt" and "c9990.SIB", each padded to 16
    CHECK(u64_at(bytes, 0x78) == u64_at(bytes, table + 8));  // first body offset
    TaeLayout layout;
    auto back = read_tae(bytes, &layout);
    REQUIRE_MESSAGE(back.ok(), back.error().to_string());
    CHECK(layout.animations[0].event_count == 2);
    CHECK(layout.animations[2].event_count == 0);
    CHECK(layout.animations[2].events_offset == 0);  // an empty list has offset 0
    CHECK(layout.animations[2].times_offset == 0);
    CHECK(layout.animations[2].groups_offset == 0);
    CHECK(back->animations[2].header_kind() == TaeAnimationHeaderKind::ImportOther);
    CHECK(back->animations[2].import_source() == 5);
    CHECK(back->parameters(back->animations[0].events[0]).size() >= 40);
    CHECK(reads_back_to(f, *back));
}

TEST_CASE("event data: parameter offset is data + 16, or 0 for Sekiro's type 943") {
    TaeFile f = small_file({1});
    auto& a = f.animations[0];
    a.events[1].type = kTaeEventTypeZeroParameterOffset;
    a.events[1].parameter_offset_zero = true;
    f.set_parameters(a.events[1], {});
    auto bytes = write_tae(f);
    TaeLayout layout;
    auto back = read_tae(bytes, &layout);
    REQUIRE(back.ok());
    CHECK(layout.events[0].parameter_offset == layout.events[0].data_offset + 16);
    CHECK(layout.events[1].parameter_offset == 0);
    CHECK(back->animations[0].events[1].parameter_offset_zero);
    CHECK_FALSE(back->animations[0].events[0].parameter_offset_zero);
    // Event headers are 24 bytes, so data records start unaligned when the count is odd; every
    // record after the first starts on 16 bytes because the parameter bytes are padded.
    CHECK(layout.events[1].data_offset % 16 == 0);
}

TEST_CASE("absent names write nothing: the offset is that of the next record") {
    TaeFile f = small_file({1});
    f.skeleton_name.reset();
    f.sib_name.reset();
    auto bytes = write_tae(f);
    CHECK(u64_at(bytes, 0xB0) == 0xD0);  // skeleton name offset = SIB name offset
    CHECK(u64_at(bytes, 0xB8) == 0xD0);  // SIB name offset = animation table offset
    CHECK(u64_at(bytes, 0x58) == 0xD0);
    TaeLayout layout;
    auto back = read_tae(bytes, &layout);
    REQUIRE(back.ok());
    CHECK_FALSE(back->skeleton_name.has_value());
    CHECK_FALSE(back->sib_name.has_value());
    // No motion file name: the name offset is the block end, where the times table begins.
    CHECK_FALSE(back->animations[0].motion_file_name.has_value());
    CHECK(layout.animations[0].name_offset == layout.animations[0].mini_header_offset + 48);
    CHECK(layout.animations[0].name_offset == layout.animations[0].times_offset);
    // With a name, the times table follows the padded name.
    f.animations[0].motion_file_name = u"a000_000001.hkt";
    bytes = write_tae(f);
    back = read_tae(bytes, &layout);
    REQUIRE(back.ok());
    CHECK(back->animations[0].motion_file_name == std::u16string(u"a000_000001.hkt"));
    CHECK(layout.animations[0].times_offset == layout.animations[0].mini_header_offset + 48 + 32);
}

TEST_CASE("an empty file: no animations, table offset 0, the group header after the names") {
    TaeFile f;
    f.header = make_default_tae_header(21, 2186);
    f.header.version = kTaeVersionDarkSouls3;
    f.skeleton_name = u"Skeleton.hkt";
    f.sib_name = u"c0000.sib";
    auto bytes = write_tae(f);
    CHECK(bytes.size() == 0x120);
    CHECK(u64_at(bytes, 0x58) == 0);
    CHECK(u64_at(bytes, 0x60) == 0x110);
    CHECK(u64_at(bytes, 0x110) == 0);
    CHECK(u64_at(bytes, 0x118) == 0);
    auto back = read_tae(bytes);
    REQUIRE(back.ok());
    CHECK(back->header.version == kTaeVersionDarkSouls3);
    CHECK(reads_back_to(f, *back));
}

TEST_CASE("an edited real file reads back to the edited model") {
    std::string path = corpus_path("eldenring/c0000-a512.tae");
    if (path.empty()) return;
    auto tae = read_tae(load(path));
    REQUIRE(tae.ok());
    TaeFile& f = *tae;
    auto& a = f.animations[1];
    // Change one event's bytes (shorter), move another, remove a third, add an animation.
    f.set_parameters(a.events[0], std::vector<uint8_t>{1, 2, 3, 4, 0, 0, 0, 0});
    a.events[3].set_start(a.events[3].start() + 0.1f);
    size_t groups_members = 0;
    for (const auto& g : a.groups) groups_members += g.event_indices.size();
    erase_event(a, 5);
    size_t after = 0;
    for (const auto& g : a.groups) after += g.event_indices.size();
    CHECK(after == groups_members - 1);
    TaeAnimation copy = f.animations[0];
    copy.number = 45101;
    f.animations.insert(f.animations.begin() + 1, copy);
    auto bytes = write_tae(f);
    auto back = read_tae(bytes);
    REQUIRE_MESSAGE(back.ok(), back.error().to_string());
    CHECK(reads_back_to(f, *back));
    CHECK(back->animations.size() == 3);
    CHECK(back->animations[2].events.size() == 47);
    CHECK(write_tae(*back) == bytes);
}

TEST_CASE("versions other than 0x1000D and 0x1000C are refused by name") {
    TaeFile f = small_file({1});
    auto bytes = write_tae(f);
    bytes[8] = 0x0B;  // 0x1000B: Dark Souls' 32-bit layout would also clear byte 7, test the version alone
    auto r = read_tae(bytes);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("unsupported TAE version 0x1000B") != std::string::npos);
    CHECK(r.error().offset == 8);
}

TEST_CASE("an out-of-bounds event names its animation, its event and the bytes it needed") {
    TaeFile f = small_file({1, 2});
    auto bytes = write_tae(f);
    TaeLayout layout;
    REQUIRE(read_tae(bytes, &layout).ok());
    // Point animation 1's second event at data beyond the end.
    const uint64_t header = layout.events[3].header_offset;
    uint64_t far = bytes.size() - 8;
    std::memcpy(bytes.data() + header + 16, &far, 8);
    auto r = read_tae(bytes);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().context == "animation 1 (number 2) > event 1");
    CHECK(r.error().offset == header + 16);  // where the stored offset is
    CHECK(r.error().message == "event data: needs 16 byte(s) at " + hex(far) + " but the data ends at " + hex(bytes.size()));
}

TEST_CASE("EventIndexList behaves as a std::vector<uint32_t> under random edits, inline and on the heap") {
    std::mt19937 rng(7);
    for (int round = 0; round < 200; ++round) {
        EventIndexList list;
        std::vector<uint32_t> model;
        for (int step = 0; step < 40; ++step) {
            const uint32_t v = uint32_t(rng() % 1000);
            switch (rng() % 8) {
                case 0:
                case 1:
                    list.push_back(v), model.push_back(v);
                    break;
                case 2: {
                    const size_t at = model.empty() ? 0 : rng() % (model.size() + 1);
                    list.insert(list.begin() + at, v), model.insert(model.begin() + long(at), v);
                    break;
                }
                case 3:
                    if (!model.empty()) {
                        const size_t at = rng() % model.size();
                        list.erase(list.begin() + at), model.erase(model.begin() + long(at));
                    }
                    break;
                case 4: {
                    const size_t n = rng() % 10;
                    list.resize(n), model.resize(n);
                    break;
                }
                case 5: {
                    EventIndexList copy = list;  // copy, then move back
                    list = std::move(copy);
                    CHECK(copy.empty());
                    break;
                }
                case 6: {  // the reader's path: a new size, every entry written through the pointer
                    const size_t n = rng() % 10;
                    uint32_t* out = list.resize_for_overwrite(n);
                    model.resize(n);
                    for (size_t k = 0; k < n; ++k) out[k] = model[k] = uint32_t(rng() % 1000);
                    break;
                }
                default:
                    list.erase(std::remove(list.begin(), list.end(), v % 10), list.end());
                    model.erase(std::remove(model.begin(), model.end(), v % 10), model.end());
                    break;
            }
            REQUIRE(list == model);
            REQUIRE(list.to_vector() == model);
        }
        EventIndexList assigned;
        assigned = model;
        CHECK(assigned == list);
        assigned = {1, 2, 3, 4, 5, 6};
        CHECK(assigned == std::vector<uint32_t>{1, 2, 3, 4, 5, 6});
    }
}
