// PARAM files and paramdefs (../shared/spec/params-hitboxes.md §3, §4) on files made here: the
// one flavour read and each one refused (its flag bytes named), the row size from the data offsets
// and its disagreement with the type offset, a truncated row table, modded files with unordered
// ids, the paramdef dialect with bitfields and versioned fields, and the offsets the built-in
// defs give for the spec's fields. The built-in tables equal the community XML they come from.
#include <doctest/doctest.h>

#include <cstring>
#include <string>

#include "param_builder.h"
#include "params/param_file.h"
#include "params/paramdef.h"
#include "params/paramdef_library.h"
#include "test_support.h"

using namespace taescope;
using namespace taescope::params;

namespace {

Result<ParamFile> read_made(const test::MadeParam& p) { return ParamFile::read(SharedBytes(test::make_param(p))); }

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

const Paramdef& builtin(const std::string& game, const std::string& type) {
    for (const auto& d : builtin_paramdefs())
        if (d.game == game && d.param_type == type) return d;
    FAIL("no built-in paramdef " << game << " " << type);
    static Paramdef none;
    return none;
}

}  // namespace

TEST_CASE("params: a PARAM of the ER flavour reads: header, type string, row size from the data offsets, lookups") {
    auto f = read_made(test::patterned_param(5, 12));
    REQUIRE(f.ok());
    CHECK(f->row_count() == 5);
    CHECK(f->row_size() == 12);
    CHECK(f->type_name() == "TEST_PARAM_ST");
    CHECK(f->header().format_flags1 == 0x85);
    CHECK(f->row_id(2) == 30);
    CHECK(f->find(30) == std::optional<size_t>(2));
    CHECK_FALSE(f->find(31).has_value());
    CHECK(f->row(4)[0] == uint8_t(50));
    CHECK(f->rows_with_ids(15, 40) == std::vector<size_t>{1, 2, 3});
    CHECK(f->row_name(0).empty());
    CHECK(f->notes().empty());
    ParamSummary s = summarize_param(test::make_param(test::patterned_param(5, 12)));
    CHECK(s.problem.empty());
    CHECK(s.row_size == 12);
    CHECK(s.type_name == "TEST_PARAM_ST");
}

TEST_CASE("params: every other flavour is refused with its flag bytes named") {
    struct Flavour {
        const char* what;
        uint8_t endianness, flags1;
        uint64_t offset;
        const char* says;
    };
    const Flavour flavours[] = {
        {"big-endian (old consoles)", 0xFF, 0x85, 0x2C, "big-endian"},
        {"32-bit offsets, 12-byte row headers", 0x00, 0x83, 0x2D, "32-bit offsets"},
        {"no offset flag (Sekiro's default_*Bank, older games)", 0x00, 0x01, 0x2D, "0x2D bit 2 clear"},
        {"inline type string", 0x00, 0x05, 0x2D, "inline 0x20-byte type string"},
        {"unknown flag bits", 0x00, 0x8D, 0x2D, "bits this reader does not know"},
    };
    for (const auto& fl : flavours) {
        CAPTURE(fl.what);
        test::MadeParam p = test::patterned_param(3, 8);
        p.endianness = fl.endianness;
        p.flags1 = fl.flags1;
        auto f = read_made(p);
        REQUIRE_FALSE(f.ok());
        CHECK(f.error().offset == fl.offset);
        CHECK(contains(f.error().message, fl.says));
        CHECK(contains(f.error().message, "0x2D = " + hex(fl.flags1)));
        CHECK(contains(f.error().message, "0x2C = " + hex(fl.endianness)));
        CHECK(contains(summarize_param(test::make_param(p)).problem, fl.says));
    }
    std::vector<uint8_t> older = test::make_param(test::patterned_param(2, 8));
    older[4] = 0x40;  // a data start at 0x04: the older flavours
    auto f = ParamFile::read(SharedBytes(older));
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().offset == 4);
}

