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
// The Reference panel, every hit included: {reference: {open, fragment, query, game, hits, shown, ...}}.
std::string reference_json(App& app);
// The last search: {query, truncated, hits: [{taeFile, animation, animationName, event, what}]}.
std::string search_json(const App& app);

}  // namespace taescope::web
