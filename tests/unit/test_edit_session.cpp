// Edit commands and their undo: every command, undone, gives back the file byte for byte; redone,
// the same bytes as when it was first applied. Checked on real files (Sekiro c5070 binder,
// Elden Ring loose c0000-a512.tae) and on a small synthetic file whose numbers a reader can follow.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>

#include "binder/animation_names.h"
#include "edit/event_groups.h"
#include "tae/tae_reader.h"
#include "tae/tae_validator.h"
#include "templates/builtin_templates.h"
#include "templates/event_decoder.h"
#include "test_edit_support.h"

using namespace taescope;
using namespace taescope::test;

namespace {

// Applies `command`, checks it changed the written file, that undo restores the bytes and the
// `modified` flag exactly, and that redo gives the applied bytes again. Leaves the command applied.
void check_undo_and_redo(EditSession& s, const EditCommand& command, size_t tae = 0) {
    std::vector<uint8_t> before = written(s, tae);
    bool modified_before = s.document().taes[tae].modified;
    auto r = s.apply(command);
    REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().to_string()));
    INFO("command: " << r->label);
    std::vector<uint8_t> after = written(s, tae);
    CHECK(after != before);
    CHECK(group_membership_problem(*s.document().taes[tae].tae) == "");
    auto reread = read_tae(after);
    REQUIRE_MESSAGE(reread.ok(), (reread.ok() ? std::string() : reread.error().to_string()));
    CHECK(write_tae(*reread) == after);
    REQUIRE(s.undo().ok());
    CHECK(written(s, tae) == before);
    CHECK(s.document().taes[tae].modified == modified_before);
    REQUIRE(s.redo().ok());
    CHECK(written(s, tae) == after);
    CHECK(s.document().taes[tae].modified);
}

// One of every command, aimed at animation `a` (at least 4 events) of event file `tae`.
std::vector<EditCommand> one_of_each(const Document& doc, AnimationTarget a, const GameTemplates* templates) {
    const TaeFile& f = *doc.taes[a.tae].tae;
    const TaeAnimation& anim = f.animations[a.animation];
    uint64_t free_number = f.animations.back().number + 1;
    std::vector<EditCommand> out;
    out.push_back(MoveEvents{a, {3}, 0.5});
    out.push_back(MoveEvents{a, {1, 2}, 0.25, false});
    out.push_back(ResizeEvent{{a.tae, a.animation, 0}, EventEdge::End, 2.0});
    out.push_back(ResizeEvent{{a.tae, a.animation, 0}, EventEdge::Start, -1.0 / 30});
    out.push_back(ChangeEventType{{a.tae, a.animation, 1}, 999, false});
    out.push_back(ChangeEventType{{a.tae, a.animation, 2}, anim.events[0].type, true});
    out.push_back(SetEventParameters{{a.tae, a.animation, 1}, {1, 2, 3}});
    out.push_back(AddEvent{a, anim.events[0].type, 0.1, 0.4});
    out.push_back(AddEvent{a, 123456, 0.1, 0.4, true, std::vector<uint8_t>(32, 0xAB)});
    out.push_back(DuplicateEvents{a, {0, 2}});
    out.push_back(DeleteEvents{a, {1, 3}});
    auto clip = copy_events(f, anim, {0, 1});
    REQUIRE(clip.ok());
    out.push_back(PasteEvents{{a.tae, a.animation == 0 ? 1u : 0u}, *clip, 0.7});
    out.push_back(PasteEvents{a, *clip, std::nullopt});
    out.push_back(AddAnimation{a.tae, free_number});
    out.push_back(RemoveAnimation{a});
    out.push_back(DuplicateAnimation{a, free_number + 1});
    out.push_back(RenumberAnimation{a, free_number + 2});
    // A template field edit: the first present scalar, non-asserted field of an event of the animation.
    if (templates)
        for (uint32_t e = 0; e < anim.events.size(); ++e) {
            auto d = decode_event(templates, uint32_t(anim.events[e].type), f.parameters(anim.events[e]));
            for (size_t i = 0; i < d.fields.size(); ++i) {
                const auto& fld = *d.fields[i].field;
                if (!d.fields[i].present || fld.type == FieldType::Bytes || fld.asserted || fld.type == FieldType::Bool)
                    continue;
                out.push_back(SetEventField{{a.tae, a.animation, e}, i, "7"});
                return out;
            }
        }
    if (templates) FAIL_CHECK("no template field edit found");
    return out;
}

