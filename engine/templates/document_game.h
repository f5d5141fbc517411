// Which game an opened document belongs to (game_detection.h applied to a Document): the clues
// are its event files' banks and versions and its members' internal paths.
#pragma once

#include "binder/document.h"
#include "templates/game_detection.h"

namespace taescope {

GameClues game_clues(const DocumentTae& tae);

// The game of the document's first event file that decides one; "" with the reason otherwise.
GameGuess detect_document_game(const Document& doc);

}  // namespace taescope
