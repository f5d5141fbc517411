// A read file's events and groups live in one block per file (tae/slab_vector.h) and are read
// by a one-pass shortcut for the layout every unedited file has. Checked here:
//   - the shortcut and the general read (the one a layout request always takes) give the same
//     model, field for field, on every event file of the corpus and on files whose event records
//     are out of order or whose parameter offsets are unusual;
//   - the lists act as std::vectors: copies own their elements, a list that grows leaves the
//     slab and the others stay, an animation outlives its file, random edits agree with std::vector;
//   - an error in the middle of the groups frees what was built (ASan's leak check);
//   - motion file names (stored in place up to 24 units, tae/short_u16_string.h) read back whole.
#include <doctest/doctest.h>

#include <random>

#include "binder/document.h"
#include "tae/tae_reader.h"
#include "tae/tae_writer.h"
#include "test_edit_support.h"

using namespace taescope;
using namespace taescope::test;

namespace {

// "" when a and b hold the same events and groups, field for field (views included: the same
// offsets in the same source), else the first difference.
std::string model_difference(const TaeFile& a, const TaeFile& b) {
    if (a.animations.size() != b.animations.size()) return "animation count";
    for (size_t i = 0; i < a.animations.size(); ++i) {
        const TaeAnimation &x = a.animations[i], &y = b.animations[i];
        const std::string where = animation_context(i, x.number);
        if (x.number != y.number || x.motion_file_name != y.motion_file_name || x.header_data != y.header_data)
            return where + ": header";
        if (x.events.size() != y.events.size() || x.groups.size() != y.groups.size()) return where + ": counts";
        for (size_t e = 0; e < x.events.size(); ++e) {
            const TaeEvent &p = x.events[e], &q = y.events[e];
            if (p.type != q.type || p.unknown04 != q.unknown04 || p.start_bits != q.start_bits ||
                p.end_bits != q.end_bits || p.parameter_begin != q.parameter_begin ||
                p.parameter_size != q.parameter_size || p.parameter_offset_zero != q.parameter_offset_zero ||
                p.parameters_in_source != q.parameters_in_source)
                return where + ", event " + std::to_string(e);
        }
        for (size_t g = 0; g < x.groups.size(); ++g) {
            const TaeEventGroup &p = x.groups[g], &q = y.groups[g];
            if (p.type != q.type || p.type_tail != q.type_tail || p.reserved != q.reserved ||
                !(p.event_indices == q.event_indices))
                return where + ", group " + std::to_string(g);
        }
    }
    return "";
}

// Reads `data` twice: as the app does (the shortcut) and with a layout (the general read).
void check_both_reads_agree(const SharedBytes& data, const std::string& name) {
    auto fast = read_tae_shared(data);
    TaeLayout layout;
    auto general = read_tae_shared(data, &layout);
    REQUIRE_MESSAGE(fast.ok() == general.ok(), name);
    if (!fast.ok()) {
        CHECK_MESSAGE(fast.error().to_string() == general.error().to_string(), name);
        return;
    }
    CHECK_MESSAGE(model_difference(*fast, *general) == "", name);
}

std::vector<uint8_t> member_bytes(const char* binder, size_t tae = 0) {
    const std::string path = corpus_path(binder);
    if (path.empty()) return {};
    Document doc = open_corpus_document(path);
    const SharedBytes& m = doc.bnd4->members.at(doc.taes.at(tae).slot.member_index).data;
    return std::vector<uint8_t>(m.begin(), m.end());
}

void put_u64(std::vector<uint8_t>& d, uint64_t at, uint64_t v) { std::memcpy(d.data() + at, &v, 8); }

}  // namespace

TEST_CASE("the one-pass event read and the general read agree on every event file of the corpus") {
    const char* binders[] = {
        "sekiro/c0000.anibnd.dcx",         "sekiro/c5070.anibnd.dcx",         "sekiro/c1130.anibnd.dcx",
        "eldenring/c2100.anibnd.dcx",      "eldenring/c3010.anibnd.dcx",      "eldenring/c4310.anibnd.dcx",
        "eldenring/c1000.krak.anibnd.dcx", "eldenring/c3000.krak.anibnd.dcx", "eldenring/c5780.krak.anibnd.dcx",
        "eldenring/c5051.anibnd.dcx",      "ac6/c0100.anibnd.dcx",            "ds3/c0000.anibnd.dcx",
        "nightreign/c7610.anibnd.dcx"};
    size_t files = 0, events = 0;
    for (const char* binder : binders) {
        const std::string path = corpus_path(binder);
        if (path.empty()) continue;
        Document doc = open_corpus_document(path);
        for (const auto& tae : doc.taes) {
            const SharedBytes& member = doc.bnd4->members.at(tae.slot.member_index).data;
            if (member.empty()) continue;
            ++files;
            if (tae.tae) events += tae.tae->event_count();
            check_both_reads_agree(member, std::string(binder) + " > " + tae.name);
        }
    }
    for (const char* loose : {"eldenring/c0000-a10.tae", "eldenring/c0000-a512.tae", "eldenring/c0000-a600.tae"}) {
        const std::string path = corpus_path(loose);
        if (path.empty()) continue;
        ++files;
        check_both_reads_agree(SharedBytes(load(path)), loose);
    }
    MESSAGE("event files read both ways: " << files << ", " << events << " events");
    if (!corpus_dir().empty()) CHECK(files > 0);
}

