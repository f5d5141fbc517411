// Kraken Huffman arrays (kraken-bitstream.md §9): the three code-length table formats (rice,
// gamma, sparse), the canonical 11-bit code, and the 3-stream and 6-stream data layouts.
//
// Speed: decoding a symbol is a lookup that needs the bits the previous code of its stream left,
// so each stream is a chain of dependent loads and shifts, and the time goes into waiting on
// those chains, not into instructions. So the two halves of a 6-stream array (most arrays in the
// corpus) are decoded together, six chains at once, and the lookup entry holds the code length
// in its low byte, where the buffer's shift can take it without an extraction step.
#include <algorithm>
#include <array>
#include <cstring>

#include "container/kraken_entropy.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace taescope::kraken {

namespace {

constexpr unsigned kMaxCodeLength = 11;
constexpr unsigned kTableSize = 1u << kMaxCodeLength;

// Lookup entry: code length in the low byte, symbol in the high byte. The length is the one a
// decode waits for (the bit buffer shifts by it before the next lookup), and in the low byte the
// shift takes the entry as it is: x86 and wasm shifts of 64 bits use only the count's low 6 bits,
// so no extraction step sits on the chain from one lookup to the next.
using HuffEntry = uint16_t;

// The code-length table in listing order (the order codes of equal length are assigned in).
struct CodeLengths {
    unsigned count = 0;
    uint8_t symbols[256 + kSymbolSlack];
    uint8_t lengths[256 + 16];  // 16 more: build_lookup() scans them 16 at a time
};

constexpr std::array<uint16_t, kTableSize> make_reverse11() {
    std::array<uint16_t, kTableSize> r{};
    for (unsigned v = 0; v < kTableSize; ++v) {
        unsigned x = 0;
        for (unsigned b = 0; b < kMaxCodeLength; ++b)
            if (v & (1u << b)) x |= 1u << (kMaxCodeLength - 1 - b);
        r[v] = uint16_t(x);
    }
    return r;
}
constexpr std::array<uint16_t, kTableSize> kReverse11 = make_reverse11();

// "1 0": rice-coded lengths for the symbols named by ranges (§9.1).
const char* read_rice_table(MsbForwardBits& bits, CodeLengths& t) {
    bits.refill();
    const unsigned f = bits.read(2);
    const unsigned nsym = bits.read(8) + 1;
    const unsigned nranges = read_range_count(bits, nsym);
    uint8_t unary[256 + 256];
    if (const char* e = read_unary_values(bits, nsym + nranges, unary)) return e;
    int acc = 30;
    for (unsigned i = 0; i < nsym; ++i) {
        if (i % 16 == 0) bits.refill();  // 16 reads of f <= 3 bits fit in the 56 a refill leaves
        const unsigned r = (unsigned(unary[i]) << f) | bits.read(f);
        if (r > 255) return "rice code-length value exceeds 255";
        const int d = zigzag(r);
        const int len = d + (acc >> 2) + 1;
        if (len < 1 || len > int(kMaxCodeLength)) return "rice table gives a code length outside 1..11";
        t.lengths[i] = uint8_t(len);
        acc += d;
    }
    if (const char* e = read_symbol_ranges(bits, nsym, nranges, unary + nsym, t.symbols)) return e;
    t.count = nsym;
    return nullptr;
}

// "0 1": runs of absent and present symbols, lengths coded against a running average (§9.1).
const char* read_gamma_table(MsbForwardBits& bits, CodeLengths& t) {
    bits.refill();
    const unsigned f = bits.read(2);
    const unsigned max_zeros = 20u >> f;
    unsigned avg = 32, sym = 0, count = 0;
    bool skip_zero_run = bits.read(1) == 1;
    t.count = 0;
    for (;;) {
        if (!skip_zero_run) {
            bits.refill();
            const unsigned z = bits.leading_zeros();
            if (z >= 8) return "gamma table: absent-symbol run code too long";
            sym += bits.read(2 * (z + 1)) - 1;
            if (sym >= 256) break;
        }
        skip_zero_run = false;
        bits.refill();
        const unsigned z = bits.leading_zeros();
        if (z >= 8) return "gamma table: present-symbol run code too long";
        const unsigned n = bits.read(2 * (z + 1)) - 1;
        if (sym + n > 256) return "gamma table: present symbols pass symbol 255";
        count += n;
        for (unsigned i = 0; i < n; ++i) {
            // A code-length code is at most 21 bits (20 >> f zeros, the 1, f bits): two fit in
            // the 56 a refill leaves, and a zero count past max_zeros is found either way.
            if (!(i & 1)) bits.refill();
            const unsigned zl = bits.leading_zeros();
            if (zl > max_zeros) return "gamma table: code-length code too long";
            // The zeros, the 1 and f bits: w = (1 << f) + the low bits, so v = (zl << f) + low.
            const unsigned w = bits.read(zl + f + 1);
            const unsigned v = ((zl - 1) << f) + w;
            const int len = zigzag(v) + int((avg + 2) >> 2);
            if (len < 1 || len > int(kMaxCodeLength)) return "gamma table gives a code length outside 1..11";
            avg = unsigned(len) + ((3 * avg + 2) >> 2);
            t.symbols[t.count] = uint8_t(sym);
            t.lengths[t.count] = uint8_t(len);
            ++t.count;
            ++sym;
        }
        if (sym == 256) break;
    }
    if (sym != 256) return "gamma table: symbol runs pass symbol 255";
    if (count < 2) return "gamma table has fewer than 2 symbols";
    return nullptr;
}

// "0 0": explicit (symbol, length) pairs in stream order (§9.1).
const char* read_sparse_table(MsbForwardBits& bits, CodeLengths& t) {
    bits.refill();
    const unsigned n = bits.read(8);
    if (n == 0) return "sparse table has 0 symbols";
    if (n == 1) return "single-symbol Huffman table (encoders use RLE for this)";
    const unsigned b = bits.read(3);
    if (b > 4) return "sparse table length width exceeds 4 bits";
    for (unsigned i = 0; i < n; ++i) {
        bits.refill();
        t.symbols[i] = uint8_t(bits.read(8));
        const unsigned len = bits.read(b) + 1;
        if (len > kMaxCodeLength) return "sparse table gives a code length above 11";
        t.lengths[i] = uint8_t(len);
    }
    t.count = n;
    return nullptr;
}

// Bit j set where p[j] == v, for the 16 bytes at p.
inline uint32_t equal_mask16(const uint8_t* p, uint8_t v) {
#if defined(__SSE2__)
    return uint32_t(_mm_movemask_epi8(
        _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), _mm_set1_epi8(char(v)))));
