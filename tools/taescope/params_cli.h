// Shared by `taescope params`, `hitboxes`, `framedata` and `info`: opening the game's params from
// the files a user names (a regulation.bin, a decrypted one, a .parambnd.dcx, loose .param files;
// detected by content, engine/params/regulation.h) and dropped paramdef XML files.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "params/paramdef_library.h"
#include "params/regulation.h"

namespace taescope::cli {

// One regulation-like file, or several loose .param files. Prints "taescope CMD: error" and
// returns nullopt when they cannot be opened.
std::optional<params::Regulation> open_regulation_files(const std::vector<std::string>& paths, const char* command);
// Adds each paramdef XML file to `library`; false (after printing why) when one does not parse.
bool add_paramdef_files(const std::vector<std::string>& paths, params::ParamdefLibrary& library, const char* command);
// The lines `taescope info` prints for a regulation.
void print_regulation_info(const params::Regulation& regulation);

}  // namespace taescope::cli
