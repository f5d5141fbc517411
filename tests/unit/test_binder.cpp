// What an .anibnd means (engine/binder): which members are event files, animation names and
// numbers, clip members, and the Document that opens and re-exports whole files.
#include <doctest/doctest.h>

#include <cstring>
#include <ostream>
#include <string>

#include "binder/animation_names.h"
#include "binder/document.h"
#include "binder/member_paths.h"
#include "binder/tae_slots.h"
#include "container/bnd4.h"
#include "container/dcx.h"
#include "tae/tae_writer.h"
#include "test_support.h"

using namespace taescope;

namespace {

bool same(Bytes a, Bytes b) { return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin()); }

Bnd4Member member(int32_t id, const std::string& name, std::vector<uint8_t> data) {
    Bnd4Member m;
    m.id = id;
    for (char c : name) m.raw_name.push_back(uint8_t(c)), m.raw_name.push_back(0);
    m.name = name;
    m.data = std::move(data);
    m.stored_size = m.uncompressed_size = m.data.size();
    return m;
}

// A tiny TAE made by the project's own TAE writer: animations with the given stored numbers.
std::vector<uint8_t> tiny_tae(std::initializer_list<uint64_t> numbers) {
    TaeFile f;
    f.header = make_default_tae_header(14, 1);
    for (uint64_t n : numbers) {
        TaeAnimation a;
        a.number = n;
        a.set_standard(false, false, false, -1);
        f.animations.push_back(a);
    }
    return write_tae(f);
}

std::vector<uint8_t> dflt_file(Bytes payload) {
    // The DCX_DFLT_11000_44_9 wrapper, via the writer from a header-only original.
    std::vector<uint8_t> header = {'D', 'C', 'X', 0, 0, 1, 0x10, 0, 0, 0, 0, 0x18, 0, 0, 0, 0x24, 0, 0, 0, 0x44,
                                   0, 0, 0, 0x4C, 'D', 'C', 'S', 0, 0, 0, 0, 0, 0, 0, 0, 0, 'D', 'C', 'P', 0,
                                   'D', 'F', 'L', 'T', 0, 0, 0, 0x20, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                   0, 0, 0, 0, 0, 1, 1, 0, 'D', 'C', 'A', 0, 0, 0, 0, 8};
    DcxFile original;
    original.info.kind = ContainerKind::Dcx;
    original.info.method = CompressionMethod::Deflate;
    original.info.header = header;
    return dcx_write(original, payload).value();
}

}  // namespace

TEST_CASE("event files start at slot 5,000,000 when member 9,999,999 exists, else at 3,000,000") {
    std::vector<BinderMemberRef> enemy = {{1000000, "x\\hkx\\skeleton.hkx"}, {3000000, "x\\tae\\c2100.tae"},
                                          {1000000000, "x\\a000_000000.hkx"}};
    auto s = find_tae_members(enemy);
    CHECK(s.first_slot == 3000000);
    REQUIRE(s.tae_members.size() == 1);
    CHECK(s.tae_members[0].member_index == 1);
    CHECK_FALSE(s.tae_members[0].group_file);
    CHECK(s.tae_members[0].number_offset == 0);

    std::vector<BinderMemberRef> player = {{4000000, "x\\skeleton.hkx"}, {5000000, "x\\tae\\a00.tae"},
                                           {5000050, "x\\tae\\a50.tae"}, {9999999, "x\\ver_0001.txt"}};
    auto p = find_tae_members(player);
    CHECK(p.first_slot == 5000000);
    CHECK(p.has_version_member);
    REQUIRE(p.tae_members.size() == 2);
    CHECK(p.tae_members[1].group_file);
    CHECK(p.tae_members[1].group == 50);
    CHECK(p.tae_members[1].slot == 50);
    CHECK(p.tae_members[1].number_offset == 50000000);
    CHECK(p.notes.empty());
}

TEST_CASE("a TAE outside the slots is not an event file, and the binder says so") {
    // Member 9,999,999 moves the first slot to 5,000,000: a TAE at 3,000,000 is then outside.
    std::vector<BinderMemberRef> m = {{3000000, "x\\c1451.tae"}, {9999999, "x\\ver_0001.txt"}};
    auto s = find_tae_members(m);
    CHECK(s.tae_members.empty());
    REQUIRE(s.notes.size() == 1);
    CHECK(s.notes[0].find("outside the slots") != std::string::npos);
}

