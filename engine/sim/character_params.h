// What the game's params say about one character (../shared/spec/params-hitboxes.md §5.2, §6):
// its model number, its NpcParam rows (id div 10,000 = model number), the behaviour variation V
// the attack chain uses, and its default display masks. Joined here, beside the attack chain
// (sim/attack_chain.h), because engine/params/ knows nothing of characters.
//
// V is NpcParam.behaviorVariationId of the row the map gives the enemy; neither binder says
// which. The choices offered, the default first:
//   1. model number x 10 (c5051 -> 50510): the default, labelled inferred;
//   2. each distinct V of the model's NpcParam rows ("NpcParam 50510000, 50510001");
//   3. each V whose BehaviorParam rows (200,000,000 + V x 1,000 + J) cover every judge id of the
//      binder's type-1 events ("covers 30 of 30 judge ids"); coverage alone does not identify V.
// The display masks come from the chosen NpcParam row: the row the caller names, else the
// lowest row of the model whose V is the chosen V, else the lowest row of the model (labelled).
// The player (model 0) has no NpcParam row: its chain is §5.3 (BehaviorParam_PC), its masks
// all shown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "binder/document.h"
#include "params/regulation.h"
#include "sim/mask_visibility.h"

namespace taescope {

// The character's model number from what its binder holds (content, not the file's name): the
// first cNNNN of a TAE member's file name (c5051.tae), else of any member's path
// (...\chr\c0000\tae\a00.tae), else of the TAE's SIB name (Sekiro's player binder names
// c9990.SIB there, hence last). `source` says which.
struct ModelNumber {
    std::optional<int32_t> number;
    std::string source;  // "TAE member c5051.tae", "SIB name c0000.sib", "not found in the binder"
};
ModelNumber character_model_number(const Document& anibnd);

struct NpcParamRow {
    int32_t row = 0;
    int32_t variation = 0;       // behaviorVariationId
    uint32_t display_masks = 0;  // bit g = modelDispMask<g>
};

struct VariationChoice {
    int32_t variation = 0;
    std::string source;  // "model number x 10 (inferred)", "NpcParam 50510000, 50510001", "covers 30 of 30 judge ids"
    std::vector<int32_t> npc_param_rows;  // the model's NpcParam rows with this V
    size_t judges_covered = 0;            // distinct type-1 judge ids whose BehaviorParam row exists under this V
    size_t judges_total = 0;
};

struct CharacterParamsOptions {
    std::optional<int32_t> variation;      // a V the user chose (any number)
    std::optional<int32_t> npc_param_row;  // an NpcParam row the user chose (its V and masks)
    std::optional<int32_t> model_number;   // overrides character_model_number
    // Whether to search BehaviorParam for every V covering the judge ids (choice 3 above): a scan
    // of the BehaviorParam rows in 200,000,000..299,999,999, once per build.
    bool search_covering_variations = true;
};

struct CharacterParams {
    ModelNumber model;
    bool player = false;                      // model 0: the player chain (§5.3), no NpcParam
    std::vector<NpcParamRow> npc_rows;        // the model's rows, ascending
    std::vector<VariationChoice> variations;  // the choices; variations[0] is the default
    int32_t variation = 0;                    // the V in use
    std::string variation_source;             // "model number x 10 (inferred)", "chosen", "NpcParam 50510000"
    std::optional<int32_t> npc_param_row;     // the row whose masks are used
    DisplayMaskDefaults display_masks;        // all shown when no NpcParam row is known
    std::vector<std::string> notes;           // why something is missing: no NpcParam, a paramdef that does not fit
};

// Reads the model's NpcParam rows and the variation choices. Never fails: what cannot be read
// is a note (the chain then misses with its reason).
CharacterParams character_params(const Document& anibnd, const params::Regulation& regulation,
                                 const CharacterParamsOptions& options = {},
                                 const params::ParamdefLibrary* library = nullptr);

}  // namespace taescope
