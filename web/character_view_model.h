// What the character view draws of the body, prepared before anything is drawn: the model binder
// (`cXXXX.chrbnd.dcx`) opened with the animation binder, or dropped onto it later, read into a
// FLVER model and joined with the Havok skeleton (engine/binder/character_model.h), and at the
// playhead the skin matrices K(b) of every FLVER bone, the meshes the simulator's masks show, the
// dummy polys posed, and those the selected event names.
//
// Reading never stalls a frame: nothing is read when the files open; afterwards step() does one
// piece of work per frame (a slice of a dropped binder's open, the FLVER parse, the GPU geometry),
// each a few milliseconds on c5051. A model binder that does not read gives its error here and
// leaves the animation binder as it was.
//
// The pose is the skeleton view's (pose_model.h): the same frame, so the body follows Play,
// scrubbing and frame steps exactly as the skeleton does. The skin matrices carry no root motion
// (the engine's model space, as `taescope model --frame` prints); the view moves the whole body
// by the root motion at the frame (`offset`) when the skeleton view does.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "binder/character_model.h"
#include "binder/document.h"
#include "body_renderer.h"
#include "pose_model.h"
#include "sim/character_body.h"
#include "sim/mask_visibility.h"

namespace taescope::web {

enum class ModelPhase : uint8_t {
    None,     // no model among the files opened
    Opening,  // a model binder dropped onto the open character: its container is being read
    Reading,  // the FLVER is being read and prepared for drawing
    Ready,
    Failed,  // `error` says why; the animation binder is untouched
};
const char* model_phase_name(ModelPhase phase);
// True for a model binder's name (cXXXX.chrbnd, .chrbnd.dcx) or a loose .flver (case-insensitive).
bool is_model_binder_name(const std::string& name);
bool is_flver_file_name(const std::string& name);

struct CharacterMeshInfo {
    size_t index = 0;
    std::string material;
    int32_t mask = -1;  // the mesh-mask group (§7): -1 always drawn
    uint32_t vertex_count = 0;
    size_t triangles = 0;  // LOD0
    std::string error;     // a mesh the reader could not decode (not drawn)
};

struct CharacterView {
    ModelPhase phase = ModelPhase::None;
    std::string file;   // the file holding the model (the model binder's name)
    std::string flver;  // the FLVER member's name
    std::string error;
    std::string progress_text;
    double read_ms = 0;                   // the work of reading, summed over its steps
    double longest_step_ms = 0;           // the longest single step (one frame's share)
    std::string longest_step;             // what it did
    const flver::Model* model = nullptr;  // Ready
    const CharacterRig* rig = nullptr;    // Ready: joined with the skeleton shown (or none)
    std::vector<CharacterMeshInfo> meshes;
    const BodyGeometry* geometry = nullptr;
    // At the playhead:
    bool bind_pose = true;         // no skeleton: the model's bind pose
    std::vector<float> skin;       // K(b), 16 floats per FLVER bone, column-major
    uint64_t pose_key = 0;         // changes with `skin`
    std::vector<uint8_t> visible;  // per mesh: drawn (masks at the playhead, or all when forced)
    std::vector<uint8_t> masked;   // per mesh: its mask group is hidden at the playhead
    bool force_masks_shown = false;
    DisplayMaskDefaults default_masks;  // what a group no event decides shows (and where that comes from)
    std::array<float, 3> offset{};  // the root motion moving the body (zero when off)
    std::vector<PosedDummy> dummies;
    std::vector<int32_t> event_dummy_ids;  // the ids the selected event's fields name
    std::vector<uint8_t> highlighted;      // per dummy: its id is one of them
};

class CharacterViewModel {
public:
    // A new character over these documents (the shown one and its companions; they must outlive
    // this model or the next reset). Nothing is read here.
    void reset(std::vector<const Document*> documents);
    void clear();
    // A model binder (or a loose .flver) dropped onto the open character: it replaces the model
    // and is opened and read in steps; the documents of reset() stay as they are.
    void attach(std::vector<uint8_t> bytes, std::string name);
    // The same for a binder the page opened already (a model binder dropped alone onto the open
    // character): its FLVER is read in steps; its error (a binder that did not open) is shown.
    void attach_document(Result<Document> document, std::string name);
    // A model binder of the files opened together whose bytes are still on their way (the page's
    // decode worker decodes it while the animations are already shown): the view says it is
    // opening until deliver() or set_failed(); the documents of reset() stay as they are.
    void await_model(std::string name);
    // The awaited binder's bytes and, when the worker decoded its DCX / DCP wrapper, the payload
    // (`decoded`): opened and read in steps, as attach() does.
    void deliver(std::vector<uint8_t> bytes, bool decoded, std::vector<uint8_t> payload);
    // A model binder of the files opened together did not open: the view says why.
    void set_failed(std::string name, std::string error);
    // Does one piece of pending work, about `budget_seconds` of it; true while work remains.
    bool step(double budget_seconds);
    bool busy() const { return view_.phase == ModelPhase::Opening || view_.phase == ModelPhase::Reading; }
    // Busy, but nothing to do until deliver(): the bytes are still in the decode worker.
    bool awaiting_bytes() const { return view_.phase == ModelPhase::Opening && !opener_; }
    // The model once read (Ready), else null: the glTF export's body (web/app_gltf.cpp).
    CharacterModel* model_if_ready() { return view_.phase == ModelPhase::Ready ? model_.get() : nullptr; }

