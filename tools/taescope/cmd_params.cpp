// `taescope params FILE... [--json] [--param NAME [--row ID]] [--paramdef XML]...`: the game's
// params (engine/params/): a regulation.bin (encrypted or not), a .parambnd.dcx or loose .param
// files; which game and version, every param with its type, row count and row size; one param's
// rows; one row's fields named by the paramdef whose size fits.
#include <cstdio>
#include <cstdlib>

#include "cli_output.h"
#include "command.h"
#include "params_cli.h"

namespace taescope::cli {
namespace {

const char kUsage[] =
    "usage: taescope params FILE... [--json] [--param NAME [--row ID]] [--paramdef XML]...\n"
    "\n"
    "FILE is a regulation.bin (Elden Ring, Nightreign, AC6; encrypted or decrypted), Dark Souls\n"
    "III's Data0.bdt, Sekiro's gameparam.parambnd.dcx, or one or more loose .param files (recognised\n"
    "by content). Prints the game (by the key that decrypts it, else the member paths), the version\n"
    "(the BND4 version field, e.g. 11210015 = Elden Ring 1.12) and every param: name, type string,\n"
    "rows, row size (from the row data offsets). No param's rows are read for the listing.\n"
    "  --param NAME   one param: its header, the paramdef chosen for it (the game's, at the\n"
    "                 regulation's version, whose row size equals the file's) and its row ids\n"
    "  --row ID       with --param: that row's fields, named by the paramdef\n"
    "  --paramdef XML a paramdef file (Smithbox/Paramdex XML) for params without a built-in def\n"
    "  --json         JSON (docs/cli-schema.json: params, params_param, params_row)\n"
    "exit status: 0 printed, 1 unreadable file / no such param or row, 2 usage error\n";

void write_header_fields(JsonOut& out, const params::Regulation& r) {
    out.field("command", "params")
        .field("file", r.name())
        .field("game", params::param_game_code(r.game()))
        .field("game_title", params::param_game_title(r.game()))
        .field("game_source", r.game_source())
        .field("version", r.version())
        .field("source", params::regulation_source_name(r.source()))
        .field("container",
               r.container().kind == ContainerKind::None ? std::string("none") : r.container().variant_name());
}

void write_notes(JsonOut& out, const std::vector<std::string>& notes) {
    out.key("notes").begin_array();
    for (const auto& n : notes) out.string(n);
    out.end_array();
}

int list_params(const params::Regulation& r, bool json) {
    JsonOut out;
    if (json) {
        out.begin_object();
        write_header_fields(out, r);
        out.key("params").begin_array();
    } else {
        std::printf("%s\n", params::regulation_summary(r).c_str());
        std::printf("game %s (%s), version %s\n", params::param_game_title(r.game()), r.game_source().c_str(),
                    r.version().empty() ? "(none)" : r.version().c_str());
    }
    for (const auto& p : r.params()) {
        params::ParamSummary s = params::summarize_param(p.bytes);
        if (json) {
            out.begin_object().field("name", p.name).field("type", s.type_name);
            out.field_uint("rows", s.header.row_count).field_uint("row_size", s.row_size);
            if (!s.problem.empty()) out.field("error", s.problem);
            out.end_object();
        } else if (s.problem.empty()) {
            std::printf("  %-40s %-32s %6u rows x %5u B\n", p.name.c_str(), s.type_name.c_str(), s.header.row_count,
                        s.row_size);
        } else {
            std::printf("  %-40s error: %s\n", p.name.c_str(), s.problem.c_str());
        }
    }
    if (json) {
        out.end_array();
        write_notes(out, r.notes());
        out.end_object();
        print_text(out.text());
    } else {
        for (const auto& n : r.notes()) std::printf("note: %s\n", n.c_str());
    }
    return 0;
}

int show_param(const params::Regulation& r, const std::string& name, const std::string& row_text,
               const params::ParamdefLibrary& library, bool json) {
    auto table = r.table(name, &library);
    if (!table.ok()) {
        std::fprintf(stderr, "taescope params: %s\n", table.error().to_string().c_str());
        return 1;
    }
    const params::ParamFile& f = *table->file;
    const params::RegulationParam* p = r.find(name);
    JsonOut out;
    if (row_text.empty()) {
        if (json) {
            out.begin_object();
            write_header_fields(out, r);
            out.field("param", p->name).field("stored_name", p->stored_name).field("type", f.type_name());
            out.field_uint("rows", f.row_count()).field_uint("row_size", f.row_size());
            out.field_int("data_version", f.header().data_version);
            out.field("layout", table->layout_source).field("layout_fits", bool(table->layout));
            out.key("ids").begin_array(true);
            for (size_t i = 0; i < f.row_count(); ++i) out.integer(f.row_id(i));
            out.end_array();
            write_notes(out, f.notes());
            out.end_object();
            print_text(out.text());
        } else {
            std::printf("%s (%s): %zu rows of %u bytes, data version %d\n", p->name.c_str(), f.type_name().c_str(),
                        f.row_count(), f.row_size(), f.header().data_version);
            std::printf("paramdef: %s\n", table->layout_source.c_str());
            for (const auto& n : f.notes()) std::printf("note: %s\n", n.c_str());
            for (size_t i = 0; i < f.row_count(); ++i) std::printf("%d\n", f.row_id(i));
        }
        return 0;
    }
    char* end = nullptr;
    long long id = std::strtoll(row_text.c_str(), &end, 10);
    if (*end != '\0' || id < INT32_MIN || id > INT32_MAX) {
        std::fprintf(stderr, "taescope params: --row wants a row id (an integer): '%s'\n", row_text.c_str());
        return 2;
    }
    auto row = f.find(int32_t(id));
    if (!row) {
        std::fprintf(stderr, "taescope params: %s has no row %lld\n", p->name.c_str(), id);
        return 1;
    }
    auto fields = params::row_field_values(*table, *row);
    if (json) {
        out.begin_object();
        write_header_fields(out, r);
        out.field("param", p->name).field_int("row", id).field("name", f.row_name(*row));
        out.field("layout", table->layout_source).field("layout_fits", bool(table->layout));
        out.key("fields").begin_array();
        for (const auto& v : fields) {
            out.begin_object().field("name", v.name).field("display_name", v.display_name).field("type", v.type);
            out.field_uint("offset", v.offset);
            if (v.bit_width) out.field_uint("bit", v.bit_offset);
            out.field("value", v.value).end_object();
        }
        out.end_array().end_object();
        print_text(out.text());
    } else {
        std::printf("%s row %lld%s%s\n", p->name.c_str(), id, f.row_name(*row).empty() ? "" : ": ",
                    f.row_name(*row).c_str());
        std::printf("paramdef: %s\n", table->layout_source.c_str());
        for (const auto& v : fields) {
            std::string where = hex(v.offset) + (v.bit_width ? "." + std::to_string(v.bit_offset) : "");
            std::printf("  %-10s %-14s %-36s %s%s%s\n", where.c_str(), v.type.c_str(), v.name.c_str(), v.value.c_str(),
                        v.display_name.empty() ? "" : "   ", v.display_name.c_str());
        }
    }
    return 0;
}

int run_params(const std::vector<std::string>& args) {
    auto parsed = parse_args(args, {{"--json"}, {"--param", "--row", "--paramdef"}}, "params", kUsage);
    if (!parsed) return 2;
    if (parsed->positional.empty() || (parsed->has("--row") && !parsed->has("--param"))) {
        std::fprintf(stderr, "%s", kUsage);
        return 2;
    }
    params::ParamdefLibrary library;
    std::vector<std::string> defs;
    for (const auto& o : parsed->options)
        if (o.first == "--paramdef") defs.push_back(o.second);
    if (!add_paramdef_files(defs, library, "params")) return 1;
    auto reg = open_regulation_files(parsed->positional, "params");
    if (!reg) return 1;
    const bool json = parsed->has("--json");
    if (!parsed->has("--param")) return list_params(*reg, json);
    return show_param(*reg, parsed->value("--param"), parsed->value("--row"), library, json);
}

const CommandRegistration registration({"params", "the game's params: a regulation's game, version, params and rows",
                                        kUsage, run_params});

}  // namespace
}  // namespace taescope::cli
