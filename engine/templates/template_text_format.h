// The project's own template format: plain text, one line per event type, field and named value.
//
//   format taescope-templates 1          first line (comments and blank lines may come before)
//   game SDT                             the game code the templates are for
//   title "Sekiro: Shadows Die Twice"    optional
//   source "Smithbox ... (MIT)"          optional, repeatable: provenance
//
//   event 96 "Spawn FFX" from=Smithbox   an event type: id, optional name, optional origin
//     @0 s32 "FFX ID" alias=Particle     a field: optional @offset (checked against packing),
//     @4 s32 "Dummy Poly ID"             type (b s8 u8 s16 u16 s32 u32 s64 u64 f32 or bytes[N]),
//     @8 u8 assert=0                     optional name, then key=value attributes:
//     @9 s8 "Slot" default=-1            assert, default, ref (param table), alias, enum
//       = -1 "None"                      a named value of the field above: '=' value name
//
// Lines starting with '#' are comments. Names are double-quoted with \" and \\ escapes;
// attribute values are bare words or quoted. Numbers use the field's own spelling (signed
// decimal for s*, unsigned for u*/b, 0x hex allowed; f32 decimal, or 0x hex for raw bits).
// Fields are packed with no alignment, as in the game data; an @offset that does not match the
// packing is an error, which catches a field added or removed by hand.
#pragma once

#include <string>
#include <string_view>

#include "io/result.h"
#include "templates/event_template.h"

namespace taescope {

inline constexpr std::string_view kTemplateTextMagic = "format taescope-templates 1";

// Errors name the line: "templates line 12: ...".
Result<GameTemplates> parse_template_text(std::string_view text);
std::string write_template_text(const GameTemplates& templates);

// True when the document (after an optional BOM, blank lines and # comments) starts with
// kTemplateTextMagic.
bool looks_like_template_text(std::string_view text);

}  // namespace taescope
