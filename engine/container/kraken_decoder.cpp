// Oodle Kraken decoder: blocks and the reset rule (kraken-bitstream.md §2), quanta and chunks
// (§3), LZ chunks with their offset/length bit region and token execution (§4). The entropy
// coders live in kraken_entropy.cpp, kraken_huffman.cpp and kraken_tans.cpp.
//
// Speed: arrays decode into scratch buffers with slack; a branch-free pass over the commands
// checks what the tokens take from the other arrays before any runs, so the token loop needs no
// per-token array or chunk-end checks, and it copies 8 or 16 bytes at a time (safe because every
// distance is at least 8) except for the last tokens of the output buffer, which use exact byte
// loops, so callers owe no slack.
#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <string>

#include "container/kraken.h"
#include "container/kraken_entropy.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace taescope {

namespace {

using kraken::StreamOrigin;

constexpr size_t kBlockSize = 0x40000;
constexpr size_t kChunkSize = 0x20000;
constexpr size_t kScratchSlack = 64;
// The token loop checks that its literals are there once per block of kTokenBlock tokens (and for
// every run longer than 16); in between, a bad stream can take up to 16 literals per token past
// the literal array, so the array gets this much more slack in the arena.
constexpr size_t kTokenBlock = 64;
constexpr size_t kLiteralOverrun = kTokenBlock * 16;
constexpr unsigned kMaxLongLengths = 512;

std::string num(uint64_t v) { return std::to_string(v); }
// Distances are kept as u32. (A function, so that wasm32's 32-bit size_t does not make the test tautological.)
bool exceeds_32_bits(uint64_t n) { return n > 0xFFFFFFFFull; }

const char* codec_name(unsigned type) {
    switch (type) {
        case 5: return "LZNA";
        case 10: return "Mermaid/Selkie";
        case 11: return "BitKnit";
        case 12: return "Leviathan";
        default: return "unknown";
    }
}

// Scratch for one LZ chunk's arrays: one arena, laid out per chunk from the decoded sizes that
// the array headers declare, each array followed by slack so that the token loop may over-read
// it by up to 16 bytes. Sized to what the chunk declares rather than to the worst case (about
// nine times the chunk size), so a small file needs a small arena.
class LzScratch {
public:
    // Room for `bytes` (slack included) from the start; the old contents are not kept.
    uint8_t* reserve(size_t bytes) {
        if (bytes > capacity_) {
            data_.reset();  // freed first, so the old and new arenas are never live together
            data_.reset(new uint8_t[bytes]);
            capacity_ = bytes;
        }
        return data_.get();
    }
    void release() {
        data_.reset();
        capacity_ = 0;
    }
    size_t capacity() const { return capacity_; }
    uint32_t long_lengths[kMaxLongLengths];

private:
    std::unique_ptr<uint8_t[]> data_;
    size_t capacity_ = 0;
};

// The scratch is kept between calls (one per thread): allocating it afresh for every small
// file costs more in page faults than decoding it.
LzScratch& lz_scratch() {
    static thread_local LzScratch cached;
    return cached;
}

// Arenas smaller than this are freed when a decode returns: malloc serves them again from the
// heap without fresh page faults, and a small file's open should not keep memory comparable to
// its own size (for a 20 KB binder the arena is 15 KB). Larger arenas, which come from mmap and
// fault in afresh each time, are kept for the next call.
constexpr size_t kKeepScratchFrom = 64 * 1024;

// Where each array of an LZ chunk goes in the arena: offsets in bytes, 16-aligned.
struct LzLayout {
    size_t literals, commands, packed_offsets, low_bits, length_bytes, distances, lengths, total;
};
constexpr size_t align16(size_t n) { return (n + 15) & ~size_t(15); }

inline uint64_t load8(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return v;
}
inline void store8(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }
// o[0..8) = a[0..8) + b[0..8) byte-wise: straight from memory into vector registers where there
// are any (SSE2 is part of x86-64; wasm SIMD128), else SWAR on 64-bit words.
inline void add8(uint8_t* o, const uint8_t* a, const uint8_t* b) {
#if defined(__SSE2__)
    _mm_storel_epi64(reinterpret_cast<__m128i*>(o),
                     _mm_add_epi8(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(a)),
                                  _mm_loadl_epi64(reinterpret_cast<const __m128i*>(b))));
#elif defined(__wasm_simd128__)
    wasm_v128_store64_lane(o, wasm_i8x16_add(wasm_v128_load64_zero(a), wasm_v128_load64_zero(b)), 0);
#else
    constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full, kHigh = 0x8080808080808080ull;
    const uint64_t x = load8(a), y = load8(b);
    store8(o, ((x & kLow7) + (y & kLow7)) ^ ((x ^ y) & kHigh));
#endif
}

// Literal code 3 takes the next entry of the length list, codes 0-2 are the length: without a
// branch (the list has slack, so its next entry may be loaded either way). GCC turns the plain
// select in the token loop into a jump (it threads the later literal-length tests through it),
// which mispredicts on every other token, so on x86-64 the conditional moves are spelled out.
inline size_t literal_length(size_t code, const uint32_t*& list) {
    const size_t entry = *list;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    const uint32_t* const next = list + 1;
    asm("cmpq $3, %[code]\n\t"
        "cmoveq %[entry], %[code]\n\t"
        "cmoveq %[next], %[list]"
        : [code] "+r"(code), [list] "+r"(list)
        : [entry] "r"(entry), [next] "r"(next)
        : "cc");
    return code;
#else
    list += code == 3;
    return code == 3 ? entry : code;
#endif
}

