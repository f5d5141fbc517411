#include "templates/document_game.h"

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
    GameGuess last{"", doc.taes.empty() ? "the document holds no event file" : "no event file parsed"};
    for (const auto& t : doc.taes) {
        if (!t.tae) continue;
        GameGuess g = detect_game(game_clues(t));
        if (!g.game.empty()) return g;
        last = g;
    }
    return last;
}

}  // namespace taescope
