// The built `taescope` command line, run as a user runs it: every subcommand's --help, the
// --json outputs checked against docs/cli-schema.json, and golden outputs on fixed corpus files
// (tests/cli/golden/; TAESCOPE_UPDATE_GOLDEN=1 rewrites them, review the diff before committing).
// Skipped in the wasm build of the suite, which has no CLI.
#ifdef TAESCOPE_CLI_PATH

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "binder/document.h"
#include "test_cli_json.h"
#include "test_cli_run.h"
#include "test_cli_support.h"
#include "test_support.h"

using namespace taescope;

namespace {

using test::read_text;
using test::taescope_cli;
using Run = test::CliRun;

void check_golden(const std::string& name, const std::string& actual) {
    std::string path = std::string(TAESCOPE_SOURCE_DIR) + "/tests/cli/golden/" + name;
    if (std::getenv("TAESCOPE_UPDATE_GOLDEN")) {
        std::ofstream(path, std::ios::binary) << actual;
        MESSAGE("golden rewritten: " << path);
        return;
    }
    std::string expected = read_text(path);
    REQUIRE_MESSAGE(!expected.empty(), "golden file missing: " << path << " (TAESCOPE_UPDATE_GOLDEN=1 writes it)");
    CHECK_MESSAGE(expected == actual, "output differs from " << path);
}

// The schema's definition `def` must accept `output`.
void check_schema(const std::string& def, const std::string& output) {
    std::string schema_text = read_text(std::string(TAESCOPE_SOURCE_DIR) + "/docs/cli-schema.json");
    test::JsonReader schema_reader(schema_text);
    auto schema = schema_reader.parse();
    REQUIRE_MESSAGE(schema, "docs/cli-schema.json: " << schema_reader.error());
    test::JsonReader reader(output);
    auto value = reader.parse();
    REQUIRE_MESSAGE(value, "output is not JSON: " << reader.error());
    const test::Json* defs = schema->get("$defs");
    REQUIRE(defs);
    const test::Json* d = defs->get(def);
    REQUIRE(d);
    std::vector<std::string> errors;
    test::SchemaChecker(*schema).check(*value, *d, "$", errors);
    for (const auto& e : errors) FAIL_CHECK(def << ": " << e);
}

std::string temp_dir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() / ("taescope-cli-" + name + "-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    return dir.string();
}

}  // namespace

TEST_CASE("cli: every subcommand answers --help with its usage and exit status 0") {
    for (const char* command : {"census", "check", "decompress", "diff", "dump", "generate", "info", "link", "png",
                                "pose", "roundtrip", "sim", "skeleton", "templates", "unpack"}) {
        CAPTURE(command);
        Run r = taescope_cli(std::string(command) + " --help");
        CHECK(r.status == 0);
        CHECK(r.out.find("usage: taescope " + std::string(command)) != std::string::npos);
    }
    CHECK(taescope_cli("no-such-command 2>/dev/null").status == 2);
}

TEST_CASE("cli: info names container, members, TAE files, animation and event counts (Sekiro c5070)") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    Run r = taescope_cli("info sekiro/c5070.anibnd.dcx", test::corpus_dir());
    CHECK(r.status == 0);
    for (const char* line :
         {"container      DCX", "members        34", "TAE files      1", "animations     32", "events"})
        CHECK_MESSAGE(r.out.find(line) != std::string::npos, line);
}

