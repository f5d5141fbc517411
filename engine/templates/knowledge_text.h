// The text format of the knowledge data (engine/templates/knowledge/knowledge.txt):
//
//   format taescope-knowledge 1                first line (comments and blank lines may come before)
//
//   type 715 SDT                               an entry about event type 715 of Sekiro
//   field 715 SDT @0 1 "selector"              an entry about bytes 0..0 of its parameters
//   field 730 SDT,ER @0 4 "field 0" stored=integer
//                                              stored=: the reading the stored values decide
//                                              (float, integer, undecided); count=OFFSET: the word
//                                              to count, by default the field's own offset
//   every SDT,ER "open end"                    an entry about every event
//
//     Sourced source=SekiroAnimationBridge "The selector names four slots."
//     Observed basis="every event of both installs" reads=float "zero on 76,495 ..."
//       = 0 "sword"                            a value the statement above names
//
// Games are SDT, ER, NR, DS3 (comma-separated) or * for every game. A statement line starts with
// its confidence (Proven, Observed, Sourced, Inferred, Unknown), then key=value attributes
// (source, basis, reads=float|integer), then the quoted text. A Sourced statement must name
// its source. Lines starting with '#' are comments; strings are double-quoted with \" and \\.
#pragma once

#include <string_view>
#include <vector>

#include "io/result.h"
#include "templates/knowledge.h"

namespace taescope {

inline constexpr std::string_view kKnowledgeTextMagic = "format taescope-knowledge 1";

// Errors name the line: "knowledge line 12: ...", with the byte offset of the line.
Result<std::vector<KnowledgeEntry>> parse_knowledge_text(std::string_view text);

// Defined in knowledge_data.cpp, generated at build time by tools/embed_texts.cmake.
std::string_view builtin_knowledge_text();

}  // namespace taescope
