// BND3 (Dark Souls 1 binders), read side, on files this project's own writer makes.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "container/bnd3.h"
#include "container/bnd4.h"

using namespace taescope;

namespace {

Bnd3 sample(uint8_t logical_format, bool big_endian) {
    Bnd3 b;
    std::memcpy(b.version.data(), "07D7R6\0\0", 8);
    b.raw_format = reverse_bits(logical_format);
    b.big_endian = big_endian ? 1 : 0;
    const char* names[] = {"N:\\FRPG\\data\\chr\\c2240\\c2240.tae", "N:\\FRPG\\data\\chr\\c2240\\a00_0000.hkx", ""};
    for (int i = 0; i < 3; ++i) {
        Bnd3Member m;
        m.id = 3000000 + i;
        m.raw_name.assign(names[i], names[i] + std::strlen(names[i]));
        std::string data(size_t(10 + 7 * i), char('A' + i));
        m.data.assign(data.begin(), data.end());
        b.members.push_back(m);
    }
    return b;
}

}  // namespace

TEST_CASE("BND3: members, IDs and Shift-JIS names read back for each format and byte order") {
    using namespace bnd_format;
    for (uint8_t format : {uint8_t(kIds | kNames1 | kNames2), uint8_t(kIds | kNames1 | kNames2 | kCompression),
                           uint8_t(kIds | kNames1 | kNames2 | kLongOffsets), uint8_t(kNames1)}) {
        for (bool big : {false, true}) {
            CAPTURE(int(format));
            CAPTURE(big);
            Bnd3 b = sample(format, big);
            auto bytes = bnd3_write(b);
            auto r = bnd3_read(bytes);
            REQUIRE_MESSAGE(r.ok(), r.error().to_string());
            CHECK(r->format() == format);
            REQUIRE(r->members.size() == 3);
            for (size_t i = 0; i < 3; ++i) {
                CHECK(r->members[i].data == b.members[i].data);
                CHECK(r->members[i].raw_name == b.members[i].raw_name);
                if (format & kIds) CHECK(r->members[i].id == b.members[i].id);
                if (format & kCompression) CHECK(r->members[i].uncompressed_size == int32_t(b.members[i].data.size()));
            }
            CHECK(r->members[0].name == "N:\\FRPG\\data\\chr\\c2240\\c2240.tae");
            CHECK(bnd3_write(*r) == bytes);
        }
    }
}

TEST_CASE("BND3: a Shift-JIS name keeps its raw bytes; its ASCII part is shown") {
    Bnd3 b = sample(bnd_format::kIds | bnd_format::kNames1 | bnd_format::kNames2, false);
    b.members[0].raw_name = {'x', 0x82, 0xA0, '.', 't', 'a', 'e'};  // hiragana "a"
    auto r = bnd3_read(bnd3_write(b));
    REQUIRE(r.ok());
    CHECK(r->members[0].raw_name == b.members[0].raw_name);
    CHECK(r->members[0].name == "x\xEF\xBF\xBD.tae");
}

TEST_CASE("BND3: hostile counts, offsets and truncations are errors") {
    auto bytes = bnd3_write(sample(bnd_format::kIds | bnd_format::kNames1 | bnd_format::kNames2, false));
    auto big_count = bytes;
    big_count[0x13] = 0x10;
    auto r = bnd3_read(big_count);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().offset == 0x10);
    auto bad_offset = bytes;
    bad_offset[0x20 + 8 + 3] = 0x7F;  // entry 0 data offset
    CHECK_FALSE(bnd3_read(bad_offset).ok());
    for (size_t n = 0; n < bytes.size(); ++n) CHECK_FALSE(bnd3_read(Bytes(bytes.data(), n)).ok());
}
