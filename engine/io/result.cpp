#include "io/result.h"

#include <cstdio>

namespace taescope {

std::string Error::to_string() const {
    std::string out;
    if (!context.empty()) out += context + ": ";
    if (offset != kNoOffset) {
        char buf[40];
        std::snprintf(buf, sizeof buf, "at byte 0x%llX: ", static_cast<unsigned long long>(offset));
        out += buf;
    }
    out += message;
    return out;
}

Error make_error(uint64_t offset, std::string message) {
    Error e;
    e.offset = offset;
    e.message = std::move(message);
    return e;
}

}  // namespace taescope