// Offset code (command byte f >> 6) applied to the three recent distances (kraken-bitstream.md
// §4.3): 0 keeps r0, 1 swaps r1 to the front, 2 rotates r2 to the front, 3 pushes `fresh`.
// Returns the new r0. The code is random (in the corpus files 0 for 45-74% of the tokens, 3 for
// 16-49%, and it switches at a third of them), so on x86-64 conditional moves: the compiler made
// jumps of the selects, and an array indexed by the code puts a store-to-load round trip on the
// critical path.
inline size_t rotate_recent(unsigned f, const uint32_t*& fresh_list, size_t& r0, size_t& r1, size_t& r2) {
    const size_t fresh = *fresh_list;  // may be the slack after the list: then unused
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    // In place (every value an input and output operand), so the compiler adds no register moves
    // around it, and on the command byte itself: code >= 1, >= 2, == 3 are f >= 0x40, 0x80, 0xC0.
    // Each later test overrides what an earlier one set for the higher codes; t keeps the old r1.
    const uint32_t* const next = fresh_list + 1;
    size_t t;
    asm("movq %[r1], %[t]\n\t"
        "cmpl $0x40, %k[f]\n\t"
        "cmovaeq %[r0], %[r1]\n\t"
        "cmovaeq %[t], %[r0]\n\t"
        "cmpl $0x80, %k[f]\n\t"
        "cmovaeq %[r2], %[r0]\n\t"
        "cmovaeq %[t], %[r2]\n\t"
        "cmpl $0xC0, %k[f]\n\t"
        "cmovaeq %[fresh], %[r0]\n\t"
        "cmovaeq %[next], %[list]"
        : [t] "=&r"(t), [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [list] "+&r"(fresh_list)
        : [f] "r"(f), [fresh] "r"(fresh), [next] "r"(next)
        : "cc");
    return r0;
#else
    // Elsewhere (wasm): branches, as before. With selects the wasm benchmark (bench/wasm, CPU time,
    // repeated decodes of the small single-block corpus files) ran 2-6% slower; those files are
    // short enough for the branch predictor to learn their codes over the repeats.
    const unsigned which = f >> 6;
    if (which == 3) {
        r2 = r1;
        r1 = r0;
        r0 = fresh;
        ++fresh_list;
    } else if (which == 2) {
        std::swap(r2, r1);
        std::swap(r1, r0);
    } else if (which == 1) {
        std::swap(r0, r1);
    }
    return r0;
#endif
}

// 16 bytes from `from` to `o` (the ranges must not overlap): one vector move with SSE2 or wasm
// SIMD128 (long matches and literal runs: half the instructions of two 8-byte moves).
inline void copy16(uint8_t* o, const uint8_t* from) {
#if defined(__SSE2__)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(o), _mm_loadu_si128(reinterpret_cast<const __m128i*>(from)));
#elif defined(__wasm_simd128__)
    wasm_v128_store(o, wasm_v128_load(from));
#else
    const uint64_t lo = load8(from), hi = load8(from + 8);
    store8(o, lo);
    store8(o + 8, hi);
#endif
}

// One chunk's LZ job, as parsed from its arrays and bit region.
struct LzChunk {
    uint8_t* out;       // whole output buffer
    size_t out_size;
    size_t base;        // window base (§2.3)
    size_t start;       // where tokens begin (chunk start, or +8 after the raw bytes)
    size_t end;         // chunk end
    const uint8_t* literals;
    size_t literal_count;
    const uint8_t* commands;
    size_t command_count;
    const uint32_t* distances;
    size_t distance_count;
    const uint32_t* lengths;
    size_t length_count;
};

// What a chunk's commands ask of the other arrays (kraken-bitstream.md §4.3), counted before any
// token runs: the length-list entries and new distances they take, and the bytes they write. Each
// command byte adds one entry of kCommandDemand (three counters packed in a u64, none of which
// can carry into the next: a chunk has at most 0x20000 commands), then the length list is summed.
// This lets the token loop below drop the per-token checks that an array is used up or that the
// output passes the chunk end.
struct TokenDemand {
    size_t lengths = 0;    // tokens with literal code 3, plus tokens with match code 15
    size_t distances = 0;  // tokens with offset code 3
    uint64_t output = 0;   // bytes written by the tokens (long lengths included)
};
constexpr unsigned kDemandLengthsShift = 24, kDemandDistancesShift = 44;
constexpr auto kCommandDemand = [] {
    std::array<uint64_t, 256> t{};
    for (unsigned f = 0; f < 256; ++f) {
        const unsigned lit = f & 3, match = (f >> 2) & 15;
        const uint64_t output = (lit == 3 ? 0 : lit) + (match == 15 ? 14 : match + 2);
        const uint64_t lengths = unsigned(lit == 3) + unsigned(match == 15);
        const uint64_t distances = f >= 0xC0;
        t[f] = output | (lengths << kDemandLengthsShift) | (distances << kDemandDistancesShift);
    }
    return t;
}();
TokenDemand token_demand(const uint8_t* cmd, size_t count, const uint32_t* lengths, size_t length_count) {
    uint64_t sum0 = 0, sum1 = 0;  // two chains: independent additions
    size_t k = 0;
#if defined(__SSE2__)
    // 16 commands at a time: per byte the output (literal code unless 3, match code + 2, minus 3
    // for each code 3 or 15: at most 19), the length entries (0..2) and new distances (0..1),
    // summed by SAD into 64-bit lanes. Each lane grows by at most 8 x 19 per step.
    {
        const __m128i three = _mm_set1_epi8(3), fifteen = _mm_set1_epi8(15), top = _mm_set1_epi8(char(0xC0));
        const __m128i minus3 = _mm_set1_epi8(-3), one = _mm_set1_epi8(1), two = _mm_set1_epi8(2);
        const __m128i zero = _mm_setzero_si128();
        __m128i output = zero, entries = zero, fresh = zero;
        for (; k + 16 <= count; k += 16) {
            const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cmd + k));
            const __m128i lit = _mm_and_si128(v, three);
            const __m128i match = _mm_and_si128(_mm_srli_epi16(v, 2), fifteen);
            const __m128i long_lit = _mm_cmpeq_epi8(lit, three), long_match = _mm_cmpeq_epi8(match, fifteen);
            const __m128i bytes = _mm_add_epi8(_mm_add_epi8(_mm_add_epi8(lit, match), two),
                                               _mm_and_si128(_mm_or_si128(long_lit, long_match), minus3));
            // Both codes long: -3 counted once above, so subtract 3 more where both are.
            const __m128i both = _mm_and_si128(_mm_and_si128(long_lit, long_match), minus3);
            output = _mm_add_epi64(output, _mm_sad_epu8(_mm_add_epi8(bytes, both), zero));
            entries = _mm_add_epi64(
                entries, _mm_sad_epu8(_mm_add_epi8(_mm_and_si128(long_lit, one), _mm_and_si128(long_match, one)), zero));
            fresh = _mm_add_epi64(fresh, _mm_sad_epu8(_mm_and_si128(_mm_cmpeq_epi8(_mm_and_si128(v, top), top), one), zero));
        }
        auto total = [](__m128i x) { return uint64_t(_mm_cvtsi128_si64(x)) + uint64_t(_mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x))); };
        sum0 = total(output) | (total(entries) << kDemandLengthsShift) | (total(fresh) << kDemandDistancesShift);
    }
