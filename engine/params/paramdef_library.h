// Which paramdef reads a param: the built-in defs (the community paramdefs of Elden Ring,
// Nightreign, Sekiro and Armored Core VI for the params an attack leads to: AtkParam,
// BehaviorParam, NpcParam, Bullet, SpEffectParam, EquipParamWeapon), and paramdef XML files the
// user drops for any other.
//
// The rule (spec §1, §3): field offsets come from the paramdef of the file's game, at the
// regulation's version, whose row size equals the file's rows. A def that disagrees with the
// file is reported ("ER NPC_PARAM_ST at 11210015: 736 bytes; the file's rows are 848") and the
// param is not read by it: never misread. Without a version (loose .param files) every version
// of the def is tried and the one whose size matches is taken (labelled). Without a game, the
// defs of every game whose size matches are candidates; the choice says which and why.
//
// The built-in defs are a compact table generated from ../shared/paramdefs/<GAME>/defs/*.xml
// by tools/derive_builtin_paramdefs.py (engine/params/builtin/*.txt, embedded at build time),
// with the English field names of ../shared/paramdefs/<GAME>/annotations-english/.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "params/paramdef.h"

namespace taescope::params {

// The param type of a param the chain reads, by its name (member file name without extension):
// AtkParam_Npc / AtkParam_Pc -> ATK_PARAM_ST, BehaviorParam / BehaviorParam_PC ->
// BEHAVIOR_PARAM_ST, NpcParam, Bullet, SpEffectParam, EquipParamWeapon; "" for others (their
// type string decides, when the file has one).
std::string_view known_param_type(std::string_view param_name);

// The built-in defs, parsed once on first use (every game, every param of the table).
const std::vector<Paramdef>& builtin_paramdefs();
// The compact text the built-in defs were parsed from (for the test that it equals the XML).
std::string_view builtin_paramdef_text(std::string_view game);

struct LayoutChoice {
    std::shared_ptr<const ParamLayout> layout;  // null when no def matches the file
    std::string source;                         // "built-in ER ATK_PARAM_ST at version 11210015: 456 bytes"
    std::string problem;  // why none was taken ("" when one was): sizes of the defs tried vs the file
    std::vector<std::string> also_matching;  // other defs that would fit as well (ambiguous choices)
};

class ParamdefLibrary {
public:
    // With the built-in defs.
    ParamdefLibrary();
    // A dropped paramdef (parsed XML). It is preferred to the built-in def of its type and game
    // (game "" applies to any game) when its size fits the file.
    void add(Paramdef def);
    const std::vector<std::shared_ptr<const Paramdef>>& user_defs() const { return user_; }
    // Counts the defs added: a cache of choices made with this library is stale when it changed.
    uint64_t revision() const { return revision_; }

    // The def of `param_type` for `game` ("ER", "NR", "SDT", "AC6"; "" when unknown), placed at
    // `version`, checked against `file_row_size` (0: not known; then nothing is checked and the
    // choice says so). `param_type` "" means none is known (then there is nothing to choose).
    LayoutChoice choose(std::string_view game, std::string_view param_type, std::optional<uint64_t> version,
                        uint32_t file_row_size) const;

private:
    std::vector<std::shared_ptr<const Paramdef>> user_;
    uint64_t revision_ = 0;
};

}  // namespace taescope::params
