#include "container/bnd4.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>

#include "io/byte_compare.h"
#include "io/byte_writer.h"

namespace taescope {

namespace {

constexpr uint64_t kHeaderSize = 0x40;
constexpr uint8_t kMemberCompressed = 0x01;  // logical member flag: the member is itself DCX

// Reads that follow the binder's byte order (little-endian in every PC file).
struct EndianReader {
    ByteReader r;
    bool big;
    uint32_t u32(uint64_t off) const {
        const uint8_t* p = r.data() + off;
        return big ? load_u32be(p) : load_u32le(p);
    }
    uint64_t u64(uint64_t off) const {
        const uint8_t* p = r.data() + off;
        return big ? (uint64_t(load_u32be(p)) << 32) | load_u32be(p + 4) : load_u64le(p);
    }
};

struct EndianWriter {
    ByteWriter w;
    bool big = false;
    void u32(uint32_t v) { big ? w.u32be(v) : w.u32le(v); }
    void u64(uint64_t v) {
        if (big) {
            w.u32be(uint32_t(v >> 32));
            w.u32be(uint32_t(v));
        } else {
            w.u64le(v);
        }
    }
    void patch32(uint64_t at, uint32_t v) { big ? w.patch_u32be(at, v) : w.patch_u32le(at, v); }
    void patch64(uint64_t at, uint64_t v) {
        if (big) {
            w.patch_u32be(at, uint32_t(v >> 32));
            w.patch_u32be(at + 4, uint32_t(v));
        } else {
            w.patch_u64le(at, v);
        }
    }
};

// Where each field of an entry sits, for a given logical format.
struct EntryLayout {
    uint64_t size_field = 8;
    uint64_t uncompressed_field = 0;  // 0 = absent
    uint64_t offset_field = 0;
    bool long_offsets = false;
    uint64_t id_field = 0, name_field = 0, names1_field = 0;
    uint64_t size = 0;
};

EntryLayout entry_layout(uint8_t format) {
    using namespace bnd_format;
    EntryLayout e;
    uint64_t p = 0x10;
    if (format & kCompression) e.uncompressed_field = p, p += 8;
    e.offset_field = p;
    e.long_offsets = (format & kLongOffsets) != 0;
    p += e.long_offsets ? 8 : 4;
    if (format & kIds) e.id_field = p, p += 4;
    if (format & (kNames1 | kNames2)) e.name_field = p, p += 4;
    if (format == kNames1) e.names1_field = p, p += 8;
    e.size = p;
    return e;
}

bool member_is_compressed(const Bnd4& b, const Bnd4Member& m) {
    uint8_t logical = b.bit_little_endian == 0 ? m.raw_flags : reverse_bits(m.raw_flags);
    return (logical & kMemberCompressed) != 0;
}

// The uncompressed size to write: as read unless the data changed size (then, for a plain
// member, the new size).
uint64_t uncompressed_to_write(const Bnd4& b, const Bnd4Member& m) {
    if (m.data.size() == m.stored_size || member_is_compressed(b, m)) return m.uncompressed_size;
    return m.data.size();
}

uint16_t lower_invariant(uint16_t c) {
    if (c >= 'A' && c <= 'Z') return uint16_t(c + 32);
    if ((c >= 0xC0 && c <= 0xDE && c != 0xD7)) return uint16_t(c + 32);
    return c;
}

// Calls visit(count, unit) with the number of units of a member's stored name and a function
// giving unit i: UTF-16 in the binder's byte order, or one byte a unit (the ASCII part of
// Shift-JIS is then exact). The byte order is chosen once, outside the caller's loop.
template <class Visit>
auto visit_stored_name_units(const Bnd4& b, const Bnd4Member& m, Visit visit) {
    const uint8_t* raw = m.raw_name.data();
    if (!b.unicode) return visit(m.raw_name.size(), [raw](size_t i) { return uint16_t(raw[i]); });
    if (b.is_big_endian())
        return visit(m.raw_name.size() / 2, [raw](size_t i) { return uint16_t(raw[2 * i] << 8 | raw[2 * i + 1]); });
    return visit(m.raw_name.size() / 2, [raw](size_t i) { return uint16_t(raw[2 * i] | raw[2 * i + 1] << 8); });
}

// The path hash over `count` UTF-16 units, unit(i) giving each: a slash first unless the path
// starts with one, backslashes as slashes, lower-cased, h = h * 37 + unit.
template <class UnitAt>
uint32_t path_hash(size_t count, UnitAt unit) {
    uint32_t h = 0;
    if (count == 0 || (unit(0) != u'/' && unit(0) != u'\\')) h = '/';
    for (size_t i = 0; i < count; ++i) {
        const uint16_t c = unit(i);
        h = h * 37u + (c == u'\\' ? uint16_t('/') : lower_invariant(c));
    }
    return h;
}

std::string sjis_display(const std::vector<uint8_t>& raw) {
    std::string s;
    for (size_t i = 0; i < raw.size(); ++i) {
        uint8_t c = raw[i];
        if (c < 0x80) {
            s.push_back(char(c));
        } else {
            s += "\xEF\xBF\xBD";  // U+FFFD; a double-byte character consumes its trail byte
            bool lead = (c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC);
            if (lead && i + 1 < raw.size()) ++i;
        }
    }
    return s;
}

void write_header(EndianWriter& ew, const Bnd4& b, uint64_t entry_size) {
    ByteWriter& w = ew.w;
    w.bytes(b.magic);
    w.u8(b.unk04);
    w.u8(b.unk05);
    w.bytes(b.header_06);
    w.u8(b.big_endian);
    w.u8(b.bit_little_endian);
    w.u8(b.unk0b);
    ew.u32(uint32_t(b.members.size()));
    ew.u64(b.header_size);
    w.bytes(b.version);
    ew.u64(entry_size);
    ew.u64(0);  // headers end, patched
    w.u8(b.unicode);
    w.u8(b.raw_format);
    w.u8(b.extended);
    w.u8(b.unk33);
    ew.u32(uint32_t(b.unk34));
    ew.u64(0);  // hash table offset, patched
}

// bnd_path_hash of a member's name, read from its stored bytes (UTF-16 in the binder's byte
// order, or single bytes) without decoding the name into a string first.
uint32_t path_hash_of_stored_name(const Bnd4& b, const Bnd4Member& m) {
    return visit_stored_name_units(b, m, [](size_t count, auto unit) { return path_hash(count, unit); });
}

void write_hash_table(EndianWriter& ew, const Bnd4& b) {
    ByteWriter& w = ew.w;
    uint64_t n = b.members.size();
    uint32_t buckets = bnd_hash_bucket_count(n);
    std::vector<uint32_t> hashes(n);
    for (size_t i = 0; i < n; ++i) hashes[i] = path_hash_of_stored_name(b, b.members[i]);
    // Entries by (bucket, hash), ties in member order: the sort key is computed once per member
    // (the comparator used to take two remainders per comparison), the index breaks ties.
    struct Keyed {
        uint64_t key;
        size_t index;
        bool operator<(const Keyed& o) const { return key != o.key ? key < o.key : index < o.index; }
    };
    std::vector<Keyed> keyed(n);
    for (size_t i = 0; i < n; ++i) keyed[i] = {uint64_t(hashes[i] % buckets) << 32 | hashes[i], i};
    std::sort(keyed.begin(), keyed.end());
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i) order[i] = keyed[i].index;
    uint64_t table = w.pos();
    ew.patch64(0x38, table);
    ew.u64(table + 16 + uint64_t(buckets) * 8);
    ew.u32(buckets);
    w.bytes(b.hash_table ? b.hash_table->tail : std::array<uint8_t, 4>{0x10, 0x08, 0x08, 0x00});
    std::vector<uint32_t> counts(buckets, 0);
    for (size_t i = 0; i < n; ++i) ++counts[hashes[i] % buckets];
    uint32_t first = 0;
    for (uint32_t k = 0; k < buckets; ++k) {
        ew.u32(counts[k]);
        ew.u32(first);
        first += counts[k];
    }
    for (size_t i : order) {
        ew.u32(hashes[i]);
        ew.u32(uint32_t(i));
    }
}

// Patches one entry's size and offset fields in a written binder.
void patch_entry(EndianWriter& ew, const Bnd4& b, const EntryLayout& lay, uint64_t stride, size_t i,
                 uint64_t data_offset) {
    const Bnd4Member& m = b.members[i];
    uint64_t at = kHeaderSize + i * stride;
    ew.patch64(at + lay.size_field, m.data.size());
    if (lay.uncompressed_field) ew.patch64(at + lay.uncompressed_field, uncompressed_to_write(b, m));
    if (lay.long_offsets) ew.patch64(at + lay.offset_field, data_offset);
    else ew.patch32(at + lay.offset_field, uint32_t(data_offset));
}

// The alignment an original offset honoured: the largest power of two up to 16 dividing it.
uint64_t alignment_of(uint64_t offset) {
    uint64_t a = 16;
    while (a > 1 && offset % a) a /= 2;
    return a;
}

Result<std::vector<uint8_t>> write_preserving(const Bnd4& b) {
    const Bnd4::Preserved& p = *b.preserved;
    EntryLayout lay = entry_layout(b.format());
    uint64_t stride = b.entry_size;
    EndianWriter ew;
    ew.big = b.is_big_endian();
    ew.w.bytes(p.header_region);
    for (size_t k = 0; k < p.file_order.size(); ++k) {
        size_t i = p.file_order[k];
        const Bnd4Member& m = b.members[i];
        const auto& gap = p.gap_before[k];
        uint64_t align = alignment_of(m.data_offset);
        bool zero_gap = std::all_of(gap.begin(), gap.end(), [](uint8_t c) { return c == 0; });
        if (zero_gap && (ew.w.pos() + gap.size()) % align != 0) {
            ew.w.pad_to(align);  // the shift broke this member's alignment: pad afresh
        } else {
            ew.w.bytes(gap);
            if (m.data.size()) ew.w.pad_to(align);
        }
        uint64_t offset = ew.w.pos();
        if (!lay.long_offsets && offset > 0xFFFFFFFFu)
            return make_error(Error::kNoOffset, "member " + std::to_string(i) + " would start past 4 GiB");
        patch_entry(ew, b, lay, stride, i, offset);
        ew.w.bytes(m.data);
    }
    ew.w.bytes(p.tail);
    return ew.w.take();
}

}  // namespace

