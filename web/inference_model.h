// The page's layout inference (engine/inference/): the event layouts of the open document's
// game inferred from its events, for the Inspector (fields of a type without a template, and
// bytes past a template's end, marked Inferred), the Reference panel, the saved template file
// and window.taescope.state().inference.
//
// It never delays the open: it starts once the document is open and runs in slices, one a
// frame after the frame was drawn (main.cpp), gathering the events of one event file after
// another first and then inferring one type after another, within the slice's budget. An edit
// of the document starts it again.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "app_state.h"
#include "inference/event_samples.h"
#include "inference/layout_inference.h"
#include "json_writer.h"
#include "templates/knowledge.h"

namespace taescope::web {

class App;

class InferenceModel {
public:
    enum class Status : uint8_t { Idle, Running, Done };

    // One slice of work for the open document (nothing when none is open or all is done).
    void step(const AppState& state, double budget_seconds);

    Status status() const { return status_; }
    const std::string& game() const { return game_; }
    size_t types_total() const { return samples_.types().size(); }
    size_t types_done() const { return next_type_; }
    double elapsed_ms() const { return elapsed_ms_; }
    // The layout of a type, once inferred (nullptr before, or when the document holds none).
    const InferredLayout* layout(int32_t type) const;
    // The layouts of the types the templates in use lack, as a template file in our text format
    // ("" until done): drop it on the page or give it to the CLI; it adds types, never replaces one.
    std::string template_text(const GameTemplates* in_use) const;

private:
    const LoadedDocument* document_ = nullptr;
    uint32_t open_serial_ = 0;
    uint64_t generation_ = ~uint64_t{0};
    Status status_ = Status::Idle;
    std::string game_;
    EventSamples samples_;
    size_t next_file_ = 0;  // event files gathered so far (a slice gathers several, within its budget)
    size_t next_type_ = 0;
    std::map<int32_t, InferredLayout> layouts_;
    double elapsed_ms_ = 0;
};

// Hands the template file (template_text) to the page as a download named
// "<game>-inferred.templates.txt", which the page takes back as a template file when dropped.
// False when inference is not done or every type has a template.
bool download_inferred_templates(const GameTemplates* in_use);

// The page's one model.
InferenceModel& inference_model();

// The evidence of an inferred field as a knowledge entry: confidence Inferred, with what the
// values show ("inferred from 1,234 events: 45 distinct values, -1..300, commonest -1 x500").
KnowledgeEntry inferred_field_knowledge(const std::string& game, int32_t type, const InferredField& field);

// state().inference: status, counts, and the selected event's inferred fields with their values
// (every field for a type without a template, the fields past the template's end otherwise).
void write_inference_state(JsonWriter& json, App& app);

}  // namespace taescope::web