#elif defined(__wasm_simd128__)
    return wasm_i8x16_bitmask(wasm_i8x16_eq(wasm_v128_load(p), wasm_i8x16_splat(int8_t(v))));
#else
    uint32_t m = 0;
    for (unsigned j = 0; j < 16; ++j) m |= uint32_t(p[j] == v) << j;
    return m;
#endif
}

// Canonical code -> lookup indexed by the next `width` stream bits, LSB first (the first stream
// bit is the codeword's most significant bit, so each codeword is bit-reversed), where width is
// the longest code length present (<= 11): small arrays often have short codes, and a smaller
// table is quicker to build. Built by doubling: after step l the first 2^l entries decode every
// code of length <= l from l bits; copying them up extends them to l + 1 bits, and each code of
// length l + 1 then claims its one new entry.
// Codes are assigned by length, in listing order within a length. Rather than placing each
// symbol through per-length counters in memory (consecutive symbols of one length then wait on
// each other's store), each length's symbols are found by comparing 16 lengths at a time, and
// its next code is a register. The per-length counts use four sets of counters for the same
// reason. Small files decode a few small tables, so this set-up is a good part of their time.
const char* build_lookup(CodeLengths& t, HuffEntry* lut, unsigned* width) {
    unsigned counts[4][kMaxCodeLength + 2] = {};
    unsigned i = 0;
    for (; i + 4 <= t.count; i += 4) {
        ++counts[0][t.lengths[i]];
        ++counts[1][t.lengths[i + 1]];
        ++counts[2][t.lengths[i + 2]];
        ++counts[3][t.lengths[i + 3]];
    }
    for (; i < t.count; ++i) ++counts[0][t.lengths[i]];
    unsigned per_length[kMaxCodeLength + 2];
    unsigned slot = 0;
    for (unsigned l = 1; l <= kMaxCodeLength; ++l) {
        per_length[l] = counts[0][l] + counts[1][l] + counts[2][l] + counts[3][l];
        slot += per_length[l] << (kMaxCodeLength - l);
    }
    if (slot != kTableSize) return "Huffman code is not complete (the code lengths do not fill the code space)";
    std::memset(t.lengths + t.count, 0, 16);  // no code has length 0: the scan's tail matches nothing
    unsigned longest = kMaxCodeLength;
    while (per_length[longest] == 0) --longest;  // some length is present: the code is complete
    *width = longest;
    lut[0] = 0;
    unsigned first = 0;  // the next code's slot among the 2^11 (its codeword << (11 - length))
    for (unsigned l = 1; l <= longest; ++l) {
        const unsigned half = 1u << (l - 1);
        // Not memcpy: in wasm it calls out to JavaScript from 512 bytes on (see copy_bytes).
        copy_bytes(reinterpret_cast<uint8_t*>(lut + half), reinterpret_cast<const uint8_t*>(lut),
                   half * sizeof(HuffEntry));
        if (per_length[l] == 0) continue;
        const unsigned step = 1u << (kMaxCodeLength - l);
        for (unsigned at = 0; at < t.count; at += 16) {
            for (uint32_t m = equal_mask16(t.lengths + at, uint8_t(l)); m != 0; m &= m - 1) {
                const unsigned sym = t.symbols[at + unsigned(__builtin_ctz(m))];
                lut[kReverse11[first]] = HuffEntry((sym << 8) | l);  // low l bits: the codeword
                first += step;
            }
        }
    }
    return nullptr;
}