TEST_CASE("files the shortcut does not take read as before: records out of order, unusual parameter offsets") {
    std::vector<uint8_t> bytes = member_bytes("sekiro/c5070.anibnd.dcx");
    if (bytes.empty()) bytes = write_tae(synthetic_tae());
    TaeLayout layout;
    auto original = read_tae(bytes, &layout);
    REQUIRE(original.ok());
    size_t changed = 0;
    for (const auto& a : layout.animations) {
        if (a.event_count < 3) continue;
        const TaeEventLayout& e0 = layout.events[a.first_event];
        const TaeEventLayout& e1 = layout.events[a.first_event + 1];
        const TaeEventLayout& e2 = layout.events[a.first_event + 2];
        {
            // The first two events' data records swapped: event 0 now ends at the group headers
            // or the next record after its new data, as the general read decides.
            std::vector<uint8_t> swapped = bytes;
            put_u64(swapped, e0.header_offset + 16, e1.data_offset);
            put_u64(swapped, e1.header_offset + 16, e0.data_offset);
            check_both_reads_agree(SharedBytes(std::move(swapped)),
                                   "records swapped in " + std::to_string(a.body_offset));
        }
        {
            // Event 2's parameter offset pointing at event 1's parameter bytes (neither 0 nor its own).
            std::vector<uint8_t> unusual = bytes;
            put_u64(unusual, e2.data_offset + 8, e1.data_offset + 16);
            check_both_reads_agree(SharedBytes(std::move(unusual)),
                                   "unusual offset in " + std::to_string(a.body_offset));
        }
        {
            // The last event's data record past the end of the file: an error, the same both ways.
            std::vector<uint8_t> outside = bytes;
            put_u64(outside, layout.events[a.first_event + a.event_count - 1].header_offset + 16, bytes.size() - 8);
            check_both_reads_agree(SharedBytes(std::move(outside)),
                                   "record outside in " + std::to_string(a.body_offset));
        }
        if (++changed == 8) break;
    }
    CHECK(changed > 0);
}

TEST_CASE("a read file's lists live in its slab and act as std::vectors") {
    std::vector<uint8_t> bytes = member_bytes("sekiro/c5070.anibnd.dcx");
    if (bytes.empty()) bytes = write_tae(synthetic_tae());
    auto read = read_tae(bytes);
    REQUIRE(read.ok());
    TaeFile& file = *read;
    size_t with_events = 0;
    for (const auto& a : file.animations) {
        if (!a.events.empty()) {
            ++with_events;
            CHECK(a.events.in_shared_slab());
        }
        if (!a.groups.empty()) CHECK(a.groups.in_shared_slab());
    }
    REQUIRE(with_events >= 2);

    // A copy owns its elements and equals the original.
    TaeFile copy = file;
    for (const auto& a : copy.animations) CHECK_FALSE(a.events.in_shared_slab());
    CHECK(same_content(copy, file));

    // Growing one list moves it out of the slab; the elements it had are unchanged, and the
    // next animation's list (its neighbour in the slab) is untouched.
    size_t grown = 0;
    while (file.animations[grown].events.empty()) ++grown;
    size_t neighbour = grown + 1;
    while (file.animations[neighbour].events.empty()) ++neighbour;
    const std::vector<TaeEvent> neighbour_before(file.animations[neighbour].events.begin(),
                                                 file.animations[neighbour].events.end());
    TaeAnimation& g = file.animations[grown];
    const size_t before = g.events.size();
    const TaeEvent first = g.events[0];
    g.events.push_back(g.events[0]);  // an element of the list itself, as std::vector allows
    CHECK_FALSE(g.events.in_shared_slab());
    CHECK(g.events.size() == before + 1);
    CHECK(g.events.back().start_bits == first.start_bits);
    CHECK(g.events[0].parameter_begin == first.parameter_begin);
    CHECK(file.animations[neighbour].events.in_shared_slab());
    CHECK(std::equal(
        neighbour_before.begin(), neighbour_before.end(), file.animations[neighbour].events.begin(),
        [](const TaeEvent& x, const TaeEvent& y) { return x.start_bits == y.start_bits && x.type == y.type; }));

    // An animation moved out of its file outlives the file (the list holds the slab).
    TaeAnimation kept;
    {
        auto again = read_tae(bytes);
        REQUIRE(again.ok());
        kept = std::move(again->animations[neighbour]);
    }
    REQUIRE(kept.events.size() == neighbour_before.size());
    for (size_t e = 0; e < kept.events.size(); ++e) CHECK(kept.events[e].end_bits == neighbour_before[e].end_bits);
}