void check_every_command(Document doc) {
    const GameTemplates* templates = templates_for_document(doc);
    REQUIRE(templates != nullptr);
    AnimationTarget a = animation_with_events(doc, 0, 4);
    auto commands = one_of_each(doc, a, templates);
    for (const auto& c : commands) {
        EditSession s(doc, templates);
        check_undo_and_redo(s, c);
    }
    // All of them in one session, then undone one by one back to the opened file.
    EditSession s(doc, templates);
    std::vector<uint8_t> original = written(s);
    // Indices go stale as the commands pile up (an animation removed, events deleted): a refused
    // command must change nothing, so the undo chain stays exact either way.
    size_t applied = 0;
    for (const auto& c : commands) applied += s.apply(c).ok();
    CHECK(applied >= commands.size() / 2);
    CHECK(s.history().size() == applied);
    CHECK(s.is_dirty());
    while (s.can_undo()) REQUIRE(s.undo().ok());
    CHECK(written(s) == original);
    CHECK_FALSE(s.is_dirty());
    CHECK_FALSE(s.document().taes[0].modified);
}

}  // namespace

TEST_CASE("edit: every command undoes to the byte-identical file and redoes exactly (Sekiro c5070 binder)") {
    auto path = corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    check_every_command(open_corpus_document(path));
}

TEST_CASE("edit: every command undoes to the byte-identical file and redoes exactly (Elden Ring c0000-a512.tae)") {
    auto path = corpus_path("eldenring/c0000-a512.tae");
    if (path.empty()) return;
    check_every_command(open_corpus_document(path));
}

TEST_CASE("edit: every command undoes to the byte-identical file and redoes exactly (synthetic)") {
    Document doc = synthetic_document();
    const GameTemplates* er = builtin_templates("ER");
    REQUIRE(er);
    auto commands = one_of_each(doc, {0, 1}, nullptr);
    for (const auto& c : commands) {
        EditSession s(doc, er);
        check_undo_and_redo(s, c);
    }
}

TEST_CASE("edit: labels name the event, the animation and the time") {
    EditSession s(synthetic_document(), nullptr);
    auto r = s.apply(MoveEvents{{0, 1}, {3}, 0.5});
    REQUIRE(r.ok());
    CHECK(r->label == "Move event 3 of a000_003004 to 0.500 s");
    CHECK(r->selection.animation == AnimationTarget{0, 1});
    CHECK(r->selection.events == std::vector<uint32_t>{3});
    REQUIRE(s.apply(DeleteEvents{{0, 1}, {0, 2}}).ok());
    REQUIRE(s.apply(RenumberAnimation{{0, 0}, 3020}).ok());
    auto h = s.history();
    REQUIRE(h.size() == 3);
    CHECK(h[1].label == "Delete 2 events of a000_003004");
    CHECK(h[2].label == "Renumber a000_003000 to a000_003020");
    auto u = s.undo();
    REQUIRE(u.ok());
    CHECK(u->label == "Undo Renumber a000_003000 to a000_003020");
    CHECK(u->selection.animation == AnimationTarget{0, 0});
}

TEST_CASE("edit: snap puts times on frames (1/30 s); free keeps the time given") {
    EditSession s(synthetic_document(), nullptr);
    REQUIRE(s.apply(MoveEvents{{0, 1}, {1}, 0.51}).ok());  // nearest frame: 15/30
    const auto& e = s.document().taes[0].tae->animations[1].events[1];
    CHECK(e.start_bits == TaeEvent::f32_to_bits(float(15 / 30.0)));
    CHECK(e.end() == doctest::Approx(0.7).epsilon(1e-6));  // 0.4 + 0.3 (length kept, snapped to frame 21)
    CHECK(e.end_bits == TaeEvent::f32_to_bits(float(21 / 30.0)));
    REQUIRE(s.apply(MoveEvents{{0, 1}, {1}, 0.51, false}).ok());
    CHECK(s.document().taes[0].tae->animations[1].events[1].start_bits == TaeEvent::f32_to_bits(0.51f));
}

