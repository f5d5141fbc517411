#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian 12 machine: Debian packages, then the pinned Debian
# *source* packages (Dear ImGui 1.90.1, SDL2 2.26.5, zlib) checked by sha256 and built for
# wasm once into .cache/deps. A second run does nothing that is already done.
#   tools/setup.sh            everything (native + wasm + browser tests)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/.cache"
DEPS="$CACHE/deps"
DL="$CACHE/downloads"
export NODE_PATH=/usr/share/nodejs   # Debian's emcc needs Debian's node-acorn (toolchain.md)
log() { printf '[setup] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# ---- Debian packages ----
PACKAGES=(build-essential cmake emscripten binaryen doctest-dev libstb-dev zlib1g-dev chromium
          clang-14 lld-14 libclang-rt-14-dev dpkg-dev xz-utils ca-certificates)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# ---- Debian source packages (pinned versions and sha256 of the upstream tarballs) ----
IMGUI_VERSION="1.90.1+ds-1"
IMGUI_ORIG="imgui_1.90.1+ds.orig.tar.xz"
IMGUI_SHA256="ecce377df0f90b292f15dcbd83d438bddc162b2388c881132bde18c787572a1c"
SDL2_VERSION="2.26.5+dfsg-1"
SDL2_ORIG="libsdl2_2.26.5+dfsg.orig.tar.gz"
SDL2_SHA256="b3f2c822151804125d08db94c65852f711c2e5df2145a59da120748dc32eb9c3"
ZLIB_VERSION="1:1.2.13.dfsg-1"
ZLIB_ORIG="zlib_1.2.13.dfsg.orig.tar.bz2"
ZLIB_SHA256="71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1"

SRC_LIST=/etc/apt/sources.list.d/taescope-deb-src.sources
ensure_deb_src() {
  [ -f "$SRC_LIST" ] && return 0
  log "adding deb-src entries for bookworm and trixie (source packages only; no binary comes from trixie)"
  as_root tee "$SRC_LIST" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  as_root apt-get update -qq
}

# fetch SOURCE_PACKAGE VERSION ORIG_TARBALL SHA256
fetch() {
  local pkg="$1" version="$2" orig="$3" sha="$4"
  mkdir -p "$DL"
  if [ ! -f "$DL/$orig" ]; then
    ensure_deb_src
    log "downloading source package $pkg=$version"
    (cd "$DL" && apt-get source --download-only -qq "$pkg=$version" >/dev/null)
  fi
  local got
  got=$(sha256sum "$DL/$orig" | cut -d' ' -f1)
  if [ "$got" != "$sha" ]; then
    log "sha256 mismatch for $orig: expected $sha, got $got"
    exit 1
  fi
}

# extract TARBALL DEST (strips the top-level folder)
extract() {
  rm -rf "$2.tmp" && mkdir -p "$2.tmp"
  tar -xf "$1" -C "$2.tmp" --strip-components=1
  rm -rf "$2" && mv "$2.tmp" "$2"
}

mkdir -p "$DEPS"

if [ ! -f "$DEPS/imgui/imgui.cpp" ]; then
  fetch imgui "$IMGUI_VERSION" "$IMGUI_ORIG" "$IMGUI_SHA256"
  extract "$DL/$IMGUI_ORIG" "$DEPS/imgui"
  log "Dear ImGui 1.90.1 ready in $DEPS/imgui"
fi

if [ ! -f "$DEPS/zlib-wasm/lib/libz.a" ]; then
  fetch zlib "$ZLIB_VERSION" "$ZLIB_ORIG" "$ZLIB_SHA256"
  extract "$DL/$ZLIB_ORIG" "$CACHE/zlib-src"
  log "building zlib for wasm"
  rm -rf "$CACHE/zlib-obj" && mkdir -p "$CACHE/zlib-obj" "$DEPS/zlib-wasm.tmp/lib" "$DEPS/zlib-wasm.tmp/include"
  for c in adler32 compress crc32 deflate infback inffast inflate inftrees trees uncompr zutil; do
    emcc -O2 -c "$CACHE/zlib-src/$c.c" -o "$CACHE/zlib-obj/$c.o"
  done
  emar rcs "$DEPS/zlib-wasm.tmp/lib/libz.a" "$CACHE"/zlib-obj/*.o
  cp "$CACHE/zlib-src/zlib.h" "$CACHE/zlib-src/zconf.h" "$DEPS/zlib-wasm.tmp/include/"
  rm -rf "$DEPS/zlib-wasm" && mv "$DEPS/zlib-wasm.tmp" "$DEPS/zlib-wasm"
fi

if [ ! -f "$DEPS/sdl2-wasm/lib/libSDL2.a" ]; then
  fetch libsdl2 "$SDL2_VERSION" "$SDL2_ORIG" "$SDL2_SHA256"
  [ -f "$CACHE/sdl2-src/CMakeLists.txt" ] || extract "$DL/$SDL2_ORIG" "$CACHE/sdl2-src"
  log "building SDL2 for wasm (the configure step takes a few minutes, once)"
  emcmake cmake -S "$CACHE/sdl2-src" -B "$CACHE/sdl2-build" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$DEPS/sdl2-wasm.tmp" >"$CACHE/sdl2-configure.log" 2>&1 \
    || { tail -20 "$CACHE/sdl2-configure.log"; exit 1; }
  cmake --build "$CACHE/sdl2-build" -j"$(nproc)" >"$CACHE/sdl2-build.log" 2>&1 || { tail -20 "$CACHE/sdl2-build.log"; exit 1; }
  rm -rf "$DEPS/sdl2-wasm.tmp"
  cmake --install "$CACHE/sdl2-build" >/dev/null
  rm -rf "$DEPS/sdl2-wasm" && mv "$DEPS/sdl2-wasm.tmp" "$DEPS/sdl2-wasm"
fi

# ---- npm test dependencies (playwright-core drives Debian's chromium; ooz-wasm is a second Kraken decoder) ----
if [ ! -d "$ROOT/tests/e2e/node_modules/playwright-core" ] && [ -f "$ROOT/tests/e2e/package.json" ]; then
  log "installing the browser-test packages from npm"
  (cd "$ROOT/tests/e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi
log "ready"
