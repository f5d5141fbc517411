#include "templates/game_detection.h"

namespace taescope {

namespace {

struct PathRoot {
    const char* root;  // compared case-insensitively, '/' and '\' alike
    const char* game;
};
constexpr PathRoot kPathRoots[] = {
    {"N:\\FDP\\", "DS3"},
    {"N:\\NTC\\", "SDT"},
    {"N:\\GR\\", "ER"},
    {"W:\\FNR\\", "NR|AC6"},  // shared: decided by the event bank
};

struct Bank {
    uint64_t bank;
    const char* game;
};
constexpr Bank kBanks[] = {
    {4, "BB"}, {13, "SDT"}, {14, "SDT"}, {21, "DS3"}, {36, "ER|AC6"}, {37, "ER"}, {57, "NR"},
};

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

std::string bank_text(uint64_t bank) { return "event bank " + std::to_string(bank); }

}  // namespace

GameGuess detect_game(const GameClues& clues) {
    std::string by_path;
    std::string root;
    for (const auto& r : kPathRoots) {
        if (root_matches(clues.binder_member_path, r.root)) {
            by_path = r.game;
            root = std::string(r.root, std::string_view(r.root).size() - 1);
        }
    }
    std::string by_bank;
    if (clues.event_bank)
        for (const auto& b : kBanks)
            if (b.bank == *clues.event_bank) by_bank = b.game;

    if (by_path == "NR|AC6") {
        if (by_bank == "NR") return {"NR", "binder path root " + root + " and " + bank_text(*clues.event_bank)};
        if (by_bank == "ER|AC6") return {"AC6", "binder path root " + root + " and " + bank_text(*clues.event_bank)};
        return {"", "binder path root " + root + " is used by both Nightreign and Armored Core VI, and the " +
                        (clues.event_bank ? bank_text(*clues.event_bank) + " does not tell them apart"
                                          : std::string("event bank is unknown"))};
    }
    if (!by_path.empty()) {
        std::string reason = "binder path root " + root;
        if (!by_bank.empty() && by_bank.find(by_path) == std::string::npos)
            reason += " (the " + bank_text(*clues.event_bank) + " suggests " + by_bank + ")";
        return {by_path, reason};
    }
    if (by_bank == "ER|AC6") {
        // Without a path, 36 is Elden Ring's bank: AC6 binders always come with their W:\FNR paths.
        return {"ER", bank_text(*clues.event_bank) + " (Elden Ring; Armored Core VI also uses it)"};
    }
    if (!by_bank.empty()) return {by_bank, bank_text(*clues.event_bank)};
    if (clues.tae_version && *clues.tae_version == 0x1000C)
        return {"DS3", "TAE version 0x1000C (the Dark Souls III generation)"};
    std::string reason = "no clue decides the game";
    if (clues.event_bank) reason += ": unknown " + bank_text(*clues.event_bank);
    return {"", reason};
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