#elif defined(__wasm_simd128__)
    // The same per byte; bytes summed pairwise into 16-bit and then 32-bit lanes.
    {
        const v128_t three = wasm_i8x16_splat(3), fifteen = wasm_i8x16_splat(15), top = wasm_i8x16_splat(int8_t(0xC0));
        const v128_t minus3 = wasm_i8x16_splat(-3), one = wasm_i8x16_splat(1), two = wasm_i8x16_splat(2);
        v128_t output = wasm_i32x4_splat(0), entries = output, fresh = output;
        auto widen = [](v128_t bytes) { return wasm_u32x4_extadd_pairwise_u16x8(wasm_u16x8_extadd_pairwise_u8x16(bytes)); };
        for (; k + 16 <= count; k += 16) {
            const v128_t v = wasm_v128_load(cmd + k);
            const v128_t lit = wasm_v128_and(v, three);
            const v128_t match = wasm_v128_and(wasm_u8x16_shr(v, 2), fifteen);
            const v128_t long_lit = wasm_i8x16_eq(lit, three), long_match = wasm_i8x16_eq(match, fifteen);
            const v128_t bytes = wasm_i8x16_add(wasm_i8x16_add(wasm_i8x16_add(lit, match), two),
                                                wasm_v128_and(wasm_v128_or(long_lit, long_match), minus3));
            const v128_t both = wasm_v128_and(wasm_v128_and(long_lit, long_match), minus3);
            output = wasm_i32x4_add(output, widen(wasm_i8x16_add(bytes, both)));
            entries = wasm_i32x4_add(entries, widen(wasm_i8x16_add(wasm_v128_and(long_lit, one), wasm_v128_and(long_match, one))));
            fresh = wasm_i32x4_add(fresh, widen(wasm_v128_and(wasm_i8x16_eq(wasm_v128_and(v, top), top), one)));
        }
        auto total = [](v128_t x) {
            return uint64_t(uint32_t(wasm_i32x4_extract_lane(x, 0))) + uint32_t(wasm_i32x4_extract_lane(x, 1)) +
                   uint32_t(wasm_i32x4_extract_lane(x, 2)) + uint32_t(wasm_i32x4_extract_lane(x, 3));
        };
        sum0 = total(output) | (total(entries) << kDemandLengthsShift) | (total(fresh) << kDemandDistancesShift);
    }
