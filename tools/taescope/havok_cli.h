// Shared by `taescope skeleton` and `taescope pose`: opening several binders of one character and
// writing Havok transforms as JSON arrays.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "binder/document.h"
#include "binder/havok_character.h"
#include "cli_output.h"
#include "havok/transform.h"

namespace taescope::cli {

// The binders of one character, opened in the order given (the first is the main one).
struct OpenedCharacter {
    std::vector<std::unique_ptr<Document>> documents;
    HavokCharacter character;
};
// Prints why to stderr and returns null when a file cannot be opened.
std::unique_ptr<OpenedCharacter> open_character(const std::vector<std::string>& paths, const char* command);

// [tx,ty,tz, qx,qy,qz,qw, sx,sy,sz]
void write_transform(JsonOut& out, const havok::QsTransform& t);
std::string transform_text(const havok::QsTransform& t);

}  // namespace taescope::cli
