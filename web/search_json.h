// The query API's view of the last search (search_model.h).
// The shape is documented in web/page/taescope-page.js; state_json.cpp assembles state().
#pragma once

#include <cstddef>
#include <string>

#include "json_writer.h"

namespace taescope::web {

class App;

// {query, truncated, hits: [{taeFile, animation, animationName, event, what}]}
std::string search_json(const App& app);

}  // namespace taescope::web
