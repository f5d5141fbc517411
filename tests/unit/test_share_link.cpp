// Share links (engine/share/share_link.h): the two fragment kinds round-trip, and a hostile or
// damaged link is an error that says where, never a crash.
#include <doctest/doctest.h>

#include <random>

#include "binder/document.h"
#include "share/share_link.h"
#include "test_support.h"

using namespace taescope;

namespace {
Bytes as_bytes(const std::string& s) { return Bytes(reinterpret_cast<const uint8_t*>(s.data()), s.size()); }

ShareTimeline small_timeline() {
    ShareTimeline t;
    t.game = "ER";
    t.file_name = "c4310.anibnd.dcx";
    t.animation = 8046;
    t.frame = 12;
    t.events.push_back({129, 0, TaeEvent::f32_to_bits(0.0f), TaeEvent::f32_to_bits(-1.0f / 30), {1, 2, 3, 4}});
    t.events.push_back({-5, 101, TaeEvent::f32_to_bits(0.5f), 0x7F7FFFFF, {}});
    t.groups.push_back({128, {0, 1}});
    return t;
}
}  // namespace

TEST_CASE("share: base64url is RFC 4648 section 5 without padding") {
    CHECK(base64url_encode(as_bytes("")) == "");
    CHECK(base64url_encode(as_bytes("f")) == "Zg");
    CHECK(base64url_encode(as_bytes("fo")) == "Zm8");
    CHECK(base64url_encode(as_bytes("foobar")) == "Zm9vYmFy");
    const uint8_t high[] = {0xFB, 0xFF};
    CHECK(base64url_encode(Bytes(high, 2)) == "-_8");  // '+' and '/' become '-' and '_'
    auto back = base64url_decode("-_8");
    REQUIRE(back.ok());
    CHECK(*back == std::vector<uint8_t>{0xFB, 0xFF});
    CHECK_FALSE(base64url_decode("Zm9v+").ok());  // '+' is not base64url
    CHECK_FALSE(base64url_decode("Z").ok());      // 4n+1 characters
}

TEST_CASE("share: a timeline fragment round-trips every stored bit") {
    ShareTimeline t = small_timeline();
    auto fragment = encode_timeline_fragment(t);
    REQUIRE(fragment.ok());
    CHECK(fragment->rfind("v1.t=", 0) == 0);
    auto link = decode_share_fragment("http://127.0.0.1:8080/#" + *fragment);
    REQUIRE_MESSAGE(link.ok(), (link.ok() ? "" : link.error().to_string()));
    REQUIRE(link->kind == ShareLinkKind::Timeline);
    const ShareTimeline& u = link->timeline;
    CHECK(u.game == t.game);
    CHECK(u.file_name == t.file_name);
    CHECK(u.animation == t.animation);
    CHECK(u.frame == t.frame);
    REQUIRE(u.events.size() == 2);
    CHECK(u.events[0].end_bits == t.events[0].end_bits);
    CHECK(u.events[0].parameters == t.events[0].parameters);
    CHECK(u.events[1].type == -5);
    CHECK(u.events[1].unknown04 == 101);
    CHECK(u.events[1].end_bits == 0x7F7FFFFFu);
    REQUIRE(u.groups.size() == 1);
    CHECK(u.groups[0].events == std::vector<uint32_t>{0, 1});
}

TEST_CASE("share: a reference fragment percent-encodes the file name") {
    auto fragment = encode_reference_fragment({"c0000 & co#1.anibnd.dcx", 50003000, 42});
    REQUIRE(fragment.ok());
    CHECK(*fragment == "v1.f=c0000%20%26%20co%231.anibnd.dcx&a=a050_003000&t=42");
    auto link = decode_share_fragment("#" + *fragment);
    REQUIRE(link.ok());
    CHECK(link->kind == ShareLinkKind::Reference);
    CHECK(link->reference.file_name == "c0000 & co#1.anibnd.dcx");
    CHECK(link->reference.animation == 50003000);
    CHECK(link->reference.frame == 42u);
}

TEST_CASE("share: bad links are errors naming the place") {
    auto e1 = decode_share_fragment("#v2.t=AAAA");
    REQUIRE_FALSE(e1.ok());
    CHECK(e1.error().message.find("v1") != std::string::npos);
    auto e2 = decode_share_fragment("#v1.f=x&a=notananimation");
    REQUIRE_FALSE(e2.ok());
    CHECK(e2.error().offset == 10);  // the value after "a=" in the fragment
    auto e3 = decode_share_fragment("#v1.f=x");
    CHECK_FALSE(e3.ok());  // a= missing
    auto e4 = decode_share_fragment("#v1.f=x&a=a000_000000&t=99999999");
    CHECK_FALSE(e4.ok());  // frame past the limit
    std::string big(kMaxShareFragmentChars + 1, 'A');
    CHECK_FALSE(decode_share_fragment("v1.t=" + big).ok());
    // A payload whose event count exceeds the limit is refused before anything is allocated.
    std::vector<uint8_t> payload = {1, 0, 0, 0, 0, 0xFF, 0xFF, 0x03};
    auto e5 = decode_share_fragment("v1.t=" + base64url_encode(raw_deflate(payload)));
    REQUIRE_FALSE(e5.ok());
    CHECK(e5.error().message.find("event count") != std::string::npos);
    // A deflate bomb stops at the payload limit.
    std::vector<uint8_t> zeros(kMaxSharePayloadBytes + 100, 0);
    auto e6 = decode_share_fragment("v1.t=" + base64url_encode(raw_deflate(zeros)));
    REQUIRE_FALSE(e6.ok());
    CHECK(e6.error().message.find("inflates to more than") != std::string::npos);
}

TEST_CASE("share: every truncation and random corruption of a real link decodes or errs, never crashes") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    auto bytes = test::load(path);
    auto doc = open_document(bytes, path);
    REQUIRE(doc.ok());
    const TaeFile& f = *doc->taes[0].tae;
    auto fragment =
        encode_timeline_fragment(share_timeline_from_animation(f, f.animations[0], 0, "SDT", "c5070.anibnd.dcx"));
    REQUIRE(fragment.ok());
    auto whole = decode_share_fragment(*fragment);
    REQUIRE(whole.ok());
    CHECK(whole->timeline.events.size() == f.animations[0].events.size());
    for (size_t i = 0; i < f.animations[0].events.size(); ++i) {
        Bytes p = f.parameters(f.animations[0].events[i]);
        CHECK(whole->timeline.events[i].parameters == std::vector<uint8_t>(p.begin(), p.end()));
    }
    size_t failures = 0;
    for (size_t n = 0; n < fragment->size(); ++n) failures += !decode_share_fragment(fragment->substr(0, n)).ok();
    CHECK(failures == fragment->size());  // no proper prefix is a whole link
    std::mt19937 rng(1234);
    const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_%&=.#";
    for (int round = 0; round < 2000; ++round) {
        std::string s = *fragment;
        int edits = 1 + int(rng() % 4);
        for (int k = 0; k < edits; ++k) s[5 + rng() % (s.size() - 5)] = alphabet[rng() % (sizeof alphabet - 1)];
        auto r = decode_share_fragment(s);
        if (!r.ok()) CHECK_FALSE(r.error().message.empty());
    }
}