uint8_t reverse_bits(uint8_t b) {
    uint8_t r = 0;
    for (int i = 0; i < 8; ++i)
        if (b & (1 << i)) r |= uint8_t(0x80 >> i);
    return r;
}

uint8_t bnd_logical_format(uint8_t raw, bool bit_big_endian) {
    if (bit_big_endian || ((raw & 0x01) && !(raw & 0x80))) return raw;
    return reverse_bits(raw);
}

uint32_t bnd_path_hash(std::u16string_view name) {
    return path_hash(name.size(), [name](size_t i) { return uint16_t(name[i]); });
}

uint32_t bnd_hash_bucket_count(uint64_t file_count) {
    auto is_prime = [](uint64_t v) {
        if (v < 2) return false;
        for (uint64_t d = 2; d * d <= v; ++d)
            if (v % d == 0) return false;
        return true;
    };
    uint64_t v = file_count / 7;
    while (!is_prime(v)) ++v;
    return uint32_t(v);
}

uint64_t Bnd4::computed_entry_size() const { return entry_layout(format()).size; }

void bnd4_name_units_into(const Bnd4& b, const Bnd4Member& m, std::u16string& s) {
    visit_stored_name_units(b, m, [&s](size_t count, auto unit) {
        s.resize(count);
        for (size_t i = 0; i < count; ++i) s[i] = char16_t(unit(i));
    });
}

