// Turning a binder member's stored name into a safe relative path for extraction.
#pragma once

#include <string>

namespace taescope {

// "N:\NTC\data\chr\c0000\tae\a10.tae" -> "NTC/data/chr/c0000/tae/a10.tae": the drive letter,
// leading separators and "." / ".." components are dropped, backslashes become slashes, and
// characters a file system may refuse (control characters, : * ? " < > |) become '_'.
// Returns "" when nothing is left (the caller then names the member by its index).
std::string safe_member_path(const std::string& stored_name);

}  // namespace taescope
