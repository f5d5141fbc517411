#include "sim/document_simulation.h"

#include "binder/animation_names.h"

namespace taescope {

Result<DocumentSimulation> simulate_animation(const AnimationIndex& index, uint64_t full_number,
                                              const GameTemplates* templates, const SimOptions& options) {
    auto ref = index.find(full_number);
    if (!ref)
        return make_error(Error::kNoOffset, "no animation " + animation_name(full_number) + " among the " +
                                                std::to_string(index.size()) + " records of the document");
    DocumentSimulation out;
    out.requested = *ref;
    out.import = resolve_imports(index, *ref);
    const TaeAnimation* own = index.animation(*ref);
    if (out.import.outcome == ImportOutcome::Resolved && own) out.own_events_not_used = own->events.size();
    const TaeFile* file = index.file(out.import.events_from.tae_index);
    const TaeAnimation* source = index.animation(out.import.events_from);
    if (!file || !source)
        return make_error(Error::kNoOffset, "the index does not hold " + animation_name(full_number) + "'s file");
    out.simulation = AnimationSimulation::build(*file, *source, templates, options);
    return out;
}

}  // namespace taescope