TEST_CASE("params: a row size the data offsets and the type offset disagree on is an error that gives both") {
    test::MadeParam p = test::patterned_param(3, 8);
    p.type_offset_shift = 3;  // (24 + 3) / 3 rows = 9 bytes a row by the type offset, 8 by the data offsets
    std::vector<uint8_t> bytes = test::make_param(p);
    bytes.resize(bytes.size() + 8, 0);
    std::memcpy(bytes.data() + bytes.size() - 8, "OTHER_ST", 8);  // a type string where the offset points
    auto f = ParamFile::read(SharedBytes(bytes));
    REQUIRE_FALSE(f.ok());
    CHECK(contains(f.error().message, "row size disagreement"));
    CHECK(contains(f.error().message, "8 bytes apart"));
    CHECK(contains(f.error().message, "= 9"));
    // A type offset past the end (as in some AC6 params) is no disagreement: noted, size from the offsets.
    test::MadeParam q = test::patterned_param(3, 8);
    q.type_offset_shift = 1000;
    auto g = read_made(q);
    REQUIRE(g.ok());
    CHECK(g->row_size() == 8);
    CHECK(g->type_name().empty());
    REQUIRE(g->notes().size() == 1);
    CHECK(contains(g->notes()[0], "no type string"));
}

TEST_CASE("params: a truncated row table, truncated rows and broken data offsets are clear errors") {
    std::vector<uint8_t> whole = test::make_param(test::patterned_param(40, 16));
    std::vector<uint8_t> table_cut(whole.begin(), whole.begin() + 0x40 + 24 * 10);
    auto f = ParamFile::read(SharedBytes(table_cut));
    REQUIRE_FALSE(f.ok());
    CHECK(f.error().offset == 0x0A);
    CHECK(contains(f.error().message, "row table truncated"));
    CHECK(contains(f.error().message, "40 rows"));
    std::vector<uint8_t> rows_cut(whole.begin(), whole.begin() + 0x40 + 24 * 40 + 16 * 20);
    auto g = ParamFile::read(SharedBytes(rows_cut));
    REQUIRE_FALSE(g.ok());
    CHECK(contains(g.error().message, "rows truncated"));
    std::vector<uint8_t> gap = whole;
    gap[0x40 + 24 * 7 + 8] += 4;  // row 7's data offset 4 bytes off
    auto h = ParamFile::read(SharedBytes(gap));
    REQUIRE_FALSE(h.ok());
    CHECK(h.error().offset == 0x40 + 24 * 7 + 8);
    CHECK(contains(h.error().message, "row 7"));
    auto header_only = ParamFile::read(SharedBytes(std::vector<uint8_t>(whole.begin(), whole.begin() + 0x30)));
    REQUIRE_FALSE(header_only.ok());
}

TEST_CASE("params: a modded PARAM with repeated and unordered ids is read through a sorted index, noted") {
    test::MadeParam p = test::patterned_param(4, 4);
    p.rows[0].first = 500;  // 500, 20, 30, 30
    p.rows[3].first = 30;
    auto f = read_made(p);
    REQUIRE(f.ok());
    REQUIRE(f->notes().size() == 1);
    CHECK(contains(f->notes()[0], "not strictly ascending"));
    CHECK(f->find(500) == std::optional<size_t>(0));
    CHECK(f->find(30) == std::optional<size_t>(2));  // the first row of a repeated id
    CHECK(f->find(20) == std::optional<size_t>(1));
    CHECK(f->rows_with_ids(0, 1000) == std::vector<size_t>{1, 2, 3, 0});
}

