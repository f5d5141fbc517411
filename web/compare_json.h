// The query API's view of the comparison with a reference file (engine/compare): state().compare.
// The shape is documented in web/page/taescope-page.js; state_json.cpp assembles state().
#pragma once

#include <cstddef>
#include <string>

#include "json_writer.h"

namespace taescope::web {

class App;

// "compare": null without a reference file, else the summary, the animations that differ and the
// selected animation's events as the diff paired them.
void write_compare_json(JsonWriter& json, App& app);

}  // namespace taescope::web
