// The query API's view of editing (engine/edit, app_edit.cpp): state().edit.
// The shape is documented in web/page/taescope-page.js; state_json.cpp assembles state().
#pragma once

#include <cstddef>
#include <string>

#include "json_writer.h"

namespace taescope::web {

class App;

// "edit": dirty flag, the last message, the history, the modified TAE files, the export dialog.
void write_edit_json(JsonWriter& json, const App& app);

}  // namespace taescope::web
