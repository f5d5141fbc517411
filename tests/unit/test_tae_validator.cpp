// The validator reports where a file departs from the proven rules of game files, and the
// observed irregularities a user should see; it never refuses a readable file.
#include <doctest/doctest.h>

#include <cfloat>
#include <cstring>

#include "tae/tae_validator.h"
#include "test_support.h"
#include "test_tae_support.h"

using namespace taescope;
using namespace taescope::test;

namespace {

std::vector<TaeFinding> with_code(const std::vector<TaeFinding>& all, const std::string& code) {
    std::vector<TaeFinding> out;
    for (const auto& f : all)
        if (f.code == code) out.push_back(f);
    return out;
}

size_t errors(const std::vector<TaeFinding>& all) {
    size_t n = 0;
    for (const auto& f : all) n += f.severity == TaeSeverity::Error;
    return n;
}

std::string dump(const std::vector<TaeFinding>& all) {
    std::string s;
    for (const auto& f : all) s += f.to_string() + "\n";
    return s;
}

void put_u64(std::vector<uint8_t>& b, uint64_t at, uint64_t v) { std::memcpy(b.data() + at, &v, 8); }
void put_u32(std::vector<uint8_t>& b, uint64_t at, uint32_t v) { std::memcpy(b.data() + at, &v, 4); }

// eldenring/c0000-a512.tae as bytes, or empty when the corpus is absent.
std::vector<uint8_t> a512() {
    std::string path = corpus_path("eldenring/c0000-a512.tae");
    return path.empty() ? std::vector<uint8_t>{} : load(path);
}

}  // namespace

TEST_CASE("a game file breaks no proven rule: eldenring/c0000-a512.tae has no error finding") {
    auto bytes = a512();
    if (bytes.empty()) return;
    auto findings = validate_tae(bytes);
    CHECK_MESSAGE(errors(findings) == 0, dump(findings));
}

TEST_CASE("header constants, file size and the repeated animation count are checked") {
    auto bytes = a512();
    if (bytes.empty()) return;
    put_u64(bytes, 0x28, 0x70);  // the 0x80 self-pointer, as 32-bit files have it
    put_u32(bytes, 0x0C, 1234);  // file size
    put_u64(bytes, 0x70, 3);     // animation count repeated
    auto findings = validate_tae(bytes);
    auto constant = with_code(findings, "header-constant");
    REQUIRE(constant.size() == 1);
    CHECK(constant[0].offset == 0x28);
    CHECK(constant[0].severity == TaeSeverity::Error);
    REQUIRE(with_code(findings, "file-size").size() == 1);
    CHECK(with_code(findings, "file-size")[0].offset == 0x0C);
    REQUIRE(with_code(findings, "animation-count-repeat").size() == 1);
    // The reader still reads it: the validator reports, it does not refuse.
    CHECK(read_tae(bytes).ok());
}

TEST_CASE("the times table must be the distinct times ascending: swapped values are reported") {
    auto bytes = a512();
    if (bytes.empty()) return;
    TaeLayout layout;
    REQUIRE(read_tae(bytes, &layout).ok());
    const auto& a = layout.animations[0];
    REQUIRE(a.times_count >= 2);
    std::vector<uint8_t> first(bytes.begin() + a.times_offset, bytes.begin() + a.times_offset + 4);
    std::memcpy(bytes.data() + a.times_offset, bytes.data() + a.times_offset + 4, 4);
    std::memcpy(bytes.data() + a.times_offset + 4, first.data(), 4);
    auto findings = validate_tae(bytes);
    auto t = with_code(findings, "times-table");
    REQUIRE_MESSAGE(t.size() == 1, dump(findings));
    CHECK(t[0].animation == 0);
    CHECK(t[0].offset == a.times_offset);
}

TEST_CASE("the animation-group table must be the runs of consecutive numbers") {
    auto bytes = a512();
    if (bytes.empty()) return;
    // a512 holds 45100 and 45110: two runs. Claim the first run reaches 45101.
    const uint64_t entries = load_u64le(bytes.data() + load_u64le(bytes.data() + 0x60) + 8);
    put_u32(bytes, entries + 4, 45101);
    auto g = with_code(validate_tae(bytes), "animation-groups");
    REQUIRE(g.size() == 1);
    CHECK(g[0].severity == TaeSeverity::Error);
}