std::u16string bnd4_name_units(const Bnd4& b, const Bnd4Member& m) {
    std::u16string s;
    bnd4_name_units_into(b, m, s);
    return s;
}

bool is_bnd4(Bytes data) {
    return data.size() >= 4 && (std::memcmp(data.data(), "BND4", 4) == 0 || std::memcmp(data.data(), "BHF4", 4) == 0);
}

namespace {

Result<std::vector<uint8_t>> write_canonical(const Bnd4& b, bool with_data);  // below

// Where the canonical layout starts a member whose data would follow position `pos`: aligned
// to 16, except empty members (§2.4).
uint64_t canonical_member_start(uint64_t pos, const Bnd4Member& m) {
    return (!m.data.empty() && pos % 16) ? pos + (16 - pos % 16) : pos;
}

// Whether bnd4_write_canonical(b) == data and, if not, where they first differ, found without
// writing the members' bytes (140 MB for the largest binders): the header region is written
// (without member bytes) and compared, then each gap must be the writer's zero padding and each
// member's bytes must be where the canonical layout puts them.
struct CanonicalDifference {
    bool differs = false;
    uint64_t first_difference = 0;  // the first byte offset where the two differ (or the shorter size)
    uint64_t canonical_size = 0;
    size_t first_moved_member = SIZE_MAX;  // the first member the canonical layout places elsewhere
    uint64_t first_moved_member_canonical_offset = 0;
};

Result<CanonicalDifference> canonical_difference(const Bnd4& b, Bytes data) {
    auto headers = write_canonical(b, false);
    if (!headers.ok()) return std::move(headers).error();
    CanonicalDifference d;
    const uint64_t file_size = data.size();
    auto note = [&](uint64_t at) {
        if (!d.differs) d.differs = true, d.first_difference = at;
    };
    const std::vector<uint8_t>& h = headers.value();
    const size_t n = size_t(std::min<uint64_t>(h.size(), file_size));
    const size_t first = first_difference(h.data(), data.data(), n);
    if (first < n) note(first);
    uint64_t pos = h.size();
    for (size_t i = 0; i < b.members.size(); ++i) {
        const Bnd4Member& m = b.members[i];
        const uint64_t want = canonical_member_start(pos, m);
        if (m.data_offset != want && d.first_moved_member == SIZE_MAX) {
            d.first_moved_member = i;
            d.first_moved_member_canonical_offset = want;
        }
        if (!d.differs) {
            for (uint64_t p = pos; p < want && p < file_size; ++p)
                if (data[size_t(p)] != 0) {
                    note(p);
                    break;
                }
        }
        // A member read at its canonical place holds exactly the file's bytes there.
        if (!d.differs && m.data_offset != want && want < file_size) {
            const size_t len = size_t(std::min<uint64_t>(m.data.size(), file_size - want));
            const uint8_t* const at = data.data() + want;
            const size_t k = first_difference(m.data.data(), at, len);
            if (k < len) note(want + k);
        }
        pos = want + m.data.size();
    }
    d.canonical_size = pos;
    if (!d.differs && pos != file_size) note(std::min(pos, file_size));
    return d;
}

// A UTF-16 member name as UTF-8. Member paths are ASCII in every binder seen: those are copied
// from the stored bytes directly; any other name is decoded through `units` (reused storage).
std::string stored_name_to_utf8(const Bnd4& b, const Bnd4Member& m, std::u16string& units) {
    std::string out;
    const bool ascii = visit_stored_name_units(b, m, [&out](size_t count, auto unit) {
        for (size_t i = 0; i < count; ++i)
            if (unit(i) >= 0x80) return false;
        out.resize(count);
        for (size_t i = 0; i < count; ++i) out[i] = char(unit(i));
        return true;
    });
    if (ascii) return out;
    bnd4_name_units_into(b, m, units);
    return utf16_to_utf8(units);
}

// `whole`, when given, holds `data`: members are then windows into it instead of copies.
Result<Bnd4> read_bnd4(Bytes data, const SharedBytes* whole) {
    Bnd4 b;
    ByteReader r(data);
    TAESCOPE_TRY(r.require(0, kHeaderSize, "BND4 header"));
    if (!is_bnd4(data))
        return make_error(0, "BND4 header: expected magic 'BND4' or 'BHF4', found '" +
                                 std::string(reinterpret_cast<const char*>(data.data()), 4) + "'");
    std::memcpy(b.magic.data(), data.data(), 4);
    b.unk04 = data[4];
    b.unk05 = data[5];
    std::memcpy(b.header_06.data(), data.data() + 6, 3);
    b.big_endian = data[9];
    b.bit_little_endian = data[0xA];
    b.unk0b = data[0xB];
    EndianReader er{r, b.big_endian != 0};
    int32_t count = int32_t(er.u32(0x0C));
    b.header_size = er.u64(0x10);
    std::memcpy(b.version.data(), data.data() + 0x18, 8);
    b.entry_size = er.u64(0x20);
    b.headers_end = er.u64(0x28);
    b.unicode = data[0x30];
    b.raw_format = data[0x31];
    b.extended = data[0x32];
    b.unk33 = data[0x33];
    b.unk34 = int32_t(er.u32(0x34));
    uint64_t hash_offset = er.u64(0x38);

    if (count < 0) return make_error(0x0C, "BND4 header: file count " + std::to_string(count) + " is negative");
    if (b.header_size != kHeaderSize)
        b.deviations.push_back("header size field is " + hex(b.header_size) + ", expected 0x40");
    EntryLayout lay = entry_layout(b.format());
    if (b.entry_size != lay.size) {
        if (b.entry_size < lay.size || b.entry_size > 0x100)
            return make_error(0x20, "BND4 header: entry size " + hex(b.entry_size) + " but format " +
                                        hex(b.format()) + " needs " + hex(lay.size));
        b.deviations.push_back("entry size field " + hex(b.entry_size) + " is larger than format " +
                               hex(b.format()) + " needs (" + hex(lay.size) + ")");
    }
    uint64_t stride = b.entry_size;
    if (!r.has(kHeaderSize, uint64_t(count) * stride))
        return make_error(0x0C, "BND4 header: " + std::to_string(count) + " entries of " + hex(stride) +
                                    " bytes pass the end of the data (" + hex(data.size()) + ")");
    b.members.resize(size_t(count));
    std::u16string units;  // reused for every name
    for (int32_t i = 0; i < count; ++i) {
        uint64_t at = kHeaderSize + uint64_t(i) * stride;
        Bnd4Member& m = b.members[size_t(i)];
        auto where = [i] { return "BND4 entry " + std::to_string(i); };  // built only for an error
        m.raw_flags = data[at];
        std::memcpy(m.flag_padding.data(), data.data() + at + 1, 3);
        m.field_04 = int32_t(er.u32(at + 4));
        m.stored_size = er.u64(at + lay.size_field);
        m.uncompressed_size = lay.uncompressed_field ? er.u64(at + lay.uncompressed_field) : m.stored_size;
        m.data_offset = lay.long_offsets ? er.u64(at + lay.offset_field) : er.u32(at + lay.offset_field);
        if (lay.id_field) m.id = int32_t(er.u32(at + lay.id_field));
        if (lay.names1_field) std::memcpy(m.names1_extra.data(), data.data() + at + lay.names1_field, 8);
        if (lay.name_field) {
            m.name_offset = er.u32(at + lay.name_field);
            if (b.unicode) {
                uint64_t p = m.name_offset;
                while (true) {
                    if (!r.has(p, 2))
                        return make_error(at + lay.name_field, where() + ": name at " + hex(m.name_offset) +
                                                                   " has no UTF-16 NUL before the end of the data");
                    if (data[p] == 0 && data[p + 1] == 0) break;
                    p += 2;
                }
                m.raw_name.assign(data.begin() + m.name_offset, data.begin() + p);
                m.name = stored_name_to_utf8(b, m, units);
            } else {
                uint64_t p = m.name_offset;
                while (true) {
                    if (!r.has(p, 1))
                        return make_error(at + lay.name_field, where() + ": name at " + hex(m.name_offset) +
                                                                   " has no NUL before the end of the data");
                    if (data[p] == 0) break;
                    ++p;
                }
                m.raw_name.assign(data.begin() + m.name_offset, data.begin() + p);
                m.name = sjis_display(m.raw_name);
            }
        }
        if (!r.has(m.data_offset, m.stored_size))
            return make_error(at + lay.size_field, where() + " (" + m.name + "): " + std::to_string(m.stored_size) +
                                                       " bytes at " + hex(m.data_offset) +
                                                       " pass the end of the data (" + hex(data.size()) + ")");
        if (whole)
            m.data = SharedBytes::window(*whole, size_t(m.data_offset), size_t(m.stored_size));
        else
            m.data.assign(data.begin() + m.data_offset, data.begin() + m.data_offset + m.stored_size);
    }
    if (b.extended == 4) {
        if (!r.has(hash_offset, 16))
            return make_error(0x38, "BND4 header: hash table offset " + hex(hash_offset) +
                                        " passes the end of the data (" + hex(data.size()) + ")");
        Bnd4HashTableInfo h;
        h.offset = hash_offset;
        h.array_offset = er.u64(hash_offset);
        h.bucket_count = er.u32(hash_offset + 8);
        std::memcpy(h.tail.data(), data.data() + hash_offset + 12, 4);
        if (!r.has(hash_offset + 16, uint64_t(h.bucket_count) * 8) || !r.has(h.array_offset, uint64_t(count) * 8))
            return make_error(hash_offset, "BND4 hash table: " + std::to_string(h.bucket_count) + " buckets and " +
                                               std::to_string(count) + " hashes pass the end of the data (" +
                                               hex(data.size()) + ")");
        b.hash_table = h;
    } else if (hash_offset != 0) {
        b.deviations.push_back("hash table offset " + hex(hash_offset) + " set although Extended is " +
                               std::to_string(b.extended));
    }

    // Would the canonical layout reproduce this file? If not, keep what is needed to write it back.
    auto difference = canonical_difference(b, data);
    if (difference.ok()) {
        const CanonicalDifference& c = difference.value();
        if (!c.differs) return b;
        if (c.first_moved_member < b.members.size()) {
            const size_t i = c.first_moved_member;
            b.deviations.push_back("member data layout: member " + std::to_string(i) + " (" + b.members[i].name +
                                   ") is at " + hex(b.members[i].data_offset) +
                                   ", the canonical layout puts it at " + hex(c.first_moved_member_canonical_offset));
        }
        const uint64_t first = c.first_difference;
        const char* region = first < kHeaderSize                               ? "header"
                             : first < kHeaderSize + uint64_t(count) * stride ? "entries"
                             : first < b.headers_end                           ? "names or hash table"
                                                                                : "member data layout";
        b.deviations.push_back("the canonical layout differs from the file at " + hex(first) + " (" + region +
                               "; canonical size " + hex(c.canonical_size) + ", file " + hex(data.size()) + ")");
    } else {
        b.deviations.push_back("the canonical layout cannot be written: " + difference.error().to_string());
    }
    b.layout = Bnd4Layout::PreserveOriginal;

    // File order of member data, the header region before it, the gaps, and the tail.
    Bnd4::Preserved p;
    p.file_order.resize(b.members.size());
    std::iota(p.file_order.begin(), p.file_order.end(), size_t{0});
    std::stable_sort(p.file_order.begin(), p.file_order.end(),
                     [&](size_t a, size_t c) { return b.members[a].data_offset < b.members[c].data_offset; });
    // Everything the headers use (entries, names, hash table) must lie before the first member data.
    uint64_t entries_end = kHeaderSize + uint64_t(count) * stride;
    for (const auto& m : b.members)
        if (lay.name_field) entries_end = std::max<uint64_t>(entries_end, m.name_offset + m.raw_name.size() + (b.unicode ? 2 : 1));
    if (b.hash_table) {
        entries_end = std::max<uint64_t>(entries_end, b.hash_table->offset + 16 + uint64_t(b.hash_table->bucket_count) * 8);
        entries_end = std::max<uint64_t>(entries_end, b.hash_table->array_offset + uint64_t(count) * 8);
    }
    uint64_t region_end = b.members.empty() ? data.size() : b.members[p.file_order[0]].data_offset;
    bool possible = region_end >= entries_end;
    uint64_t cursor = region_end;
    for (size_t i : p.file_order) {
        const Bnd4Member& m = b.members[i];
        if (m.data_offset < cursor) {
            possible = false;
            break;
        }
        p.gap_before.emplace_back(data.begin() + cursor, data.begin() + m.data_offset);
        cursor = m.data_offset + m.stored_size;
    }
    if (!possible) {
        b.deviations.push_back("member data overlaps the headers or other members: written back in the "
                               "canonical layout");
        b.layout = Bnd4Layout::Canonical;
        return b;
    }
    p.header_region.assign(data.begin(), data.begin() + region_end);
    p.tail.assign(data.begin() + cursor, data.end());
    for (const auto& m : b.members) p.original_names.push_back(m.raw_name);
    b.preserved = std::move(p);
    return b;
}

}  // namespace