TEST_CASE("paramdefs: the layout rule packs bitfields low bit first and starts units as the spec says") {
    const char* xml = R"(<?xml version="1.0" encoding="utf-8"?>
<PARAMDEF XmlVersion="2"><ParamType>BITS_TEST_ST</ParamType><DataVersion>3</DataVersion>
<BigEndian>False</BigEndian><Unicode>True</Unicode><FormatVersion>203</FormatVersion><Fields>
<Field Def="u8 a:1"><DisplayName>first bit</DisplayName></Field>
<Field Def="u8 b:3" /><Field Def="u8 c:4 = 1" /><Field Def="u8 d:1" />
<Field Def="u16 e:4" /><Field Def="u16 f:12" /><Field Def="s8 g" /><Field Def="u8 h:2" />
<Field Def="dummy8 pad:6" /><Field Def="s16 i" /><Field Def="u32 j:1" /><Field Def="u8 k:1" />
<Field Def="fixstrW name[4]" /><Field Def="fixstr code[3]" /><Field Def="dummy8 tail[2]" />
<Field Def="f32 x" FirstVersion="200" /><Field Def="dummy8 old[4]" RemovedVersion="200" />
</Fields></PARAMDEF>)";
    auto def = parse_paramdef_xml(xml, "made.xml");
    REQUIRE_MESSAGE(def.ok(), def.error().to_string());
    CHECK(def->param_type == "BITS_TEST_ST");
    CHECK(def->data_version == 3);
    CHECK(def->fields[0].display_name == "first bit");
    CHECK(def->fields[2].default_text == "1");
    CHECK(def->version_thresholds() == std::vector<uint64_t>{200});
    ParamLayout l = layout_paramdef(*def, 100);
    struct Placed {
        const char* name;
        uint32_t offset;
        uint8_t bit, width;
    };
    // a, b, c share byte 0; d overflows into byte 1; e, f a u16 unit at 2 (the size changed);
    // g a byte at 4; h starts a unit after it (at 5) that pad (dummy8, also 1 byte) continues;
    // j a u32 unit at 8; k a new u8 unit at 12 (the size changed again).
    const Placed expected[] = {{"a", 0, 0, 1},     {"b", 0, 1, 3},     {"c", 0, 4, 4},     {"d", 1, 0, 1},
                               {"e", 2, 0, 4},     {"f", 2, 4, 12},    {"g", 4, 0, 0},     {"h", 5, 0, 2},
                               {"pad", 5, 2, 6},   {"i", 6, 0, 0},     {"j", 8, 0, 1},     {"k", 12, 0, 1},
                               {"name", 13, 0, 0}, {"code", 21, 0, 0}, {"tail", 24, 0, 0}, {"old", 26, 0, 0}};
    for (const auto& e : expected) {
        CAPTURE(e.name);
        const FieldLayout* f = l.find(e.name);
        REQUIRE(f);
        CHECK(f->byte_offset == e.offset);
        CHECK(f->bit_offset == e.bit);
        CHECK(f->bit_width == e.width);
    }
    CHECK(l.row_size == 30);
    CHECK(l.find("x") == nullptr);
    ParamLayout newer = layout_paramdef(*def, 200);
    CHECK(newer.row_size == 30);  // x (4 bytes) replaces old (4 bytes) at 26
    CHECK(newer.find("x")->byte_offset == 26);
    CHECK(newer.find("old") == nullptr);
    CHECK(layout_paramdef(*def, std::nullopt).find("x") != nullptr);

    // A row with every field set, read back.
    std::vector<uint8_t> row = {0x9B, 0x01, 0xDA, 0xBC, 0xFD, 0xAA, 0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                'A',  0,    'b',  0,    0,    0,    0,    0,    'X',  'Y',  0,    0xAB, 0xCD};
    const float x = 1.5f;
    row.resize(30);
    std::memcpy(row.data() + 26, &x, 4);
    auto value = [&](const char* name) { return field_value_text(row, newer, *newer.find(name)); };
    CHECK(value("a") == "1");
    CHECK(value("b") == "5");
    CHECK(value("c") == "9");
    CHECK(value("d") == "1");
    CHECK(value("e") == "10");
    CHECK(value("f") == std::to_string(0xBCD));
    CHECK(value("g") == "-3");
    CHECK(value("h") == "2");
    CHECK(value("pad") == std::to_string(0x2A));
    CHECK(value("i") == "-2");
    CHECK(value("j") == "1");
    CHECK(value("k") == "1");
    CHECK(value("name") == "Ab");
    CHECK(value("code") == "XY");
    CHECK(value("tail") == "AB CD");
    CHECK(value("x") == "1.5");
    CHECK(named_field(newer, "g").integer(row) == -3);
    CHECK(named_field(newer, "x").real(row) == 1.5);
    CHECK_FALSE(named_field(newer, "nothing").found());
}

TEST_CASE("paramdefs: bad Def texts and documents are errors that say what is wrong") {
    struct Bad {
        const char* def;
        const char* says;
    };
    const Bad bad[] = {
        {"u9 x", "unknown type"},          {"u8", "expected 'type name'"},       {"u8 x[0]", "array length"},
        {"u8 x:9", "exceeds its u8 unit"}, {"f32 x:3", "needs an integer type"}, {"u8 x[2]:1", "cannot be an array"},
        {"fixstr s", "needs a length"},    {"u8 x junk", "unexpected"}};
    for (const auto& b : bad) {
        CAPTURE(b.def);
        auto f = parse_field_def(b.def);
        REQUIRE_FALSE(f.ok());
        CHECK(contains(f.error().message, b.says));
    }
    CHECK_FALSE(parse_paramdef_xml("<NOTDEF/>", "x").ok());
    CHECK_FALSE(parse_paramdef_xml("<PARAMDEF><Fields/></PARAMDEF>", "x").ok());
    auto line = parse_paramdef_xml(
        "<PARAMDEF><ParamType>T</ParamType><Fields>\n<Field Def=\"u8 a\"/>\n<Field Def=\"u8\"/>"
        "</Fields></PARAMDEF>",
        "made.xml");
    REQUIRE_FALSE(line.ok());
    CHECK(contains(line.error().to_string(), "line 3"));
    CHECK(contains(line.error().to_string(), "made.xml"));
}

