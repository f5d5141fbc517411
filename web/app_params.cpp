// App's actions on the game's params (app.h, "the game's params"): the door to ParamsModel
// (params_model.h) for the panels and the page. The chain is joined with the shown binder, the
// hit shapes with the character view's dummies at the playhead, the frame data with the model and
// the Havok clips when they are at hand.
#include <emscripten.h>

#include <string>

#include "app.h"
#include "page_download.h"

namespace taescope::web {

const AttackChain* App::attack_chain() {
    if (!state_.document) return nullptr;
    return params_.chain(&state_.document->document(), state_.edit.generation);
}

const std::vector<PosedAttackShape>& App::hit_shapes_at_playhead() {
    static const std::vector<PosedAttackShape> none;
    const AttackChain* chain = attack_chain();
    const CharacterView& body = character_view();
    if (!chain || body.phase != ModelPhase::Ready || state_.selection.tae_file < 0 || state_.selection.animation < 0)
        return none;
    return params_.shapes_at(size_t(state_.selection.tae_file), size_t(state_.selection.animation),
                             state_.timeline.time, body.dummies, body.pose_key);
}

void App::choose_attack_variation(std::optional<int32_t> variation) {
    params_.choose_variation(variation);
    notify_page();
}

void App::choose_npc_param_row(std::optional<int32_t> row) {
    params_.choose_npc_param_row(row);
    notify_page();
}

void App::forget_params() {
    params_.forget();
    // The page deletes its stored copy (web/page/taescope-params-store.js).
    EM_ASM({
        if (Module["onForgetParams"]) Module["onForgetParams"]();
    });
    notify_page();
}

const std::vector<AnimationFrameData>& App::frame_data() {
    attack_chain();
    HavokCharacter* havok = state_.document ? pose_.character() : nullptr;
    CharacterModel* model = character_.model_if_ready();
    if (havok && !havok->has_havok()) havok = nullptr;
    return params_.frame_data(model, havok);
}

bool App::download_frame_data_csv() {
    const AttackChain* chain = attack_chain();
    if (!chain) return false;
    const std::string text = frame_data_csv(*chain, frame_data());
    offer_download(text.data(), text.size(), character_file_stem(state_.load.file_name) + "-framedata.csv", "text/csv");
    return true;
}

bool App::jump_to_attack(size_t tae_index, size_t animation_index, uint32_t event_index, double seconds) {
    if (!select_animation(int(tae_index), int(animation_index))) return false;
    select_event(int(event_index));
    set_time(seconds);
    return true;
}

}  // namespace taescope::web
