#include "templates/document_game.h"

#include <algorithm>

namespace taescope {

GameClues game_clues(const DocumentTae& tae) {
    GameClues clues;
    if (tae.tae) {
        clues.tae_version = tae.tae->header.version;
        clues.event_bank = tae.tae->header.event_bank;
    }
    // A binder member's internal path; a loose file's name says nothing about the game.
    if (tae.slot.member_index != kNoMember) clues.binder_member_path = tae.name;
    return clues;
}

GameGuess detect_document_game(const Document& doc) {
    struct Vote {
        const DocumentTae* tae;
        GameGuess guess;
    };
    std::vector<Vote> votes;
    for (const auto& t : doc.taes)
        if (t.tae) votes.push_back({&t, detect_game(game_clues(t))});
    if (votes.empty()) {
        GameGuess none;
        none.reason = doc.taes.empty() ? "the document holds no event file" : "no event file parsed";
        return none;
    }
    // A path root decides over a guess; among equals, the first event file.
    const Vote* pick = nullptr;
    for (const Vote& v : votes)
        if (!v.guess.game.empty() && (!pick || (pick->guess.guessed && !v.guess.guessed))) pick = &v;
    if (!pick) return votes.back().guess;
    GameGuess out = pick->guess;
    auto note = [&](std::string text) {
        if (std::find(out.disagreements.begin(), out.disagreements.end(), text) == out.disagreements.end())
            out.disagreements.push_back(std::move(text));
    };
    for (const Vote& v : votes) {
        if (&v == pick || v.guess.game.empty()) continue;
        const std::string file = v.tae->slot.file_name.empty() ? v.tae->name : v.tae->slot.file_name;
        if (v.guess.game != out.game)
            note(file + " says " + std::string(game_title(v.guess.game)) + " (" + v.guess.reason + ")");
        else
            for (const std::string& d : v.guess.disagreements) note(d);
    }
    return out;
}

}  // namespace taescope
