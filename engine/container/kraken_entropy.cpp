// Kraken entropy-coded arrays: header (§7), raw, RLE (§11), type 5 (§12), the table helpers
// of §8, and the dispatch to the Huffman (kraken_huffman.cpp) and tANS (kraken_tans.cpp) coders.
#include "container/kraken_entropy.h"

#include <cstring>
#include <memory>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace taescope::kraken {

namespace {

std::string num(uint64_t v) { return std::to_string(v); }

const char* type_name(ArrayType t) {
    switch (t) {
        case ArrayType::raw:
            return "raw array";
        case ArrayType::tans:
            return "tANS array";
        case ArrayType::huffman3:
            return "Huffman 3-stream array";
        case ArrayType::rle:
            return "RLE array";
        case ArrayType::huffman6:
            return "Huffman 6-stream array";
        case ArrayType::recursive:
            return "type-5 array";
    }
    return "array";
}

}  // namespace

// ---- §7 array header ----

Result<ArrayHeader> read_array_header(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end,
                                      size_t capacity) {
    const size_t avail = size_t(end - p);
    if (avail < 2) return origin.error(p, "array header needs at least 2 bytes, " + num(avail) + " remain");
    const uint8_t b0 = p[0];
    const unsigned t = (b0 >> 4) & 7;
    ArrayHeader h{};
    if (t == 0) {
        h.type = ArrayType::raw;
        if (b0 >= 0x80) {
            h.header_size = 2;
            h.payload_size = ((size_t(b0) << 8) | p[1]) & 0xFFF;
        } else {
            if (avail < 3) return origin.error(p, "raw array header needs 3 bytes, " + num(avail) + " remain");
            h.header_size = 3;
            h.payload_size = load_u24be(p);
            if (h.payload_size >= (1u << 18))
                return origin.error(p, "raw array size " + hex(h.payload_size) + " must be below 0x40000");
        }
        h.decoded_size = h.payload_size;
    } else if (t <= 5) {
        h.type = ArrayType(t);
        if (b0 >= 0x80) {
            if (avail < 3) return origin.error(p, "coded array header needs 3 bytes, " + num(avail) + " remain");
            const uint32_t v = load_u24be(p);
            h.header_size = 3;
            h.payload_size = v & 0x3FF;
            h.decoded_size = h.payload_size + ((v >> 10) & 0x3FF) + 1;
        } else {
            if (avail < 5) return origin.error(p, "coded array header needs 5 bytes, " + num(avail) + " remain");
            const uint32_t v = load_u32be(p + 1);
            h.header_size = 5;
            h.payload_size = v & 0x3FFFF;
            h.decoded_size = ((size_t(b0 & 0xF) << 14) | (v >> 18)) + 1;
            if (h.payload_size >= h.decoded_size)
                return origin.error(p, std::string(type_name(h.type)) + ": compressed size " + num(h.payload_size) +
                                           " must be below the decoded size " + num(h.decoded_size));
        }
    } else {
        return origin.error(p, "array type " + num(t) + " does not exist (header byte " + hex(b0) + ")");
    }
    if (h.payload_size > avail - h.header_size)
        return origin.error(p, std::string(type_name(h.type)) + " needs " + num(h.payload_size) +
                                   " bytes after its header, " + num(avail - h.header_size) + " remain");
    if (h.decoded_size > capacity)
        return origin.error(p, std::string(type_name(h.type)) + " decodes to " + num(h.decoded_size) +
                                   " bytes, more than the " + num(capacity) + " its context allows");
    return h;
}

// ---- §8 shared table helpers ----

unsigned read_range_count(MsbForwardBits& bits, unsigned nsym) {
    if (nsym >= 256) return 0;
    const unsigned x = 2 * std::min(nsym, 257 - nsym);
    const unsigned y = floor_log2(x - 1) + 1;  // bit length of x - 1 (x >= 2)
    const unsigned z = (1u << y) - x;
    bits.refill();
    const unsigned w = bits.peek(y);
    if ((w >> 1) >= z) {
        bits.consume(y);
        return w - z;
    }
    bits.consume(y - 1);
    return w >> 1;
}