TEST_CASE("animation names <-> numbers: group x 1,000,000 + number") {
    CHECK(animation_name(50003000) == "a050_003000");
    CHECK(animation_name(122301) == "a000_122301");
    CHECK(animation_name(1614040050 - 1000000000) == "a614_040050");
    CHECK(parse_animation_name("a050_122301") == uint64_t(50122301));
    CHECK(parse_animation_name("a1000_000010") == uint64_t(1000000010));
    CHECK_FALSE(parse_animation_name("a050-122301").has_value());
    CHECK_FALSE(parse_animation_name("a050_1223011").has_value());
    CHECK(tae_group_from_file_name("a10.tae") == 10);
    CHECK(tae_group_from_file_name("A100.TAE") == 100);
    CHECK(tae_group_from_file_name("c3000.tae") == -1);
}

TEST_CASE("clip member names: aGGG_NNNNNN.hkx, _N variants, sNNNNN_ effect clips") {
    auto plain = parse_clip_member_name("N:\\NTC\\chr\\c0000\\hkx\\a050_003000.hkx");
    REQUIRE(plain);
    CHECK(plain->animation == 50003000);
    CHECK_FALSE(plain->variant);
    auto variant = parse_clip_member_name("a614_040050_1.HKX");
    REQUIRE(variant);
    CHECK(variant->animation == 614040050);
    CHECK(variant->variant == 1u);
    auto effect = parse_clip_member_name("s12345_a000_003000.hkx");
    REQUIRE(effect);
    CHECK(effect->effect == 12345u);
    CHECK(effect->animation == 3000);
    CHECK_FALSE(parse_clip_member_name("skeleton.hkx"));
    CHECK_FALSE(parse_clip_member_name("a000_003000.tae"));
}

TEST_CASE("document: a synthetic player binder maps group files, clips and per-member errors") {
    Bnd4 b;
    std::memcpy(b.version.data(), "07D7R6\0\0", 8);
    b.members.push_back(member(4000000, "N:\\c0000\\hkx\\skeleton.hkx", {1, 2, 3}));
    b.members.push_back(member(5000000, "N:\\c0000\\tae\\a00.tae", tiny_tae({3000, 3001})));
    b.members.push_back(member(5000050, "N:\\c0000\\tae\\a50.tae", tiny_tae({3000})));
    b.members.push_back(member(5000051, "N:\\c0000\\tae\\a51.tae", {'T', 'A', 'E', ' ', 0, 0}));  // broken
    b.members.push_back(member(9999999, "N:\\ver_0001.txt", {}));
    b.members.push_back(member(1050003000, "N:\\c0000\\hkx\\a050_003000.hkx", {9}));
    b.members.push_back(member(1000003001, "N:\\c0000\\hkx\\a000_003001_2.hkx", {9}));
    b.members.push_back(member(1077000000, "N:\\c0000\\hkx\\a077_000000.hkx", {9}));
    auto payload = bnd4_write(b).value();
    auto file = dflt_file(payload);
    auto doc = open_document(file, "c0000.anibnd.dcx");
    REQUIRE_MESSAGE(doc.ok(), doc.error().to_string());
    CHECK(doc->kind == PayloadKind::Bnd4);
    REQUIRE(doc->taes.size() == 3);
    CHECK(doc->taes[0].tae.has_value());
    CHECK(doc->taes[1].slot.group == 50);
    REQUIRE(doc->taes[2].error.has_value());  // the broken a51.tae: recorded, the others open
    CHECK(doc->taes[2].error->context.find("a51.tae") != std::string::npos);
    CHECK(doc->animation_count() == 3);
    REQUIRE(doc->clips.size() == 3);
    CHECK(doc->clips[0].tae_index == 1);  // a050_003000 -> record 3000 of a50.tae
    CHECK(doc->clips[1].tae_index == 0);  // a000_003001_2 -> record 3001 of a00.tae
    CHECK(doc->clips[1].clip.variant == 2u);
    CHECK(doc->clips[2].tae_index == kNoMember);  // no record
    auto out = export_document(*doc);
    REQUIRE(out.ok());
    CHECK(same(*out, file));
}

TEST_CASE("document: a binder with no TAE opens and says so") {
    Bnd4 b;
    b.members.push_back(member(1000000, "N:\\c1451\\hkx\\skeleton.hkx", {1}));
    b.members.push_back(member(9999999, "N:\\ver_0001.txt", {}));
    auto doc = open_document(bnd4_write(b).value(), "c1451.anibnd");
    REQUIRE(doc.ok());
    CHECK_FALSE(doc->has_tae());
    CHECK(doc->container.info.kind == ContainerKind::None);
    REQUIRE_FALSE(doc->notes.empty());
    CHECK(doc->notes.back().find("no event (TAE) file") != std::string::npos);
}

