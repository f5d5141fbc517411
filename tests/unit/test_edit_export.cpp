// Exporting edits (edit/export_check.h): the edited binder re-opens with the edit and every
// other member byte-identical; undone edits export the original file; the check sorts what
// the validator and the templates find into blocking problems and warnings.
#include <doctest/doctest.h>

#include <algorithm>

#include "edit/export_check.h"
#include "tae/tae_reader.h"
#include "test_edit_support.h"

using namespace taescope;
using namespace taescope::test;

namespace {

const SharedBytes& member_data(const Document& d, size_t i) { return d.bnd4->members[i].data; }

}  // namespace

TEST_CASE("export: an edit on Sekiro c5070 re-opens with the edit; every other member is byte-identical") {
    auto path = corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    Document original = open_corpus_document(path);
    EditSession s(original);
    AnimationTarget a = animation_with_events(s.document(), 0, 2);
    REQUIRE(s.apply(MoveEvents{a, {1}, 0.5}).ok());
    auto out = export_checked(s.document(), s.templates());
    REQUIRE_MESSAGE(out.ok(), (out.ok() ? std::string() : out.error().to_string()));
    for (const auto& b : out->check.blocking) MESSAGE(b.file << ": " << b.message);
    CHECK(out->check.ok());
    REQUIRE_FALSE(out->bytes.empty());
    s.mark_saved();
    CHECK_FALSE(s.is_dirty());

    auto reopened = open_document(out->bytes, "edited.anibnd.dcx");
    REQUIRE(reopened.ok());
    CHECK(reopened->container.info.variant_name() == original.container.info.variant_name());
    REQUIRE(reopened->bnd4->members.size() == original.bnd4->members.size());
    size_t tae_member = original.taes[0].slot.member_index;
    for (size_t i = 0; i < original.bnd4->members.size(); ++i) {
        INFO("member " << i << " " << original.bnd4->members[i].name);
        CHECK(reopened->bnd4->members[i].name == original.bnd4->members[i].name);
        CHECK(reopened->bnd4->members[i].id == original.bnd4->members[i].id);
        if (i == tae_member)
            CHECK(member_data(*reopened, i) != member_data(original, i));
        else
            CHECK(member_data(*reopened, i) == member_data(original, i));
    }
    const auto& moved = reopened->taes[0].tae->animations[a.animation].events[1];
    CHECK(moved.start() == 0.5f);
    CHECK(member_data(*reopened, tae_member) == *export_tae_file(s.document(), 0));
}

TEST_CASE("export: undoing every edit exports the original file byte for byte (Sekiro c5070)") {
    auto path = corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    std::vector<uint8_t> file = load(path);
    EditSession s(open_corpus_document(path));
    REQUIRE(s.apply(AddAnimation{0, 999999}).ok());
    REQUIRE(s.apply(DeleteEvents{{0, 0}, {0}}).ok());
    REQUIRE(s.undo().ok());
    REQUIRE(s.undo().ok());
    auto out = export_document(s.document());
    REQUIRE(out.ok());
    CHECK(*out == file);
}

TEST_CASE("export: a KRAK binder is written back as stored Kraken blocks or as DFLT (Elden Ring c1000)") {
    auto path = corpus_path("eldenring/c1000.krak.anibnd.dcx");
    if (path.empty()) return;
    EditSession s(open_corpus_document(path));
    REQUIRE(s.document().has_tae());
    REQUIRE(s.apply(AddAnimation{0, 999999}).ok());
    for (bool deflate : {false, true}) {
        ExportOptions options;
        options.deflate_instead_of_kraken = deflate;
        auto out = export_checked(s.document(), s.templates(), options);
        REQUIRE_MESSAGE(out.ok(), (out.ok() ? std::string() : out.error().to_string()));
        CHECK(out->check.ok());
        auto back = open_document(out->bytes, "back.anibnd.dcx");
        REQUIRE_MESSAGE(back.ok(), (back.ok() ? std::string() : back.error().to_string()));
        CHECK(back->container.info.method == (deflate ? CompressionMethod::Deflate : CompressionMethod::Kraken));
        const auto& anims = back->taes[0].tae->animations;
        CHECK(std::count_if(anims.begin(), anims.end(), [](const TaeAnimation& x) { return x.number == 999999; }) == 1);
        CHECK(anims.size() == s.document().taes[0].tae->animations.size());
    }
}

TEST_CASE("export check: an edit that breaks a Proven rule blocks; unusual results warn") {
    Document doc = synthetic_document();
    // Warnings: a start before -1/30 s ("negative-start"), found by the validator.
    EditSession s(doc, nullptr);
    REQUIRE(s.apply(MoveEvents{{0, 1}, {0}, -0.5}).ok());
    ExportCheck warn = check_before_export(s.document(), nullptr);
    CHECK(warn.ok());
    bool negative = false;
    for (const auto& w : warn.warnings) negative |= w.message.find("negative-start") != std::string::npos;
    CHECK(negative);

    // Blocking: header flag bytes no game file has (a Proven constant); made outside the commands.
    TaeFile broken = *doc.taes[0].tae;
    broken.header.flag_bytes[0] = 7;
    replace_tae(doc, 0, broken);
    ExportCheck block = check_before_export(doc, nullptr);
    REQUIRE_FALSE(block.ok());
    CHECK(block.blocking[0].message.find("header-flags") != std::string::npos);
    auto refused = export_checked(doc, nullptr);
    REQUIRE(refused.ok());
    CHECK(refused->bytes.empty());
    auto forced = export_checked(doc, nullptr, {}, true);
    REQUIRE(forced.ok());
    CHECK_FALSE(forced->bytes.empty());
}

TEST_CASE("export check: findings the opened file already had never block") {
    TaeFile f = synthetic_tae();
    f.header.flag_bytes[0] = 7;  // broken in the file as opened
    auto opened = open_document(write_tae(f), "synthetic.tae");
    REQUIRE(opened.ok());
    EditSession s(std::move(opened).value(), nullptr);
    REQUIRE(s.apply(MoveEvents{{0, 1}, {0}, 0.1}).ok());
    CHECK(check_before_export(s.document(), nullptr).ok());
}

TEST_CASE("export check: a value no template allows is a warning (Elden Ring c0000-a512.tae)") {
    auto path = corpus_path("eldenring/c0000-a512.tae");
    if (path.empty()) return;
    EditSession s(open_corpus_document(path));
    REQUIRE(s.templates());
    const TaeFile& f = *s.document().taes[0].tae;
    // Overwrite the bytes of the first event whose template asserts a field with 0xFF bytes.
    for (size_t a = 0; a < f.animations.size(); ++a)
        for (uint32_t e = 0; e < f.animations[a].events.size(); ++e) {
            const auto* t = s.templates()->find(uint32_t(f.animations[a].events[e].type));
            if (!t || t->fields.empty()) continue;
            bool asserted = false;
            for (const auto& fld : t->fields) asserted |= fld.asserted.has_value();
            if (!asserted) continue;
            REQUIRE(s.apply(SetEventParameters{{0, a, e}, std::vector<uint8_t>(t->size(), 0xFF)}).ok());
            ExportCheck c = check_before_export(s.document(), s.templates());
            CHECK(c.ok());
            bool mismatch = false;
            for (const auto& w : c.warnings) mismatch |= w.message.find("assert-mismatch") != std::string::npos;
            CHECK(mismatch);
            return;
        }
    FAIL("no event with an asserted field");
}