#endif
    for (; k + 2 <= count; k += 2) {
        sum0 += kCommandDemand[cmd[k]];
        sum1 += kCommandDemand[cmd[k + 1]];
    }
    if (k < count) sum0 += kCommandDemand[cmd[k]];
    const uint64_t sum = sum0 + sum1;
    uint64_t long_output = 0;
    for (size_t j = 0; j < length_count; ++j) long_output += lengths[j];
    TokenDemand d;
    d.output = (sum & ((uint64_t{1} << kDemandLengthsShift) - 1)) + long_output;
    d.lengths = size_t((sum >> kDemandLengthsShift) & ((uint64_t{1} << (kDemandDistancesShift - kDemandLengthsShift)) - 1));
    d.distances = size_t(sum >> kDemandDistancesShift);
    return d;
}

// How many of the chunk's tokens the fast loop of execute_tokens may run: those whose copies,
// which may write up to 16 bytes past the token's last output byte, stay inside the output
// buffer. Found by walking back from the last token (which ends at start + demand.output) and
// taking the length-list entries from the back, until a token ends 16 bytes or more before the
// buffer end: only the tokens in the last few bytes of the buffer are left for the exact loop.
// Needs the checks of token_demand() passed (every entry is there, the sums cannot go negative).
size_t tokens_clear_of_buffer_end(const LzChunk& c, uint64_t output) {
    uint64_t end = c.start + output;
    const uint32_t* entry = c.lengths + c.length_count;
    size_t i = c.command_count;
    for (; i > 0 && end + 16 > c.out_size; --i) {
        const unsigned f = c.commands[i - 1];
        const unsigned match_code = (f >> 2) & 15;
        end -= match_code == 15 ? 14 + uint64_t(*--entry) : match_code + 2;  // the match entry comes last
        end -= (f & 3) == 3 ? uint64_t(*--entry) : f & 3;
    }
    return i;
}

