// Confidence badges (issue 12): every meaning the viewer shows carries the notes' confidence
// (Proven, Observed, Sourced, Inferred, Unknown) as a small coloured tag, and its source and
// the alternative readings on hover. A community guess never looks like a proven fact.
#pragma once

#include "imgui.h"
#include "templates/knowledge.h"
#include "templates/knowledge_evidence.h"

namespace taescope::web {

// 0xAABBGGRR colour of a confidence: green Proven, teal Observed, amber Sourced, violet
// Inferred, grey Unknown.
uint32_t confidence_color(Confidence c);
// "P", "O", "S", "I", "?"
const char* confidence_letter(Confidence c);

// Draws the badge (on the current line) for `entry`; on hover, a tooltip with every statement
// (confidence, source, basis, text, named values) and, when given, the stored-word evidence
// counted from the open file.
void draw_evidence_badge(const KnowledgeEntry& entry, const StoredWordCounts* evidence = nullptr);

// Whether a meaning of this confidence is shown while the "Proven/Observed only" filter is on.
inline bool passes_evidence_filter(Confidence c, bool strong_only) {
    return !strong_only || c == Confidence::Proven || c == Confidence::Observed;
}

}  // namespace taescope::web
