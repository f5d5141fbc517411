// The clipboard text format (edit/event_clipboard.h): copied events survive the round trip
// through text exactly, and hostile text gives an error with a byte offset, never a crash.
#include <doctest/doctest.h>

#include "edit/event_clipboard.h"
#include "test_edit_support.h"

using namespace taescope;
using namespace taescope::test;

namespace {

bool same_events(const EventClipboard& a, const EventClipboard& b) {
    if (a.event_bank != b.event_bank || a.events.size() != b.events.size()) return false;
    for (size_t i = 0; i < a.events.size(); ++i) {
        const auto &x = a.events[i], &y = b.events[i];
        if (x.type != y.type || x.unknown04 != y.unknown04 || x.start_bits != y.start_bits ||
            x.end_bits != y.end_bits || x.parameters != y.parameters)
            return false;
    }
    return true;
}

}  // namespace

TEST_CASE("clipboard text: the documented example reads as written") {
    auto clip = clipboard_from_text(
        "taescope-events 1\n"
        "bank 36\n"
        "event 0 0 0x00000000 0x3F800000 0a000000000000000000000000000000  # 0.000 s .. 1.000 s\n"
        "event 943 -5 0x3F000000 0x3F000000 -\n");
    REQUIRE_MESSAGE(clip.ok(), (clip.ok() ? std::string() : clip.error().to_string()));
    CHECK(clip->event_bank == 36);
    REQUIRE(clip->events.size() == 2);
    CHECK(clip->events[0].end() == 1.0f);
    CHECK(clip->events[0].parameters.size() == 16);
    CHECK(clip->events[0].parameters[0] == 0x0A);
    CHECK(clip->events[1].type == 943);
    CHECK(clip->events[1].unknown04 == -5);
    CHECK(clip->events[1].start() == 0.5f);
    CHECK(clip->events[1].parameters.empty());
}

TEST_CASE("clipboard text: every event of a real animation round-trips exactly (Sekiro c5070)") {
    auto path = corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    Document doc = open_corpus_document(path);
    const TaeFile& f = *doc.taes[0].tae;
    size_t events = 0;
    for (const auto& a : f.animations) {
        std::vector<uint32_t> all;
        for (uint32_t i = 0; i < a.events.size(); ++i) all.push_back(i);
        auto clip = copy_events(f, a, all);
        REQUIRE(clip.ok());
        std::string text = clipboard_to_text(*clip);
        auto back = clipboard_from_text(text);
        REQUIRE_MESSAGE(back.ok(), (back.ok() ? std::string() : back.error().to_string()));
        CHECK(same_events(*clip, *back));
        CHECK(clipboard_to_text(*back) == text);
        events += all.size();
    }
    CHECK(events == f.event_count());
}

TEST_CASE("clipboard text: Windows line ends and comments are accepted") {
    auto clip = clipboard_from_text("# copied\r\ntaescope-events 1\r\n\r\nevent 1 0 0x00000000 0x00000000 00ff\r\n");
    REQUIRE(clip.ok());
    REQUIRE(clip->events.size() == 1);
    CHECK(clip->events[0].parameters == std::vector<uint8_t>{0x00, 0xFF});
    CHECK(clip->event_bank == 0);
}

TEST_CASE("clipboard text: hostile text is refused with the line and byte offset") {
    struct Case {
        const char* text;
        uint64_t offset;
        const char* says;
    };
    const Case cases[] = {
        {"", 0, "empty"},
        {"hello world", 0, "expected 'taescope-events 1' first"},
        {"taescope-events 2\n", 16, "version 2 is not supported"},
        {"taescope-events one\n", 16, "format version"},
        {"taescope-events 1\nevent 1 0 0x0 0x0 -\n", 28, "start time"},
        {"taescope-events 1\nevent 1 0 0x00000000 0x00000000 abc\n", 50, "odd count"},
        {"taescope-events 1\nevent 1 0 0x00000000 0x00000000 zz\n", 50, "hex digit"},
        {"taescope-events 1\nevent 99999999999 0 0x00000000 0x00000000 -\n", 24, "out of range"},
        {"taescope-events 1\nevent 1 0 0x00000000 0x00000000\n", 18, "6 words"},
        {"taescope-events 1\nevent 1 0 0x00000000 0x0000000G -\n", 39, "hex digit"},
        {"taescope-events 1\nmove 1\n", 18, "expected 'bank' or 'event'"},
        {"taescope-events 1\nevent 1 0 0x00000000 0x00000000 -\nbank 3\n", 52, "before the events"},
        {"taescope-events 1\nbank -1\n", 23, "out of range"},
        {"taescope-events 1\nevent -- 0 0x00000000 0x00000000 -\n", 24, "decimal integer"},
    };
    for (const auto& c : cases) {
        INFO("text: " << std::string(c.text));
        auto r = clipboard_from_text(c.text);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().offset == c.offset);
        CHECK(r.error().to_string().find(c.says) != std::string::npos);
    }
    auto line = clipboard_from_text("taescope-events 1\n\nevent x 0 0x00000000 0x00000000 -\n");
    REQUIRE_FALSE(line.ok());
    CHECK(line.error().context == "clipboard line 3");
}

