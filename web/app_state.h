// The UI state of the browser app, as plain structs: what is loaded, what is selected, how
// each panel is scrolled and sorted. No ImGui, SDL or GL types here, so that the query API
// (state_json.cpp) and the actions (app.cpp) can read and change it without a frame.
//
// Panels (panel_*.cpp) read this state and issue actions; they keep nothing of their own
// between frames except what ImGui keeps (scroll positions, focus).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "edit/event_clipboard.h"
#include "edit/export_check.h"
#include "io/result.h"
#include "loaded_document.h"
#include "open_step_report.h"
#include "reference/event_reference.h"
#include "timeline_model.h"

namespace taescope::web {

// Where a file is on its way from the user's disk to the panels.
enum class LoadPhase : uint8_t {
    Empty,    // nothing opened yet
    Parsing,  // bytes are in wasm memory; the engine parses them on the next frame
    Ready,    // `document` holds the file
    Failed,   // `error` says why; the previous document (if any) is gone
};
const char* load_phase_name(LoadPhase phase);

struct LoadStatus {
    LoadPhase phase = LoadPhase::Empty;
    std::string file_name;
    uint64_t file_size = 0;
    std::vector<uint8_t> pending_bytes;  // Parsing: the bytes handed over by the page
    // Parsing, wrapper decoded by the page's decode worker (web/worker/): the open waits until
    // the page has copied the file into `pending_bytes` and the payload into `decoded_payload`,
    // then reads the wrapper without decoding it again. False: the opener decodes on this
    // thread, a slice per frame.
    uint32_t open_serial = 0;  // counts begin_open calls: the page's worker replies name the open they belong to
    bool awaiting_decoded_payload = false;
    std::vector<uint8_t> decoded_payload;
    bool decoded_in_worker = false;  // how the last open decoded its wrapper
    double worker_decode_ms = 0;     // the worker's own time for it
    double payload_copy_ms = 0;      // handing the payload over on this thread
    // Parsing: opens `pending_bytes` a step per frame (engine/binder/document.h), so that the
    // page stays responsive and shows progress while a large binder opens.
    std::unique_ptr<DocumentOpener> opener;
    double progress = 0;        // 0..1 while parsing
    std::string progress_text;  // "reading event file 12 of 640"
    double parse_started_ms = 0;
    double parse_milliseconds = 0;
    // Where the open spent its time, to tell a long engine step from slow drawing: the longest
    // single opener step and what it was doing, and the work after the last step (views, index).
    double longest_step_ms = 0;
    std::string longest_step_text;
    OpenStepReport steps;  // every step of the open (of every file of a set), as the engine logged it
    double finish_ms = 0;
    // The opener is done, its document taken and the views built on the next step (the step that
    // ended the reading used half its budget or more: App::finish_pending_open).
    bool finish_deferred = false;
    Error error;  // Failed
    // Several files opened together as one character (a player binder and its animation
    // binders): the files still to open after the current one, and those opened so far. When
    // the last is open, the one holding TAE files is shown and the others are its companions.
    // A file of the set still to open: its bytes at hand (App::queue_open), or on their way from
    // the page's decode worker (App::queue_open_in_worker: `awaiting` until the page has handed
    // over the file and, for a DCX / DCP file, its decoded `payload`; or the worker's `error`).
    struct QueuedFile {
        std::vector<uint8_t> bytes;
        std::string name;
        uint32_t serial = 0;  // the open it belongs to; 0: the next begin_open's
        uint64_t size = 0;
        bool awaiting = false;
        bool decoded = false;  // `payload` is the wrapper's payload, decoded by the worker
        std::vector<uint8_t> payload;
        std::optional<Error> error;
    };
    std::vector<QueuedFile> queued;
    size_t member = 0;  // which file of the set is opening now (0: the first, or the only one)
    // The file of the set opening now could not be decoded by the worker: it is opened as this error.
    std::optional<Error> failed_member;
    struct OpenedFile {
        Result<Document> document;
        std::string name;
        uint64_t size = 0;
    };
    std::vector<OpenedFile> opened;
};

// Which TAE file, animation and event the panels show. -1: none.
struct Selection {
    int tae_file = -1;
    int animation = -1;       // index in the TAE file's animations (table order)
    int event = -1;           // index in the animation's events: the one the Inspector shows
    std::vector<int> events;  // every selected event (contains `event` when that is >= 0), ascending
    int group = -1;           // index in the animation's groups

    bool is_event_selected(int e) const;
};

enum class AnimationSortColumn : uint8_t { Name, Number, Events, Length, HeaderKind, ImportSource };

struct FilesPanelState {
    std::string filter;  // case-insensitive substring of the name or number
    AnimationSortColumn sort_column = AnimationSortColumn::Number;
    bool sort_ascending = true;
    std::vector<int> visible;       // animation indices after filter + sort (rebuilt when dirty)
    int visible_for_tae_file = -2;  // which TAE file `visible` was built for
    bool dirty = true;
    bool scroll_to_selection = false;
    bool focus_filter = false;
};

// The timeline's view: a window of time [view_start, view_end) in seconds, and the playhead.
struct TimelineState {
    static constexpr double kFramesPerSecond = 30.0;

