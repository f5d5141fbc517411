// The game's params opened from the corpus (../shared/corpus/eldenring/regulation-1.12*.bin,
// sekiro/gameparam.parambnd.dcx; spec §1, §2): the encrypted and the decrypted regulation give
// the same rows; the game by the key, the version by the BND4; params indexed only when asked;
// DCX ZSTD decodes to what Debian's zstd tool gives and writes back byte-identical; a file no key
// opens, and 1,000 damaged copies of the regulation, give clear errors.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstring>
#include <random>

#include "binder/document.h"
#include "container/dcx.h"
#include "io/sha256.h"
#include "params/regulation.h"
#include "test_support.h"

using namespace taescope;
using namespace taescope::params;

namespace {

struct Corpus {
    std::vector<uint8_t> encrypted, decrypted;
    bool present = false;
};

const Corpus& regulation_corpus() {
    static Corpus c = [] {
        Corpus out;
        std::string enc = test::corpus_path("eldenring/regulation-1.12.bin");
        std::string dec = test::corpus_path("eldenring/regulation-1.12.decrypted.bin");
        if (enc.empty() || dec.empty()) return out;
        out.encrypted = test::load(enc);
        out.decrypted = test::load(dec);
        out.present = true;
        return out;
    }();
    return c;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("regulation: the encrypted ER 1.12 regulation opens: game by the key, version, ZSTD, 194 params, lazily") {
    const Corpus& c = regulation_corpus();
    if (!c.present) return;
    auto reg = Regulation::open(c.encrypted, "regulation-1.12.bin");
    REQUIRE_MESSAGE(reg.ok(), reg.error().to_string());
    CHECK(reg->source() == RegulationSource::Encrypted);
    CHECK(reg->game() == ParamGame::EldenRing);
    CHECK(reg->game_source() == "key of Elden Ring");
    CHECK(reg->zero_iv());
    CHECK(reg->version() == "11210015");
    CHECK(reg->version_number() == std::optional<uint64_t>(11210015));
    CHECK(reg->container().method == CompressionMethod::Zstd);
    CHECK(reg->container().level == 21);
    CHECK(reg->container().uncompressed_size == 53693840);
    CHECK(reg->param_count() == 194);
    CHECK(regulation_summary(*reg) == "Elden Ring regulation 11210015 (encrypted, DCX_ZSTD_21, 194 params)");
    CHECK(reg->indexed_count() == 0);  // nothing indexed at open
    auto atk = reg->table("AtkParam_Npc");
    REQUIRE(atk.ok());
    CHECK(reg->indexed_count() == 1);
    CHECK(atk->file->row_count() == 12844);
    CHECK(atk->file->row_size() == 456);
    REQUIRE(atk->layout);
    CHECK(contains(atk->layout_source, "ER ATK_PARAM_ST at version 11210015: 456 bytes"));
    auto again = reg->table("atkparam_npc");  // names match case-insensitively; indexed once
    REQUIRE(again.ok());
    CHECK(again->file == atk->file);
    CHECK(reg->indexed_count() == 1);
    CHECK(reg->param("BehaviorParam").ok());
    CHECK((*reg->param("BehaviorParam"))->row_count() == 13881);
    CHECK((*reg->param("NpcParam"))->row_count() == 7039);
    CHECK(reg->indexed_count() == 3);
    CHECK_FALSE(reg->param("NoSuchParam").ok());
    CHECK(reg->find("AtkParam_Npc")->stored_name ==
          "N:\\GR\\data\\Param\\param\\GameParam\\merged\\DLC02\\AtkParam_Npc.param");
}

TEST_CASE("regulation: the encrypted and the decrypted regulation give the same plaintext, payload and rows") {
    const Corpus& c = regulation_corpus();
    if (!c.present) return;
    auto plain = decrypt_regulation(c.encrypted);
    REQUIRE(plain.ok());
    CHECK(plain->game == ParamGame::EldenRing);
    CHECK(plain->plaintext == c.decrypted);  // byte for byte, as the corpus README says
    auto enc = Regulation::open(c.encrypted, "encrypted");
    auto dec = Regulation::open(c.decrypted, "decrypted");
    REQUIRE(enc.ok());
    REQUIRE(dec.ok());
    CHECK(dec->source() == RegulationSource::Dcx);
    CHECK(dec->game() == ParamGame::EldenRing);
    CHECK(dec->game_source() == "member paths N:\\GR\\...");
    CHECK(dec->version() == enc->version());
    REQUIRE(dec->param_count() == enc->param_count());
    for (size_t i = 0; i < enc->param_count(); ++i) {
        const auto& a = enc->params()[i];
        const auto& b = dec->params()[i];
        CHECK(a.name == b.name);
        CHECK(a.bytes == b.bytes);
    }
    for (const char* name : {"AtkParam_Npc", "BehaviorParam", "NpcParam"}) {
        CAPTURE(name);
        auto ta = enc->table(name);
        auto tb = dec->table(name);
        REQUIRE(ta.ok());
        REQUIRE(tb.ok());
        REQUIRE(ta->file->row_count() == tb->file->row_count());
        for (size_t r = 0; r < ta->file->row_count(); r += 97) {
            CHECK(ta->file->row_id(r) == tb->file->row_id(r));
            CHECK(std::memcmp(ta->file->row(r).data(), tb->file->row(r).data(), ta->file->row_size()) == 0);
        }
        CHECK(row_field_values(*ta, 5) == row_field_values(*tb, 5));
    }
}

TEST_CASE("DCX ZSTD: the regulation's payload is what Debian's zstd tool decodes, and writes back byte-identical") {
    const Corpus& c = regulation_corpus();
    if (!c.present) return;
    auto dcx = dcx_read(c.decrypted);
    REQUIRE_MESSAGE(dcx.ok(), dcx.error().to_string());
    CHECK(dcx->info.method == CompressionMethod::Zstd);
    CHECK(dcx->info.variant_name() == "DCX_ZSTD_21");
    CHECK(dcx->payload.size() == 53693840);
    const std::string ours = sha256_hex(dcx->payload);
#ifdef __EMSCRIPTEN__
    MESSAGE("wasm: no zstd tool to run; the native suite compares with it (ours " << ours << ")");
#else
    // The zstd frame as stored, decoded by the zstd tool at test time.
    const std::string frame_path = "/tmp/taescope-test-regulation-frame.zst";
    REQUIRE(write_file(frame_path, dcx->info.compressed).ok());
    std::FILE* p = popen(("zstd -d -c -q " + frame_path + " 2>/dev/null").c_str(), "r");
    REQUIRE(p);
    std::vector<uint8_t> tool;
    uint8_t buf[1 << 16];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) tool.insert(tool.end(), buf, buf + n);
    const int status = pclose(p);
    std::remove(frame_path.c_str());
    if (status != 0 && tool.empty()) {
        MESSAGE("the zstd tool (Debian package zstd) did not run: comparison skipped");
    } else {
        CHECK(tool.size() == dcx->payload.size());
        CHECK(sha256_hex(tool) == ours);
    }
#endif
    // Untouched, the ZSTD binder writes back as it was stored (nothing is re-encoded).
    auto back = dcx_write(*dcx, dcx->payload);
    REQUIRE(back.ok());
    CHECK(*back == c.decrypted);
    auto doc = open_document(c.decrypted, "regulation-1.12.decrypted.bin");
    REQUIRE_MESSAGE(doc.ok(), doc.error().to_string());
    CHECK(doc->kind == PayloadKind::Bnd4);
    auto exported = export_document(*doc);
    REQUIRE(exported.ok());
    CHECK(*exported == c.decrypted);
    // A changed ZSTD payload is refused (decompression only), never written wrong.
    std::vector<uint8_t> changed = dcx->payload.to_vector();
    changed[100] ^= 1;
    auto refused = dcx_write(*dcx, changed);
    REQUIRE_FALSE(refused.ok());
    CHECK(contains(refused.error().message, "ZSTD"));
}

TEST_CASE("DCX ZSTD: damaged frames, bytes after the frame, bombs and wrong sizes are clear errors") {
    const Corpus& c = regulation_corpus();
    if (!c.present) return;
    std::vector<uint8_t> file = c.decrypted;
    {
        std::vector<uint8_t> f = file;
        f[0x4C] ^= 0xFF;  // the zstd magic
        auto r = dcx_read(f);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().offset == 0x4C);
        CHECK(contains(r.error().to_string(), "DCX ZSTD payload"));
    }
    {
        std::vector<uint8_t> f = file;
        f[0x1F] ^= 0x01;  // declared size one byte off
        auto r = dcx_read(f);
        REQUIRE_FALSE(r.ok());
        CHECK(contains(r.error().message, "declare"));
    }
    {
        std::vector<uint8_t> f = file;
        uint32_t cs = load_u32be(f.data() + 0x20);
        f.insert(f.begin() + 0x4C + cs, {0, 0, 7});  // a nonzero byte after the frame
        const uint32_t grown = cs + 3;
        for (int k = 0; k < 4; ++k) f[0x20 + k] = uint8_t(grown >> (24 - 8 * k));
        auto r = dcx_read(f);
        REQUIRE_FALSE(r.ok());
        CHECK(contains(r.error().message, "after the zstd frame"));
        CHECK(r.error().offset == 0x4C + cs + 2);
    }
    {
        std::vector<uint8_t> f(file.begin(), file.begin() + 0x4C + 64);
        for (int k = 0; k < 4; ++k) f[0x20 + k] = uint8_t(64 >> (24 - 8 * k));
        for (int k = 0; k < 4; ++k) f[0x1C + k] = uint8_t(0x3FFFFFFFu >> (24 - 8 * k));
        auto r = dcx_read(f);
        REQUIRE_FALSE(r.ok());
        CHECK(contains(r.error().message, "decompression bomb"));
    }
}

