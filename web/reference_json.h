// The query API's view of the Reference panel (reference/, app_reference.cpp): state().reference.
// The shape is documented in web/page/taescope-page.js; state_json.cpp assembles state().
#pragma once

#include <cstddef>
#include <string>

#include "json_writer.h"

namespace taescope::web {

class App;

// "reference": its search, the type shown with every field's confidence and source, the simulator's
// reading, the other games' differences and the open file's values; hits cut at `max_hits`.
void write_reference_json(JsonWriter& json, App& app, size_t max_hits);
// The same, every hit included: {reference: {...}}.
std::string reference_json(App& app);

}  // namespace taescope::web
