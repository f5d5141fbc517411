#include "binder/member_paths.h"

#include <cctype>
#include <vector>

namespace taescope {

std::string safe_member_path(const std::string& stored_name) {
    std::string s = stored_name;
    for (auto& c : s)
        if (c == '\\') c = '/';
    if (s.size() >= 2 && std::isalpha(uint8_t(s[0])) && s[1] == ':') s = s.substr(2);  // drive letter
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= s.size()) {
        size_t end = s.find('/', start);
        if (end == std::string::npos) end = s.size();
        std::string part = s.substr(start, end - start);
        start = end + 1;
        if (part.empty() || part == "." || part == "..") continue;
        for (auto& c : part) {
            uint8_t u = uint8_t(c);
            if (u < 0x20 || c == ':' || c == '*' || c == '?' || c == '"' || c == '<' || c == '>' || c == '|') c = '_';
        }
        parts.push_back(part);
    }
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
    return out;
}

}  // namespace taescope