// §4.3 token execution. Returns nullptr or what went wrong (with *where = output position).
// Kept out of line: inlined into decode_lz_chunk it shared that function's registers and kept
// its loop state on the stack. The last distance used is always the most recent one (every
// token makes the distance it uses the most recent), so delta literals read from o - recent0.
//
// Safety without per-token array and output checks: token_demand() proves first that the
// commands take exactly the decoded distances and length-list entries and write no more than
// the chunk holds, so no token can run out of them or write past the chunk end, and
// tokens_clear_of_buffer_end() finds the tokens whose over-wide copies stay in the buffer. The
// loops still check per token that its literals are there and that its match stays inside the
// window. The arrays live in the arena with at least 64 bytes of slack each, so reading the next
// distance or length before knowing whether the token takes it, or 16 literals when it takes
// fewer, stays in memory we own.
//
// The fast loop copies 8 (delta literals) or 16 (raw literals) and 16 match bytes at once,
// whatever the lengths, and loops only for longer ones. Distances are >= 8, so 8-byte steps only
// read final bytes (16-byte steps when the distance is >= 16). Bytes written past a token's end
// are rewritten by the tokens after it (or by the next chunk). The last tokens, near the end of
// the output buffer, run in the exact loop after it.
template <bool kDeltaLiterals>
[[gnu::noinline]] const char* execute_tokens(const LzChunk& c, size_t* where) {
    constexpr size_t kShortLiterals = kDeltaLiterals ? 8 : 16;
    uint8_t* const out = c.out;
    uint8_t* o = out + c.start;
    uint8_t* const chunk_end = out + c.end;
    uint8_t* const window = out + c.base;
    const uint8_t* lit = c.literals;
    const uint8_t* const lit_end = c.literals + c.literal_count;
    const uint32_t* dist = c.distances;
    const uint32_t* len_list = c.lengths;
    const uint8_t* cmd = c.commands;
    const uint8_t* const cmd_end = c.commands + c.command_count;
    const char* problem = nullptr;

    const TokenDemand demand = token_demand(c.commands, c.command_count, c.lengths, c.length_count);
    if (demand.distances != c.distance_count) {
        problem = demand.distances > c.distance_count ? "the tokens need more new distances than were decoded"
                                                      : "not every decoded distance was used";
    } else if (demand.lengths != c.length_count) {
        problem = demand.lengths > c.length_count ? "the tokens need more length-list entries than there are"
                                                  : "not every length-list entry was used";
    } else if (demand.output > uint64_t(chunk_end - o)) {
        problem = "the tokens write past the chunk end";
    }
    if (problem) {
        *where = c.start;
        return problem;
    }
    const uint8_t* const fast_end = cmd + tokens_clear_of_buffer_end(c, demand.output);

    // Offset code: 0 keeps recent0, 1 swaps in recent1, 2 rotates recent2 to the front, 3 takes
    // the next decoded distance (loaded either way: the list has slack).
    size_t recent0 = 8, recent1 = 8, recent2 = 8;
    auto next_distance = [&](unsigned f) {
        return rotate_recent(f, dist, recent0, recent1, recent2);
    };

    while (cmd != fast_end) {
        // Blocks of kTokenBlock tokens, the literals checked after each (and before long runs):
        // the literal array has kLiteralOverrun bytes of slack for what a block may take.
        const uint8_t* const block_end = cmd + std::min<size_t>(kTokenBlock, size_t(fast_end - cmd));
        for (; cmd != block_end; ++cmd) {
            const unsigned f = *cmd;
            // Literal length: code 3 takes the next length-list entry (loaded either way: the list
            // has slack). The code is random, so a select, not a branch.
            const size_t lit_len = literal_length(f & 3, len_list);
            if (lit_len > kShortLiterals && lit_end - lit < ptrdiff_t(lit_len)) [[unlikely]] {
                problem = "a token needs more literals than remain";
                break;
            }
            if constexpr (kDeltaLiterals) {
                const uint8_t* ref = o - recent0;
                add8(o, lit, ref);
                if (lit_len > kShortLiterals) [[unlikely]] {
#if defined(__wasm_simd128__)
                    if (recent0 >= 16) {
                        for (size_t k = 8; k < lit_len; k += 16)
                            wasm_v128_store(o + k, wasm_i8x16_add(wasm_v128_load(lit + k), wasm_v128_load(ref + k)));
                    } else
#endif
                        for (size_t k = 8; k < lit_len; k += 8) add8(o + k, lit + k, ref + k);
                }
            } else {
                copy16(o, lit);
                if (lit_len > kShortLiterals) [[unlikely]] {
                    for (size_t k = 16; k < lit_len; k += 16) copy16(o + k, lit + k);
                }
            }
            lit += lit_len;
            o += lit_len;

            const size_t d = next_distance(f);
            if (d > size_t(o - window)) {
                problem = "a match reaches before the window base (the last reset block start)";
                break;
            }
            const uint8_t* from = o - d;
            store8(o, load8(from));
            store8(o + 8, load8(from + 8));
            const unsigned match_code = (f >> 2) & 15;
            if (match_code != 15) [[likely]] {
                o += match_code + 2;
            } else {
                const size_t match_len = 14 + size_t(*len_list++);
                if (d >= 16) {
                    for (size_t k = 16; k < match_len; k += 16) copy16(o + k, from + k);
                } else {
                    for (size_t k = 16; k < match_len; k += 8) store8(o + k, load8(from + k));
                }
                o += match_len;
            }
        }
        if (!problem && lit > lit_end) problem = "a token needs more literals than remain";
        if (problem) break;
    }
    // Near the end of the output buffer: the same tokens with exact copies.
    for (; !problem && cmd != cmd_end; ++cmd) {
        const unsigned f = *cmd;
        size_t lit_len = f & 3;
        if (lit_len == 3) lit_len = *len_list++;
        if (lit_len > size_t(lit_end - lit)) {
            problem = "a token needs more literals than remain";
            break;
        }
        if constexpr (kDeltaLiterals) {
            const uint8_t* ref = o - recent0;
            for (size_t k = 0; k < lit_len; ++k) o[k] = uint8_t(lit[k] + ref[k]);
        } else {
            kraken::copy_bytes(o, lit, lit_len);
        }
        lit += lit_len;
        o += lit_len;
        size_t match_len = (f >> 2) & 15;
        match_len = match_len == 15 ? 14 + size_t(*len_list++) : match_len + 2;
        const size_t d = next_distance(f);
        if (d > size_t(o - window)) {
            problem = "a match reaches before the window base (the last reset block start)";
            break;
        }
        const uint8_t* from = o - d;
        for (size_t k = 0; k < match_len; ++k) o[k] = from[k];
        o += match_len;
    }
    if (!problem && lit_end - lit != chunk_end - o) problem = "the unused literals do not exactly fill the chunk tail";
    if (problem) {
        *where = size_t(o - out);
        return problem;
    }
    // The trailing literals fill the tail.
    const size_t tail = size_t(chunk_end - o);
    if constexpr (kDeltaLiterals) {
        const uint8_t* ref = o - recent0;
        for (size_t k = 0; k < tail; ++k) o[k] = uint8_t(lit[k] + ref[k]);
    } else {
        kraken::copy_bytes(o, lit, tail);
    }
    return nullptr;
}

class Decoder {
public:
    Decoder(Bytes src, std::span<uint8_t> out) : origin_{src.data()}, src_(src), out_(out) {}

    Status run();

private:
    Status decode_quantum(const uint8_t* q, const uint8_t* q_end, size_t pos, size_t block_len);
    Status decode_lz_chunk(const uint8_t* s, const uint8_t* e, size_t p0, size_t n, unsigned mode);
    Result<kraken::DecodedArray> lz_array(const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t capacity,
                                          const char* name);
    Result<LzLayout> plan_lz_arrays(const uint8_t* q, const uint8_t* e, size_t n);

    StreamOrigin origin_;
    Bytes src_;
    std::span<uint8_t> out_;
    size_t base_ = 0;  // window base: start of the last block with the reset bit
};

