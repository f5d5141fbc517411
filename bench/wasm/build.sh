#!/usr/bin/env bash
# Builds the wasm Kraken benchmark module into build/bench-wasm/ (Emscripten, -O3, SIMD128 as
# the page's engine build uses: CMakeLists.txt passes -msimd128 to taescope_engine for wasm).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export NODE_PATH=/usr/share/nodejs
OUT="$ROOT/build/bench-wasm"
mkdir -p "$OUT"
em++ -std=c++20 -O3 -msimd128 -DNDEBUG -Wall -Wextra -Werror -I"$ROOT/engine" \
  "$ROOT/bench/wasm/kraken_wasm_entry.cpp" "$ROOT"/engine/container/kraken_*.cpp "$ROOT"/engine/io/result.cpp \
  "$ROOT"/engine/io/byte_reader.cpp \
  -sMODULARIZE=1 -sEXPORT_NAME=createKrakenBench -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 \
  -sEXPORTED_FUNCTIONS=_malloc,_free,_taescope_kraken_decode -o "$OUT/kraken_bench.js"
