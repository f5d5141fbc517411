// A character's NpcParam rows, behaviour variation choices and display masks (character_params.h).
#include "sim/character_params.h"

#include <algorithm>
#include <map>
#include <set>

#include "binder/tae_slots.h"
#include "sim/attack_chain.h"

namespace taescope {

namespace {

// The first "cNNNN" (c and four digits, not inside a longer word) of `text`.
std::optional<int32_t> first_model_token(std::string_view text) {
    for (size_t i = 0; i + 5 <= text.size(); ++i) {
        if (text[i] != 'c' && text[i] != 'C') continue;
        if (i > 0 && ((text[i - 1] >= 'a' && text[i - 1] <= 'z') || (text[i - 1] >= 'A' && text[i - 1] <= 'Z') ||
                      (text[i - 1] >= '0' && text[i - 1] <= '9')))
            continue;
        bool digits = true;
        for (size_t k = 1; k <= 4; ++k) digits = digits && text[i + k] >= '0' && text[i + k] <= '9';
        if (!digits) continue;
        if (i + 5 < text.size() && text[i + 5] >= '0' && text[i + 5] <= '9') continue;
        return int32_t((text[i + 1] - '0') * 1000 + (text[i + 2] - '0') * 100 + (text[i + 3] - '0') * 10 +
                       (text[i + 4] - '0'));
    }
    return std::nullopt;
}

std::string rows_text(const std::vector<int32_t>& rows) {
    std::string s;
    for (size_t i = 0; i < rows.size() && i < 4; ++i) s += (i ? ", " : "") + std::to_string(rows[i]);
    if (rows.size() > 4) s += " and " + std::to_string(rows.size() - 4) + " more";
    return s;
}

}  // namespace

ModelNumber character_model_number(const Document& doc) {
    ModelNumber m;
    for (const auto& t : doc.taes)
        if (auto n = first_model_token(t.slot.file_name)) {
            m.number = n;
            m.source = "TAE member " + t.slot.file_name;
            return m;
        }
    if (doc.bnd4)
        for (const auto& member : doc.bnd4->members)
            if (auto n = first_model_token(member.name)) {
                m.number = n;
                m.source = "member path " + member.name;
                return m;
            }
    for (const auto& t : doc.taes)
        if (t.tae && t.tae->sib_name)
            if (auto n = first_model_token(utf16_to_utf8(*t.tae->sib_name))) {
                m.number = n;
                m.source = "SIB name " + utf16_to_utf8(*t.tae->sib_name);
                return m;
            }
    m.source = "no cNNNN in the binder's member names or SIB name";
    return m;
}

CharacterParams character_params(const Document& anibnd, const params::Regulation& regulation,
                                 const CharacterParamsOptions& options, const params::ParamdefLibrary* library) {
    CharacterParams c;
    c.model = character_model_number(anibnd);
    if (options.model_number) {
        c.model.number = options.model_number;
        c.model.source = "given";
    }
    c.display_masks = DisplayMaskDefaults::all_shown();
    if (!c.model.number) {
        c.notes.push_back("the character's model number is not known (" + c.model.source +
                          "): no NpcParam rows, no default variation");
        if (options.variation) {
            c.variation = *options.variation;
            c.variation_source = "chosen";
        }
        return c;
    }
    const int32_t model = *c.model.number;
    c.player = model == 0;
    if (c.player) {
        c.display_masks.source = "the player (c0000) has no NpcParam row: every group shown";
        c.variation_source = "the player chain (BehaviorParam_PC, Sourced) uses the weapon's variation, not V";
        return c;
    }

    // The model's NpcParam rows: ids model x 10,000 .. model x 10,000 + 9,999.
    auto npc = regulation.table("NpcParam", library);
    if (!npc.ok()) {
        c.notes.push_back("NpcParam: " + npc.error().to_string());
    } else if (!npc->layout) {
        c.notes.push_back("NpcParam not read: " + npc->layout_source);
    } else {
        const params::ParamLayout& l = *npc->layout;
        params::NamedField variation = params::named_field(l, "behaviorVariationId");
        std::array<params::NamedField, kMaskGroupCount> masks;
        bool masks_found = true;
        for (int g = 0; g < kMaskGroupCount; ++g) {
            masks[size_t(g)] = params::named_field(l, "modelDispMask" + std::to_string(g));
            masks_found = masks_found && masks[size_t(g)].found();
        }
        if (!variation.found()) c.notes.push_back("NpcParam's paramdef has no behaviorVariationId");
        if (!masks_found) c.notes.push_back("NpcParam's paramdef lacks some of modelDispMask0..31");
        for (size_t row : npc->file->rows_with_ids(model * 10000, model * 10000 + 9999)) {
            Bytes data = npc->file->row(row);
            NpcParamRow r;
            r.row = npc->file->row_id(row);
            r.variation = int32_t(variation.integer(data));
            for (int g = 0; g < kMaskGroupCount; ++g)
                if (masks_found && masks[size_t(g)].integer(data) != 0) r.display_masks |= 1u << g;
            c.npc_rows.push_back(r);
        }
        if (c.npc_rows.empty())
            c.notes.push_back("NpcParam has no row of model " + std::to_string(model) + " (ids " +
                              std::to_string(model * 10000) + ".." + std::to_string(model * 10000 + 9999) + ")");
    }

    // The choices: model x 10 (inferred), the NpcParam rows' V, then V covering the judge ids.
    std::vector<int32_t> judges;
    for (const auto& t : anibnd.taes) {
        if (!t.tae) continue;
        for (const auto& a : t.tae->animations)
            for (const auto& e : a.events)
                if (e.type == kEventAttackBehavior) {
                    Bytes p = t.tae->parameters(e);
                    if (p.size() >= 12) judges.push_back(int32_t(load_u32le(p.data() + 8)));
                }
    }
    std::sort(judges.begin(), judges.end());
    judges.erase(std::unique(judges.begin(), judges.end()), judges.end());
    auto behavior = regulation.table("BehaviorParam", library);
    const params::ParamFile* behavior_file = behavior.ok() ? behavior->file : nullptr;
    auto covered = [&](int32_t v) {
        size_t n = 0;
        if (behavior_file)
            for (int32_t j : judges)
                if (auto id = npc_behavior_row(v, j)) n += behavior_file->find(*id).has_value();
        return n;
    };
    auto add_choice = [&](int32_t v, std::string source) {
        for (auto& existing : c.variations)
            if (existing.variation == v) {
                existing.source += "; " + source;
                return;
            }
        VariationChoice choice;
        choice.variation = v;
        choice.source = std::move(source);
        for (const auto& r : c.npc_rows)
            if (r.variation == v) choice.npc_param_rows.push_back(r.row);
        choice.judges_covered = covered(v);
        choice.judges_total = judges.size();
        c.variations.push_back(std::move(choice));
    };
    add_choice(model * 10, "model number x 10 (inferred)");
    {
        std::vector<int32_t> seen;
        for (const auto& r : c.npc_rows) {
            if (std::find(seen.begin(), seen.end(), r.variation) != seen.end()) continue;
            seen.push_back(r.variation);
            std::vector<int32_t> rows;
            for (const auto& o : c.npc_rows)
                if (o.variation == r.variation) rows.push_back(o.row);
            add_choice(r.variation, "NpcParam " + rows_text(rows));
        }
    }
    if (options.search_covering_variations && behavior_file && !judges.empty()) {
        // One pass over the rows 200,000,000..299,999,999: a row V x 1,000 + J with J a judge id
        // below 1,000 counts for V; judge ids outside 0..999 are looked up per candidate.
        std::vector<uint8_t> is_judge(1000, 0);
        size_t small = 0;
        for (int32_t j : judges)
            if (j >= 0 && j < 1000) is_judge[size_t(j)] = 1, ++small;
        std::map<int32_t, size_t> counts;
        for (size_t row : behavior_file->rows_with_ids(200000000, 299999999)) {
            const int32_t rest = behavior_file->row_id(row) - 200000000;
            if (is_judge[size_t(rest % 1000)]) ++counts[rest / 1000];
        }
        for (const auto& vc : counts)
            if (vc.second == small && covered(vc.first) == judges.size())
                add_choice(vc.first, "covers " + std::to_string(judges.size()) + " of " +
                                         std::to_string(judges.size()) + " judge ids");
    }
    if (!behavior.ok()) c.notes.push_back("BehaviorParam: " + behavior.error().to_string());

    // The V in use, and the NpcParam row whose masks apply.
    c.variation = c.variations.front().variation;
    c.variation_source = c.variations.front().source;
    std::optional<int32_t> row_of_choice;
    if (options.npc_param_row) {
        auto it = std::find_if(c.npc_rows.begin(), c.npc_rows.end(),
                               [&](const NpcParamRow& r) { return r.row == *options.npc_param_row; });
        if (it != c.npc_rows.end()) {
            row_of_choice = it->row;
            if (!options.variation) {
                c.variation = it->variation;
                c.variation_source = "NpcParam " + std::to_string(it->row) + " (chosen)";
            }
        } else {
            c.notes.push_back("NpcParam row " + std::to_string(*options.npc_param_row) + " is not a row of model " +
                              std::to_string(model));
        }
    }
    if (options.variation) {
        c.variation = *options.variation;
        c.variation_source = "chosen";
    }
    const NpcParamRow* mask_row = nullptr;
    std::string mask_rule;
    for (const auto& r : c.npc_rows) {
        if (row_of_choice && r.row == *row_of_choice) {
            mask_row = &r;
            mask_rule = "chosen";
            break;
        }
    }
    if (!mask_row)
        for (const auto& r : c.npc_rows)
            if (r.variation == c.variation) {
                mask_row = &r;
                mask_rule =
                    "the lowest row of model " + std::to_string(model) + " with V " + std::to_string(c.variation);
                break;
            }
    if (!mask_row && !c.npc_rows.empty()) {
        mask_row = &c.npc_rows.front();
        mask_rule =
            "the lowest row of model " + std::to_string(model) + " (none has V " + std::to_string(c.variation) + ")";
    }
    if (mask_row) {
        c.npc_param_row = mask_row->row;
        c.display_masks.shown = mask_row->display_masks;
        size_t distinct = 0;
        std::set<uint32_t> masks;
        for (const auto& r : c.npc_rows) masks.insert(r.display_masks);
        distinct = masks.size();
        c.display_masks.source = "NpcParam " + std::to_string(mask_row->row) + " modelDispMask0..31 (" + mask_rule +
                                 "; " + std::to_string(c.npc_rows.size()) + " rows, " + std::to_string(distinct) +
                                 " distinct mask set" + (distinct == 1 ? "" : "s") + ")";
    } else {
        c.display_masks.source = "no NpcParam row of model " + std::to_string(model) + ": every group shown";
    }
    return c;
}

}  // namespace taescope