Status Decoder::run() {
    if (exceeds_32_bits(out_.size()))
        return make_error(0, "Kraken output of " + num(out_.size()) + " bytes exceeds the 4 GiB this decoder supports");
    const uint8_t* p = src_.data();
    const uint8_t* const end = src_.data() + src_.size();
    size_t pos = 0;
    for (size_t block = 0; pos < out_.size(); ++block) {
        auto in_block = [&](Error e) {
            return std::move(e.within("Kraken block " + num(block) + " (output " + hex(pos) + ")"));
        };
        if (end - p < 2)
            return in_block(origin_.error(p, "block header needs 2 bytes, " + num(size_t(end - p)) +
                                                 " remain (stream ends before the expected output size)"));
        const uint8_t b0 = p[0], b1 = p[1];
        if ((b0 & 0x0F) != 0x0C || (b0 & 0x30) != 0)
            return in_block(origin_.error(p, "block header byte " + hex(b0) + ": expected low nibble 0xC and bits 4-5 clear"));
        const unsigned codec = b1 & 0x7F;
        if (codec != 6)
            return in_block(origin_.error(p + 1, "unsupported Oodle codec " + num(codec) + " (" + codec_name(codec) +
                                                     "); only Kraken (6) is supported"));
        const bool checksums = b1 & 0x80;
        const uint8_t* const header = p;
        p += 2;
        const size_t block_len = std::min(kBlockSize, out_.size() - pos);
        if (b0 & 0x80) base_ = pos;  // reset: history restarts at this block
        if (b0 & 0x40) {
            if (size_t(end - p) < block_len)
                return in_block(origin_.error(p, "stored block needs " + num(block_len) + " bytes, " +
                                                     num(size_t(end - p)) + " remain"));
            std::memcpy(out_.data() + pos, p, block_len);
            p += block_len;
        } else {
            if (end - p < 3) return in_block(origin_.error(p, "quantum header needs 3 bytes"));
            const uint32_t v = load_u24be(p);
            p += 3;
            const size_t size_field = v & 0x3FFFF;
            if (size_field != 0x3FFFF) {
                const size_t clen = size_field + 1;
                if (checksums) {
                    if (end - p < 3) return in_block(origin_.error(p, "quantum checksum needs 3 bytes"));
                    p += 3;  // a 24-bit checksum of the payload; not verified
                }
                if (clen > size_t(end - p))
                    return in_block(origin_.error(header, "quantum of " + num(clen) + " bytes, only " +
                                                              num(size_t(end - p)) + " remain"));
                if (clen > block_len)
                    return in_block(origin_.error(header, "quantum of " + num(clen) +
                                                              " bytes is longer than its block of " + num(block_len)));
                if (clen == block_len) {
                    std::memcpy(out_.data() + pos, p, block_len);  // stored quantum
                } else {
                    auto st = decode_quantum(p, p + clen, pos, block_len);
                    if (!st.ok()) return in_block(std::move(st).error());
                }
                p += clen;
            } else if ((v >> 18) == 1) {
                if (end - p < 1) return in_block(origin_.error(p, "memset quantum needs its fill byte"));
                std::memset(out_.data() + pos, *p, block_len);
                p += 1;
            } else {
                return in_block(origin_.error(p - 3, "quantum header " + hex(v) + " is neither a size nor the memset marker"));
            }
        }
        pos += block_len;
    }
    if (p != end)
        return origin_.error(p, "stream has " + num(size_t(end - p)) + " bytes left after the expected " +
                                    num(out_.size()) + " bytes of output");
    return ok_status();
}

Status Decoder::decode_quantum(const uint8_t* q, const uint8_t* q_end, size_t pos, size_t block_len) {
    size_t done = 0;
    for (size_t chunk = 0; done < block_len; ++chunk) {
        const size_t n = std::min(kChunkSize, block_len - done);
        const size_t p0 = pos + done;
        auto in_chunk = [&](Error e) { return std::move(e.within("chunk " + num(chunk))); };
        if (q_end - q < 4)
            return in_chunk(origin_.error(q, "chunk header needs 4 bytes of quantum payload, " +
                                                 num(size_t(q_end - q)) + " remain"));
        const uint32_t h = load_u24be(q);
        if (!(h & 0x800000)) {
            // Entropy-only chunk: the 3 bytes are the array's own header.
            auto a = kraken::decode_array(origin_, q, q_end, out_.data() + p0, n);
            if (!a.ok()) return in_chunk(std::move(a.error().within("entropy-only chunk")));
            if (a->size != n)
                return in_chunk(origin_.error(q, "entropy-only chunk decodes to " + num(a->size) + " bytes, expected " + num(n)));
            q = a->next;
        } else {
            q += 3;
            const size_t clen = h & 0x7FFFF;
            const unsigned mode = (h >> 19) & 0xF;
            if (clen > size_t(q_end - q))
                return in_chunk(origin_.error(q - 3, "chunk of " + num(clen) + " bytes, only " +
                                                         num(size_t(q_end - q)) + " remain in the quantum"));
            if (clen < n) {
                if (mode > 1) return in_chunk(origin_.error(q - 3, "LZ chunk mode " + num(mode) + " (expected 0 or 1)"));
                auto st = decode_lz_chunk(q, q + clen, p0, n, mode);
                if (!st.ok()) return in_chunk(std::move(st).error());
            } else if (clen == n && mode == 0) {
                std::memcpy(out_.data() + p0, q, n);  // stored chunk
            } else {
                return in_chunk(origin_.error(q - 3, "chunk of " + num(clen) + " bytes in mode " + num(mode) +
                                                         " for " + num(n) + " bytes of output is invalid"));
            }
            q += clen;
        }
        done += n;
    }
    if (q != q_end)
        return origin_.error(q, "chunks leave " + num(size_t(q_end - q)) + " bytes of the quantum unused");
    return ok_status();
}

