// The game's params on the page (params_model.h).
#include "params_model.h"

#include <emscripten.h>

#include <algorithm>

namespace taescope::web {

const char* params_phase_name(ParamsPhase phase) {
    switch (phase) {
        case ParamsPhase::None: return "none";
        case ParamsPhase::Decoding: return "decoding";
        case ParamsPhase::Ready: return "ready";
        case ParamsPhase::Failed: return "failed";
    }
    return "?";
}

ParamsModel::ParamsModel() = default;
ParamsModel::~ParamsModel() = default;

void ParamsModel::invalidate_chain() {
    chain_.reset();
    chain_document_ = nullptr;
    chain_document_generation_ = ~uint64_t{0};
    shapes_.clear();
    shapes_key_.reset();
    frame_data_.clear();
    frame_data_ready_ = false;
    ++generation_;
}

void ParamsModel::begin_decoding(std::string name, bool remembered) {
    // The regulation in use stays until the new one is open: a file that fails keeps nothing lost.
    status_.phase = regulation_ ? status_.phase : ParamsPhase::Decoding;
    if (!regulation_) {
        status_.file = std::move(name);
        status_.remembered = remembered;
        status_.error.clear();
    }
    ++generation_;
}

bool ParamsModel::take(Result<params::Regulation> opened, std::string name, bool remembered, double started_ms) {
    if (!opened) {
        fail(std::move(name), opened.error().to_string());
        return false;
    }
    regulation_ = std::make_unique<params::Regulation>(std::move(opened).value());
    options_ = AttackChainOptions{};  // a new regulation: the defaults again
    status_ = ParamsStatus{};
    status_.phase = ParamsPhase::Ready;
    status_.file = std::move(name);
    status_.game = params::param_game_code(regulation_->game());
    status_.version = regulation_->version();
    status_.summary = params::regulation_summary(*regulation_);
    status_.remembered = remembered;
    status_.open_ms = emscripten_get_now() - started_ms;
    invalidate_chain();
    return true;
}

bool ParamsModel::open_decoded(params::DecodedRegulation decoded, std::string name, bool remembered,
                               double worker_ms) {
    const double started = emscripten_get_now();
    Result<params::Regulation> opened = params::Regulation::from_decoded(std::move(decoded), name);
    const bool ok = take(std::move(opened), std::move(name), remembered, started);
    if (ok) {
        status_.decoded_in_worker = true;
        status_.worker_ms = worker_ms;
    }
    return ok;
}

bool ParamsModel::open_file(std::vector<uint8_t> bytes, std::string name, bool remembered) {
    const double started = emscripten_get_now();
    // The regulation keeps windows into its payload, never into the file: the bytes may go after.
    Result<params::Regulation> opened = params::Regulation::open(Bytes(bytes.data(), bytes.size()), name);
    return take(std::move(opened), std::move(name), remembered, started);
}

bool ParamsModel::open_param_files(std::vector<std::pair<std::string, std::vector<uint8_t>>> files) {
    const double started = emscripten_get_now();
    std::string name;
    std::vector<std::pair<std::string, SharedBytes>> shared;
    for (auto& [file, bytes] : files) {
        name += (name.empty() ? "" : ", ") + file;
        shared.emplace_back(file, SharedBytes(std::move(bytes)));
    }
    if (files.size() > 3) name = std::to_string(files.size()) + " .param files";
    return take(params::Regulation::from_param_files(std::move(shared)), std::move(name), false, started);
}

void ParamsModel::fail(std::string name, std::string error) {
    // A regulation already in use stays in use; the failure is reported beside it.
    if (!regulation_) status_.phase = ParamsPhase::Failed;
    status_.error = std::move(name) + ": " + std::move(error);
    ++generation_;
}

void ParamsModel::forget() {
    regulation_.reset();
    status_ = ParamsStatus{};
    options_ = AttackChainOptions{};
    invalidate_chain();
}

void ParamsModel::choose_variation(std::optional<int32_t> variation) {
    if (options_.character.variation == variation) return;
    options_.character.variation = variation;
    invalidate_chain();
}

void ParamsModel::choose_npc_param_row(std::optional<int32_t> row) {
    if (options_.character.npc_param_row == row) return;
    options_.character.npc_param_row = row;
    invalidate_chain();
}

const AttackChain* ParamsModel::chain(const Document* document, uint64_t document_generation) {
    if (!regulation_ || !document) return nullptr;
    if (chain_ && chain_document_ == document && chain_document_generation_ == document_generation) return &*chain_;
    const double started = emscripten_get_now();
    chain_ = AttackChain::build(*document, *regulation_, options_);
    chain_ms_ = emscripten_get_now() - started;
    chain_document_ = document;
    chain_document_generation_ = document_generation;
    shapes_.clear();
    shapes_key_.reset();
    frame_data_.clear();
    frame_data_ready_ = false;
    ++generation_;
    return &*chain_;
}

const AttackEvent* ParamsModel::attack_event(size_t tae_index, size_t animation_index, uint32_t event_index) const {
    if (!chain_) return nullptr;
    for (size_t i : chain_->events_of(tae_index, animation_index))
        if (chain_->events()[i].event_index == event_index) return &chain_->events()[i];
    return nullptr;
}

DisplayMaskDefaults ParamsModel::display_masks() const {
    return chain_ ? chain_->character().display_masks : DisplayMaskDefaults::all_shown();
}

const std::vector<PosedAttackShape>& ParamsModel::shapes_at(size_t tae_index, size_t animation_index, double seconds,
                                                            const std::vector<PosedDummy>& dummies,
                                                            uint64_t pose_key) {
    if (!chain_) {
        shapes_.clear();
        return shapes_;
    }
    const ShapesKey key{generation_, tae_index, animation_index, seconds, pose_key};
    if (shapes_key_ == key) return shapes_;
    shapes_key_ = key;
    shapes_.clear();
    for (size_t e : chain_->live_at(tae_index, animation_index, seconds))
        pose_attack_hits(chain_->events()[e], e, dummies, shapes_);
    return shapes_;
}

const std::vector<AnimationFrameData>& ParamsModel::frame_data(CharacterModel* model, HavokCharacter* havok) {
    const bool posed = model && havok;
    if (!chain_) {
        frame_data_.clear();
        frame_data_ready_ = false;
        return frame_data_;
    }
    if (frame_data_ready_ && frame_data_posed_ == posed) return frame_data_;
    const double started = emscripten_get_now();
    FrameDataOptions options;
    if (posed) {
        options.model = model;
        options.havok = havok;
    }
    frame_data_ = compute_frame_data(*chain_, options);
    frame_data_ms_ = emscripten_get_now() - started;
    frame_data_ready_ = true;
    frame_data_posed_ = posed;
    return frame_data_;
}

}  // namespace taescope::web
