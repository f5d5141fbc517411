#!/usr/bin/env bash
# The browser part of bench/run: builds the web app (dist/, with its decode worker) and measures
# it in headless Chromium on the generated Elden Ring-scale binder, then on a loose TAE with one
# 2,000-event animation (the per-frame target's size; bench/dense_animation.h), then on the
# corpus's large player binders and a Kraken binder when the corpus is there, with
# bench/browser/open_and_play.mjs. The open rows compare against the native `taescope info` of
# the same file (build/release/taescope, built by bench/run).
# Then issue 34's drops (drop_open.mjs), the Reference panel with the whole Elden Ring template
# listed (reference_panel.mjs).
# Then the Pose panel open against closed, with bench/browser/pose_panel.mjs, and the character's
# body shown against the skeleton only, with bench/browser/body_frame.mjs.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export NODE_PATH=/usr/share/nodejs
BINDER="${TAESCOPE_BENCH_GENERATED:-$ROOT/build/bench-inputs}/eldenring/c0000.anibnd.dcx"
CORPUS="${TAESCOPE_CORPUS:-$ROOT/../shared/corpus}"
(cd "$ROOT" && nice -n 10 emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null &&
  nice -n 10 cmake --build build/wasm -j"$(nproc)" --target taescope_web taescope_decode_worker >/dev/null) >&2
DENSE="$ROOT/build/bench-inputs/a00.tae"
"$ROOT/build/release/taescope_bench" --write-dense-tae "$DENSE" 2000
inputs=("$BINDER" "generated Elden Ring-scale c0000.anibnd.dcx"
  "$DENSE" "a00.tae with one 2,000-event animation (generated events)")
for rel in "sekiro/c0000.anibnd.dcx|Sekiro c0000.anibnd.dcx (corpus, DFLT)" "ds3/c0000.anibnd.dcx|DS3 c0000.anibnd.dcx (corpus, DFLT)" \
           "eldenring/c3000.krak.anibnd.dcx|Elden Ring c3000.krak.anibnd.dcx (corpus, KRAK)"; do
  file="$CORPUS/${rel%%|*}"
  if [ -f "$file" ]; then inputs+=("$file" "${rel#*|}"); else echo "corpus file absent, not measured: $file" >&2; fi
done
TAESCOPE_BENCH_CLI="$ROOT/build/release/taescope" node "$ROOT/bench/browser/open_and_play.mjs" "$ROOT/dist" "${inputs[@]}"
# The same opens by thread CPU time (a Chromium trace): what each main-thread task cost apart
# from waiting for a core on a loaded machine.
node "$ROOT/bench/browser/trace_open.mjs" "$ROOT/dist" "${inputs[@]}"
# Issue 34's page goals: the four corpus binders and the c5051 model + animation binders dropped as a
# user drops them (a few seconds after load, nothing polling the state): drop-to-ready beside native
# `taescope info`, the longest frame (model read included), and a traced drop's main-thread CPU.
echo
TAESCOPE_BENCH_CLI="$ROOT/build/release/taescope" node "$ROOT/bench/browser/drop_open.mjs" "$ROOT/dist"
# The Reference panel (issue 28): the whole Elden Ring template listed, with no file and with
# the generated Elden Ring-scale binder open (its per-field value counts).
node "$ROOT/bench/browser/reference_panel.mjs" "$ROOT/dist" "$BINDER"
# The Pose panel's cost per frame (issue 26): open against closed while a 176-bone Elden Ring
# animation plays (corpus c5051; a row says so when the corpus is absent).
echo
node "$ROOT/bench/browser/pose_panel.mjs" "$ROOT/dist"
# The character's body (issue 32): frame time while c5051 plays with the body shown against the
# skeleton only (corpus c5051 anibnd + chrbnd; a row says so when the corpus is absent).
echo
node "$ROOT/bench/browser/body_frame.mjs" "$ROOT/dist"
# The hit shapes (issue 40): frame time while c5051 plays an attack with the regulation's hit
# shapes shown against hidden (corpus c5051 binders + regulation-1.12.bin).
echo
node "$ROOT/bench/browser/hitbox_frame.mjs" "$ROOT/dist"
# The cold start (issue 42): navigation to the sample drawn in fresh contexts against the same
# browser fetching and compiling taescope.wasm, with where the time goes.
echo
node "$ROOT/bench/browser/cold_start.mjs" "$ROOT/dist"