Result<kraken::DecodedArray> Decoder::lz_array(const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t capacity,
                                               const char* name) {
    auto a = kraken::decode_array(origin_, p, end, dst, capacity);
    if (!a.ok()) return std::move(a.error().within(name));
    return a;
}

// Reads the headers of the chunk's arrays (without decoding them) to lay them out in the arena:
// the same checks as decoding them will make, so an error here reads as it would there.
Result<LzLayout> Decoder::plan_lz_arrays(const uint8_t* q, const uint8_t* e, size_t n) {
    auto size_of = [&](const uint8_t*& p, size_t capacity, const char* name) -> Result<size_t> {
        auto h = kraken::read_array_header(origin_, p, e, capacity);
        if (!h.ok()) return std::move(h.error().within(name));
        p += h->header_size + h->payload_size;
        return h->decoded_size;
    };
    LzLayout l{};
    size_t at = 0;
    auto place = [&](size_t bytes) {
        const size_t offset = at;
        at += align16(bytes + kScratchSlack);
        return offset;
    };
    KRAKEN_TRY_ASSIGN(const size_t literal_count, size_of(q, n, "literal array"));
    KRAKEN_TRY_ASSIGN(const size_t command_count, size_of(q, n, "command array"));
    if (e - q < 3) return origin_.error(q, "LZ chunk ends before its offset arrays");
    unsigned scale = 0;
    if (*q & 0x80) scale = unsigned(*q++) - 127;
    KRAKEN_TRY_ASSIGN(const size_t offset_count, size_of(q, command_count, "packed-offset array"));
    size_t low_count = 0;
    if (scale >= 2) {
        KRAKEN_TRY_ASSIGN(low_count, size_of(q, offset_count, "offset low-bits array"));
    }
    KRAKEN_TRY_ASSIGN(const size_t length_count, size_of(q, n >> 2, "length array"));
    l.literals = place(literal_count + kLiteralOverrun);
    l.commands = place(command_count);
    l.packed_offsets = place(offset_count);
    l.low_bits = place(low_count);
    l.length_bytes = place(length_count);
    l.distances = place(offset_count * sizeof(uint32_t));
    l.lengths = place(length_count * sizeof(uint32_t));
    l.total = at;
    return l;
}

