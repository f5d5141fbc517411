// Reads a FLVER2 file (../shared/spec/flver-model.md) into a flver::Model.
//
//   auto model = flver::read_flver(bytes);   // bytes: the `.flver` member of a model binder
//   if (!model.ok()) show(model.error());    // "bone 12: parent 900 out of range (423 bones)"
//
// Every read is bounds-checked and every error names the table entry and the byte offset.
// Tables whose damage would make the model unsafe to draw (bones, dummies, materials, meshes,
// face sets, buffers) fail the whole read; a layout member whose type or semantic the reader
// does not know fails only its mesh (Mesh::error), so the rest of the model still opens.
// The vertex streams are decoded here, once, into flat arrays: nothing is allocated per vertex.
#pragma once

#include "flver/flver_model.h"
#include "io/byte_reader.h"
#include "io/result.h"

namespace taescope::flver {

// True when `data` starts with the FLVER magic ("FLVER\0").
bool is_flver(Bytes data);

Result<Model> read_flver(Bytes data);

}  // namespace taescope::flver
