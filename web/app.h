// The app's actions: everything that changes AppState goes through here, whether it comes
// from a panel (a click), the keyboard, or the page's JavaScript (js_api.cpp). Panels call
// these instead of editing the state behind each other's backs.
//
// Places left for later issues: simulation (engine/sim) will feed `current_frame_state()`,
// search and share links will call `select_*` and `set_time`, PNG export reads the canvas.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app_state.h"
#include "character_view_model.h"
#include "gltf_export_model.h"
#include "params_model.h"
#include "compare/tae_diff.h"
#include "edit/edit_commands.h"
#include "pose_model.h"
#include "reference/event_reference.h"
#include "reference/type_value_statistics.h"
#include "share/share_link.h"
#include "sim/document_simulation.h"
#include "templates/knowledge.h"
#include "templates/knowledge_evidence.h"
#include "timeline_model.h"

namespace taescope::web {

// The Reference's code for a template file dropped with no file open.
inline constexpr const char* kUserReferenceSource = "USER";

class App {
public:
    AppState& state() { return state_; }
    const AppState& state() const { return state_; }

    // The page hands over a file: bytes now, parsing on a later frame (so "parsing" is drawn).
    // Returns the open's serial.
    uint32_t begin_open(std::vector<uint8_t> bytes, std::string file_name);
    // A DCX / DCP file of `file_size` bytes whose wrapper the page's decode worker (web/worker/)
    // decodes: "parsing" is shown and the open waits until the page has handed over the file's
    // bytes and the decoded payload (decoded_slice, in slices: one task of the page each) and
    // called decoded_payload_done(), or decode_failed() with the worker's error. The calls below
    // name the open's serial and do nothing once another open has begun.
    uint32_t begin_open_in_worker(uint64_t file_size, std::string file_name);
    // Another file of open `serial`'s set (a model binder with the animation binder, a player
    // binder with its animation binders), also handed over by the page from its decode worker
    // after begin_open_in_worker. Returns its member number (1, 2, ...: the calls below name it;
    // the file of begin_open_in_worker is member 0), or -1 when `serial` is no longer opening.
    int queue_open_in_worker(uint32_t serial, uint64_t file_size, std::string file_name);
    // Whether open `serial` is the one in progress and waits for the worker.
    bool awaits_decoded_payload(uint32_t serial) const;
    // The worker's progress while the open waits for it (the opener's own fraction and text) on
    // `member`: shown while that member is the one opening.
    void set_decode_progress(uint32_t serial, int member, double fraction, std::string text);
    // Room for the next `size` bytes of member `member`'s file (`payload` false) or of its decoded
    // payload, whose whole size is `total`: the page copies them there. Null when that member of
    // open `serial` does not wait for them (another open has begun, or it is over).
    uint8_t* decoded_slice(uint32_t serial, int member, bool payload, size_t total, size_t size);
    // The member is in place (`decoded`: with its payload; else its bytes are opened as they are,
    // not a DCX / DCP file): the open goes on here, a step per frame, from the binder's table.
    bool decoded_payload_done(uint32_t serial, int member, bool decoded, double worker_ms, double copy_ms);
    // The worker's error for a waiting member: a single file's open ends with it (what the opener
    // here would have reported); a file of a set is one that did not open, the others go on.
    void decode_failed(uint32_t serial, int member, Error error);
    // A file to open together with the next begin_open (a player binder and its animation
    // binders, in any order): all are opened, the one holding TAE files is shown, the others
    // are companions searched for its Havok members (skeleton, animations).
    void queue_open(std::vector<uint8_t> bytes, std::string file_name);
    // The files opened with the shown one (empty after a single-file open).
    const std::vector<std::unique_ptr<Document>>& companions() const { return companions_; }
    const std::vector<std::string>& companion_notes() const { return companion_notes_; }
    // Parses pending bytes, a slice of at most kOpenStepSeconds per call (one call per frame,
    // after the frame has drawn the parsing state). True when the file is open (or failed).
    // `budget_seconds`: the step's share of its task (the frame loop passes what its drawing left).
    bool finish_pending_open(double budget_seconds = kOpenStepSeconds);
    // 20 ms: with a unit begun just before the budget ends (up to ~6 ms) and the page's own work
    // in the task, a step's task stays well under the 50 ms a long task is (25 ms left DS3's c0000
    // at 41 ms of thread CPU time, close to it on a loaded machine).
    static constexpr double kOpenStepSeconds = 0.020;
    // One step of whatever reads now: the open in progress (finish_pending_open) or, once the
    // file is shown, the model's reading (step_character). The page calls it in tasks of its own
    // between frames, so that a step never waits for the next frame (on a software-GL browser a
    // frame takes 50-150 ms of the GPU process); the frame loop steps too. True while there is
    // more to do at once (false also while the open or the model waits for the decode worker).
    bool background_step();
    // The model binder of the files opened together that is read after the animations are shown
    // (its bytes handed over by the decode worker to the character view): "" when none.
    const std::string& set_model_file() const { return set_model_file_; }
    void close_error();

