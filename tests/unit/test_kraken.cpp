// Oodle Kraken decoder (engine/container/kraken*.cpp), checked against:
//  - the real KRAK files of the corpus: exact decoded size and sha256 from KRAK-DECODED.sha256;
//  - small hand-built streams, one per rule of kraken-bitstream.md that real data never uses;
//  - hostile input: truncations and byte flips of a real payload must never crash.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <sstream>

#include "container/kraken.h"
#include "container/kraken_entropy.h"
#include "io/sha256.h"
#include "test_support.h"

using namespace taescope;

namespace {

// The KRAK payload of a DCX file: bytes [0x4C, 0x4C + compressed size), decoded size at 0x1C
// (DCX header integers are big-endian; "KRAK" at 0x28).
struct KrakPayload {
    std::vector<uint8_t> stream;
    size_t decoded_size = 0;
};

KrakPayload krak_payload(const std::vector<uint8_t>& dcx) {
    REQUIRE(dcx.size() >= 0x4C);
    REQUIRE(std::memcmp(dcx.data() + 0x28, "KRAK", 4) == 0);
    const size_t decoded = load_u32be(dcx.data() + 0x1C);
    const size_t compressed = load_u32be(dcx.data() + 0x20);
    REQUIRE(0x4C + compressed <= dcx.size());
    return {std::vector<uint8_t>(dcx.begin() + 0x4C, dcx.begin() + 0x4C + ptrdiff_t(compressed)), decoded};
}

struct ExpectedDecode {
    std::string sha256;
    size_t size;
    std::string path;
};

std::vector<ExpectedDecode> krak_manifest() {
    std::vector<ExpectedDecode> list;
    const std::string manifest = test::corpus_path("KRAK-DECODED.sha256");
    if (manifest.empty()) return list;
    std::ifstream in(manifest);
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        ExpectedDecode e;
        if (fields >> e.sha256 >> e.size >> e.path) list.push_back(e);
    }
    return list;
}

std::vector<uint8_t> pseudo_random_bytes(size_t n, uint32_t seed) {
    std::vector<uint8_t> v(n);
    for (auto& b : v) {
        seed = seed * 1664525u + 1013904223u;
        b = uint8_t(seed >> 24);
    }
    return v;
}

Status decode_into(const std::vector<uint8_t>& stream, std::vector<uint8_t>& out) {
    return kraken_decompress(Bytes(stream.data(), stream.size()), std::span<uint8_t>(out.data(), out.size()));
}

std::string error_text(const Status& s) { return s.ok() ? std::string("(no error)") : s.error().to_string(); }

void append(std::vector<uint8_t>& v, std::initializer_list<uint8_t> bytes) { v.insert(v.end(), bytes); }

}  // namespace

