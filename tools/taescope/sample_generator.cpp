#include "sample_generator.h"

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <cstring>

#include "container/bnd4.h"
#include "container/dcx.h"
#include "io/byte_reader.h"

namespace taescope::generator {

namespace {

// ---- Statistics measured once over the corpus (player and NPC binders of each game) ----
// Event type, its most common stored parameter length (bytes to the next record, padding
// included, for events whose record starts on 16 bytes), and how many events of the type the
// corpus held (the weight with which the generator picks it).
struct TypeStat {
    int32_t type;
    uint16_t length;
    uint32_t weight;
};

constexpr TypeStat kSekiroTypes[] = {
    {0, 16, 19926},  {1, 16, 1516},   {2, 32, 637},    {4, 32, 439},    {5, 16, 421},     {16, 0, 1173},
    {32, 16, 1},     {65, 16, 56},    {66, 16, 32},    {67, 16, 10892}, {96, 32, 2462},   {112, 16, 2055},
    {114, 32, 97},   {117, 16, 150},  {118, 16, 12},   {120, 64, 4},    {128, 16, 10354}, {129, 32, 1193},
    {130, 32, 175},  {131, 16, 1232}, {138, 16, 120},  {139, 16, 65},   {144, 16, 2},     {145, 16, 591},
    {146, 16, 53},   {151, 32, 144},  {152, 16, 18},   {153, 32, 582},  {155, 16, 971},   {156, 16, 130},
    {193, 16, 53},   {224, 16, 794},  {226, 16, 149},  {231, 16, 89},   {232, 16, 100},   {237, 16, 386},
    {304, 16, 112},  {307, 16, 1156}, {341, 16, 6},    {401, 16, 601},  {603, 16, 2},     {605, 32, 266},
    {607, 16, 1782}, {700, 48, 462},  {703, 16, 3},    {705, 16, 21},   {706, 16, 3},     {708, 48, 217},
    {713, 32, 2},    {715, 32, 335},  {717, 16, 12},   {720, 16, 136},  {731, 16, 126},   {740, 16, 12},
    {760, 32, 119},  {790, 16, 98},   {792, 16, 1198}, {800, 16, 1},    {900, 16, 6},     {901, 16, 9},
    {902, 16, 15},   {903, 16, 9},    {904, 16, 1},    {905, 16, 4},    {910, 16, 33},    {911, 16, 8},
    {912, 16, 8},    {913, 16, 28},   {920, 16, 179},  {921, 16, 6},    {922, 16, 26},    {930, 16, 28},
    {931, 16, 37},   {933, 16, 118},  {936, 16, 376},  {940, 16, 9},    {942, 16, 8},     {943, 0, 7},
    {944, 16, 120},  {945, 16, 40},   {946, 16, 63},   {950, 16, 281},  {951, 16, 308},   {952, 16, 30},
    {954, 16, 460},  {960, 16, 1338}, {970, 32, 105},
};

constexpr TypeStat kEldenRingTypes[] = {
    {0, 16, 8534},  {1, 16, 254},    {2, 32, 340},     {5, 16, 315},   {16, 0, 1058},  {32, 16, 24},    {33, 16, 26},
    {64, 16, 2},    {66, 16, 1257},  {67, 16, 1103},   {96, 32, 527},  {110, 16, 20},  {112, 16, 3815}, {113, 16, 479},
    {115, 32, 21},  {118, 16, 20},   {129, 32, 13062}, {133, 16, 222}, {139, 16, 185}, {144, 16, 42},   {145, 16, 4},
    {193, 16, 284}, {224, 16, 1215}, {225, 16, 241},   {226, 16, 178}, {227, 16, 13},  {228, 16, 85},   {233, 32, 295},
    {236, 16, 4},   {237, 16, 83},   {238, 16, 6},     {300, 16, 258}, {302, 16, 3},   {304, 16, 1},    {307, 16, 71},
    {320, 16, 32},  {330, 16, 1},    {341, 16, 70},    {342, 16, 1},   {401, 16, 29},  {511, 16, 88},   {600, 16, 62},
    {601, 16, 4},   {603, 16, 1},    {604, 16, 18},    {605, 32, 210}, {608, 16, 14},  {700, 48, 1991}, {703, 16, 68},
    {705, 16, 7},   {706, 16, 18},   {710, 16, 4},     {711, 32, 248}, {712, 32, 40},  {713, 32, 66},   {717, 16, 14},
    {718, 16, 14},  {731, 16, 104},  {740, 16, 32},    {760, 32, 55},  {761, 16, 29},  {787, 32, 350},  {788, 16, 5},
    {789, 16, 1},   {790, 16, 18},   {792, 16, 591},   {800, 16, 2},   {902, 16, 44},  {907, 16, 2},    {911, 16, 62},
};

// Animations by event count in tens (0-9 events, 10-19, ...), as counted in the corpus.
constexpr uint32_t kSekiroEventsPerAnimation[] = {426, 299, 496, 353, 240, 99, 103, 94, 75, 25, 17, 8, 0, 1, 5};
constexpr uint32_t kEldenRingEventsPerAnimation[] = {694, 682, 600, 235, 128, 11, 6, 0, 2, 3, 4, 1, 1, 0, 1};

struct GameProfile {
    const TypeStat* types;
    size_t type_count;
    const uint32_t* events_per_animation;
    size_t event_buckets;
    uint64_t event_bank;
    uint32_t file_id_base;    // file id = base + group (Sekiro a10 -> 4010, Elden Ring a512 -> 2512)
    double import_other;      // share of ImportOther headers (Sekiro 333 of 2,241; ER 116 of 2,368)
    double import_hkx;        // share of standard headers importing motion (446 of 2,241; 564 of 2,368)
    double open_end;          // share of f32-max ends (41 of 71,196; 7,747 of 42,380)
    const char* member_root;  // binder member path up to "chr\c0000\tae\"
    uint32_t file_count;
    uint64_t event_total;
};

const GameProfile kSekiro = {kSekiroTypes,
                             std::size(kSekiroTypes),
                             kSekiroEventsPerAnimation,
                             std::size(kSekiroEventsPerAnimation),
                             14,
                             4000,
                             0.15,
                             0.20,
                             0.0006,
                             "N:\\NTC\\data\\Target\\INTERROOT_win64\\chr\\c0000\\tae\\",
                             65,
                             340000};
const GameProfile kEldenRing = {kEldenRingTypes,
                                std::size(kEldenRingTypes),
                                kEldenRingEventsPerAnimation,
                                std::size(kEldenRingEventsPerAnimation),
                                37,
                                2000,
                                0.05,
                                0.24,
                                0.18,
                                "N:\\GR\\data\\INTERROOT_win64\\chr\\c0000\\tae\\",
                                640,
                                1300000};

const GameProfile& profile(Scale s) { return s == Scale::Sekiro ? kSekiro : kEldenRing; }

// splitmix64: small, fast, and the same on every platform.
class Rng {
public:
    explicit Rng(uint64_t seed) : state_(seed) {}
    uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    uint32_t below(uint32_t n) { return n ? uint32_t(next() % n) : 0; }
    bool chance(double p) { return double(next() >> 11) * (1.0 / 9007199254740992.0) < p; }
    // An index drawn with the given weights.
    size_t weighted(const uint32_t* w, size_t n) {
        uint64_t total = 0;
        for (size_t i = 0; i < n; ++i) total += w[i];
        uint64_t x = next() % total;
        for (size_t i = 0; i < n; ++i) {
            if (x < w[i]) return i;
            x -= w[i];
        }
        return n - 1;
    }

private:
    uint64_t state_;
};

class TypePicker {
public:
    explicit TypePicker(const GameProfile& p) : p_(p) {
        uint64_t sum = 0;
        for (size_t i = 0; i < p.type_count; ++i) cumulative_.push_back(sum += p.types[i].weight);
    }
    const TypeStat& pick(Rng& rng) const {
        uint64_t x = rng.next() % cumulative_.back();
        size_t i = size_t(std::upper_bound(cumulative_.begin(), cumulative_.end(), x) - cumulative_.begin());
        return p_.types[i];
    }

private:
    const GameProfile& p_;
    std::vector<uint64_t> cumulative_;
};

std::u16string ascii16(const std::string& s) { return std::u16string(s.begin(), s.end()); }

std::string clip_name(uint32_t group, uint64_t number) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "a%03u_%06llu.hkt", group, (unsigned long long)number);
    return buf;
}