namespace {

// What one byte of unary codes (most significant bit first) holds: the value each of its 1 bits
// ends, in order (the first counting only this byte's zeros before it), and how many there are.
struct UnaryByteTable {
    uint8_t values[256][8];
    uint8_t ends[256];
};
constexpr UnaryByteTable make_unary_byte_table() {
    UnaryByteTable t{};
    for (unsigned x = 0; x < 256; ++x) {
        unsigned n = 0, zeros = 0;
        for (int b = 7; b >= 0; --b) {
            if ((x >> b) & 1) {
                t.values[x][n++] = uint8_t(zeros);
                zeros = 0;
            } else {
                ++zeros;
            }
        }
        t.ends[x] = uint8_t(n);
    }
    return t;
}
constexpr UnaryByteTable kUnaryBytes = make_unary_byte_table();

constexpr const char* kUnaryTooLong = "a unary value exceeds 255 (or the table runs out of data)";

}  // namespace

const char* read_unary_values(MsbForwardBits& bits, unsigned count, uint8_t* values) {
    // A byte at a time while a byte cannot end more values than are still wanted: the table
    // gives the byte's values at once (code-length and weight tables are mostly 0s and 1s, so a
    // byte ends several), and `pending` carries the zeros after its last 1 into the next value.
    unsigned i = 0, pending = 0;
    while (count - i >= 8) {
        if (bits.buffered() < 8) bits.refill();
        const unsigned x = bits.read(8);
        const unsigned n = kUnaryBytes.ends[x];
        if (n == 0) {
            pending += 8;
            if (pending > 255) return kUnaryTooLong;
            continue;
        }
        const unsigned first = pending + kUnaryBytes.values[x][0];
        if (first > 255) return kUnaryTooLong;
        std::memcpy(values + i, kUnaryBytes.values[x], 8);  // i + 8 <= count
        values[i] = uint8_t(first);
        i += n;
        pending = unsigned(__builtin_ctz(x));  // the zeros after the byte's last 1
    }
    for (; i < count; ++i) {
        // The last few: take them straight from the buffer and refill only when the buffered
        // bits hold no terminating 1 (the loop below then handles long values).
        unsigned z = bits.leading_zeros();
        if (z >= bits.buffered()) {
            bits.refill();
            z = bits.leading_zeros();
        }
        if (z < bits.buffered()) {
            const unsigned v = pending + z;
            if (v > 255) return kUnaryTooLong;
            bits.consume(z + 1);
            values[i] = uint8_t(v);
            pending = 0;
            continue;
        }
        unsigned total = pending;
        pending = 0;
        for (;;) {
            bits.refill();
            const unsigned z = bits.leading_zeros();
            if (z < bits.buffered()) {
                total += z;
                bits.consume(z + 1);
                break;
            }
            total += bits.buffered();
            bits.consume(bits.buffered());
            if (total > 255) break;
        }
        if (total > 255) return kUnaryTooLong;
        values[i] = uint8_t(total);
    }
    return nullptr;
}

namespace {

// symbols[0..count) = first, first + 1, ...: 16 at a time (symbols has kSymbolSlack bytes of
// room after the 256, so the last store may pass `count`). Most tables name their symbols in a
// few long ranges, and a byte loop spent ~3 instructions per symbol here.
inline void fill_ascending(uint8_t* symbols, unsigned first, unsigned count) {
#if defined(__SSE2__)
    const __m128i step = _mm_set1_epi8(16);
    __m128i v =
        _mm_add_epi8(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15), _mm_set1_epi8(char(first)));
    for (unsigned k = 0; k < count; k += 16, v = _mm_add_epi8(v, step))
        _mm_storeu_si128(reinterpret_cast<__m128i*>(symbols + k), v);
#elif defined(__wasm_simd128__)
    const v128_t step = wasm_i8x16_splat(16);
    v128_t v = wasm_i8x16_add(wasm_i8x16_make(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                              wasm_i8x16_splat(int8_t(first)));
    for (unsigned k = 0; k < count; k += 16, v = wasm_i8x16_add(v, step)) wasm_v128_store(symbols + k, v);
#else
    for (unsigned k = 0; k < count; ++k) symbols[k] = uint8_t(first + k);
#endif
}

}  // namespace

