// `taescope model` run as a user runs it, on the corpus model binder c5051.chrbnd.dcx: its --json
// follows docs/cli-schema.json and agrees with the independent reader's values
// (flver-reference/): meshes, masks, first vertices and triangles, and the body skinned by
// a000_003022 at frame 37 (first 16 vertices, bounds, centroid, every dummy posed) to 1e-3. The
// same model unpacked to a loose .flver gives the same answer. Skipped in the wasm build.
#ifdef TAESCOPE_CLI_PATH

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "test_cli_json.h"
#include "test_cli_run.h"
#include "test_support.h"

using namespace taescope;

namespace {

test::Json parse_file(const std::string& path) {
    const std::string text = test::read_text(path);  // the reader keeps a reference
    test::JsonReader reader(text);
    auto j = reader.parse();
    REQUIRE_MESSAGE(j, path << ": " << reader.error());
    return std::move(*j);
}

void check_schema_def(const std::string& def_name, const std::string& output) {
    test::Json schema = parse_file(std::string(TAESCOPE_SOURCE_DIR) + "/docs/cli-schema.json");
    test::JsonReader reader(output);
    auto value = reader.parse();
    REQUIRE_MESSAGE(value, "output is not JSON: " << reader.error());
    const test::Json* def = schema.get("$defs")->get(def_name);
    REQUIRE(def);
    std::vector<std::string> errors;
    test::SchemaChecker(schema).check(*value, *def, "$", errors);
    for (const auto& e : errors) FAIL_CHECK(def_name << ": " << e);
}

void check_near(const test::Json* expected, const test::Json* got, const std::string& what) {
    REQUIRE_MESSAGE(expected, what);
    REQUIRE_MESSAGE(got, what);
    REQUIRE_MESSAGE(expected->items.size() == got->items.size(), what);
    for (size_t i = 0; i < expected->items.size(); ++i)
        CHECK_MESSAGE(std::fabs(expected->items[i].number - got->items[i].number) <= 1e-3,
                      what << "[" << i << "]: " << expected->items[i].number << " vs " << got->items[i].number);
}

}  // namespace

