#include "character_view_model.h"

#include <emscripten.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "binder/havok_character.h"
#include "flver/flver_model.h"

namespace taescope::web {

namespace {

// Keys that never repeat across models and poses (the renderer uploads when one is new).
uint64_t next_key() {
    static uint64_t key = 0;
    return ++key;
}

bool ends_with_case_insensitive(const std::string& text, const char* suffix) {
    const size_t n = std::strlen(suffix);
    if (text.size() < n) return false;
    for (size_t i = 0; i < n; ++i)
        if (std::tolower(uint8_t(text[text.size() - n + i])) != std::tolower(uint8_t(suffix[i]))) return false;
    return true;
}

}  // namespace

bool is_model_binder_name(const std::string& name) {
    return ends_with_case_insensitive(name, ".chrbnd") || ends_with_case_insensitive(name, ".chrbnd.dcx") ||
           ends_with_case_insensitive(name, ".flver");
}

bool is_flver_file_name(const std::string& name) { return ends_with_case_insensitive(name, ".flver"); }

const char* model_phase_name(ModelPhase phase) {
    switch (phase) {
        case ModelPhase::None:
            return "none";
        case ModelPhase::Opening:
            return "opening";
        case ModelPhase::Reading:
            return "reading";
        case ModelPhase::Ready:
            return "ready";
        case ModelPhase::Failed:
            return "error";
    }
    return "?";
}

void CharacterViewModel::clear() {
    std::free(heap_block_);
    heap_block_ = nullptr;
    // Users first: the model reads the attached document, the opener the attached bytes.
    model_.reset();
    documents_.clear();
    opener_.reset();
    attached_.reset();
    attached_bytes_.clear();
    geometry_ = BodyGeometry{};
    view_ = CharacterView{};
    prepared_ = false;
    skinned_key_ = ~uint64_t{0};
}

void CharacterViewModel::reset(std::vector<const Document*> documents) {
    clear();
    documents_ = std::move(documents);
    std::optional<FlverMemberRef> member = find_flver_member(documents_);
    if (!member) return;
    model_ = std::make_unique<CharacterModel>(documents_);
    view_.flver = member->name;
    start_reading(documents_[member->document]->name,
                  binder_member_bytes(*documents_[member->document], member->member).size());
}

void CharacterViewModel::attach(std::vector<uint8_t> bytes, std::string name) {
    // The documents of the open character stay; only the model is replaced.
    std::vector<const Document*> documents = std::move(documents_);
    clear();
    documents_ = std::move(documents);
    view_.file = name;
    if (is_flver_file_name(name)) {
        const size_t attached_size = bytes.size();
        model_ =
            std::make_unique<CharacterModel>(CharacterModel::from_flver_bytes(SharedBytes(std::move(bytes)), name));
        view_.flver = name;
        start_reading(name, attached_size);
        return;
    }
    attached_bytes_ = std::move(bytes);
    opener_ = std::make_unique<DocumentOpener>(Bytes(attached_bytes_), name);
    view_.phase = ModelPhase::Opening;
    view_.progress_text = "opening " + name;
}

void CharacterViewModel::attach_document(Result<Document> document, std::string name) {
    std::vector<const Document*> documents = std::move(documents_);
    clear();
    documents_ = std::move(documents);
    view_.file = std::move(name);
    take_opened(std::move(document));
}

void CharacterViewModel::await_model(std::string name) {
    std::vector<const Document*> documents = std::move(documents_);
    clear();
    documents_ = std::move(documents);
    view_.file = name;
    view_.phase = ModelPhase::Opening;
    view_.progress_text = "decompressing " + name;
}

void CharacterViewModel::deliver(std::vector<uint8_t> bytes, bool decoded, std::vector<uint8_t> payload) {
    if (!awaiting_bytes()) return;
    if (!decoded) {
        attach(std::move(bytes), view_.file);
        return;
    }
    opener_ = std::make_unique<DocumentOpener>(std::move(bytes), view_.file, std::move(payload));
    view_.progress_text = "opening " + view_.file;
}

void CharacterViewModel::set_failed(std::string name, std::string error) {
    view_.file = std::move(name);
    fail(std::move(error));
}

void CharacterViewModel::take_opened(Result<Document> opened) {
    if (!opened) {
        attached_bytes_.clear();
        fail(opened.error().to_string());
        return;
    }
    attached_ = std::make_unique<Document>(std::move(opened).value());
    std::vector<const Document*> own{attached_.get()};
    std::optional<FlverMemberRef> member = find_flver_member(own);
    if (!member) {
        fail(view_.file + ": no .flver member (is it a model binder, cXXXX.chrbnd.dcx?)");
        return;
    }
    const size_t flver_bytes = binder_member_bytes(*own[member->document], member->member).size();
    model_ = std::make_unique<CharacterModel>(std::move(own));
    view_.flver = member->name;
    start_reading(view_.file, flver_bytes);
}

void CharacterViewModel::start_reading(std::string file, size_t flver_bytes) {
    view_.file = std::move(file);
    view_.phase = ModelPhase::Reading;
    view_.progress_text = "reading " + view_.flver;
    // The FLVER's decoded arrays and the GPU geometry take about twice the FLVER's size of fresh
    // heap. Touching fresh wasm memory the first time is slow on the machines measured (page
    // faults, ~30 us per 4 KiB page: the c5051 parse took ~25 ms of thread CPU time in the page
    // against 0.9 ms in wasm under Node with a warm heap); it is touched first, a slice per step,
    // and freed, so that the parse and the geometry reuse pages already there.
    reading_stage_ = -1;
    heap_to_touch_ = flver_bytes * 2;
    heap_touched_ = 0;
}

void CharacterViewModel::fail(std::string error) {
    view_.phase = ModelPhase::Failed;
    view_.error = std::move(error);
    view_.progress_text.clear();
    view_.model = nullptr;
    view_.rig = nullptr;
    view_.geometry = nullptr;
}

bool CharacterViewModel::step(double budget_seconds) {
    if (!busy()) return false;
    if (awaiting_bytes()) return true;  // deliver() brings the work
    const double started = emscripten_get_now();
    const std::string what = view_.progress_text;
    if (view_.phase == ModelPhase::Opening) {
        if (opener_->step(budget_seconds)) {
            Result<Document> opened = opener_->take();
            opener_.reset();
            take_opened(std::move(opened));
        } else {
            view_.progress_text = "opening " + view_.file + ": " + opener_->stage_text();
        }
    } else if (reading_stage_ < 0) {
        constexpr size_t kTouchSlice = 1u << 20;
        if (!heap_block_ && heap_to_touch_) heap_block_ = static_cast<uint8_t*>(std::malloc(heap_to_touch_));
        while (heap_block_ && heap_touched_ < heap_to_touch_ &&
               emscripten_get_now() - started < budget_seconds * 1000.0) {
            const size_t size = std::min(kTouchSlice, heap_to_touch_ - heap_touched_);
            // A byte per 4 KiB page brings the page in; volatile: the stores are not dead.
            volatile uint8_t* touch = heap_block_ + heap_touched_;
            for (size_t at = 0; at < size; at += 4096) touch[at] = 0;
            heap_touched_ += size;
        }
        if (!heap_block_ || heap_touched_ >= heap_to_touch_) {
            std::free(heap_block_);
            heap_block_ = nullptr;
            reading_stage_ = 0;
        }
    } else if (reading_stage_ == 0) {
        // The FLVER parse: every table and the vertex streams.
        Result<const flver::Model*> model = model_->model();
        if (!model) {
            fail(model.error().to_string());
        } else {
            reading_stage_ = 1;
            geometry_ = BodyGeometry{};
            geometry_.bone_count = uint32_t((*model)->bones.size());
            view_.meshes.clear();
            view_.progress_text = "preparing mesh 1 of " + std::to_string((*model)->meshes.size());
        }
    } else {
        // The GPU's vertex and index streams, as many meshes as the step's budget allows (a mesh
        // of c5051 takes well under a millisecond: one per frame spread the body over ~30 frames).
        const flver::Model& model = **model_->model();
        do add_mesh_geometry(model, view_.meshes.size());
        while (view_.meshes.size() < model.meshes.size() && emscripten_get_now() - started < budget_seconds * 1000.0);
        if (view_.meshes.size() < model.meshes.size()) {
            view_.progress_text = "preparing mesh " + std::to_string(view_.meshes.size() + 1) + " of " +
                                  std::to_string(model.meshes.size());
        } else {
            geometry_.key = next_key();
            view_.model = &model;
            view_.geometry = &geometry_;
            view_.phase = ModelPhase::Ready;
            view_.progress_text.clear();
            prepared_ = false;
        }
    }
    const double ms = emscripten_get_now() - started;
    view_.read_ms += ms;
    if (ms > view_.longest_step_ms) view_.longest_step_ms = ms, view_.longest_step = what;
    return busy();
}

// Mesh m's LOD0 triangles appended to the one index list, its vertices with their weights
// renormalised (§8: the stored u8 weights sum to 252..255 / 255).
void CharacterViewModel::add_mesh_geometry(const flver::Model& model, size_t m) {
    const flver::Mesh& mesh = model.meshes[m];
    CharacterMeshInfo info;
    info.index = m;
    if (mesh.material >= 0 && size_t(mesh.material) < model.materials.size()) {
        info.material = model.materials[size_t(mesh.material)].name;
        info.mask = model.materials[size_t(mesh.material)].mask;
    }
    info.vertex_count = mesh.vertex_count;
    info.error = mesh.error;
    BodyGeometry::MeshRange range;
    range.first_index = uint32_t(geometry_.indices.size());
    const uint32_t base = uint32_t(geometry_.vertices.size());
    const bool drawable = mesh.error.empty() && mesh.positions.size() >= size_t(mesh.vertex_count) * 3;
    if (drawable) {
        std::vector<uint32_t> triangles = flver::lod_triangles(mesh, 0);
        info.triangles = triangles.size() / 3;
        geometry_.indices.reserve(geometry_.indices.size() + triangles.size());
        for (uint32_t i : triangles) geometry_.indices.push_back(base + i);
        range.index_count = uint32_t(triangles.size());
        geometry_.vertices.reserve(geometry_.vertices.size() + mesh.vertex_count);
        for (uint32_t v = 0; v < mesh.vertex_count; ++v) {
            BodyVertex out{};
            for (int c = 0; c < 3; ++c) {
                out.position[c] = mesh.positions[size_t(v) * 3 + size_t(c)];
                out.normal[c] = mesh.normals.size() > size_t(v) * 3 + 2 ? mesh.normals[size_t(v) * 3 + size_t(c)] : 0;
            }
            float sum = 0;
            float weights[4] = {};
            uint16_t joints[4] = {};
            for (int k = 0; k < 4; ++k) {
                const size_t slot = size_t(v) * 4 + size_t(k);
                if (slot >= mesh.bone_weights.size() || slot >= mesh.bone_indices.size()) continue;
                const float w = mesh.bone_weights[slot];
                const uint16_t b = mesh.bone_indices[slot];
                if (!(w > 0) || b >= model.bones.size()) continue;  // the index of an empty slot means nothing
                weights[k] = w;
                joints[k] = b;
                sum += w;
            }
            if (sum > 0) {
                for (int k = 0; k < 4; ++k) out.weights[k] = weights[k] / sum, out.joints[k] = joints[k];
            } else {
                // No weight at all: the identity row after the last bone (the bind position).
                out.weights[0] = 1;
                out.joints[0] = uint16_t(std::min<size_t>(model.bones.size(), 0xFFFF));
            }
            geometry_.vertices.push_back(out);
        }
    }
    geometry_.meshes.push_back(range);
    view_.meshes.push_back(std::move(info));
}

const CharacterView& CharacterViewModel::prepare(const PoseView& pose, const MaskState* masks,
                                                 std::vector<int32_t> event_dummy_ids, bool force_masks_shown,
                                                 const DisplayMaskDefaults& defaults) {
    CharacterView& v = view_;
    if (v.phase != ModelPhase::Ready || !model_) return v;
    std::array<uint8_t, kMaskGroupCount> mask_bytes{};
    if (masks)
        for (int g = 0; g < kMaskGroupCount; ++g) mask_bytes[size_t(g)] = uint8_t((*masks)[size_t(g)].visibility);
    const bool same_pose =
        prepared_ && prepared_pose_generation_ == pose.generation && prepared_skeleton_ == pose.skeleton;
    const bool same_rest = prepared_ && prepared_masks_ == mask_bytes && v.event_dummy_ids == event_dummy_ids &&
                           v.force_masks_shown == force_masks_shown && prepared_default_masks_ == defaults.shown;
    if (same_pose && same_rest) return v;

    Result<const CharacterRig*> rig = model_->rig(pose.skeleton);
    if (!rig) {
        fail(rig.error().to_string());
        return v;
    }
    v.rig = *rig;
    const flver::Model& model = *v.model;
    if (!same_pose) {
        v.bind_pose = pose.skeleton == nullptr;
        v.rig->pose(pose.skeleton ? &pose.pose : nullptr, character_pose_);
        CharacterRig::skin_matrices_f32(character_pose_, v.skin);
        v.pose_key = next_key();
        v.offset = {0, 0, 0};
        if (pose.root_motion && pose.clip && pose.clip->root_motion) {
            auto m = pose.clip->root_motion->at(pose.frame);
            v.offset = {float(m[0]), float(m[1]), float(m[2])};
        }
        v.rig->posed_dummies(character_pose_, v.dummies);
    }
    MaskState state{};
    if (masks) state = *masks;
    // Masked: hidden by its mask group at the playhead; drawn: not masked, or every mesh when forced.
    v.masked = mesh_visibility(model, state, false, defaults);
    for (uint8_t& m : v.masked) m = m ? 0 : 1;
    v.visible.assign(v.masked.size(), 1);
    if (!force_masks_shown)
        for (size_t i = 0; i < v.masked.size(); ++i) v.visible[i] = v.masked[i] ? 0 : 1;
    v.force_masks_shown = force_masks_shown;
    v.event_dummy_ids = std::move(event_dummy_ids);
    v.highlighted.assign(model.dummies.size(), 0);
    for (int32_t id : v.event_dummy_ids)
        for (size_t d : dummies_with_id(model, id)) v.highlighted[d] = 1;
    prepared_ = true;
    prepared_pose_generation_ = pose.generation;
    prepared_skeleton_ = pose.skeleton;
    prepared_masks_ = mask_bytes;
    prepared_default_masks_ = defaults.shown;
    v.default_masks = defaults;
    return v;
}

const std::vector<float>& CharacterViewModel::skinned_positions() {
    if (view_.phase != ModelPhase::Ready || !view_.rig || !prepared_) {
        skinned_.clear();
        return skinned_;
    }
    if (skinned_key_ == view_.pose_key) return skinned_;
    skinned_key_ = view_.pose_key;
    skinned_.clear();
    skinned_.reserve(geometry_.vertices.size() * 3);
    std::vector<float> mesh_positions;
    for (size_t m = 0; m < view_.model->meshes.size(); ++m) {
        const flver::Mesh& mesh = view_.model->meshes[m];
        if (!mesh.error.empty() || mesh.positions.size() < size_t(mesh.vertex_count) * 3) continue;
        view_.rig->skin_mesh(mesh, character_pose_, mesh_positions, nullptr);
        mesh_positions.resize(size_t(mesh.vertex_count) * 3, 0.0f);
        skinned_.insert(skinned_.end(), mesh_positions.begin(), mesh_positions.end());
    }
    return skinned_;
}

bool CharacterViewModel::skinned_bounds(std::array<float, 3>& lo, std::array<float, 3>& hi) {
    const std::vector<float>& p = skinned_positions();
    lo = {INFINITY, INFINITY, INFINITY};
    hi = {-INFINITY, -INFINITY, -INFINITY};
    bool any = false;
    size_t base = 0;
    for (size_t m = 0; m < view_.meshes.size() && view_.model; ++m) {
        const flver::Mesh& mesh = view_.model->meshes[m];
        if (!mesh.error.empty() || mesh.positions.size() < size_t(mesh.vertex_count) * 3) continue;
        const bool shown = m < view_.visible.size() && view_.visible[m];
        for (uint32_t i = 0; shown && i < mesh.vertex_count && (base + i) * 3 + 2 < p.size(); ++i)
            for (size_t c = 0; c < 3; ++c) {
                lo[c] = std::min(lo[c], p[(base + i) * 3 + c]);
                hi[c] = std::max(hi[c], p[(base + i) * 3 + c]);
                any = true;
            }
        base += mesh.vertex_count;
    }
    return any;
}

int CharacterViewModel::mesh_at(const std::array<float, 16>& m, float x0, float y0, float x1, float y1, float x,
                                float y) {
    const std::vector<float>& p = skinned_positions();
    if (p.empty() || x1 <= x0 || y1 <= y0) return -1;
    // Every vertex projected once: screen x, y and the eye distance (clip w).
    static std::vector<float> screen;
    const size_t count = p.size() / 3;
    screen.resize(count * 3);
    const auto& o = view_.offset;
    for (size_t i = 0; i < count; ++i) {
        const float px = p[i * 3] + o[0], py = p[i * 3 + 1] + o[1], pz = p[i * 3 + 2] + o[2];
        const float cx = m[0] * px + m[4] * py + m[8] * pz + m[12];
        const float cy = m[1] * px + m[5] * py + m[9] * pz + m[13];
        const float cw = m[3] * px + m[7] * py + m[11] * pz + m[15];
        if (cw <= 1e-4f) {
            screen[i * 3 + 2] = -1;
            continue;
        }
        screen[i * 3] = x0 + (cx / cw * 0.5f + 0.5f) * (x1 - x0);
        screen[i * 3 + 1] = y0 + (0.5f - cy / cw * 0.5f) * (y1 - y0);
        screen[i * 3 + 2] = cw;
    }
    int best = -1;
    float best_depth = INFINITY;
    for (size_t mesh = 0; mesh < geometry_.meshes.size(); ++mesh) {
        if (mesh >= view_.visible.size() || !view_.visible[mesh]) continue;
        const BodyGeometry::MeshRange& r = geometry_.meshes[mesh];
        for (uint32_t t = r.first_index; t + 2 < r.first_index + r.index_count; t += 3) {
            const float* a = &screen[size_t(geometry_.indices[t]) * 3];
            const float* b = &screen[size_t(geometry_.indices[t + 1]) * 3];
            const float* c = &screen[size_t(geometry_.indices[t + 2]) * 3];
            if (a[2] < 0 || b[2] < 0 || c[2] < 0) continue;
            if (x < std::min({a[0], b[0], c[0]}) || x > std::max({a[0], b[0], c[0]}) ||
                y < std::min({a[1], b[1], c[1]}) || y > std::max({a[1], b[1], c[1]}))
                continue;
            // Barycentric coordinates of the point; inside when all three are >= 0.
            const float d = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
            if (std::fabs(d) < 1e-12f) continue;
            const float l0 = ((b[1] - c[1]) * (x - c[0]) + (c[0] - b[0]) * (y - c[1])) / d;
            const float l1 = ((c[1] - a[1]) * (x - c[0]) + (a[0] - c[0]) * (y - c[1])) / d;
            const float l2 = 1 - l0 - l1;
            if (l0 < 0 || l1 < 0 || l2 < 0) continue;
            const float depth = l0 * a[2] + l1 * b[2] + l2 * c[2];
            if (depth < best_depth) best_depth = depth, best = int(mesh);
        }
    }
    return best;
}

std::vector<size_t> CharacterViewModel::meshes_of_mask(int group) const {
    if (view_.phase != ModelPhase::Ready || !view_.model) return {};
    return taescope::meshes_of_mask(*view_.model, group);
}

}  // namespace taescope::web
