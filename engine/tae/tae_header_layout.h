// Byte offsets of the 208-byte 64-bit TAE header (containers-kraken-tae.md §5.2 and the
// "File layout" table of tae-format-notes.txt), shared by the reader, writer and validator.
#pragma once

#include <array>
#include <cstdint>

namespace taescope::tae_header {

inline constexpr uint64_t kMagic = 0x00;           // "TAE "
inline constexpr uint64_t kBigEndian = 0x04;       // 0: little-endian
inline constexpr uint64_t kPointerWidth = 0x07;    // 0xFF: 64-bit offsets
inline constexpr uint64_t kVersion = 0x08;
inline constexpr uint64_t kFileSize = 0x0C;
inline constexpr uint64_t kEventBank = 0x30;
inline constexpr uint64_t kReserved38 = 0x38;
inline constexpr uint64_t kFlagBytes = 0x40;
inline constexpr uint64_t kFileId = 0x50;
inline constexpr uint64_t kAnimationCount = 0x54;
inline constexpr uint64_t kAnimationTableOffset = 0x58;
inline constexpr uint64_t kGroupHeaderOffset = 0x60;
inline constexpr uint64_t kAnimationCountRepeat = 0x70;
inline constexpr uint64_t kFirstBodyOffset = 0x78;
inline constexpr uint64_t kFileIdRepeats = 0x90;
inline constexpr uint64_t kReservedA0 = 0xA0;
inline constexpr uint64_t kSkeletonNameOffset = 0xB0;
inline constexpr uint64_t kSibNameOffset = 0xB8;
inline constexpr uint64_t kReservedC0 = 0xC0;

struct Constant {
    uint64_t offset;
    uint64_t value;
};
// u64 constants (self-pointers to the header's sub-records); Proven in every file read.
inline constexpr std::array<Constant, 10> kConstants = {{{0x10, 0x40},
                                                         {0x18, 1},
                                                         {0x20, 0x50},
                                                         {0x28, 0x80},
                                                         {0x48, 1},
                                                         {0x68, 0xA0},
                                                         {0x80, 1},
                                                         {0x88, 0x90},
                                                         {0x98, 0x50},
                                                         {0xA8, 0xB0}}};
// u64 words that are zero in every file.
inline constexpr std::array<uint64_t, 4> kZeroWords = {kReserved38, kReservedA0, kReservedC0, kReservedC0 + 8};
inline constexpr std::array<uint8_t, 8> kUsualFlagBytes = {1, 0, 1, 2, 2, 1, 1, 1};

struct Field {
    uint64_t offset;
    uint64_t size;
};
// The fields the model names (stored or derived): everything else in the header is kept raw.
inline constexpr std::array<Field, 13> kNamedFields = {{{kVersion, 4},
                                                        {kFileSize, 4},
                                                        {kEventBank, 8},
                                                        {kFlagBytes, 8},
                                                        {kFileId, 4},
                                                        {kAnimationCount, 4},
                                                        {kAnimationTableOffset, 8},
                                                        {kGroupHeaderOffset, 8},
                                                        {kAnimationCountRepeat, 8},
                                                        {kFirstBodyOffset, 8},
                                                        {kFileIdRepeats, 8},
                                                        {kSkeletonNameOffset, 8},
                                                        {kSibNameOffset, 8}}};

}  // namespace taescope::tae_header