TEST_CASE("sha256 matches the FIPS 180-4 examples") {
    CHECK(sha256_hex({}) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    const std::string abc = "abc";
    CHECK(sha256_hex(Bytes(reinterpret_cast<const uint8_t*>(abc.data()), abc.size())) ==
          "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const std::string two_blocks = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";  // padding spills over
    CHECK(sha256_hex(Bytes(reinterpret_cast<const uint8_t*>(two_blocks.data()), two_blocks.size())) ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST_CASE("kraken: every corpus KRAK file decodes to the published size and sha256") {
    const auto manifest = krak_manifest();
    if (manifest.empty()) return;
    CHECK(manifest.size() >= 5);  // the five animation binders, and since issue 32 the c5051 model binder
    for (const auto& expected : manifest) {
        CAPTURE(expected.path);
        const std::string path = test::corpus_path(expected.path);
        if (path.empty()) continue;
        const KrakPayload payload = krak_payload(test::load(path));
        CHECK(payload.decoded_size == expected.size);
        std::vector<uint8_t> out(payload.decoded_size);
        const Status st = decode_into(payload.stream, out);
        REQUIRE_MESSAGE(st.ok(), error_text(st));
        CHECK(sha256_hex(Bytes(out.data(), out.size())) == expected.sha256);
    }
}

TEST_CASE("kraken: worked example c1000 starts with the 8 raw bytes 'BND4' and the first token's output") {
    const std::string path = test::corpus_path("eldenring/c1000.krak.anibnd.dcx");
    if (path.empty()) return;
    const KrakPayload payload = krak_payload(test::load(path));
    CHECK(payload.decoded_size == 15700);
    CHECK(payload.stream.size() == 5600);
    CHECK(payload.stream[0] == 0x8C);  // compressed block with the reset bit
    CHECK(payload.stream[1] == 0x06);  // decoder type 6 = Kraken
    std::vector<uint8_t> out(payload.decoded_size);
    REQUIRE(decode_into(payload.stream, out).ok());
    const uint8_t first16[16] = {'B', 'N', 'D', '4', 0, 0, 0, 0, 0, 0, 1, 0, 4, 0, 0, 0};
    CHECK(std::memcmp(out.data(), first16, 16) == 0);
}

TEST_CASE("kraken: stored-block streams (0xCC 0x06 per 256 KiB block) round-trip") {
    for (size_t size : {size_t(0), size_t(1), size_t(100), size_t(0x40000), size_t(0x40001), size_t(600000)}) {
        CAPTURE(size);
        const auto raw = pseudo_random_bytes(size, uint32_t(size) + 7);
        const auto stream = kraken_encode_stored(Bytes(raw.data(), raw.size()));
        CHECK(stream.size() == size + 2 * ((size + 0x3FFFF) / 0x40000));
        if (size) {
            CHECK(stream[0] == 0xCC);
            CHECK(stream[1] == 0x06);
        }
        std::vector<uint8_t> out(size);
        const Status st = decode_into(stream, out);
        REQUIRE_MESSAGE(st.ok(), error_text(st));
        CHECK(out == raw);
    }
}

TEST_CASE("kraken: other Oodle codecs get a clear 'unsupported Oodle codec N' error") {
    for (uint8_t codec : {uint8_t(2), uint8_t(5), uint8_t(10), uint8_t(11), uint8_t(12)}) {
        CAPTURE(int(codec));
        const std::vector<uint8_t> stream = {0x8C, codec, 0x00, 0x00, 0x10, 0, 0, 0, 0};
        std::vector<uint8_t> out(100);
        const Status st = decode_into(stream, out);
        REQUIRE_FALSE(st.ok());
        CHECK(st.error().message.find("unsupported Oodle codec " + std::to_string(codec)) != std::string::npos);
        CHECK(st.error().offset == 1);
    }
}

TEST_CASE("kraken: the output size must match the stream exactly") {
    const std::string path = test::corpus_path("sekiro/c1451.krak.anibnd.dcx");
    if (path.empty()) return;
    const KrakPayload payload = krak_payload(test::load(path));
    std::vector<uint8_t> smaller(payload.decoded_size - 1), larger(payload.decoded_size + 1);
    CHECK_FALSE(decode_into(payload.stream, smaller).ok());
    CHECK_FALSE(decode_into(payload.stream, larger).ok());
    // Stored streams too: the stream must be used up exactly.
    const auto raw = pseudo_random_bytes(1000, 3);
    const auto stored = kraken_encode_stored(Bytes(raw.data(), raw.size()));
    std::vector<uint8_t> out999(999), out1001(1001);
    CHECK(error_text(decode_into(stored, out999)).find("left after") != std::string::npos);
    CHECK_FALSE(decode_into(stored, out1001).ok());
}

TEST_CASE("kraken: memset quantum 07 FF FF fills the block with one byte") {
    const std::vector<uint8_t> stream = {0x8C, 0x06, 0x07, 0xFF, 0xFF, 0x5A};
    std::vector<uint8_t> out(1000);
    REQUIRE(decode_into(stream, out).ok());
    CHECK(out == std::vector<uint8_t>(1000, 0x5A));
}

TEST_CASE("kraken: a quantum as long as its block is stored verbatim") {
    const auto raw = pseudo_random_bytes(300, 11);
    std::vector<uint8_t> stream = {0x8C, 0x06, 0x00, 0x01, 0x2B};  // size field 299 -> 300 bytes
    stream.insert(stream.end(), raw.begin(), raw.end());
    std::vector<uint8_t> out(300);
    REQUIRE(decode_into(stream, out).ok());
    CHECK(out == raw);
}

TEST_CASE("kraken: entropy-only chunk holding an RLE array (memset form and uncoded commands)") {
    // RLE array, 5-byte header: type 3, ds = 100, cs = 1: the payload byte repeated.
    std::vector<uint8_t> memset_stream = {0x8C, 0x06, 0x00, 0x00, 0x05, 0x30, 0x01, 0x8C, 0x00, 0x01, 0x77};
    std::vector<uint8_t> out(100);
    REQUIRE_MESSAGE(decode_into(memset_stream, out).ok(), error_text(decode_into(memset_stream, out)));
    CHECK(out == std::vector<uint8_t>(100, 0x77));

    // Command buffer (byte0 = 0): literals from the front, commands from the back.
    //   0x01: run byte = next literal ('z');  0xFC: 3 literals then 15 runs;  0x00: 15 literals.
    std::vector<uint8_t> payload = {0x00, 'z', 'A', 'B', 'C'};
    for (char c : std::string("0123456789abcde")) payload.push_back(uint8_t(c));
    append(payload, {0x00, 0xFC, 0x01});
    const std::string expected = "ABC" + std::string(15, 'z') + "0123456789abcde";
    REQUIRE(payload.size() == 23);
    std::vector<uint8_t> stream = {0x8C, 0x06, 0x00, 0x00, uint8_t(5 + payload.size() - 1)};
    // header: type 3, ds - 1 = 32 in bits 18+, cs = 23
    append(stream, {0x30, 0x00, 0x80, 0x00, uint8_t(payload.size())});
    stream.insert(stream.end(), payload.begin(), payload.end());
    std::vector<uint8_t> text(expected.size());
    const Status st = decode_into(stream, text);
    REQUIRE_MESSAGE(st.ok(), error_text(st));
    CHECK(std::string(text.begin(), text.end()) == expected);
}

TEST_CASE("kraken: a block of two chunks, the first stored (bit 23, mode 0, length = 128 KiB)") {
    const size_t n = 0x20000 + 100;
    const auto first = pseudo_random_bytes(0x20000, 5);
    std::vector<uint8_t> stream = {0x8C, 0x06};
    const size_t clen = 3 + 0x20000 + 6;
    append(stream, {uint8_t((clen - 1) >> 16), uint8_t((clen - 1) >> 8), uint8_t(clen - 1)});
    append(stream, {0x82, 0x00, 0x00});  // bit 23, mode 0, length 0x20000
    stream.insert(stream.end(), first.begin(), first.end());
    append(stream, {0x30, 0x01, 0x8C, 0x00, 0x01, 0x42});  // second chunk: RLE of 100 x 0x42
    std::vector<uint8_t> out(n);
    const Status st = decode_into(stream, out);
    REQUIRE_MESSAGE(st.ok(), error_text(st));
    CHECK(std::equal(first.begin(), first.end(), out.begin()));
    CHECK(std::all_of(out.begin() + 0x20000, out.end(), [](uint8_t b) { return b == 0x42; }));
}

namespace {
// A stored 256 KiB block, then a second block whose one LZ chunk (mode 1, raw arrays) copies
// 64 bytes from distance 0x40000, i.e. from the first block. `reset` sets bit 7 on block 2.
enum class OffsetCoding { classic, scaled_by_2 };
std::vector<uint8_t> cross_block_match_stream(const std::vector<uint8_t>& first_block, bool reset,
                                              OffsetCoding coding = OffsetCoding::classic) {
    std::vector<uint8_t> stream = {0xCC, 0x06};
    stream.insert(stream.end(), first_block.begin(), first_block.end());
    std::vector<uint8_t> chunk;
    if (reset) append(chunk, {1, 2, 3, 4, 5, 6, 7, 8});  // a chunk at the window base starts with 8 raw bytes
    append(chunk, {0x00, 0x00, 0x00});                   // literal array: raw, 0 bytes
    append(chunk,
           {0x00, 0x00, 0x04, 0xF8, 0x38, 0x38, 0x38});  // commands: new distance len 16, then 3 x (recent 0, len 16)
    if (coding == OffsetCoding::classic) {
        // packed offset 0xA8: classic, k = 14 extra bits; t = 15 -> 16 * (2^14 + 15) + 8 - 248 = 0x40000
        append(chunk, {0x00, 0x00, 0x01, 0xA8});
        append(chunk, {0x00, 0x00, 0x00});  // length array: raw, 0 bytes
        // bit region: A holds t = 15 in 14 bits (00000000 001111..); B's first bit "1" = no long lengths.
        append(chunk, {0x00, 0x3C, 0x80});
    } else {
        // scale byte 0x81 -> scale 2; packed offset 0x70: x = 14, (8 + 0) << 14 + t - 8 with t = 8 gives
        // d = 0x20000, and dist = 2 * d + low = 0x40000 with low-bits byte 0.
        append(chunk, {0x81, 0x00, 0x00, 0x01, 0x70});
        append(chunk, {0x00, 0x00, 0x01, 0x00});  // low-bits array: raw, 1 byte (must match the offset count)
        append(chunk, {0x00, 0x00, 0x00});        // length array: raw, 0 bytes
        append(chunk, {0x00, 0x20, 0x80});        // A: t = 8 in 14 bits; B: "1" = no long lengths
    }
    const size_t clen = chunk.size();
    std::vector<uint8_t> block2 = {uint8_t(reset ? 0x8C : 0x0C), 0x06};
    const size_t qlen = 3 + clen;
    append(block2, {uint8_t((qlen - 1) >> 16), uint8_t((qlen - 1) >> 8), uint8_t(qlen - 1)});
    append(block2, {uint8_t(0x80 | 0x08 | (clen >> 16)), uint8_t(clen >> 8), uint8_t(clen)});  // bit 23, mode 1
    block2.insert(block2.end(), chunk.begin(), chunk.end());
    stream.insert(stream.end(), block2.begin(), block2.end());
    return stream;
}
}  // namespace

TEST_CASE("kraken: without the reset bit a match may reach into the previous block") {
    const auto first = pseudo_random_bytes(0x40000, 9);
    const auto stream = cross_block_match_stream(first, false);
    std::vector<uint8_t> out(0x40000 + 64);
    const Status st = decode_into(stream, out);
    REQUIRE_MESSAGE(st.ok(), error_text(st));
    CHECK(std::equal(first.begin(), first.end(), out.begin()));
    CHECK(std::equal(first.begin(), first.begin() + 64, out.begin() + 0x40000));
}

TEST_CASE("kraken: scaled offsets (scale byte 0x80 + s) multiply by s and add the low-bits array") {
    const auto first = pseudo_random_bytes(0x40000, 21);
    const auto stream = cross_block_match_stream(first, false, OffsetCoding::scaled_by_2);
    std::vector<uint8_t> out(0x40000 + 64);
    const Status st = decode_into(stream, out);
    REQUIRE_MESSAGE(st.ok(), error_text(st));
    CHECK(std::equal(first.begin(), first.begin() + 64, out.begin() + 0x40000));
}

TEST_CASE("kraken: with the reset bit the same match is rejected (history restarts at the block)") {
    const auto first = pseudo_random_bytes(0x40000, 9);
    const auto stream = cross_block_match_stream(first, true);
    std::vector<uint8_t> out(0x40000 + 72);
    const Status st = decode_into(stream, out);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().context.find("Kraken block 1") != std::string::npos);
    CHECK(st.error().message.find("distance") != std::string::npos);
}

namespace {
// cross_block_match_stream with its four commands (new distance + 3 x recent 0, each 16 bytes)
// replaced by `commands` (4 bytes).
std::vector<uint8_t> with_commands(std::vector<uint8_t> stream, std::initializer_list<uint8_t> commands) {
    const uint8_t original[] = {0xF8, 0x38, 0x38, 0x38};
    auto at = std::search(stream.begin() + 0x40000, stream.end(), std::begin(original), std::end(original));
    REQUIRE(at != stream.end());
    std::copy(commands.begin(), commands.end(), at);
    return stream;
}
}  // namespace

TEST_CASE("kraken: tokens are checked against the decoded distances, lengths and chunk size before any runs") {
    const auto first = pseudo_random_bytes(0x40000, 9);
    const auto valid = cross_block_match_stream(first, false);
    std::vector<uint8_t> out(0x40000 + 64);
    REQUIRE(decode_into(valid, out).ok());
    // Two tokens take a new distance, one was decoded.
    Status st = decode_into(with_commands(valid, {0xF8, 0xF8, 0x38, 0x38}), out);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("more new distances") != std::string::npos);
    // No token takes the decoded distance.
    st = decode_into(with_commands(valid, {0x38, 0x38, 0x38, 0x38}), out);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("not every decoded distance") != std::string::npos);
    // Match code 15 needs a length-list entry, and the list is empty.
    st = decode_into(with_commands(valid, {0xFC, 0x38, 0x38, 0x38}), out);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("length-list") != std::string::npos);
    // One literal more (code 1 on the last token): 65 bytes for a chunk of 64.
    st = decode_into(with_commands(valid, {0xF8, 0x38, 0x38, 0x39}), out);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("past the chunk end") != std::string::npos);
    // Shorter matches (14 bytes each) leave 6 bytes for literals, and the literal array is empty.
    st = decode_into(with_commands(valid, {0xF8, 0x30, 0x30, 0x30}), out);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("literals") != std::string::npos);
}