TEST_CASE("cli: dump --json of Sekiro c5070 a000_000000 follows the schema and the file") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    Run r = taescope_cli("dump sekiro/c5070.anibnd.dcx --anim a000_000000 --json", test::corpus_dir());
    REQUIRE(r.status == 0);
    check_schema("dump", r.out);
    auto bytes = test::load(path);
    auto doc = open_document(bytes, path);
    REQUIRE(doc.ok());
    const TaeAnimation& a = doc->taes[0].tae->animations[0];
    test::JsonReader reader(r.out);
    auto json = reader.parse();
    REQUIRE(json);
    const test::Json& anim = json->get("animations")->items.at(0);
    CHECK(anim.get("name")->text == "a000_000000");
    REQUIRE(anim.get("events")->items.size() == a.events.size());
    for (size_t i = 0; i < a.events.size(); ++i) {
        CHECK(anim.get("events")->items[i].get("type")->number == a.events[i].type);
        CHECK(anim.get("events")->items[i].get("parameter_size")->number == a.events[i].parameter_size);
    }
    CHECK(taescope_cli("dump sekiro/c5070.anibnd.dcx --anim a999_000000 2>/dev/null", test::corpus_dir()).status == 1);
}

TEST_CASE("cli: dump text of Sekiro c5070 a000_000000 event 0 matches its golden output") {
    if (test::corpus_path("sekiro/c5070.anibnd.dcx").empty()) return;
    Run r = taescope_cli("dump sekiro/c5070.anibnd.dcx --anim a000_000000 --event 0", test::corpus_dir());
    CHECK(r.status == 0);
    check_golden("dump-sekiro-c5070-a000_000000-event0.txt", r.out);
}

TEST_CASE("cli: diff of Sekiro c5070 against a copy with known edits matches its golden output and the schema") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    auto bytes = test::load(path);
    auto doc = open_document(bytes, path);
    REQUIRE(doc.ok());
    std::string dir = temp_dir("diff");
    auto same = export_document(*doc);
    REQUIRE(same.ok());
    REQUIRE(write_file(dir + "/c5070.anibnd.dcx", *same).ok());
    TaeFile edited = *doc->taes[0].tae;
    test::apply_known_edits_to_c5070_a000_000000(edited);
    replace_tae(*doc, 0, edited);
    auto mod = export_document(*doc);
    REQUIRE(mod.ok());
    REQUIRE(write_file(dir + "/c5070-mod.anibnd.dcx", *mod).ok());

    Run text = taescope_cli("diff c5070.anibnd.dcx c5070-mod.anibnd.dcx", dir);
    CHECK(text.status == 1);  // differences found
    check_golden("diff-sekiro-c5070-known-edits.txt", text.out);
    Run json = taescope_cli("diff c5070.anibnd.dcx c5070-mod.anibnd.dcx --json --all", dir);
    CHECK(json.status == 1);
    check_schema("diff", json.out);
    CHECK(taescope_cli("diff c5070.anibnd.dcx c5070.anibnd.dcx", dir).status == 0);
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: census of Sekiro c5070 matches its golden Markdown; JSON follows the schema and the totals") {
    if (test::corpus_path("sekiro/c5070.anibnd.dcx").empty()) return;
    Run md = taescope_cli("census sekiro/c5070.anibnd.dcx", test::corpus_dir());
    CHECK(md.status == 0);
    check_golden("census-sekiro-c5070.md", md.out);
    Run one =
        taescope_cli("census sekiro/c5070.anibnd.dcx eldenring/c0000-a10.tae --json --jobs 1", test::corpus_dir());
    Run two =
        taescope_cli("census sekiro/c5070.anibnd.dcx eldenring/c0000-a10.tae --json --jobs 2", test::corpus_dir());
    CHECK(one.status == 0);
    CHECK(one.out == two.out);  // the same whatever the number of threads
    check_schema("census", one.out);
    test::JsonReader reader(one.out);
    auto json = reader.parse();
    REQUIRE(json);
    CHECK(json->get("totals")->get("animations")->number == 32 + 240);  // corpus README: c5070 32, a10 240
}

