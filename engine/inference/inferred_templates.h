// Inferred layouts as templates: an event type's inferred fields become an EventTypeTemplate
// (origin "inferred"), so the decoder, the Inspector and `taescope check` read inferred fields
// the way they read a community template's, and a game's inferred layouts can be saved in our
// text format (template_text_format.h) and loaded back. Such a file carries the source line
// kInferredTemplatesSource: loading it adds its types to the templates in use and never
// replaces one (template_library.h), so it never overwrites a community template.
#pragma once

#include <string>
#include <vector>

#include "inference/layout_inference.h"
#include "templates/event_template.h"

namespace taescope {

inline constexpr std::string_view kInferredOrigin = "inferred";

// Field type of an inferred field: pad and bytes become byte arrays of their size.
FieldType template_field_type(InferredType t);
// "inferred f32 @8 (high)": the name an inferred field gets in a template.
std::string inferred_field_name(const InferredField& f);

// One layout as a template (fields from `from_offset` on are the layout's; nothing before).
EventTypeTemplate template_from_layout(const InferredLayout& layout);
// A game's inferred layouts as one template document (finished), with the inferred source line
// and one line per input file.
GameTemplates templates_from_layouts(const std::string& game, const std::vector<InferredLayout>& layouts,
                                     const std::vector<std::string>& inputs);

// Whether some event of the type stores a non-zero byte at or past `template_size`
// (check's nonzero-past-template): then the tail is worth inferring.
bool tail_past_template(const TypeSamples& samples, uint32_t template_size);

// What inference decodes beyond the templates, counted per event (taescope check and census):
// events of a type without a template whose inferred layout explains every byte (no "bytes"
// field), and events with a template that store non-zero bytes past its end (decoded by the
// inferred tail).
struct InferenceCoverage {
    uint64_t events_inferred = 0;
    uint64_t events_with_inferred_tail = 0;
    std::vector<std::pair<int32_t, uint64_t>> inferred_by_type;  // (type, events), by type
};
InferenceCoverage inference_coverage(const EventSamples& samples, const GameTemplates* templates);

}  // namespace taescope
