// Shared by `taescope hitboxes` and `taescope framedata`: an animation binder, the game's params
// and optionally the model binder, opened together, and the attack chain built over them
// (engine/sim/attack_chain.h), with the options both commands take.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "binder/character_model.h"
#include "cli_output.h"
#include "havok_cli.h"
#include "params/regulation.h"
#include "sim/attack_chain.h"

namespace taescope::cli {

struct AttackSetup {
    std::unique_ptr<OpenedCharacter> anibnd;  // the animation binder and its Havok side
    std::optional<params::Regulation> regulation;
    params::ParamdefLibrary library;
    std::optional<Document> model_document;
    std::unique_ptr<CharacterModel> model;  // when --model was given
    std::optional<AttackChain> chain;
};

// The option names both commands take (for parse_args).
void add_attack_options(ArgSpec& spec);
// Opens ANIBND (positional[0]), --params, --model, --paramdef, and builds the chain with
// --variation / --npc-row / --weapon. Prints why and returns false on failure.
bool open_attack_setup(const ParsedArgs& args, AttackSetup& out, const char* command);

// "variation", "variation_source", "npc_param_row", "display_masks" (32 booleans),
// "display_masks_source", "variations", "model_number", "player": what the chain used.
void write_character_params(JsonOut& out, const CharacterParams& c);

}  // namespace taescope::cli