TEST_CASE("paramdefs: the built-in defs give the spec's field offsets (ER at 1.12, Sekiro shifted by 8)") {
    ParamLayout behavior = layout_paramdef(builtin("ER", "BEHAVIOR_PARAM_ST"), 11210015);
    CHECK(behavior.row_size == 32);
    const std::pair<const char*, uint32_t> behavior_fields[] = {
        {"variationId", 0x00}, {"behaviorJudgeId", 0x04}, {"ezStateBehaviorType_old", 0x08},
        {"refType", 0x09},     {"refId", 0x0C},           {"consumeSA", 0x10},
        {"stamina", 0x14},     {"category", 0x1C}};
    for (const auto& f : behavior_fields) {
        CAPTURE(f.first);
        REQUIRE(behavior.find(f.first));
        CHECK(behavior.find(f.first)->byte_offset == f.second);
    }
    ParamLayout atk = layout_paramdef(builtin("ER", "ATK_PARAM_ST"), 11210015);
    CHECK(atk.row_size == 456);
    for (uint32_t n = 0; n < 16; ++n) {
        CAPTURE(n);
        const std::string s = std::to_string(n);
        const bool low = n < 4;
        CHECK(atk.find("hit" + s + "_Radius")->byte_offset == (low ? 4 * n : 0x108 + 4 * (n - 4)));
        CHECK(atk.find("hit" + s + "_DmyPoly1")->byte_offset == (low ? 0x2C + 2 * n : 0x138 + 2 * (n - 4)));
        CHECK(atk.find("hit" + s + "_DmyPoly2")->byte_offset == (low ? 0x34 + 2 * n : 0x150 + 2 * (n - 4)));
        CHECK(atk.find("hit" + s + "_hitType")->byte_offset == (low ? 0x6A + n : 0x168 + (n - 4)));
        CHECK(atk.find("hti" + s + "_Priority")->byte_offset == (low ? 0x6E + n : 0x174 + (n - 4)));
    }
    CHECK(atk.find("throwTypeId")->byte_offset == 0x68);
    CHECK(atk.find("hitSourceType")->byte_offset == 0x7C);
    CHECK(atk.find("atkPhys")->byte_offset == 0x50);
    ParamLayout npc = layout_paramdef(builtin("ER", "NPC_PARAM_ST"), 11210015);
    CHECK(npc.row_size == 736);
    CHECK(npc.find("behaviorVariationId")->byte_offset == 0x04);
    for (int g = 0; g < 32; ++g) {
        CAPTURE(g);
        const FieldLayout* m = npc.find("modelDispMask" + std::to_string(g));
        REQUIRE(m);
        const uint32_t bytes[] = {0x14A, 0x14B, 0x14E, 0x14F};
        CHECK(m->byte_offset == bytes[g / 8]);
        CHECK(m->bit_offset == g % 8);
        CHECK(m->bit_width == 1);
    }
    // Sekiro (§1.2): AtkParam 464 bytes, every hit field 8 bytes later; NpcParam 896, V at 0.
    ParamLayout sdt_atk = layout_paramdef(builtin("SDT", "ATK_PARAM_ST"), std::nullopt);
    CHECK(sdt_atk.row_size == 464);
    CHECK(sdt_atk.find("hit0_DmyPoly1")->byte_offset == 0x34);
    CHECK(sdt_atk.find("hit0_DmyPoly2")->byte_offset == 0x3C);
    ParamLayout sdt_npc = layout_paramdef(builtin("SDT", "NPC_PARAM_ST"), std::nullopt);
    CHECK(sdt_npc.row_size == 896);
    CHECK(sdt_npc.find("behaviorVariationId")->byte_offset == 0);
    CHECK(layout_paramdef(builtin("SDT", "BEHAVIOR_PARAM_ST"), std::nullopt).row_size == 32);
}