TEST_CASE(
    "regulation: Sekiro's gameparam.parambnd.dcx opens (DFLT, member paths N:\\NTC\\); its AtkParam reads 8 bytes "
    "later") {
    std::string path = test::corpus_path("sekiro/gameparam.parambnd.dcx");
    if (path.empty()) return;
    std::vector<uint8_t> bytes = test::load(path);
    auto reg = Regulation::open(bytes, "gameparam.parambnd.dcx");
    REQUIRE_MESSAGE(reg.ok(), reg.error().to_string());
    CHECK(reg->game() == ParamGame::Sekiro);
    CHECK(reg->source() == RegulationSource::Dcx);
    CHECK(reg->container().method == CompressionMethod::Deflate);
    CHECK(reg->param_count() == 138);
    auto atk = reg->table("AtkParam_Npc");
    REQUIRE(atk.ok());
    CHECK(atk->file->row_size() == 464);
    REQUIRE(atk->layout);
    CHECK(contains(atk->layout_source, "SDT ATK_PARAM_ST"));
    auto npc = reg->table("NpcParam");
    REQUIRE(npc.ok());
    CHECK(npc->file->row_size() == 896);
    REQUIRE(npc->layout);
    // §1.2 [V on a c7110 row]: NpcParam 71100000 -> V 71100 -> BehaviorParam 271100100 ->
    // AtkParam_Npc 71100100, hit0 radius 0.4 between dummies 11 and 10.
    auto npc_row = npc->file->find(71100000);
    REQUIRE(npc_row);
    CHECK(named_field(*npc->layout, "behaviorVariationId").integer(npc->file->row(*npc_row)) == 71100);
    auto behavior = reg->table("BehaviorParam");
    REQUIRE(behavior.ok());
    REQUIRE(behavior->layout);
    auto b = behavior->file->find(271100100);
    REQUIRE(b);
    CHECK(named_field(*behavior->layout, "refType").integer(behavior->file->row(*b)) == 0);
    const int64_t ref = named_field(*behavior->layout, "refId").integer(behavior->file->row(*b));
    CHECK(ref == 71100100);
    auto a = atk->file->find(int32_t(ref));
    REQUIRE(a);
    Bytes row = atk->file->row(*a);
    CHECK(named_field(*atk->layout, "hit0_Radius").real(row) == doctest::Approx(0.4));
    CHECK(named_field(*atk->layout, "hit0_DmyPoly1").integer(row) == 11);
    CHECK(named_field(*atk->layout, "hit0_DmyPoly2").integer(row) == 10);
    // Sekiro's default_*Bank params are an older flavour: refused with the flag bytes named.
    auto bank = reg->param("default_EnemyBehaviorBank");
    REQUIRE_FALSE(bank.ok());
    CHECK(contains(bank.error().message, "0x2D = 0x1"));
}