const char* read_symbol_ranges(MsbForwardBits& bits, unsigned nsym, unsigned range_count, const uint8_t* g,
                               uint8_t* symbols) {
    unsigned sym = 0, used = 0, gi = 0;
    if (range_count & 1) {
        const unsigned a = g[gi++];
        if (a >= 8) return "initial symbol gap parameter must be below 8";
        bits.refill();
        sym = bits.read(a + 1) + (1u << (a + 1)) - 1;
    }
    for (unsigned pair = 0; pair < (range_count >> 1); ++pair) {
        const unsigned c = g[gi++];
        const unsigned s = g[gi++];
        if (c >= 9) return "symbol range length parameter must be below 9";
        if (s >= 8) return "symbol gap parameter must be below 8";
        bits.refill();
        const unsigned count = bits.read(c) + (1u << c);
        const unsigned gap = bits.read(s + 1) + (1u << (s + 1)) - 1;
        if (sym + count > 256) return "symbol range passes symbol 255";
        if (used + count >= nsym) return "symbol ranges hold more symbols than the table announces";
        fill_ascending(symbols + used, sym, count);
        used += count;
        sym += count + gap;
    }
    if (sym >= 256) return "symbol ranges pass symbol 255";
    if (used >= nsym) return "symbol ranges hold more symbols than the table announces";
    if (sym + (nsym - used) > 256) return "final symbol range passes symbol 255";
    fill_ascending(symbols + used, sym, nsym - used);
    return nullptr;
}

// ---- §11 RLE ----

