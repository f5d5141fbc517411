// Which game a TAE belongs to, so that the right built-in templates decode its events.
//
// The clues, strongest first:
//  1. the root of the binder's internal member paths, which names the developer's project:
//       N:\FDP  Dark Souls III   (spec, containers-kraken-tae.md: N:\FDP\data\INTERROOT_win64\chr\c0000\tae\a02.tae)
//       N:\NTC  Sekiro           (N:\NTC\data\Target\INTERROOT_win64\chr\c0000\tae\a10.tae)
//       N:\GR   Elden Ring       (N:\GR\data\INTERROOT_win64\chr\c3000\tae\c3000.tae)
//       W:\FNR  Nightreign or Armored Core VI: the spec shows it on AC6's c0900 binder, and the
//               corpus Nightreign binder c0100.anibnd.dcx names its members
//               W:\FNR\data\Target\INTERROOT_win64\chr\c0100\tae\a00.tae (and so on) too, so the
//               event bank has to tell them apart;
//  2. the TAE's event bank (spec: Sekiro 14, Elden Ring 36, AC6 36, DS3 21, BB 4; the corpus
//     adds Sekiro 13, Elden Ring 37 on c0000 a10/a12 and Nightreign 57);
//  3. the TAE version: 0x1000C is the DS3/Bloodborne generation, 0x1000D Sekiro and later.
// The user can always override the result.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace taescope {

struct GameClues {
    std::optional<uint32_t> tae_version;
    std::optional<uint64_t> event_bank;
    std::string binder_member_path;  // any member's internal path, e.g. "N:\GR\data\...\c2100.tae"
};

struct GameGuess {
    std::string game;    // "SDT", "ER", "NR", "AC6", "DS3", "BB", or "" when the clues do not decide
    std::string reason;  // which clue decided, for the UI and `taescope check`
};

GameGuess detect_game(const GameClues& clues);

// "Sekiro: Shadows Die Twice" for "SDT" etc.; the code itself when unknown.
std::string_view game_title(std::string_view game);

}  // namespace taescope