TEST_CASE("cli: link encodes an animation the decoder gives back; both JSON shapes follow the schema") {
    if (test::corpus_path("sekiro/c5070.anibnd.dcx").empty()) return;
    Run enc = taescope_cli("link sekiro/c5070.anibnd.dcx --anim a000_000000 --frame 12 --json", test::corpus_dir());
    REQUIRE(enc.status == 0);
    check_schema("link_encode", enc.out);
    test::JsonReader reader(enc.out);
    auto json = reader.parse();
    REQUIRE(json);
    std::string url = json->get("url")->text;
    CHECK(url.rfind("http://127.0.0.1:8080/#v1.t=", 0) == 0);
    Run dec = taescope_cli("link --json --decode '" + url + "'");
    REQUIRE(dec.status == 0);
    check_schema("link_decode", dec.out);
    test::JsonReader dreader(dec.out);
    auto decoded = dreader.parse();
    REQUIRE(decoded);
    CHECK(decoded->get("animation")->text == "a000_000000");
    CHECK(decoded->get("frame")->number == 12);
    CHECK(double(decoded->get("events")->items.size()) == json->get("events")->number);

    Run ref =
        taescope_cli("link sekiro/c5070.anibnd.dcx --anim a000_000000 --file-ref --frame 3 --base https://x.example/",
                     test::corpus_dir());
    CHECK(ref.out == "https://x.example/#v1.f=c5070.anibnd.dcx&a=a000_000000&t=3\n");
    Run bad = taescope_cli("link --json --decode '#v1.t=%%%'");
    CHECK(bad.status == 1);
    check_schema("link_decode", bad.out);
}

TEST_CASE("cli: skeleton and pose --json follow the schema and agree with the Havok reference (Elden Ring c5051)") {
    if (test::corpus_path("eldenring/c5051.anibnd.dcx").empty()) return;
    Run sk = taescope_cli("skeleton eldenring/c5051.anibnd.dcx --json", test::corpus_dir());
    REQUIRE(sk.status == 0);
    check_schema("skeleton", sk.out);
    auto skeleton = test::JsonReader(sk.out).parse();
    REQUIRE(skeleton);
    CHECK(skeleton->get("bones")->items.size() == 176);  // corpus README: 176 bones
    CHECK(skeleton->get("sdk_version")->text == "20180100");

    Run list = taescope_cli("pose eldenring/c5051.anibnd.dcx --list --json", test::corpus_dir());
    REQUIRE(list.status == 0);
    check_schema("pose_list", list.out);
    auto listed = test::JsonReader(list.out).parse();
    REQUIRE(listed);
    size_t multi_block = 0;
    for (const auto& a : listed->get("animations")->items) {
        CHECK(a.get("error")->kind == test::Json::Kind::Null);
        multi_block += a.get("blocks")->number > 1;
    }
    CHECK(listed->get("animations")->items.size() == 110);
    CHECK(multi_block == 10);  // corpus README: 10 span several blocks

    Run pose = taescope_cli("pose eldenring/c5051.anibnd.dcx --anim a000_003022 --frames 0,255,24.5 --model --json",
                            test::corpus_dir());
    REQUIRE(pose.status == 0);
    check_schema("pose_animation", pose.out);
    auto p = test::JsonReader(pose.out).parse();
    REQUIRE(p);
    CHECK(p->get("frame_count")->number == 301);
    CHECK(p->get("blocks")->number == 2);
    const auto& frames = p->get("frames")->items;
    REQUIRE(frames.size() == 3);
    CHECK(frames[1].get("tracks")->items.size() == 176);
    CHECK(frames[1].get("model_positions")->items.size() == 176);
    // havok-reference/eldenring__c5051.anibnd.json, a000_003022 frame 255, track 1:
    // translation (0.034, 1.6032, 0.4755) to 1e-4.
    const auto& t1 = frames[1].get("tracks")->items[1].items;
    CHECK(std::fabs(t1[0].number - 0.034) < 1e-3);
    CHECK(std::fabs(t1[1].number - 1.6032) < 1e-3);
    CHECK(std::fabs(t1[2].number - 0.4755) < 1e-3);
    CHECK(p->get("root_motion")->get("samples")->get("255") != nullptr);

    Run missing = taescope_cli("pose eldenring/c5051.anibnd.dcx --anim a999_000000 2>&1", test::corpus_dir());
    CHECK(missing.status == 1);
    CHECK(missing.out.find("no Havok animation a999_000000.hkx") != std::string::npos);
}

