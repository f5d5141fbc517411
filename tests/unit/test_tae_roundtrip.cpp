// Reading and writing real TAE files: the writer must reproduce every corpus file byte for byte,
// and no damaged file may crash the reader (this suite runs under ASan + UBSan).
#include <doctest/doctest.h>


#include "test_support.h"
#include "test_tae_support.h"
#include "binder/document.h"
#include "tae/tae_validator.h"

using namespace taescope;
using namespace taescope::test;

TEST_CASE("every loose Elden Ring TAE of the corpus writes back byte-identical") {
    for (std::string name : {"c0000-a10.tae", "c0000-a12.tae", "c0000-a405.tae", "c0000-a512.tae", "c0000-a600.tae"}) {
        SUBCASE(name.c_str()) {
            std::string path = corpus_path("eldenring/" + name);
            if (path.empty()) return;
            auto bytes = load(path);
            std::string difference = tae_roundtrip_difference(bytes);
            MESSAGE("eldenring/" << name << ": " << (difference.empty() ? "identical" : difference));
            CHECK(difference == "");
        }
    }
}

TEST_CASE("the header and the animations of eldenring/c0000-a512.tae read as stored") {
    std::string path = corpus_path("eldenring/c0000-a512.tae");
    if (path.empty()) return;
    auto bytes = load(path);
    auto tae = read_tae(bytes);
    REQUIRE_MESSAGE(tae.ok(), tae.error().to_string());
    CHECK(tae->header.version == kTaeVersionSekiroEldenRing);
    CHECK(tae->header.file_size == bytes.size());
    CHECK(tae->header.event_bank == 36);  // Elden Ring player files use banks 22 to 37
    CHECK(tae->header.file_id == 2512);   // group 512 of the player, c0000
    CHECK(tae->header.file_id_repeats == std::array<uint32_t, 2>{2512, 2512});
    CHECK(tae->header.flag_bytes == std::array<uint8_t, 8>{1, 0, 1, 2, 2, 1, 1, 1});
    CHECK(tae->skeleton_name == std::u16string(u"skeleton.hkt"));
    CHECK(tae->sib_name == std::u16string(u"c9990.SIB"));
    REQUIRE(tae->animations.size() == 2);
    CHECK(tae->animations[0].number == 45100);
    CHECK(tae->animations[0].header_kind() == TaeAnimationHeaderKind::Standard);
    CHECK(tae->animations[0].motion_file_name == std::u16string(u"a512_045100.hkt"));
    CHECK(tae->animations[0].events.size() == 14);
    CHECK(tae->animations[0].groups.size() == 13);
    CHECK(tae->animations[1].number == 45110);
    CHECK(tae->animations[1].events.size() == 48);
    // Every event is a member of exactly one group in real files.
    for (const auto& a : tae->animations) {
        std::vector<int> membership(a.events.size(), 0);
        for (const auto& g : a.groups)
            for (uint32_t i : g.event_indices) membership.at(i)++;
        for (int m : membership) CHECK(m == 1);
    }
}

// Checks one damaged buffer: it must give an error with an offset, or a model that writes and
// reads back to itself (and whose rewrite is a fixpoint).
static void check_damaged(Bytes data, const std::string& what) {
    auto tae = read_tae(data);
    if (!tae.ok()) {
        CHECK_MESSAGE(!tae.error().message.empty(), what);
        return;
    }
    std::vector<uint8_t> out = write_tae(*tae);
    auto again = read_tae(out);
    REQUIRE_MESSAGE(again.ok(), what << ": rewrite unreadable: " << again.error().to_string());
    CHECK_MESSAGE(reads_back_to(*tae, *again), what << ": rewrite reads back to a different model");
    CHECK_MESSAGE(write_tae(*again) == out, what << ": second rewrite differs");
}

TEST_CASE("a TAE cut short at any byte is an error or a model, never a crash") {
    std::string path = corpus_path("eldenring/c0000-a512.tae");
    if (path.empty()) return;
    auto bytes = load(path);
    size_t errors = 0;
    for (size_t len = 0; len < bytes.size(); ++len) {
        Bytes cut(bytes.data(), len);
        auto tae = read_tae(cut);
        if (!tae.ok()) {
            ++errors;
            CHECK(tae.error().offset != Error::kNoOffset);
        } else {
            check_damaged(cut, "cut at " + std::to_string(len));
        }
    }
    MESSAGE("c0000-a512.tae cut at each of " << bytes.size() << " lengths: " << errors << " errors");
    CHECK(errors > 0);
}

