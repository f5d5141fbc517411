// Whole-file reads and writes (native CLI, tests, and wasm under Node with NODERAWFS).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/result.h"

namespace taescope {

Result<std::vector<uint8_t>> read_file(const std::string& path);
Status write_file(const std::string& path, std::span<const uint8_t> bytes);

}  // namespace taescope