TEST_CASE("regulation: loose .param files open by content; a file no key opens and non-regulations are clear errors") {
    const Corpus& c = regulation_corpus();
    if (!c.present) return;
    auto reg = Regulation::open(c.encrypted, "regulation-1.12.bin");
    REQUIRE(reg.ok());
    const RegulationParam* atk = reg->find("AtkParam_Npc");
    const RegulationParam* npc = reg->find("NpcParam");
    auto loose =
        Regulation::from_param_files({{"some/dir/AtkParam_Npc.param", atk->bytes}, {"NpcParam.param", npc->bytes}});
    REQUIRE(loose.ok());
    CHECK(loose->source() == RegulationSource::LooseParams);
    CHECK(loose->game() == ParamGame::Unknown);
    auto t = loose->table("AtkParam_Npc");
    REQUIRE(t.ok());
    REQUIRE(t->layout);  // chosen by row size among the games (ER 456 bytes)
    CHECK(contains(t->layout_source, "ER ATK_PARAM_ST"));
    CHECK(guess_regulation(atk->bytes) == RegulationGuess::ParamFile);
    CHECK(guess_regulation(c.encrypted) == RegulationGuess::Encrypted);
    CHECK(guess_regulation(c.decrypted) == RegulationGuess::Container);
    CHECK(payload_holds_params(reg->params()[0].bytes) == false);
    auto as_regulation = Regulation::open(atk->bytes, "AtkParam_Npc.param");
    REQUIRE_FALSE(as_regulation.ok());
    CHECK(contains(as_regulation.error().message, "loose .param file"));
    // Ciphertext under no known key.
    std::vector<uint8_t> other = c.encrypted;
    other[16] ^= 0x80;
    auto no_key = Regulation::open(other, "other.bin");
    REQUIRE_FALSE(no_key.ok());
    CHECK(contains(no_key.error().message, "no key"));
    CHECK(no_key.error().offset == 16);
    auto odd = Regulation::open(std::vector<uint8_t>(c.encrypted.begin(), c.encrypted.begin() + 1000), "short.bin");
    REQUIRE_FALSE(odd.ok());
    auto not_params = Regulation::open(test::load(test::corpus_path("eldenring/c2100.anibnd.dcx")), "c2100.anibnd.dcx");
    REQUIRE_FALSE(not_params.ok());
    CHECK(contains(not_params.error().message, "no .param file"));
}

