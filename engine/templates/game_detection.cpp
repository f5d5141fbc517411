#include "templates/game_detection.h"

namespace taescope {

namespace {

struct PathRoot {
    const char* root;  // compared case-insensitively, '/' and '\' alike
    const char* game;
};
constexpr PathRoot kPathRoots[] = {
    {"N:\\FDP\\", "DS3"}, {"N:\\NTC\\", "SDT"}, {"N:\\GR\\", "ER"}, {"W:\\FNR\\", "AC6"}, {"W:\\CL\\", "NR"},
};

// The banks seen in each game's files, the game a guess prefers first.
struct GameBanks {
    const char* game;
    uint64_t banks[3];
    size_t count;
};
constexpr GameBanks kBanks[] = {
    {"ER", {36, 37}, 2}, {"SDT", {13, 14}, 2}, {"DS3", {21}, 1}, {"AC6", {36, 56, 57}, 3},
    {"NR", {40}, 1},     {"BB", {4}, 1},
};

// The TAE version of each game's generation.
uint32_t generation_version(std::string_view game) { return game == "DS3" || game == "BB" ? 0x1000C : 0x1000D; }

bool is_resave_bank(uint64_t bank) { return bank == ~uint64_t{0} || bank == 0xFFFFFFFFu; }

bool root_matches(std::string_view path, std::string_view root) {
    if (path.size() < root.size()) return false;
    for (size_t i = 0; i < root.size(); ++i) {
        char a = path[i], b = root[i];
        if (a == '/') a = '\\';
        if (a >= 'a' && a <= 'z') a = char(a - 'a' + 'A');
        if (a != b) return false;
    }
    return true;
}

std::string bank_text(uint64_t bank) {
    return is_resave_bank(bank) ? std::string("event bank -1") : "event bank " + std::to_string(bank);
}

std::string version_text(uint32_t version) {
    static const char digits[] = "0123456789ABCDEF";
    std::string hex;
    for (int shift = 28; shift >= 0; shift -= 4)
        if (!hex.empty() || (version >> shift) & 0xF || shift == 0) hex += digits[(version >> shift) & 0xF];
    return "0x" + hex;
}

// "Elden Ring and Armored Core VI: Fires of Rubicon"
std::string titles(const std::vector<std::string_view>& games) {
    std::string out;
    for (size_t i = 0; i < games.size(); ++i) {
        if (i) out += i + 1 == games.size() ? " and " : ", ";
        out += std::string(game_title(games[i]));
    }
    return out;
}

bool contains(const std::vector<std::string_view>& games, std::string_view game) {
    for (std::string_view g : games)
        if (g == game) return true;
    return false;
}

std::string generation_name(uint32_t version) {
    return version == 0x1000C ? "the Dark Souls III generation" : "Sekiro's generation and later";
}

// The version disagrees with `game` when it is one of the two known generations and not the game's.
std::optional<std::string> version_disagreement(const GameClues& clues, std::string_view game) {
    if (!clues.tae_version || (*clues.tae_version != 0x1000C && *clues.tae_version != 0x1000D)) return std::nullopt;
    if (*clues.tae_version == generation_version(game)) return std::nullopt;
    return "TAE version " + version_text(*clues.tae_version) + " is " + generation_name(*clues.tae_version) + ", not " +
           std::string(game_title(game)) + "'s (" + version_text(generation_version(game)) + ")";
}

}  // namespace

std::vector<std::string_view> games_of_event_bank(uint64_t bank) {
    std::vector<std::string_view> out;
    if (is_resave_bank(bank)) return out;
    for (const GameBanks& g : kBanks)
        for (size_t i = 0; i < g.count; ++i)
            if (g.banks[i] == bank) out.push_back(g.game);
    return out;
}

GameGuess detect_game(const GameClues& clues) {
    GameGuess out;
    std::vector<std::string_view> bank_games;
    if (clues.event_bank) bank_games = games_of_event_bank(*clues.event_bank);

    for (const PathRoot& r : kPathRoots) {
        if (!root_matches(clues.binder_member_path, r.root)) continue;
        out.game = r.game;
        const std::string_view root(r.root);
        out.reason = "binder path root " + std::string(root.substr(0, root.size() - 1));
        if (!bank_games.empty() && !contains(bank_games, r.game))
            out.disagreements.push_back(bank_text(*clues.event_bank) + " is seen in " + titles(bank_games) +
                                        " files, not in " + std::string(game_title(r.game)) + "'s");
        if (auto v = version_disagreement(clues, r.game)) out.disagreements.push_back(*v);
        return out;
    }

    // No path root: a guess from the bank, among the games of the stored TAE version when it tells.
    if (!bank_games.empty()) {
        std::string_view pick = bank_games.front();
        for (std::string_view g : bank_games) {
            if (!version_disagreement(clues, g)) {
                pick = g;
                break;
            }
        }
        out.game = std::string(pick);
        out.guessed = true;
        out.reason = "a guess from the " + bank_text(*clues.event_bank) + " alone (no binder path tells the game)";
        if (bank_games.size() > 1)
            out.reason += ": the bank is seen in " + titles(bank_games) + " files";
        if (auto v = version_disagreement(clues, pick)) out.disagreements.push_back(*v);
        return out;
    }
    if (clues.tae_version && *clues.tae_version == 0x1000C) {
        out.game = "DS3";
        out.guessed = true;
        out.reason = "a guess from the TAE version 0x1000C alone (the Dark Souls III generation)";
        if (clues.event_bank) out.reason += "; " + bank_text(*clues.event_bank) + " says nothing";
        return out;
    }
    out.reason = "no clue decides the game";
    if (clues.event_bank)
        out.reason += is_resave_bank(*clues.event_bank) ? ": event bank -1 (a tool's re-save) says nothing"
                                                        : ": " + bank_text(*clues.event_bank) + " is not one seen in any game";
    return out;
}

std::string_view game_title(std::string_view game) {
    if (game == "SDT") return "Sekiro: Shadows Die Twice";
    if (game == "ER") return "Elden Ring";
    if (game == "NR") return "Elden Ring Nightreign";
    if (game == "DS3") return "Dark Souls III";
    if (game == "AC6") return "Armored Core VI: Fires of Rubicon";
    if (game == "BB") return "Bloodborne";
    return game;
}

}  // namespace taescope