TEST_CASE("edit: moving several events keeps their distances; an open (f32 max) end stays open") {
    TaeFile f = synthetic_tae();
    f.animations[1].events[2].end_bits = 0x7F7FFFFF;  // "until the animation ends"
    auto doc = open_document(write_tae(f), "synthetic.tae");
    REQUIRE(doc.ok());
    EditSession s(std::move(doc).value(), nullptr);
    REQUIRE(s.apply(MoveEvents{{0, 1}, {1, 2}, 0.3}).ok());  // event 1 from 0.2 to 0.3: +0.1
    const auto& ev = s.document().taes[0].tae->animations[1].events;
    CHECK(ev[1].start() == doctest::Approx(0.3));
    CHECK(ev[2].start() == doctest::Approx(0.2));  // 0.1 + 0.1
    CHECK(ev[2].end_bits == 0x7F7FFFFF);
    CHECK(ev[0].start() == 0.0f);  // not selected
}

TEST_CASE("edit: a resized edge stops at the other edge") {
    EditSession s(synthetic_document(), nullptr);
    REQUIRE(s.apply(ResizeEvent{{0, 1, 1}, EventEdge::End, 0.0}).ok());  // event 1 starts at 0.2
    const auto& e = s.document().taes[0].tae->animations[1].events[1];
    CHECK(e.end_bits == e.start_bits);
}

TEST_CASE("edit: a drag merges into one undo step; another drag is another step") {
    auto path = corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    EditSession s(open_corpus_document(path));
    AnimationTarget a = animation_with_events(s.document(), 0, 2);
    std::vector<uint8_t> original = written(s);
    for (int step = 1; step <= 20; ++step) REQUIRE(s.apply(MoveEvents{a, {1}, step * 0.05, true, 7}).ok());
    std::vector<uint8_t> after_drag = written(s);
    CHECK(s.history().size() == 1);
    CHECK(s.history()[0].label.find("to 1.000 s") != std::string::npos);
    for (int step = 1; step <= 5; ++step)
        REQUIRE(s.apply(ResizeEvent{{a.tae, a.animation, 1}, EventEdge::End, 1.0 + step * 0.1, true, 8}).ok());
    CHECK(s.history().size() == 2);
    REQUIRE(s.undo().ok());
    CHECK(written(s) == after_drag);
    REQUIRE(s.undo().ok());
    CHECK(written(s) == original);
    CHECK_FALSE(s.can_undo());
    REQUIRE(s.redo().ok());
    CHECK(written(s) == after_drag);
}

TEST_CASE("edit: a new command after an undo drops the redo branch") {
    EditSession s(synthetic_document(), nullptr);
    REQUIRE(s.apply(MoveEvents{{0, 1}, {0}, 0.1}).ok());
    REQUIRE(s.apply(MoveEvents{{0, 1}, {1}, 0.1}).ok());
    REQUIRE(s.undo().ok());
    CHECK(s.can_redo());
    auto h = s.history();
    REQUIRE(h.size() == 2);
    CHECK(h[0].done);
    CHECK_FALSE(h[1].done);
    REQUIRE(s.apply(DeleteEvents{{0, 1}, {4}}).ok());
    CHECK_FALSE(s.can_redo());
    h = s.history();
    REQUIRE(h.size() == 2);
    CHECK(h[1].label == "Delete event 4 of a000_003004");
    CHECK_FALSE(s.redo().ok());
}

