// Synthetic but realistic TAE files, deterministic from a seed and a scale. They are made by
// this project (never copied from game files) and serve as the page's sample, as benchmark
// input and as test data of any size.
//
// Realism comes from statistics measured once over the corpus (event types with their usual
// stored parameter length and how often they occur, events per animation, header kinds, the
// share of f32-max ends); the parameter *bytes* are invented.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "io/result.h"
#include "tae/tae_model.h"

namespace taescope::generator {

enum class Scale {
    Small,      // one file with a few animations: the page's sample
    Sekiro,     // the player's set: 65 files, about 340,000 events
    EldenRing,  // the player's set: about 640 files, about 1.3 million events
};

// "small", "sekiro", "eldenring"; false for anything else.
bool parse_scale(const std::string& text, Scale& out);
const char* scale_name(Scale s);

struct GeneratedTae {
    uint32_t group = 0;  // animation group: the file is aGG.tae of the player's binder
    std::string name;    // "a10.tae"
    TaeFile model;
};

// One file of group `group`, for the game of `scale` (Small uses Elden Ring's statistics).
GeneratedTae generate_tae_file(Scale scale, uint32_t group, uint32_t animation_count, uint64_t seed);

// The whole set of a scale, one file at a time (so the Elden Ring set never sits in memory).
void generate_tae_set(Scale scale, uint64_t seed, const std::function<void(GeneratedTae&&)>& emit);

// The binder member name the game uses for a player event file, in member slot 5,000,000 + group:
// N:\GR\data\INTERROOT_win64\chr\c0000\tae\aNN.tae (Sekiro: N:\NTC\data\Target\...).
std::string player_tae_member_path(Scale scale, const std::string& file_name);
inline constexpr uint32_t kPlayerTaeFirstSlot = 5000000;

// The player's animation binder (c0000.anibnd.dcx, DCX_DFLT_11000_44_9 around a BND4) holding
// the given files at their slots, plus the empty version member 9,999,999 that tells the game
// the event files start at slot 5,000,000. Errors come from the container writers.
struct WrittenTae {
    uint32_t group = 0;
    std::string name;  // "a10.tae"
    std::vector<uint8_t> bytes;
};
Result<std::vector<uint8_t>> write_player_anibnd(Scale scale, const std::vector<WrittenTae>& files);

}  // namespace taescope::generator