TEST_CASE("document: a loose aNN.tae opens as a group file") {
    auto tae = tiny_tae({100, 200});
    auto doc = open_document(tae, "c0000-a12.tae");
    REQUIRE(doc.ok());
    CHECK(doc->kind == PayloadKind::Tae);
    REQUIRE(doc->taes.size() == 1);
    CHECK_FALSE(doc->taes[0].slot.group_file);  // "c0000-a12.tae" is not aNN.tae
    auto named = open_document(tae, "a12.tae").value();
    CHECK(named.taes[0].slot.number_offset == 12000000);
    CHECK(named.taes[0].full_number(named.taes[0].tae->animations[1]) == 12000200);
    CHECK(same(export_document(named).value(), tae));
}

TEST_CASE("document: hostile wrappers and binders give errors with the file name") {
    std::vector<uint8_t> junk = {'D', 'C', 'X', 0, 1, 2, 3};
    auto r = open_document(junk, "junk.dcx");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().context.find("junk.dcx") != std::string::npos);
    std::vector<uint8_t> bnd = {'B', 'N', 'D', '4', 0, 0, 0};
    CHECK_FALSE(open_document(bnd, "x").ok());
}

TEST_CASE("corpus: every anibnd opens, every TAE member parses, and the file exports byte-identical") {
    struct Expect {
        const char* file;
        size_t taes;
        size_t animations;  // 0: not known
    } files[] = {
        {"sekiro/c0000.anibnd.dcx", 65, 2209},   {"sekiro/c5070.anibnd.dcx", 1, 32},
        {"eldenring/c2100.anibnd.dcx", 1, 195},  {"eldenring/c3010.anibnd.dcx", 1, 510},
        {"eldenring/c4310.anibnd.dcx", 1, 1165}, {"ac6/c0100.anibnd.dcx", 53, 1983},
        {"ds3/c0000.anibnd.dcx", 251, 7777},     {"sekiro/c1451.krak.anibnd.dcx", 0, 0},
        {"eldenring/c3061.krak.anibnd.dcx", 0, 0}, {"eldenring/c1000.krak.anibnd.dcx", 1, 0},
        {"eldenring/c3000.krak.anibnd.dcx", 1, 0}, {"eldenring/c5780.krak.anibnd.dcx", 1, 0},
        {"nightreign/c7610.anibnd.dcx", 1, 124}, {"nightreign/c7610_div00.anibnd.dcx", 0, 0},
        {"nightreign/c7610_div01.anibnd.dcx", 0, 0},
    };
    for (const auto& e : files) {
        SUBCASE(e.file) {
            std::string path = test::corpus_path(e.file);
            if (path.empty()) return;
            auto file = test::load(path);
            auto doc = open_document(file, e.file);
            if (!doc.ok() && doc.error().context.find("KRAK") != std::string::npos) {
                MESSAGE(std::string(e.file) << ": Kraken decoder not available: " << doc.error().to_string());
                return;
            }
            REQUIRE_MESSAGE(doc.ok(), doc.error().to_string());
            CHECK(doc->kind == PayloadKind::Bnd4);
            if (std::string(e.file).find("c1000") == std::string::npos &&
                std::string(e.file).find("c3000") == std::string::npos &&
                std::string(e.file).find("c5780") == std::string::npos)
                CHECK(doc->taes.size() == e.taes);
            size_t parsed = 0;
            for (const auto& t : doc->taes) {
                if (t.error) MESSAGE(std::string(e.file) << ": " << t.error->to_string());
                parsed += t.tae.has_value();
            }
            CHECK(parsed == doc->taes.size());
            if (e.animations) CHECK(doc->animation_count() == e.animations);
            size_t matched = 0;
            for (const auto& c : doc->clips) matched += c.tae_index != kNoMember;
            MESSAGE(std::string(e.file) << ": " << doc->container.info.variant_name() << ", "
                                        << doc->bnd4->members.size() << " members, " << doc->taes.size() << " TAE, "
                                        << doc->animation_count() << " animations, " << doc->event_count()
                                        << " events, clips matched " << matched << "/" << doc->clips.size());
            CHECK(same(export_document(*doc).value(), file));
        }
    }
}