template <class Reader>
inline uint8_t decode_symbol(Reader& r, const HuffEntry* lut, unsigned width) {
    const unsigned e = lut[r.peek(width)];
    r.consume_entry(e);
    return uint8_t(e >> 8);
}

// §9.3: one 3-stream region [lo, hi) with split point `mid`, producing n symbols into dst.
// Each decode waits for the one before it in its stream (the lookup needs the bits the previous
// code left), so a stream is a chain of dependent loads, and the streams are what runs in
// parallel: a 6-stream array's two halves are decoded together (decode_two), six chains at once.
class ThreeStreams {
public:
    ThreeStreams(const uint8_t* lo, const uint8_t* mid, const uint8_t* hi, uint8_t* dst, size_t n)
        : lo_(lo),
          size_(hi - lo),
          split_(mid - lo),
          s0_(lo, size_, 0),
          s1_(lo, size_, size_),
          s2_(lo, size_, split_),
          o_(dst),
          oe_(dst + n) {}

    // How many rounds of 15 symbols (5 per stream: 55 bits, within the 56 a refill provides) may
    // run with refill_fast(): enough output left, and every stream's loads inside the region.
    [[gnu::always_inline]] ptrdiff_t fast_rounds() const {
        return std::min({(oe_ - o_) / 15, s0_.room(), s1_.room(), s2_.room()});
    }
    [[gnu::always_inline]] void round(const HuffEntry* lut, unsigned width) {
        s0_.refill_fast();
        s1_.refill_fast();
        s2_.refill_fast();
        for (int k = 0; k < 5; ++k) {
            o_[0] = decode_symbol(s0_, lut, width);
            o_[1] = decode_symbol(s1_, lut, width);
            o_[2] = decode_symbol(s2_, lut, width);
            o_ += 3;
        }
    }
    // The rest, in the streams' turn. Static, and on a local copy whose address never leaves it:
    // the state of an object reached through a pointer stays in memory, since each byte stored
    // to the output might alias it.
    static Status finish(const ThreeStreams& streams, const StreamOrigin& origin, const HuffEntry* lut,
                         unsigned width) {
        ThreeStreams t = streams;
        return t.finish_here(origin, lut, width);
    }

private:
    [[gnu::always_inline]] Status finish_here(const StreamOrigin& origin, const HuffEntry* lut, unsigned width) {
        for (ptrdiff_t n = fast_rounds(); n > 0; n = fast_rounds())
            while (n-- > 0) round(lut, width);
        while (o_ < oe_) {
            s0_.refill();
            *o_++ = decode_symbol(s0_, lut, width);
            if (o_ == oe_) break;
            s1_.refill();
            *o_++ = decode_symbol(s1_, lut, width);
            if (o_ == oe_) break;
            s2_.refill();
            *o_++ = decode_symbol(s2_, lut, width);
        }
        if (s0_.position() != split_)
            return origin.error(lo_, s0_.position(),
                                "Huffman stream 0 ends at window byte " + std::to_string(s0_.position()) +
                                    ", expected the split point " + std::to_string(split_));
        if (s1_.position() != s2_.position())
            return origin.error(lo_, s2_.position(),
                                "Huffman streams 1 and 2 do not meet (stream 2 ends at window byte " +
                                    std::to_string(s2_.position()) + ", stream 1 at " + std::to_string(s1_.position()) +
                                    ")");
        return ok_status();
    }

