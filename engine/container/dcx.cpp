#include "container/dcx.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "container/kraken.h"
#include "container/zlib_codec.h"
#include "container/zstd_codec.h"
#include "io/byte_writer.h"

namespace taescope {

namespace {

constexpr uint64_t kDcxFixedHeader = 0x44;  // up to "DCA\0"; the DCA size at 0x48 says where data starts
constexpr uint64_t kKrakenBlock = 0x40000;

bool magic_at(Bytes b, uint64_t off, const char* m) {
    return off <= b.size() && b.size() - off >= 4 && std::memcmp(b.data() + off, m, 4) == 0;
}

std::string printable4(Bytes b, uint64_t off) {
    std::string s;
    for (uint64_t i = off; i < off + 4 && i < b.size(); ++i) {
        uint8_t c = b[i];
        if (c >= 0x20 && c < 0x7F)
            s.push_back(char(c));
        else
            s += "\\x" + hex(c).substr(2);
    }
    return "'" + s + "'";
}

Error expected_magic(Bytes b, uint64_t off, const char* what, const char* m) {
    return make_error(off, std::string(what) + ": expected '" + std::string(m, strnlen(m, 4)) + "' at " + hex(off) +
                               ", found " + printable4(b, off));
}

bool is_zlib_header(Bytes b) {
    return b.size() >= 2 && b[0] == 0x78 && (b[1] == 0x01 || b[1] == 0x5E || b[1] == 0x9C || b[1] == 0xDA);
}

// A declared size no honest deflate stream of this length can have, or one over the limit.
Status check_declared(Bytes compressed, uint64_t declared, uint64_t size_field_offset, const DcxLimits& limits) {
    if (declared > limits.max_uncompressed)
        return make_error(size_field_offset, "declared uncompressed size " + std::to_string(declared) +
                                                 " exceeds the limit of " + std::to_string(limits.max_uncompressed));
    if (declared > compressed.size() * kDeflateMaxRatio + 64)
        return make_error(size_field_offset,
                          "declared uncompressed size " + std::to_string(declared) + " is impossible for " +
                              std::to_string(compressed.size()) +
                              " bytes of deflate (at most ~1032:1): refused as a decompression bomb");
    return ok_status();
}

// Checks a DFLT payload's declared size, then inflates it, or leaves it to the caller (`defer`).
Status read_deflate_payload(const DcxDeferredInflate& payload, const DcxLimits& limits, DcxFile& out,
                            std::optional<DcxDeferredInflate>* defer) {
    Status checked = check_declared(payload.compressed, payload.declared, payload.size_field, limits);
    if (!checked.ok()) return payload.locate(std::move(checked).error());
    if (defer) {
        *defer = payload;
        return ok_status();
    }
    auto inflated = zlib_inflate_exact(payload.compressed, payload.declared);
    if (!inflated.ok()) return payload.locate(std::move(inflated).error());
    out.payload = std::move(inflated).value();
    return ok_status();
}

// ZSTD (params-hitboxes.md §2): one frame in the compressed bytes, then at most zero padding
// (the frame's own length is found first). Not zero-filled: a decode that succeeds wrote every
// byte of the declared size (zstd_decompress_frame checks it), a failed one is dropped.
Status read_zstd_payload(Bytes compressed, uint64_t data_start, const DcxInfo& info, DcxFile& out, bool decoded_apart) {
    if (info.uncompressed_size > compressed.size() * kZstdMaxRatio + kZstdMaxBlock)
        return make_error(0x1C, "DCX header: declared uncompressed size " + std::to_string(info.uncompressed_size) +
                                    " is impossible for " + std::to_string(info.compressed_size) +
                                    " bytes of zstd: refused as a decompression bomb");
    if (decoded_apart) return ok_status();
    uint8_t* writable = nullptr;
    SharedBytes payload = SharedBytes::uninitialized(info.uncompressed_size, &writable);
    uint64_t frame = 0;
    Status s = zstd_decompress_frame(compressed, std::span<uint8_t>(writable, info.uncompressed_size), &frame);
    if (!s.ok()) {
        Error e = std::move(s).error();
        if (e.offset != Error::kNoOffset) e.offset += data_start;
        return e.within("DCX ZSTD payload");
    }
    for (uint64_t i = frame; i < compressed.size(); ++i)
        if (compressed[i] != 0)
            return make_error(data_start + i, "DCX ZSTD payload: byte " + hex(compressed[i]) +
                                                  " after the zstd frame (" + std::to_string(frame) + " of " +
                                                  std::to_string(compressed.size()) +
                                                  " compressed bytes): only zero padding may follow it");
    out.payload = std::move(payload);
    return ok_status();
}

}  // namespace

Error DcxDeferredInflate::locate(Error e) const {
    if (e.offset != Error::kNoOffset && e.offset != size_field) e.offset += data_start;
    e.within(context);
    return e;
}

namespace {

// `decoded_apart` (dcx_read_decoded): a KRAK payload is checked but left undecoded, and the
// compressed bytes are left for the caller to fill (it owns the file).
Status read_dcx(Bytes file, const DcxLimits& limits, DcxFile& out, std::optional<DcxDeferredInflate>* defer,
                bool decoded_apart) {
    ByteReader r(file);
    DcxInfo& info = out.info;
    TAESCOPE_TRY(r.require(0, 0x4C, "DCX header"));
    if (!magic_at(file, 0x18, "DCS\0")) return expected_magic(file, 0x18, "DCX header", "DCS\0");
    if (!magic_at(file, 0x24, "DCP\0")) return expected_magic(file, 0x24, "DCX header", "DCP\0");
    if (!magic_at(file, 0x44, "DCA\0")) return expected_magic(file, 0x44, "DCX header", "DCA\0");
    info.version = load_u32be(file.data() + 0x04);
    info.field_10 = load_u32be(file.data() + 0x10);
    info.field_14 = load_u32be(file.data() + 0x14);
    info.uncompressed_size = load_u32be(file.data() + 0x1C);
    info.compressed_size = load_u32be(file.data() + 0x20);
    info.fourcc.assign(reinterpret_cast<const char*>(file.data() + 0x28), 4);
    info.level = file[0x30];
    info.flag_38 = file[0x38];
    uint32_t dca_size = load_u32be(file.data() + 0x48);

    if (info.fourcc == "DFLT")
        info.method = CompressionMethod::Deflate;
    else if (info.fourcc == "KRAK")
        info.method = CompressionMethod::Kraken;
    else if (info.fourcc == "ZSTD")
        info.method = CompressionMethod::Zstd;
    else if (info.fourcc == "EDGE")
        info.method = CompressionMethod::Edge;
    else
        return make_error(0x28, "DCX header: unknown compression method " + printable4(file, 0x28) +
                                    " (expected DFLT, KRAK, ZSTD or EDGE)");
    if (info.method == CompressionMethod::Edge)
        return make_error(0x28, "DCX_EDGE (chunked deflate of PS3-era files) is recognised but not supported");
    if (dca_size < 8)
        return make_error(0x48, "DCX header: DCA block size " + std::to_string(dca_size) + ", expected 8");
    uint64_t data_start = kDcxFixedHeader + dca_size;
    if (!r.has(data_start, info.compressed_size))
        return make_error(0x20, "DCX header: compressed size " + std::to_string(info.compressed_size) + " from " +
                                    hex(data_start) + " passes the end of the file (" + hex(file.size()) + ")");
    if (info.uncompressed_size > limits.max_uncompressed)
        return make_error(0x1C, "DCX header: declared uncompressed size " + std::to_string(info.uncompressed_size) +
                                    " exceeds the limit of " + std::to_string(limits.max_uncompressed));
    info.header.assign(file.begin(), file.begin() + data_start);
    Bytes compressed = file.subspan(data_start, info.compressed_size);
    if (!decoded_apart) info.compressed.assign(compressed.begin(), compressed.end());
    info.trailer.assign(file.begin() + data_start + info.compressed_size, file.end());

    if (info.method == CompressionMethod::Deflate)
        return read_deflate_payload({compressed, info.uncompressed_size, data_start, 0x1C, "DCX DFLT payload"}, limits,
                                    out, defer);
    if (info.method == CompressionMethod::Zstd)
        return read_zstd_payload(compressed, data_start, info, out, decoded_apart);
    // Kraken: at best a 2-byte block header and a 4-byte memset quantum per 256 KiB block.
    uint64_t max_blocks = info.compressed_size / 2 + 1;
    if (info.uncompressed_size > max_blocks * kKrakenBlock)
        return make_error(0x1C, "DCX header: declared uncompressed size " + std::to_string(info.uncompressed_size) +
                                    " is impossible for " + std::to_string(info.compressed_size) +
                                    " bytes of Kraken: refused as a decompression bomb");
    if (decoded_apart) return ok_status();
    // Not zero-filled: a Kraken decode that succeeds writes every output byte (each block is
    // stored, memset or its chunks' exact output; test_kraken.cpp checks it on patterned buffers),
    // and a failed one is dropped here, so no stale byte is ever seen.
    uint8_t* writable = nullptr;
    SharedBytes payload = SharedBytes::uninitialized(info.uncompressed_size, &writable);
    Status s = kraken_decompress(compressed, std::span<uint8_t>(writable, info.uncompressed_size));
    if (!s.ok()) {
        Error e = std::move(s).error();
        if (e.offset != Error::kNoOffset) e.offset += data_start;
        return e.within("DCX KRAK payload");
    }
    out.payload = std::move(payload);
    return ok_status();
}

// DCP_DFLT: "DCP\0" "DFLT" 0x20 0x09000000 0 0 0 0x00010100 "DCS\0" usize csize, zlib, "DCA\0" 8.
Status read_dcp(Bytes file, const DcxLimits& limits, DcxFile& out, std::optional<DcxDeferredInflate>* defer,
                bool decoded_apart) {
    ByteReader r(file);
    DcxInfo& info = out.info;
    TAESCOPE_TRY(r.require(0, 0x2C, "DCP header"));
    info.fourcc.assign(reinterpret_cast<const char*>(file.data() + 4), 4);
    if (info.fourcc == "EDGE") {
        info.kind = ContainerKind::DcpEdge;
        info.method = CompressionMethod::Edge;
        return make_error(4, "DCP_EDGE (chunked deflate of PS3-era files) is recognised but not supported");
    }
    if (info.fourcc != "DFLT") return expected_magic(file, 4, "DCP header", "DFLT");
    info.method = CompressionMethod::Deflate;
    if (!magic_at(file, 0x20, "DCS\0")) return expected_magic(file, 0x20, "DCP header", "DCS\0");
    info.level = file[0x0C];
    info.uncompressed_size = load_u32be(file.data() + 0x24);
    info.compressed_size = load_u32be(file.data() + 0x28);
    if (!r.has(0x2C, info.compressed_size))
        return make_error(0x28, "DCP header: compressed size " + std::to_string(info.compressed_size) +
                                    " passes the end of the file (" + hex(file.size()) + ")");
    info.header.assign(file.begin(), file.begin() + 0x2C);
    Bytes compressed = file.subspan(0x2C, info.compressed_size);
    if (!decoded_apart) info.compressed.assign(compressed.begin(), compressed.end());
    info.trailer.assign(file.begin() + 0x2C + info.compressed_size, file.end());
    return read_deflate_payload({compressed, info.uncompressed_size, 0x2C, 0x24, "DCP DFLT payload"}, limits, out,
                                defer);
}

Status read_bare_zlib(Bytes file, const DcxLimits& limits, DcxFile& out) {
    DcxInfo& info = out.info;
    info.method = CompressionMethod::Deflate;
    uint64_t cap = std::min<uint64_t>(limits.max_uncompressed, file.size() * kDeflateMaxRatio + 64);
    uint64_t consumed = 0;
    auto payload = zlib_inflate_bounded(file, cap, &consumed);
    if (!payload.ok()) return std::move(payload).error().within("bare zlib stream");
    out.payload = std::move(payload).value();
    info.compressed_size = consumed;
    info.uncompressed_size = out.payload.size();
    info.compressed.assign(file.begin(), file.begin() + consumed);
    info.trailer.assign(file.begin() + consumed, file.end());
    return ok_status();
}

}  // namespace

const char* container_kind_name(ContainerKind kind) {
    switch (kind) {
        case ContainerKind::Dcx:
            return "DCX";
        case ContainerKind::DcpDflt:
            return "DCP_DFLT";
        case ContainerKind::DcpEdge:
            return "DCP_EDGE";
        case ContainerKind::BareZlib:
            return "zlib";
        case ContainerKind::None:
            return "none";
    }
    return "?";
}

const char* compression_method_name(CompressionMethod method) {
    switch (method) {
        case CompressionMethod::None:
            return "none";
        case CompressionMethod::Deflate:
            return "DFLT";
        case CompressionMethod::Kraken:
            return "KRAK";
        case CompressionMethod::Zstd:
            return "ZSTD";
        case CompressionMethod::Edge:
            return "EDGE";
    }
    return "?";
}

std::string DcxInfo::variant_name() const {
    switch (kind) {
        case ContainerKind::Dcx: {
            if (method == CompressionMethod::Deflate) {
                char buf[64];
                std::snprintf(buf, sizeof buf, "DCX_DFLT_%X_%X_%u", unsigned(version), unsigned(field_10),
                              unsigned(level));
                std::string s = buf;
                if (flag_38) s += "_" + std::to_string(flag_38);
                return s;
            }
            return "DCX_" + std::string(compression_method_name(method)) + "_" + std::to_string(level);
        }
        case ContainerKind::DcpDflt:
            return "DCP_DFLT";
        case ContainerKind::DcpEdge:
            return "DCP_EDGE";
        case ContainerKind::BareZlib:
            return "zlib";
        case ContainerKind::None:
            return "none";
    }
    return "?";
}

ContainerKind detect_container(Bytes file) {
    if (magic_at(file, 0, "DCX\0")) return ContainerKind::Dcx;
    if (magic_at(file, 0, "DCP\0")) return magic_at(file, 4, "EDGE") ? ContainerKind::DcpEdge : ContainerKind::DcpDflt;
    if (is_zlib_header(file) && ((file[0] << 8) | file[1]) % 31 == 0) return ContainerKind::BareZlib;
    return ContainerKind::None;
}

namespace {

Result<DcxFile> read_container(Bytes file, const DcxLimits& limits, std::optional<DcxDeferredInflate>* defer,
                               bool decoded_apart = false) {
    DcxFile out;
    out.info.kind = detect_container(file);
    switch (out.info.kind) {
        case ContainerKind::Dcx:
            TAESCOPE_TRY(read_dcx(file, limits, out, defer, decoded_apart));
            break;
        case ContainerKind::DcpDflt:
        case ContainerKind::DcpEdge:
            TAESCOPE_TRY(read_dcp(file, limits, out, defer, decoded_apart));
            break;
        case ContainerKind::BareZlib:
            TAESCOPE_TRY(read_bare_zlib(file, limits, out));
            break;
        case ContainerKind::None:
            out.payload.assign(file.begin(), file.end());
            out.info.uncompressed_size = out.info.compressed_size = file.size();
            break;
    }
    return out;
}

}  // namespace

Result<DcxFile> dcx_read(Bytes file, const DcxLimits& limits) { return read_container(file, limits, nullptr); }

Result<DcxFile> dcx_read_deferred(Bytes file, const DcxLimits& limits, std::optional<DcxDeferredInflate>& deferred) {
    deferred.reset();
    return read_container(file, limits, &deferred);
}

Result<DcxFile> dcx_read_decoded(std::vector<uint8_t> file, std::vector<uint8_t> decoded, const DcxLimits& limits) {
    ContainerKind kind = detect_container(file);
    if (kind == ContainerKind::BareZlib || kind == ContainerKind::None)
        return make_error(0, std::string("a ") + container_kind_name(kind) +
                                 " file is read with its payload (dcx_read): only DCX and DCP payloads are decoded "
                                 "apart");
    std::optional<DcxDeferredInflate> deferred;
    Result<DcxFile> read = read_container(file, limits, &deferred, /*decoded_apart=*/true);
    if (!read.ok()) return read;
    DcxFile& out = *read;
    if (decoded.size() != out.info.uncompressed_size)
        return make_error(kind == ContainerKind::Dcx ? 0x1C : 0x24,
                          "the payload decoded apart has " + std::to_string(decoded.size()) +
                              " bytes, the header declares " + std::to_string(out.info.uncompressed_size));
    // The compressed bytes in the file's own buffer: header moved out, trailer cut off. The buffer
    // is memory the caller has touched already; a copy would be fresh pages, slow to fault in.
    const size_t data_start = out.info.header.size();
    file.erase(file.begin(), file.begin() + ptrdiff_t(data_start));
    file.resize(size_t(out.info.compressed_size));
    out.info.compressed = std::move(file);
    out.payload = std::move(decoded);
    return read;
}

DcxFile make_dcx(CompressionMethod method) {
    bool kraken = method == CompressionMethod::Kraken;
    DcxFile f;
    DcxInfo& i = f.info;
    i.kind = ContainerKind::Dcx;
    i.method = kraken ? CompressionMethod::Kraken : CompressionMethod::Deflate;
    i.fourcc = kraken ? "KRAK" : "DFLT";
    i.version = 0x11000;
    i.field_10 = 0x44;
    i.field_14 = 0x4C;
    i.level = kraken ? 6 : 9;
    ByteWriter w(0x4C);
    w.ascii(std::string_view("DCX\0", 4));
    for (uint32_t v : {i.version, 0x18u, 0x24u, i.field_10, i.field_14}) w.u32be(v);
    w.ascii(std::string_view("DCS\0", 4));
    w.u32be(0);  // uncompressed size: set by dcx_write
    w.u32be(0);  // compressed size: set by dcx_write
    w.ascii(std::string_view("DCP\0", 4));
    w.ascii(i.fourcc);
    w.u32be(0x20);
    w.u32be(uint32_t(i.level) << 24);  // level byte, then three zero bytes
    w.u32be(0);
    w.u32be(0);  // 0x38: 0 (15 only in the _15 variant)
    w.u32be(0);
    w.u32be(0x00010100);
    w.ascii(std::string_view("DCA\0", 4));
    w.u32be(8);
    i.header = w.take();
    // It holds the empty payload, so that writing an empty payload also gives a valid file.
    i.compressed = kraken ? kraken_encode_stored({}) : deflate_for_export({});
    i.compressed_size = i.compressed.size();
    for (int k = 0; k < 4; ++k) i.header[0x20 + k] = uint8_t(i.compressed_size >> (24 - 8 * k));
    if (kraken) i.trailer.resize((16 - (i.header.size() + i.compressed.size()) % 16) % 16, 0);
    return f;
}

Result<std::vector<uint8_t>> dcx_write(const DcxFile& original, Bytes payload, const DcxWriteOptions& options) {
    const DcxInfo& info = original.info;
    bool to_deflate = options.deflate_instead_of_kraken && info.method == CompressionMethod::Kraken;
    bool unchanged = payload.size() == original.payload.size() &&
                     std::equal(payload.begin(), payload.end(), original.payload.begin());
    std::vector<uint8_t> out;
    if (info.kind == ContainerKind::None) {
        out.assign(payload.begin(), payload.end());
        return out;
    }
    if (unchanged && !to_deflate) {
        out.reserve(info.header.size() + info.compressed.size() + info.trailer.size());
        out.insert(out.end(), info.header.begin(), info.header.end());
        out.insert(out.end(), info.compressed.begin(), info.compressed.end());
        out.insert(out.end(), info.trailer.begin(), info.trailer.end());
        return out;
    }
    if (payload.size() > 0xFFFFFFFFu)
        return make_error(Error::kNoOffset, "payload of " + std::to_string(payload.size()) +
                                                " bytes does not fit the 32-bit DCX size field");
    if (info.method == CompressionMethod::Zstd || info.method == CompressionMethod::Edge)
        return make_error(Error::kNoOffset,
                          std::string("cannot re-encode a ") + compression_method_name(info.method) + " payload");
    std::vector<uint8_t> compressed;
    bool kraken = info.method == CompressionMethod::Kraken && !to_deflate;
    if (kraken)
        compressed = kraken_encode_stored(payload);
    else
        compressed = deflate_for_export(payload);

    switch (info.kind) {
        case ContainerKind::Dcx: {
            out = info.header;
            auto put_be = [&](size_t at, uint32_t v) {
                out[at] = uint8_t(v >> 24), out[at + 1] = uint8_t(v >> 16), out[at + 2] = uint8_t(v >> 8),
                out[at + 3] = uint8_t(v);
            };
            put_be(0x1C, uint32_t(payload.size()));
            put_be(0x20, uint32_t(compressed.size()));
            if (to_deflate) {  // DCX_DFLT_11000_44_9: the KRAK header with the DFLT method and level 9
                std::memcpy(out.data() + 0x28, "DFLT", 4);
                out[0x30] = 9;
            }
            out.insert(out.end(), compressed.begin(), compressed.end());
            if (kraken) out.resize((out.size() + 15) / 16 * 16, 0);  // KRAK files are padded to 16
            return out;
        }
        case ContainerKind::DcpDflt: {
            out = info.header;
            uint32_t us = uint32_t(payload.size()), cs = uint32_t(compressed.size());
            for (int i = 0; i < 4; ++i) {
                out[0x24 + i] = uint8_t(us >> (24 - 8 * i));
                out[0x28 + i] = uint8_t(cs >> (24 - 8 * i));
            }
            out.insert(out.end(), compressed.begin(), compressed.end());
            out.insert(out.end(), info.trailer.begin(), info.trailer.end());  // "DCA\0" 8
            return out;
        }
        case ContainerKind::BareZlib:
            return compressed;
        default:
            break;
    }
    return make_error(Error::kNoOffset, std::string("cannot write a ") + container_kind_name(info.kind) + " wrapper");
}

}  // namespace taescope
