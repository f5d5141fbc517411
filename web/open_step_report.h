// What the engine did while a file (or a set of files) opened on the page, step by step, as the
// opener logged it (DocumentOpener::step_log / stage_log, engine/binder/document.h): the stages
// it went through, each step's budget, whether a step began work after its budget was spent,
// and how many steps ran within one frame. Tests judge these instead of what a frame happened to
// see, so that a verdict does not depend on how fast or loaded the machine is.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "binder/document.h"

namespace taescope::web {

class JsonWriter;

struct OpenStepReport {
    struct Stage {
        std::string name;  // DocumentOpener::stage_name
        uint32_t steps = 0;
        uint32_t units = 0;
        uint64_t most_records_in_a_unit = 0;  // DocumentOpener::StageRecord's
    };
    uint32_t steps = 0;
    double largest_budget_ms = 0;
    // Units of work begun after their step's budget was spent, in steps of several units: the
    // budget rule says none.
    uint32_t units_begun_over_budget = 0;
    uint32_t most_steps_in_one_frame = 0;
    std::vector<Stage> stages;  // in order; a set's files add theirs (the same stage merged)

    void clear() { *this = OpenStepReport{}; }
    // After each step of `opener` in frame `frame` (the page's frame counter).
    void note_step(const DocumentOpener& opener, uint64_t frame);
    // Once `opener` is done: its stages join the report.
    void note_finished(const DocumentOpener& opener);

private:
    const DocumentOpener* opener_ = nullptr;  // whose step log was read last, and how far
    size_t logged_ = 0;
    uint64_t frame_ = UINT64_MAX;
    uint32_t steps_in_frame_ = 0;
};

void write_open_step_report(JsonWriter& json, const OpenStepReport& report);

}  // namespace taescope::web
