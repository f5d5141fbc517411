// What `taescope info` and `taescope roundtrip` print about a whole document (an .anibnd.dcx or
// a bare binder): its wrapper, its members and the event files inside, via binder/document.h.
#pragma once

#include <string>

#include "binder/document.h"
#include "templates/game_detection.h"

namespace taescope::cli {

// True when `data` is a wrapped file or a binder (then info/roundtrip treat it as a document)
// rather than a loose TAE.
bool is_document_file(Bytes data);

// Container, payload, members, event files with their group/slot, animation and event counts,
// and the document's notes.
void print_document_summary(const Document& doc);
// "  game           Armored Core VI: Fires of Rubicon (AC6): binder path root W:\FNR ...", then one
// "  clue disagrees ..." line per clue that points elsewhere.
void print_game(const GameGuess& guess);

// The member bytes of event file `tae_index` (for per-TAE tools).
Bytes document_tae_bytes(const Document& doc, size_t tae_index);

// Re-exports the whole document and compares it with `original`; prints one line. True when identical.
bool roundtrip_document(const Document& doc, Bytes original);

}  // namespace taescope::cli