TEST_CASE("paramdefs: the def whose size fits the file is chosen, by version; a misfit is reported, never misread") {
    ParamdefLibrary lib;
    // ER 1.12 AtkParam: 456 bytes at 11210015 (pad7_old removed, subCategory3/4 + pad7 added).
    LayoutChoice er = lib.choose("ER", "ATK_PARAM_ST", 11210015, 456);
    REQUIRE(er.layout);
    CHECK(contains(er.source, "11210015: 456 bytes"));
    CHECK(er.layout->find("subCategory3") != nullptr);
    CHECK(er.layout->find("pad7_old") == nullptr);
    LayoutChoice older = lib.choose("ER", "ATK_PARAM_ST", 11001000, 456);
    REQUIRE(older.layout);
    CHECK(older.layout->find("pad7_old") != nullptr);
    CHECK(older.layout->find("subCategory3") == nullptr);
    // Nightreign's NpcParam: 816 bytes before 10200000, 848 from it.
    CHECK(lib.choose("NR", "NPC_PARAM_ST", 10100000, 816).layout);
    CHECK(lib.choose("NR", "NPC_PARAM_ST", 10340000, 848).layout);
    LayoutChoice misfit = lib.choose("NR", "NPC_PARAM_ST", 10340000, 816);
    CHECK_FALSE(misfit.layout);
    CHECK(contains(misfit.problem, "816 bytes"));
    CHECK(contains(misfit.problem, "848 bytes"));
    CHECK(contains(misfit.problem, "never misread"));
    // Without a version (loose params) the version whose size fits is taken, and labelled.
    LayoutChoice loose = lib.choose("NR", "NPC_PARAM_ST", std::nullopt, 816);
    REQUIRE(loose.layout);
    CHECK(loose.layout->row_size == 816);
    CHECK(contains(loose.source, "chosen by row size"));
    // Without a game: every game whose def fits is a candidate; the others are listed.
    LayoutChoice any = lib.choose("", "ATK_PARAM_ST", std::nullopt, 464);
    REQUIRE(any.layout);
    CHECK_FALSE(any.also_matching.empty());  // Nightreign's and Sekiro's AtkParam are both 464 bytes
    CHECK_FALSE(lib.choose("ER", "NO_SUCH_PARAM_ST", std::nullopt, 8).layout);
    // A dropped def comes first when it fits.
    auto made = parse_paramdef_xml(
        "<PARAMDEF><ParamType>BEHAVIOR_PARAM_ST</ParamType><Fields>"
        "<Field Def=\"s32 a\"/><Field Def=\"dummy8 rest[28]\"/></Fields></PARAMDEF>",
        "mine.xml");
    REQUIRE(made.ok());
    lib.add(*made);
    LayoutChoice mine = lib.choose("ER", "BEHAVIOR_PARAM_ST", 11210015, 32);
    REQUIRE(mine.layout);
    CHECK(mine.layout->find("a") != nullptr);
    CHECK(mine.also_matching.size() == 1);  // the built-in ER def fits too
}

TEST_CASE("paramdefs: the built-in tables equal the community XML they were derived from") {
    const std::string dir = test::corpus_dir() + "/../paramdefs";
    size_t compared = 0;
    for (const auto& d : builtin_paramdefs()) {
        // "built-in ER AtkParam.xml (...)": the file the table line came from.
        const std::string prefix = "built-in " + d.game + " ";
        REQUIRE(d.source.rfind(prefix, 0) == 0);
        const std::string file = d.source.substr(prefix.size(), d.source.find(' ', prefix.size()) - prefix.size());
        const std::string path = dir + "/" + d.game + "/defs/" + file;
        std::FILE* probe = std::fopen(path.c_str(), "rb");
        if (!probe) {
            MESSAGE("paramdef XML absent, comparison skipped: " << path);
            continue;
        }
        std::fclose(probe);
        std::vector<uint8_t> bytes = test::load(path);
        auto xml =
            parse_paramdef_xml(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), path);
        REQUIRE_MESSAGE(xml.ok(), xml.error().to_string());
        CAPTURE(path);
        CHECK(xml->param_type == d.param_type);
        CHECK(xml->data_version == d.data_version);
        REQUIRE(xml->fields.size() == d.fields.size());
        for (size_t i = 0; i < d.fields.size(); ++i) {
            const ParamdefField& a = xml->fields[i];
            const ParamdefField& b = d.fields[i];
            CHECK(a.def == b.def);
            CHECK(a.name == b.name);
            CHECK(a.type == b.type);
            CHECK(a.count == b.count);
            CHECK(a.bit_width == b.bit_width);
            CHECK(a.first_version == b.first_version);
            CHECK(a.removed_version == b.removed_version);
        }
        ++compared;
    }
    MESSAGE(compared << " built-in paramdefs compared with their XML");
    CHECK(builtin_paramdefs().size() == 24);
    CHECK_FALSE(builtin_paramdef_text("ER").empty());
}