TEST_CASE("edit: dirty is relative to the last save point") {
    EditSession s(synthetic_document(), nullptr);
    CHECK_FALSE(s.is_dirty());
    REQUIRE(s.apply(MoveEvents{{0, 1}, {0}, 0.1}).ok());
    CHECK(s.is_dirty());
    REQUIRE(s.undo().ok());
    CHECK_FALSE(s.is_dirty());
    REQUIRE(s.redo().ok());
    s.mark_saved();
    CHECK_FALSE(s.is_dirty());
    REQUIRE(s.undo().ok());
    CHECK(s.is_dirty());
    REQUIRE(s.redo().ok());
    CHECK_FALSE(s.is_dirty());
    // A drag continued after the save makes the document dirty although it is still one step.
    REQUIRE(s.apply(MoveEvents{{0, 1}, {2}, 0.2, true, 5}).ok());
    s.mark_saved();
    REQUIRE(s.apply(MoveEvents{{0, 1}, {2}, 0.3, true, 5}).ok());
    CHECK(s.is_dirty());
    // A save point on a dropped redo branch can never be reached again.
    REQUIRE(s.undo().ok());
    REQUIRE(s.apply(DeleteEvents{{0, 1}, {0}}).ok());
    CHECK(s.is_dirty());
}

TEST_CASE("edit: a refused command changes nothing and is not in the history") {
    EditSession s(synthetic_document(), nullptr);
    std::vector<uint8_t> original = written(s);
    auto bad = s.apply(MoveEvents{{0, 1}, {9}, 0.1});
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message == "no event 9 in a000_003004 (it has 5)");
    auto dup = s.apply(AddAnimation{0, 3010});
    REQUIRE_FALSE(dup.ok());
    CHECK(dup.error().message.find("already holds animation a000_003010") != std::string::npos);
    auto renumber = s.apply(RenumberAnimation{{0, 0}, 3004});
    REQUIRE_FALSE(renumber.ok());
    CHECK_FALSE(s.apply(MoveEvents{{0, 1}, {0}, std::nan("")}).ok());
    CHECK_FALSE(s.apply(SetEventField{{0, 1, 0}, 0, "1"}).ok());  // no templates in this session
    CHECK_FALSE(s.apply(AddEvent{{0, 7}, 0, 0, 1}).ok());
    CHECK_FALSE(s.apply(PasteEvents{{0, 1}, {}, 0.0}).ok());
    CHECK(s.history().empty());
    CHECK_FALSE(s.is_dirty());
    CHECK(written(s) == original);
}

TEST_CASE("edit: animations stay in ascending order: add and renumber take their sorted place") {
    EditSession s(synthetic_document(), nullptr);
    auto r = s.apply(AddAnimation{0, 3002});
    REQUIRE(r.ok());
    CHECK(r->selection.animation == AnimationTarget{0, 1});
    REQUIRE(s.apply(RenumberAnimation{{0, 0}, 3007}).ok());  // 3000 moves between 3004 and 3010
    std::vector<uint64_t> numbers;
    for (const auto& a : s.document().taes[0].tae->animations) numbers.push_back(a.number);
    CHECK(numbers == std::vector<uint64_t>{3002, 3004, 3007, 3010});
    const auto& renumbered = s.document().taes[0].tae->animations[2];
    CHECK(renumbered.motion_file_name == std::u16string(u"a000_003007.hkt"));
    const auto& added = s.document().taes[0].tae->animations[0];
    CHECK(added.motion_file_name == std::u16string(u"a000_003002.hkt"));
    CHECK(added.motion_source() == -1);
    for (const auto& f : validate_tae(written(s))) CHECK_MESSAGE(f.severity != TaeSeverity::Error, f.to_string());
}