TEST_CASE("cli: model --json of c5051.chrbnd.dcx follows the schema and the independent reader, skinned at frame 37") {
    if (test::corpus_path("eldenring/c5051.chrbnd.dcx").empty() ||
        test::corpus_path("flver-reference/eldenring__c5051.chrbnd.json").empty())
        return;
    test::CliRun r = test::taescope_cli(
        "model eldenring/c5051.chrbnd.dcx --json --vertices 5 --anibnd eldenring/c5051.anibnd.dcx --anim a000_003022 "
        "--frame 37",
        test::corpus_dir());
    REQUIRE(r.status == 0);
    check_schema_def("model", r.out);
    auto out = test::JsonReader(r.out).parse();
    REQUIRE(out);
    test::Json ref = parse_file(test::corpus_dir() + "/flver-reference/eldenring__c5051.chrbnd.json");
    const test::Json& model = *ref.get("model");
    CHECK(out->get("version")->number == model.get("header")->get("version")->number);
    CHECK(out->get("bones")->items.size() == 423);
    CHECK(out->get("dummies")->items.size() == 122);
    const auto& meshes = out->get("meshes")->items;
    const auto& ref_meshes = model.get("meshes")->items;
    REQUIRE(meshes.size() == ref_meshes.size());
    const test::Json& frame = *ref.get("skinned")->get("animations")->items[0].get("frames")->get("37");
    for (size_t i = 0; i < meshes.size(); ++i) {
        CAPTURE(i);
        const test::Json& m = meshes[i];
        CHECK(m.get("material")->text == ref_meshes[i].get("material_name")->text);
        CHECK(m.get("mask")->number == ref_meshes[i].get("mask")->number);
        CHECK(m.get("vertex_count")->number == ref_meshes[i].get("vertex_count")->number);
        CHECK(m.get("lod0_triangles")->number == ref_meshes[i].get("lod0_triangle_count")->number);
        const auto& verts = m.get("vertices")->items;
        REQUIRE(verts.size() == 5);
        for (size_t v = 0; v < 5; ++v) {
            const test::Json& rv = ref_meshes[i].get("first_vertices")->items[v];
            check_near(rv.get("position"), verts[v].get("position"), "position");
            check_near(rv.get("normal"), verts[v].get("normal"), "normal");
            check_near(&rv.get("uvs")->items[0], verts[v].get("uv"), "uv");
            check_near(rv.get("bone_indices"), verts[v].get("bone_indices"), "bone indices");
            check_near(rv.get("bone_weights"), verts[v].get("bone_weights"), "bone weights");
        }
        const auto& tris = m.get("triangles")->items;
        REQUIRE(tris.size() == 5);
        for (size_t t = 0; t < 5; ++t)
            check_near(&ref_meshes[i].get("first_triangles")->items[t], &tris[t], "triangle");
        const test::Json& rs = frame.get("meshes")->items[i];
        const test::Json& s = *m.get("skinned");
        REQUIRE(s.get("first")->items.size() == 16);
        for (size_t v = 0; v < 16; ++v) check_near(&rs.get("first")->items[v], &s.get("first")->items[v], "skinned");
        check_near(rs.get("bbox")->get("min"), s.get("min"), "skinned min");
        check_near(rs.get("bbox")->get("max"), s.get("max"), "skinned max");
        check_near(rs.get("centroid"), s.get("centroid"), "skinned centroid");
    }
    const auto& posed = out->get("dummies_posed")->items;
    REQUIRE(posed.size() == 122);
    size_t checked = 0;
    for (const auto& [id, list] : frame.get("dummies")->members)
        for (const auto& rd : list.items) {
            size_t i = size_t(rd.get("i")->number);
            REQUIRE(i < posed.size());
            CHECK(posed[i].get("reference_id")->number == std::stod(id));
            check_near(rd.get("pos"), posed[i].get("position"), "dummy " + std::to_string(i));
            ++checked;
        }
    CHECK(checked == 122);

    // The same model unpacked to a loose .flver reads the same.
    auto dir = std::filesystem::temp_directory_path() / ("taescope-cli-model-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    test::CliRun unpack = test::taescope_cli("unpack eldenring/c5051.chrbnd.dcx -o '" + dir.string() + "' >/dev/null",
                                             test::corpus_dir());
    REQUIRE(unpack.status == 0);
    std::string loose;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.path().extension() == ".flver") loose = e.path().string();
    REQUIRE_MESSAGE(!loose.empty(), "no .flver unpacked into " << dir);
    test::CliRun l = test::taescope_cli("model '" + loose + "' --json", test::corpus_dir());
    REQUIRE(l.status == 0);
    auto lj = test::JsonReader(l.out).parse();
    REQUIRE(lj);
    REQUIRE(lj->get("meshes")->items.size() == meshes.size());
    for (size_t i = 0; i < meshes.size(); ++i)
        CHECK(lj->get("meshes")->items[i].get("lod0_triangles")->number == meshes[i].get("lod0_triangles")->number);
    std::filesystem::remove_all(dir);

    // Text output, and the errors a user meets.
    test::CliRun text = test::taescope_cli("model eldenring/c5051.chrbnd.dcx", test::corpus_dir());
    CHECK(text.status == 0);
    CHECK(text.out.find("10 meshes") != std::string::npos);
    CHECK(text.out.find("#01#Weapon") != std::string::npos);
    CHECK(test::taescope_cli("model eldenring/c5051.anibnd.dcx 2>/dev/null", test::corpus_dir()).status == 1);
    CHECK(test::taescope_cli("model eldenring/c5051.chrbnd.dcx --anim a000_003022 2>/dev/null", test::corpus_dir())
              .status == 2);
    CHECK(test::taescope_cli("model --help", test::corpus_dir()).out.find("usage: taescope model") !=
          std::string::npos);

    // info and census name the model binder's FLVER.
    test::CliRun info = test::taescope_cli("info eldenring/c5051.chrbnd.dcx", test::corpus_dir());
    CHECK(info.out.find("model          c5051.flver: 10 meshes, masks 0 (mesh 7), 1 (mesh 8), 5 (meshes 1 2 3 4 5), "
                        "423 bones, 122 dummies") != std::string::npos);
    test::CliRun census = test::taescope_cli("census eldenring/c5051.chrbnd.dcx --json", test::corpus_dir());
    CHECK(census.status == 0);
    check_schema_def("census", census.out);
    auto cj = test::JsonReader(census.out).parse();
    REQUIRE(cj);
    const test::Json* summary = cj->get("files")->items.at(0).get("model");
    REQUIRE(summary);
    CHECK(summary->get("meshes")->number == 10);
    CHECK(summary->get("masks")->items.size() == 3);
}

#endif  // TAESCOPE_CLI_PATH
