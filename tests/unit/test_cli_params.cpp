// `taescope params`, `hitboxes`, `framedata` and `info` run as a user runs them on the corpus
// regulation and c5051's binders: their --json follows docs/cli-schema.json, the posed shapes
// equal the independent reader's (posed_c5051.json, 1e-3), the CSV has its header and one line
// per attack, and bad input gives exit status 1 or 2 with a message. Skipped in the wasm build.
#ifdef TAESCOPE_CLI_PATH

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "test_cli_json.h"
#include "test_cli_run.h"
#include "test_support.h"

using namespace taescope;

namespace {

test::Json parse(const std::string& text) {
    test::JsonReader reader(text);
    auto j = reader.parse();
    REQUIRE_MESSAGE(j, "not JSON: " << reader.error());
    return std::move(*j);
}

void check_schema_def(const std::string& def_name, const test::Json& value) {
    const std::string schema_text = test::read_text(std::string(TAESCOPE_SOURCE_DIR) + "/docs/cli-schema.json");
    test::Json schema = parse(schema_text);
    const test::Json* def = schema.get("$defs")->get(def_name);
    REQUIRE(def);
    std::vector<std::string> errors;
    test::SchemaChecker(schema).check(value, *def, "$", errors);
    for (const auto& e : errors) FAIL_CHECK(def_name << ": " << e);
}

bool have(std::initializer_list<const char*> files) {
    for (const char* f : files)
        if (test::corpus_path(f).empty()) return false;
    return true;
}

}  // namespace

TEST_CASE("cli: params --json lists the encrypted regulation's game, version and params; --row names the fields") {
    if (!have({"eldenring/regulation-1.12.bin"})) return;
    test::CliRun r = test::taescope_cli("params eldenring/regulation-1.12.bin --json", test::corpus_dir());
    REQUIRE(r.status == 0);
    test::Json out = parse(r.out);
    check_schema_def("params", out);
    CHECK(out.get("game")->text == "ER");
    CHECK(out.get("version")->text == "11210015");
    CHECK(out.get("source")->text == "encrypted");
    CHECK(out.get("container")->text == "DCX_ZSTD_21");
    REQUIRE(out.get("params")->items.size() == 194);
    bool atk = false;
    for (const auto& p : out.get("params")->items)
        if (p.get("name")->text == "AtkParam_Npc") {
            atk = true;
            CHECK(p.get("type")->text == "ATK_PARAM_ST");
            CHECK(p.get("rows")->number == 12844);
            CHECK(p.get("row_size")->number == 456);
        }
    CHECK(atk);
    test::CliRun row = test::taescope_cli(
        "params eldenring/regulation-1.12.decrypted.bin --param AtkParam_Npc --row 5051330 --json", test::corpus_dir());
    REQUIRE(row.status == 0);
    test::Json fields = parse(row.out);
    check_schema_def("params_row", fields);
    CHECK(fields.get("layout_fits")->boolean);
    std::map<std::string, std::string> values;
    for (const auto& f : fields.get("fields")->items) values[f.get("name")->text] = f.get("value")->text;
    CHECK(values["hit0_DmyPoly1"] == "10");
    CHECK(values["hit0_DmyPoly2"] == "12");
    CHECK(values["hit1_DmyPoly2"] == "13");
    CHECK(values["hit0_Radius"] == "0.300000012");
    test::CliRun param =
        test::taescope_cli("params eldenring/regulation-1.12.bin --param BehaviorParam --json", test::corpus_dir());
    REQUIRE(param.status == 0);
    test::Json p = parse(param.out);
    check_schema_def("params_param", p);
    CHECK(p.get("ids")->items.size() == 13881);
    CHECK(test::taescope_cli("params eldenring/regulation-1.12.bin --param NoSuch", test::corpus_dir()).status == 1);
    CHECK(test::taescope_cli("params eldenring/regulation-1.12.bin --param AtkParam_Npc --row 123456789",
                             test::corpus_dir())
              .status == 1);
    CHECK(test::taescope_cli("params --row 5", test::corpus_dir()).status == 2);
    test::CliRun not_reg = test::taescope_cli("params eldenring/c2100.anibnd.dcx 2>&1", test::corpus_dir());
    CHECK(not_reg.status == 1);
    CHECK(not_reg.out.find("no .param file") != std::string::npos);
}

TEST_CASE("cli: info names a regulation's game, version and param count") {
    if (!have({"eldenring/regulation-1.12.bin", "sekiro/gameparam.parambnd.dcx"})) return;
    test::CliRun r = test::taescope_cli("info eldenring/regulation-1.12.bin", test::corpus_dir());
    REQUIRE(r.status == 0);
    CHECK(r.out.find("game           Elden Ring (key of Elden Ring)") != std::string::npos);
    CHECK(r.out.find("version        11210015") != std::string::npos);
    CHECK(r.out.find("params         194") != std::string::npos);
    test::CliRun d = test::taescope_cli("info eldenring/regulation-1.12.decrypted.bin", test::corpus_dir());
    REQUIRE(d.status == 0);
    CHECK(d.out.find("params         194") != std::string::npos);
    test::CliRun s = test::taescope_cli("info sekiro/gameparam.parambnd.dcx", test::corpus_dir());
    REQUIRE(s.status == 0);
    CHECK(s.out.find("game           Sekiro") != std::string::npos);
    CHECK(s.out.find("params         138") != std::string::npos);
}