TEST_CASE("a TAE with any single byte changed is an error or a model, never a crash") {
    std::string path = corpus_path("eldenring/c0000-a512.tae");
    if (path.empty()) return;
    auto bytes = load(path);
    size_t errors = 0, models = 0;
    for (size_t at = 0; at < bytes.size(); ++at) {
        for (uint8_t change : {uint8_t(0xFF), uint8_t(0x01)}) {
            std::vector<uint8_t> damaged = bytes;
            damaged[at] ^= change;
            auto tae = read_tae(damaged);
            if (!tae.ok()) {
                ++errors;
                CHECK(tae.error().offset != Error::kNoOffset);
                continue;
            }
            ++models;
            check_damaged(damaged, "byte " + hex(at) + " ^ " + hex(change));
        }
    }
    MESSAGE("c0000-a512.tae with one byte changed: " << errors << " errors, " << models << " models");
    CHECK(errors > 0);
    CHECK(models > 0);
}

// The same rule inside the binders: every TAE member of every corpus binder (DFLT and KRAK)
// goes through the reader and the writer and must come back byte for byte. One line per file.
TEST_CASE("every TAE inside the corpus binders writes back byte-identical") {
    const char* binders[] = {"sekiro/c0000.anibnd.dcx",        "sekiro/c5070.anibnd.dcx",
                             "eldenring/c2100.anibnd.dcx",     "eldenring/c3010.anibnd.dcx",
                             "eldenring/c4310.anibnd.dcx",     "eldenring/c1000.krak.anibnd.dcx",
                             "eldenring/c3000.krak.anibnd.dcx", "eldenring/c5780.krak.anibnd.dcx",
                             "ac6/c0100.anibnd.dcx",           "ds3/c0000.anibnd.dcx",
                             "nightreign/c7610.anibnd.dcx"};
    size_t files = 0, identical = 0;
    for (const char* binder : binders) {
        std::string path = corpus_path(binder);
        if (path.empty()) continue;
        auto bytes = load(path);
        auto doc = open_document(bytes, binder);
        REQUIRE_MESSAGE(doc.ok(), binder << ": " << (doc.ok() ? "" : doc.error().to_string()));
        REQUIRE(doc->bnd4.has_value());
        for (const auto& tae : doc->taes) {
            const auto& member = doc->bnd4->members.at(tae.slot.member_index);
            if (member.data.empty()) continue;  // DS3 c0000 has four empty aNN.tae slots: nothing to read
            ++files;
            std::string difference = tae_roundtrip_difference(member.data);
            if (difference.empty()) ++identical;
            MESSAGE(std::string(binder) << " > " << tae.name.substr(tae.name.find_last_of("\\/") + 1) << ": "
                           << (difference.empty() ? "identical" : difference));
            CHECK_MESSAGE(difference == "", binder << " > " << tae.name);
        }
    }
    MESSAGE("TAE members of the corpus binders written back identical: " << identical << " of " << files);
}

// The writer marks exact frame times (k / 30 s below frame 8192) in a bitmap, finds the other
// distinct times with a hash table, ranks up to 96 of those by counting and more by sorting,
// and merges the two. Whatever path it takes, the stored table must be the distinct times
// ascending (the validator derives it independently, by sorting every time) and every event
// must read back with its own start and end bits.
TEST_CASE("the written times table is the distinct event times ascending, for few or many and odd bit patterns") {
    uint64_t state = 0x243F6A8885A308D3ull;
    auto next = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return uint32_t(state >> 32);
    };
    for (size_t events : {0, 1, 2, 3, 30, 47, 48, 49, 60, 97, 150, 700, 2000}) {
        for (int pool_kind = 0; pool_kind < 5; ++pool_kind) {
            CAPTURE(events);
            CAPTURE(pool_kind);
            TaeFile f;
            f.header = make_default_tae_header(36, 5070);
            TaeAnimation a;
            a.number = 3000;
            a.set_standard(false, false, false, -1);
            // 0: few frame times, many shared; 1: any bit pattern (negative, -0, NaN, infinities);
            // 2: distinct times in a pool just above and below the counting limit; 3: frame times
            // mixed with what is not one: FLT_MAX, a frame time one ulp off either way, -0,
            // 1/60 s steps, negatives, frames at and past the bitmap's end (8191, 8192);
            // 4: frame times spread over the whole bitmap, every word of it in use.
            std::vector<uint32_t> pool;
            if (pool_kind == 0)
                for (int k = 0; k < 12; ++k) pool.push_back(TaeEvent::f32_to_bits(float(k) / 30));
            else if (pool_kind == 2)
                for (int k = 0; k < 97; ++k) pool.push_back(TaeEvent::f32_to_bits(float(k) * 0.25f - 3.0f));
            else if (pool_kind == 3) {
                for (int k : {0, 1, 2, 7, 30, 63, 64, 65, 129, 900, 8190, 8191, 8192, 8193, 20000}) {
                    const uint32_t b = TaeEvent::f32_to_bits(float(k) / 30.0f);
                    pool.insert(pool.end(), {b, b, b + 1, b - 1});
                }
                for (int k = 1; k < 40; k += 3) pool.push_back(TaeEvent::f32_to_bits(float(k) / 60.0f));
                for (float v : {3.40282347e+38f, -1.0f, -0.0f, -1.0f / 30.0f, 0.1f, 99.8f})
                    pool.insert(pool.end(), {TaeEvent::f32_to_bits(v), TaeEvent::f32_to_bits(v)});
            } else if (pool_kind == 4)
                for (int k = 0; k < 8192; k += 37) pool.push_back(TaeEvent::f32_to_bits(float(k) / 30.0f));
            auto time = [&] {
                if (pool_kind == 1) {
                    const uint32_t r = next();
                    static const uint32_t odd[] = {0x80000000u, 0x00000000u, 0x7FC00000u, 0xFFFFFFFFu,
                                                   0x7F800000u, 0xFF800000u, 0x00000001u, 0x80000001u};
                    return (r & 7) == 0 ? odd[(r >> 3) & 7] : next();
                }
                return pool[next() % pool.size()];
            };
            for (size_t j = 0; j < events; ++j) {
                TaeEvent e;
                e.type = int32_t(j % 7);
                e.start_bits = time();
                e.end_bits = time();
                f.set_parameters(e, std::vector<uint8_t>(16, uint8_t(j)));
                a.events.push_back(e);
            }
            f.animations.push_back(a);
            // A second animation with every other event: the writer's scratch (the frame bitmap
            // above all) must start clean for it.
            TaeAnimation b = a;
            b.number = 3001;
            b.events.clear();
            for (size_t j = 1; j < a.events.size(); j += 2) b.events.push_back(a.events[j]);
            f.animations.push_back(b);
            const std::vector<uint8_t> bytes = write_tae(f);
            for (const auto& finding : validate_tae(bytes)) CHECK_MESSAGE(finding.code != "times-table", finding.to_string());
            auto reread = read_tae(bytes);
            REQUIRE(reread.ok());
            REQUIRE(reread->animations.size() == 2);
            for (size_t i = 0; i < 2; ++i) {
                const TaeAnimation& original = f.animations[i];
                const auto& back = reread->animations[i].events;
                REQUIRE(back.size() == original.events.size());
                for (size_t j = 0; j < back.size(); ++j) {
                    CHECK(back[j].start_bits == original.events[j].start_bits);
                    CHECK(back[j].end_bits == original.events[j].end_bits);
                }
                CHECK(derive_times_table(reread->animations[i]) == derive_times_table(original));
            }
        }
    }
}