TEST_CASE("regulation: 1,000 damaged copies of the encrypted regulation give clear errors, never a crash") {
    const Corpus& c = regulation_corpus();
    if (!c.present) return;
    std::mt19937 rng(40);
    size_t opened = 0, refused = 0, param_errors = 0;
    for (int k = 0; k < 1000; ++k) {
        std::vector<uint8_t> f = c.encrypted;
        switch (k % 4) {
            case 0:  // truncated anywhere
                f.resize(std::uniform_int_distribution<size_t>(0, f.size() - 1)(rng));
                break;
            case 1:  // bytes changed in the first 4 KiB: IV, DCX header, zstd frame header, first blocks
                for (int n = 0; n < 1 + k % 7; ++n)
                    f[std::uniform_int_distribution<size_t>(0, 4095)(rng)] ^= uint8_t(1 + rng() % 255);
                break;
            case 2:  // one byte changed anywhere
                f[std::uniform_int_distribution<size_t>(0, f.size() - 1)(rng)] ^= uint8_t(1 + rng() % 255);
                break;
            default:  // a run of bytes overwritten anywhere
            {
                size_t at = std::uniform_int_distribution<size_t>(0, f.size() - 64)(rng);
                for (size_t i = 0; i < 64; ++i) f[at + i] = uint8_t(rng());
                break;
            }
        }
        auto reg = Regulation::open(f, "damaged");
        if (!reg.ok()) {
            ++refused;
            CHECK_MESSAGE(!reg.error().message.empty(), "copy " << k);
            continue;
        }
        ++opened;
        for (const auto& p : reg->params()) {
            auto t = reg->table(p.name);
            if (!t.ok()) {
                ++param_errors;
                CHECK(!t.error().message.empty());
            } else if (t->layout && t->file->row_count() > 0) {
                (void)row_field_values(*t, t->file->row_count() - 1);
            }
        }
    }
    MESSAGE("damaged copies: " << refused << " refused, " << opened << " opened (" << param_errors
                               << " params of them refused)");
    CHECK(refused + opened == 1000);
    CHECK(refused > 0);
}