float frames(int32_t n) { return float(n) / 30.0f; }

// Invented parameter bytes: small integers (ids, dummy polygons) and -1s in the first words,
// zeros after (the corpus stores zero padding and zero-asserted fields there).
void fill_parameters(std::vector<uint8_t>& out, uint16_t length, Rng& rng) {
    out.assign(length, 0);
    for (uint16_t at = 0; at + 4 <= length && at < 16; at += 4) {
        int32_t v = rng.chance(0.5) ? int32_t(rng.below(200)) : (rng.chance(0.2) ? -1 : 0);
        std::memcpy(out.data() + at, &v, 4);
    }
}

void add_events(TaeFile& f, TaeAnimation& a, uint32_t count, const GameProfile& p, const TypePicker& types, Rng& rng) {
    const int32_t clip_frames = 30 + int32_t(rng.below(150));
    std::vector<uint8_t> params;
    for (uint32_t i = 0; i < count; ++i) {
        const TypeStat& t = types.pick(rng);
        TaeEvent e;
        e.type = t.type;
        int32_t start = int32_t(rng.below(uint32_t(clip_frames)));
        int32_t end = start + 1 + int32_t(rng.below(uint32_t(clip_frames / 2 + 1)));
        if (rng.chance(0.0003)) start = -1;  // one frame early: the only negative start of game files
        e.set_start(frames(start));
        if (rng.chance(p.open_end))
            e.set_end(FLT_MAX);  // open-ended
        else if (rng.chance(0.0002))
            e.set_end(frames(start - 1));  // ends before it starts, as a few game events do
        else if (rng.chance(0.0005))
            e.set_end(frames(start));  // zero length
        else
            e.set_end(frames(end));
        if (t.type == kTaeEventTypeZeroParameterOffset && &p == &kSekiro) {
            e.parameter_offset_zero = true;
            params.clear();
        } else {
            fill_parameters(params, t.length, rng);
        }
        f.set_parameters(e, params);
        a.events.push_back(e);
    }
    // One group per event type, in order of first appearance, naming its events.
    for (uint32_t i = 0; i < a.events.size(); ++i) {
        int32_t type = a.events[i].type;
        auto g = std::find_if(a.groups.begin(), a.groups.end(), [&](const TaeEventGroup& x) { return x.type == type; });
        if (g == a.groups.end()) {
            a.groups.push_back(TaeEventGroup{type, {}, 0, {}});
            g = a.groups.end() - 1;
        }
        g->event_indices.push_back(i);
    }
}

