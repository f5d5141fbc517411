// The built-in paramdef tables, dropped paramdefs, and the choice of the def that reads a param
// (paramdef_library.h).
#include "params/paramdef_library.h"

#include <algorithm>
#include <set>

namespace taescope::params {

struct BuiltinParamdefText {
    std::string_view game;
    std::string_view text;
};
// builtin_paramdef_data.cpp, generated at build time (tools/embed_builtin_paramdefs.cmake).
extern const BuiltinParamdefText kBuiltinParamdefTexts[];
extern const unsigned kBuiltinParamdefTextCount;

namespace {

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    size_t start = 0;
    while (true) {
        size_t at = s.find(sep, start);
        out.push_back(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return out;
        start = at + 1;
    }
}

std::optional<uint64_t> version_or_none(std::string_view s) {
    if (s == "-" || s.empty()) return std::nullopt;
    uint64_t v = 0;
    for (char c : s) v = v * 10 + uint64_t(c - '0');
    return v;
}

int32_t small_int(std::string_view s) {
    int32_t v = 0;
    for (char c : s)
        if (c >= '0' && c <= '9') v = v * 10 + (c - '0');
    return v;
}

// The compact table of one game (tools/derive_builtin_paramdefs.py writes it; the test compares
// it with the XML). A line that does not parse is a build defect: it is skipped, and the test
// that compares the tables with the XML fails.
void parse_table(std::string_view game_code, std::string_view text, std::vector<Paramdef>& out) {
    std::string game(game_code);
    for (std::string_view line : split(text, '\n')) {
        if (line.empty() || line[0] == '#' || line.substr(0, 5) == "game ") continue;
        if (line.substr(0, 9) == "paramdef ") {
            auto w = split(line.substr(9), ' ');
            if (w.size() < 6) continue;
            Paramdef d;
            d.game = game;
            d.param_type = std::string(w[1]);
            d.data_version = small_int(w[2]);
            d.format_version = small_int(w[3]);
            d.big_endian = w[4] == "1";
            d.unicode = w[5] == "1";
            d.source = "built-in " + game + " " + std::string(w[0]) + ".xml (Smithbox paramdefs, MIT)";
            out.push_back(std::move(d));
            continue;
        }
        if (out.empty()) continue;
        auto parts = split(line, '|');
        if (parts.size() != 4) continue;
        auto f = parse_field_def(parts[0]);
        if (!f.ok()) continue;
        f->first_version = version_or_none(parts[1]);
        f->removed_version = version_or_none(parts[2]);
        if (parts[3] != "-") f->display_name = std::string(parts[3]);
        out.back().fields.push_back(std::move(*f));
    }
}

std::string size_text(const Paramdef& d, const ParamLayout& l) {
    std::string s = (d.game.empty() ? std::string("dropped") : d.game) + " " + d.param_type;
    s += l.version ? " at version " + std::to_string(*l.version) : std::string(" (newest fields)");
    return s + ": " + std::to_string(l.row_size) + " bytes";
}

// A layout that keeps its def alive (the def of a dropped file lives in the library).
std::shared_ptr<const ParamLayout> hold(std::shared_ptr<const Paramdef> def, ParamLayout layout) {
    struct Held {
        std::shared_ptr<const Paramdef> def;
        ParamLayout layout;
    };
    auto h = std::make_shared<Held>(Held{std::move(def), std::move(layout)});
    return std::shared_ptr<const ParamLayout>(h, &h->layout);
}

// The versions to try when the file's version is not known: the newest fields, and each
// version at which the def's layout changes, with the one just before it.
std::vector<std::optional<uint64_t>> versions_to_try(const Paramdef& d) {
    std::vector<std::optional<uint64_t>> out{std::nullopt};
    for (uint64_t t : d.version_thresholds()) {
        out.push_back(t);
        if (t > 0) out.push_back(t - 1);
    }
    return out;
}

}  // namespace

std::string_view known_param_type(std::string_view name) {
    struct Known {
        std::string_view name, type;
    };
    static constexpr Known kKnown[] = {
        {"AtkParam_Npc", "ATK_PARAM_ST"},
        {"AtkParam_Pc", "ATK_PARAM_ST"},
        {"BehaviorParam", "BEHAVIOR_PARAM_ST"},
        {"BehaviorParam_PC", "BEHAVIOR_PARAM_ST"},
        {"NpcParam", "NPC_PARAM_ST"},
        {"Bullet", "BULLET_PARAM_ST"},
        {"SpEffectParam", "SP_EFFECT_PARAM_ST"},
        {"EquipParamWeapon", "EQUIP_PARAM_WEAPON_ST"},
    };
    for (const auto& k : kKnown)
        if (k.name == name) return k.type;
    return "";
}

const std::vector<Paramdef>& builtin_paramdefs() {
    static const std::vector<Paramdef> defs = [] {
        std::vector<Paramdef> out;
        for (unsigned i = 0; i < kBuiltinParamdefTextCount; ++i)
            parse_table(kBuiltinParamdefTexts[i].game, kBuiltinParamdefTexts[i].text, out);
        return out;
    }();
    return defs;
}

std::string_view builtin_paramdef_text(std::string_view game) {
    for (unsigned i = 0; i < kBuiltinParamdefTextCount; ++i)
        if (kBuiltinParamdefTexts[i].game == game) return kBuiltinParamdefTexts[i].text;
    return "";
}

ParamdefLibrary::ParamdefLibrary() = default;

void ParamdefLibrary::add(Paramdef def) {
    user_.push_back(std::make_shared<const Paramdef>(std::move(def)));
    ++revision_;
}

LayoutChoice ParamdefLibrary::choose(std::string_view game, std::string_view param_type,
                                     std::optional<uint64_t> version, uint32_t file_row_size) const {
    LayoutChoice choice;
    if (param_type.empty()) {
        choice.problem = "the param's type is not known (no type string, a name outside the built-in table)";
        return choice;
    }
    // Candidates in the order of preference: dropped defs of this game (or of none), then the
    // built-in def of the game, then (game unknown) the built-in defs of every game.
    std::vector<std::shared_ptr<const Paramdef>> candidates;
    for (const auto& d : user_)
        if (d->param_type == param_type && (d->game.empty() || game.empty() || d->game == game))
            candidates.push_back(d);
    for (const auto& d : builtin_paramdefs())
        if (d.param_type == param_type && (game.empty() || d.game == game))
            candidates.push_back(std::shared_ptr<const Paramdef>(std::shared_ptr<const Paramdef>(), &d));
    if (candidates.empty()) {
        choice.problem = "no paramdef of " + std::string(param_type) +
                         (game.empty() ? std::string() : " for " + std::string(game)) +
                         " (drop a paramdef XML file to read it)";
        return choice;
    }
    std::vector<std::string> tried;
    std::set<std::string> seen;
    for (const auto& d : candidates) {
        std::vector<std::optional<uint64_t>> versions =
            version ? std::vector<std::optional<uint64_t>>{version} : versions_to_try(*d);
        for (const auto& v : versions) {
            ParamLayout l = layout_paramdef(*d, v);
            std::string text = size_text(*d, l);
            if (file_row_size != 0 && l.row_size != file_row_size) {
                if (seen.insert(text).second) tried.push_back(text);
                continue;
            }
            if (!choice.layout) {
                choice.source = d->source + ": " + text;
                if (!version && d->version_thresholds().size() > 0)
                    choice.source += " (the regulation's version is not known: chosen by row size)";
                if (file_row_size == 0) choice.source += " (the file's row size is not known: not checked)";
                choice.layout = hold(d, std::move(l));
            } else if (d.get() != choice.layout->def) {
                choice.also_matching.push_back(d->source + ": " + text);
            }
            break;  // one version per def
        }
    }
    if (!choice.layout) {
        choice.problem = "no paramdef fits the file's rows of " + std::to_string(file_row_size) + " bytes (";
        for (size_t i = 0; i < tried.size(); ++i) choice.problem += (i ? "; " : "") + tried[i];
        choice.problem += "): the param is not read, never misread";
    }
    return choice;
}

}  // namespace taescope::params