Status Decoder::decode_lz_chunk(const uint8_t* s, const uint8_t* e, size_t p0, size_t n, unsigned mode) {
    if (e - s < 13) return origin_.error(s, "LZ chunk of " + num(size_t(e - s)) + " bytes is shorter than 13");
    uint8_t* const out = out_.data();
    const uint8_t* q = s;
    size_t start = p0;
    if (p0 == base_) {
        if (n < 8) return origin_.error(s, "first LZ chunk after a reset must produce at least 8 bytes");
        std::memcpy(out + p0, q, 8);
        q += 8;
        start += 8;
    } else if (p0 - base_ < 8) {
        return origin_.error(s, "LZ chunk starts fewer than 8 bytes after the window base");
    }
    if (*q & 0x80) return origin_.error(q, "LZ chunk sets the unsupported 'excess bytes' flag");

    KRAKEN_TRY_ASSIGN(const LzLayout layout, plan_lz_arrays(q, e, n));
    LzScratch& sc = lz_scratch();
    uint8_t* const arena = sc.reserve(layout.total);
    uint8_t* const literals = arena + layout.literals;
    uint8_t* const commands = arena + layout.commands;
    uint8_t* const packed_bytes = arena + layout.packed_offsets;
    uint8_t* const low_bytes = arena + layout.low_bits;
    uint8_t* const length_bytes = arena + layout.length_bytes;
    uint32_t* const distances = reinterpret_cast<uint32_t*>(arena + layout.distances);
    uint32_t* const lengths = reinterpret_cast<uint32_t*>(arena + layout.lengths);

    KRAKEN_TRY_ASSIGN(auto lits, lz_array(q, e, literals, n, "literal array"));
    q = lits.next;
    KRAKEN_TRY_ASSIGN(auto cmds, lz_array(q, e, commands, n, "command array"));
    q = cmds.next;
    if (e - q < 3) return origin_.error(q, "LZ chunk ends before its offset arrays");
    unsigned scale = 0;
    if (*q & 0x80) scale = unsigned(*q++) - 127;
    KRAKEN_TRY_ASSIGN(auto packed, lz_array(q, e, packed_bytes, cmds.size, "packed-offset array"));
    q = packed.next;
    if (scale >= 2) {
        const uint8_t* at = q;
        KRAKEN_TRY_ASSIGN(auto low, lz_array(q, e, low_bytes, packed.size, "offset low-bits array"));
        if (low.size != packed.size)
            return origin_.error(at, "offset low-bits array holds " + num(low.size) + " bytes, expected " + num(packed.size));
        q = low.next;
    }
    KRAKEN_TRY_ASSIGN(auto lens, lz_array(q, e, length_bytes, n >> 2, "length array"));
    q = lens.next;

    // §4.2 bit region [q, e): reader A forward, reader B backward, both MSB first.
    const ptrdiff_t region = e - q;
    kraken::MsbForwardBits a(q, region, 0);
    kraken::MsbBackwardBits b(q, region, region);
    b.refill();
    const unsigned count_zeros = b.leading_zeros();
    if (count_zeros > 18) return origin_.error(e, "long-length count code has more than 18 leading zeros");
    b.consume(count_zeros);
    const uint32_t nlong = b.read(count_zeros + 1) - 1;
    if (nlong > kMaxLongLengths)
        return origin_.error(e, "long-length count " + num(nlong) + " exceeds " + num(kMaxLongLengths));

    // One distance per packed-offset byte, readers alternating A, B, A, ...
    const size_t window_limit = p0 + n - base_;  // no valid distance can exceed this
    const char* problem = nullptr;
    auto read_distance = [&](auto& reader, size_t i) -> bool {
        reader.refill();
        const unsigned v = packed_bytes[i];
        uint64_t dist;
        if (scale == 0) {
            if (v < 0xF0) {
                const unsigned k = (v >> 4) + 4;
                dist = 16 * ((uint64_t{1} << k) + reader.read(k)) + (v & 15) - 248;
            } else {
                const unsigned k = v - 0xF0 + 4;
                const uint64_t t = reader.read(k);
                const uint64_t u = reader.read(12);
                dist = 8322816 + (((uint64_t{1} << k) + t) << 12) + u;
            }
        } else {
            const unsigned x = v >> 3;
            if (x > 26) {
                problem = "scaled offset code has more than 26 extra bits";
                return false;
            }
            const uint64_t d = ((uint64_t{8} + (v & 7)) << x) + reader.read(x) - 8;
            dist = scale == 1 ? d : scale * d + low_bytes[i];
        }
        if (dist > window_limit) {
            problem = "a decoded distance exceeds the whole window";
            return false;
        }
        if (dist < 8) {  // only scaled offsets can be this short; the token loop relies on d >= 8
            problem = "a decoded distance is below 8 (the format's minimum)";
            return false;
        }
        distances[i] = uint32_t(dist);
        return true;
    };
    size_t i = 0;
    for (; i + 1 < packed.size; i += 2)
        if (!read_distance(a, i) || !read_distance(b, i + 1)) break;
    if (!problem && i < packed.size) read_distance(a, i);
    if (problem) return origin_.error(q, std::string(problem) + " (offset " + num(i) + ")");

    // Long lengths, alternating A, B, ... again from A.
    for (uint32_t j = 0; j < nlong; ++j) {
        auto read_long = [&](auto& reader) -> bool {
            reader.refill();
            const unsigned z = reader.leading_zeros();
            if (z > 12) return false;
            reader.consume(z);
            sc.long_lengths[j] = reader.read(z + 7) - 64;
            return true;
        };
        if (!((j & 1) ? read_long(b) : read_long(a)))
            return origin_.error(q, "long length " + num(j) + " has more than 12 leading zeros");
    }
    if (a.position() != b.position())
        return origin_.error(q, a.position(),
                             "LZ bit region: forward and backward readers do not meet (forward ends at region byte " +
                                 num(uint64_t(a.position())) + ", backward at " + num(uint64_t(b.position())) + ")");

    // Length list: byte + 3, with 255 escaping to 255 + the next long length.
    uint32_t used_long = 0;
    for (size_t k = 0; k < lens.size; ++k) {
        uint32_t w = length_bytes[k];
        if (w == 255) {
            if (used_long == nlong) return origin_.error(q, "length array escapes (255) more often than there are long lengths");
            w += sc.long_lengths[used_long++];
        }
        lengths[k] = w + 3;
    }
    if (used_long != nlong) return origin_.error(q, "not every long length was used by the length array");

    LzChunk chunk{out,      out_.size(), base_,     start,       p0 + n,  literals, lits.size,
                  commands, cmds.size,   distances, packed.size, lengths, lens.size};
    size_t where = 0;
    const char* bad = mode == 0 ? execute_tokens<true>(chunk, &where) : execute_tokens<false>(chunk, &where);
    if (bad) return origin_.error(s, std::string(bad) + " (at output " + hex(where) + ")");
    return ok_status();
}

}  // namespace

Status kraken_decompress(Bytes src, std::span<uint8_t> out) {
    Status status = Decoder(src, out).run();
    if (lz_scratch().capacity() < kKeepScratchFrom) lz_scratch().release();
    return status;
}

void kraken_release_scratch() { lz_scratch().release(); }

std::vector<uint8_t> kraken_encode_stored(Bytes raw) {
    std::vector<uint8_t> out;
    out.reserve(raw.size() + 2 * ((raw.size() + kBlockSize - 1) / kBlockSize));
    for (size_t pos = 0; pos < raw.size(); pos += kBlockSize) {
        const size_t n = std::min(kBlockSize, raw.size() - pos);
        out.push_back(0xCC);  // 0xC magic | stored (bit 6) | reset (bit 7)
        out.push_back(0x06);  // Kraken, no checksums
        out.insert(out.end(), raw.begin() + ptrdiff_t(pos), raw.begin() + ptrdiff_t(pos + n));
    }
    return out;
}

}  // namespace taescope
