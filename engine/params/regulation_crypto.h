// The encryption of regulation.bin (Elden Ring, Nightreign, AC6) and Dark Souls III's
// Data0.bdt (../shared/spec/params-hitboxes.md §1, §1.1): AES-256-CBC with a fixed key per game,
// bytes 0-15 the IV, the rest the ciphertext. Decrypted with mbedtls (Debian's libmbedtls-dev
// natively; built for wasm from Debian's mbedtls source package by tools/setup.sh): the same
// code in both builds, no cryptography of our own.
//
// No padding is removed: the games' own files are zero-padded, tools' re-saves PKCS#7-padded;
// the DCX header inside says where its data ends, whatever follows is padding.
// Which game: the key under which the first ciphertext block decrypts to "DCX\0".
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "io/byte_reader.h"
#include "io/result.h"

namespace taescope::params {

enum class ParamGame : uint8_t { Unknown, EldenRing, Nightreign, ArmoredCore6, DarkSouls3, Sekiro };
// "ER", "NR", "AC6", "DS3", "SDT" (the paramdef folder names); "" for Unknown.
const char* param_game_code(ParamGame game);
// "Elden Ring", "Elden Ring Nightreign", "Armored Core VI", "Dark Souls III", "Sekiro"; "unknown".
const char* param_game_title(ParamGame game);

struct RegulationKey {
    ParamGame game = ParamGame::Unknown;
    std::array<uint8_t, 32> key{};
};
// The four published keys (§1.1), in the order they are tried.
std::span<const RegulationKey> regulation_keys();

// AES-256-CBC decryption of `ciphertext` (a multiple of 16 bytes) with `key` and `iv`; no
// padding removed. Fails on a length that is not a multiple of 16.
Result<std::vector<uint8_t>> aes256_cbc_decrypt(std::span<const uint8_t, 32> key, std::span<const uint8_t, 16> iv,
                                                Bytes ciphertext);

// The key whose decryption of the first ciphertext block (file bytes 16-31, IV bytes 0-15)
// starts with "DCX\0"; nullopt when none does (or the file is shorter than 32 bytes).
const RegulationKey* find_regulation_key(Bytes file);

struct DecryptedRegulation {
    ParamGame game = ParamGame::Unknown;
    bool zero_iv = false;            // the games' own files have an all-zero IV
    std::vector<uint8_t> plaintext;  // the DCX (padding included)
};
// Decrypts a whole encrypted regulation. A file no key opens gets an error that says so (and
// what its first bytes are); a length that is not 16 + a multiple of 16 likewise.
Result<DecryptedRegulation> decrypt_regulation(Bytes file);

}  // namespace taescope::params