TEST_CASE("cli: hitboxes --json of c5051 follows the schema; its posed shapes at frame 126 equal the reference") {
    if (!have({"eldenring/regulation-1.12.bin", "eldenring/c5051.anibnd.dcx", "eldenring/c5051.chrbnd.dcx",
               "hitbox-reference/posed_c5051.json"}))
        return;
    test::CliRun r = test::taescope_cli(
        "hitboxes eldenring/c5051.anibnd.dcx --params eldenring/regulation-1.12.bin --json --model "
        "eldenring/c5051.chrbnd.dcx --anim a000_003022 --frame 126",
        test::corpus_dir());
    REQUIRE(r.status == 0);
    test::Json out = parse(r.out);
    check_schema_def("hitboxes", out);
    CHECK(out.get("variation")->number == 50510);
    CHECK(out.get("npc_param_row")->number == 50510000);
    REQUIRE(out.get("display_masks")->items.size() == 32);
    CHECK(out.get("display_masks")->items[0].boolean);
    CHECK_FALSE(out.get("display_masks")->items[1].boolean);
    CHECK(out.get("events")->items.size() == 44);
    for (const auto& e : out.get("events")->items) CHECK(e.get("miss")->kind == test::Json::Kind::Null);
    const std::string ref_text = test::read_text(test::corpus_dir() + "/hitbox-reference/posed_c5051.json");
    test::Json ref = parse(ref_text);
    const test::Json* frame = nullptr;
    for (const auto& e : ref.get("events")->items)
        if (e.get("animation")->text == "a000_003022") frame = e.get("frames")->get("126");
    REQUIRE(frame);
    const auto& posed = out.get("posed")->items;
    REQUIRE(posed.size() == frame->items.size());
    for (size_t k = 0; k < posed.size(); ++k) {
        CHECK(posed[k].get("event")->number == 32);
        const auto& ends = frame->items[k].get("ends")->items;
        const auto& points = posed[k].get("points")->items;
        REQUIRE(points.size() == ends.size());
        for (size_t p = 0; p < ends.size(); ++p)
            for (size_t a = 0; a < 3; ++a)
                CHECK(std::fabs(points[p].items[a].number - ends[p].items[a].number) <= 1e-3);
    }
    // At the window's closing frame (138) the event is not live: nothing is posed.
    test::CliRun closing = test::taescope_cli(
        "hitboxes eldenring/c5051.anibnd.dcx --params eldenring/regulation-1.12.bin --json --model "
        "eldenring/c5051.chrbnd.dcx --anim a000_003022 --frame 138",
        test::corpus_dir());
    REQUIRE(closing.status == 0);
    CHECK(parse(closing.out).get("posed")->items.empty());
    CHECK(test::taescope_cli("hitboxes eldenring/c5051.anibnd.dcx --json", test::corpus_dir()).status == 2);
    CHECK(test::taescope_cli("hitboxes eldenring/c5051.anibnd.dcx --params eldenring/regulation-1.12.bin --anim "
                             "a000_003022 --frame 1",
                             test::corpus_dir())
              .status == 2);
    test::CliRun bad = test::taescope_cli(
        "hitboxes eldenring/c5051.anibnd.dcx --params eldenring/c5051.anibnd.dcx 2>&1", test::corpus_dir());
    CHECK(bad.status == 1);
}

TEST_CASE("cli: framedata of c5051 as JSON (schema) and CSV (a header and one line per attack)") {
    if (!have({"eldenring/regulation-1.12.bin", "eldenring/c5051.anibnd.dcx", "eldenring/c5051.chrbnd.dcx"})) return;
    test::CliRun r = test::taescope_cli(
        "framedata eldenring/c5051.anibnd.dcx --params eldenring/regulation-1.12.bin --model "
        "eldenring/c5051.chrbnd.dcx --json",
        test::corpus_dir());
    REQUIRE(r.status == 0);
    test::Json out = parse(r.out);
    check_schema_def("framedata", out);
    size_t attacks = 0;
    for (const auto& a : out.get("animations")->items) {
        attacks += a.get("attacks")->items.size();
        // Reach needs the clip: the 3 animations without a Havok member have none.
        const bool clip = a.get("length")->kind != test::Json::Kind::Null;
        for (const auto& w : a.get("attacks")->items)
            CHECK(w.get("reach")->kind == (clip ? test::Json::Kind::Number : test::Json::Kind::Null));
    }
    CHECK(attacks == 44);
    test::CliRun csv = test::taescope_cli(
        "framedata eldenring/c5051.anibnd.dcx --params eldenring/regulation-1.12.bin --csv", test::corpus_dir());
    REQUIRE(csv.status == 0);
    CHECK(csv.out.rfind("animation,event,type,judge,", 0) == 0);
    CHECK(std::count(csv.out.begin(), csv.out.end(), '\n') == 45);
    CHECK(test::taescope_cli("framedata eldenring/c5051.anibnd.dcx --params eldenring/regulation-1.12.bin --csv --json",
                             test::corpus_dir())
              .status == 2);
}

#endif  // TAESCOPE_CLI_PATH
