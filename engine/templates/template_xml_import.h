// Importers for the two community template dialects, read exactly as they are published:
//
//   Smithbox      <event_template game="SDT">  <event id="96" name="...">   <s32 name="..." assert="0"/> ...
//   DSAnimStudio  <action_template game="SDT"> <action id="96" name="..."> ... plus <f32grad/> and <aob length="32"/>
//
// Field elements are the type names (b, s8, u8, s16, u16, s32, u32, s64, u64, f32), with the
// attributes name, assert, default, ref, aliasEnum, projectEnum and <entry value name/>
// children. DSAnimStudio's f32grad is two f32 fields (start and end of a gradient) and aob a
// byte array of `length` bytes. Unknown attributes are ignored; an unknown field element is an
// error, because every later field's offset would be wrong.
// Note: both tools label their Elden Ring file game="SDT", so `game` is what the file says,
// not necessarily what it is for.
#pragma once

#include <string_view>

#include "io/result.h"
#include "templates/event_template.h"

namespace taescope {

enum class TemplateDialect : uint8_t { Smithbox, DSAnimStudio };

// Reads either dialect (told apart by the root element). Errors carry the XML line.
Result<GameTemplates> import_template_xml(std::string_view document);

// "Smithbox <event_template>" or "DSAnimStudio <action_template>", for messages.
const char* template_dialect_name(TemplateDialect dialect);

}  // namespace taescope
