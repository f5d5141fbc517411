#include "binder/animation_names.h"

#include <cctype>
#include <cstdio>

namespace taescope {

namespace {

// Reads 1..max_digits decimal digits at s[pos]; advances pos.
std::optional<uint64_t> digits(std::string_view s, size_t& pos, size_t max_digits) {
    size_t start = pos;
    uint64_t v = 0;
    while (pos < s.size() && std::isdigit(uint8_t(s[pos])) && pos - start < max_digits) v = v * 10 + uint64_t(s[pos++] - '0');
    if (pos == start) return std::nullopt;
    return v;
}

bool iequal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(uint8_t(a[i])) != std::tolower(uint8_t(b[i]))) return false;
    return true;
}

// "aGGG_NNNNNN" at s[pos]; advances pos past it.
std::optional<uint64_t> animation_at(std::string_view s, size_t& pos) {
    if (pos >= s.size() || std::tolower(uint8_t(s[pos])) != 'a') return std::nullopt;
    ++pos;
    auto group = digits(s, pos, 4);
    if (!group || pos >= s.size() || s[pos] != '_') return std::nullopt;
    ++pos;
    size_t number_start = pos;
    auto number = digits(s, pos, 6);
    if (!number || pos - number_start < 4) return std::nullopt;
    return *group * kAnimationGroupSize + *number;
}

}  // namespace

std::string animation_name(uint64_t full_number) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "a%03llu_%06llu", static_cast<unsigned long long>(full_number / kAnimationGroupSize),
                  static_cast<unsigned long long>(full_number % kAnimationGroupSize));
    return buf;
}

std::optional<uint64_t> parse_animation_name(std::string_view name) {
    size_t pos = 0;
    auto n = animation_at(name, pos);
    if (!n || pos != name.size()) return std::nullopt;
    return n;
}

std::optional<ClipName> parse_clip_member_name(std::string_view path) {
    size_t cut = path.find_last_of("\\/");
    std::string_view file = cut == std::string_view::npos ? path : path.substr(cut + 1);
    if (file.size() < 4 || !iequal(file.substr(file.size() - 4), ".hkx")) return std::nullopt;
    std::string_view stem = file.substr(0, file.size() - 4);
    ClipName clip;
    size_t pos = 0;
    if (!stem.empty() && std::tolower(uint8_t(stem[0])) == 's') {
        pos = 1;
        auto effect = digits(stem, pos, 9);
        if (!effect || pos >= stem.size() || stem[pos] != '_') return std::nullopt;
        clip.effect = uint32_t(*effect);
        ++pos;
    }
    auto animation = animation_at(stem, pos);
    if (!animation) return std::nullopt;
    clip.animation = *animation;
    if (pos < stem.size()) {
        if (stem[pos] != '_') return std::nullopt;
        ++pos;
        auto variant = digits(stem, pos, 9);
        if (!variant || pos != stem.size()) return std::nullopt;
        clip.variant = uint32_t(*variant);
    }
    return clip;
}

}  // namespace taescope
