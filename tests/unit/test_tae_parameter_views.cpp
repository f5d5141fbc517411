// Events view their parameter bytes in the bytes the file was read from (a binder's decompressed
// payload): reading copies none of them. An edit gives only the event it touches bytes of its
// own; every other event still views the payload, the written file differs from the original
// only where the edit was, and undo brings the view back. Checked on the Sekiro c5070 binder
// (one event file, 679 events) and on a loose Elden Ring event file.
#include <doctest/doctest.h>

#include <map>
#include <tuple>

#include "edit/event_clipboard.h"
#include "tae/tae_reader.h"
#include "tae/tae_writer.h"
#include "test_edit_support.h"

using namespace taescope;
using namespace taescope::test;

namespace {

bool inside(Bytes part, Bytes whole) {
    return part.data() >= whole.data() && part.data() + part.size() <= whole.data() + whole.size();
}

// Where each event's bytes are, by (animation number, event index): numbers survive commands
// that insert animations, and the event commands below only append events.
using ViewMap = std::map<std::tuple<uint64_t, uint32_t>, const uint8_t*>;

ViewMap views(const TaeFile& f) {
    ViewMap out;
    for (const auto& a : f.animations)
        for (uint32_t e = 0; e < a.events.size(); ++e) out[{a.number, e}] = f.parameters(a.events[e]).data();
    return out;
}

// How many events of `before` no longer view the same bytes in `after` (events gone are not counted).
size_t views_moved(const ViewMap& before, const ViewMap& after) {
    size_t moved = 0;
    for (const auto& [key, pointer] : before) {
        auto it = after.find(key);
        if (it != after.end() && it->second != pointer) ++moved;
    }
    return moved;
}

struct OpenedBinder {
    Document doc;
    std::vector<uint8_t> member;  // the event file's bytes as read, kept apart for comparisons
};

std::optional<OpenedBinder> open_c5070() {
    const std::string path = corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return std::nullopt;
    OpenedBinder b{open_corpus_document(path), {}};
    REQUIRE(b.doc.taes.size() == 1);
    REQUIRE(b.doc.taes[0].tae);
    REQUIRE(b.doc.bnd4);
    const SharedBytes& m = b.doc.bnd4->members[b.doc.taes[0].slot.member_index].data;
    b.member.assign(m.begin(), m.end());
    return b;
}

}  // namespace

TEST_CASE("parameter views: after reading a binder, every event's bytes lie inside its decompressed payload") {
    auto b = open_c5070();
    if (!b) return;
    const TaeFile& f = *b->doc.taes[0].tae;
    const Bytes payload = b->doc.container.payload;
    const Bytes member = b->doc.bnd4->members[b->doc.taes[0].slot.member_index].data;
    CHECK(inside(member, payload));  // the member is a window, and the file's source is that window
    CHECK(f.source.data() == member.data());
    CHECK(f.source.size() == member.size());
    size_t events = 0, in_member = 0;
    for (const auto& a : f.animations)
        for (const auto& e : a.events) {
            ++events;
            CHECK(e.parameters_in_source);
            if (inside(f.parameters(e), member)) ++in_member;
        }
    CHECK(events == 679);
    CHECK(in_member == events);
    CHECK(f.edited_parameter_bytes.empty());  // nothing was copied
}

TEST_CASE("parameter views: set_parameters gives one event bytes of its own and never writes the source") {
    auto b = open_c5070();
    if (!b) return;
    TaeFile f = *b->doc.taes[0].tae;  // a copy shares the source
    const TaeFile& original = *b->doc.taes[0].tae;
    CHECK(f.source.shares_buffer_with(original.source));
    const ViewMap before = views(f);
    CHECK(before == views(original));

    TaeEvent& e = f.animations[3].events[0];
    std::vector<uint8_t> bytes(e.parameter_size, 0xA5);  // the same size: still not written in place
    f.set_parameters(e, bytes);
    CHECK_FALSE(e.parameters_in_source);
    CHECK_FALSE(inside(f.parameters(e), f.source));
    CHECK(std::vector<uint8_t>(f.parameters(e).begin(), f.parameters(e).end()) == bytes);
    CHECK(views_moved(before, views(f)) == 1);
    // The source (and so the original file and the payload) is unchanged.
    CHECK(std::equal(f.source.begin(), f.source.end(), b->member.begin(), b->member.end()));
    CHECK(views(original) == before);
    CHECK(write_tae(original) == b->member);

    // A second edit of the same size goes in place over the event's own bytes.
    const uint8_t* own = f.parameters(e).data();
    f.set_parameters(e, std::vector<uint8_t>(e.parameter_size, 0x5A));
    CHECK(f.parameters(e).data() == own);
    CHECK(f.parameters(e)[0] == 0x5A);
}

