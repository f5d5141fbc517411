#include "state_json.h"

#include <cmath>

#include "app.h"
#include "binder/animation_names.h"
#include "character_json.h"
#include "inference_model.h"
#include "json_writer.h"
#include "params_json.h"
#include "mask_strip_renderer.h"
#include "open_step_report.h"
#include "simulation_frame.h"
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

void write_sim_event(JsonWriter& json, const SimEvent& e) {
    json.begin_object()
        .field("index", uint64_t(e.index))
        .field("type", int64_t(e.type))
        .field("name", e.type_name)
        .field("conditional", e.condition.conditional);
    if (e.condition.conditional) {
        json.key("conditions").begin_object();
        for (const ConditionValue& v : e.condition.values)
            if (v.stored && v.value != 0) json.field(v.field, int64_t(v.value));
        json.end_object();
    }
    if (e.effect.starts_effect) {
        json.key("effectId");
        if (e.effect.effect_id)
            json.integer(*e.effect.effect_id);
        else
            json.null();
    }
    json.end_object();
}

// The Simulation panel's content at the playhead.
// What the Pose panel shows: the skeleton, the clip and its timing, the frame at the playhead
// (the clip's own frame number, as `taescope pose --frames` counts), or why there is no clip.
// Bone positions are read one at a time through taescope_pose_bone_json (js_api.cpp).
void write_pose(JsonWriter& json, App& app) {
    const AppState& s = app.state();
    if (!s.document) {
        json.key("pose").null();
        return;
    }
    const PoseView& v = app.pose_view();
    json.key("pose").begin_object();
    json.field("shown", s.windows.pose)
        .field("boneCount", uint64_t(v.bone_count()))
        .field("skeleton", v.skeleton ? v.skeleton->name : std::string())
        .field("skeletonError", v.skeleton_error)
        .field("animation", v.has_animation ? animation_name(v.animation) : std::string())
        .field("hasClip", v.clip != nullptr)
        .field("lengthKnown", v.length.known)
        .field("duration", v.length.duration)
        .field("frameCount", uint64_t(v.length.frame_count))
        .field("frameDuration", v.length.frame_duration)
        .field("frameRate", v.length.frame_duration > 0 ? 1.0 / v.length.frame_duration : 0.0)
        .field("additive", v.additive())
        .field("rootMotion", v.root_motion)
        .field("clipHasRootMotion", v.clip && v.clip->root_motion.has_value())
        .field("time", v.time)
        .field("frame", v.frame)
        .field("reason", v.reason)
        .field("hoveredBone", s.pose.hovered_bone)
        .field("hoveredBoneName", s.pose.hovered_bone >= 0 && size_t(s.pose.hovered_bone) < v.bone_count()
                                      ? v.skeleton->bones[size_t(s.pose.hovered_bone)].name
                                      : std::string())
        .field("renderer", s.pose.renderer)
        .field("showHitboxes", s.pose.show_hitboxes)
        .field("hitboxRenderer", s.pose.hitbox_renderer)
        .field("hoveredHitShape", s.pose.hovered_hit_shape);
    json.key("view")
        .begin_object()
        .field("x0", double(s.pose.view_x0))
        .field("y0", double(s.pose.view_y0))
        .field("x1", double(s.pose.view_x1))
        .field("y1", double(s.pose.view_y1))
        .field("yaw", double(s.pose.yaw))
        .field("pitch", double(s.pose.pitch))
        .field("distance", double(s.pose.distance))
        .end_object();
    json.end_object();
}

void write_simulation(JsonWriter& json, const App& app) {
    const DocumentSimulation* ds = app.simulation();
    if (!ds) {
        json.key("simulation").null();
        return;
    }
    const AnimationSimulation& sim = ds->simulation;
    SimulationFrame now = simulation_frame_at(sim, app.state().timeline.time);
    std::string masks;
    for (const MaskGroupState& g : now.masks) masks += mask_visibility_char(g.visibility);
    json.key("simulation")
        .begin_object()
        .field("frame", int64_t(now.frame))
        .field("frameCount", uint64_t(sim.frame_count()))
        .field("convention", convention_name(sim.convention()))
        .field("import", import_outcome_name(ds->import.outcome))
        .field("importMessage", ds->import.message)
        .field("stripRenderer", mask_strip_renderer().mode())
        .field("masks", masks);
    json.key("maskDecidedBy").begin_array();
    for (const MaskGroupState& g : now.masks) json.integer(g.decided_by);
    json.end_array();
    const SimulationViewState& view = app.state().simulation_view;
    json.key("strip")
        .begin_object()
        .field("x0", double(view.strip_x0))
        .field("y0", double(view.strip_y0))
        .field("x1", double(view.strip_x1))
        .field("y1", double(view.strip_y1))
        .field("hoveredGroup", view.hovered_group)
        .field("hoveredFrame", view.hovered_frame)
        .field("hoveredDecidedBy", view.hovered_decided_by)
        .end_object();
    json.key("active").begin_array();
    for (uint32_t i : now.active) write_sim_event(json, sim.events()[i]);
    json.end_array();
    json.key("effectsStarted").begin_array();
    for (uint32_t i : now.started)
        if (sim.events()[i].effect.starts_effect) write_sim_event(json, sim.events()[i]);
    json.end_array();
    json.key("maskEvents").begin_array();
    for (uint32_t i : sim.mask_events()) json.unsigned_integer(i);
    json.end_array();
    json.key("conditionalEvents").begin_array();
    for (uint32_t i : sim.conditional_events()) json.unsigned_integer(i);
    json.end_array();
    json.end_object();
}