// Adds one animation with the next number; returns its event count.
uint32_t add_animation(TaeFile& f, uint32_t group, uint64_t& number, const GameProfile& p, const TypePicker& types,
                       Rng& rng) {
    // Runs of consecutive numbers (a060_000100, 000101, ...) alternate with jumps.
    number += rng.chance(0.35) ? 1 : 10 * (1 + rng.below(40));
    TaeAnimation a;
    a.number = number;
    if (rng.chance(0.99)) a.motion_file_name = ascii16(clip_name(group, number));
    uint32_t events = 0;
    if (!f.animations.empty() && rng.chance(p.import_other)) {
        // Events and motion come from another animation: mostly of this file, as a full number.
        uint64_t source = rng.chance(0.9) ? f.animations[rng.below(uint32_t(f.animations.size()))].number
                                          : uint64_t(rng.below(900000));
        a.set_import_other(rng.chance(0.01) ? -1 : int32_t(group * 1000000ull + source));
    } else {
        bool hkx = !f.animations.empty() && rng.chance(p.import_hkx);
        int32_t source = -1;
        if (hkx)
            source = rng.chance(0.85) ? int32_t(f.animations[rng.below(uint32_t(f.animations.size()))].number)
                                      : int32_t(rng.below(900000));
        a.set_standard(rng.chance(0.005), hkx, &p == &kSekiro && group >= 200 && rng.chance(0.3), source);
        size_t bucket = rng.weighted(p.events_per_animation, p.event_buckets);
        events = uint32_t(bucket * 10 + rng.below(10));
        add_events(f, a, events, p, types, rng);
    }
    f.animations.push_back(std::move(a));
    return events;
}

