#include "page_download.h"

#include <emscripten.h>

namespace taescope::web {

void offer_download(const void* data, size_t size, const std::string& name, const char* mime_type) {
    EM_ASM(
        {
            const bytes = HEAPU8.slice($0, $0 + $1);
            if (window.taescopeDownload) window.taescopeDownload(bytes, UTF8ToString($2), UTF8ToString($3));
        },
        data, size, name.c_str(), mime_type);
}

std::string character_file_stem(const std::string& file) {
    std::string name = file;
    const size_t slash = name.find_last_of("/\\");
    if (slash != std::string::npos) name = name.substr(slash + 1);
    const size_t dot = name.find('.');
    if (dot != std::string::npos && dot > 0) name = name.substr(0, dot);
    return name.empty() ? std::string("character") : name;
}

}  // namespace taescope::web
