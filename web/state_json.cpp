#include "state_json.h"

#include <cmath>

#include "app.h"
#include "binder/animation_names.h"
#include "character_json.h"
#include "compare_json.h"
#include "edit_json.h"
#include "inference_model.h"
#include "json_writer.h"
#include "params_json.h"
#include "reference_json.h"
#include "simulation_json.h"
#include "open_step_report.h"
#include "templates/event_decoder.h"
#include "templates/template_disagreements.h"

namespace taescope::web {

namespace {

std::string hex_bytes(Bytes bytes) {
    static const char digits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (uint8_t b : bytes) out += digits[b >> 4], out += digits[b & 15];
    return out;
}

void write_error(JsonWriter& json, const Error& error) {
    json.begin_object().field("message", error.message);
    if (error.offset == Error::kNoOffset)
        json.key("offset").null();
    else
        json.field("offset", error.offset);
    json.field("context", error.context).field("text", error.to_string()).end_object();
}

void write_animation(JsonWriter& json, const DocumentTae& entry, const TaeAnimation& a, int index) {
    json.begin_object()
        .field("index", index)
        .field("name", full_animation_name(entry, a))
        .field("number", entry.full_number(a))
        .field("events", uint64_t(a.events.size()))
        .field("groups", uint64_t(a.groups.size()))
        .field("length", animation_length(a))
        .field("headerKind", header_kind_name(a.header_kind()));
    if (a.header_kind() == TaeAnimationHeaderKind::ImportOther) json.field("importSource", int64_t(a.import_source()));
    json.end_object();
}

void write_document(JsonWriter& json, const LoadedDocument& doc, const App::DocumentTotals& totals) {
    const Document& d = doc.document();
    json.key("document")
        .begin_object()
        .field("name", d.name)
        .field("size", doc.file_size)
        .field("kind", doc.kind_name())
        .field("container", d.container.info.variant_name())
        .field("taeFileCount", uint64_t(d.taes.size()))
        .field("animationCount", uint64_t(totals.animations))
        .field("eventCount", uint64_t(totals.events));
    json.key("taeFiles").begin_array();
    for (size_t i = 0; i < d.taes.size(); ++i) {
        const DocumentTae& t = d.taes[i];
        const TaeFileInfo& info = doc.info[i];
        json.begin_object()
            .field("index", int(i))
            .field("name", info.short_name)
            .field("memberId", int64_t(t.slot.id))
            .field("game", info.game)
            .field("gameReason", info.game_reason)
            .field("gameGuessed", info.game == info.detected.game && info.detected.guessed)
            .field("detectedGame", info.detected.game);
        json.key("gameDisagreements").begin_array();
        for (const std::string& d : info.detected.disagreements) json.string(d);
        json.end_array();
        if (t.tae) {
            json.field("animations", uint64_t(t.tae->animations.size()))
                .field("events", uint64_t(totals.events_per_file[i]))
                .field("eventBank", t.tae->header.event_bank)
                .field("version", uint64_t(t.tae->header.version))
                .field("templates", info.templates != nullptr);
        } else {
            json.key("error");
            write_error(json, t.error ? *t.error : Error{});
        }
        json.end_object();
    }
    json.end_array();
    json.key("notes").begin_array();
    for (const auto& n : d.notes) json.string(n);
    json.end_array();
    json.end_object();
}

// The selected event as the Inspector shows it: decoded fields, findings, raw bytes.
void write_selected_event(JsonWriter& json, const App& app) {
    const TaeEvent* event = app.selected_event();
    const TaeFile* tae = app.selected_tae();
    const TaeFileInfo* info = app.selected_tae_info();
    if (!event || !tae || !info) {
        json.key("selectedEvent").null();
        return;
    }
    Bytes params = tae->parameters(*event);
    DecodedEvent decoded = decode_event(info->templates, uint32_t(event->type), params);
    json.key("selectedEvent")
        .begin_object()
        .field("index", app.state().selection.event)
        .field("type", int64_t(event->type))
        .field("template", decoded.templ ? decoded.templ->name : std::string())
        .field("startBits", uint64_t(event->start_bits))
        .field("endBits", uint64_t(event->end_bits))
        .field("parameterHex", hex_bytes(params))
        .field("typeConfidence", confidence_name(type_name_confidence(info->game, event->type)));
    json.key("fields").begin_array();
    for (const DecodedField& f : decoded.fields) {
        const KnowledgeEntry* known = knowledge_for_field(info->game, event->type, f.offset);
        KnowledgeEntry from_template;
        if (!known) {
            from_template = template_field_knowledge(info->game, *decoded.templ, *f.field);
            known = &from_template;
        }
        json.begin_object()
            .field("name", f.field->name)
            .field("type", field_type_name(f.field->type))
            .field("offset", uint64_t(f.offset))
            .field("size", uint64_t(f.size))
            .field("present", f.present)
            .field("confidence", confidence_name(known->confidence()))
            .field("source", known->source())
            .field("alternatives", uint64_t(known->alternatives().size()));
        if (f.present) json.field("value", f.value_text(params));
        if (const NamedValue* named = f.named()) json.field("named", named->name);
        if (!f.field->ref.empty()) json.field("ref", f.field->ref);
        json.end_object();
    }
    json.end_array();
    json.key("findings").begin_array();
    for (const Finding& f : find_disagreements(decoded, params))
        json.begin_object()
            .field("kind", disagreement_id(f.kind))
            .field("field", f.field_index)
            .field("detail", f.detail)
            .end_object();
    json.end_array().end_object();
}

}  // namespace

namespace {

// The load status fields that state_json and page_status_json share, in the open object.
void write_load_status(JsonWriter& json, const LoadStatus& load) {
    json.field("status", load_phase_name(load.phase))
        .field("fileName", load.file_name)
        .field("fileSize", load.file_size)
        .field("progress", load.phase == LoadPhase::Parsing ? load.progress : 1.0)
        .field("progressText", load.progress_text);
    json.key("error");
    if (load.phase == LoadPhase::Failed)
        write_error(json, load.error);
    else
        json.null();
}

}  // namespace

std::string page_status_json(App& app) {
    const AppState& s = app.state();
    JsonWriter json;
    json.begin_object();
    write_load_status(json, s.load);
    json.key("edit").begin_object().field("dirty", app.is_dirty()).field("generation", s.edit.generation).end_object();
    json.field("openDecodedIn", s.load.decoded_in_worker ? "worker" : "main thread");
    json.key("reference")
        .begin_object()
        .field("fragment", app.reference_fragment())
        .field("viewSerial", s.reference.view_serial)
        .end_object();
    json.key("document");
    if (s.document) {
        const App::DocumentTotals& totals = app.document_totals();
        json.begin_object()
            .field("name", s.document->document().name)
            .field("taeFileCount", uint64_t(s.document->tae_file_count()))
            .field("animationCount", uint64_t(totals.animations))
            .end_object();
    } else {
        json.null();
    }
    json.end_object();
    return json.text();
}

std::string state_json(App& app) {
    const AppState& s = app.state();
    JsonWriter json;
    json.begin_object();
    write_load_status(json, s.load);
    json.field("parseMilliseconds", s.load.parse_milliseconds)
        .field("longestOpenStepMilliseconds", s.load.longest_step_ms)
        .field("longestOpenStep", s.load.longest_step_text)
        .field("openFinishMilliseconds", s.load.finish_ms);
    json.key("openSteps");
    write_open_step_report(json, s.load.steps);
    json.field("openDecodedIn", s.load.decoded_in_worker ? "worker" : "main thread")
        .field("workerDecodeMilliseconds", s.load.worker_decode_ms)
        .field("payloadCopyMilliseconds", s.load.payload_copy_ms)
        .field("devicePixelRatio", double(s.device_pixel_ratio))
        .field("frame", s.frame_counter)
        .field("framesDrawn", s.frames_drawn)
        .field("strongEvidenceOnly", s.strong_evidence_only);

    if (s.document)
        write_document(json, *s.document, app.document_totals());
    else
        json.key("document").null();
    json.key("companions").begin_array();
    for (const auto& companion : app.companions()) json.string(companion->name);
    if (!app.set_model_file().empty()) json.string(app.set_model_file());  // read by the character view
    json.end_array();
    json.key("companionErrors").begin_array();
    for (const auto& note : app.companion_notes()) json.string(note);
    json.end_array();

    json.key("selection").begin_object();
    json.field("taeFile", s.selection.tae_file)
        .field("animation", s.selection.animation)
        .field("event", s.selection.event)
        .field("group", s.selection.group);
    json.key("events").begin_array();
    for (int e : s.selection.events) json.integer(e);
    json.end_array();
    const DocumentTae* entry = app.selected_tae_entry();
    if (const TaeFileInfo* info = app.selected_tae_info())
        json.field("taeFileName", info->short_name).field("game", info->game);
    if (const TaeAnimation* a = app.selected_animation(); a && entry) {
        json.key("animationInfo");
        write_animation(json, *entry, *a, s.selection.animation);
    }
    json.end_object();

    const TimelineModel& model = app.timeline();
    const TimelineState& t = s.timeline;
    json.key("timeline")
        .begin_object()
        .field("time", t.time)
        .field("frame", int64_t(std::llround(t.time * kFramesPerSecond)))
        .field("playing", t.playing)
        .field("viewStart", t.view_start)
        .field("viewEnd", t.view_end)
        .field("length", model.length)
        .field("frameCount", model.frame_count())
        .field("trueLength", model.true_length)
        .field("frameRate", 1.0 / app.frame_seconds())
        .field("hoveredEvent", t.hovered_event)
        .field("rowOrder", timeline_row_order_id(model.order))
        .field("rowHeight", double(t.geometry.row_height))
        .field("normalRowHeight", double(t.geometry.normal_row_height))
        .field("rowsFitted", t.fit_rows)
        .field("rowLabels", t.geometry.row_labels)
        .field("visibleRows", t.geometry.visible_rows);
    json.key("geometry")
        .begin_object()
        .field("axisX0", double(t.geometry.axis_x0))
        .field("axisX1", double(t.geometry.axis_x1))
        .field("rowsTop", double(t.geometry.rows_top))
        .field("rowHeight", double(t.geometry.row_height))
        .field("visibleTop", double(t.geometry.rows_visible_top))
        .field("visibleBottom", double(t.geometry.rows_visible_bottom))
        .end_object();
    json.key("events").begin_array();
    for (const TimelineRow& row : model.rows) {
        json.begin_object()
            .field("index", uint64_t(row.event_index))
            .field("type", int64_t(row.type))
            .field("label", row.label)
            .field("start", double(row.start))
            .field("end", double(row.end))
            .field("timing", event_timing_id(row.timing))
            .field("afterEnd", row.after_end)
            .field("irregular", row.irregular())
            .field("group", row.group)
            .field("row", int64_t(&row - model.rows.data()))
            .field("active", t.time >= row.bar_start && t.time < row.bar_end)
            .end_object();
    }
    json.end_array().end_object();

    write_selected_event(json, app);
    write_simulation_json(json, app);
    write_pose_json(json, app);
    write_inference_state(json, app);
    write_model_json(json, app);
    write_params_json(json, app);
    write_hitboxes_json(json, app);
    json.key("gltfExport");
    app.gltf_export().write_json(json);
    // What each part of a frame cost (ms): the last frame's and the most since the document opened.
    json.key("frameCost").begin_object();
    for (const char* which : {"last", "mostSinceOpen"}) {
        const auto& values = which[0] == 'l' ? s.frame_cost.last : s.frame_cost.most;
        json.key(which).begin_object();
        for (int p = 0; p < FrameCost::kParts; ++p) json.field(FrameCost::part_name(FrameCost::Part(p)), values[size_t(p)]);
        json.end_object();
    }
    json.end_object();
    json.key("search")
        .begin_object()
        .field("query", s.search.ran_query)
        .field("hits", uint64_t(s.search.hits.size()))
        .field("selected", s.search.selected)
        .end_object();
    write_edit_json(json, app);
    write_compare_json(json, app);
    write_reference_json(json, app, 100);
    json.key("windows")
        .begin_object()
        .field("history", s.windows.history)
        .field("export", s.edit.export_dialog.open)
        .field("compare", s.windows.compare)
        .field("files", s.windows.files)
        .field("timeline", s.windows.timeline)
        .field("groups", s.windows.groups)
        .field("inspector", s.windows.inspector)
        .field("help", s.windows.help)
        .field("simulation", s.windows.simulation)
        .field("pose", s.windows.pose)
        .field("search", s.windows.search)
        .field("reference", s.windows.reference)
        .field("frameData", s.windows.frame_data)
        .end_object();
    json.end_object();
    return json.text();
}

std::string animations_json(const App& app, int tae_file) {
    JsonWriter json;
    json.begin_array();
    const auto& doc = app.state().document;
    if (doc && tae_file >= 0 && size_t(tae_file) < doc->tae_file_count()) {
        const DocumentTae& entry = doc->tae_entry(size_t(tae_file));
        if (entry.tae)
            for (size_t i = 0; i < entry.tae->animations.size(); ++i)
                write_animation(json, entry, entry.tae->animations[i], int(i));
    }
    json.end_array();
    return json.text();
}

}  // namespace taescope::web
