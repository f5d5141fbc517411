// Kraken tANS arrays (kraken-bitstream.md §10): the weight table (rice or explicit form), the
// partitioned decoding table, and five interleaved states read from both ends of the data.
#include <algorithm>

#include "container/kraken_entropy.h"

namespace taescope::kraken {

namespace {

struct TansEntry {
    uint8_t symbol;
    uint8_t nbits;
    uint16_t base;
};

struct Weights {
    unsigned count = 0;
    uint8_t symbols[256 + kSymbolSlack];  // ascending
    uint32_t weights[256];
};

const char* read_rice_weights(MsbForwardBits& bits, unsigned table_size, Weights& w) {
    bits.refill();
    const unsigned q = bits.read(3);
    const unsigned nsym = bits.read(8) + 1;
    if (nsym < 2) return "rice weights need at least 2 symbols";
    const unsigned nranges = read_range_count(bits, nsym);
    uint8_t unary[256 + 256];
    if (const char* e = read_unary_values(bits, nsym + nranges, unary)) return e;
    if (const char* e = read_symbol_ranges(bits, nsym, nranges, unary + nsym, w.symbols)) return e;
    int avg = 6;
    uint32_t sum = 0;
    for (unsigned i = 0; i < nsym; ++i) {
        const unsigned e = q + unary[i];
        if (e > 15) return "rice weight exponent exceeds 15";
        bits.refill();
        int v = int(bits.read(e) + (1u << e) - (1u << q));
        const int a = avg >> 2;
        int lim = 2 * a;
        if (v <= lim) v = a + zigzag(unsigned(v));
        if (lim > v) lim = v;
        w.weights[i] = uint32_t(v + 1);
        avg += lim - a;
        sum += w.weights[i];
    }
    if (sum != table_size) return "tANS weights do not sum to the table size";
    w.count = nsym;
    return nullptr;
}

const char* read_explicit_weights(MsbForwardBits& bits, unsigned log_size, Weights& w) {
    const unsigned table_size = 1u << log_size;
    bits.refill();
    const unsigned cnt = bits.read(3) + 1;
    const unsigned db = bits.read(4);
    if (db < 1 || db > log_size) return "explicit weights: weight width must be 1..table log";
    bool seen[256] = {};
    struct Pair {
        uint8_t symbol;
        uint32_t weight;
    } pairs[9];
    uint32_t running = 0, sum = 0;
    for (unsigned i = 0; i < cnt; ++i) {
        bits.refill();
        const unsigned s = bits.read(8);
        if (seen[s]) return "explicit weights name a symbol twice";
        seen[s] = true;
        running += bits.read(db);
        if (running == 0) return "explicit weights: weight 0";
        pairs[i] = {uint8_t(s), running};
        sum += running;
    }
    bits.refill();
    const unsigned last = bits.read(8);
    if (seen[last]) return "explicit weights name a symbol twice";
    if (sum >= table_size || table_size - sum < running || table_size - sum <= 1)
        return "explicit weights: the last symbol's weight is too small";
    pairs[cnt] = {uint8_t(last), table_size - sum};
    std::sort(pairs, pairs + cnt + 1, [](const Pair& a, const Pair& b) { return a.symbol < b.symbol; });
    for (unsigned i = 0; i <= cnt; ++i) {
        w.symbols[i] = pairs[i].symbol;
        w.weights[i] = pairs[i].weight;
    }
    w.count = cnt + 1;
    return nullptr;
}

// §10.2: weight-1 symbols at the end; the others spread over four partitions.
void build_table(const Weights& w, unsigned log_size, TansEntry* table) {
    const unsigned table_size = 1u << log_size;
    unsigned singles = 0;
    for (unsigned i = 0; i < w.count; ++i) singles += w.weights[i] == 1;
    const unsigned spread = table_size - singles;
    unsigned fill[4];
    unsigned start = 0;
    for (unsigned j = 0; j < 4; ++j) {
        fill[j] = start;
        start += spread / 4 + (j < spread % 4 ? 1 : 0);
    }
    unsigned single_at = spread;
    unsigned weight_before = 0;
    for (unsigned i = 0; i < w.count; ++i) {
        const unsigned weight = w.weights[i];
        if (weight == 1) {
            table[single_at++] = {w.symbols[i], uint8_t(log_size), 0};
            continue;
        }
        unsigned state = weight;
        for (unsigned j = 0; j < 4; ++j) {
            const unsigned n = (weight + ((weight_before + 3 - j) & 3)) >> 2;
            for (unsigned k = 0; k < n; ++k, ++state) {
                const unsigned nbits = log_size - floor_log2(state);
                table[fill[j]++] = {w.symbols[i], uint8_t(nbits), uint16_t((state << nbits) - table_size)};
            }
        }
        weight_before += weight;
    }
}

template <class Reader>
inline uint8_t tans_step(Reader& r, const TansEntry* table, uint32_t& state) {
    const TansEntry e = table[state];
    state = e.base + r.read(e.nbits);
    return e.symbol;
}

}  // namespace

Status decode_tans(const StreamOrigin& origin, const uint8_t* p, const uint8_t* end, uint8_t* dst, size_t ds) {
    if (end - p < 8) return origin.error(p, "tANS array payload must have at least 8 bytes");
    if (ds < 5) return origin.error(p, "tANS array must decode to at least 5 bytes");
    MsbForwardBits bits(p, end - p, 0);
    bits.refill();
    if (bits.read(1)) return origin.error(p, "tANS header: reserved bit must be 0");
    const unsigned log_size = bits.read(2) + 8;
    const unsigned table_size = 1u << log_size;
    Weights weights;
    const char* problem =
        bits.read(1) ? read_rice_weights(bits, table_size, weights) : read_explicit_weights(bits, log_size, weights);
    if (problem) return origin.error(p, std::string("tANS weight table: ") + problem);
    if (bits.position() >= end - p) return origin.error(p, "tANS weight table runs past the array payload");
    TansEntry table[2048];
    build_table(weights, log_size, table);

    const uint8_t* data = p + bits.position();
    const ptrdiff_t size = end - data;
    LsbForwardBits fwd(data, size, 0);
    LsbBackwardBits bwd(data, size, size);
    fwd.refill();
    bwd.refill();
    uint32_t s0 = fwd.read(log_size);
    uint32_t s1 = bwd.read(log_size);
    uint32_t s2 = fwd.read(log_size);
    uint32_t s3 = bwd.read(log_size);
    uint32_t s4 = fwd.read(log_size);

    const size_t n = ds - 5;
    uint8_t* o = dst;
    size_t i = 0;
    for (; n - i >= 10; i += 10, o += 10) {
        fwd.refill();
        o[0] = tans_step(fwd, table, s0);
        o[1] = tans_step(fwd, table, s1);
        o[2] = tans_step(fwd, table, s2);
        o[3] = tans_step(fwd, table, s3);
        o[4] = tans_step(fwd, table, s4);
        bwd.refill();
        o[5] = tans_step(bwd, table, s0);
        o[6] = tans_step(bwd, table, s1);
        o[7] = tans_step(bwd, table, s2);
        o[8] = tans_step(bwd, table, s3);
        o[9] = tans_step(bwd, table, s4);
    }
    uint32_t* states[5] = {&s0, &s1, &s2, &s3, &s4};
    for (; i < n; ++i) {
        if ((i / 5) & 1) {
            bwd.refill();
            *o++ = tans_step(bwd, table, *states[i % 5]);
        } else {
            fwd.refill();
            *o++ = tans_step(fwd, table, *states[i % 5]);
        }
    }
    if (fwd.position() != bwd.position())
        return origin.error(data, fwd.position(),
                            "tANS forward and backward streams do not meet (forward ends at data byte " +
                                std::to_string(fwd.position()) + ", backward at " + std::to_string(bwd.position()) +
                                ")");
    for (uint32_t* s : states) {
        if (*s > 255) return origin.error(data, "tANS final state " + std::to_string(*s) + " exceeds 255");
        *o++ = uint8_t(*s);
    }
    return ok_status();
}

}  // namespace taescope::kraken