TEST_CASE("corpus: replacing one TAE of sekiro/c0000 keeps every other member byte-identical") {
    std::string path = test::corpus_path("sekiro/c0000.anibnd.dcx");
    if (path.empty()) return;
    auto doc = open_document(test::load(path), "c0000.anibnd.dcx").value();
    REQUIRE(doc.taes.size() > 2);
    size_t target = 1;
    const auto& t = doc.taes[target];
    REQUIRE(t.tae.has_value());
    TaeFile edited = *t.tae;
    REQUIRE_FALSE(edited.animations.empty());
    // The edit: the first event found gets a new start time.
    TaeEvent* event = nullptr;
    for (auto& a : edited.animations)
        if (!a.events.empty()) {
            event = &a.events[0];
            break;
        }
    REQUIRE(event != nullptr);
    event->set_start(event->start() + 0.125f);
    uint32_t new_start = event->start_bits;
    replace_tae(doc, target, edited);

    auto out = export_document(doc);
    REQUIRE_MESSAGE(out.ok(), out.error().to_string());
    auto again = open_document(*out, "edited.anibnd.dcx");
    REQUIRE_MESSAGE(again.ok(), again.error().to_string());
    CHECK(again->container.info.variant_name() == doc.container.info.variant_name());
    REQUIRE(again->bnd4->members.size() == doc.bnd4->members.size());
    size_t member = t.slot.member_index;
    for (size_t i = 0; i < doc.bnd4->members.size(); ++i) {
        if (i == member) continue;
        CHECK(same(again->bnd4->members[i].data, doc.bnd4->members[i].data));
        CHECK(again->bnd4->members[i].raw_name == doc.bnd4->members[i].raw_name);
    }
    const auto& reread = again->taes[target];
    REQUIRE(reread.tae.has_value());
    bool found = false;
    for (const auto& a : reread.tae->animations)
        if (!a.events.empty()) {
            CHECK(a.events[0].start_bits == new_start);
            found = true;
            break;
        }
    CHECK(found);
    CHECK(same_content(*reread.tae, edited));
}

TEST_CASE("corpus: the KRAK binders with no TAE (sekiro/c1451, eldenring/c3061) open and say so") {
    for (const char* rel : {"sekiro/c1451.krak.anibnd.dcx", "eldenring/c3061.krak.anibnd.dcx"}) {
        SUBCASE(rel) {
            std::string path = test::corpus_path(rel);
            if (path.empty()) return;
            auto doc = open_document(test::load(path), rel);
            if (!doc.ok()) {
                MESSAGE(std::string(rel) << ": " << doc.error().to_string());
                CHECK(doc.error().context.find("KRAK") != std::string::npos);  // only the decoder may be missing
                return;
            }
            CHECK(doc->container.info.method == CompressionMethod::Kraken);
            CHECK_FALSE(doc->has_tae());
            bool said = false;
            for (const auto& n : doc->notes) said |= n.find("no event (TAE) file") != std::string::npos;
            CHECK(said);
        }
    }
}

TEST_CASE("corpus: an edited KRAK binder (eldenring/c3000) is written as stored Kraken, or as DFLT on request") {
    std::string path = test::corpus_path("eldenring/c3000.krak.anibnd.dcx");
    if (path.empty()) return;
    auto opened = open_document(test::load(path), "c3000.anibnd.dcx");
    if (!opened.ok()) {
        MESSAGE("Kraken decoder not available: " << opened.error().to_string());
        return;
    }
    Document doc = std::move(opened).value();
    REQUIRE(doc.taes.size() == 1);
    REQUIRE(doc.taes[0].tae.has_value());
    TaeFile edited = *doc.taes[0].tae;
    edited.animations.pop_back();
    replace_tae(doc, 0, edited);
    for (bool as_deflate : {false, true}) {
        CAPTURE(as_deflate);
        ExportOptions options;
        options.deflate_instead_of_kraken = as_deflate;
        auto out = export_document(doc, options);
        REQUIRE_MESSAGE(out.ok(), out.error().to_string());
        auto again = open_document(*out, "c3000.anibnd.dcx");
        REQUIRE_MESSAGE(again.ok(), again.error().to_string());
        CHECK(again->container.info.variant_name() == (as_deflate ? "DCX_DFLT_11000_44_9" : "DCX_KRAK_6"));
        if (!as_deflate) CHECK(out->size() % 16 == 0);
        REQUIRE(again->taes[0].tae.has_value());
        CHECK(again->taes[0].tae->animations.size() == edited.animations.size());
        for (size_t i = 0; i < doc.bnd4->members.size(); ++i)
            if (i != doc.taes[0].slot.member_index) CHECK(same(again->bnd4->members[i].data, doc.bnd4->members[i].data));
    }
}

TEST_CASE("member paths for extraction lose drive letters, '..' and leading slashes, keep the tree") {
    CHECK(safe_member_path("N:\\NTC\\data\\chr\\c0000\\tae\\a10.tae") == "NTC/data/chr/c0000/tae/a10.tae");
    CHECK(safe_member_path("..\\..\\etc\\passwd") == "etc/passwd");
    CHECK(safe_member_path("/abs/./x.hkx") == "abs/x.hkx");
    CHECK(safe_member_path("x/a:b?.txt") == "x/a_b_.txt");  // not at the start: not a drive letter
    CHECK(safe_member_path("\\\\..") == "");
}