// What the edit features show: dirty flag, history, the last message, the export dialog.
void write_edit(JsonWriter& json, const App& app) {
    const AppState& s = app.state();
    json.key("edit").begin_object();
    json.field("dirty", app.is_dirty())
        .field("message", s.edit.message)
        .field("messageIsError", s.edit.message_is_error);
    json.field("generation", s.edit.generation).field("clipboardEvents", uint64_t(s.edit.clipboard.events.size()));
    json.field("templatesMessage", s.edit.templates_message)
        .field("templatesMessageIsError", s.edit.templates_message_is_error);
    const TaeFileInfo* info = app.selected_tae_info();
    json.field("userTemplates", info && app.template_library().has_user_templates(info->game));
    if (s.document) {
        const EditSession& session = s.document->session;
        json.field("canUndo", session.can_undo()).field("canRedo", session.can_redo());
        json.field("stepsDone", uint64_t(session.steps_done()));
        json.key("history").begin_array();
        for (const HistoryEntry& h : session.history())
            json.begin_object().field("label", h.label).field("done", h.done).end_object();
        json.end_array();
        json.key("modifiedTaeFiles").begin_array();
        const auto& taes = s.document->document().taes;
        for (size_t i = 0; i < taes.size(); ++i)
            if (taes[i].modified) json.unsigned_integer(i);
        json.end_array();
    }
    const ExportDialogState& dialog = s.edit.export_dialog;
    json.key("export")
        .begin_object()
        .field("open", dialog.open)
        .field("scope", dialog.scope == ExportScope::WholeFile ? "file" : "tae")
        .field("method", dialog.method == ExportMethod::AsOpened ? "as-opened" : "dflt")
        .field("checked", dialog.checked)
        .field("error", dialog.error)
        .field("lastSaved", dialog.last_saved);
    json.key("blocking").begin_array();
    for (const ExportFinding& f : dialog.check.blocking) json.string(f.file + ": " + f.message);
    json.end_array();
    json.key("warnings").begin_array();
    for (const ExportFinding& f : dialog.check.warnings) json.string(f.file + ": " + f.message);
    json.end_array();
    json.end_object();
    json.end_object();
}

}  // namespace

std::string search_json(const App& app) {
    const SearchState& search = app.state().search;
    JsonWriter json;
    json.begin_object().field("query", search.ran_query).field("truncated", search.truncated);
    json.key("hits").begin_array();
    const auto& doc = app.state().document;
    for (const SearchHit& hit : search.hits) {
        const TaeAnimation* a = doc ? doc->animation(hit.tae_file, hit.animation) : nullptr;
        json.begin_object()
            .field("taeFile", hit.tae_file)
            .field("animation", hit.animation)
            .field("animationName", a ? full_animation_name(doc->tae_entry(size_t(hit.tae_file)), *a) : std::string())
            .field("event", hit.event)
            .field("what", hit.what)
            .end_object();
    }
    json.end_array().end_object();
    return json.text();
}

// The comparison with a reference file: the summary, the animations that differ, and the
// selected animation's events as the diff paired them.
void write_compare(JsonWriter& json, App& app) {
    json.key("compare");
    const TaeSetDifference* diff = app.compare_difference();
    if (!diff) {
        json.null();
        return;
    }
    json.begin_object()
        .field("reference", app.compare_name())
        .field("added", uint64_t(diff->added))
        .field("removed", uint64_t(diff->removed))
        .field("changed", uint64_t(diff->changed))
        .field("unchanged", uint64_t(diff->unchanged));
    json.key("animations").begin_array();
    for (const AnimationDifference& a : diff->animations)
        json.begin_object()
            .field("name", animation_name(a.full_number))
            .field("change", animation_change_name(a.change))
            .field("moved", uint64_t(a.count(EventChange::Moved)))
            .field("changedEvents", uint64_t(a.count(EventChange::Changed)))
            .field("addedEvents", uint64_t(a.count(EventChange::Added)))
            .field("removedEvents", uint64_t(a.count(EventChange::Removed)))
            .end_object();
    json.end_array();
    json.key("selected");
    if (const AnimationDifference* d = app.selected_animation_difference()) {
        json.begin_array();
        for (const EventDifference& e : d->events) {
            json.begin_object().field("change", event_change_name(e.change)).field("type", int64_t(e.type));
            json.key("reference");
            if (e.index_a)
                json.unsigned_integer(*e.index_a);
            else
                json.null();
            json.key("open");
            if (e.index_b)
                json.unsigned_integer(*e.index_b);
            else
                json.null();
            json.key("fields").begin_array();
            for (const FieldDifference& f : e.fields)
                json.begin_object()
                    .field("name", f.name)
                    .field("before", f.before)
                    .field("after", f.after)
                    .end_object();
            json.end_array().end_object();
        }
        json.end_array();
    } else {
        json.null();
    }
    json.end_object();
}

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

