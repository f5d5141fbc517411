// Every event of a TAE file against its game's templates: the per-event findings with where
// they are (animation, event), and the totals per kind and per event type.
#pragma once

#include <cstdint>
#include <vector>

#include "tae/tae_model.h"
#include "templates/template_disagreements.h"

namespace taescope {

struct EventFindings {
    size_t animation_index = 0;
    uint64_t animation_number = 0;  // as stored in the file
    size_t event_index = 0;
    int32_t type = 0;
    std::vector<Finding> findings;
};

struct TaeTemplateReport {
    DisagreementTally tally;
    std::vector<EventFindings> events;  // only the events with findings, in file order
};

// `templates` may be nullptr (game unknown): then every event is "no template".
TaeTemplateReport check_tae_templates(const TaeFile& tae, const GameTemplates* templates);

}  // namespace taescope
