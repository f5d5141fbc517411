#!/usr/bin/env bash
# Idempotent set-up for a fresh Debian 12 machine: Debian packages, then the pinned Debian
# *source* packages (Dear ImGui 1.90.1, SDL2 2.26.5, zlib, libdeflate, libzstd, mbedtls) checked by sha256 and
# built for wasm once into .cache/deps. A second run does nothing that is already done.
# It prints how long each step took and the total.
#   tools/setup.sh            everything (native + wasm + browser tests)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="$ROOT/.cache"
DEPS="$CACHE/deps"
DL="$CACHE/downloads"
export NODE_PATH=/usr/share/nodejs   # Debian's emcc needs Debian's node-acorn (toolchain.md)
log() { printf '[setup] %s\n' "$*" >&2; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

# Durations: each step that did work is timed; the summary is printed at the end.
now_ms() { echo $(($(date +%s%N) / 1000000)); }
seconds() { printf '%d.%d s' $(($1 / 1000)) $(($1 % 1000 / 100)); }
SETUP_STARTED=$(now_ms)
STEP_NAME="" STEP_STARTED=0 STEP_TIMES=()
step() { step_done; STEP_NAME="$1"; STEP_STARTED=$(now_ms); }
step_done() {
  [ -n "$STEP_NAME" ] || return 0
  STEP_TIMES+=("$(seconds $(($(now_ms) - STEP_STARTED)))  $STEP_NAME")
  STEP_NAME=""
}

# ---- Debian packages ----
# Installed with --no-install-recommends (about 240 fewer packages on a fresh Debian 12: printer,
# desktop and Perl helpers). What the recommends gave that we use is named here instead:
# fonts-liberation (chromium-common recommends it; text in headless Chromium). chromium's own
# dependencies (its libraries, libgl1-mesa-dri) are dependencies, so they still come.
# libtinygltf-dev (tiny_gltf.h, glTF export) needs nlohmann-json3-dev's json.hpp: Debian's header is unbundled.
# libzstd-dev, libmbedtls-dev: DCX ZSTD and AES-256-CBC of regulation.bin; zstd (the tool): the
# unit test compares our ZSTD payload with its output.
PACKAGES=(build-essential cmake emscripten binaryen doctest-dev libstb-dev zlib1g-dev libdeflate-dev chromium
          libzstd-dev zstd libmbedtls-dev
          libtinygltf-dev nlohmann-json3-dev
          fonts-liberation clang-14 lld-14 libclang-rt-14-dev dpkg-dev xz-utils ca-certificates)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
SRC_LIST=/etc/apt/sources.list.d/taescope-deb-src.sources
write_deb_src() {
  [ -f "$SRC_LIST" ] && return 0
  log "adding deb-src entries for bookworm and trixie (source packages only; no binary comes from trixie)"
  as_root tee "$SRC_LIST" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  DEB_SRC_FRESH=1
}
DEB_SRC_FRESH=0
if [ ${#missing[@]} -gt 0 ]; then
  step "Debian packages (apt-get update and one install)"
  log "installing Debian packages: ${missing[*]}"
  # The deb-src entries go in before the one update, so that fetching the source packages
  # below needs no second update.
  write_deb_src
  as_root apt-get update -qq
  DEB_SRC_FRESH=0
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
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
LIBDEFLATE_VERSION="1.14-1"
LIBDEFLATE_ORIG="libdeflate_1.14.orig.tar.gz"
LIBDEFLATE_SHA256="89e7df898c37c3427b0f39aadcf733731321a278771d20fc553f92da8d4808ac"
# libzstd: the decompression half only (DCX ZSTD of Elden Ring 1.12+ regulations); the native
# build links Debian's libzstd-dev of the same upstream version.
ZSTD_VERSION="1.5.4+dfsg2-5"
ZSTD_ORIG="libzstd_1.5.4+dfsg2.orig.tar.xz"
ZSTD_SHA256="8cf4bbb65e77ec348d052c8d6230eba66d435bddf64c8b5be2fcb16880c19953"
# mbedtls: its AES alone (regulation.bin is AES-256-CBC); natively Debian's libmbedtls-dev 2.28.3.
MBEDTLS_VERSION="2.28.3-1"
MBEDTLS_ORIG="mbedtls_2.28.3.orig.tar.gz"
MBEDTLS_SHA256="3b4953aa55a681e084d31892d9904cc5328d6b4958ea57b90ae4b4f94ae69a8d"

# The deb-src entries, with an apt-get update only if they were not there at the last update.
ensure_deb_src() {
  write_deb_src
  if [ "$DEB_SRC_FRESH" = 1 ]; then
    as_root apt-get update -qq
    DEB_SRC_FRESH=0
  fi
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

# wasm_compile SRC_DIR OBJ_DIR FLAGS... < list of .c files relative to SRC_DIR: compiles them
# for wasm, $(nproc) at a time. It calls the clang that emcc calls, with the flags `emcc --cflags`
# prints (it compiles a test file to find them, which also makes sure the sysroot exists), not
# emcc itself: emcc -c starts Python for every file (3.3x the CPU time on SDL2's 131 files: 130 s
# against 39 s) to run that same clang command (the archives are byte-identical).
# Object names carry the folder (thread/generic/SDL_systhread.c -> thread_generic_SDL_systhread.o).
# The clang that emcc runs: Debian's emcc calls clang-14 (LLVM_ROOT/clang exists only where the
# unversioned `clang` package is installed, which a fresh Debian 12 lacks), so it is read from
# what `emcc -v -c` prints rather than guessed.
emcc_clang() {
  local tmp found
  tmp=$(mktemp -d)
  echo 'int x;' >"$tmp/t.c"
  found=$(emcc -v -c "$tmp/t.c" -o "$tmp/t.o" 2>&1 | sed -n 's/^ *"\([^"]*clang[^"]*\)" .*wasm32.*/\1/p' | head -1)
  rm -rf "$tmp"
  [ -n "$found" ] && [ -x "$found" ] || { log "could not find the clang that emcc runs"; exit 1; }
  echo "$found"
}

wasm_compile() {
  local src="$1" obj="$2"
  shift 2
  local cflags
  cflags="$(emcc --cflags -O2) $*"
  WASM_CLANG="$(emcc_clang)" WASM_CFLAGS="$cflags" WASM_SRC="$src" WASM_OBJ="$obj" \
    xargs -P"$(nproc)" -n1 sh -c \
    '$WASM_CLANG $WASM_CFLAGS -c "$WASM_SRC/$1" -o "$WASM_OBJ/$(echo "$1" | tr / _ | sed "s/\.c$/.o/")"' sh
}

mkdir -p "$DEPS"

if [ ! -f "$DEPS/imgui/imgui.cpp" ]; then
  step "Dear ImGui source"
  fetch imgui "$IMGUI_VERSION" "$IMGUI_ORIG" "$IMGUI_SHA256"
  extract "$DL/$IMGUI_ORIG" "$DEPS/imgui"
  log "Dear ImGui 1.90.1 ready in $DEPS/imgui"
fi

# wasm_library NAME DEST ARCHIVE "HEADERS" FLAGS... < list of .c files: compiles those files of
# the extracted $CACHE/NAME-src for wasm (wasm_compile, into $CACHE/NAME-obj) and installs
# $DEPS/DEST/lib/ARCHIVE with HEADERS (paths in the source tree, files or folders) in
# $DEPS/DEST/include; DEST appears only when it is complete.
wasm_library() {
  local src="$CACHE/$1-src" obj="$CACHE/$1-obj" dest="$DEPS/$2" archive="$3" headers="$4" h
  shift 4
  rm -rf "$obj" "$dest.tmp" && mkdir -p "$obj" "$dest.tmp/lib" "$dest.tmp/include"
  wasm_compile "$src" "$obj" "$@"
  emar rcs "$dest.tmp/lib/$archive" "$obj"/*.o
  for h in $headers; do cp -r "$src/$h" "$dest.tmp/include/"; done
  rm -rf "$dest" && mv "$dest.tmp" "$dest"
}

if [ ! -f "$DEPS/zlib-wasm/lib/libz.a" ]; then
  step "zlib for wasm"
  fetch zlib "$ZLIB_VERSION" "$ZLIB_ORIG" "$ZLIB_SHA256"
  extract "$DL/$ZLIB_ORIG" "$CACHE/zlib-src"
  log "building zlib for wasm"
  printf '%s.c\n' adler32 compress crc32 deflate infback inffast inflate inftrees trees uncompr zutil |
    wasm_library zlib zlib-wasm libz.a "zlib.h zconf.h"
fi

if [ ! -f "$DEPS/libdeflate-wasm/lib/libdeflate.a" ]; then
  step "libdeflate for wasm"
  fetch libdeflate "$LIBDEFLATE_VERSION" "$LIBDEFLATE_ORIG" "$LIBDEFLATE_SHA256"
  extract "$DL/$LIBDEFLATE_ORIG" "$CACHE/libdeflate-src"
  log "building libdeflate for wasm"
  # The library proper (lib/*.c); lib/x86 and lib/arm are CPU-specific and compile to nothing here.
  printf 'lib/%s.c\n' adler32 crc32 deflate_compress deflate_decompress gzip_compress gzip_decompress utils \
    zlib_compress zlib_decompress |
    wasm_library libdeflate libdeflate-wasm libdeflate.a "libdeflate.h" -I"$CACHE/libdeflate-src"
fi

if [ ! -f "$DEPS/zstd-wasm/lib/libzstd.a" ]; then
  step "libzstd (decompression) for wasm"
  fetch libzstd "$ZSTD_VERSION" "$ZSTD_ORIG" "$ZSTD_SHA256"
  extract "$DL/$ZSTD_ORIG" "$CACHE/zstd-src"
  log "building libzstd's decompression sources for wasm"
  # lib/common (what decompression uses: no thread pool) and lib/decompress; no x86 assembly
  # (ZSTD_DISABLE_ASM), no legacy formats; XXH_NAMESPACE as zstd's own Makefile sets it.
  printf 'lib/%s.c\n' common/debug common/entropy_common common/error_private common/fse_decompress common/xxhash \
    common/zstd_common decompress/huf_decompress decompress/zstd_ddict decompress/zstd_decompress \
    decompress/zstd_decompress_block |
    wasm_library zstd zstd-wasm libzstd.a "lib/zstd.h lib/zstd_errors.h" -DZSTD_DISABLE_ASM -DZSTD_LEGACY_SUPPORT=0 \
      -DXXH_NAMESPACE=ZSTD_ -DNDEBUG -I"$CACHE/zstd-src/lib" -I"$CACHE/zstd-src/lib/common"
fi

if [ ! -f "$DEPS/mbedcrypto-wasm/lib/libmbedcrypto.a" ]; then
  step "mbedtls AES for wasm"
  fetch mbedtls "$MBEDTLS_VERSION" "$MBEDTLS_ORIG" "$MBEDTLS_SHA256"
  extract "$DL/$MBEDTLS_ORIG" "$CACHE/mbedtls-src"
  log "building mbedtls' AES for wasm"
  # aes.c and what it calls (mbedtls_platform_zeroize); aesni.c and padlock.c compile to nothing
  # off x86 but keep the default configuration's symbols whole. Default config (include/mbedtls/config.h).
  printf 'library/%s.c\n' aes aesni padlock platform_util |
    wasm_library mbedtls mbedcrypto-wasm libmbedcrypto.a "include/mbedtls" -I"$CACHE/mbedtls-src/include" \
      -I"$CACHE/mbedtls-src/library"
fi

# SDL2 for wasm is compiled straight from its sources, configured by the header the SDL2
# release ships for Emscripten (include/SDL_config_emscripten.h, which SDL_config.h picks under
# __EMSCRIPTEN__): the way Emscripten's own SDL2 port (tools/ports/sdl2.py) builds it. SDL2's CMake configure spent 4-5 minutes here
# on feature probes whose answers that header already states; the page uses SDL's video
# (Emscripten, WebGL2 via EGL), events, keyboard, mouse, clipboard and timer; the other
# subsystems are compiled with their Emscripten or dummy back ends, as SDL_config_emscripten.h
# enables them, so that every SDL2 entry point links.
SDL2_SOURCE_DIRS=(. atomic audio audio/disk audio/dummy audio/emscripten cpuinfo dynapi events file
                  filesystem/emscripten haptic haptic/dummy hidapi joystick joystick/emscripten libm
                  loadso/dlopen locale locale/emscripten misc misc/emscripten power power/emscripten render
                  render/opengles2 render/software sensor sensor/dummy stdlib thread thread/generic timer
                  timer/unix video video/emscripten video/yuv2rgb)
if [ ! -f "$DEPS/sdl2-wasm/lib/libSDL2.a" ]; then
  step "SDL2 2.26.5 for wasm"
  fetch libsdl2 "$SDL2_VERSION" "$SDL2_ORIG" "$SDL2_SHA256"
  [ -f "$CACHE/sdl2-src/include/SDL_config_emscripten.h" ] || extract "$DL/$SDL2_ORIG" "$CACHE/sdl2-src"
  log "building SDL2 for wasm (its sources compiled $(nproc) at a time)"
  rm -rf "$CACHE/sdl2-obj" "$DEPS/sdl2-wasm.tmp" && mkdir -p "$CACHE/sdl2-obj" "$DEPS/sdl2-wasm.tmp/lib" "$DEPS/sdl2-wasm.tmp/include/SDL2"
  (cd "$CACHE/sdl2-src/src" && for d in "${SDL2_SOURCE_DIRS[@]}"; do ls "$d"/*.c; done) | sed 's|^\./||' >"$CACHE/sdl2-sources.txt"
  wasm_compile "$CACHE/sdl2-src/src" "$CACHE/sdl2-obj" -DNDEBUG -w -I"$CACHE/sdl2-src/include" \
    <"$CACHE/sdl2-sources.txt" >"$CACHE/sdl2-build.log" 2>&1 || { tail -20 "$CACHE/sdl2-build.log"; exit 1; }
  emar rcs "$DEPS/sdl2-wasm.tmp/lib/libSDL2.a" "$CACHE"/sdl2-obj/*.o
  cp "$CACHE"/sdl2-src/include/*.h "$DEPS/sdl2-wasm.tmp/include/SDL2/"
  rm -rf "$DEPS/sdl2-wasm" && mv "$DEPS/sdl2-wasm.tmp" "$DEPS/sdl2-wasm"
fi

# ---- npm test dependencies (playwright-core drives Debian's chromium; ooz-wasm is a second Kraken decoder) ----
if [ ! -d "$ROOT/tests/e2e/node_modules/playwright-core" ] && [ -f "$ROOT/tests/e2e/package.json" ]; then
  step "npm test packages"
  log "installing the browser-test packages from npm"
  (cd "$ROOT/tests/e2e" && npm ci --no-audit --no-fund --loglevel=error)
fi
step_done
if [ ${#STEP_TIMES[@]} -gt 0 ]; then
  log "set-up took $(seconds $(($(now_ms) - SETUP_STARTED))):"
  for t in "${STEP_TIMES[@]}"; do log "  $t"; done
fi
log "ready"
