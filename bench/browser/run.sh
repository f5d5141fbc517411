#!/usr/bin/env bash
# The browser part of bench/run: builds the web app (dist/) and measures it in headless Chromium
# on the generated Elden Ring-scale binder (bench/browser/open_and_play.mjs).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export NODE_PATH=/usr/share/nodejs
BINDER="${TAESCOPE_BENCH_GENERATED:-$ROOT/build/bench-inputs}/eldenring/c0000.anibnd.dcx"
(cd "$ROOT" && nice -n 10 emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null &&
  nice -n 10 cmake --build build/wasm -j"$(nproc)" --target taescope_web >/dev/null) >&2
node "$ROOT/bench/browser/open_and_play.mjs" "$ROOT/dist" "$BINDER" "generated Elden Ring-scale c0000.anibnd.dcx"
