#!/usr/bin/env bash
# The wasm part of bench/run, under Node: our Kraken decoder beside ooz-wasm on the same inputs,
# and the open-to-ready stages (bench/open_stages.cpp, CMake target taescope_bench_wasm) beside
# the native times that the native run wrote to $TAESCOPE_BENCH_OPEN_TSV; the Havok stages and the
# character model stages (model open, CPU skinning) and the params stages (regulation open, attack
# chain) the same way ($TAESCOPE_BENCH_HAVOK_TSV, _MODEL_TSV, _PARAMS_TSV).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NODE_PATH=/usr/share/nodejs
nice -n 10 "$ROOT/bench/wasm/build.sh" >&2
nice -n 10 node --no-experimental-fetch "$ROOT/bench/wasm/kraken_vs_ooz.mjs" "$ROOT/build/bench-wasm/kraken_bench.js"
if [ -n "${TAESCOPE_BENCH_OPEN_TSV:-}" ] && [ -s "$TAESCOPE_BENCH_OPEN_TSV" ]; then
  (cd "$ROOT" && nice -n 10 emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    nice -n 10 cmake --build build/wasm -j"$(nproc)" --target taescope_bench_wasm >/dev/null) >&2
  echo
  nice -n 10 node --no-experimental-fetch "$ROOT/bench/wasm/compare_open_stages.mjs" "$TAESCOPE_BENCH_OPEN_TSV" \
    "$ROOT/build/wasm/taescope_bench_wasm.js"
fi
if [ -n "${TAESCOPE_BENCH_HAVOK_TSV:-}" ] && [ -s "$TAESCOPE_BENCH_HAVOK_TSV" ]; then
  (cd "$ROOT" && nice -n 10 emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    nice -n 10 cmake --build build/wasm -j"$(nproc)" --target taescope_bench_havok_wasm >/dev/null) >&2
  echo
  nice -n 10 node "$ROOT/bench/wasm/compare_havok.mjs" "$TAESCOPE_BENCH_HAVOK_TSV" "$ROOT/build/wasm/taescope_bench_havok_wasm.js" \
    "$ROOT/build/release/taescope_bench_havok_native"
fi
if [ -n "${TAESCOPE_BENCH_MODEL_TSV:-}" ] && [ -s "$TAESCOPE_BENCH_MODEL_TSV" ]; then
  (cd "$ROOT" && nice -n 10 emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    nice -n 10 cmake --build build/wasm -j"$(nproc)" --target taescope_bench_model_wasm >/dev/null) >&2
  echo
  nice -n 10 node "$ROOT/bench/wasm/compare_model.mjs" "$TAESCOPE_BENCH_MODEL_TSV" "$ROOT/build/wasm/taescope_bench_model_wasm.js" \
    "$ROOT/build/release/taescope_bench_model_native"
fi
if [ -n "${TAESCOPE_BENCH_PARAMS_TSV:-}" ] && [ -s "$TAESCOPE_BENCH_PARAMS_TSV" ]; then
  (cd "$ROOT" && nice -n 10 emcmake cmake -S . -B build/wasm -DCMAKE_BUILD_TYPE=Release >/dev/null &&
    nice -n 10 cmake --build build/wasm -j"$(nproc)" --target taescope_bench_params_wasm >/dev/null) >&2
  echo
  nice -n 10 node "$ROOT/bench/wasm/compare_params.mjs" "$TAESCOPE_BENCH_PARAMS_TSV" "$ROOT/build/wasm/taescope_bench_params_wasm.js" \
    "$ROOT/build/release/taescope_bench_params_native"
fi
