#include "io/file_io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace taescope {

Result<std::vector<uint8_t>> read_file(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return make_error(Error::kNoOffset, "cannot open '" + path + "': " + std::strerror(errno));
    std::vector<uint8_t> out;
    uint8_t buf[1 << 16];
    size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) out.insert(out.end(), buf, buf + n);
    bool failed = std::ferror(f) != 0;
    std::fclose(f);
    if (failed) return make_error(Error::kNoOffset, "read error on '" + path + "'");
    return out;
}

Status write_file(const std::string& path, std::span<const uint8_t> bytes) {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return make_error(Error::kNoOffset, "cannot create '" + path + "': " + std::strerror(errno));
    size_t n = bytes.empty() ? 0 : std::fwrite(bytes.data(), 1, bytes.size(), f);
    bool failed = n != bytes.size() || std::fclose(f) != 0;
    if (failed) return make_error(Error::kNoOffset, "write error on '" + path + "'");
    return ok_status();
}

}  // namespace taescope