Result<Bnd4> bnd4_read(Bytes data) { return read_bnd4(data, nullptr); }
Result<Bnd4> bnd4_read_shared(const SharedBytes& data) { return read_bnd4(data, &data); }

namespace {

// The canonical layout (§2.4). With `with_data` false only the header region is written (up
// to headers_end), with the entries' data offsets patched as the full write would place them.
Result<std::vector<uint8_t>> write_canonical(const Bnd4& b, bool with_data) {
    using namespace bnd_format;
    uint8_t format = b.format();
    EntryLayout lay = entry_layout(format);
    EndianWriter ew;
    ew.big = b.is_big_endian();
    ByteWriter& w = ew.w;
    uint64_t estimate = kHeaderSize + b.members.size() * (lay.size + 16 + 8);
    // The header region alone reserves no room for the members' data (for a 140 MB binder that
    // reservation would be a transient second copy of its size).
    for (const auto& m : b.members) estimate += (with_data ? m.data.size() : 0) + m.raw_name.size() + 2;
    w.buffer().reserve(size_t(estimate));
    write_header(ew, b, lay.size);
    std::vector<uint64_t> name_field_at(b.members.size());
    for (size_t i = 0; i < b.members.size(); ++i) {
        const Bnd4Member& m = b.members[i];
        w.u8(m.raw_flags);
        w.bytes(m.flag_padding);
        ew.u32(uint32_t(m.field_04));
        ew.u64(m.data.size());
        if (lay.uncompressed_field) ew.u64(uncompressed_to_write(b, m));
        if (lay.long_offsets) ew.u64(0);
        else ew.u32(0);
        if (lay.id_field) ew.u32(uint32_t(m.id));
        if (lay.name_field) {
            name_field_at[i] = w.pos();
            ew.u32(0);
        }
        if (lay.names1_field) w.bytes(m.names1_extra);
    }
    if (lay.name_field) {
        for (size_t i = 0; i < b.members.size(); ++i) {
            ew.patch32(name_field_at[i], uint32_t(w.pos()));
            w.bytes(b.members[i].raw_name);
            w.zeros(b.unicode ? 2 : 1);
        }
    }
    if (b.extended == 4) {
        w.pad_to(8);
        write_hash_table(ew, b);
    }
    ew.patch64(0x28, w.pos());
    uint64_t pos = w.pos();
    for (size_t i = 0; i < b.members.size(); ++i) {
        const Bnd4Member& m = b.members[i];
        const uint64_t offset = canonical_member_start(pos, m);
        if (!lay.long_offsets && offset > 0xFFFFFFFFu)
            return make_error(Error::kNoOffset, "member " + std::to_string(i) + " would start past 4 GiB "
                                                "and the format has no long offsets");
        patch_entry(ew, b, lay, lay.size, i, offset);
        if (with_data) {
            w.zeros(size_t(offset - w.pos()));
            w.bytes(m.data);
        }
        pos = offset + m.data.size();
    }
    return w.take();
}

}  // namespace

Result<std::vector<uint8_t>> bnd4_write_canonical(const Bnd4& b) { return write_canonical(b, true); }

Result<std::vector<uint8_t>> bnd4_write(const Bnd4& b) {
    if (b.layout == Bnd4Layout::PreserveOriginal && b.preserved &&
        b.preserved->original_names.size() == b.members.size()) {
        bool renamed = false;
        for (size_t i = 0; i < b.members.size(); ++i) renamed |= b.preserved->original_names[i] != b.members[i].raw_name;
        if (!renamed) return write_preserving(b);
    }
    return bnd4_write_canonical(b);
}

}  // namespace taescope