TEST_CASE("kraken: truncated and corrupted real payloads give errors, never crashes") {
    const std::string path = test::corpus_path("eldenring/c1000.krak.anibnd.dcx");
    if (path.empty()) return;
    const KrakPayload payload = krak_payload(test::load(path));
    std::vector<uint8_t> out(payload.decoded_size);
    for (size_t cut = 0; cut < payload.stream.size(); cut += 3) {
        std::vector<uint8_t> truncated(payload.stream.begin(), payload.stream.begin() + ptrdiff_t(cut));
        const Status st = decode_into(truncated, out);
        CHECK_FALSE(st.ok());
        if (!st.ok()) CHECK(st.error().offset <= cut);
    }
    uint32_t seed = 12345;
    size_t errors = 0, trials = 3000;
    for (size_t i = 0; i < trials; ++i) {
        seed = seed * 1664525u + 1013904223u;
        std::vector<uint8_t> corrupted = payload.stream;
        corrupted[(seed >> 8) % corrupted.size()] ^= uint8_t(1u << (seed & 7));
        errors += !decode_into(corrupted, out).ok();
    }
    // Flips inside entropy-coded data often just change a symbol, so only some are detectable.
    MESSAGE("single-bit flips detected as errors: " << errors << " of " << trials);
    CHECK(errors > 0);
}

