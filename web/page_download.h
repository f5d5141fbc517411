// Handing bytes to the page as a download: the page turns them into a Blob URL download
// (web/page/taescope-download.js). One place for the export, glTF, inferred templates and the
// frame-data CSV; and the file stem those downloads are named after.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace taescope::web {

void offer_download(const void* data, size_t size, const std::string& name, const char* mime_type);

// "c5051" from "c5051.anibnd.dcx" (or from a path); "character" when nothing is left.
std::string character_file_stem(const std::string& file);

}  // namespace taescope::web
