#!/usr/bin/env bash
# The browser part of bench/run: builds the web app (dist/) and measures it in headless Chromium
# on the generated Elden Ring-scale binder, then on a loose TAE with one 2,000-event animation
# (the per-frame target's size; bench/dense_animation.h), with bench/browser/open_and_play.mjs.
# Then the Pose panel open against closed, with bench/browser/pose_panel.mjs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export NODE_PATH=/usr/share/nodejs
BINDER="${TAESCOPE_BENCH_GENERATED:-$ROOT/build/bench-inputs}/eldenring/c0000.anibnd.dcx"
(cd "$ROOT" && nice -n 10 emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null &&
  nice -n 10 cmake --build build/wasm -j"$(nproc)" --target taescope_web >/dev/null) >&2
DENSE="$ROOT/build/bench-inputs/a00.tae"
"$ROOT/build/release/taescope_bench" --write-dense-tae "$DENSE" 2000
node "$ROOT/bench/browser/open_and_play.mjs" "$ROOT/dist" "$BINDER" "generated Elden Ring-scale c0000.anibnd.dcx" \
  "$DENSE" "a00.tae with one 2,000-event animation (generated events)"
# The Pose panel's cost per frame (issue 26): open against closed while a 176-bone Elden Ring
# animation plays (corpus c5051; a row says so when the corpus is absent).
echo
node "$ROOT/bench/browser/pose_panel.mjs" "$ROOT/dist"
