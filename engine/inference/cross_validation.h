// Inference on data it has not seen: cross-validation of the inferred layouts against the
// templates (template_agreement.h).
//
// The rules of layout_inference.h were written looking at the corpus; a share measured on the
// files they were written on says little about other files. Here the events of one game come in
// parts (one per binder or loose file, or groups of event files when a game has one binder).
// For each part in turn the layouts are inferred from the other parts and judged on the held-out
// part's events against the templates: a template field agrees when the layout inferred
// elsewhere has a field of its kind at its offset that decodes the held-out events' bits. Beside
// it, each part alone (inferred from its own events and judged on them), as a reader of that one
// file would see it. Both leave out the undetermined fields (the same bytes in every event the
// layout was inferred from) and the template findings, and say how many bytes those are.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "inference/event_samples.h"
#include "inference/template_agreement.h"

namespace taescope {

struct CrossValidationPart {
    std::string name;  // what the part holds: a file, or "event files 1, 5, 9, ..."
    EventSamples samples;
};

struct CrossValidationFold {
    std::string held_out;
    GameComparison from_others;  // inferred from the other parts, judged on this one
    GameComparison alone;        // inferred from this part, judged on it
};

struct CrossValidation {
    std::string game;
    uint32_t min_events = 20;
    std::vector<CrossValidationFold> folds;
    GameComparison from_others;  // every fold's types together
    GameComparison alone;
};

// Every part held out once; a type counts in a fold when the templates define it and both the
// parts inferred from and the part judged hold at least `min_events` of its events (alone: the
// part does). Fewer than two parts: no fold.
CrossValidation cross_validate(const std::vector<CrossValidationPart>& parts, const GameTemplates& templates,
                               std::string game, uint32_t min_events = 20, InferenceRules rules = InferenceRules::Full);

// The events of one file to deal into parts: per event file, per animation.
struct CrossValidationFile {
    std::string name;
    std::vector<std::vector<EventSamples>> event_files;  // [event file][animation]
};

// The parts of one game's files: one per file when two or more hold events; else the one file's
// event files dealt round-robin into `folds` groups; else (one event file) its animations dealt
// the same way. Fewer than two parts when there is nothing to deal.
std::vector<CrossValidationPart> cross_validation_parts(const std::vector<CrossValidationFile>& files,
                                                        size_t folds = 4);

}  // namespace taescope