    bool select_tae_file(int index);
    bool select_animation(int tae_file, int animation);
    bool select_event(int event);
    bool select_group(int group);
    // Moves the animation selection by `delta` within the Files panel's visible (filtered, sorted) list.
    void step_animation(int delta);
    // -1 when no animation of that TAE file has that full name ("a000_003000") or number.
    int find_animation(int tae_file, const std::string& name_or_number) const;

    void set_time(double seconds);
    void step_frames(int frames);
    void toggle_play();
    void advance_playback(double real_seconds);
    void request_fit() { state_.timeline.fit_requested = true; }
    // Vertical zoom of the timeline's rows: every row in the visible height (kept while the
    // panel or the animation changes), or a height in pixels (0: the normal height). The panel
    // clamps the height; Ctrl+wheel over the rows zooms it around the mouse.
    void fit_timeline_rows() { state_.timeline.fit_rows = true; }
    void set_timeline_row_height(float pixels) {
        state_.timeline.fit_rows = false;
        state_.timeline.row_height = pixels > 0 ? pixels : 0;
    }
    // The toolbar's Fit rows and the R key: fitted rows go back to the normal height.
    void toggle_fit_timeline_rows() {
        if (state_.timeline.fit_rows)
            set_timeline_row_height(0);
        else
            fit_timeline_rows();
    }
    // Orders the timeline's rows as stored, by event group or by type (kept across animations).
    void set_row_order(TimelineRowOrder order);

    // What the panels show of the current selection (null when nothing is selected).
    const DocumentTae* selected_tae_entry() const;
    const TaeFileInfo* selected_tae_info() const;
    const TaeFile* selected_tae() const;
    const TaeAnimation* selected_animation() const;
    const TaeEvent* selected_event() const;
    // The prepared timeline of the selected animation (rebuilt when the selection changes).
    const TimelineModel& timeline() const { return timeline_; }

    // ---- the Havok side (pose_model.h): true lengths and the pose at the playhead ----
    // The selected animation's true length from its Havok header (or why it is not known).
    const AnimationLength& selected_length() const { return selected_length_; }
    // Seconds per frame of playback and frame steps: the clip's own when its length is known
    // (1/60 s for most Elden Ring clips), else 1/30 s (the TAE's frames).
    double frame_seconds() const { return frame_seconds_; }
    // Where playback loops: the true end when known, else the last event's end.
    double playback_length() const;
    // Any animation's true length (cached by the character; reads one header the first time).
    AnimationLength animation_true_length(const DocumentTae& entry, const TaeAnimation& animation);
    // The pose of the selected animation at the playhead (recomputed when either changed).
    const PoseView& pose_view();
    void set_pose_root_motion(bool on) { state_.pose.root_motion = on; }

    // ---- the body (character_view_model.h): the model binder opened with the animations ----
    // The body at the playhead: the pose of pose_view(), the simulator's masks at the playhead
    // and the dummies the selected event names (recomputed when one of them changed).
    const CharacterView& character_view();
    CharacterViewModel& character() { return character_; }
    // One step of the model's reading, once a frame after the frame was drawn (never at open).
    void step_character();
    // The Pose panel's options for the body.
    void set_character_options(bool show_body, bool show_skeleton, bool show_dummies, bool force_masks_shown);

    // The simulation of the selected animation (engine/sim), rebuilt with the timeline; null
    // when nothing is selected or the engine refused (simulation_error() says why).
    const DocumentSimulation* simulation() const { return simulation_ ? &*simulation_ : nullptr; }
    const std::string& simulation_error() const { return simulation_error_; }
    uint64_t simulation_generation() const { return simulation_generation_; }

    // Binder-wide search (search_model.h): fills state_.search.hits.
    void run_search(const std::string& query);
    // Selects the hit's animation and event and puts the playhead on the event's start.
    bool jump_to_hit(int hit);