// The reader copies parameter bytes into an arena sized to the file. Records that several
// events share (an edited file) can need more than that: the arena grows, every event still
// holds the bytes its record has, and past twice the file's size it is an error.
TEST_CASE("events sharing a data record: the parameter arena grows past the file's size, bytes intact") {
    TaeFile f;
    f.header = make_default_tae_header(36, 5070);
    TaeAnimation a;
    a.number = 3000;
    a.set_standard(false, false, false, -1);
    const size_t count = 40;
    for (size_t j = 0; j < count; ++j) {
        TaeEvent e;
        e.type = int32_t(j);
        e.start_bits = TaeEvent::f32_to_bits(float(j) / 30.0f);
        e.end_bits = TaeEvent::f32_to_bits(float(j + 1) / 30.0f);
        std::vector<uint8_t> params(48);
        for (size_t k = 0; k < params.size(); ++k) params[k] = uint8_t(j * 7 + k);
        f.set_parameters(e, params);
        a.events.push_back(e);
    }
    f.animations.push_back(a);
    const std::vector<uint8_t> bytes = write_tae(f);
    TaeLayout layout;
    REQUIRE(read_tae(bytes, &layout).ok());
    REQUIRE(layout.events.size() == count);

    // Point the first `shared` event headers at the first data record: each then reads from
    // there to the next record still pointed at (that of event `shared`, or the end of the
    // event data): 8 x 496 + 32 x 48 = 5504 bytes from a file of about 4 KB.
    auto with_shared = [&](size_t shared) {
        std::vector<uint8_t> edited = bytes;
        const uint64_t first = layout.events[0].data_offset;
        for (size_t j = 1; j < shared; ++j) std::memcpy(edited.data() + layout.events[j].header_offset + 16, &first, 8);
        return edited;
    };
    size_t total = 0;
    const size_t shared = 8;
    const std::vector<uint8_t> grown = with_shared(shared);
    auto model = read_tae(grown);
    REQUIRE(model.ok());
    const auto& events = model->animations[0].events;
    for (size_t j = 0; j < count; ++j) {
        const uint64_t data = j < shared ? layout.events[0].data_offset : layout.events[j].data_offset;
        const Bytes got = model->parameters(events[j]);
        REQUIRE(data + 16 + got.size() <= grown.size());
        CHECK(std::memcmp(got.data(), grown.data() + data + 16, got.size()) == 0);
        total += got.size();
    }
    CHECK(total > grown.size());      // the arena had to grow
    CHECK(total <= 2 * grown.size());  // and stayed within the budget
    CHECK(write_tae(*model).size() > 0);

    auto too_much = read_tae(with_shared(count));
    REQUIRE_FALSE(too_much.ok());
    CHECK(too_much.error().to_string().find("overlap") != std::string::npos);
}
