#include "open_step_report.h"

#include <algorithm>

#include "json_writer.h"

namespace taescope::web {

void OpenStepReport::note_step(const DocumentOpener& opener, uint64_t frame) {
    if (&opener != opener_) opener_ = &opener, logged_ = 0;
    if (opener.step_log().size() == logged_) return;  // no step since the last call
    logged_ = opener.step_log().size();
    const DocumentOpener::StepRecord& step = opener.step_log().back();
    ++steps;
    largest_budget_ms = std::max(largest_budget_ms, step.budget_seconds * 1000.0);
    if (step.units > 1 && step.last_unit_began_seconds >= step.budget_seconds) ++units_begun_over_budget;
    if (frame != frame_) frame_ = frame, steps_in_frame_ = 0;
    most_steps_in_one_frame = std::max(most_steps_in_one_frame, ++steps_in_frame_);
}

void OpenStepReport::note_finished(const DocumentOpener& opener) {
    for (const DocumentOpener::StageRecord& s : opener.stage_log()) {
        const std::string name = DocumentOpener::stage_name(s.stage);
        auto same = std::find_if(stages.begin(), stages.end(), [&](const Stage& x) { return x.name == name; });
        if (same == stages.end()) same = stages.insert(stages.end(), Stage{name, 0, 0, 0});
        same->steps += s.steps;
        same->units += s.units;
        same->most_records_in_a_unit = std::max(same->most_records_in_a_unit, s.most_records_in_a_unit);
    }
}

void write_open_step_report(JsonWriter& json, const OpenStepReport& report) {
    json.begin_object()
        .field("steps", uint64_t(report.steps))
        .field("largestBudgetMilliseconds", report.largest_budget_ms)
        .field("unitsBegunOverBudget", uint64_t(report.units_begun_over_budget))
        .field("mostStepsInOneFrame", uint64_t(report.most_steps_in_one_frame))
        .field("recordsPerUnit", DocumentOpener::kRecordsPerUnit);
    json.key("stages").begin_array();
    for (const auto& s : report.stages)
        json.begin_object()
            .field("name", s.name)
            .field("steps", uint64_t(s.steps))
            .field("units", uint64_t(s.units))
            .field("mostRecordsInAUnit", s.most_records_in_a_unit)
            .end_object();
    json.end_array().end_object();
}

}  // namespace taescope::web
