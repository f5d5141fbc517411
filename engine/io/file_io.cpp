#include "io/file_io.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace taescope {

Result<std::vector<uint8_t>> read_file(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return make_error(Error::kNoOffset, "cannot open '" + path + "': " + std::strerror(errno));
    std::vector<uint8_t> out;
    // The size first, then one read into a buffer of that size: growing the buffer as 64 KiB
    // pieces arrive copied a 3.6 MB file about three times over.
    long size = std::fseek(f, 0, SEEK_END) == 0 ? std::ftell(f) : -1;
    if (size > 0 && std::fseek(f, 0, SEEK_SET) == 0) {
        out.resize(size_t(size));
        out.resize(std::fread(out.data(), 1, out.size(), f));
    } else {
        std::rewind(f);
    }
    // Whatever follows (a file that grew, or one whose size the stream cannot tell: a pipe).
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
