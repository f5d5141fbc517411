// Which game a TAE belongs to, so that the right built-in templates decode its events.
//
// The clues, strongest first:
//  1. the root of the binder's internal member paths, which names the developer's project and
//     decides the game alone:
//       N:\FDP  Dark Souls III   (N:\FDP\data\INTERROOT_win64\chr\c0000\tae\a02.tae)
//       N:\NTC  Sekiro           (N:\NTC\data\Target\INTERROOT_win64\chr\c0000\tae\a10.tae)
//       N:\GR   Elden Ring       (N:\GR\data\INTERROOT_win64\chr\c3000\tae\c3000.tae)
//       W:\FNR  Armored Core VI  (FNR = Fires of Rubicon, its development name; its regulation,
//               params and community event samples carry the same root)
//       W:\CL   Nightreign       (W:\CL\data\Target\INTERROOT_win64\chr\c7610\tae\c7610.tae; its
//               regulation holds W:\CL\data\Param\param\GameParam_prod\*.param)
//  2. the TAE's event bank, evidence only: no bank identifies a game alone (Elden Ring and AC6
//     share 36) and every game writes -1 after a tool re-save. Banks seen in each game's files:
//       Elden Ring 36, 37   Sekiro 13, 14   Dark Souls III 21   AC6 36, 56, 57   Nightreign 40
//       Bloodborne 4 (spec)
//  3. the TAE version: 0x1000C is the DS3/Bloodborne generation, 0x1000D Sekiro and later.
// Without a path root the game is a guess from the bank (or the version) and says so. Clues that
// point to another game than the one chosen are listed, in words, so that `taescope info` and
// the page can show them; the user can always choose the game instead.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace taescope {

struct GameClues {
    std::optional<uint32_t> tae_version;
    std::optional<uint64_t> event_bank;
    std::string binder_member_path;  // any member's internal path, e.g. "N:\GR\data\...\c2100.tae"
};

struct GameGuess {
    std::string game;    // "SDT", "ER", "NR", "AC6", "DS3", "BB", or "" when the clues do not decide
    std::string reason;  // which clue decided, for the UI and `taescope info` / `check`
    bool guessed = false;  // decided by the event bank or the TAE version alone: no path root
    std::vector<std::string> disagreements;  // clues that point to another game, each in words
};

GameGuess detect_game(const GameClues& clues);

// The games the event bank has been seen in, in the order a guess prefers them (Elden Ring
// before Armored Core VI for 36); empty for an unknown bank and for -1 (a tool's re-save).
std::vector<std::string_view> games_of_event_bank(uint64_t bank);

// "Sekiro: Shadows Die Twice" for "SDT" etc.; the code itself when unknown.
std::string_view game_title(std::string_view game);

}  // namespace taescope