TEST_CASE("kraken: unary values (§8.2), read a byte at a time, equal the values written bit by bit") {
    // Random values (mostly 0-3 as in code-length tables, some long ones crossing several bytes),
    // written as `value` zeros and a 1, most significant bit first; then 64 zero bits of padding.
    for (uint32_t seed = 1; seed <= 40; ++seed) {
        CAPTURE(seed);
        const std::vector<uint8_t> noise = pseudo_random_bytes(2048, seed);
        const unsigned count = 1 + (noise[0] | (noise[1] << 8)) % 600;
        std::vector<uint8_t> expected(count), stream;
        uint64_t total_bits = 0;
        unsigned acc = 0, acc_bits = 0;
        auto put_bit = [&](unsigned bit) {
            acc = (acc << 1) | bit;
            if (++acc_bits == 8) {
                stream.push_back(uint8_t(acc));
                acc = acc_bits = 0;
            }
        };
        for (unsigned i = 0; i < count; ++i) {
            const uint8_t r = noise[2 + i];
            const unsigned v = r < 200 ? r & 3 : r < 250 ? r & 15 : r == 255 ? 255 : 40 + (r & 63);
            expected[i] = uint8_t(v);
            for (unsigned z = 0; z < v; ++z) put_bit(0);
            put_bit(1);
            total_bits += v + 1;
        }
        for (int z = 0; z < 64; ++z) put_bit(0);
        kraken::MsbForwardBits bits(stream.data(), ptrdiff_t(stream.size()), 0);
        std::vector<uint8_t> values(count);
        REQUIRE(kraken::read_unary_values(bits, count, values.data()) == nullptr);
        CHECK(values == expected);
        CHECK(bits.consumed_bits(0) == int64_t(total_bits));  // exactly the codes, none of the padding
    }
    // 256 zeros before a 1 is too long for a value (met a byte at a time, count 20, and bit by
    // bit among the last values, count 10).
    for (const unsigned count : {1u, 10u, 20u}) {
        CAPTURE(count);
        std::vector<uint8_t> stream(80, 0xFF);
        std::fill(stream.begin() + 1, stream.begin() + 34, 0);  // 8 ones, then 264 zeros
        kraken::MsbForwardBits bits(stream.data(), ptrdiff_t(stream.size()), 0);
        std::vector<uint8_t> values(count);
        const char* problem = kraken::read_unary_values(bits, count, values.data());
        if (count == 1) {
            CHECK(problem == nullptr);  // the only value ends at the stream's first bit
            CHECK(values[0] == 0);
        } else {
            REQUIRE(problem != nullptr);
            CHECK(std::string(problem).find("exceeds 255") != std::string::npos);
        }
    }
}