namespace {

Status decode_rle(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t ds,
                  int depth) {
    const size_t c = size_t(end - p);
    if (c == 0) return origin.error(p, "RLE array has an empty payload");
    if (c == 1) {
        std::memset(dst, p[0], ds);
        return ok_status();
    }
    std::unique_ptr<uint8_t[]> decoded_prefix;  // not zero-filled: every byte is written below
    const uint8_t* cmd;
    size_t cmd_len;
    if (p[0] != 0) {
        // A prefix of the command buffer is itself an array; the rest of the payload follows it.
        auto header = read_array_header(origin, p, end, size_t(1) << 18);
        if (!header.ok()) return std::move(header.error().within("RLE command prefix"));
        const size_t prefix_size = header->decoded_size;
        const size_t rest = c - header->header_size - header->payload_size;
        decoded_prefix.reset(new uint8_t[prefix_size + rest]);
        auto prefix = decode_array(origin, p, end, decoded_prefix.get(), prefix_size, depth + 1);
        if (!prefix.ok()) return std::move(prefix.error().within("RLE command prefix"));
        if (prefix->size != prefix_size) return origin.error(p, "RLE command prefix decoded to an unexpected size");
        if (rest) std::memcpy(decoded_prefix.get() + prefix_size, prefix->next, rest);
        cmd = decoded_prefix.get();
        cmd_len = prefix_size + rest;
    } else {
        cmd = p + 1;
        cmd_len = c - 1;
    }

    size_t lo = 0, hi = cmd_len, o = 0;
    uint8_t run = 0;
    auto fail = [&](const std::string& what) {
        return origin.error(p, "RLE array: " + what + " (command at buffer index " + num(hi) + " of " + num(cmd_len) +
                                   ", output " + num(o) + " of " + num(ds) + ")");
    };
    while (lo < hi) {
        const uint8_t x = cmd[hi - 1];
        size_t literals = 0, runs = 0;
        if (x == 0 || x >= 0x30) {
            hi -= 1;
            literals = 15 - (x & 15);
            runs = x >> 4;
        } else if (x == 1) {
            hi -= 1;
            if (lo >= hi) return fail("set-byte command has no literal byte left");
            run = cmd[lo++];
            continue;
        } else {
            if (hi - lo < 2) return fail("2-byte command lacks its second byte");
            const size_t v = size_t(x) * 256 + cmd[hi - 2];
            hi -= 2;
            if (x >= 0x10) {
                literals = (v - 4096) & 63;
                runs = (v - 4096) >> 6;
            } else if (x >= 9) {
                runs = (v - 0x8FF) * 128;
            } else {
                literals = (v - 511) * 64;
            }
        }
        if (literals > hi - lo)
            return fail("command copies " + num(literals) + " literals, " + num(hi - lo) + " remain");
        if (literals + runs > ds - o) return fail("command writes " + num(literals + runs) + " bytes past the end");
        copy_bytes(dst + o, cmd + lo, literals);
        lo += literals;
        o += literals;
        if (runs) std::memset(dst + o, run, runs);
        o += runs;
    }
    if (lo != hi) return fail("literal and command cursors crossed");
    if (o != ds) return fail("commands ended early");
    return ok_status();
}

// ---- §12 type 5: concatenation and the multi-array ----

Status decode_multi_array(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t ds,
                          int depth) {
    const unsigned k_sources = p[0] & 0x3F;
    const uint8_t* q = p + 1;
    if (k_sources == 0) {
        KRAKEN_TRY_ASSIGN(auto only, decode_array(origin, q, end, dst, ds, depth + 1));
        if (only.size != ds)
            return origin.error(
                q, "multi-array: its single array decodes to " + num(only.size) + " bytes, expected " + num(ds));
        if (only.next != end) return origin.error(only.next, "multi-array: bytes left after its single array");
        return ok_status();
    }
    // The sources, decoded back to back into one buffer.
    std::vector<uint8_t> sources(ds);
    std::vector<size_t> source_start(k_sources + 1), source_end(k_sources + 1);
    size_t total = 0;
    for (unsigned s = 1; s <= k_sources; ++s) {
        auto a = decode_array(origin, q, end, sources.data() + total, ds - total, depth + 1);
        if (!a.ok()) return std::move(a.error().within("multi-array source " + num(s)));
        source_start[s] = total;
        total += a->size;
        source_end[s] = total;
        q = a->next;
    }
    if (end - q < 3) return origin.error(q, "multi-array: the interval field Q needs 2 bytes and an array after it");
    const unsigned qfield = load_u16le(q);
    q += 2;
    KRAKEN_TRY_ASSIGN(auto index_header, read_array_header(origin, q, end, total));
    const size_t n_index = index_header.decoded_size;
    if (n_index < 2) return origin.error(q, "multi-array: the index array must hold at least 2 entries");

    std::vector<uint8_t> indexes(n_index), widths;
    if (qfield & 0x8000) {
        auto a = decode_array(origin, q, end, indexes.data(), n_index, depth + 1);
        if (!a.ok()) return std::move(a.error().within("multi-array index/width array"));
        q = a->next;
        widths.resize(n_index);
        for (size_t i = 0; i < n_index; ++i) {
            widths[i] = indexes[i] >> 4;
            indexes[i] &= 15;
        }
    } else {
        auto a = decode_array(origin, q, end, indexes.data(), n_index, depth + 1);
        if (!a.ok()) return std::move(a.error().within("multi-array index array"));
        q = a->next;
        widths.resize(n_index - 1);
        const uint8_t* width_at = q;
        auto w = decode_array(origin, q, end, widths.data(), widths.size(), depth + 1);
        if (!w.ok()) return std::move(w.error().within("multi-array width array"));
        if (w->size != widths.size())
            return origin.error(width_at, "multi-array: width array holds " + num(w->size) + " entries, expected " +
                                              num(widths.size()));
        q = w->next;
        for (uint8_t width : widths)
            if (width > 16) return origin.error(width_at, "multi-array: interval width " + num(width) + " exceeds 16");
    }
    const size_t region = qfield & 0x3FFF;
    if (size_t(end - q) != region)
        return origin.error(q, "multi-array: bit region of " + num(region) + " bytes must end the payload, " +
                                   num(size_t(end - q)) + " bytes remain");
    MsbForwardBits fwd(q, ptrdiff_t(region), 0);
    MsbBackwardBits bwd(q, ptrdiff_t(region), ptrdiff_t(region));
    std::vector<uint32_t> lengths(widths.size());
    for (size_t j = 0; j < widths.size(); ++j) {
        const unsigned w = widths[j];
        uint32_t extra;
        if (j & 1) {
            bwd.refill();
            extra = bwd.read(w);
        } else {
            fwd.refill();
            extra = fwd.read(w);
        }
        lengths[j] = (uint32_t{1} << w) + extra;
    }
    if (fwd.consumed_bits(0) + bwd.consumed_bits(ptrdiff_t(region)) > int64_t(region) * 8)
        return origin.error(q, "multi-array: interval lengths overrun their " + num(region) + "-byte bit region");

    if (indexes.back() != 0) return origin.error(q, "multi-array: the last index must be 0");
    size_t out = 0, lj = 0;
    std::vector<size_t> cursor(source_start);
    for (size_t i = 0; i < n_index; ++i) {
        const unsigned s = indexes[i];
        if (s == 0) {
            if (i + 1 != n_index) return origin.error(q, "multi-array: index 0 ends the array before all indexes");
            if (qfield & 0x8000) ++lj;
            break;
        }
        if (s > k_sources) return origin.error(q, "multi-array: source index " + num(s) + " exceeds " + num(k_sources));
        if (lj >= lengths.size()) return origin.error(q, "multi-array: more intervals than lengths");
        const size_t len = lengths[lj++];
        if (len > source_end[s] - cursor[s])
            return origin.error(q, "multi-array: interval passes the end of source " + num(s));
        if (len > ds - out) return origin.error(q, "multi-array: intervals exceed the decoded size " + num(ds));
        std::memcpy(dst + out, sources.data() + cursor[s], len);
        cursor[s] += len;
        out += len;
    }
    if (lj != lengths.size()) return origin.error(q, "multi-array: not every interval length was used");
    for (unsigned s = 1; s <= k_sources; ++s)
        if (cursor[s] != source_end[s]) return origin.error(q, "multi-array: source " + num(s) + " not fully used");
    if (out != ds) return origin.error(q, "multi-array: assembled " + num(out) + " bytes, expected " + num(ds));
    return ok_status();
}

Status decode_recursive(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t ds,
                        int depth) {
    if (end - p < 6) return origin.error(p, "type-5 array payload must have at least 6 bytes");
    const unsigned n = p[0] & 0x7F;
    if (n < 2) return origin.error(p, "type-5 array count " + num(n) + " must be at least 2");
    if (p[0] & 0x80) return decode_multi_array(origin, p, end, dst, ds, depth);
    const uint8_t* q = p + 1;
    size_t produced = 0;
    for (unsigned i = 0; i < n; ++i) {
        auto a = decode_array(origin, q, end, dst + produced, ds - produced, depth + 1);
        if (!a.ok()) return std::move(a.error().within("type-5 part " + num(i)));
        produced += a->size;
        q = a->next;
    }
    if (produced != ds) return origin.error(q, "type-5 parts total " + num(produced) + " bytes, expected " + num(ds));
    if (q != end) return origin.error(q, "type-5 array leaves " + num(size_t(end - q)) + " payload bytes unused");
    return ok_status();
}

}  // namespace