    const uint8_t* lo_;
    ptrdiff_t size_, split_;
    LsbForwardBits s0_;
    LsbBackwardBits s1_;
    LsbForwardBits s2_;
    uint8_t* o_;
    uint8_t* oe_;
};

// The two halves of a 6-stream array side by side while both can run fast rounds. On local
// copies, which the compiler keeps in registers (through the references they stay in memory).
void decode_two(ThreeStreams& first, ThreeStreams& second, const HuffEntry* lut, unsigned width) {
    ThreeStreams a = first, b = second;
    for (ptrdiff_t n = std::min(a.fast_rounds(), b.fast_rounds()); n > 0;
         n = std::min(a.fast_rounds(), b.fast_rounds())) {
        while (n-- > 0) {
            a.round(lut, width);
            b.round(lut, width);
        }
    }
    first = a;
    second = b;
}

}  // namespace

Status decode_huffman(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t ds,
                      bool six_streams) {
    MsbForwardBits bits(p, end - p, 0);
    bits.refill();
    CodeLengths table;
    const char* problem;
    if (bits.read(1)) {
        if (bits.read(1)) return origin.error(p, "Huffman table format '1 1' does not exist");
        problem = read_rice_table(bits, table);
    } else if (bits.read(1)) {
        problem = read_gamma_table(bits, table);
    } else {
        problem = read_sparse_table(bits, table);
    }
    if (problem) return origin.error(p, std::string("Huffman code-length table: ") + problem);
    HuffEntry lut[kTableSize];
    unsigned width = 0;
    if (const char* e = build_lookup(table, lut, &width)) return origin.error(p, e);
    if (bits.position() >= end - p) return origin.error(p, "Huffman code-length table runs past the array payload");
    const uint8_t* q = p + bits.position();

    if (!six_streams) {
        if (end - q < 3) return origin.error(q, "Huffman 3-stream array: the split field needs 2 bytes and data");
        const size_t split = load_u16le(q);
        q += 2;
        if (split >= size_t(end - q))
            return origin.error(q - 2, "Huffman split " + std::to_string(split) + " lies outside the " +
                                           std::to_string(end - q) + "-byte data region");
        return ThreeStreams::finish(ThreeStreams(q, q + split, end, dst, ds), origin, lut, width);
    }
    if (end - q < 6) return origin.error(q, "Huffman 6-stream array: the split fields need 6 bytes");
    const size_t sm = size_t(q[0]) | (size_t(q[1]) << 8) | (size_t(q[2]) << 16);
    q += 3;
    if (sm > size_t(end - q) || sm < 2)
        return origin.error(q - 3, "Huffman 6-stream middle split " + std::to_string(sm) + " does not fit the payload");
    const uint8_t* mid = q + sm;
    const size_t sl = load_u16le(q);
    q += 2;
    if (size_t(mid - q) < sl + 2 || end - mid < 3)
        return origin.error(q - 2, "Huffman 6-stream first-half split " + std::to_string(sl) + " does not fit");
    const size_t sr = load_u16le(mid);
    if (size_t(end - (mid + 2)) < sr + 2)
        return origin.error(mid, "Huffman 6-stream second-half split " + std::to_string(sr) + " does not fit");
    const size_t half = (ds + 1) / 2;
    ThreeStreams first(q, q + sl, mid, dst, half), second(mid + 2, mid + 2 + sr, end, dst + half, ds - half);
    decode_two(first, second, lut, width);
    auto st = ThreeStreams::finish(first, origin, lut, width);
    if (!st.ok()) return std::move(st.error().within("first half"));
    st = ThreeStreams::finish(second, origin, lut, width);
    if (!st.ok()) return std::move(st.error().within("second half"));
    return ok_status();
}

}  // namespace taescope::kraken