    // Share links (engine/share/share_link.h): the fragment for the selected animation,
    // "v1.t=..." (the events) or "v1.f=...&a=...&t=..." (file reference); "" with `error` set.
    std::string share_fragment(bool reference, std::string& error) const;
    // Opens a "v1.t=" link as a document of its own, or remembers a "v1.f=" reference until
    // the named file is opened. False with `error` set when the link does not decode.
    bool open_share_fragment(const std::string& fragment, std::string& error);
    // The selected animation's timeline as PNG bytes (engine/share/timeline_image.h); empty when none.
    std::vector<uint8_t> timeline_png() const;

    // ---- editing (engine/edit): every change is a command in the document's EditSession ----
    // Runs `command`; on success selects what it touched and rebuilds the views. On refusal the
    // document is unchanged and state().edit.message says why.
    bool apply_edit(const EditCommand& command);
    bool undo();
    bool redo();
    // Undoes or redoes until `steps_done` steps of the history are done (the History window).
    bool go_to_history(size_t steps_done);
    bool is_dirty() const;
    // The selected events of the selected animation (ascending), or the single selected one.
    std::vector<uint32_t> selected_events() const;
    void set_event_selection(std::vector<int> events, int primary);
    void toggle_event_selected(int event);
    void select_all_events();
    // Hands text to the system clipboard (the page's navigator.clipboard); "" does nothing.
    void copy_to_system_clipboard(const std::string& text) const;
    // Copies the selected events into the viewer's clipboard; returns their text form (for the
    // system clipboard), "" when nothing is selected.
    std::string copy_selected_events();
    // Pastes `text` (the clipboard text form), or the viewer's own clipboard when `text` is
    // empty, into the selected animation; at `at_seconds` (earliest start there) when given.
    bool paste_events(const std::string& text, std::optional<double> at_seconds);
    bool delete_selected_events();
    bool duplicate_selected_events();
    // A new event of state().edit.new_event_type at `seconds` (snapped), 10 frames long.
    bool add_event_at(double seconds, bool snap);
    // A number for a new or duplicated animation in the selected TAE file: the first free
    // number after `after` (within the file's stored numbering).
    uint64_t free_animation_number(uint64_t after) const;

    // ---- export ----
    // The file name a download of `scope` gets: the opened file's name, or the member's name.
    std::string export_file_name(ExportScope scope) const;
    // Runs the pre-export check for the dialog's options (cached until the next edit).
    const ExportCheck& export_check();
    // Writes the file for the dialog's options. Empty with state().edit.export_dialog.error set
    // when the file cannot be written, or when a blocking finding stops it and !force.
    std::vector<uint8_t> export_bytes(bool force);
    // export_bytes, then hands them to the page as a download; marks the document saved.
    // `bytes_out` (optional) receives the bytes.
    bool download_export(bool force, std::vector<uint8_t>* bytes_out = nullptr);
    // The character as glTF 2.0 binary (engine/share/character_gltf.h, the bytes `taescope gltf`
    // writes): the skeleton, the body when a model is read, and the selected animation or every
    // Havok animation of the binders (`all`). Empty with ExportDialogState::gltf_error set when it
    // cannot be written (web/app_gltf.cpp).
    std::vector<uint8_t> gltf_bytes(bool all);
    // gltf_bytes, handed to the page as a download (<character>[-aXXX_YYYYYY].glb).
    bool download_gltf(bool all, std::vector<uint8_t>* bytes_out = nullptr);
    // The same export by the page's export worker (gltf_export_model.h): the job's inputs taken
    // now; the page copies them out and runs it. The job's id, or 0 with gltf_error set.
    uint32_t start_gltf_export(bool all);
    // The Export window's button: the page runs the export in its worker and downloads it
    // (Module.onGltfExportAsked); without the page, here.
    void ask_gltf_export(bool all);
    void cancel_gltf_export();  // the Export window's Cancel (Module.onGltfExportCancel)
    GltfExportModel& gltf_export() { return gltf_export_; }
    const GltfExportModel& gltf_export() const { return gltf_export_; }

    // Animations and events in the open document (zeros with none), counted once per document
    // change: the status bar shows them every frame, and counting walks every animation of
    // every event file (0.2 ms a frame in wasm on a 640-file binder).
    struct DocumentTotals {
        size_t animations = 0;
        size_t events = 0;
        std::vector<size_t> animations_per_file;  // parallel to document().taes (0 for one that did not parse)
        std::vector<size_t> events_per_file;
    };
    const DocumentTotals& document_totals();

