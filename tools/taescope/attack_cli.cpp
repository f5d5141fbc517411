#include "attack_cli.h"

#include <cstdio>
#include <cstdlib>

#include "params_cli.h"

namespace taescope::cli {

namespace {

bool parse_int(const std::string& text, int32_t& out) {
    char* end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || v < INT32_MIN || v > INT32_MAX) return false;
    out = int32_t(v);
    return true;
}

}  // namespace

void add_attack_options(ArgSpec& spec) {
    for (const char* o : {"--params", "--model", "--variation", "--npc-row", "--weapon", "--paramdef"})
        spec.with_value.push_back(o);
}

bool open_attack_setup(const ParsedArgs& args, AttackSetup& out, const char* command) {
    if (args.positional.size() != 1 || !args.has("--params")) {
        std::fprintf(stderr, "taescope %s: needs one ANIBND and --params REG\n", command);
        return false;
    }
    AttackChainOptions options;
    struct IntOption {
        const char* name;
        std::optional<int32_t>* target;
    };
    for (IntOption o : {IntOption{"--variation", &options.character.variation},
                        IntOption{"--npc-row", &options.character.npc_param_row},
                        IntOption{"--weapon", &options.player_weapon_variation}}) {
        if (!args.has(o.name)) continue;
        int32_t v = 0;
        if (!parse_int(args.value(o.name), v)) {
            std::fprintf(stderr, "taescope %s: %s wants an integer: '%s'\n", command, o.name,
                         args.value(o.name).c_str());
            return false;
        }
        *o.target = v;
    }
    std::vector<std::string> defs;
    for (const auto& o : args.options)
        if (o.first == "--paramdef") defs.push_back(o.second);
    if (!add_paramdef_files(defs, out.library, command)) return false;
    out.anibnd = open_character({args.positional[0]}, command);
    if (!out.anibnd) return false;
    out.regulation = open_regulation_files({args.value("--params")}, command);
    if (!out.regulation) return false;
    if (args.has("--model")) {
        out.model_document = open_document_file(args.value("--model"), command);
        if (!out.model_document) return false;
        out.model = std::make_unique<CharacterModel>(std::vector<const Document*>{&*out.model_document});
        if (!out.model->has_model()) {
            std::fprintf(stderr, "taescope %s: %s holds no .flver member\n", command, args.value("--model").c_str());
            return false;
        }
    }
    options.library = &out.library;
    out.chain = AttackChain::build(*out.anibnd->documents[0], *out.regulation, options);
    return true;
}

void write_character_params(JsonOut& out, const CharacterParams& c) {
    if (c.model.number)
        out.field_int("model_number", *c.model.number);
    else
        out.key("model_number").null();
    out.field("model_number_source", c.model.source).field("player", c.player);
    out.field_int("variation", c.variation).field("variation_source", c.variation_source);
    if (c.npc_param_row)
        out.field_int("npc_param_row", *c.npc_param_row);
    else
        out.key("npc_param_row").null();
    out.key("display_masks").begin_array(true);
    for (int g = 0; g < kMaskGroupCount; ++g) out.boolean(c.display_masks.shows(g));
    out.end_array();
    out.field("display_masks_source", c.display_masks.source);
    out.key("variations").begin_array();
    for (const auto& v : c.variations) {
        out.begin_object().field_int("variation", v.variation).field("source", v.source);
        out.key("npc_param_rows").begin_array(true);
        for (int32_t r : v.npc_param_rows) out.integer(r);
        out.end_array();
        out.field_uint("judges_covered", v.judges_covered).field_uint("judges_total", v.judges_total).end_object();
    }
    out.end_array();
}

}  // namespace taescope::cli
