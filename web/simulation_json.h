// The query API's view of the simulation (sim/, simulation_frame.h): state().simulation.
// The shape is documented in web/page/taescope-page.js; state_json.cpp assembles state().
#pragma once

#include <cstddef>
#include <string>

#include "json_writer.h"

namespace taescope::web {

class App;

// "simulation": null when nothing is selected, else the frame at the playhead, the masks (with the
// event that decided each), the mask strip's place and hover, the active events, the effects
// started, the mask and conditional events.
void write_simulation_json(JsonWriter& json, const App& app);

}  // namespace taescope::web
