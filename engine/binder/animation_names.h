// Animation names and numbers (tae-format-notes.txt, "Animation numbers and files").
//
// An animation aGGG_NNNNNN has the full number GGG x 1,000,000 + NNNNNN (a050_003000 is
// 50,003,000). Clip members of a binder are named aGGG_NNNNNN.hkx, with a _N suffix for the
// variants of weapon parts, sNNNNN_aGGG_NNNNNN.hkx for effect clips, or aGG_NNNN.hkx for face
// generation packfiles.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace taescope {

inline constexpr uint64_t kAnimationGroupSize = 1000000;

// 50003000 -> "a050_003000" (the group takes more digits when it needs them).
std::string animation_name(uint64_t full_number);
// "a050_003000" -> 50003000; nullopt when the text is not aG..G_NNNNNN (number below 1,000,000).
std::optional<uint64_t> parse_animation_name(std::string_view name);

struct ClipName {
    uint64_t animation = 0;            // full number of aGGG_NNNNNN
    std::optional<uint32_t> variant;   // the _N suffix
    std::optional<uint32_t> effect;    // the sNNNNN_ prefix
};

// Parses a binder member path's file name: "...\a000_003000_1.hkx", "s12345_a000_003000.hkx".
// nullopt for anything that is not a .hkx clip named after an animation.
std::optional<ClipName> parse_clip_member_name(std::string_view path);

}  // namespace taescope
