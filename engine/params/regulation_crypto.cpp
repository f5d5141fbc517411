// AES-256-CBC decryption of regulation files by mbedtls, and the published keys (regulation_crypto.h).
#include "params/regulation_crypto.h"

#include <mbedtls/aes.h>

#include <cstring>
#include <string>

namespace taescope::params {

namespace {

// The keys as SoulsFormatsNEXT, Smithbox and DSAnimStudio publish them (spec §1.1).
constexpr RegulationKey kKeys[] = {
    {ParamGame::EldenRing,
     {0x99, 0xBF, 0xFC, 0x36, 0x6A, 0x6B, 0xC8, 0xC6, 0xF5, 0x82, 0x7D, 0x09, 0x36, 0x02, 0xD6, 0x76,
      0xC4, 0x28, 0x92, 0xA0, 0x1C, 0x20, 0x7F, 0xB0, 0x24, 0xD3, 0xAF, 0x4E, 0x49, 0x3F, 0xEF, 0x99}},
    {ParamGame::Nightreign,
     {0x9A, 0x8E, 0xE9, 0x0C, 0x4C, 0x01, 0xA4, 0x31, 0x68, 0xA1, 0x7D, 0x9D, 0x75, 0xE4, 0xA7, 0xD0,
      0x21, 0x07, 0xEB, 0xCF, 0x43, 0xD5, 0xAC, 0xB0, 0x55, 0x4F, 0x94, 0x16, 0x01, 0xB5, 0x79, 0x18}},
    {ParamGame::ArmoredCore6,
     {0x10, 0xCE, 0xED, 0x47, 0x7B, 0x7C, 0xD9, 0xD7, 0xE6, 0x93, 0x8E, 0x11, 0x47, 0x13, 0xE7, 0x87,
      0xD5, 0x39, 0x13, 0xB1, 0x0D, 0x31, 0x8E, 0xC1, 0x35, 0xE4, 0xBE, 0x50, 0x50, 0x4E, 0x0E, 0x10}},
    {ParamGame::DarkSouls3,
     {0x64, 0x73, 0x33, 0x23, 0x6A, 0x6E, 0x2F, 0x38, 0x5F, 0x37, 0x28, 0x72, 0x73, 0x59, 0x39, 0x70,
      0x67, 0x35, 0x35, 0x47, 0x46, 0x4E, 0x37, 0x56, 0x46, 0x4C, 0x23, 0x2B, 0x33, 0x6E, 0x2F, 0x29}},
};

constexpr size_t kBlock = 16;

// One mbedtls context set up for decryption with a key.
class AesDecryptor {
public:
    explicit AesDecryptor(std::span<const uint8_t, 32> key) {
        mbedtls_aes_init(&ctx_);
        ok_ = mbedtls_aes_setkey_dec(&ctx_, key.data(), 256) == 0;
    }
    ~AesDecryptor() { mbedtls_aes_free(&ctx_); }
    AesDecryptor(const AesDecryptor&) = delete;
    AesDecryptor& operator=(const AesDecryptor&) = delete;
    bool ok() const { return ok_; }
    // CBC over whole blocks; `iv` is updated to the last ciphertext block (mbedtls' contract).
    bool cbc(uint8_t iv[kBlock], const uint8_t* in, uint8_t* out, size_t size) {
        return mbedtls_aes_crypt_cbc(&ctx_, MBEDTLS_AES_DECRYPT, size, iv, in, out) == 0;
    }

private:
    mbedtls_aes_context ctx_;
    bool ok_ = false;
};

std::string first_bytes_hex(Bytes file) {
    std::string s;
    for (size_t i = 0; i < file.size() && i < 8; ++i) {
        static const char* digits = "0123456789ABCDEF";
        if (i) s += ' ';
        s += digits[file[i] >> 4];
        s += digits[file[i] & 15];
    }
    return s;
}

}  // namespace

const char* param_game_code(ParamGame game) {
    switch (game) {
        case ParamGame::EldenRing:
            return "ER";
        case ParamGame::Nightreign:
            return "NR";
        case ParamGame::ArmoredCore6:
            return "AC6";
        case ParamGame::DarkSouls3:
            return "DS3";
        case ParamGame::Sekiro:
            return "SDT";
        case ParamGame::Unknown:
            break;
    }
    return "";
}

const char* param_game_title(ParamGame game) {
    switch (game) {
        case ParamGame::EldenRing:
            return "Elden Ring";
        case ParamGame::Nightreign:
            return "Elden Ring Nightreign";
        case ParamGame::ArmoredCore6:
            return "Armored Core VI";
        case ParamGame::DarkSouls3:
            return "Dark Souls III";
        case ParamGame::Sekiro:
            return "Sekiro";
        case ParamGame::Unknown:
            break;
    }
    return "unknown";
}

std::span<const RegulationKey> regulation_keys() { return kKeys; }

Result<std::vector<uint8_t>> aes256_cbc_decrypt(std::span<const uint8_t, 32> key, std::span<const uint8_t, 16> iv,
                                                Bytes ciphertext) {
    if (ciphertext.size() % kBlock != 0)
        return make_error(Error::kNoOffset, "AES-CBC: " + std::to_string(ciphertext.size()) +
                                                " bytes of ciphertext are not a whole number of 16-byte blocks");
    AesDecryptor aes(key);
    if (!aes.ok()) return make_error(Error::kNoOffset, "AES-CBC: the key was refused by mbedtls");
    std::vector<uint8_t> out(ciphertext.size());
    uint8_t chain[kBlock];
    std::memcpy(chain, iv.data(), kBlock);
    if (!ciphertext.empty() && !aes.cbc(chain, ciphertext.data(), out.data(), ciphertext.size()))
        return make_error(Error::kNoOffset, "AES-CBC: mbedtls failed to decrypt");
    return out;
}

const RegulationKey* find_regulation_key(Bytes file) {
    if (file.size() < 2 * kBlock) return nullptr;
    for (const RegulationKey& k : kKeys) {
        AesDecryptor aes(k.key);
        uint8_t chain[kBlock], block[kBlock];
        std::memcpy(chain, file.data(), kBlock);
        if (aes.ok() && aes.cbc(chain, file.data() + kBlock, block, kBlock) && std::memcmp(block, "DCX\0", 4) == 0)
            return &k;
    }
    return nullptr;
}

Result<DecryptedRegulation> decrypt_regulation(Bytes file) {
    if (file.size() < 2 * kBlock || (file.size() - kBlock) % kBlock != 0)
        return make_error(0, "not an encrypted regulation: " + std::to_string(file.size()) +
                                 " bytes is not a 16-byte IV followed by whole 16-byte AES blocks");
    const RegulationKey* key = find_regulation_key(file);
    if (!key)
        return make_error(16,
                          "not an encrypted regulation of a known game: no key (Elden Ring, Nightreign, "
                          "Armored Core VI, Dark Souls III) decrypts the first block to 'DCX\\0' (file starts " +
                              first_bytes_hex(file) + ")");
    DecryptedRegulation out;
    out.game = key->game;
    out.zero_iv = true;
    for (size_t i = 0; i < kBlock; ++i) out.zero_iv = out.zero_iv && file[i] == 0;
    auto plain = aes256_cbc_decrypt(key->key, std::span<const uint8_t, 16>(file.data(), kBlock), file.subspan(kBlock));
    if (!plain.ok()) return std::move(plain).error();
    out.plaintext = std::move(*plain);
    return out;
}

}  // namespace taescope::params