    // The body at `pose` (the skeleton view's), with the simulator's mask state at the playhead
    // (null: every mask at its default, shown) and the selected event's dummy ids; recomputed
    // only when an input changed.
    // `defaults`: what a group no event decides shows (the NpcParam display masks when the
    // game's params are open, params_model.h; else every group shown).
    const CharacterView& prepare(const PoseView& pose, const MaskState* masks, std::vector<int32_t> event_dummy_ids,
                                 bool force_masks_shown,
                                 const DisplayMaskDefaults& defaults = DisplayMaskDefaults::all_shown());
    const CharacterView& view() const { return view_; }

    // The bind-pose-free CPU skinning of every mesh at the prepared pose (the engine's path, no
    // root motion): xyz per vertex, in BodyGeometry's vertex order. Computed on first ask per pose.
    const std::vector<float>& skinned_positions();
    // The box around the visible meshes' skinned vertices (no root motion); false when none.
    bool skinned_bounds(std::array<float, 3>& lo, std::array<float, 3>& hi);
    // The visible mesh under screen point (x, y) of a view [x0,y0]-[x1,y1] seen through
    // `view_projection` (column-major; the body moved by `offset`), or -1: the nearest triangle.
    int mesh_at(const std::array<float, 16>& view_projection, float x0, float y0, float x1, float y1, float x, float y);
    // Meshes driven by mask group `group` (0..31).
    std::vector<size_t> meshes_of_mask(int group) const;

private:
    // `flver_bytes`: the FLVER's size, for the heap touched before its parse (step()).
    void start_reading(std::string file, size_t flver_bytes);
    void take_opened(Result<Document> opened);
    void fail(std::string error);
    void add_mesh_geometry(const flver::Model& model, size_t mesh);

    std::vector<const Document*> documents_;
    std::vector<uint8_t> attached_bytes_;     // attach(): the dropped binder's bytes (the opener reads them)
    std::unique_ptr<DocumentOpener> opener_;  // attach(): the dropped binder being opened
    std::unique_ptr<Document> attached_;      // attach(): the dropped binder, opened
    std::unique_ptr<CharacterModel> model_;
    // Reading: -1 the heap the model will take touched first, 0 the FLVER, 1 the geometry.
    int reading_stage_ = 0;
    size_t heap_to_touch_ = 0, heap_touched_ = 0;
    uint8_t* heap_block_ = nullptr;  // reading stage -1: malloc'd, freed before the FLVER parse
    BodyGeometry geometry_;
    CharacterView view_;
    CharacterPose character_pose_;
    // What the last prepare() was computed from.
    uint64_t prepared_pose_generation_ = ~uint64_t{0};
    const havok::Skeleton* prepared_skeleton_ = nullptr;
    std::array<uint8_t, kMaskGroupCount> prepared_masks_{};
    uint32_t prepared_default_masks_ = 0xFFFFFFFFu;
    bool prepared_ = false;
    std::vector<float> skinned_;
    uint64_t skinned_key_ = ~uint64_t{0};
};

}  // namespace taescope::web
