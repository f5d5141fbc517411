// BND4 binder (containers-kraken-tae.md §2): format bits, entries for every flag combination,
// names, the hash table, the canonical layout, and the "preserve original layout" path.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <ostream>
#include <string>

#include "container/bnd4.h"
#include "container/dcx.h"
#include "io/byte_writer.h"
#include "test_support.h"

using namespace taescope;

namespace {

bool same(Bytes a, Bytes b) { return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin()); }

std::vector<uint8_t> utf16_bytes(std::u16string_view s) {
    std::vector<uint8_t> out;
    for (char16_t c : s) out.push_back(uint8_t(c)), out.push_back(uint8_t(c >> 8));
    return out;
}

Bnd4Member member(int32_t id, std::u16string_view name, std::string_view data) {
    Bnd4Member m;
    m.id = id;
    m.raw_name = utf16_bytes(name);
    m.name = utf16_to_utf8(name);
    m.data.assign(data.begin(), data.end());
    m.stored_size = m.uncompressed_size = m.data.size();
    return m;
}

// A small anibnd-like binder: format 0x74 (IDs|Names1|Names2|Compression), hash table.
Bnd4 sample_binder() {
    Bnd4 b;
    std::memcpy(b.version.data(), "07D7R6\0\0", 8);
    b.members.push_back(member(1000000, u"N:\\chr\\c9999\\hkx\\Skeleton.HKX", "skeleton bytes"));
    b.members.push_back(member(3000000, u"N:\\chr\\c9999\\tae\\c9999.tae", std::string(100, 'T')));
    b.members.push_back(member(9999999, u"N:\\chr\\ver_0001.txt", ""));
    b.members.push_back(member(1000000000, u"N:\\chr\\c9999\\hkx\\a000_000000.hkx", "clip"));
    return b;
}

}  // namespace

TEST_CASE("format byte: raw 0x74 of anibnds is logical 0x2E (IDs | Names1 | Names2 | Compression)") {
    CHECK(reverse_bits(0x74) == 0x2E);
    CHECK(bnd_logical_format(0x74, false) == 0x2E);
    CHECK(bnd_logical_format(0x54, false) == 0x2A);  // Sekiro mtdbnd
    CHECK(bnd_logical_format(0x2E, true) == 0x2E);   // bit-big-endian: as stored
    CHECK(bnd_logical_format(0x01, false) == 0x01);  // raw bit 0 set, bit 7 clear: as stored
}

TEST_CASE("hash bucket count is the smallest prime >= files / 7 (observed 1-13 -> 2, 24 -> 3, 57 -> 11)") {
    CHECK(bnd_hash_bucket_count(1) == 2);
    CHECK(bnd_hash_bucket_count(13) == 2);
    CHECK(bnd_hash_bucket_count(24) == 3);
    CHECK(bnd_hash_bucket_count(39) == 5);
    CHECK(bnd_hash_bucket_count(57) == 11);
    CHECK(bnd_hash_bucket_count(3170) == 457);
    CHECK(bnd_hash_bucket_count(15103) == 2161);
}

TEST_CASE("path hash lower-cases, turns backslashes to slashes and prefixes a slash") {
    uint32_t h = 0;
    for (char c : std::string("/a.tae")) h = h * 37 + uint8_t(c);
    CHECK(bnd_path_hash(u"A.TAE") == h);
    CHECK(bnd_path_hash(u"/a.tae") == h);
    CHECK(bnd_path_hash(u"\\a.tae") == h);
    CHECK(bnd_path_hash(u"N:\\X") == bnd_path_hash(u"/n:/x"));
}

TEST_CASE("a binder written canonically reads back with the same members and writes back identical") {
    Bnd4 b = sample_binder();
    auto bytes = bnd4_write(b).value();
    auto r = bnd4_read(bytes);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    CHECK(r->layout == Bnd4Layout::Canonical);
    CHECK(r->deviations.empty());
    REQUIRE(r->members.size() == 4);
    CHECK(r->members[0].name == "N:\\chr\\c9999\\hkx\\Skeleton.HKX");
    CHECK(r->members[1].id == 3000000);
    CHECK(r->members[1].data.size() == 100);
    CHECK(r->members[2].data.empty());
    CHECK(r->members[1].data_offset % 16 == 0);  // §2.4: member data aligned to 16...
    CHECK(r->members[2].data_offset == r->members[1].data_offset + 100);  // ...but empty members are not
    CHECK(r->hash_table.has_value());
    CHECK(r->hash_table->offset % 8 == 0);
    CHECK(r->hash_table->bucket_count == 2);
    CHECK(r->headers_end == r->hash_table->offset + 16 + 2 * 8 + 4 * 8);
    CHECK(same(bnd4_write(*r).value(), bytes));
}