    // ---- the game's params (params_model.h; actions in app_params.cpp) ----
    ParamsModel& params() { return params_; }
    const ParamsModel& params() const { return params_; }
    // The attack chain of the shown binder with the open regulation, or null without either.
    const AttackChain* attack_chain();
    // The hit shapes of the selected animation's attack events live at the playhead, posed at the
    // character view's dummies (model space, no root motion): empty without a model or params.
    const std::vector<PosedAttackShape>& hit_shapes_at_playhead();
    // The variation V (nullopt: the default) and the NpcParam row (nullopt: the default for V).
    void choose_attack_variation(std::optional<int32_t> variation);
    void choose_npc_param_row(std::optional<int32_t> row);
    // Drops the regulation and asks the page to forget its stored copy.
    void forget_params();
    // The frame-data table (posed with the model and the clips when the model is read).
    const std::vector<AnimationFrameData>& frame_data();
    // The table as CSV, handed to the page as a download (<character>-framedata.csv).
    bool download_frame_data_csv();
    // Selects the animation of a frame-data row and puts the playhead at `seconds`.
    bool jump_to_attack(size_t tae_index, size_t animation_index, uint32_t event_index, double seconds);

    // ---- templates ----
    // Loads a template file the user dropped (either community XML dialect or our text
    // format) for the game of the selected event file; on error the templates in use stay.
    bool load_user_templates(const std::string& text, const std::string& file_name);
    void reset_user_templates();
    // The game every event file is decoded as ("": back to what the clues say); false when that
    // game has no templates here.
    bool choose_game(const std::string& game);
    const TemplateLibrary& template_library() const { return templates_; }

    // ---- compare (the diff of engine/compare/tae_diff.h, side by side) ----
    // Opens `bytes` as the reference the open file is compared with (the game's file, when the
    // open one is a mod). False with compare_error() set when it does not open.
    bool open_compare(std::vector<uint8_t> bytes, const std::string& file_name);
    void close_compare();
    const LoadedDocument* compare_document() const { return compare_.get(); }
    const std::string& compare_name() const { return compare_name_; }
    const std::string& compare_error() const { return compare_error_; }
    // Reference (A) against the open file (B), recomputed after every edit; null without a reference.
    const TaeSetDifference* compare_difference();
    // The difference of the selected animation (by full number), or null when it has none.
    const AnimationDifference* selected_animation_difference();

    // ---- evidence (issue 12) ----
    // Shows only meanings the notes call Proven or Observed (timeline labels, Inspector names).
    void set_strong_evidence_only(bool on);
    // The stored-word counts for an entry that names a word to count, over the open document
    // (cached until the document changes); null when the entry names none.
    const StoredWordCounts* word_evidence(const KnowledgeEntry& entry);

    // ---- the event reference (engine/reference; actions in app_reference.cpp) ----
    // Every template set at hand: the built-in ones, the user's per game ("USER-ER") and a
    // template file dropped with no file open ("USER"). Rebuilt when those change.
    const ReferenceIndex& reference_index();
    void show_reference(bool show);
    // Searches as the user types (state().reference.hits); `game` "" searches every game.
    void set_reference_search(const std::string& query, const std::string& game);
    // Shows one type (opening the panel). `user_choice`: a new view the page's history keeps
    // (false when it comes from a link or Back/Forward). False when no such game is at hand.
    bool show_reference_type(const std::string& game, uint32_t type, bool user_choice = true);
    // Applies a "v1.r=" view: game, type and query.
    bool open_reference_view(const ShareReferenceView& view, std::string& error);
    // The fragment of what the panel shows ("v1.r=ER/795"), "" when the panel is closed.
    std::string reference_fragment() const;
    // The shown type described (engine/reference), or null; cached until the view or the sources change.
    const ReferenceType* shown_reference_type();
    // The values each field of the shown type takes in the open document's event files of the
    // shown game (null without a document or a template); cached until the document changes.
    const TypeValueStatistics* shown_reference_statistics();
    // How many event files of the open document the statistics counted (those of the shown game).
    size_t shown_reference_statistics_files() const { return reference_stats_files_; }
    // Lists the events of the shown type in Search (the Search window opens): all of them, or
    // (field >= 0) those whose field holds `raw`.
    void list_reference_events(int field, uint64_t raw);
    // "Copy link": the page puts its URL with reference_fragment() on the clipboard.
    void copy_reference_link();
    // The Inspector's "Open in Reference": the selected event's type in its file's game.
    bool open_selected_event_in_reference();

