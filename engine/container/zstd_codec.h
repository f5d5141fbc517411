// Zstandard frames as DCX "ZSTD" payloads hold them (../shared/spec/params-hitboxes.md §2): one
// frame, no dictionary, no checksum, no content size in the frame header, a window of up to
// 64 MiB; the uncompressed size is the DCX header's. Decoded by libzstd (Debian's libzstd-dev
// natively; its decompression sources built for wasm by tools/setup.sh); decompression only.
#pragma once

#include <cstdint>
#include <span>

#include "io/byte_reader.h"
#include "io/result.h"

namespace taescope {

// zstd's best case: a 4-byte RLE block (3-byte header, 1 byte) stands for a 128 KiB block. A
// declared size above this multiple of the compressed size (plus one block) cannot be honest.
constexpr uint64_t kZstdMaxRatio = 32768;
constexpr uint64_t kZstdMaxBlock = 128 * 1024;

// Decodes the one zstd frame at the start of `src` into `out`, which it must fill exactly.
// `frame_size` receives the frame's compressed length (what follows it in `src` is the caller's:
// the DCX reader allows only zero padding). Errors: not a zstd frame, a damaged frame (libzstd's
// message, at the offset of the frame), a frame that decodes to more or fewer bytes than `out`.
Status zstd_decompress_frame(Bytes src, std::span<uint8_t> out, uint64_t* frame_size = nullptr);

}  // namespace taescope
