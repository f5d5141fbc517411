#include <doctest/doctest.h>

#include "io/byte_reader.h"
#include "io/byte_writer.h"

using namespace taescope;

TEST_CASE("byte reader refuses reads that pass the end, with the offset in the error") {
    const uint8_t data[6] = {1, 2, 3, 4, 5, 6};
    ByteReader r(Bytes(data, 6));
    CHECK(r.u32le(0).value() == 0x04030201u);
    CHECK(r.u32le(2).ok());
    auto bad = r.u32le(3, "animation count");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().offset == 3);
    CHECK(bad.error().to_string().find("animation count") != std::string::npos);
}

TEST_CASE("byte reader bounds checks cannot be fooled by 64-bit wrap-around") {
    const uint8_t data[4] = {};
    ByteReader r(Bytes(data, 4));
    CHECK_FALSE(r.has(~uint64_t{0}, 2));
    CHECK_FALSE(r.has(2, ~uint64_t{0}));
    CHECK_FALSE(r.slice(1, ~uint64_t{0} - 0).ok());
}

TEST_CASE("UTF-16 strings need their NUL terminator inside the buffer") {
    const uint8_t good[] = {'a', 0, 'b', 0, 0, 0};
    CHECK(ByteReader(Bytes(good, 6)).utf16z(0).value() == u"ab");
    CHECK_FALSE(ByteReader(Bytes(good, 4)).utf16z(0).ok());
    CHECK(utf16_to_utf8(u"a\u00e9\u4e2d") == "a\xc3\xa9\xe4\xb8\xad");
    CHECK(utf8_to_utf16("a\xc3\xa9\xe4\xb8\xad") == u"a\u00e9\u4e2d");
}

TEST_CASE("UTF-16 to UTF-8: all-ASCII, ASCII then not, surrogate pairs and lone surrogates") {
    CHECK(utf16_to_utf8(u"") == "");
    CHECK(utf16_to_utf8(u"chr/c0000/tae/a00.tae") == "chr/c0000/tae/a00.tae");
    CHECK(utf16_to_utf8(std::u16string(1, u'\x7F')) == "\x7F");
    CHECK(utf16_to_utf8(u"abc\u0080") == "abc\xC2\x80");
    CHECK(utf16_to_utf8(u"\u00e9abc") == "\xC3\xA9" "abc");
    CHECK(utf16_to_utf8(u"x\U0001F600y") == "x\xF0\x9F\x98\x80y");
    const char16_t lone_high[] = {u'a', char16_t(0xD83D), u'b', 0};
    CHECK(utf16_to_utf8(lone_high) == "a\xEF\xBF\xBD" "b");
    const char16_t lone_low_last[] = {u'a', u'b', char16_t(0xDE00), 0};
    CHECK(utf16_to_utf8(lone_low_last) == "ab\xEF\xBF\xBD");
}

TEST_CASE("byte writer pads to an alignment and back-patches offsets") {
    ByteWriter w;
    w.u32le(7);
    w.u8(1);
    w.pad_to(16);
    CHECK(w.pos() == 16);
    w.pad_to(16);
    CHECK(w.pos() == 16);
    w.patch_u32le(0, 0xAABBCCDD);
    auto b = w.take();
    CHECK(b[0] == 0xDD);
    CHECK(b[4] == 1);
    CHECK(b[15] == 0);
}