TEST_CASE("edit: an outcome names the files it changed and says when animations were added, removed or renumbered, also on undo and redo") {
    EditSession s(synthetic_document(), nullptr);
    auto table_changed = [&](const EditCommand& command) {
        auto r = s.apply(command);
        REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().to_string()));
        auto undone = s.undo();
        REQUIRE(undone.ok());
        auto redone = s.redo();
        REQUIRE(redone.ok());
        CHECK(undone->animation_table_changed == r->animation_table_changed);
        CHECK(redone->animation_table_changed == r->animation_table_changed);
        CHECK(r->files_changed == std::vector<size_t>{0});
        CHECK(undone->files_changed == std::vector<size_t>{0});
        CHECK(redone->files_changed == std::vector<size_t>{0});
        return r->animation_table_changed;
    };
    const AnimationTarget first{0, 0};
    CHECK_FALSE(table_changed(MoveEvents{first, {0}, 0.5}));
    CHECK_FALSE(table_changed(DeleteEvents{first, {0}}));
    CHECK_FALSE(table_changed(AddEvent{first, 0, 0.1, 0.4}));
    CHECK(table_changed(AddAnimation{0, 3002}));
    CHECK(table_changed(RenumberAnimation{{0, 0}, 3001}));
    CHECK(table_changed(DuplicateAnimation{{0, 0}, 3020}));
    CHECK(table_changed(RemoveAnimation{{0, 1}}));
}

TEST_CASE("edit: a group file refuses numbers outside its group") {
    auto doc = open_document(write_tae(synthetic_tae()), "a10.tae");  // a loose aNN.tae is a group file
    REQUIRE(doc.ok());
    EditSession s(std::move(doc).value(), nullptr);
    auto r = s.apply(AddAnimation{0, 1000000});
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("below 1,000,000") != std::string::npos);
    auto ok = s.apply(AddAnimation{0, 5});
    REQUIRE(ok.ok());
    CHECK(ok->label == "Add animation a010_000005");
}

TEST_CASE("edit groups: an added event joins the group of the last event of its type") {
    EditSession s(synthetic_document(), nullptr);
    auto r = s.apply(AddEvent{{0, 1}, 0, 0.0, 0.1});
    REQUIRE(r.ok());
    const auto& a = s.document().taes[0].tae->animations[1];
    CHECK(a.groups.size() == 3);
    CHECK(a.groups[0].event_indices == std::vector<uint32_t>{0, 1, 4, 5});
}

TEST_CASE("edit groups: a new type gets a new group with the stored type the file uses for it") {
    EditSession s(synthetic_document(), nullptr);
    // Animation 3010 has no type-129 event; the file stores 128 for its group of type-129 events.
    REQUIRE(s.apply(AddEvent{{0, 2}, 129, 0.0, 0.1}).ok());
    REQUIRE(s.apply(AddEvent{{0, 2}, 77, 0.0, 0.1}).ok());  // never grouped in this file: its own type
    const auto& a = s.document().taes[0].tae->animations[2];
    REQUIRE(a.groups.size() == 3);
    CHECK(a.groups[1].type == 128);
    CHECK(a.groups[1].event_indices == std::vector<uint32_t>{1});
    CHECK(a.groups[2].type == 77);
}

TEST_CASE("edit groups: deleting removes the groups it empties, keeps the ones empty before") {
    TaeFile f = synthetic_tae();
    f.animations[1].groups.push_back({300, {}, 0, {}});  // empty in the file, as 246 Sekiro c0000 groups are
    auto doc = open_document(write_tae(f), "synthetic.tae");
    REQUIRE(doc.ok());
    EditSession s(std::move(doc).value(), nullptr);
    REQUIRE(s.apply(DeleteEvents{{0, 1}, {2, 0}}).ok());  // event 2 is alone in the type-64 group
    const auto& a = s.document().taes[0].tae->animations[1];
    REQUIRE(a.groups.size() == 3);
    CHECK(a.groups[0].event_indices == std::vector<uint32_t>{0, 2});  // old 1 and 4
    CHECK(a.groups[1].type == 128);
    CHECK(a.groups[1].event_indices == std::vector<uint32_t>{1});  // old 3
    CHECK(a.groups[2].type == 300);
}

TEST_CASE("edit groups: a retyped event moves to a group of its new type; alone, its group follows it") {
    EditSession s(synthetic_document(), nullptr);
    REQUIRE(s.apply(ChangeEventType{{0, 1, 1}, 64}).ok());  // shared the type-0 group
    const auto& a = s.document().taes[0].tae->animations[1];
    CHECK(a.groups[0].event_indices == std::vector<uint32_t>{0, 4});
    CHECK(a.groups[1].event_indices == std::vector<uint32_t>{1, 2});
    REQUIRE(s.apply(ChangeEventType{{0, 1, 3}, 500}).ok());  // alone in its group
    CHECK(s.document().taes[0].tae->animations[1].groups[2].type == 500);
    CHECK(s.document().taes[0].tae->animations[1].groups[2].event_indices == std::vector<uint32_t>{3});
}