TEST_CASE("kraken: a block alone, and a block's first chunk alone, of a corpus file decode to its slice") {
    // FromSoftware's files start every 256 KiB block with a reset (0x8C), so each block is a
    // stream of its own, and so is a block's first 128 KiB chunk once the quantum header gives
    // that chunk's length: the small streams bench/ooz/kraken_vs_ooz.cpp races against ooz.
    const std::string path = test::corpus_path("eldenring/c3000.krak.anibnd.dcx");
    if (path.empty()) return;
    const KrakPayload payload = krak_payload(test::load(path));
    std::vector<uint8_t> whole(payload.decoded_size);
    REQUIRE(decode_into(payload.stream, whole).ok());
    const std::vector<uint8_t>& s = payload.stream;
    size_t p = 0, pos = 0;
    int blocks = 0;
    while (pos < whole.size()) {
        CAPTURE(blocks);
        REQUIRE(p + 8 <= s.size());
        CHECK(s[p] == 0x8C);
        const size_t block_len = std::min<size_t>(0x40000, whole.size() - pos);
        const size_t quantum = (load_u24be(s.data() + p + 2) & 0x3FFFF) + 1;
        const std::vector<uint8_t> block(s.begin() + ptrdiff_t(p), s.begin() + ptrdiff_t(p + 5 + quantum));
        std::vector<uint8_t> out(block_len);
        REQUIRE(decode_into(block, out).ok());
        CHECK(std::equal(out.begin(), out.end(), whole.begin() + ptrdiff_t(pos)));
        if (block_len > 0x20000) {
            const size_t chunk = 3 + (load_u24be(s.data() + p + 5) & 0x7FFFF);
            std::vector<uint8_t> one = {s[p], s[p + 1], uint8_t((chunk - 1) >> 16), uint8_t((chunk - 1) >> 8),
                                        uint8_t(chunk - 1)};
            one.insert(one.end(), s.begin() + ptrdiff_t(p + 5), s.begin() + ptrdiff_t(p + 5 + chunk));
            std::vector<uint8_t> first(0x20000);
            REQUIRE(decode_into(one, first).ok());
            CHECK(std::equal(first.begin(), first.end(), whole.begin() + ptrdiff_t(pos)));
        }
        p += 5 + quantum;
        pos += block_len;
        ++blocks;
    }
    CHECK(blocks == 7);
    CHECK(p == s.size());
}

