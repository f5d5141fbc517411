// The query API's answer: what the canvas shows, as JSON, so that end-to-end tests (and the
// page's own overlays) can assert on it. The shape is documented in web/page/taescope-page.js.
#pragma once

#include <string>

namespace taescope::web {

class App;

// The whole app state: load status, document summary, selection, timeline rows.
std::string state_json(App& app);  // not const: the comparison diff is computed on demand
// What the page itself shows around the canvas (busy overlay, error overlay, title, status
// line): load status, progress, error, unsaved edits and the document's counts. The page reads
// it after every change the app reports; the whole state_json of a 640-file binder took
// milliseconds to write and parse on each edit.
std::string page_status_json(App& app);
// The animations of one TAE file (name, number, events, length, header kind, import source).
std::string animations_json(const App& app, int tae_file);
// Each concern's part is written beside its model: character_json.h (pose, model), params_json.h
// (params, hitboxes), simulation_json.h, edit_json.h, compare_json.h, reference_json.h (also the
// whole reference_json), search_json.h; GltfExportModel::write_json (gltfExport). Here: the load
// status, the document, the selection and the timeline, and the assembly.

}  // namespace taescope::web
