// BND4: the binder (archive) format of DS3, Sekiro, Elden Ring, AC6 (containers-kraken-tae.md §2).
//
// Reading keeps every header byte and each member's raw name, so that an unmodified binder
// writes back byte-identical. Two ways to write:
//  - Canonical: the layout rules of §2.4 (entries, contiguous names, hash table aligned to 8,
//    member data aligned to 16 except empty members, no trailing padding);
//  - PreserveOriginal: the original header region and the bytes between members are kept,
//    only offsets and sizes are patched. Chosen on read when the file deviates from the
//    canonical layout (a modding tool wrote it); the deviations are listed, not refused.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"
#include "io/shared_bytes.h"

namespace taescope {

// Logical format bits (SoulsFormats' Binder.Format), after undoing the on-disk bit reversal.
namespace bnd_format {
constexpr uint8_t kBigEndian = 0x01;
constexpr uint8_t kIds = 0x02;
constexpr uint8_t kNames1 = 0x04;
constexpr uint8_t kNames2 = 0x08;
constexpr uint8_t kLongOffsets = 0x10;
constexpr uint8_t kCompression = 0x20;
}  // namespace bnd_format

uint8_t reverse_bits(uint8_t b);
// The logical format from the raw byte (§2.2): raw as-is when bit-big-endian, or when raw
// bit 0 is set and bit 7 clear; otherwise bit-reversed.
uint8_t bnd_logical_format(uint8_t raw, bool bit_big_endian);

// The path hash of §2.5: lower-case, '\' -> '/', leading '/', h = h*37 + unit (mod 2^32).
uint32_t bnd_path_hash(std::u16string_view name);
// The smallest prime >= floor(file_count / 7), at least... as the games compute it (§2.5).
uint32_t bnd_hash_bucket_count(uint64_t file_count);

struct Bnd4Member {
    uint8_t raw_flags = 0x40;        // on disk (0x40 = logical 0x02 in anibnds)
    std::array<uint8_t, 3> flag_padding{};
    int32_t field_04 = -1;           // always -1 in files seen
    uint64_t stored_size = 0;        // as declared; data.size() when written
    uint64_t uncompressed_size = 0;  // [Compression] as declared; kept unless the data changes
    uint64_t data_offset = 0;        // as read
    int32_t id = -1;                 // [IDs]
    uint32_t name_offset = 0;        // as read
    std::array<uint8_t, 8> names1_extra{};  // [format == Names1 exactly] two i32
    std::vector<uint8_t> raw_name;   // name bytes as stored (UTF-16LE or Shift-JIS), no terminator
    std::string name;                // UTF-8 for display (Shift-JIS: ASCII part, others as U+FFFD)
    SharedBytes data;                // the member's stored bytes (a window into the payload when read)
};

struct Bnd4HashTableInfo {
    uint64_t offset = 0;         // header field 0x38
    uint64_t array_offset = 0;   // first i64 of the table header
    uint32_t bucket_count = 0;
    std::array<uint8_t, 4> tail{0x10, 0x08, 0x08, 0x00};
};

enum class Bnd4Layout { Canonical, PreserveOriginal };

struct Bnd4 {
    std::array<uint8_t, 4> magic{'B', 'N', 'D', '4'};  // or BHF4
    uint8_t unk04 = 0, unk05 = 0;
    std::array<uint8_t, 3> header_06{};  // bytes 0x06..0x08
    uint8_t big_endian = 0;              // 0x09
    uint8_t bit_little_endian = 1;       // 0x0A: inverse of BitBigEndian
    uint8_t unk0b = 0;
    uint64_t header_size = 0x40;         // 0x10
    std::array<uint8_t, 8> version{};    // 0x18, e.g. "07D7R6\0\0"
    uint64_t entry_size = 0;             // 0x20 as declared
    uint64_t headers_end = 0;            // 0x28 as read
    uint8_t unicode = 1;                 // 0x30
    uint8_t raw_format = 0x74;           // 0x31
    uint8_t extended = 4;                // 0x32 (4 = hash table present)
    uint8_t unk33 = 0;
    int32_t unk34 = 0;
    std::optional<Bnd4HashTableInfo> hash_table;
    std::vector<Bnd4Member> members;

    Bnd4Layout layout = Bnd4Layout::Canonical;
    std::vector<std::string> deviations;  // how the file departs from the canonical layout

    uint8_t format() const { return bnd_logical_format(raw_format, bit_little_endian == 0); }
    bool is_big_endian() const { return big_endian != 0; }
    uint64_t computed_entry_size() const;

    // What PreserveOriginal needs: the bytes of the header region (up to the first member's
    // data), the bytes between members in file order, and the bytes after the last one.
    struct Preserved {
        std::vector<uint8_t> header_region;
        std::vector<size_t> file_order;                 // member indices by original offset
        std::vector<std::vector<uint8_t>> gap_before;   // per position in file_order
        std::vector<uint8_t> tail;
        std::vector<std::vector<uint8_t>> original_names;  // to notice a renamed member
    };
    std::optional<Preserved> preserved;
};

bool is_bnd4(Bytes data);
Result<Bnd4> bnd4_read(Bytes data);  // members copy their bytes
// The same, with members as windows into `data` (no copy; they keep its buffer alive).
Result<Bnd4> bnd4_read_shared(const SharedBytes& data);

// Writes with b.layout. PreserveOriginal falls back to Canonical (with no error) when members
// were added, removed or renamed since reading.
Result<std::vector<uint8_t>> bnd4_write(const Bnd4& b);
// Always the canonical layout of §2.4.
Result<std::vector<uint8_t>> bnd4_write_canonical(const Bnd4& b);

// UTF-16LE name units from raw name bytes (for hashing and display).
std::u16string bnd4_name_units(const Bnd4& b, const Bnd4Member& m);
// The same into `units`, reusing its storage (for passes over every member).
void bnd4_name_units_into(const Bnd4& b, const Bnd4Member& m, std::u16string& units);

}  // namespace taescope
