// Binder-wide search, as pure data (no ImGui): every event file, animation and event of the
// opened document matched against one query. The Search panel (panel_search.cpp) and the
// query API (taescope.search) both call this.
//
// Query forms (case-insensitive, surrounding spaces ignored):
//   233               a number: events of type 233, events with any decoded field equal to 233
//                     (e.g. a SpEffect id), and animations whose number or full number is 233
//   type:233          only the event type         value:1040    only decoded field values
//   anim:a000_001040  only animations (name substring or number)
//   "spawn ffx"       text: events whose template name contains it, animations whose name does
//   type:233 @4=1     events of type 233 whose template field at byte 4 holds 1 (the Reference
//                     panel lists a field's value this way)
#pragma once

#include <string>
#include <vector>

#include "app_state.h"
#include "loaded_document.h"

namespace taescope::web {

inline constexpr size_t kMaxSearchHits = 5000;

struct SearchResult {
    std::vector<SearchHit> hits;  // file order, animation table order, event order
    bool truncated = false;       // stopped at kMaxSearchHits
};

SearchResult search_document(const LoadedDocument& doc, const std::string& query);

}  // namespace taescope::web