    double view_start = -0.1;
    double view_end = 3.0;
    double time = 0.0;  // playhead, seconds
    bool playing = false;
    TimelineRowOrder row_order = TimelineRowOrder::Stored;
    double play_accumulator = 0;  // real seconds not yet turned into whole frames
    bool fit_requested = true;    // fit the view to the animation on the next frame
    int hovered_event = -1;
    bool scroll_to_selected_event = false;  // bring the selected row into view on the next frame
    // Vertical zoom of the rows, so that a dense animation can be seen whole. row_height 0 is
    // the normal height (a text line plus padding: only the panel knows the font); fit_rows
    // keeps every row in the visible height as the panel or the animation changes. The panel
    // clamps either between "every row fits" and a few times the normal height.
    float row_height = 0;
    bool fit_rows = false;
    // The row (fractional) a Ctrl+wheel zoom keeps at the mouse's screen y.
    struct RowAnchor {
        float row = -1, y = 0;
    } row_zoom_anchor;
    // Where the panel drew the time axis and the rows last frame (canvas CSS pixels), for the
    // query API: lets a test point the mouse at a time or an event row.
    struct Geometry {
        float axis_x0 = 0, axis_x1 = 0;  // screen x of view_start and view_end
        float rows_top = 0;              // screen y of row 0 (scrolled)
        float row_height = 0;            // as drawn: below 1 px rows share pixel rows
        float normal_row_height = 0;
        float rows_visible_top = 0, rows_visible_bottom = 0;
        int visible_rows = 0;     // rows at least partly inside the visible height
        bool row_labels = false;  // rows tall enough for their text labels
    } geometry;
};

// Where the Simulation panel drew its mask strip last frame (canvas CSS pixels) and which cell
// the mouse is over, for the query API (a test can point at a cell and read its tooltip's facts).
struct SimulationViewState {
    float strip_x0 = 0, strip_y0 = 0, strip_x1 = 0, strip_y1 = 0;
    int hovered_group = -1;  // 0..31
    int hovered_frame = -1;
    int hovered_decided_by = -1;  // the event that decided the hovered cell, -1 for default
};

// A gesture on the timeline that edits while the mouse moves: one undo step per gesture.
enum class TimelineDrag : uint8_t { None, Move, ResizeStart, ResizeEnd, Marquee };

struct TimelineGesture {
    TimelineDrag kind = TimelineDrag::None;
    uint64_t drag_id = 0;               // EditSession merges commands of one gesture into one step
    int tae_file = -1, animation = -1;  // the animation the gesture edits (it ends when another is selected)
    int anchor_event = -1;              // the event under the mouse when the gesture began
    double anchor_start = 0;            // its start then (Move) or the edge's time (Resize)
    double press_time = 0;              // the time under the mouse when the gesture began
    float press_x = 0, press_y = 0;     // where (screen), for the marquee
    std::vector<int> events;            // Move: the events that move together
    bool pressed = false;               // the left button went down on the timeline's rows
    bool moved = false;                 // a command was issued (so the release does not select)
    std::vector<int> selection_before;  // Marquee: the selection the gesture started from
    bool additive = false;              // Marquee with Ctrl/Shift: adds to the selection
};

// What the edit features show: the last message, the export dialog, the history window.
enum class ExportScope : uint8_t { WholeFile, SelectedTae };
enum class ExportMethod : uint8_t { AsOpened, Deflate };

struct ExportDialogState {
    bool open = false;
    ExportScope scope = ExportScope::WholeFile;
    ExportMethod method = ExportMethod::AsOpened;
    bool checked = false;     // `check` answers the current document and options
    uint64_t checked_at = 0;  // the edit generation `check` was made for
    ExportCheck check;
    std::string error;       // the export could not be written at all
    std::string last_saved;  // "c5070.anibnd.dcx, 123,456 bytes"
    bool gltf_all = false;   // glTF: every animation of the binders, not only the selected one
    std::string gltf_error;  // why the last glTF export was not written
    std::string gltf_last;   // "c5051-a000_003004.glb, 456,789 bytes"
};

struct EditUiState {
    std::string message;  // the last edit's label, or why it was refused
    bool message_is_error = false;
    uint64_t generation = 0;     // counts every change of the document (edit, undo, redo)
    EventClipboard clipboard;    // the viewer's own copy (the system clipboard gets its text form)
    int new_event_type = 0;      // the type Ctrl+click and "Add event" create
    int context_event = -1;      // the timeline's context menu: the event right-clicked (-1: empty space)
    double context_seconds = 0;  // and the time under the mouse then
    bool reset_parameters_on_type_change = false;
    uint64_t animation_number = 0;  // the number the Files panel's Add/Duplicate/Renumber use
    ExportDialogState export_dialog;
    TimelineGesture gesture;
    uint64_t next_drag_id = 1;
    std::string templates_message;  // the last template file dropped: loaded, or why not
    bool templates_message_is_error = false;
};

struct WindowVisibility {
    bool files = true;
    bool timeline = true;
    bool groups = true;
    bool inspector = true;
    bool simulation = true;
    bool search = false;
    bool help = false;
    bool history = false;
    bool compare = false;
    bool reference = false;
    bool pose = false;
    bool frame_data = false;  // the frame-data table of the binder's attacks (panel_frame_data.cpp)
};

// One hit of a binder-wide search (panel_search.cpp, search_model.h).
struct SearchHit {
    int tae_file = -1;
    int animation = -1;
    int event = -1;    // -1: the animation itself matched (by number or name)
    std::string what;  // "type 233", "field Mask 3 = 1", "animation a000_001040"
};

struct SearchState {
    std::string query;
    std::string ran_query;  // the query `hits` answer
    std::vector<SearchHit> hits;
    bool truncated = false;  // more hits than kept
    bool focus_input = false;
    int selected = -1;
};

// The Reference panel (panel_reference.cpp, app_reference.cpp): the event types of every
// template set at hand, searched as the user types, and one type shown whole.
struct ReferencePanelState {
    std::string query;               // the search box
    std::string game;                // the games combo: "" every game
    std::vector<ReferenceHit> hits;  // what query and game find
    bool truncated = false;
    std::string shown_game;  // the type shown ("" none)
    std::optional<uint32_t> shown_type;
    uint64_t view_serial = 0;  // counts the types shown by the user's choice: the page adds a history entry for each
    std::string error;         // the last reference link that did not open ("" none)
    bool focus_search = false;
    bool scroll_to_shown = false;  // bring the shown type's row into view on the next frame
    std::string message;           // "link copied", ...
};

// The Pose panel's camera and options (panel_pose.cpp draws, pose_model.h prepares the pose).
struct PoseViewState {
    bool root_motion = true;  // move the body along the clip's root motion
    bool show_path = true;    // draw the root-motion path on the ground
    // Orbit camera around `target`: yaw about the up axis (y), pitch above the ground, distance.
    float yaw = 0.6f, pitch = 0.35f, distance = 4.0f;
    float target[3] = {0, 1, 0};
    bool frame_requested = true;         // "frame the character" on the next draw (F, the button, a new skeleton)
    uint64_t framed_for = ~uint64_t{0};  // the animation the camera was last framed for
    int hovered_bone = -1;
    bool view_hovered = false;  // the mouse is over the 3D view (F frames the character there)
    // Where the panel drew the view last frame (canvas CSS pixels), for the query API.
    float view_x0 = 0, view_y0 = 0, view_x1 = 0, view_y1 = 0;
    std::array<float, 16> view_projection{};  // as drawn last frame (column-major): model space to the view
    std::string renderer = "not drawn yet";   // "shader", or why the view is not drawn
    // The body (character_view_model.h), when a model binder is open: what is drawn, and what
    // the mouse is over (a mesh of the body, a dummy poly: -1 none).
    bool show_body = true;
    bool show_skeleton = false;  // with a model: the skeleton over the body (without one it is always drawn)
    bool show_dummies = true;
    bool force_masks_shown = false;  // every mesh drawn, whatever the masks say
    bool show_hitboxes = true;       // the attacks' hit shapes live at the playhead (with params)
    int hovered_hit_shape = -1;      // index into App::hit_shapes_at_playhead()
    std::string hitbox_renderer = "not drawn yet";  // "shader", or why the hit shapes are not drawn
    int hovered_mesh = -1;
    int hovered_dummy = -1;
    std::string body_renderer = "not drawn yet";
};

// What each part of a frame cost on the main thread (milliseconds by the page's clock): the last
// frame's, and the most each took since the document was opened (the first frame that draws a
// large binder's document is the heaviest). state().frameCost reports both.
struct FrameCost {
    enum Part : uint8_t { Status, Files, Pose, Timeline, Inspector, Simulation, Groups, Windows, Render, Step, kParts };
    static const char* part_name(Part part);
    std::array<double, kParts> last{}, most{};
    void note(Part part, double ms) {
        last[part] = ms;
        if (ms > most[part]) most[part] = ms;
    }
    void forget_most() { most.fill(0); }
};

struct AppState {
    LoadStatus load;
    FrameCost frame_cost;
    std::unique_ptr<LoadedDocument> document;  // set when load.phase == Ready
    Selection selection;
    FilesPanelState files;
    TimelineState timeline;
    WindowVisibility windows;
    SearchState search;
    ReferencePanelState reference;
    SimulationViewState simulation_view;
    PoseViewState pose;
    EditUiState edit;
    bool strong_evidence_only = false;  // show only Proven/Observed meanings (set_strong_evidence_only)
    float device_pixel_ratio = 1.0f;
    uint64_t frame_counter = 0;
    uint64_t frames_drawn = 0;  // frames sent to the GPU (the others showed nothing new)
};

}  // namespace taescope::web