TaeFile new_file(const GameProfile& p, uint32_t group) {
    TaeFile f;
    f.header = make_default_tae_header(p.event_bank, p.file_id_base + group);
    f.skeleton_name = u"skeleton.hkt";
    f.sib_name = u"c9990.SIB";
    return f;
}

std::string file_name(uint32_t group) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "a%02u.tae", group);
    return buf;
}

uint64_t file_seed(uint64_t seed, uint32_t group) {
    return seed * 0x100000001B3ull ^ (uint64_t(group) << 32) ^ 0xC0000;
}

}  // namespace

bool parse_scale(const std::string& text, Scale& out) {
    if (text == "small")
        out = Scale::Small;
    else if (text == "sekiro")
        out = Scale::Sekiro;
    else if (text == "eldenring")
        out = Scale::EldenRing;
    else
        return false;
    return true;
}

const char* scale_name(Scale s) {
    switch (s) {
        case Scale::Small:
            return "small";
        case Scale::Sekiro:
            return "sekiro";
        case Scale::EldenRing:
            return "eldenring";
    }
    return "?";
}

GeneratedTae generate_tae_file(Scale scale, uint32_t group, uint32_t animation_count, uint64_t seed) {
    const GameProfile& p = profile(scale);
    TypePicker types(p);
    Rng rng(file_seed(seed, group));
    GeneratedTae out{group, file_name(group), new_file(p, group)};
    uint64_t number = rng.below(5000);
    for (uint32_t i = 0; i < animation_count; ++i) add_animation(out.model, group, number, p, types, rng);
    return out;
}

static GeneratedTae small_sample(uint64_t seed) {
    // Six animations of group 0, with every feature the page should show at least once.
    GeneratedTae g = generate_tae_file(Scale::Small, 0, 6, seed);
    TaeFile& f = g.model;
    Rng rng(seed ^ 0x5A5A);
    const GameProfile& p = kEldenRing;
    TypePicker types(p);
    auto& a0 = f.animations[0];
    if (a0.header_kind() != TaeAnimationHeaderKind::Standard || a0.events.size() < 4) {
        a0.events.clear();
        a0.groups.clear();
        a0.set_standard(false, false, false, -1);
        add_events(f, a0, 12, p, types, rng);
    }
    a0.events[0].set_start(-1.0f / 30.0f);         // one frame early
    a0.events[1].set_end(FLT_MAX);                 // open end
    a0.events[2].set_start(a0.events[3].start());  // shared times
    a0.events[2].set_end(a0.events[3].end());
    auto& last = f.animations.back();
    last.events.clear();
    last.groups.clear();
    last.set_import_other(int32_t(f.animations[0].number));
    return g;
}

