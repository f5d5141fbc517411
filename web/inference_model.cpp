#include "inference_model.h"

#include <chrono>
#include <cstdio>

#include "app.h"
#include "inference/inferred_templates.h"
#include "loaded_document.h"
#include "page_download.h"
#include "templates/knowledge_evidence.h"
#include "templates/template_text_format.h"

namespace taescope::web {

namespace {

double now_ms() {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

std::string number_text(double v) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

}  // namespace

InferenceModel& inference_model() {
    static InferenceModel model;
    return model;
}

void InferenceModel::step(const AppState& state, double budget_seconds) {
    const LoadedDocument* doc = state.load.phase == LoadPhase::Ready ? state.document.get() : nullptr;
    if (doc != document_ || state.load.open_serial != open_serial_ || state.edit.generation != generation_) {
        // Another document, or an edit: start again.
        document_ = doc;
        open_serial_ = state.load.open_serial;
        generation_ = state.edit.generation;
        samples_ = EventSamples();
        layouts_.clear();
        next_type_ = 0;
        elapsed_ms_ = 0;
        game_.clear();
        status_ = doc ? Status::Running : Status::Idle;
        if (!doc) return;
        for (const TaeFileInfo& info : doc->info)
            if (!info.game.empty()) {
                game_ = info.game;
                break;
            }
        next_file_ = 0;
        return;
    }
    if (status_ != Status::Running) return;
    const double start = now_ms();
    // First the events, one event file after another (a 640-file binder takes several slices).
    const Document& d = document_->document();
    while (next_file_ < d.taes.size()) {
        if (const auto& tae = d.taes[next_file_++].tae) samples_.add_file(*tae);
        if (now_ms() - start >= budget_seconds * 1000) {
            elapsed_ms_ += now_ms() - start;
            return;
        }
    }
    const std::vector<TypeSamples>& types = samples_.types();
    while (next_type_ < types.size()) {
        const TypeSamples& t = types[next_type_++];
        layouts_[t.type] = infer_layout(t);
        if (now_ms() - start >= budget_seconds * 1000) break;
    }
    elapsed_ms_ += now_ms() - start;
    if (next_type_ == types.size()) status_ = Status::Done;
}

const InferredLayout* InferenceModel::layout(int32_t type) const {
    auto it = layouts_.find(type);
    return it == layouts_.end() ? nullptr : &it->second;
}

std::string InferenceModel::template_text(const GameTemplates* in_use) const {
    if (status_ != Status::Done) return "";
    std::vector<InferredLayout> missing;
    for (const auto& [type, layout] : layouts_)
        if (!in_use || type < 0 || !in_use->find(uint32_t(type))) missing.push_back(layout);
    std::vector<std::string> inputs;
    if (document_) inputs.push_back(document_->document().name);
    return write_template_text(templates_from_layouts(game_, missing, inputs));
}

bool download_inferred_templates(const GameTemplates* in_use) {
    const InferenceModel& m = inference_model();
    std::string text = m.template_text(in_use);
    if (text.empty()) return false;
    const std::string name = (m.game().empty() ? std::string("unknown") : m.game()) + "-inferred.templates.txt";
    offer_download(text.data(), text.size(), name, "text/plain");
    return true;
}

KnowledgeEntry inferred_field_knowledge(const std::string& game, int32_t type, const InferredField& f) {
    KnowledgeEntry e;
    e.subject = KnowledgeSubject::Field;
    e.games = {game};
    e.event_type = type;
    e.byte_offset = f.offset;
    e.byte_size = f.size;
    e.name = inferred_field_name(f);
    KnowledgeStatement s;
    s.confidence = Confidence::Inferred;
    s.basis = "the open file's " + thousands(f.events) + " events of the type";
    s.text = std::string(inferred_type_name(f.type)) + " inferred from the stored bytes (" +
             std::string(inference_confidence_name(f.confidence)) + " confidence): " + thousands(f.events) +
             " events, " + thousands(f.nonzero) + " non-zero, " + thousands(f.distinct) + " distinct values";
    if (f.type == InferredType::Constant)
        s.text += ": the same bytes in every event, so its width is undetermined; it could be " + f.could_be;
    else if (f.type != InferredType::Pad)
        s.text += ", " + number_text(f.min) + " to " + number_text(f.max);
    s.text += ". " + f.reason + ".";
    e.statements.push_back(std::move(s));
    return e;
}

void write_inference_state(JsonWriter& json, App& app) {
    const InferenceModel& m = inference_model();
    const char* status = m.status() == InferenceModel::Status::Done      ? "done"
                         : m.status() == InferenceModel::Status::Running ? "running"
                                                                         : "idle";
    json.key("inference")
        .begin_object()
        .field("status", status)
        .field("game", m.game())
        .field("typesDone", uint64_t(m.types_done()))
        .field("typesTotal", uint64_t(m.types_total()))
        .field("ms", m.elapsed_ms());
    const TaeEvent* event = app.selected_event();
    const TaeFile* tae = app.selected_tae();
    const TaeFileInfo* info = app.selected_tae_info();
    const InferredLayout* layout = event ? m.layout(event->type) : nullptr;
    if (!event || !tae || !info || !layout) {
        json.key("selected").null();
    } else {
        Bytes params = tae->parameters(*event);
        const EventTypeTemplate* templ = info->templates ? info->templates->find(uint32_t(event->type)) : nullptr;
        const uint32_t from = templ ? templ->size() : 0;
        json.key("selected")
            .begin_object()
            .field("type", int64_t(event->type))
            .field("template", templ != nullptr)
            .field("events", uint64_t(layout->events));
        json.key("fields").begin_array();
        for (const InferredField& f : layout->fields) {
            if (f.offset < from || f.offset + f.size > params.size()) continue;
            json.begin_object()
                .field("offset", uint64_t(f.offset))
                .field("size", uint64_t(f.size))
                .field("type", inferred_type_name(f.type))
                .field("value", f.value_text(params))
                .field("evidence", confidence_name(Confidence::Inferred))
                .field("confidence", inference_confidence_name(f.confidence))
                .field("distinct", uint64_t(f.distinct))
                .field("couldBe", f.could_be)
                .end_object();
        }
        json.end_array().end_object();
    }
    // The saved template file, once every type is inferred (what "Save inferred layouts" downloads).
    if (m.status() == InferenceModel::Status::Done && info)
        json.field("templateText", m.template_text(info->templates));
    json.end_object();
}

}  // namespace taescope::web