TEST_CASE("clipboard text: size limits hold") {
    std::string huge_params = "taescope-events 1\nevent 1 0 0x00000000 0x00000000 " +
                              std::string(2 * (kClipboardMaxParameterBytes + 1), 'a') + "\n";
    CHECK_FALSE(clipboard_from_text(huge_params).ok());
    std::string many = "taescope-events 1\n";
    for (size_t i = 0; i <= kClipboardMaxEvents; ++i) many += "event 1 0 0x00000000 0x00000000 -\n";
    auto r = clipboard_from_text(many);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("more than 65536 events") != std::string::npos);
    CHECK_FALSE(clipboard_from_text(std::string(kClipboardMaxTextBytes + 1, ' ')).ok());
}

TEST_CASE("clipboard text: mutated texts never crash and errors point inside the text") {
    EventClipboard clip;
    clip.event_bank = 14;
    clip.events.push_back({64, 0, 0x3D088889, 0x3F000000, std::vector<uint8_t>(16, 0x5A)});
    clip.events.push_back({943, 101, 0xBD088889, 0x7F7FFFFF, {}});
    const std::string good = clipboard_to_text(clip);
    uint32_t state = 12345;
    auto next = [&] { return state = state * 1664525u + 1013904223u; };
    const char alphabet[] = "0123456789abcdefxX -#\n\r\t\x01\xFFgevntbk";
    for (int round = 0; round < 3000; ++round) {
        std::string t = good;
        int edits = 1 + int(next() % 4);
        for (int k = 0; k < edits; ++k) {
            size_t at = next() % (t.size() + 1);
            switch (next() % 3) {
                case 0:
                    if (at < t.size()) t[at] = alphabet[next() % (sizeof alphabet - 1)];
                    break;
                case 1:
                    t.insert(at, 1, alphabet[next() % (sizeof alphabet - 1)]);
                    break;
                default:
                    if (at < t.size()) t.erase(at, 1 + next() % 8);
                    break;
            }
        }
        auto r = clipboard_from_text(t);
        if (!r.ok()) {
            CHECK(r.error().offset <= t.size());
            CHECK_FALSE(r.error().message.empty());
        }
    }
}

TEST_CASE("clipboard: pasting text copied from one animation into another applies and undoes") {
    EditSession s(synthetic_document(), nullptr);
    const TaeFile& f = *s.document().taes[0].tae;
    auto clip = copy_events(f, f.animations[1], {2, 3});
    REQUIRE(clip.ok());
    auto parsed = clipboard_from_text(clipboard_to_text(*clip));
    REQUIRE(parsed.ok());
    std::vector<uint8_t> before = written(s);
    auto r = s.apply(PasteEvents{{0, 0}, *parsed, std::nullopt});
    REQUIRE(r.ok());
    CHECK(r->label == "Paste 2 events into a000_003000");
    const auto& a = s.document().taes[0].tae->animations[0];
    REQUIRE(a.events.size() == 3);
    CHECK(a.events[1].start_bits == f.animations[1].events[2].start_bits);
    CHECK(a.events[2].type == 129);
    CHECK(group_membership_problem(*s.document().taes[0].tae) == "");
    REQUIRE(s.undo().ok());
    CHECK(written(s) == before);
    CHECK_FALSE(copy_events(f, f.animations[1], {5}).ok());
}
