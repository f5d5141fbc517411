#include "app.h"

#include <emscripten.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "binder/animation_names.h"
#include "evidence_badge.h"
#include "search_model.h"
#include "share/png_writer.h"
#include "share/timeline_image.h"
#include "simulation_frame.h"
#include "tae/tae_writer.h"
#include "templates/builtin_templates.h"

namespace taescope::web {

const char* FrameCost::part_name(Part part) {
    static const char* const names[kParts] = {"status",     "files",  "pose",    "timeline", "inspector",
                                              "simulation", "groups", "windows", "render",   "step"};
    return part < kParts ? names[part] : "?";
}

const char* load_phase_name(LoadPhase phase) {
    switch (phase) {
        case LoadPhase::Empty:
            return "empty";
        case LoadPhase::Parsing:
            return "parsing";
        case LoadPhase::Ready:
            return "ready";
        case LoadPhase::Failed:
            return "error";
    }
    return "?";
}

App& app() {
    static App instance;
    return instance;
}

void App::notify_page() const {
    // The page listens for this to update its DOM overlays and to resolve open() promises.
    EM_ASM({
        if (Module["onTaeScopeChange"]) Module["onTaeScopeChange"]();
    });
}

uint32_t App::begin_open(std::vector<uint8_t> bytes, std::string file_name) {
    LoadStatus& load = state_.load;
    ++load.open_serial;
    load.opener.reset();  // it reads the bytes about to be replaced
    load.progress = 0;
    load.progress_text.clear();
    load.phase = LoadPhase::Parsing;
    load.file_name = std::move(file_name);
    load.file_size = bytes.size();
    load.pending_bytes = std::move(bytes);
    load.awaiting_decoded_payload = false;
    load.decoded_payload = {};
    load.decoded_in_worker = false;
    load.worker_decode_ms = 0;
    load.payload_copy_ms = 0;
    load.parse_started_ms = emscripten_get_now();
    load.longest_step_ms = 0;
    load.longest_step_text.clear();
    load.steps.clear();
    load.finish_ms = 0;
    load.finish_deferred = false;
    load.error = Error{};
    load.opened.clear();
    load.member = 0;
    load.failed_member.reset();
    // The model binder of a set shown before (still decoding in the worker, or handed over): the
    // new open replaces it (finish_open clears the character view).
    background_model_.reset();
    set_model_file_.clear();
    // Files queued for this open (queue_open, just before) stay; those of an open it replaces go.
    std::erase_if(load.queued, [](const LoadStatus::QueuedFile& file) { return file.serial != 0; });
    for (LoadStatus::QueuedFile& file : load.queued) file.serial = load.open_serial;
    notify_page();
    return load.open_serial;
}

uint32_t App::begin_open_in_worker(uint64_t file_size, std::string file_name) {
    LoadStatus& load = state_.load;
    uint32_t serial = begin_open({}, std::move(file_name));
    load.awaiting_decoded_payload = true;
    load.decoded_in_worker = true;
    load.file_size = file_size;
    load.progress_text = "decompressing";
    notify_page();
    return serial;
}

int App::queue_open_in_worker(uint32_t serial, uint64_t file_size, std::string file_name) {
    LoadStatus& load = state_.load;
    if (load.phase != LoadPhase::Parsing || load.open_serial != serial || load.member != 0) return -1;
    LoadStatus::QueuedFile file;
    file.name = std::move(file_name);
    file.serial = serial;
    file.size = file_size;
    file.awaiting = true;
    load.queued.push_back(std::move(file));
    return int(load.queued.size());
}

bool App::awaits_decoded_payload(uint32_t serial) const {
    const LoadStatus& load = state_.load;
    return load.phase == LoadPhase::Parsing && load.awaiting_decoded_payload && load.open_serial == serial;
}

LoadStatus::QueuedFile* App::queued_member(uint32_t serial, int member) {
    if (background_model_ && background_model_->serial == serial && background_model_->member == member)
        return background_model_->file.awaiting ? &background_model_->file : nullptr;
    LoadStatus& load = state_.load;
    if (load.phase != LoadPhase::Parsing || load.open_serial != serial || member <= int(load.member)) return nullptr;
    const size_t at = size_t(member) - load.member - 1;
    if (at >= load.queued.size() || !load.queued[at].awaiting) return nullptr;
    return &load.queued[at];
}

void App::set_decode_progress(uint32_t serial, int member, double fraction, std::string text) {
    LoadStatus& load = state_.load;
    if (!awaits_decoded_payload(serial) || member != int(load.member)) return;
    load.progress = std::max(load.progress, fraction);
    load.progress_text = std::move(text);
    notify_page();
}

uint8_t* App::decoded_slice(uint32_t serial, int member, bool payload, size_t total, size_t size) {
    LoadStatus& load = state_.load;
    std::vector<uint8_t>* target = nullptr;
    if (LoadStatus::QueuedFile* file = queued_member(serial, member))
        target = payload ? &file->payload : &file->bytes;
    else if (awaits_decoded_payload(serial) && member == int(load.member))
        target = payload ? &load.decoded_payload : &load.pending_bytes;
    if (!target || size > total || target->size() > total - size) return nullptr;
    // Reserved once, then grown a slice at a time: the page faults of fresh memory (tens of
    // microseconds a page on this machine kind) are spread over the page's tasks.
    if (target->capacity() < total) target->reserve(total);
    const size_t at = target->size();
    target->resize(at + size);
    return target->data() + at;
}

bool App::decoded_payload_done(uint32_t serial, int member, bool decoded, double worker_ms, double copy_ms) {
    LoadStatus& load = state_.load;
    if (LoadStatus::QueuedFile* file = queued_member(serial, member)) {
        if (file->bytes.size() != file->size) {
            decode_failed(serial, member,
                          make_error(Error::kNoOffset, "the page handed over " + std::to_string(file->bytes.size()) +
                                                           " of the file's " + std::to_string(file->size) + " bytes")
                              .within(file->name));
            return false;
        }
        file->awaiting = false;
        file->decoded = decoded;
        load.worker_decode_ms += worker_ms;
        load.payload_copy_ms += copy_ms;
        if (background_model_ && file == &background_model_->file) deliver_background_model();
        return true;
    }
    if (!awaits_decoded_payload(serial) || member != int(load.member)) return false;
    if (load.pending_bytes.size() != load.file_size) {
        decode_failed(serial, member,
                      make_error(Error::kNoOffset, "the page handed over " + std::to_string(load.pending_bytes.size()) +
                                                       " of the file's " + std::to_string(load.file_size) + " bytes")
                          .within(load.file_name));
        return false;
    }
    load.awaiting_decoded_payload = false;
    load.worker_decode_ms += worker_ms;
    load.payload_copy_ms += copy_ms;
    // Not decoded: the bytes are opened as they are (finish_pending_open makes the opener).
    if (decoded) {
        load.opener = std::make_unique<DocumentOpener>(std::move(load.pending_bytes), load.file_name,
                                                       std::move(load.decoded_payload));
        load.pending_bytes = {};
    }
    load.decoded_payload = {};
    return true;
}

void App::decode_failed(uint32_t serial, int member, Error error) {
    LoadStatus& load = state_.load;
    if (LoadStatus::QueuedFile* file = queued_member(serial, member)) {
        file->awaiting = false;
        file->bytes = {};
        file->payload = {};
        file->error = std::move(error);
        if (background_model_ && file == &background_model_->file) deliver_background_model();
        return;
    }
    if (!awaits_decoded_payload(serial) || member != int(load.member)) return;
    load.awaiting_decoded_payload = false;
    load.pending_bytes = {};
    load.decoded_payload = {};
    if (!load.queued.empty() || !load.opened.empty()) {
        // A file of a set: it did not open, the set goes on (finish_pending_open).
        load.failed_member = std::move(error);
        return;
    }
    load.parse_milliseconds = emscripten_get_now() - load.parse_started_ms;
    Result<Document> failed = std::move(error);
    if (attach_dropped_model(failed)) return;
    finish_open(std::move(failed).error());
    notify_page();
}

// A model binder (or a loose .flver) dropped alone onto an open character (its animations
// shown) becomes that character's body, read in steps; the open document stays as it was, and a
// damaged one gives its error in the Pose panel, not in place of the animations.
bool App::attach_dropped_model(Result<Document>& opened) {
    LoadStatus& load = state_.load;
    if (!load.opened.empty() || !load.queued.empty() || !state_.document || !state_.document->document().has_tae())
        return false;
    if (!opened && is_flver_file_name(load.file_name) && !load.pending_bytes.empty())
        character_.attach(std::move(load.pending_bytes), load.file_name);
    else if (opened ? !opened->has_tae() && find_flver_member({&*opened}).has_value()
                    : is_model_binder_name(load.file_name))
        character_.attach_document(std::move(opened), load.file_name);
    else
        return false;
    load.pending_bytes = {};
    load.file_name = state_.document->document().name;
    load.file_size = state_.document->file_size;
    load.phase = LoadPhase::Ready;
    load.parse_milliseconds = emscripten_get_now() - load.parse_started_ms;
    state_.windows.pose = true;
    notify_page();
    return true;
}

bool App::model_left_for_later(const Result<Document>& just_opened) {
    LoadStatus& load = state_.load;
    if (load.queued.size() != 1 || !is_model_binder_name(load.queued.front().name)) return false;
    bool animations = just_opened.ok() && just_opened->has_tae();
    for (const LoadStatus::OpenedFile& file : load.opened)
        animations = animations || (file.document.ok() && file.document->has_tae());
    if (!animations) return false;
    background_model_ = BackgroundModel{load.open_serial, int(load.member) + 1, std::move(load.queued.front())};
    load.queued.clear();
    return true;
}

void App::deliver_background_model() {
    if (!background_model_ || background_model_->file.awaiting || !state_.document) return;
    LoadStatus::QueuedFile file = std::move(background_model_->file);
    background_model_.reset();
    if (!character_.awaiting_bytes()) return;  // another model took its place meanwhile
    if (file.error) {
        companion_notes_.push_back(file.name + ": " + file.error->to_string());
        character_.set_failed(file.name, file.error->to_string());
        set_model_file_.clear();
    } else {
        character_.deliver(std::move(file.bytes), file.decoded, std::move(file.payload));
    }
    notify_page();
}

bool App::background_step() {
    LoadStatus& load = state_.load;
    const auto model_work = [&] { return character_.busy() && !character_.awaiting_bytes(); };
    if (load.phase == LoadPhase::Parsing) {
        if (load.awaiting_decoded_payload) return false;
        finish_pending_open();
        return load.phase == LoadPhase::Parsing ? !load.awaiting_decoded_payload : model_work();
    }
    if (!model_work()) return false;
    step_character();
    return model_work();
}

void App::queue_open(std::vector<uint8_t> bytes, std::string file_name) {
    LoadStatus::QueuedFile file;
    file.size = bytes.size();
    file.bytes = std::move(bytes);
    file.name = std::move(file_name);
    state_.load.queued.push_back(std::move(file));
}

void App::start_next_queued_file() {
    LoadStatus& load = state_.load;
    LoadStatus::QueuedFile next = std::move(load.queued.front());
    load.queued.erase(load.queued.begin());
    ++load.member;
    load.opener.reset();
    load.file_name = std::move(next.name);
    load.file_size = next.size;
    load.pending_bytes = std::move(next.bytes);
    load.decoded_payload = std::move(next.payload);
    load.awaiting_decoded_payload = next.awaiting;
    load.failed_member = std::move(next.error);
    if (!next.awaiting && next.decoded) {
        load.opener = std::make_unique<DocumentOpener>(std::move(load.pending_bytes), load.file_name,
                                                       std::move(load.decoded_payload));
        load.pending_bytes = {};
        load.decoded_payload = {};
    }
}

bool App::finish_pending_open(double budget_seconds) {
    LoadStatus& load = state_.load;
    if (load.phase != LoadPhase::Parsing || load.awaiting_decoded_payload) return false;
    std::optional<Result<Document>> finished;
    if (load.failed_member) {
        // A file of the set that the worker could not decode: it opened as its error.
        finished.emplace(std::move(*load.failed_member));
        load.failed_member.reset();
    } else {
        // One slice of the work per frame: the page keeps drawing (and its progress bar moving).
        if (!load.opener) {
            load.opener = std::make_unique<DocumentOpener>(Bytes(load.pending_bytes), load.file_name);
            if (load.member == 0) load.parse_started_ms = emscripten_get_now();
        }
        const std::string step_text = load.opener->stage_text();
        const double step_started = emscripten_get_now();
        bool done = load.opener->step(budget_seconds);
        const double step_ms = emscripten_get_now() - step_started;
        if (step_ms > load.longest_step_ms) {
            load.longest_step_ms = step_ms;
            load.longest_step_text = step_text;
        }
        load.steps.note_step(*load.opener, state_.frame_counter);
        load.progress = load.opener->progress();
        load.progress_text = load.opener->stage_text();
        if (!done) {
            notify_page();
            return false;
        }
        // The views are built in a task of their own when this step spent half its budget: a
        // whole step and the finishing (the document's games and templates, the selection, the
        // first timeline) in one task came to 47 ms of thread CPU time on Sekiro's c0000.
        if (step_ms >= 500.0 * budget_seconds && !load.finish_deferred) {
            load.finish_deferred = true;
            notify_page();
            return false;
        }
        load.finish_deferred = false;
        load.steps.note_finished(*load.opener);
        finished.emplace(load.opener->take());
        load.opener.reset();
    }
    if (!load.queued.empty() && !model_left_for_later(*finished)) {
        // One file of a set is open: keep it and open the next on the following frames.
        load.opened.push_back(LoadStatus::OpenedFile{std::move(*finished), load.file_name, load.file_size});
        start_next_queued_file();
        notify_page();
        return false;
    }
    const double finish_started = emscripten_get_now();
    Result<Document> opened = std::move(*finished);
    if (attach_dropped_model(opened)) {
        load.finish_ms = emscripten_get_now() - finish_started;
        return true;
    }
    load.pending_bytes = {};
    // An animation binder dropped onto a model binder open alone: one character, the model kept.
    std::unique_ptr<LoadedDocument> model_document;
    if (load.opened.empty() && opened && opened->has_tae() && state_.document &&
        !state_.document->document().has_tae() && character_.view().phase != ModelPhase::None && !background_model_)
        model_document = std::move(state_.document);
    std::optional<std::pair<std::string, std::string>> failed_model;  // a model binder of the set that did not open
    companions_.clear();
    companion_notes_.clear();
    pose_.clear();
    character_.clear();
    if (!load.opened.empty()) {
        // A set of files: the one holding TAE files is shown (else the first that opened), the
        // others are its companions.
        load.opened.push_back(LoadStatus::OpenedFile{std::move(opened), load.file_name, load.file_size});
        size_t shown = load.opened.size();
        for (size_t i = 0; i < load.opened.size() && shown == load.opened.size(); ++i)
            if (load.opened[i].document.ok() && load.opened[i].document->has_tae()) shown = i;
        for (size_t i = 0; i < load.opened.size() && shown == load.opened.size(); ++i)
            if (load.opened[i].document.ok()) shown = i;
        if (shown == load.opened.size()) shown = 0;
        for (size_t i = 0; i < load.opened.size(); ++i) {
            if (i == shown) continue;
            LoadStatus::OpenedFile& file = load.opened[i];
            if (file.document.ok()) {
                companions_.push_back(std::make_unique<Document>(std::move(file.document).value()));
            } else {
                companion_notes_.push_back(file.name + ": " + file.document.error().to_string());
                if (is_model_binder_name(file.name)) failed_model.emplace(file.name, file.document.error().to_string());
            }
        }
        opened = std::move(load.opened[shown].document);
        load.file_name = load.opened[shown].name;
        load.file_size = load.opened[shown].size;
        load.opened.clear();
    }
    Result<LoadedDocument> loaded = loaded_document(std::move(opened), load.file_size, templates_);
    load.parse_milliseconds = emscripten_get_now() - load.parse_started_ms;
    model_document_ = loaded ? std::move(model_document) : nullptr;
    finish_open(std::move(loaded));
    if (failed_model && state_.document && character_.view().phase == ModelPhase::None) {
        character_.set_failed(failed_model->first, failed_model->second);
        state_.windows.pose = true;
    }
    if (background_model_ && state_.document) {
        // The animations are shown; the model binder follows in the character view, from the
        // bytes the decode worker hands over (or has handed over already).
        set_model_file_ = background_model_->file.name;
        character_.await_model(set_model_file_);
        state_.windows.pose = true;
        deliver_background_model();
    } else {
        background_model_.reset();
    }
    load.finish_ms = emscripten_get_now() - finish_started;
    notify_page();
    return true;
}

void App::finish_open(Result<LoadedDocument> loaded) {
    LoadStatus& load = state_.load;
    state_.frame_cost.forget_most();
    state_.selection = Selection{};
    state_.files = FilesPanelState{};
    // The row order and the row zoom are the user's way of looking at timelines: they stay,
    // as they do when another animation is selected. The view (time, span, scroll) is new.
    const TimelineState kept = state_.timeline;
    state_.timeline = TimelineState{};
    state_.timeline.row_order = kept.row_order;
    state_.timeline.row_height = kept.row_height;
    state_.timeline.fit_rows = kept.fit_rows;
    state_.search.hits.clear();
    state_.search.ran_query.clear();
    state_.edit.gesture = TimelineGesture{};
    state_.edit.export_dialog = ExportDialogState{};
    state_.edit.message.clear();
    ++state_.edit.generation;
    timeline_ = TimelineModel{};
    animation_index_.reset();
    std::string link_game = std::move(shared_game_);
    shared_game_.clear();
    character_.clear();
    if (!loaded) {
        model_document_.reset();
        state_.document.reset();
        load.phase = LoadPhase::Failed;
        load.error = std::move(loaded).error();
    } else {
        state_.document = std::make_unique<LoadedDocument>(std::move(loaded).value());
        // The Havok side of the character: nothing is read until an animation is shown.
        std::vector<const Document*> character{&state_.document->document()};
        for (const auto& companion : companions_) character.push_back(companion.get());
        if (model_document_) character.push_back(&model_document_->document());
        // The body: a model binder among the files is read after the open, a step per frame.
        character_.reset(character);
        if (character_.view().phase != ModelPhase::None) state_.windows.pose = true;
        pose_.reset(std::move(character));
        state_.pose.frame_requested = true;
        animation_index_ = std::make_unique<AnimationIndex>(AnimationIndex::from_document(state_.document->document()));
        load.phase = LoadPhase::Ready;
        // A timeline restored from a link: decode it with the templates its sender used.
        if (!link_game.empty() && templates_.for_game(link_game)) {
            for (TaeFileInfo& info : state_.document->info) {
                info.game = link_game;
                info.game_reason = "named by the share link";
            }
            refresh_templates(*state_.document, templates_);
        }
        // Open on the first TAE file that parsed, on its first animation.
        for (size_t i = 0; i < state_.document->tae_file_count(); ++i) {
            const TaeFile* tae = state_.document->tae(i);
            if (!tae) continue;
            select_tae_file(int(i));
            break;
        }
        apply_pending_reference();
    }
}

void App::close_error() {
    if (state_.load.phase != LoadPhase::Failed) return;
    state_.load.phase = LoadPhase::Empty;
    notify_page();
}

const DocumentTae* App::selected_tae_entry() const {
    const auto& doc = state_.document;
    int i = state_.selection.tae_file;
    if (!doc || i < 0 || size_t(i) >= doc->tae_file_count()) return nullptr;
    return &doc->tae_entry(size_t(i));
}

const TaeFileInfo* App::selected_tae_info() const {
    const auto& doc = state_.document;
    int i = state_.selection.tae_file;
    if (!doc || i < 0 || size_t(i) >= doc->info.size()) return nullptr;
    return &doc->info[size_t(i)];
}

const TaeFile* App::selected_tae() const {
    return state_.document && state_.selection.tae_file >= 0 ? state_.document->tae(size_t(state_.selection.tae_file))
                                                             : nullptr;
}

const TaeAnimation* App::selected_animation() const {
    return state_.document ? state_.document->animation(state_.selection.tae_file, state_.selection.animation)
                           : nullptr;
}

const TaeEvent* App::selected_event() const {
    const TaeAnimation* a = selected_animation();
    int e = state_.selection.event;
    if (!a || e < 0 || size_t(e) >= a->events.size()) return nullptr;
    return &a->events[size_t(e)];
}

bool App::select_tae_file(int index) {
    if (!state_.document || index < 0 || size_t(index) >= state_.document->tae_file_count()) return false;
    state_.selection = Selection{};
    state_.selection.tae_file = index;
    state_.files.dirty = true;
    refresh_visible_animations();
    const TaeFile* tae = selected_tae();
    if (tae && !tae->animations.empty())
        select_animation(index, state_.files.visible.empty() ? 0 : state_.files.visible.front());
    else
        rebuild_timeline();
    return true;
}

bool App::select_animation(int tae_file, int animation) {
    if (!state_.document || !state_.document->animation(tae_file, animation)) return false;
    if (tae_file != state_.selection.tae_file) {
        state_.selection.tae_file = tae_file;
        state_.files.dirty = true;
    }
    state_.selection.animation = animation;
    state_.selection.event = -1;
    state_.selection.events.clear();
    state_.selection.group = -1;
    state_.timeline.time = 0;
    state_.timeline.playing = false;
    state_.timeline.fit_requested = true;
    state_.files.scroll_to_selection = true;
    rebuild_timeline();
    return true;
}

bool App::select_event(int event) {
    const TaeAnimation* a = selected_animation();
    if (!a || event < -1 || (event >= 0 && size_t(event) >= a->events.size())) return false;
    state_.selection.event = event;
    state_.selection.events.clear();
    if (event >= 0) state_.selection.events.push_back(event);
    state_.timeline.scroll_to_selected_event = event >= 0;
    return true;
}

bool App::select_group(int group) {
    const TaeAnimation* a = selected_animation();
    if (!a || group < -1 || (group >= 0 && size_t(group) >= a->groups.size())) return false;
    state_.selection.group = group;
    return true;
}

void App::set_row_order(TimelineRowOrder order) {
    if (state_.timeline.row_order == order) return;
    state_.timeline.row_order = order;
    rebuild_timeline();
}

void App::set_strong_evidence_only(bool on) {
    if (state_.strong_evidence_only == on) return;
    state_.strong_evidence_only = on;
    rebuild_timeline();
}

const App::DocumentTotals& App::document_totals() {
    if (totals_generation_ != state_.edit.generation) {
        totals_ = {};
        if (state_.document) {
            const size_t files = state_.document->tae_file_count();
            totals_.animations_per_file.assign(files, 0);
            totals_.events_per_file.assign(files, 0);
            for (size_t f = 0; f < files; ++f) recount_file_totals(f);
        }
        totals_generation_ = state_.edit.generation;
    }
    return totals_;
}

void App::recount_file_totals(size_t f) {
    const TaeFile* file = state_.document->tae(f);
    const size_t animations = file ? file->animations.size() : 0, events = file ? file->event_count() : 0;
    totals_.animations += animations - totals_.animations_per_file[f];
    totals_.events += events - totals_.events_per_file[f];
    totals_.animations_per_file[f] = animations;
    totals_.events_per_file[f] = events;
}

const StoredWordCounts* App::word_evidence(const KnowledgeEntry& entry) {
    if (!state_.document || !entry.counted_word_offset) return nullptr;
    if (evidence_generation_ != state_.edit.generation) {
        evidence_cache_.clear();
        evidence_generation_ = state_.edit.generation;
    }
    auto it = evidence_cache_.find(&entry);
    if (it == evidence_cache_.end()) {
        std::optional<StoredWordCounts> counts = stored_word_evidence(state_.document->document(), entry);
        it = evidence_cache_.emplace(&entry, std::move(counts)).first;
    }
    return it->second ? &*it->second : nullptr;
}

void App::rebuild_timeline() {
    const TaeAnimation* a = selected_animation();
    const TaeFileInfo* info = selected_tae_info();
    timeline_ = a ? prepare_timeline(*a, info ? info->templates : nullptr, state_.timeline.row_order) : TimelineModel{};
    // "Proven/Observed only": a name that only a community template gives is not shown.
    if (state_.strong_evidence_only && info)
        for (TimelineRow& row : timeline_.rows)
            if (!passes_evidence_filter(type_name_confidence(info->game, row.type), true))
                row.label = "type " + std::to_string(row.type);

    const DocumentTae* entry = selected_tae_entry();
    selected_length_ = AnimationLength{};
    frame_seconds_ = 1.0 / kFramesPerSecond;
    if (a && entry) {
        selected_length_ = pose_.length(entry->full_number(*a));
        if (selected_length_.known && selected_length_.frame_duration > 0) {
            frame_seconds_ = selected_length_.frame_duration;
            mark_true_end(timeline_, selected_length_);
        }
    }

    simulation_.reset();
    simulation_error_.clear();
    ++simulation_generation_;
    const TaeFile* file = selected_tae();
    if (!a || !entry || !file || !animation_index_) return;
    const GameTemplates* templates = info ? info->templates : nullptr;
    Result<DocumentSimulation> simulated = simulate_animation(*animation_index_, entry->full_number(*a), templates);
    if (simulated && simulated->requested.tae_index == size_t(state_.selection.tae_file) &&
        simulated->requested.animation_index == size_t(state_.selection.animation)) {
        simulation_ = std::move(simulated).value();
        return;
    }
    // Another record holds the same full number (found first by the index): simulate this one.
    if (!simulated) simulation_error_ = simulated.error().to_string();
    DocumentSimulation own;
    own.requested =
        AnimationRef{size_t(state_.selection.tae_file), size_t(state_.selection.animation), entry->full_number(*a)};
    own.import.events_from = own.requested;
    own.import.chain = {own.requested};
    own.simulation = AnimationSimulation::build(*file, *a, templates);
    simulation_ = std::move(own);
}

void App::run_search(const std::string& query) {
    SearchState& search = state_.search;
    search.query = query;
    search.ran_query = query;
    search.selected = -1;
    search.hits.clear();
    search.truncated = false;
    if (!state_.document) return;
    SearchResult result = search_document(*state_.document, query);
    search.hits = std::move(result.hits);
    search.truncated = result.truncated;
}

bool App::jump_to_hit(int hit) {
    SearchState& search = state_.search;
    if (hit < 0 || size_t(hit) >= search.hits.size()) return false;
    SearchHit h = search.hits[size_t(hit)];
    if (!select_animation(h.tae_file, h.animation)) return false;
    search.selected = hit;
    if (h.event >= 0) {
        select_event(h.event);
        const TaeEvent* e = selected_event();
        if (e && std::isfinite(e->start())) set_time(std::round(e->start() * kFramesPerSecond) / kFramesPerSecond);
    }
    return true;
}

std::string App::share_fragment(bool reference, std::string& error) const {
    const TaeAnimation* a = selected_animation();
    const DocumentTae* entry = selected_tae_entry();
    const TaeFile* file = selected_tae();
    const TaeFileInfo* info = selected_tae_info();
    if (!a || !entry || !file || !info) {
        error = "no animation selected";
        return {};
    }
    uint32_t frame =
        uint32_t(std::clamp(std::llround(state_.timeline.time * kFramesPerSecond), 0LL, (long long)kMaxShareFrame));
    Result<std::string> text = [&]() -> Result<std::string> {
        if (reference) {
            ShareReference r;
            r.file_name = state_.load.file_name;
            r.animation = entry->full_number(*a);
            r.frame = frame;
            return encode_reference_fragment(r);
        }
        ShareTimeline t =
            share_timeline_from_animation(*file, *a, entry->full_number(*a), info->game, state_.load.file_name);
        t.frame = frame;
        return encode_timeline_fragment(t);
    }();
    if (!text) {
        error = text.error().to_string();
        return {};
    }
    return std::move(text).value();
}

bool App::open_share_fragment(const std::string& fragment, std::string& error) {
    Result<ShareLink> link = decode_share_fragment(fragment);
    if (!link) {
        error = link.error().to_string();
        // A damaged reference link: the Reference panel opens and says why (the page keeps working).
        std::string_view text = fragment;
        if (size_t hash = text.find('#'); hash != std::string_view::npos) text.remove_prefix(hash + 1);
        if (text.substr(0, 5) == "v1.r=") {
            state_.reference.error = "This link does not open: " + error;
            state_.windows.reference = true;
            notify_page();
        }
        return false;
    }
    if (link->kind == ShareLinkKind::ReferenceView) return open_reference_view(link->view, error);
    if (link->kind == ShareLinkKind::Reference) {
        pending_reference_ = link->reference;
        if (state_.document && state_.load.file_name == pending_reference_->file_name) apply_pending_reference();
        return true;
    }
    // A timeline: one animation in a TAE of its own, written and opened like any file.
    const ShareTimeline& shared = link->timeline;
    TaeFile file;
    file.header = make_default_tae_header(0, 0);
    TaeAnimation animation;
    animation.number = shared.animation;
    animation.set_standard(false, false, false, 0);
    for (const ShareEvent& se : shared.events) {
        TaeEvent e;
        e.type = se.type;
        e.unknown04 = se.unknown04;
        e.start_bits = se.start_bits;
        e.end_bits = se.end_bits;
        file.set_parameters(e, Bytes(se.parameters));
        animation.events.push_back(e);
    }
    for (const ShareGroup& sg : shared.groups) {
        TaeEventGroup g;
        g.type = sg.type;
        g.event_indices = sg.events;
        animation.groups.push_back(std::move(g));
    }
    file.animations.push_back(std::move(animation));
    std::vector<uint8_t> bytes = write_tae(file);
    std::string name = "shared link " + animation_name(shared.animation) +
                       (shared.file_name.empty() ? std::string() : " from " + shared.file_name);
    shared_game_ = shared.game;
    ShareReference where;
    where.file_name = name;
    where.animation = shared.animation;
    where.frame = shared.frame;
    pending_reference_ = where;
    begin_open(std::move(bytes), name);
    return true;
}

void App::apply_pending_reference() {
    if (!pending_reference_ || !state_.document || state_.load.file_name != pending_reference_->file_name) return;
    ShareReference r = *pending_reference_;
    pending_reference_.reset();
    std::string name = animation_name(r.animation);
    for (size_t t = 0; t < state_.document->tae_file_count(); ++t) {
        int index = find_animation(int(t), name);
        if (index < 0) continue;
        select_animation(int(t), index);
        if (r.frame) set_time(double(*r.frame) / kFramesPerSecond);
        return;
    }
}

std::vector<uint8_t> App::timeline_png() const {
    const TaeAnimation* a = selected_animation();
    const DocumentTae* entry = selected_tae_entry();
    if (!a || !entry) return {};
    std::vector<TimelineImageEvent> events;
    for (const TimelineRow& row : timeline_.rows) {
        const TaeEvent& e = a->events[row.event_index];
        events.push_back(TimelineImageEvent{e.type, e.start_bits, e.end_bits,
                                            "#" + std::to_string(row.event_index) + " " + row.label});
    }
    TimelineImageOptions options;
    options.title = state_.load.file_name + "  " + full_animation_name(*entry, *a);
    return encode_png(render_timeline_image(events, options).image);
}

void App::step_animation(int delta) {
    refresh_visible_animations();
    const auto& visible = state_.files.visible;
    if (visible.empty()) return;
    auto it = std::find(visible.begin(), visible.end(), state_.selection.animation);
    long pos = it == visible.end() ? (delta > 0 ? -1 : long(visible.size())) : long(it - visible.begin());
    pos = std::clamp(pos + delta, 0L, long(visible.size()) - 1);
    select_animation(state_.selection.tae_file, visible[size_t(pos)]);
}

int App::find_animation(int tae_file, const std::string& name_or_number) const {
    if (!state_.document || tae_file < 0 || size_t(tae_file) >= state_.document->tae_file_count()) return -1;
    const DocumentTae& entry = state_.document->tae_entry(size_t(tae_file));
    if (!entry.tae) return -1;
    std::optional<uint64_t> number = parse_animation_name(name_or_number);
    if (!number && !name_or_number.empty() &&
        std::all_of(name_or_number.begin(), name_or_number.end(), [](char c) { return std::isdigit(uint8_t(c)); }))
        number = std::stoull(name_or_number);
    if (!number) return -1;
    const auto& animations = entry.tae->animations;
    for (size_t i = 0; i < animations.size(); ++i)
        if (entry.full_number(animations[i]) == *number || animations[i].number == *number) return int(i);
    return -1;
}

void App::set_time(double seconds) {
    double limit = std::max(timeline_.length, 0.0);
    state_.timeline.time = std::clamp(seconds, std::min(0.0, state_.timeline.view_start), std::max(limit, 0.0) + 10.0);
}

double App::playback_length() const { return selected_length_.known ? selected_length_.duration : timeline_.length; }

AnimationLength App::animation_true_length(const DocumentTae& entry, const TaeAnimation& animation) {
    return pose_.length(entry.full_number(animation));
}

const PoseView& App::pose_view() {
    const TaeAnimation* a = selected_animation();
    const DocumentTae* entry = selected_tae_entry();
    std::optional<uint64_t> number;
    if (a && entry) number = entry->full_number(*a);
    return pose_.prepare(number, state_.timeline.time, state_.pose.root_motion);
}

const CharacterView& App::character_view() {
    const PoseView& pose = pose_view();
    std::optional<MaskState> masks;
    if (simulation_) masks = simulation_frame_at(simulation_->simulation, state_.timeline.time).masks;
    std::vector<int32_t> dummy_ids;
    const TaeEvent* event = selected_event();
    const TaeFile* tae = selected_tae();
    const TaeFileInfo* info = selected_tae_info();
    if (event && tae && info)
        dummy_ids = event_dummy_ids(decode_event(info->templates, uint32_t(event->type), tae->parameters(*event)));
    // The character's own display masks (NpcParam) where no mask event decides, when params are open.
    attack_chain();
    return character_.prepare(pose, masks ? &*masks : nullptr, std::move(dummy_ids), state_.pose.force_masks_shown,
                              params_.display_masks());
}

void App::step_character() {
    if (!character_.busy()) return;
    if (character_.step(kOpenStepSeconds)) return;
    // The set's model binder did not open: listed with the set's files that did not.
    if (!set_model_file_.empty() && character_.view().phase == ModelPhase::Failed) {
        companion_notes_.push_back(set_model_file_ + ": " + character_.view().error);
        set_model_file_.clear();
    }
    notify_page();
}

void App::set_character_options(bool show_body, bool show_skeleton, bool show_dummies, bool force_masks_shown) {
    PoseViewState& p = state_.pose;
    p.show_body = show_body;
    p.show_skeleton = show_skeleton;
    p.show_dummies = show_dummies;
    p.force_masks_shown = force_masks_shown;
}

// Frame steps and playback count the clip's own frames (frame_seconds()): 1/30 s for TAE-only
// animations and Sekiro, 1/60 s for most Elden Ring clips.
void App::step_frames(int frames) {
    TimelineState& t = state_.timeline;
    t.playing = false;
    const double frame_time = frame_seconds_;
    double frame = std::round(t.time / frame_time) + frames;
    double last = std::max(1.0, std::ceil(playback_length() / frame_time - 1e-6));
    t.time = std::clamp(frame, 0.0, last) * frame_time;
}

void App::toggle_play() {
    TimelineState& t = state_.timeline;
    t.playing = !t.playing;
    t.play_accumulator = 0;
    if (t.playing && t.time >= playback_length() - 1e-9) t.time = 0;  // replay from the start
}

void App::advance_playback(double real_seconds) {
    TimelineState& t = state_.timeline;
    if (!t.playing) return;
    // Whole frames: the playhead lands on frame boundaries, like the game's.
    t.play_accumulator += std::min(real_seconds, 0.25);
    const double frame_time = frame_seconds_;
    double length = std::max(playback_length(), frame_time);
    while (t.play_accumulator >= frame_time) {
        t.play_accumulator -= frame_time;
        double frame = std::round(t.time / frame_time) + 1;
        t.time = frame * frame_time;
        if (t.time > length + 1e-9) t.time = 0;  // loop
    }
}

void App::refresh_visible_animations() {
    FilesPanelState& files = state_.files;
    if (!files.dirty && files.visible_for_tae_file == state_.selection.tae_file) return;
    files.dirty = false;
    files.visible_for_tae_file = state_.selection.tae_file;
    files.visible.clear();
    const DocumentTae* entry = selected_tae_entry();
    if (!entry || !entry->tae) return;
    const auto& animations = entry->tae->animations;

    std::string needle = files.filter;
    for (auto& c : needle) c = char(std::tolower(uint8_t(c)));
    for (size_t i = 0; i < animations.size(); ++i) {
        if (!needle.empty()) {
            std::string name = full_animation_name(*entry, animations[i]);
            std::string number = std::to_string(entry->full_number(animations[i]));
            if (name.find(needle) == std::string::npos && number.find(needle) == std::string::npos) continue;
        }
        files.visible.push_back(int(i));
    }

    std::vector<double> lengths;
    if (files.sort_column == AnimationSortColumn::Length) {
        lengths.resize(animations.size());
        for (size_t i = 0; i < animations.size(); ++i) {
            AnimationLength true_length = pose_.length(entry->full_number(animations[i]));
            lengths[i] = true_length.known ? true_length.duration : animation_length(animations[i]);
        }
    }
    auto key_less = [&](int a, int b) {
        const TaeAnimation& x = animations[size_t(a)];
        const TaeAnimation& y = animations[size_t(b)];
        switch (files.sort_column) {
            case AnimationSortColumn::Name:
            case AnimationSortColumn::Number:
                return x.number < y.number;
            case AnimationSortColumn::Events:
                return x.events.size() < y.events.size();
            case AnimationSortColumn::Length:
                return lengths[size_t(a)] < lengths[size_t(b)];
            case AnimationSortColumn::HeaderKind:
                return x.header_kind() < y.header_kind();
            case AnimationSortColumn::ImportSource: {
                auto source = [](const TaeAnimation& an) {
                    return an.header_kind() == TaeAnimationHeaderKind::ImportOther ? int64_t(an.import_source())
                                                                                   : INT64_MIN;
                };
                return source(x) < source(y);
            }
        }
        return a < b;
    };
    std::stable_sort(files.visible.begin(), files.visible.end(),
                     [&](int a, int b) { return files.sort_ascending ? key_less(a, b) : key_less(b, a); });
}

}  // namespace taescope::web
