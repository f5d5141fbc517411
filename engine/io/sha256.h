// SHA-256 (FIPS 180-4), for checking decoded payloads against published hashes.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "io/byte_reader.h"

namespace taescope {

std::array<uint8_t, 32> sha256(Bytes data);
// Lower-case hex of sha256(data), 64 characters.
std::string sha256_hex(Bytes data);

}  // namespace taescope
