// One animation of an opened document, simulated: the record is found by full number, its
// ImportOther chain followed (animation_imports.h), and the animation whose events apply is
// simulated (animation_simulation.h). The viewer and `taescope sim` both start here.
#pragma once

#include <cstdint>

#include "io/result.h"
#include "sim/animation_imports.h"
#include "sim/animation_simulation.h"

namespace taescope {

struct DocumentSimulation {
    AnimationRef requested;
    ImportResolution import;         // import.events_from is the record simulated
    size_t own_events_not_used = 0;  // events stored on a resolved ImportOther record itself
    AnimationSimulation simulation;
};

// `index` must have been built from the document it is used with (AnimationIndex::from_document).
// Fails only when no record has `full_number`.
Result<DocumentSimulation> simulate_animation(const AnimationIndex& index, uint64_t full_number,
                                              const GameTemplates* templates, const SimOptions& options = {});

}  // namespace taescope
