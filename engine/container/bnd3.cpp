#include "container/bnd3.h"

#include <cstring>

#include "container/bnd4.h"
#include "io/byte_writer.h"

namespace taescope {

namespace {

constexpr uint64_t kHeaderSize = 0x20;

struct Bnd3Entry {
    uint64_t offset_field = 8, id_field = 0, name_field = 0, uncompressed_field = 0, size = 0;
    bool long_offsets = false;
};

Bnd3Entry entry_layout(uint8_t format) {
    using namespace bnd_format;
    Bnd3Entry e;
    uint64_t p = 8;  // flags, 3 bytes, i32 stored size
    e.long_offsets = (format & kLongOffsets) != 0;
    p += e.long_offsets ? 8 : 4;
    if (format & kIds) e.id_field = p, p += 4;
    if (format & (kNames1 | kNames2)) e.name_field = p, p += 4;
    if (format & kCompression) e.uncompressed_field = p, p += 4;
    e.size = p;
    return e;
}

uint32_t rd32(Bytes d, uint64_t off, bool big) { return big ? load_u32be(d.data() + off) : load_u32le(d.data() + off); }

}  // namespace

uint8_t Bnd3::format() const { return bnd_logical_format(raw_format, bit_big_endian != 0); }
bool Bnd3::is_big_endian() const { return big_endian != 0 || (format() & bnd_format::kBigEndian); }

bool is_bnd3(Bytes data) { return data.size() >= 4 && std::memcmp(data.data(), "BND3", 4) == 0; }

Result<Bnd3> bnd3_read(Bytes data) {
    Bnd3 b;
    ByteReader r(data);
    TAESCOPE_TRY(r.require(0, kHeaderSize, "BND3 header"));
    if (!is_bnd3(data))
        return make_error(0, "BND3 header: expected magic 'BND3', found '" +
                                 std::string(reinterpret_cast<const char*>(data.data()), 4) + "'");
    std::memcpy(b.version.data(), data.data() + 4, 8);
    b.raw_format = data[0x0C];
    b.big_endian = data[0x0D];
    b.bit_big_endian = data[0x0E];
    b.unk0f = data[0x0F];
    bool big = b.is_big_endian();
    int32_t count = int32_t(rd32(data, 0x10, big));
    b.unk18 = int32_t(rd32(data, 0x18, big));
    if (count < 0) return make_error(0x10, "BND3 header: file count " + std::to_string(count) + " is negative");
    Bnd3Entry lay = entry_layout(b.format());
    if (!r.has(kHeaderSize, uint64_t(count) * lay.size))
        return make_error(0x10, "BND3 header: " + std::to_string(count) + " entries of " + hex(lay.size) +
                                    " bytes pass the end of the data (" + hex(data.size()) + ")");
    b.members.resize(size_t(count));
    for (int32_t i = 0; i < count; ++i) {
        uint64_t at = kHeaderSize + uint64_t(i) * lay.size;
        Bnd3Member& m = b.members[size_t(i)];
        std::string where = "BND3 entry " + std::to_string(i);
        m.raw_flags = data[at];
        m.stored_size = rd32(data, at + 4, big);
        m.data_offset = lay.long_offsets ? (big ? (uint64_t(rd32(data, at + 8, true)) << 32) | rd32(data, at + 12, true)
                                                : load_u64le(data.data() + at + 8))
                                         : rd32(data, at + 8, big);
        if (lay.id_field) m.id = int32_t(rd32(data, at + lay.id_field, big));
        if (lay.uncompressed_field) m.uncompressed_size = int32_t(rd32(data, at + lay.uncompressed_field, big));
        if (lay.name_field) {
            uint64_t start = rd32(data, at + lay.name_field, big), p = start;
            while (true) {
                if (!r.has(p, 1))
                    return make_error(at + lay.name_field,
                                      where + ": name at " + hex(start) + " has no NUL before the end of the data");
                if (data[p] == 0) break;
                ++p;
            }
            m.raw_name.assign(data.begin() + start, data.begin() + p);
            for (size_t k = 0; k < m.raw_name.size(); ++k) {
                uint8_t c = m.raw_name[k];
                if (c < 0x80) {
                    m.name.push_back(char(c));
                } else {
                    m.name += "\xEF\xBF\xBD";
                    if (((c >= 0x81 && c <= 0x9F) || (c >= 0xE0 && c <= 0xFC)) && k + 1 < m.raw_name.size()) ++k;
                }
            }
        }
        if (!r.has(m.data_offset, m.stored_size))
            return make_error(at + 4, where + " (" + m.name + "): " + std::to_string(m.stored_size) + " bytes at " +
                                          hex(m.data_offset) + " pass the end of the data (" + hex(data.size()) + ")");
        m.data.assign(data.begin() + m.data_offset, data.begin() + m.data_offset + m.stored_size);
    }
    return b;
}

std::vector<uint8_t> bnd3_write(const Bnd3& b) {
    bool big = b.is_big_endian();
    Bnd3Entry lay = entry_layout(b.format());
    ByteWriter w;
    auto u32 = [&](uint32_t v) { big ? w.u32be(v) : w.u32le(v); };
    auto patch = [&](uint64_t at, uint32_t v) { big ? w.patch_u32be(at, v) : w.patch_u32le(at, v); };
    w.ascii("BND3");
    w.bytes(b.version);
    w.u8(b.raw_format);
    w.u8(b.big_endian);
    w.u8(b.bit_big_endian);
    w.u8(b.unk0f);
    u32(uint32_t(b.members.size()));
    u32(0);  // headers end, patched
    u32(uint32_t(b.unk18));
    u32(0);
    for (const auto& m : b.members) {
        w.u8(m.raw_flags);
        w.zeros(3);
        u32(uint32_t(m.data.size()));
        u32(0);
        if (lay.long_offsets) u32(0);
        if (lay.id_field) u32(uint32_t(m.id));
        if (lay.name_field) u32(0);
        if (lay.uncompressed_field) u32(uint32_t(m.data.size()));
    }
    for (size_t i = 0; lay.name_field && i < b.members.size(); ++i) {
        patch(kHeaderSize + i * lay.size + lay.name_field, uint32_t(w.pos()));
        w.bytes(b.members[i].raw_name);
        w.u8(0);
    }
    patch(0x14, uint32_t(w.pos()));
    for (size_t i = 0; i < b.members.size(); ++i) {
        w.pad_to(16);
        uint64_t at = kHeaderSize + i * lay.size + lay.offset_field;
        if (lay.long_offsets && !big) w.patch_u64le(at, w.pos());
        else patch(at + (lay.long_offsets ? 4 : 0), uint32_t(w.pos()));
        w.bytes(b.members[i].data);
    }
    return w.take();
}

}  // namespace taescope