TEST_CASE("SlabVector agrees with std::vector over random inserts, erases, pushes, resizes and copies") {
    std::mt19937 random(34);
    auto slab = std::shared_ptr<std::byte[]>(new std::byte[sizeof(TaeEventGroup) * 8]);
    SlabVector<TaeEventGroup> v =
        SlabVector<TaeEventGroup>::in_slab(reinterpret_cast<TaeEventGroup*>(slab.get()), 8, slab);
    std::vector<TaeEventGroup> reference;
    auto group = [&](int32_t type) {
        TaeEventGroup g;
        g.type = type;
        for (int32_t k = 0; k < type % 9; ++k) g.event_indices.push_back(uint32_t(k * type));  // some past 4: heap
        return g;
    };
    for (int step = 0; step < 3000; ++step) {
        const int32_t type = int32_t(random() % 1000);
        switch (random() % 7) {
            case 0:
            case 1:
                v.push_back(group(type));
                reference.push_back(group(type));
                break;
            case 2: {
                const size_t at = reference.empty() ? 0 : random() % (reference.size() + 1);
                v.insert(v.begin() + at, group(type));
                reference.insert(reference.begin() + ptrdiff_t(at), group(type));
                break;
            }
            case 3:
                if (!reference.empty()) {
                    const size_t at = random() % reference.size();
                    v.erase(v.begin() + at);
                    reference.erase(reference.begin() + ptrdiff_t(at));
                }
                break;
            case 4: {
                const size_t n = random() % 12;
                v.resize(n);
                reference.resize(n);
                break;
            }
            case 5: {
                SlabVector<TaeEventGroup> copy = v;
                v = std::move(copy);
                break;
            }
            case 6:
                if (!reference.empty()) v.push_back(v[random() % v.size()]), reference.push_back(v.back());
                break;
        }
        REQUIRE(v.size() == reference.size());
        for (size_t i = 0; i < reference.size(); ++i) {
            REQUIRE(v[i].type == reference[i].type);
            REQUIRE(v[i].event_indices == reference[i].event_indices);
        }
    }
}

TEST_CASE("an error in the middle of an animation's groups frees the groups built before it") {
    // Animation 3004 of the synthetic file has three groups; the first has three members. Make it
    // six members (past the four stored inline) and break the third group's member: the read
    // fails there, after building two groups, one with members on the heap (ASan: no leak).
    TaeFile f = synthetic_tae();
    TaeAnimation& a = f.animations[1];
    for (int k = 0; k < 3; ++k) a.events.push_back(synthetic_event(f, 0, 0.7f, 0.8f, uint8_t(0x60 + k)));
    a.groups[0].event_indices = {0, 1, 4, 5, 6, 7};
    std::vector<uint8_t> bytes = write_tae(f);
    TaeLayout layout;
    REQUIRE(read_tae(bytes, &layout).ok());
    const TaeGroupLayout& third = layout.groups[layout.animations[1].first_group + 2];
    bytes[third.values_offset] ^= 0x04;  // no longer a multiple of 24 past the event headers
    auto broken = read_tae(bytes);
    REQUIRE_FALSE(broken.ok());
    CHECK(broken.error().to_string().find("event group 2") != std::string::npos);
    check_both_reads_agree(SharedBytes(std::move(bytes)), "group member broken");
}

TEST_CASE("motion file names are kept in place up to 24 units and on the heap past that, and read back whole") {
    TaeFile f = synthetic_tae();
    const std::u16string long_name = u"a000_004020_with_a_name_longer_than_twenty_four_units.hkt";
    const std::u16string edge_name = u"a000_004020_exactly24.hk";  // 24 units: the last that fits in place
    REQUIRE(edge_name.size() == 24);
    f.animations[0].motion_file_name = long_name;
    f.animations[1].motion_file_name = edge_name;
    auto back = read_tae(write_tae(f));
    REQUIRE(back.ok());
    CHECK(back->animations[0].motion_file_name == long_name);
    CHECK(back->animations[1].motion_file_name == edge_name);
    auto again = read_tae(write_tae(*back));
    REQUIRE(again.ok());
    CHECK(same_content(*again, *back));

    // Copies and moves keep the units (heap and in place alike), and the source stays usable.
    TaeAnimation copy = back->animations[0];
    TaeAnimation moved = std::move(back->animations[1]);
    CHECK(copy.motion_file_name == long_name);
    CHECK(moved.motion_file_name == edge_name);
    copy.motion_file_name = *moved.motion_file_name;
    CHECK(copy.motion_file_name == edge_name);
    moved.motion_file_name = back->animations[0].motion_file_name;
    CHECK(moved.motion_file_name == long_name);
    CHECK(utf16_to_utf8(*moved.motion_file_name) == utf16_to_utf8(long_name));
}