namespace {

// Decodes `stream` twice, into a zero-filled buffer and into one filled with `pattern`: the
// DCX reader hands the decoder an uninitialised buffer, so a successful decode must have written
// every byte (then both outputs are equal), and a failed one must fail either way. Returns the
// zero-filled decode's status; `out` receives its bytes.
Status decode_over_both_fills(const std::vector<uint8_t>& stream, size_t size, std::vector<uint8_t>& out,
                              uint8_t pattern = 0xA5) {
    out.assign(size, 0);
    std::vector<uint8_t> patterned(size, pattern);
    const Status zero_st = decode_into(stream, out);
    const Status pattern_st = decode_into(stream, patterned);
    CHECK(zero_st.ok() == pattern_st.ok());
    if (zero_st.ok() && pattern_st.ok()) {
        const auto diff = std::mismatch(out.begin(), out.end(), patterned.begin());
        CHECK_MESSAGE(diff.first == out.end(), "output byte " << (diff.first - out.begin()) << " of " << size
                                                              << " was left unwritten (differs with the prefill)");
    }
    return zero_st;
}

}  // namespace

TEST_CASE("kraken: a successful decode writes every output byte (the DCX reader does not zero-fill)") {
    std::vector<uint8_t> out;
    // Every corpus KRAK file, with two prefills: equal outputs and the published sha256.
    const auto manifest = krak_manifest();
    size_t files = 0;
    for (const auto& expected : manifest) {
        CAPTURE(expected.path);
        const std::string path = test::corpus_path(expected.path);
        if (path.empty()) continue;
        const KrakPayload payload = krak_payload(test::load(path));
        for (const uint8_t pattern : {uint8_t(0xA5), uint8_t(0xFF)}) {
            const Status st = decode_over_both_fills(payload.stream, payload.decoded_size, out, pattern);
            REQUIRE_MESSAGE(st.ok(), error_text(st));
            CHECK(sha256_hex(Bytes(out.data(), out.size())) == expected.sha256);
        }
        ++files;
    }
    if (!manifest.empty()) CHECK(files >= 5);
    // The block and quantum forms real files do not use: stored blocks, a stored quantum, memset.
    const auto raw = pseudo_random_bytes(0x40000 + 700, 5);
    REQUIRE(decode_over_both_fills(kraken_encode_stored(Bytes(raw.data(), raw.size())), raw.size(), out).ok());
    CHECK(out == raw);
    REQUIRE(decode_over_both_fills({0x8C, 0x06, 0x07, 0xFF, 0xFF, 0x00}, 1000, out).ok());
    CHECK(out == std::vector<uint8_t>(1000, 0));
    std::vector<uint8_t> stored_quantum = {0x8C, 0x06, 0x00, 0x01, 0x2B};
    stored_quantum.insert(stored_quantum.end(), raw.begin(), raw.begin() + 300);
    REQUIRE(decode_over_both_fills(stored_quantum, 300, out).ok());
    CHECK(std::equal(out.begin(), out.end(), raw.begin()));

    // Truncations must fail whatever the buffer held; single-bit flips either fail with both
    // prefills or decode to the same bytes with both (never a byte the decoder did not write).
    for (const std::string name : {"sekiro/c1451.krak.anibnd.dcx", "eldenring/c1000.krak.anibnd.dcx"}) {
        CAPTURE(name);
        const std::string path = test::corpus_path(name);
        if (path.empty()) continue;
        const KrakPayload payload = krak_payload(test::load(path));
        for (size_t cut = 0; cut < payload.stream.size(); cut += 7) {
            const std::vector<uint8_t> truncated(payload.stream.begin(), payload.stream.begin() + ptrdiff_t(cut));
            CHECK_FALSE(decode_over_both_fills(truncated, payload.decoded_size, out).ok());
        }
        uint32_t seed = 777;
        size_t decoded = 0;
        for (int i = 0; i < 1500; ++i) {
            seed = seed * 1664525u + 1013904223u;
            std::vector<uint8_t> corrupted = payload.stream;
            corrupted[(seed >> 8) % corrupted.size()] ^= uint8_t(1u << (seed & 7));
            decoded += decode_over_both_fills(corrupted, payload.decoded_size, out).ok();
        }
        MESSAGE(name << ": single-bit flips that still decode (same bytes over both prefills): " << decoded
                     << " of 1500");
    }
}
