// DCX: the compression wrapper around FromSoftware files (containers-kraken-tae.md §1, §4).
//
// Reading keeps everything needed to write the file back byte-identical: the raw header bytes,
// the original compressed bytes and whatever follows them (padding). Writing an unchanged
// payload reuses those bytes; a changed payload is re-compressed with the original method
// and header variant (only the two size fields of the header change).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"
#include "io/shared_bytes.h"

namespace taescope {

enum class ContainerKind {
    Dcx,       // "DCX\0" header, method fourcc at 0x28
    DcpDflt,   // "DCP\0" "DFLT": older wrapper, zlib payload, "DCA\0" trailer
    DcpEdge,   // "DCP\0" "EDGE": recognised only
    BareZlib,  // a zlib stream with no wrapper (78 01/5E/9C/DA)
    None,      // not compressed: a bare BND4, BND3, TAE...
};

enum class CompressionMethod { None, Deflate, Kraken, Zstd, Edge };

const char* container_kind_name(ContainerKind kind);
const char* compression_method_name(CompressionMethod method);  // "DFLT", "KRAK", ...

// Limits applied to declared sizes before anything is allocated.
struct DcxLimits {
    uint64_t max_uncompressed = uint64_t{1} << 30;  // 1 GiB
};

// What the wrapper said, plus the bytes needed to reproduce it.
struct DcxInfo {
    ContainerKind kind = ContainerKind::None;
    CompressionMethod method = CompressionMethod::None;
    std::string fourcc;     // as stored: "DFLT", "KRAK", "ZSTD", "EDGE" ("" when not DCX/DCP)
    uint32_t version = 0;   // @0x04: 0x10000 or 0x11000
    uint32_t field_10 = 0;  // @0x10: 0x24 or 0x44
    uint32_t field_14 = 0;  // @0x14: 0x2C or 0x4C (EDGE: 0x50 + 16 n)
    uint8_t level = 0;      // @0x30
    uint8_t flag_38 = 0;    // @0x38: 15 in the "_15" variant
    uint64_t uncompressed_size = 0;
    uint64_t compressed_size = 0;
    std::vector<uint8_t> header;      // raw bytes before the payload (0x4C for DCX)
    std::vector<uint8_t> compressed;  // the payload bytes exactly as stored
    std::vector<uint8_t> trailer;     // bytes after the payload: padding, DCP's "DCA\0" block

    // "DCX_DFLT_11000_44_9", "DCX_DFLT_11000_44_9_15", "DCX_KRAK_6", "DCP_DFLT", "zlib", "none".
    std::string variant_name() const;
};

struct DcxFile {
    DcxInfo info;
    SharedBytes payload;  // the decompressed bytes (binder members are windows into them)
};

// Which wrapper the first bytes announce (no validation beyond the magic).
ContainerKind detect_container(Bytes file);

// Opens any of the wrappers above, or no wrapper at all (then the payload is the file).
// A method we recognise but cannot decode (EDGE) is an error that names it. ZSTD (Elden Ring
// 1.12+ regulations) is decoded by libzstd; it is never re-encoded: dcx_write gives an unchanged
// ZSTD payload back as its stored bytes and refuses a changed one.
Result<DcxFile> dcx_read(Bytes file, const DcxLimits& limits = {});

// A DFLT payload left for the caller to inflate in slices (ZlibExactInflater), for a UI that
// draws progress while a large file opens. Its errors are reported through locate(), exactly
// as dcx_read reports them.
struct DcxDeferredInflate {
    Bytes compressed;         // a view into the file
    uint64_t declared = 0;    // the uncompressed size the header declares (checked against the limits)
    uint64_t data_start = 0;  // where `compressed` starts in the file: offsets in `compressed` shift by it
    uint64_t size_field = 0;  // the header offset of the declared size (errors there stay as they are)
    std::string context;      // "DCX DFLT payload"
    Error locate(Error e) const;
};

// dcx_read, except that a DCX or DCP DFLT payload is checked but not inflated: then `deferred`
// is set and the returned file's payload is empty, for the caller to fill. Other kinds are read
// whole (`deferred` stays empty).
Result<DcxFile> dcx_read_deferred(Bytes file, const DcxLimits& limits, std::optional<DcxDeferredInflate>& deferred);

// dcx_read of a file whose payload was decoded elsewhere (the page's decode worker runs dcx_read
// on the same bytes in a Web Worker): the wrapper is read and checked as dcx_read does, but the
// payload is not decoded again: `decoded` becomes it, and must have the size the header
// declares. The file's buffer becomes info.compressed (no copy). DCX and DCP only (a bare zlib
// stream's length is known only by inflating it).
Result<DcxFile> dcx_read_decoded(std::vector<uint8_t> file, std::vector<uint8_t> decoded, const DcxLimits& limits = {});

struct DcxWriteOptions {
    // Re-compress a KRAK original as DFLT (DCX_DFLT_11000_44_9) instead of stored Kraken blocks.
    bool deflate_instead_of_kraken = false;
};

// An empty DCX of the kind the games ship, to wrap new bytes with dcx_write: DCX_KRAK_6
// (Sekiro / Elden Ring originals; written as stored Kraken blocks) or DCX_DFLT_11000_44_9.
DcxFile make_dcx(CompressionMethod method);

// Writes `payload` in the wrapper of `original`. When the payload equals the original payload
// (and no method change is asked for) the original bytes come back unchanged.
Result<std::vector<uint8_t>> dcx_write(const DcxFile& original, Bytes payload, const DcxWriteOptions& options = {});

}  // namespace taescope
