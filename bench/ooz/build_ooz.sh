#!/usr/bin/env bash
# Builds the peer Kraken decoder ooz (GPL, ../shared/peers/ooz; never part of the project) into
# build/peers/ooz/libooz.a for the benchmark-only target taescope_bench_vs_ooz: copies its
# sources into build/, applies the one-line reset patch FromSoftware's files need, cuts the
# Windows command-line tool off kraken.cpp (its README says where) and compiles with -O3, the
# optimisation level of our Release build. Prints the library's path; exits 1 if the peer is absent.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PEER="${TAESCOPE_OOZ_SOURCE:-$ROOT/../shared/peers/ooz}"
OUT="$ROOT/build/peers/ooz"
if [ ! -f "$PEER/kraken.cpp" ] || [ ! -f "$PEER/reset.patch" ]; then
  echo "ooz not found in $PEER" >&2
  exit 1
fi
if [ -f "$OUT/libooz.a" ] && [ "$OUT/libooz.a" -nt "$PEER/kraken.cpp" ] && [ "$OUT/libooz.a" -nt "$0" ]; then
  echo "$OUT/libooz.a"
  exit 0
fi
rm -rf "$OUT" && mkdir -p "$OUT/src"
cp "$PEER"/kraken.cpp "$PEER"/lzna.cpp "$PEER"/bitknit.cpp "$PEER"/stdafx.h "$OUT/src/"
(cd "$OUT/src" && patch -s -p1 < "$PEER/reset.patch")
cut_at=$(grep -n '^// The decompressor will write outside of the target buffer\.' "$OUT/src/kraken.cpp" | cut -d: -f1)
[ -n "$cut_at" ] || { echo "ooz: the command-line part of kraken.cpp was not found" >&2; exit 1; }
head -n $((cut_at - 1)) "$OUT/src/kraken.cpp" > "$OUT/src/kraken_decoder_only.cpp"
for f in kraken_decoder_only lzna bitknit; do
  nice -n 10 g++ -O3 -DNDEBUG -w -c "$OUT/src/$f.cpp" -o "$OUT/$f.o"
done
ar rcs "$OUT/libooz.a" "$OUT"/kraken_decoder_only.o "$OUT"/lzna.o "$OUT"/bitknit.o
echo "$OUT/libooz.a"