    // Rebuilds state_.files.visible when the filter, sort or TAE file changed.
    void refresh_visible_animations();

    // Called by every action that changes what the page should know (load finished, error).
    void notify_page() const;

private:
    // Ends the open in progress with its document or its error: views and selection (the
    // caller then tells the page).
    void finish_open(Result<LoadedDocument> loaded);
    // A model binder dropped alone onto the open character: attached as its body (true), the
    // document kept. `opened` is the binder as it opened, or its error.
    bool attach_dropped_model(Result<Document>& opened);
    // The next file of a set becomes the one opening (its bytes, its payload, or its error).
    void start_next_queued_file();
    // Member `member` of the open in progress, when it is still to open (null: it is the one
    // opening now, or done), or the set's model binder still awaited by the character view.
    LoadStatus::QueuedFile* queued_member(uint32_t serial, int member);
    // When the file just opened holds the animations and the set's only file left is a model
    // binder: the set is shown now, and that binder is read by the character view afterwards
    // (true; it becomes background_model_).
    bool model_left_for_later(const Result<Document>& just_opened);
    // The set's model binder handed to the character view: its bytes, payload or error, once the
    // page has handed them over.
    void deliver_background_model();
    void rebuild_timeline();
    // After the document changed: views, indices and the selection the edit reported.
    void after_document_change(const EditOutcome& outcome);
    // Counts event file f again into totals_ (its per-file entries and the sums).
    void recount_file_totals(size_t f);
    void report_edit(std::string message, bool is_error);
    std::optional<AnimationTarget> selected_animation_target() const;
    LoadedDocument* document() { return state_.document.get(); }
    void apply_pending_reference();
    void rerun_reference_search();
    void invalidate_reference_sources();

    std::unique_ptr<ReferenceIndex> reference_index_;
    // A template file dropped with no file open: listed in the Reference as "USER".
    std::optional<GameTemplates> reference_user_templates_;
    std::string reference_user_file_;
    std::optional<ReferenceType> reference_shown_;
    std::optional<TypeValueStatistics> reference_stats_;
    uint64_t reference_stats_generation_ = ~uint64_t{0};
    std::string reference_stats_key_;
    size_t reference_stats_files_ = 0;

    AppState state_;
    TimelineModel timeline_;
    std::vector<std::unique_ptr<Document>> companions_;  // opened with the document (stable addresses)
    std::vector<std::string> companion_notes_;           // files of the set that did not open
    // The set's model binder, left to the character view when the animations were shown: its
    // bytes (and decoded payload) still coming from the page's decode worker under the open's
    // serial and its member number.
    struct BackgroundModel {
        uint32_t serial = 0;
        int member = 0;
        LoadStatus::QueuedFile file;
    };
    std::optional<BackgroundModel> background_model_;
    std::string set_model_file_;
    PoseModel pose_;
    CharacterViewModel character_;
    ParamsModel params_;
    GltfExportModel gltf_export_;
    // A model binder that was open alone when an animation binder was dropped onto it: kept as
    // the character's model (null otherwise; every other open lets it go).
    std::unique_ptr<LoadedDocument> model_document_;
    AnimationLength selected_length_;
    double frame_seconds_ = 1.0 / kFramesPerSecond;
    std::unique_ptr<AnimationIndex> animation_index_;  // of state_.document
    std::optional<DocumentSimulation> simulation_;
    std::string simulation_error_;
    uint64_t simulation_generation_ = 0;
    // A "v1.f=" link waiting for its file: applied when a file of that name is opened.
    std::optional<ShareReference> pending_reference_;
    // The game a "v1.t=" link named: its templates decode the restored timeline.
    std::string shared_game_;
    TemplateLibrary templates_;  // built-in per game, replaced per game by a dropped file
    std::map<const KnowledgeEntry*, std::optional<StoredWordCounts>> evidence_cache_;
    std::unique_ptr<LoadedDocument> compare_;
    std::string compare_name_, compare_error_;
    std::optional<TaeSetDifference> compare_diff_;
    uint64_t compare_generation_ = ~uint64_t{0};
    uint64_t evidence_generation_ = ~uint64_t{0};
    DocumentTotals totals_;
    uint64_t totals_generation_ = ~uint64_t{0};
};

App& app();

}  // namespace taescope::web