namespace {

// The Reference panel: its search, the type shown with every field's confidence and source,
// the simulator's reading, the other games' differences and the open file's values. Hits are
// cut at `max_hits` (state() is read every frame by tests; reference_json has them all).
void write_reference(JsonWriter& json, App& app, size_t max_hits) {
    const ReferencePanelState& r = app.state().reference;
    json.key("reference").begin_object();
    json.field("open", app.state().windows.reference)
        .field("fragment", app.reference_fragment())
        .field("viewSerial", r.view_serial)
        .field("query", r.query)
        .field("game", r.game)
        .field("error", r.error)
        .field("hitCount", uint64_t(r.hits.size()))
        .field("truncated", r.truncated);
    json.key("games").begin_array();
    for (const ReferenceSource& source : app.reference_index().sources()) json.string(source.game);
    json.end_array();
    json.key("hits").begin_array();
    for (size_t i = 0; i < r.hits.size() && i < max_hits; ++i) {
        const ReferenceHit& h = r.hits[i];
        json.begin_object()
            .field("game", h.game)
            .field("type", uint64_t(h.type))
            .field("name", h.name)
            .field("confidence", confidence_name(h.confidence))
            .field("matched", h.matched)
            .end_object();
    }
    json.end_array();
    json.key("shown");
    // Only while the panel is open: the per-file counts are redone after every edit.
    const ReferenceType* t = app.state().windows.reference ? app.shown_reference_type() : nullptr;
    if (!t) {
        json.null();
        json.end_object();
        return;
    }
    json.begin_object()
        .field("game", t->game)
        .field("type", uint64_t(t->type))
        .field("defined", t->defined)
        .field("name", t->name)
        .field("origin", t->origin)
        .field("size", uint64_t(t->size))
        .field("confidence", confidence_name(t->type_knowledge.confidence()))
        .field("source",
               t->type_knowledge.statements.empty() ? std::string() : t->type_knowledge.statements.front().label());
    const TypeValueStatistics* stats = app.shown_reference_statistics();
    json.key("fields").begin_array();
    for (size_t i = 0; i < t->fields.size(); ++i) {
        const ReferenceField& f = t->fields[i];
        json.begin_object()
            .field("offset", uint64_t(f.field.offset))
            .field("size", uint64_t(f.field.size))
            .field("type", f.type_text)
            .field("name", f.field.name)
            .field("default", f.default_text)
            .field("asserted", f.asserted_text)
            .field("confidence", confidence_name(f.knowledge.confidence()))
            .field("source", f.knowledge.statements.empty() ? std::string() : f.knowledge.statements.front().label())
            .field("fromNotes", f.from_notes)
            .field("namedValues", uint64_t(f.field.entries.size()));
        if (stats && i < stats->fields.size()) {
            const FieldValueStatistics& fs = stats->fields[i];
            json.field("stored", fs.stored).field("distinct", fs.distinct);
            json.key("values").begin_array();
            for (size_t v = 0; v < fs.values.size() && v < 16; ++v) {
                std::string name = f.value_name(fs.values[v].raw);
                json.begin_object()
                    .field("value", f.value_text(fs.values[v].raw))
                    .field("count", fs.values[v].count)
                    .field("name", name)
                    .field("unnamed", name.empty())
                    .end_object();
            }
            json.end_array();
        }
        json.end_object();
    }
    json.end_array();
    json.key("simulation").begin_array();
    for (const std::string& line : t->simulation) json.string(line);
    json.end_array();
    json.key("differences").begin_array();
    for (const ReferenceDifference& d : t->differences)
        json.begin_object().field("game", d.game).field("text", d.text).end_object();
    json.end_array();
    json.key("gamesWithout").begin_array();
    for (const std::string& g : t->games_without) json.string(g);
    json.end_array();
    json.key("file");
    if (stats)
        json.begin_object()
            .field("events", stats->events)
            .field("animations", stats->animations)
            .field("eventFiles", uint64_t(app.shown_reference_statistics_files()))
            .end_object();
    else
        json.null();
    json.end_object();
    json.end_object();
}

}  // namespace

std::string reference_json(App& app) {
    JsonWriter json;
    json.begin_object();
    write_reference(json, app, ~size_t{0});
    json.end_object();
    return json.text();
}

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
    write_simulation(json, app);
    write_pose(json, app);
    write_inference_state(json, app);
    write_model_json(json, app);
    write_params_json(json, app);
    write_hitboxes_json(json, app);
    json.key("gltfExport");
    app.gltf_export().write_json(json);
    json.key("search")
        .begin_object()
        .field("query", s.search.ran_query)
        .field("hits", uint64_t(s.search.hits.size()))
        .field("selected", s.search.selected)
        .end_object();
    write_edit(json, app);
    write_compare(json, app);
    write_reference(json, app, 100);
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
