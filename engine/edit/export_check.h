// Exporting an edited document, checked first.
//
// Before the bytes leave, every edited event file is written, read back and checked:
//  - blocking: the written file does not read back, or reads back to something that writes
//    other bytes; or the validator finds a new error, i.e. the edit broke a Proven rule of the
//    format (tae_validator.h); or the container cannot be written (a changed BND3).
//  - warnings: new validator warnings and infos (an event ending before it starts, a negative
//    start, an import naming a missing record...), and new disagreements between parameter
//    bytes and the game's templates (a value no entry names, a failed assert...).
// "New" means not already in the file as it was opened: findings of the original bytes never
// block an export of a file that had them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "binder/document.h"
#include "io/result.h"
#include "templates/event_template.h"

namespace taescope {

struct ExportFinding {
    std::string file;     // the event file's name (member name)
    std::string message;  // one line for the user
};

struct ExportCheck {
    std::vector<ExportFinding> blocking;
    std::vector<ExportFinding> warnings;
    bool ok() const { return blocking.empty(); }
};

// Checks every modified event file of `doc` (templates may be nullptr: no template check).
ExportCheck check_before_export(const Document& doc, const GameTemplates* templates);

// The bytes of one event file as it is now (written when modified, the stored bytes otherwise).
Result<std::vector<uint8_t>> export_tae_file(const Document& doc, size_t tae_index);

struct CheckedExport {
    ExportCheck check;
    std::vector<uint8_t> bytes;  // empty when a blocking problem stopped the export
};

// Checks, then writes the whole file (untouched members keep their bytes; the original DCX
// method, KRAK as stored blocks, or DFLT when options ask). With a blocking problem nothing is
// written unless `write_despite_blocking` (for experiments the user insists on).
Result<CheckedExport> export_checked(const Document& doc, const GameTemplates* templates,
                                     const ExportOptions& options = {}, bool write_despite_blocking = false);

}  // namespace taescope