TEST_CASE("the hash table groups members by hash mod bucket count, sorted by hash within a bucket") {
    // ASCII names, names with non-ASCII units (lower-cased by the hash: U+00C4 -> U+00E4), and a
    // big-endian binder, whose UTF-16 names are stored high byte first.
    for (int variant = 0; variant < 3; ++variant) {
        CAPTURE(variant);
        Bnd4 b;
        b.big_endian = variant == 2;
        for (int i = 0; i < 30; ++i) {
            std::u16string n =
                (variant == 1 ? u"\u00C4\u30A2/file_" : u"File_") + utf8_to_utf16(std::to_string(i * 7919));
            b.members.push_back(member(i, n, "x"));
            if (b.big_endian)
                for (size_t k = 0; k + 1 < b.members.back().raw_name.size(); k += 2)
                    std::swap(b.members.back().raw_name[k], b.members.back().raw_name[k + 1]);
        }
        auto bytes = bnd4_write(b).value();
        auto r = bnd4_read(bytes).value();
        CHECK(r.members[1].name == (variant == 1 ? "\xC3\x84\xE3\x82\xA2/file_7919" : "File_7919"));
        const auto& h = *r.hash_table;
        CHECK(h.bucket_count == 5);
        ByteReader br(bytes);
        const auto u32 = [&](uint64_t at) { return b.big_endian ? br.u32be(at).value() : br.u32le(at).value(); };
        uint32_t total = 0;
        for (uint32_t k = 0; k < h.bucket_count; ++k) {
            uint32_t len = u32(h.offset + 16 + k * 8), first = u32(h.offset + 20 + k * 8);
            CHECK(first == total);
            uint32_t prev = 0;
            for (uint32_t j = first; j < first + len; ++j) {
                uint32_t hash = u32(h.array_offset + j * 8);
                uint32_t index = u32(h.array_offset + j * 8 + 4);
                CHECK(hash % h.bucket_count == k);
                CHECK(hash >= prev);
                CHECK(hash == bnd_path_hash(utf8_to_utf16(r.members[index].name)));
                prev = hash;
            }
            total += len;
        }
        CHECK(total == 30);
    }
}

TEST_CASE("entries read for every combination of the format bits") {
    using namespace bnd_format;
    for (int bits = 0; bits < 64; ++bits) {
        uint8_t logical = uint8_t(bits) & ~kBigEndian;  // byte order is tested separately
        if (!(logical & (kNames1 | kNames2)) && !(logical & kIds)) continue;  // members need a name or an id
        CAPTURE(int(logical));
        Bnd4 b = sample_binder();
        b.raw_format = reverse_bits(logical);
        if (bnd_logical_format(b.raw_format, false) != logical) continue;  // not representable bit-reversed
        b.extended = (logical & (kNames1 | kNames2)) ? 4 : 0;
        auto bytes = bnd4_write(b).value();
        auto r = bnd4_read(bytes);
        REQUIRE_MESSAGE(r.ok(), r.error().to_string());
        CHECK(r->entry_size == r->computed_entry_size());
        CHECK(r->layout == Bnd4Layout::Canonical);
        for (size_t i = 0; i < b.members.size(); ++i) {
            CHECK(same(r->members[i].data, b.members[i].data));
            if (logical & kIds) CHECK(r->members[i].id == b.members[i].id);
            if (logical & (kNames1 | kNames2)) CHECK(r->members[i].raw_name == b.members[i].raw_name);
        }
        CHECK(same(bnd4_write(*r).value(), bytes));
    }
}

