// Warming up the open path while the page waits for a file.
//
// V8 compiles a wasm function when it is first called and compiles the hot ones again, with its
// optimising tier, on background threads. The first open after the page loaded therefore paid
// for both: in headless Chromium on 2 cores, opening a 1.6 MB Kraken binder spent 0.5 s of CPU
// time in that background compile and 60 ms of lazy compiles on the main thread, and the page's
// frames stalled behind it for up to 0.5 s (the same file opened a second time: no long task,
// longest frame 130 ms). The page therefore runs the open path on its bundled sample a number
// of times in idle moments before any file is dropped.
#pragma once

#include "io/byte_reader.h"
#include "templates/template_library.h"

namespace taescope::web {

// Opens `file` as a drop does (the container, the binder, every event file, the templates per
// file, the animation index), then prepares the timeline and the simulation of every animation,
// again and again until `budget_ms` of wall time have passed; at least once. Nothing of the
// app's state is read or written but the templates. Returns how many opens ran (0: the file does
// not open, nothing more is tried).
int warm_up_open_path(Bytes file, const TemplateLibrary& templates, double budget_ms);

}  // namespace taescope::web