TEST_CASE("animation numbers must ascend") {
    TaeFile f;
    f.header = make_default_tae_header(36, 1);
    for (uint64_t n : {5, 3}) {
        TaeAnimation a;
        a.number = n;
        f.animations.push_back(a);
    }
    auto order = with_code(validate_tae(write_tae(f)), "animation-order");
    REQUIRE(order.size() == 1);
    CHECK(order[0].animation == 1);
}

TEST_CASE("parameter offset: 0 only for type 943, else the end of the event record") {
    auto bytes = a512();
    if (bytes.empty()) return;
    TaeLayout layout;
    REQUIRE(read_tae(bytes, &layout).ok());
    const auto& e = layout.events[2];
    put_u64(bytes, e.data_offset + 8, 0);
    auto findings = validate_tae(bytes);
    auto p = with_code(findings, "parameter-offset");
    REQUIRE_MESSAGE(p.size() == 1, dump(findings));
    CHECK(p[0].animation == 0);
    CHECK(p[0].event == 2);
    CHECK(p[0].offset == e.data_offset + 8);
    // The event still reads (as if its offset were 0 on purpose) and keeps its bytes.
    auto tae = read_tae(bytes);
    REQUIRE(tae.ok());
    CHECK(tae->animations[0].events[2].parameter_offset_zero);
}

TEST_CASE("bytes past the last record depart from the packing of game files") {
    auto bytes = a512();
    if (bytes.empty()) return;
    const size_t original = bytes.size();
    bytes.resize(original + 16, 0);
    put_u32(bytes, 0x0C, uint32_t(bytes.size()));
    auto findings = validate_tae(bytes);
    auto layout = with_code(findings, "layout");
    REQUIRE_MESSAGE(layout.size() == 1, dump(findings));
    CHECK(layout[0].offset == original);
    CHECK(with_code(findings, "file-size").empty());
}

TEST_CASE("observed irregularities of event times are reported per event") {
    TaeFile f;
    f.header = make_default_tae_header(36, 1);
    TaeAnimation a;
    a.number = 1;
    a.set_standard(false, true, false, 777);  // imports motion from an animation the file lacks
    auto add = [&](float s, float e) {
        TaeEvent ev;
        ev.set_start(s);
        ev.set_end(e);
        a.events.push_back(ev);
    };
    add(-1.0f / 30.0f, 1.0f);  // 0: one frame early
    add(0.5f, 0.25f);          // 1: ends before it starts
    add(0.0f, FLT_MAX);        // 2: open end
    add(0.3f, 0.3f);           // 3: zero length
    add(0.0f, 1.0f);           // 4: ordinary
    a.groups.push_back({0, {}, 0, {0, 1, 2, 3, 4}});
    f.animations.push_back(a);
    auto findings = validate_tae_model(f);
    auto one = [&](const char* code, int64_t event) {
        auto v = with_code(findings, code);
        REQUIRE_MESSAGE(v.size() == 1, code << "\n" << dump(findings));
        CHECK(v[0].event == event);
        CHECK(v[0].animation == 0);
    };
    one("start-one-frame-early", 0);
    one("end-before-start", 1);
    one("open-end", 2);
    one("zero-length", 3);
    one("import-missing", -1);
    CHECK(findings.size() == 5);
    // The same events written to a file break no proven rule.
    CHECK_MESSAGE(errors(validate_tae(write_tae(f))) == 0, dump(validate_tae(write_tae(f))));
}

TEST_CASE("an unreadable file is one error finding with the reader's offset") {
    std::vector<uint8_t> bytes(300, 0);
    std::memcpy(bytes.data(), "TAE ", 4);
    bytes[7] = 0xFF;
    put_u32(bytes, 8, 0x1000E);
    auto findings = validate_tae(bytes);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].code == "unreadable");
    CHECK(findings[0].offset == 8);
    CHECK(findings[0].message.find("unsupported TAE version 0x1000E") != std::string::npos);
}