void generate_tae_set(Scale scale, uint64_t seed, const std::function<void(GeneratedTae&&)>& emit) {
    if (scale == Scale::Small) {
        emit(small_sample(seed));
        return;
    }
    const GameProfile& p = profile(scale);
    TypePicker types(p);
    Rng groups_rng(seed ^ 0x6A09E667F3BCC909ull);
    // The player's groups: a00, a10, a50, then ascending numbers (Sekiro a70 to a79, a100, ...).
    std::vector<uint32_t> group_ids = {0, 10, 50};
    uint32_t g = 60;
    while (group_ids.size() < p.file_count) {
        g += groups_rng.chance(0.3) ? 2 : 1;
        group_ids.push_back(g);
    }
    const uint64_t per_file = p.event_total / p.file_count;
    for (uint32_t group : group_ids) {
        Rng rng(file_seed(seed, group));
        GeneratedTae out{group, file_name(group), new_file(p, group)};
        // Files differ in size: between half and one and a half times the average.
        const uint64_t target = per_file / 2 + rng.next() % (per_file + 1);
        uint64_t events = 0, number = rng.below(5000);
        while (events < target) events += add_animation(out.model, group, number, p, types, rng);
        emit(std::move(out));
    }
}

std::string player_tae_member_path(Scale scale, const std::string& name) { return profile(scale).member_root + name; }

Result<std::vector<uint8_t>> write_player_anibnd(Scale scale, const std::vector<WrittenTae>& files) {
    Bnd4 b;
    std::memcpy(b.version.data(), "07D7R6\0\0", 8);
    b.raw_format = 0x74;  // IDs | Names1 | Names2 | Compression, bit-reversed on disk
    b.extended = 4;       // with the hash table
    b.unicode = 1;
    auto add = [&](int32_t id, const std::string& path, std::vector<uint8_t> data) {
        Bnd4Member m;
        m.id = id;
        m.name = path;
        std::u16string units = ascii16(path);
        for (char16_t c : units) {
            m.raw_name.push_back(uint8_t(c));
            m.raw_name.push_back(uint8_t(c >> 8));
        }
        m.stored_size = m.uncompressed_size = data.size();
        m.data = std::move(data);
        b.members.push_back(std::move(m));
    };
    for (const auto& f : files)
        add(int32_t(kPlayerTaeFirstSlot + f.group), player_tae_member_path(scale, f.name), f.bytes);
    // Member 9,999,999 (empty): with it the game looks for event files from slot 5,000,000.
    add(9999999,
        scale == Scale::Sekiro ? "N:\\NTC\\data\\Tool\\exe\\ResourceControl\\blf\\chr\\ver_0001.txt"
                               : "N:\\GR\\data\\Model\\chr\\blf\\ver_0001.txt",
        {});
    b.entry_size = b.computed_entry_size();
    auto bnd = bnd4_write_canonical(b);
    if (!bnd.ok()) return std::move(bnd).error();

    // DCX_DFLT_11000_44_9: the 0x4C-byte big-endian header (containers-kraken-tae.md §1.1).
    DcxFile dcx;
    dcx.info.kind = ContainerKind::Dcx;
    dcx.info.method = CompressionMethod::Deflate;
    dcx.info.fourcc = "DFLT";
    std::vector<uint8_t>& h = dcx.info.header;
    h.assign(0x4C, 0);
    auto be = [&](size_t at, uint32_t v) {
        for (int k = 0; k < 4; ++k) h[at + k] = uint8_t(v >> (24 - 8 * k));
    };
    auto tag = [&](size_t at, const char* t) { std::memcpy(h.data() + at, t, 4); };
    tag(0x00, "DCX"), be(0x04, 0x11000), be(0x08, 0x18), be(0x0C, 0x24), be(0x10, 0x44), be(0x14, 0x4C);
    tag(0x18, "DCS");  // 0x1C uncompressed and 0x20 compressed size: written by dcx_write
    tag(0x24, "DCP"), tag(0x28, "DFLT"), be(0x2C, 0x20), h[0x30] = 9, be(0x40, 0x00010100);
    tag(0x44, "DCA"), be(0x48, 8);
    return dcx_write(dcx, *bnd);
}

}  // namespace taescope::generator
