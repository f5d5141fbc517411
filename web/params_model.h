// The game's params on the page (issue 40): the regulation the user dropped (or the one the
// browser remembered), the attack chain of the open character joined with it, the hit shapes
// live at the playhead, the default display masks and the frame-data table. A model of its own:
// App only dispatches to it (open, forget, choose a variation), the panels read it.
//
//   regulation.bin ─ decode worker (web/worker/: AES + DCX) ─ open_decoded ─┐
//   (no worker: open_file, here)                                            ├─ Regulation (lazy)
//   loose .param files ─ open_param_files ──────────────────────────────────┘
//   Regulation + the shown binder ─ chain(): AttackChain (sim/attack_chain.h), rebuilt when the
//   document, an edit, the regulation or the variation changes
//   chain + the character view's posed dummies at the playhead ─ shapes_at(): the hit shapes
//   chain (+ model and clips) ─ frame_data(): sim/frame_data.h's table, computed when first asked
//
// Nothing here draws or talks to the page; the page's store of the remembered file is
// web/page/taescope-params-store.js.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "binder/character_model.h"
#include "binder/document.h"
#include "binder/havok_character.h"
#include "params/regulation.h"
#include "sim/attack_chain.h"
#include "sim/frame_data.h"
#include "sim/mask_visibility.h"

namespace taescope::web {

enum class ParamsPhase : uint8_t {
    None,      // no regulation: hit shapes and frame data need one, masks default to shown
    Decoding,  // the decode worker is decrypting / decompressing it
    Ready,
    Failed,  // `error` says why; the character is untouched
};
const char* params_phase_name(ParamsPhase phase);  // "none", "decoding", "ready", "failed"

struct ParamsStatus {
    ParamsPhase phase = ParamsPhase::None;
    std::string file;     // the file's name as dropped
    std::string game;     // "ER", "NR", "AC6", "SDT", "DS3", "" unknown (params::param_game_code)
    std::string version;  // the BND4 version string ("11210015")
    std::string summary;  // params::regulation_summary
    std::string error;    // Failed
    bool remembered = false;  // opened from the browser's own store, not dropped in this visit
    bool decoded_in_worker = false;
    double worker_ms = 0;  // the worker's decryption and decompression
    double open_ms = 0;    // here: the BND4 table (and, without a worker, the decoding too)
};

class ParamsModel {
public:
    ParamsModel();
    ~ParamsModel();

    // The decode worker has the file: the status says so until open_decoded or fail.
    void begin_decoding(std::string name, bool remembered);
    // The worker's result (payload and what it learnt of the wrapper): the BND4 table is read here.
    bool open_decoded(params::DecodedRegulation decoded, std::string name, bool remembered, double worker_ms);
    // The whole open on this thread (no worker): any file params::Regulation::open reads.
    bool open_file(std::vector<uint8_t> bytes, std::string name, bool remembered);
    // Loose .param files dropped together.
    bool open_param_files(std::vector<std::pair<std::string, std::vector<uint8_t>>> files);
    // The open failed (the worker's error, or a file that was no regulation after all).
    void fail(std::string name, std::string error);
    // No regulation any more (the user forgot it): chain, shapes and frame data go too.
    void forget();

    const ParamsStatus& status() const { return status_; }
    const params::Regulation* regulation() const { return regulation_.get(); }
    // Changes whenever the regulation, the options or the chain do.
    uint64_t generation() const { return generation_; }

    // The variation V and the NpcParam row the chain uses (nullopt: the defaults, §5.2).
    void choose_variation(std::optional<int32_t> variation);
    void choose_npc_param_row(std::optional<int32_t> row);
    const AttackChainOptions& options() const { return options_; }

    // The chain of `document` (the shown binder) with the regulation, or null without one.
    // Rebuilt when the document or `document_generation` (its edits) changed.
    const AttackChain* chain(const Document* document, uint64_t document_generation);
    // What the last chain() build cost on this thread.
    double chain_ms() const { return chain_ms_; }
    // The chain's event for event `event_index` (as stored) of that animation record, or null.
    const AttackEvent* attack_event(size_t tae_index, size_t animation_index, uint32_t event_index) const;
    // The character's default display masks (NpcParam), all shown without a chain.
    DisplayMaskDefaults display_masks() const;

    // The hit shapes of the attack events live at `seconds` in that animation, posed at
    // `dummies` (the character view's, at the playhead; `pose_key` changes with them).
    const std::vector<PosedAttackShape>& shapes_at(size_t tae_index, size_t animation_index, double seconds,
                                                   const std::vector<PosedDummy>& dummies, uint64_t pose_key);

    // The frame-data table of the chain (with the model and the clips when given: reach and the
    // clip's frames), computed when first asked and kept until the chain changes.
    const std::vector<AnimationFrameData>& frame_data(CharacterModel* model, HavokCharacter* havok);
    bool frame_data_ready() const { return frame_data_ready_; }
    double frame_data_ms() const { return frame_data_ms_; }
    bool frame_data_posed() const { return frame_data_posed_; }

private:
    bool take(Result<params::Regulation> opened, std::string name, bool remembered, double started_ms);
    void invalidate_chain();

    ParamsStatus status_;
    std::unique_ptr<params::Regulation> regulation_;
    AttackChainOptions options_;
    uint64_t generation_ = 1;

    std::optional<AttackChain> chain_;
    const Document* chain_document_ = nullptr;
    uint64_t chain_document_generation_ = ~uint64_t{0};
    uint64_t chain_generation_ = 0;
    double chain_ms_ = 0;

    // What shapes_ were posed for (compared exactly: a new chain, animation, instant or pose poses again).
    struct ShapesKey {
        uint64_t generation = 0;
        size_t tae_index = 0, animation_index = 0;
        double seconds = 0;
        uint64_t pose_key = 0;
        friend bool operator==(const ShapesKey&, const ShapesKey&) = default;
    };
    std::vector<PosedAttackShape> shapes_;
    std::optional<ShapesKey> shapes_key_;

    std::vector<AnimationFrameData> frame_data_;
    bool frame_data_ready_ = false, frame_data_posed_ = false;
    double frame_data_ms_ = 0;
};

}  // namespace taescope::web