TEST_CASE("parameter views: edit commands leave every other event's bytes shared; export differs only where edited") {
    auto b = open_c5070();
    if (!b) return;
    EditSession s(std::move(b->doc));
    const AnimationTarget at = animation_with_events(s.document(), 0, 3);
    const uint64_t number = s.document().taes[0].tae->animations[at.animation].number;
    const ViewMap original = views(*s.document().taes[0].tae);
    const SharedBytes source = s.document().taes[0].tae->source;

    // One event's bytes, same length: the written file differs from the original only inside
    // that event's parameter bytes.
    const TaeEvent& target = s.document().taes[0].tae->animations[at.animation].events[1];
    std::vector<uint8_t> new_bytes(target.parameter_size, 0x7E);
    REQUIRE(!new_bytes.empty());
    REQUIRE(s.apply(SetEventParameters{{0, at.animation, 1}, new_bytes}).ok());
    {
        const TaeFile& f = *s.document().taes[0].tae;
        CHECK(views_moved(original, views(f)) == 1);
        CHECK(views(f).at({number, 1}) != original.at({number, 1}));
        TaeLayout layout;
        auto reread = read_tae(b->member, &layout);
        REQUIRE(reread.ok());
        const TaeEventLayout& where = layout.events[layout.animations[at.animation].first_event + 1];
        const uint64_t begin = where.data_offset + 16, end = begin + new_bytes.size();
        const std::vector<uint8_t> out = write_tae(f);
        REQUIRE(out.size() == b->member.size());
        size_t differing_outside = 0;
        for (size_t i = 0; i < out.size(); ++i)
            if ((i < begin || i >= end) && out[i] != b->member[i]) ++differing_outside;
        CHECK(differing_outside == 0);
        CHECK(std::equal(out.begin() + begin, out.begin() + end, new_bytes.begin()));
        // Read back, the edited event carries the new bytes and every other event its old ones.
        auto back = read_tae(out);
        REQUIRE(back.ok());
        const auto& ea = back->animations[at.animation].events;
        CHECK(std::vector<uint8_t>(back->parameters(ea[1]).begin(), back->parameters(ea[1]).end()) == new_bytes);
        for (size_t a = 0; a < back->animations.size(); ++a)
            for (size_t e = 0; e < back->animations[a].events.size(); ++e) {
                if (a == at.animation && e == 1) continue;
                Bytes p = back->parameters(back->animations[a].events[e]);
                Bytes q = reread->parameters(reread->animations[a].events[e]);
                if (!std::equal(p.begin(), p.end(), q.begin(), q.end())) FAIL("event " << e << " of animation " << a);
            }
    }
    // Undo: the event views the source again, at the same place, and the file writes the original.
    REQUIRE(s.undo().ok());
    CHECK(views(*s.document().taes[0].tae) == original);
    CHECK(write_tae(*s.document().taes[0].tae) == b->member);

    // Each command touches only the events it names: the others keep their views.
    auto clip = copy_events(*s.document().taes[0].tae, s.document().taes[0].tae->animations[at.animation], {0, 2});
    REQUIRE(clip.ok());
    const int32_t type = s.document().taes[0].tae->animations[at.animation].events[0].type;
    const uint64_t free_number = s.document().taes[0].tae->animations.back().number + 1;
    const std::vector<std::pair<const char*, EditCommand>> commands = {
        {"change type with reset", ChangeEventType{{0, at.animation, 0}, type, true}},
        {"add event", AddEvent{at, type, 0.1, 0.2, true, std::nullopt}},
        {"duplicate events", DuplicateEvents{at, {0, 1}}},
        {"paste events", PasteEvents{at, *clip, 0.3, true}},
        {"duplicate animation", DuplicateAnimation{at, free_number}},
        {"move event", MoveEvents{at, {2}, 0.5, true, 0}},
    };
    for (const auto& entry : commands) {  // not a structured binding: clang 14 cannot capture one in INFO
        const std::string name = entry.first;
        INFO("command: " << name);
        REQUIRE(s.apply(entry.second).ok());
        const ViewMap now = views(*s.document().taes[0].tae);
        CHECK(views_moved(original, now) == 1);  // the event the first command retyped, and no other
    }
    // Every event read from the file that no command gave new bytes still views the payload.
    {
        const TaeFile& f = *s.document().taes[0].tae;
        size_t viewing = 0;
        for (const auto& a : f.animations)
            for (const auto& e : a.events)
                if (e.parameters_in_source) {
                    CHECK(inside(f.parameters(e), source));
                    ++viewing;
                }
        CHECK(viewing >= original.size() - 1);
    }
    // Undo them all: the original bytes and views again.
    while (s.can_undo()) REQUIRE(s.undo().ok());
    CHECK(views(*s.document().taes[0].tae) == original);
    CHECK(write_tae(*s.document().taes[0].tae) == b->member);
    auto exported = export_document(s.document());
    REQUIRE(exported.ok());
    CHECK(*exported == load(corpus_path("sekiro/c5070.anibnd.dcx")));
}

TEST_CASE("parameter views: a file outlives the buffer it was read from") {
    auto b = open_c5070();
    if (!b) return;
    std::optional<TaeFile> kept = *b->doc.taes[0].tae;
    b->doc = Document{};  // the payload's last other holder is gone: the file keeps it alive
    CHECK(write_tae(*kept) == b->member);

    // read_tae of a plain view copies the bytes once into a buffer the file owns.
    std::optional<TaeFile> from_view;
    {
        std::vector<uint8_t> temporary = b->member;
        auto r = read_tae(temporary);
        REQUIRE(r.ok());
        from_view = std::move(r).value();
        CHECK_FALSE(inside(from_view->parameters(from_view->animations[0].events[0]), temporary));
    }
    CHECK(write_tae(*from_view) == b->member);
    CHECK(same_content(*from_view, *kept));
}

TEST_CASE("parameter views: a loose event file's events view the document payload") {
    const std::string path = corpus_path("eldenring/c0000-a512.tae");
    if (path.empty()) return;
    Document doc = open_corpus_document(path);
    REQUIRE(doc.taes.size() == 1);
    REQUIRE(doc.taes[0].tae);
    const TaeFile& f = *doc.taes[0].tae;
    CHECK(f.source.shares_buffer_with(doc.container.payload));
    size_t events = 0, inside_payload = 0;
    for (const auto& a : f.animations)
        for (const auto& e : a.events) {
            ++events;
            if (inside(f.parameters(e), doc.container.payload)) ++inside_payload;
        }
    CHECK(events > 0);
    CHECK(inside_payload == events);
}