TEST_CASE("a big-endian binder (BigEndian byte set) reads and writes back") {
    Bnd4 b = sample_binder();
    b.big_endian = 1;
    for (auto& m : b.members) {  // UTF-16 names follow the byte order
        for (size_t i = 0; i + 1 < m.raw_name.size(); i += 2) std::swap(m.raw_name[i], m.raw_name[i + 1]);
    }
    auto bytes = bnd4_write(b).value();
    CHECK(bytes[0x0C] == 0);
    CHECK(bytes[0x0F] == 4);  // file count, big-endian
    auto r = bnd4_read(bytes);
    REQUIRE(r.ok());
    CHECK(r->members[1].id == 3000000);
    CHECK(r->members[0].name == "N:\\chr\\c9999\\hkx\\Skeleton.HKX");
    CHECK(same(bnd4_write(*r).value(), bytes));
}

TEST_CASE("Shift-JIS names: raw bytes kept for writing, ASCII part shown") {
    Bnd4 b = sample_binder();
    b.unicode = 0;
    for (auto& m : b.members) m.raw_name.assign(m.name.begin(), m.name.end());
    b.members[0].raw_name = {'c', '0', 0x83, 0x41, '.', 'h', 'k', 'x'};  // katakana "a" in the middle
    auto bytes = bnd4_write(b).value();
    auto r = bnd4_read(bytes);
    REQUIRE(r.ok());
    CHECK(r->members[0].raw_name == b.members[0].raw_name);
    CHECK(r->members[0].name == "c0\xEF\xBF\xBD.hkx");
    CHECK(r->members[1].name == "N:\\chr\\c9999\\tae\\c9999.tae");
    CHECK(same(bnd4_write(*r).value(), bytes));
}

TEST_CASE("replacing one member rewrites the binder with every other member's bytes untouched") {
    auto bytes = bnd4_write(sample_binder()).value();
    auto r = bnd4_read(bytes).value();
    r.members[1].data.assign(333, 'N');
    auto out = bnd4_read(bnd4_write(r).value());
    REQUIRE(out.ok());
    CHECK(out->members[1].data.size() == 333);
    CHECK(out->members[1].uncompressed_size == 333);
    for (size_t i : {0, 2, 3}) CHECK(same(out->members[i].data, r.members[i].data));
}

TEST_CASE("a binder that departs from the canonical layout is kept: preserved on write, deviation reported") {
    // A modding tool might align member data to 0x80 instead of 16: rebuild it so by hand.
    auto canonical = bnd4_write(sample_binder()).value();
    auto b = bnd4_read(canonical).value();
    ByteWriter w;
    w.bytes(Bytes(canonical.data(), size_t(b.headers_end)));
    std::vector<uint64_t> offsets;
    for (const auto& m : b.members) {
        if (!m.data.empty()) w.pad_to(0x80);
        offsets.push_back(w.pos());
        w.bytes(m.data);
    }
    w.zeros(5);  // and leaves trailing bytes
    auto odd = w.take();
    for (size_t i = 0; i < offsets.size(); ++i) {
        uint64_t entry = 0x40 + i * b.entry_size;
        std::memcpy(odd.data() + entry + 0x18, &offsets[i], 4);  // data offset of format 0x2E
    }
    auto r = bnd4_read(odd);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    CHECK(r->layout == Bnd4Layout::PreserveOriginal);
    REQUIRE_FALSE(r->deviations.empty());
    CHECK(r->deviations[0].find("member data layout") != std::string::npos);
    CHECK(same(bnd4_write(*r).value(), odd));  // unmodified: identical
    // One member replaced: the others keep their bytes and the file keeps its odd gaps.
    auto edited = *r;
    edited.members[1].data.assign(7, 'E');
    auto out_bytes = bnd4_write(edited).value();
    auto out = bnd4_read(out_bytes);
    REQUIRE(out.ok());
    CHECK(out->members[1].data.size() == 7);
    CHECK(same(out->members[3].data, r->members[3].data));
    CHECK(same(out->members[0].data, r->members[0].data));
    CHECK(std::equal(odd.end() - 5, odd.end(), out_bytes.end() - 5));
    CHECK(out->members[0].data_offset == r->members[0].data_offset);  // before the edit: unmoved
}