// ---- dispatch ----

Result<DecodedArray> decode_array(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst,
                                  size_t capacity, int depth) {
    if (depth > kMaxArrayDepth) return origin.error(p, "arrays nested deeper than " + num(kMaxArrayDepth));
    KRAKEN_TRY_ASSIGN(auto h, read_array_header(origin, p, end, capacity));
    const uint8_t* payload = p + h.header_size;
    const uint8_t* payload_end = payload + h.payload_size;
    switch (h.type) {
        case ArrayType::raw:
            copy_bytes(dst, payload, h.payload_size);
            break;
        case ArrayType::tans:
            TAESCOPE_TRY(decode_tans(origin, payload, payload_end, dst, h.decoded_size));
            break;
        case ArrayType::huffman3:
        case ArrayType::huffman6:
            TAESCOPE_TRY(
                decode_huffman(origin, payload, payload_end, dst, h.decoded_size, h.type == ArrayType::huffman6));
            break;
        case ArrayType::rle:
            TAESCOPE_TRY(decode_rle(origin, payload, payload_end, dst, h.decoded_size, depth));
            break;
        case ArrayType::recursive:
            TAESCOPE_TRY(decode_recursive(origin, payload, payload_end, dst, h.decoded_size, depth));
            break;
    }
    return DecodedArray{h.decoded_size, payload_end};
}

}  // namespace taescope::kraken