TEST_CASE("cli: link --ref prints the page's reference link; explain prints the same reference facts") {
    Run text = taescope_cli("link --ref ER/795");
    CHECK(text.status == 0);
    CHECK(text.out == "http://127.0.0.1:8080/#v1.r=ER/795\n");
    Run json = taescope_cli("link --ref SDT/233 --base https://x.example/ --json");
    REQUIRE(json.status == 0);
    check_schema("link_reference", json.out);
    test::JsonReader reader(json.out);
    auto parsed = reader.parse();
    REQUIRE(parsed);
    CHECK(parsed->get("fragment")->text == "v1.r=SDT/233");
    CHECK(parsed->get("url")->text == "https://x.example/#v1.r=SDT/233");
    Run dec = taescope_cli("link --json --decode 'https://x.example/#v1.r=SDT/233'");
    REQUIRE(dec.status == 0);
    check_schema("link_decode", dec.out);
    CHECK(dec.out.find("\"kind\": \"reference\"") != std::string::npos);
    CHECK(taescope_cli("link --ref ER/79x 2>/dev/null").status == 2);
    CHECK(taescope_cli("link --ref 'E R/1' 2>/dev/null").status == 2);

    Run explain = taescope_cli("explain 233 --game SDT");
    REQUIRE(explain.status == 0);
    for (const char* line : {"template: \"Change Character Draw Mask\" (Smithbox), 32 bytes, 32 fields",
                             "simulator:", "mask event: each group it changes keeps the change from its start on"})
        CHECK_MESSAGE(explain.out.find(line) != std::string::npos, line);
    Run ac6 = taescope_cli("explain 0 --game SDT");
    CHECK(ac6.out.find("other games' built-in templates:") != std::string::npos);
}

TEST_CASE("cli: png writes a PNG of the size it reports (Elden Ring c4310 a000_008046, reversed event)") {
    if (test::corpus_path("eldenring/c4310.anibnd.dcx").empty()) return;
    std::string dir = temp_dir("png");
    Run r =
        taescope_cli("png eldenring/c4310.anibnd.dcx --anim a000_008046 -o '" + dir + "/t.png'", test::corpus_dir());
    CHECK(r.status == 0);
    CHECK(r.out.find("frames -1..") != std::string::npos);  // an event ends at -1/30 s
    std::string png = read_text(dir + "/t.png");
    REQUIRE(png.size() > 24);
    CHECK(png.substr(1, 3) == "PNG");
    unsigned width = unsigned((uint8_t)png[16]) << 24 | unsigned((uint8_t)png[17]) << 16 |
                     unsigned((uint8_t)png[18]) << 8 | unsigned((uint8_t)png[19]);
    CHECK(r.out.find(": " + std::to_string(width) + "x") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("cli: infer --json and infer --against-templates --json follow the schema; check counts inferred events") {
    if (test::corpus_path("sekiro/c5070.anibnd.dcx").empty()) return;
    Run infer = taescope_cli("infer sekiro/c5070.anibnd.dcx --ignore-templates --json", test::corpus_dir());
    CHECK(infer.status == 0);
    check_schema("infer", infer.out);
    test::JsonReader reader(infer.out);
    auto json = reader.parse();
    REQUIRE(json);
    CHECK(!json->get("types")->items.empty());
    Run against =
        taescope_cli("infer --against-templates sekiro/c5070.anibnd.dcx --min-events 5 --json", test::corpus_dir());
    CHECK(against.status == 0);
    check_schema("infer_against_templates", against.out);
    Run check = taescope_cli("check -q sekiro/c5070.anibnd.dcx", test::corpus_dir());
    CHECK(check.out.find("inference: ") != std::string::npos);
}

#endif  // TAESCOPE_CLI_PATH