TEST_CASE("hostile BND4 headers give errors with offsets, never crashes") {
    auto bytes = bnd4_write(sample_binder()).value();
    SUBCASE("count beyond the data") {
        auto bad = bytes;
        bad[0x0C] = 0xFF, bad[0x0D] = 0xFF, bad[0x0E] = 0xFF, bad[0x0F] = 0x0F;
        auto r = bnd4_read(bad);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().offset == 0x0C);
    }
    SUBCASE("negative count") {
        auto bad = bytes;
        bad[0x0F] = 0x80;
        CHECK_FALSE(bnd4_read(bad).ok());
    }
    SUBCASE("member data past the end") {
        auto bad = bytes;
        bad[0x40 + 0x24 + 0x08] = 0xFF, bad[0x40 + 0x24 + 0x0C] = 0x7F;  // member 1 stored size
        auto r = bnd4_read(bad);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().message.find("pass the end") != std::string::npos);
    }
    SUBCASE("name offset past the end") {
        auto bad = bytes;
        bad[0x40 + 0x20 + 3] = 0x7F;  // member 0 name offset high byte
        CHECK_FALSE(bnd4_read(bad).ok());
    }
    SUBCASE("hash table offset past the end") {
        auto bad = bytes;
        bad[0x3E] = 0x01;
        auto r = bnd4_read(bad);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().offset == 0x38);
    }
    SUBCASE("every truncation") {
        for (size_t n = 0; n < bytes.size(); n += 3) CHECK_FALSE(bnd4_read(Bytes(bytes.data(), n)).ok());
    }
}

TEST_CASE("corpus: the BND4 of every DFLT .anibnd.dcx is canonical and writes back byte-identical") {
    const char* files[] = {"sekiro/c0000.anibnd.dcx",     "sekiro/c5070.anibnd.dcx",   "eldenring/c2100.anibnd.dcx",
                           "eldenring/c3010.anibnd.dcx",  "eldenring/c4310.anibnd.dcx", "ac6/c0100.anibnd.dcx",
                           "ds3/c0000.anibnd.dcx"};
    for (const char* rel : files) {
        SUBCASE(rel) {
            std::string path = test::corpus_path(rel);
            if (path.empty()) return;
            auto dcx = dcx_read(test::load(path));
            REQUIRE_MESSAGE(dcx.ok(), dcx.error().to_string());
            auto b = bnd4_read(dcx->payload);
            REQUIRE_MESSAGE(b.ok(), b.error().to_string());
            CHECK(b->format() == 0x2E);
            CHECK(b->extended == 4);
            for (const auto& d : b->deviations) MESSAGE(std::string(rel) << ": " << d);
            CHECK(b->layout == Bnd4Layout::Canonical);  // hash table, names and padding as §2.4/§2.5 compute them
            CHECK(same(bnd4_write(*b).value(), dcx->payload));
            MESSAGE(std::string(rel) << ": " << b->members.size() << " members, layout "
                                     << std::string(b->layout == Bnd4Layout::Canonical ? "canonical" : "preserved"));
        }
    }
}

TEST_CASE("member data overlapping the names or hash table cannot be preserved: canonical rewrite, reported") {
    // Found by fuzzing: a member whose data starts inside the name table. Keeping the bytes
    // before it verbatim would cut the names in two once that member is replaced.
    auto bytes = bnd4_write(sample_binder()).value();
    auto b = bnd4_read(bytes).value();
    uint32_t inside_names = b.members[0].name_offset + 4;
    std::memcpy(bytes.data() + 0x40 + 0x18, &inside_names, 4);  // member 0 data offset
    b.members[0].stored_size = 8;
    uint64_t eight = 8;
    std::memcpy(bytes.data() + 0x40 + 0x08, &eight, 8);
    std::memcpy(bytes.data() + 0x40 + 0x10, &eight, 8);
    auto r = bnd4_read(bytes);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    CHECK(r->layout == Bnd4Layout::Canonical);
    bool reported = false;
    for (const auto& d : r->deviations) reported |= d.find("overlaps") != std::string::npos;
    CHECK(reported);
    r->members[0].data.assign(37, 0xAB);
    auto again = bnd4_read(bnd4_write(*r).value());
    REQUIRE(again.ok());
    CHECK(again->members[0].data.size() == 37);
    CHECK(again->members[1].name == r->members[1].name);
}

