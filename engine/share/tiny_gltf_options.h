// tinygltf (Debian libtinygltf-dev) as the engine uses it, for every file that includes it (the
// options change its classes, so they must be the same everywhere): no image decoding or encoding
// (stb), no file system (the .glb is written to and read from memory; the page's wasm build has
// no files), no exceptions. engine/share/gltf_writer.cpp holds the implementation.
#pragma once

// tiny_gltf.h 2.7 names std::ofstream in its file writers (never called here, and compiled even
// with TINYGLTF_NO_FS) without including <fstream>: included first, in a block of its own so that
// clang-format's include sorting keeps it first.
#include <fstream>

#ifndef TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE
#endif
#ifndef TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#endif
#ifndef TINYGLTF_NO_EXTERNAL_IMAGE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#endif
#ifndef TINYGLTF_NO_FS
#define TINYGLTF_NO_FS
#endif
#ifndef TINYGLTF_NOEXCEPTION
#define TINYGLTF_NOEXCEPTION
#endif
#ifndef JSON_NOEXCEPTION
#define JSON_NOEXCEPTION
#endif

#include <tiny_gltf.h>
