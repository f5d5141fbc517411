// Which game an opened document belongs to (game_detection.h applied to a Document): the clues
// are its event files' banks and versions and its members' internal paths.
#pragma once

#include "binder/document.h"
#include "templates/game_detection.h"

namespace taescope {

GameClues game_clues(const DocumentTae& tae);

// The game of the document's event files: the first decided by a path root, else the first
// guess; "" with the reason when none decides. Its disagreements gather every event file's
// clues that point elsewhere (an event file that names another game among them).
GameGuess detect_document_game(const Document& doc);

}  // namespace taescope