TEST_CASE("edit: paste across animations and across files keeps type, i32 at +4 and bytes") {
    auto sekiro = corpus_path("sekiro/c5070.anibnd.dcx");
    if (sekiro.empty()) return;
    Document source = open_corpus_document(sekiro);
    AnimationTarget from = animation_with_events(source, 0, 3);
    const TaeFile& sf = *source.taes[0].tae;
    const TaeAnimation& sa = sf.animations[from.animation];
    auto clip = copy_events(sf, sa, {0, 2});
    REQUIRE(clip.ok());
    CHECK(clip->event_bank == sf.header.event_bank);

    EditSession s(synthetic_document(), nullptr);
    auto r = s.apply(PasteEvents{{0, 2}, *clip, 1.0});
    REQUIRE(r.ok());
    CHECK(r->selection.events == std::vector<uint32_t>{1, 2});
    const TaeFile& tf = *s.document().taes[0].tae;
    const auto& events = tf.animations[2].events;
    double earliest = std::min(sa.events[0].start(), sa.events[2].start());
    for (int k = 0; k < 2; ++k) {
        const TaeEvent& src = sa.events[k == 0 ? 0 : 2];
        const TaeEvent& dst = events[1 + k];
        CHECK(dst.type == src.type);
        CHECK(dst.unknown04 == src.unknown04);
        CHECK(dst.start() == doctest::Approx(snap_to_frame(src.start() - earliest + 1.0)));
        Bytes p = sf.parameters(src), q = tf.parameters(dst);
        CHECK(std::vector<uint8_t>(p.begin(), p.end()) == std::vector<uint8_t>(q.begin(), q.end()));
    }
    CHECK(group_membership_problem(tf) == "");
}

TEST_CASE("edit: a template field edit changes that field's bytes only (Elden Ring c0000-a512.tae)") {
    auto path = corpus_path("eldenring/c0000-a512.tae");
    if (path.empty()) return;
    EditSession s(open_corpus_document(path));
    REQUIRE(s.templates());
    const TaeFile& f = *s.document().taes[0].tae;
    // The first event with a present, unasserted s32 or f32 field.
    for (size_t a = 0; a < f.animations.size(); ++a)
        for (uint32_t e = 0; e < f.animations[a].events.size(); ++e) {
            const TaeEvent& ev = f.animations[a].events[e];
            Bytes old = f.parameters(ev);
            auto d = decode_event(s.templates(), uint32_t(ev.type), old);
            for (size_t i = 0; i < d.fields.size(); ++i) {
                const auto& fd = d.fields[i];
                if (!fd.present || fd.field->asserted ||
                    (fd.field->type != FieldType::S32 && fd.field->type != FieldType::F32))
                    continue;
                std::vector<uint8_t> before(old.begin(), old.end());
                auto r = s.apply(SetEventField{{0, a, e}, i, "12"});
                REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().to_string()));
                CHECK(r->label.find("Set ") == 0);
                const TaeFile& g = *s.document().taes[0].tae;
                Bytes now = g.parameters(g.animations[a].events[e]);
                REQUIRE(now.size() == before.size());
                auto back = decode_event(s.templates(), uint32_t(ev.type), now);
                CHECK(back.fields[i].value_text(now) == "12");
                for (size_t b = 0; b < before.size(); ++b)
                    if (b < fd.offset || b >= fd.offset + fd.size) CHECK(now[b] == before[b]);
                auto bad = s.apply(SetEventField{{0, a, e}, i, "twelve"});
                CHECK_FALSE(bad.ok());
                CHECK(s.history().size() == 1);
                return;
            }
        }
    FAIL("no editable field found");
}