TEST_CASE("the canonical check without writing member bytes decides as a full canonical write would") {
    // bnd4_read decides "canonical" from the header region, the padding and the offsets alone;
    // every variant below is also compared with a full canonical write of what was read.
    const auto canonical = bnd4_write(sample_binder()).value();
    const auto b = bnd4_read(canonical).value();
    std::vector<std::vector<uint8_t>> variants{canonical};
    // A non-zero byte in each padding gap before a member's data.
    uint64_t end_of_previous = b.headers_end;
    for (const auto& m : b.members) {
        for (uint64_t p = end_of_previous; p < m.data_offset; ++p) {
            auto v = canonical;
            v[size_t(p)] = 0x5A;
            variants.push_back(v);
        }
        end_of_previous = m.data_offset + m.stored_size;
    }
    // A byte appended, the last byte dropped, a member byte changed (still canonical).
    variants.push_back(canonical);
    variants.back().push_back(0);
    variants.push_back(std::vector<uint8_t>(canonical.begin(), canonical.end() - 1));
    variants.push_back(canonical);
    variants.back()[size_t(b.members[1].data_offset)] ^= 0xFF;
    size_t checked = 0, canonical_count = 0;
    for (const auto& v : variants) {
        auto r = bnd4_read(v);
        if (!r.ok()) continue;  // a dropped byte may cut a member short: an error, not a layout
        ++checked;
        const bool full_match = same(bnd4_write_canonical(*r).value(), v);
        const bool decided = r->layout == Bnd4Layout::Canonical && r->deviations.empty();
        CHECK(decided == full_match);
        canonical_count += decided;
        CHECK(same(bnd4_write(*r).value(), v));  // either way, written back identical
    }
    CHECK(checked >= 4);
    CHECK(canonical_count == 2);  // the original and the one with a changed member byte
    MESSAGE(checked << " variants checked, " << canonical_count << " canonical");
}

TEST_CASE("a non-canonical binder's deviation names the first byte where a full canonical write differs") {
    // The reader finds that byte by walking the header region, the gaps and the members; here
    // each answer is checked against a full canonical write compared byte by byte.
    const auto canonical = bnd4_write(sample_binder()).value();
    const auto b = bnd4_read(canonical).value();
    auto realigned = [&](uint64_t alignment, size_t trailing) {
        ByteWriter w;
        w.bytes(Bytes(canonical.data(), size_t(b.headers_end)));
        std::vector<uint64_t> offsets;
        for (const auto& m : b.members) {
            if (!m.data.empty()) w.pad_to(alignment);
            offsets.push_back(w.pos());
            w.bytes(m.data);
        }
        w.zeros(trailing);
        auto v = w.take();
        for (size_t i = 0; i < offsets.size(); ++i)
            std::memcpy(v.data() + 0x40 + i * b.entry_size + 0x18, &offsets[i], 4);
        return v;
    };
    std::vector<std::vector<uint8_t>> variants{realigned(0x80, 5), realigned(0x20, 0), realigned(16, 3)};
    variants.push_back(canonical);
    variants.back()[size_t(b.headers_end)] ^= 0x5A;  // the first byte after the headers
    variants.push_back(canonical);
    variants.back()[0x3A] ^= 0x01;                    // the hash table offset points elsewhere
    uint64_t end_of_previous = b.headers_end;  // a non-zero byte in the first padding gap
    for (const auto& m : b.members) {
        if (m.data_offset > end_of_previous) {
            variants.push_back(canonical);
            variants.back()[size_t(end_of_previous)] = 0x5A;
            break;
        }
        end_of_previous = m.data_offset + m.stored_size;
    }
    size_t checked = 0, differing = 0;
    for (const auto& v : variants) {
        auto r = bnd4_read(v);
        if (!r.ok()) continue;
        ++checked;
        auto full = bnd4_write_canonical(*r);
        REQUIRE(full.ok());
        const auto& c = full.value();
        if (same(c, v)) {  // still canonical (the changed byte was member data): nothing to report
            CHECK(r->deviations.empty());
            continue;
        }
        ++differing;
        const size_t n = std::min(c.size(), v.size());
        const size_t first = size_t(std::mismatch(v.begin(), v.begin() + n, c.begin()).first - v.begin());
        const std::string expected = "differs from the file at " + hex(first) + " ";
        bool found = false;
        std::string all;
        for (const auto& d : r->deviations) {
            found |= d.find(expected) != std::string::npos;
            all += d + "; ";
        }
        CHECK_MESSAGE(found, "expected '" << expected << "' in the deviations: " << all);
        CHECK(same(bnd4_write(*r).value(), v));
    }
    CHECK(checked >= 4);
    CHECK(differing >= 4);
    MESSAGE(checked << " variants read, " << differing << " not canonical");
}
