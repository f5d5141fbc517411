#!/usr/bin/env bash
# The wasm part of bench/run: our Kraken decoder compiled to wasm beside ooz-wasm in Node.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/bench/wasm/build.sh" >&2
node --no-experimental-fetch "$ROOT/bench/wasm/kraken_vs_ooz.mjs" "$ROOT/build/bench-wasm/kraken_bench.js"
