// libFuzzer target for the regulation opener (engine/params/regulation.h): AES-256-CBC, DCX and
// BND4, then every param indexed and read through its paramdef. Random bytes never decrypt to a
// DCX, so the target can encrypt what it is given. Mode byte:
//   0: the rest is opened as it is (a DCX, a BND4, an encrypted file, anything);
//   1: the rest is a plaintext (a DCX): encrypted here with the Elden Ring key and a zero IV,
//      zero-padded as the game pads, then opened;
//   2: the rest is a list of members (u8 name length, name, u32 LE length, bytes), made here into a
//      BND4 (engine writer), wrapped in DCX ZSTD (libzstd's compressor, level 1), encrypted, opened.
// Seeds: tests/fuzz/make_seeds.sh fuzz_regulation DIR (mode 2 framings of small .param members of
// the corpus regulation, written at test time).
#include <mbedtls/aes.h>
#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>

#include "container/bnd4.h"
#include "container/dcx.h"
#include "io/byte_writer.h"
#include "params/regulation.h"

using namespace taescope;
using namespace taescope::params;

namespace {

std::vector<uint8_t> encrypt_zero_padded(Bytes plain) {
    const RegulationKey& key = regulation_keys()[0];  // Elden Ring
    std::vector<uint8_t> out(16 + (plain.size() + 15) / 16 * 16, 0);
    std::vector<uint8_t> padded(out.size() - 16, 0);
    if (!plain.empty()) std::memcpy(padded.data(), plain.data(), plain.size());  // empty: data() may be null
    mbedtls_aes_context ctx;
    mbedtls_aes_init(&ctx);
    mbedtls_aes_setkey_enc(&ctx, key.key.data(), 256);
    uint8_t iv[16] = {};
    if (!padded.empty())
        mbedtls_aes_crypt_cbc(&ctx, MBEDTLS_AES_ENCRYPT, padded.size(), iv, padded.data(), out.data() + 16);
    mbedtls_aes_free(&ctx);
    return out;
}

// DCX ZSTD around `payload`, the header as the game writes it (level byte 21).
std::vector<uint8_t> dcx_zstd(Bytes payload) {
    // One compression context for every input: a new one per input spent most of the target's time
    // zeroing its match state.
    static ZSTD_CCtx* const cctx = ZSTD_createCCtx();
    std::vector<uint8_t> frame(ZSTD_compressBound(payload.size()));
    const size_t n = ZSTD_compressCCtx(cctx, frame.data(), frame.size(), payload.data(), payload.size(), 1);
    if (ZSTD_isError(n)) std::abort();
    frame.resize(n);
    ByteWriter w;
    w.ascii(std::string_view("DCX\0", 4));
    for (uint32_t v : {0x11000u, 0x18u, 0x24u, 0x44u, 0x4Cu}) w.u32be(v);
    w.ascii(std::string_view("DCS\0", 4));
    w.u32be(uint32_t(payload.size()));
    w.u32be(uint32_t(frame.size()));
    w.ascii(std::string_view("DCP\0", 4));
    w.ascii("ZSTD");
    w.u32be(0x20);
    w.u32be(0x15000000);
    w.u32be(0);
    w.u32be(0);
    w.u32be(0);
    w.u32be(0x00010100);
    w.ascii(std::string_view("DCA\0", 4));
    w.u32be(8);
    w.bytes(frame);
    return w.take();
}

std::vector<uint8_t> binder_of(Bytes in) {
    Bnd4 b;
    b.raw_format = 0x74;
    b.extended = 4;
    std::memcpy(b.version.data(), "11210015", 8);
    size_t at = 0;
    while (at < in.size() && b.members.size() < 64) {
        size_t name_len = in[at++];
        if (name_len > in.size() - at) break;
        std::string name(reinterpret_cast<const char*>(in.data() + at), name_len);
        at += name_len;
        if (in.size() - at < 4) break;
        size_t len = load_u32le(in.data() + at);
        at += 4;
        if (len > in.size() - at) len = in.size() - at;
        Bnd4Member m;
        m.name = "N:\\GR\\data\\Param\\param\\GameParam\\" + name;
        std::u16string units = utf8_to_utf16(m.name);
        for (char16_t c : units) m.raw_name.push_back(uint8_t(c)), m.raw_name.push_back(uint8_t(c >> 8));
        m.data = std::vector<uint8_t>(in.begin() + ptrdiff_t(at), in.begin() + ptrdiff_t(at + len));
        m.id = int32_t(b.members.size());
        at += len;
        b.members.push_back(std::move(m));
    }
    auto bytes = bnd4_write_canonical(b);
    return bytes.ok() ? std::move(*bytes) : std::vector<uint8_t>{};
}

void open_and_read(Bytes file) {
    RegulationOpenOptions options;
    options.limits.max_uncompressed = 16u << 20;
    auto reg = Regulation::open(file, "fuzz", options);
    if (!reg.ok()) {
        if (reg.error().message.empty()) std::abort();
        return;
    }
    if (reg->param_count() == 0) std::abort();  // open() refuses a binder without .param members
    (void)regulation_summary(*reg);
    for (const auto& p : reg->params()) {
        auto t = reg->table(p.name);
        if (!t.ok()) {
            if (t.error().message.empty()) std::abort();
            continue;
        }
        if (t->layout && t->layout->row_size != t->file->row_size() && t->file->row_size() != 0) std::abort();
        if (t->file->row_count() > 0) (void)row_field_values(*t, t->file->row_count() - 1);
    }
    if (reg->indexed_count() > reg->param_count()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    Bytes in(data + 1, size - 1);
    switch (data[0] % 3) {
        case 0:
            open_and_read(in);
            break;
        case 1:
            open_and_read(encrypt_zero_padded(in));
            break;
        default: {
            std::vector<uint8_t> binder = binder_of(in);
            if (!binder.empty()) open_and_read(encrypt_zero_padded(dcx_zstd(binder)));
            break;
        }
    }
    return 0;
}
