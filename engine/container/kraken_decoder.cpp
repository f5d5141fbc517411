// Oodle Kraken decoder: blocks and the reset rule (kraken-bitstream.md §2), quanta and chunks
// (§3), LZ chunks with their offset/length bit region and token execution (§4). The entropy
// coders live in kraken_entropy.cpp, kraken_huffman.cpp and kraken_tans.cpp.
//
// Speed: arrays decode into scratch buffers with slack, and the token loop copies 8 or 16 bytes
// at a time while it is at least 16 bytes from the end of the output buffer (safe because every
// distance is at least 8); near the end it falls back to exact byte loops, so callers owe no slack.
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>

#include "container/kraken.h"
#include "container/kraken_entropy.h"

namespace taescope {

namespace {

using kraken::StreamOrigin;

constexpr size_t kBlockSize = 0x40000;
constexpr size_t kChunkSize = 0x20000;
constexpr size_t kScratchSlack = 64;
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
// Eight byte-wise additions modulo 256: one vector add with wasm SIMD128, else SWAR (9 scalar
// operations, which x86-64 runs about as fast as moving the words into vector registers).
inline uint64_t add_bytes(uint64_t a, uint64_t b) {
#if defined(__wasm_simd128__)
    return uint64_t(
        wasm_i64x2_extract_lane(wasm_i8x16_add(wasm_i64x2_splat(int64_t(a)), wasm_i64x2_splat(int64_t(b))), 0));
#else
    constexpr uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full, kHigh = 0x8080808080808080ull;
    return ((a & kLow7) + (b & kLow7)) ^ ((a ^ b) & kHigh);
#endif
}

// 16 bytes from `from` to `o` (the ranges must not overlap): one vector move with wasm SIMD128.
inline void copy16(uint8_t* o, const uint8_t* from) {
#if defined(__wasm_simd128__)
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

// §4.3 token execution. Returns nullptr or what went wrong (with *where = output position).
// Kept out of line: inlined into decode_lz_chunk it shared that function's registers and kept
// its loop state on the stack. The last distance used is always recent0 (every token makes the
// distance it uses the most recent one), so delta literals read from out - recent0.
template <bool kDeltaLiterals>
[[gnu::noinline]] const char* execute_tokens(const LzChunk& c, size_t* where) {
    uint8_t* const out = c.out;
    uint8_t* o = out + c.start;
    uint8_t* const chunk_end = out + c.end;
    uint8_t* const window = out + c.base;
    // Copies may write up to 16 bytes past what they need while o + need + 16 <= slack_end.
    uint8_t* const slack_end = out + c.out_size;
    const uint8_t* lit = c.literals;
    const uint8_t* const lit_end = c.literals + c.literal_count;
    const uint32_t* dist = c.distances;
    const uint32_t* const dist_end = c.distances + c.distance_count;
    const uint32_t* len_list = c.lengths;
    const uint32_t* const len_end = c.lengths + c.length_count;
    const uint8_t* cmd = c.commands;
    const uint8_t* const cmd_end = c.commands + c.command_count;
    size_t recent0 = 8, recent1 = 8, recent2 = 8;
    const char* problem = nullptr;

    for (; cmd != cmd_end; ++cmd) {
        const unsigned f = *cmd;
        size_t lit_len = f & 3;
        if (lit_len == 3) {
            if (len_list == len_end) {
                problem = "a token needs a literal length but the length list is used up";
                break;
            }
            lit_len = *len_list++;
        }
        if (lit_len > size_t(lit_end - lit) || lit_len > size_t(chunk_end - o)) {
            problem = lit_len > size_t(lit_end - lit) ? "a token needs more literals than remain"
                                                      : "literals run past the chunk end";
            break;
        }
        if constexpr (kDeltaLiterals) {
            const uint8_t* ref = o - recent0;
#if defined(__wasm_simd128__)
            if (recent0 >= 16 && size_t(slack_end - o) >= lit_len + 16) {  // 16-byte steps read only final bytes
                for (size_t k = 0; k < lit_len; k += 16)
                    wasm_v128_store(o + k, wasm_i8x16_add(wasm_v128_load(lit + k), wasm_v128_load(ref + k)));
            } else
#endif
            if (size_t(slack_end - o) >= lit_len + 8) {
                for (size_t k = 0; k < lit_len; k += 8) store8(o + k, add_bytes(load8(lit + k), load8(ref + k)));
            } else {
                for (size_t k = 0; k < lit_len; ++k) o[k] = uint8_t(lit[k] + ref[k]);
            }
        } else {
            if (lit_len <= 16 && slack_end - o >= 16) {
                copy16(o, lit);
            } else if (lit_len <= 64 && size_t(slack_end - o) >= lit_len + 16) {
                // Literals are a separate buffer (with slack), so 16-byte steps never overlap.
                for (size_t k = 0; k < lit_len; k += 16) copy16(o + k, lit + k);
            } else if (lit_len) {
                kraken::copy_bytes(o, lit, lit_len);
            }
        }
        lit += lit_len;
        o += lit_len;

        const unsigned which = f >> 6;
        if (which == 3) {
            if (dist == dist_end) {
                problem = "a token needs a new distance but all decoded distances are used";
                break;
            }
            recent2 = recent1;
            recent1 = recent0;
            recent0 = *dist++;
        } else if (which == 2) {
            const size_t d = recent2;
            recent2 = recent1;
            recent1 = recent0;
            recent0 = d;
        } else if (which == 1) {
            std::swap(recent0, recent1);
        }
        const size_t d = recent0;
        size_t match_len = (f >> 2) & 15;
        if (match_len == 15) {
            if (len_list == len_end) {
                problem = "a token needs a match length but the length list is used up";
                break;
            }
            match_len = 14 + size_t(*len_list++);
        } else {
            match_len += 2;
        }
        if (d > size_t(o - window)) {
            problem = "a match reaches before the window base (the last reset block start)";
            break;
        }
        // d >= 8 holds for every distance: checked when decoding them, and the start value is 8.
        if (match_len > size_t(chunk_end - o)) {
            problem = "a match runs past the chunk end";
            break;
        }
        const uint8_t* from = o - d;
        if (size_t(slack_end - o) >= match_len + 16) {
            // Distances are >= 8, so 8-byte steps only read bytes that are already final.
            store8(o, load8(from));
            store8(o + 8, load8(from + 8));
            if (match_len > 16) {
                if (d >= 16) {  // 16-byte steps read only final bytes too
                    for (size_t k = 16; k < match_len; k += 16) copy16(o + k, from + k);
                } else {
                    for (size_t k = 16; k < match_len; k += 8) store8(o + k, load8(from + k));
                }
            }
        } else {
            for (size_t k = 0; k < match_len; ++k) o[k] = from[k];
        }
        o += match_len;
    }
    if (!problem) {
        if (dist != dist_end) problem = "not every decoded distance was used";
        else if (len_list != len_end) problem = "not every length-list entry was used";
        else if (lit_end - lit != chunk_end - o) problem = "the unused literals do not exactly fill the chunk tail";
    }
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
    l.literals = place(literal_count);
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
