// The XML reader and the importers of the two community template dialects.
#include <doctest/doctest.h>

#include <string>

#include "test_support.h"
#include "templates/template_xml_import.h"
#include "io/xml_parser.h"

using namespace taescope;

namespace {
std::string shared_templates(const std::string& relative) {
    std::string path = std::string(TAESCOPE_SOURCE_DIR) + "/../shared/templates/" + relative;
    if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
        std::fclose(f);
        return path;
    }
    MESSAGE("community template absent, checks skipped: " << path);
    return {};
}
std::string load_text(const std::string& path) {
    auto bytes = taescope::test::load(path);
    return std::string(bytes.begin(), bytes.end());
}
}  // namespace

TEST_CASE("xml: elements, attributes, text, entities, comments, CDATA and processing instructions") {
    const char* doc =
        "<?xml version=\"1.0\"?>\n"
        "<!-- leading comment -->\n"
        "<root a='1' b=\"x &amp; y\">\n"
        "  <child name=\"EventEzStateFlag&lt;HKS&gt;\"/>\n"
        "  text &#65;&#x42; <![CDATA[<raw & kept>]]>\n"
        "  <?pi ignored?><child/>\n"
        "</root>\n<!-- trailing -->\n";
    auto r = parse_xml(doc);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    CHECK(r->name == "root");
    CHECK(r->line == 3);
    REQUIRE(r->attribute("b"));
    CHECK(*r->attribute("b") == "x & y");
    CHECK(*r->attribute("a") == "1");
    CHECK(r->attribute("c") == nullptr);
    REQUIRE(r->children.size() == 2);
    CHECK(*r->children[0].attribute("name") == "EventEzStateFlag<HKS>");
    CHECK(r->children[0].line == 4);
    CHECK(r->children[1].line == 6);
    CHECK(r->text.find("text AB <raw & kept>") != std::string::npos);
}

TEST_CASE("xml: a UTF-8 BOM is skipped and UTF-16LE documents are read") {
    CHECK(parse_xml("\xEF\xBB\xBF<a/>").ok());
    std::string proper = "\xFF\xFE";
    for (char16_t c : std::u16string(u"<a n=\"\u00e9\"/>")) proper += std::string{char(c & 0xFF), char(c >> 8)};
    auto r = parse_xml(proper);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    CHECK(*r->attribute("n") == "\xC3\xA9");
}

TEST_CASE("xml: malformed documents are errors that name the line, never crashes") {
    struct Case {
        const char* doc;
        const char* needle;
    };
    const Case cases[] = {
        {"", "no root element"},
        {"<a>\n<b>\n</a>", "line 3"},                        // mismatched end tag
        {"<a>\n<b>\n</a>", "does not match <b> opened on line 2"},
        {"<a x='1' x='2'/>", "appears twice"},
        {"<!DOCTYPE a [<!ENTITY e 'x'>]><a/>", "DTDs"},
        {"<a>&bogus;</a>", "unknown entity"},
        {"<a>&#0;</a>", "invalid character reference"},
        {"<a>&#xD800;</a>", "invalid character reference"},
        {"<a b=1/>", "quoted value"},
        {"<a>\n\n<!-- never closed", "line 3"},
        {"<a/><b/>", "after the end of the root"},
        {"text<a/>", "found text"},
        {"<a><![CDATA[x</a>", "CDATA section is never closed"},
        {"<a b='<'/>", "'<' inside the value"},
        {"<a", "ends inside the start tag"},
        {"<a>", "ends inside element <a>"},
        {"</a>", "without an open element"},
        {"<a x='1'y='2'/>", "expected whitespace"},
        {"<1a/>", "element name"},
    };
    for (const Case& c : cases) {
        auto r = parse_xml(c.doc);
        INFO("document: " << std::string(c.doc));
        REQUIRE_FALSE(r.ok());
        CHECK_MESSAGE(r.error().message.find(c.needle) != std::string::npos, r.error().message);
        CHECK(r.error().message.rfind("XML line ", 0) == 0);
    }
}

TEST_CASE("xml: nesting is limited instead of exhausting the stack") {
    std::string deep;
    for (int i = 0; i < 100000; ++i) deep += "<a>";
    auto r = parse_xml(deep);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("nested deeper") != std::string::npos);
    std::string ok;
    for (size_t i = 0; i < kMaxXmlDepth; ++i) ok += "<a>";
    for (size_t i = 0; i < kMaxXmlDepth; ++i) ok += "</a>";
    CHECK(parse_xml(ok).ok());
}

TEST_CASE("xml: every truncation of a template document fails cleanly or parses") {
    const std::string doc =
        "<?xml version=\"1.0\"?><event_template game=\"X\"><!-- c --><event id=\"1\" name=\"a&amp;b\">"
        "<s32 name=\"v\" assert=\"0\"><entry value=\"1\" name=\"one\"/></s32><![CDATA[z]]></event></event_template>";
    for (size_t n = 0; n < doc.size(); ++n) {
        auto r = parse_xml(std::string_view(doc).substr(0, n));
        CHECK_FALSE(r.ok());  // every proper prefix lacks the closing root tag
    }
    CHECK(parse_xml(doc).ok());
}

TEST_CASE("smithbox dialect: fields are packed in order with asserts, entries, defaults and refs") {
    const char* doc = R"(<?xml version="1.0" encoding="utf-8"?>
<event_template game="SDT">
	<event id="96" name="Spawn FFX">
		<s32 name="FFX ID" aliasEnum="Particle"/>
		<s16 name="State Info" projectEnum="SP_EFFECT_TYPE"/>
		<u8 assert="0"/>
		<s8 name="Slot" default="-1">
			<entry value="-1" name="None"/>
			<entry value="2" name="Two"/>
		</s8>
		<f32 name="Scale"/>
		<s32 name="SpEffect" ref="SpEffectParam"/>
	</event>
	<event id="14" Name="Event 14"/>
</event_template>)";
    auto r = import_template_xml(doc);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    CHECK(r->game == "SDT");
    REQUIRE(r->types.size() == 2);
    CHECK(r->types[0].id == 14);  // sorted by id
    CHECK(r->types[0].name == "Event 14");  // "Name" spelled with a capital, as Smithbox's ER file does once
    const EventTypeTemplate* e = r->find(96);
    REQUIRE(e);
    CHECK(e->origin == "Smithbox");
    REQUIRE(e->fields.size() == 6);
    CHECK(e->fields[0].alias_enum == "Particle");
    CHECK(e->fields[1].offset == 4);
    CHECK(e->fields[1].project_enum == "SP_EFFECT_TYPE");
    CHECK(e->fields[2].offset == 6);
    CHECK(e->fields[2].asserted == uint64_t{0});
    CHECK(e->fields[2].is_padding());
    CHECK(e->fields[3].offset == 7);
    CHECK(e->fields[3].default_value == uint64_t{0xFF});  // -1 as an s8's bits
    REQUIRE(e->fields[3].entries.size() == 2);
    CHECK(e->fields[3].entry_for(0xFF)->name == "None");
    CHECK(e->fields[4].offset == 8);
    CHECK(e->fields[5].ref == "SpEffectParam");
    CHECK(e->size() == 16);
}

TEST_CASE("dsanimstudio dialect: f32grad is two floats, aob a byte array, '-1: Default' a default") {
    const char* doc = R"(<?xml version="1.0" encoding="us-ascii"?>
<action_template game="SDT">
  <action id="605" name="SetHavokVariable&lt;x&gt;">
    <b name="Unk00" />
    <u8 assert="0" />
    <s8 name="Sheath" default="-1: Default">
      <entry name="-1: Default" value="-1" />
    </s8>
    <f32grad name="ValueGradient" />
    <aob name="BehaviorMask" length="32" />
  </action>
</action_template>)";
    auto r = import_template_xml(doc);
    REQUIRE_MESSAGE(r.ok(), r.error().to_string());
    const EventTypeTemplate* e = r->find(605);
    REQUIRE(e);
    CHECK(e->name == "SetHavokVariable<x>");
    CHECK(e->origin == "DSAnimStudio");
    REQUIRE(e->fields.size() == 6);
    CHECK(e->fields[2].default_value == uint64_t{0xFF});
    CHECK(e->fields[3].type == FieldType::F32);
    CHECK(e->fields[3].name == "ValueGradient (start)");
    CHECK(e->fields[4].name == "ValueGradient (end)");
    CHECK(e->fields[4].offset == 7);
    CHECK(e->fields[5].type == FieldType::Bytes);
    CHECK(e->fields[5].size == 32);
    CHECK(e->size() == 43);
}

TEST_CASE("template import: template errors name the XML line") {
    struct Case {
        const char* doc;
        const char* needle;
    };
    const Case cases[] = {
        {"<templates/>", "neither Smithbox"},
        {"<event_template>\n<event name='x'/></event_template>", "line 2: <event> without an id"},
        {"<event_template>\n<event id='1'/>\n<event id='1'/></event_template>", "line 3: event id 1 is defined twice"},
        {"<event_template><event id='1'>\n<s24/></event></event_template>", "line 2: unknown field type <s24>"},
        {"<event_template><event id='1'>\n<u8><entry value='256'/></u8></event></event_template>", "does not fit"},
        {"<event_template><event id='1'>\n<s8><entry value='-129'/></s8></event></event_template>", "below the smallest"},
        {"<event_template><event id='1'><u8 assert='x'/></event></event_template>", "assert of <u8>"},
        {"<action_template><action id='1'><aob length='0'/></action></action_template>", "length of 1 to"},
        {"<action_template><action id='1'><aob/></action></action_template>", "without a length"},
        {"<event_template><event id='-1'/></event_template>", "not a number"},
        {"<event_template><thing/></event_template>", "unexpected <thing>"},
    };
    for (const Case& c : cases) {
        auto r = import_template_xml(c.doc);
        INFO("document: " << std::string(c.doc));
        REQUIRE_FALSE(r.ok());
        CHECK_MESSAGE(r.error().to_string().find(c.needle) != std::string::npos, r.error().to_string());
    }
}

// The files users drop on the page: every published file of both tools imports as it is.
TEST_CASE("template import: every Smithbox and DSAnimStudio file in shared/templates imports") {
    struct Expect {
        const char* file;
        size_t types;  // number of <event>/<action> elements, counted with grep in the file
    };
    const Expect files[] = {
        {"smithbox/TAE.Template.SDT.xml", 190},     {"smithbox/TAE.Template.ER.xml", 156},
        {"smithbox/TAE.Template.NR.xml", 156},      {"smithbox/TAE.Template.DS3.xml", 139},
        {"smithbox/TAE.Template.AC6.xml", 297},     {"smithbox/TAE.Template.BB.xml", 152},
        {"smithbox/TAE.Template.DS1.xml", 63},      {"dsanimstudio/TAE.Template.SDT.xml", 185},
        {"dsanimstudio/TAE.Template.ER.xml", 153},  {"dsanimstudio/TAE.Template.ERNR.xml", 153},
        {"dsanimstudio/TAE.Template.DS3.xml", 136},
    };
    for (const Expect& f : files) {
        std::string path = shared_templates(f.file);
        if (path.empty()) continue;
        auto r = import_template_xml(load_text(path));
        INFO(f.file);
        REQUIRE_MESSAGE(r.ok(), r.error().to_string());
        CHECK(r->types.size() == f.types);
    }
    // The spec: "Sekiro's template defines 190 event types (148 with a name) and Elden Ring's 156 (141 named)".
    std::string sdt = shared_templates("smithbox/TAE.Template.SDT.xml");
    std::string er = shared_templates("smithbox/TAE.Template.ER.xml");
    if (!sdt.empty() && !er.empty()) {
        // A type "with a name" is one whose name is not the placeholder "Event <id>".
        auto count_named = [](const GameTemplates& t) {
            size_t n = 0;
            for (const auto& e : t.types) n += !e.name.empty() && e.name != "Event " + std::to_string(e.id);
            return n;
        };
        auto s = import_template_xml(load_text(sdt));
        auto e = import_template_xml(load_text(er));
        REQUIRE(s.ok());
        REQUIRE(e.ok());
        CHECK(s->types.size() == 190);
        CHECK(count_named(*s) == 148);
        CHECK(e->types.size() == 156);
        CHECK(count_named(*e) == 141);
        // Sekiro's event 112: a 16-bit field at byte 4 and a word at byte 6 (spec, "A second source").
        const EventTypeTemplate* t112 = s->find(112);
        REQUIRE(t112);
        REQUIRE(t112->fields.size() >= 3);
        CHECK(t112->fields[1].offset == 4);
        CHECK(t112->fields[1].size == 2);
        CHECK(t112->fields[2].offset == 6);
        CHECK(t112->fields[2].size == 4);
    }
}

// Hostile input: byte flips, insertions and cuts of a real template, read as XML and as our
// text format. Each must parse or fail with a message; none may crash (sanitizers watch).
TEST_CASE("template import: mutated documents never crash and every error names a line") {
    std::string path = shared_templates("dsanimstudio/TAE.Template.SDT.xml");
    if (path.empty()) return;
    // The file's first actions, closed: a complete document of about 6 KB.
    std::string whole = load_text(path);
    const std::string original = whole.substr(0, whole.find("</action>", 6000) + 9) + "\n</action_template>\n";
    REQUIRE(import_template_xml(original).ok());
    uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&]() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return state;
    };
    const char alphabet[] = "<>/=\"'&;#x![]-?ab0 \n\xFF";
    size_t parsed = 0;
    for (int round = 0; round < 1500; ++round) {
        std::string doc = original;
        int edits = 1 + int(next() % 4);
        for (int k = 0; k < edits && !doc.empty(); ++k) {
            size_t at = size_t(next() % doc.size());
            switch (next() % 3) {
                case 0: doc[at] = alphabet[next() % (sizeof alphabet - 1)]; break;
                case 1: doc.insert(at, 1, alphabet[next() % (sizeof alphabet - 1)]); break;
                default: doc.erase(at, size_t(next() % 64)); break;
            }
        }
        auto r = import_template_xml(doc);
        if (r.ok()) {
            ++parsed;
        } else {
            CHECK(r.error().to_string().find("line ") != std::string::npos);
        }
    }
    CHECK(parsed > 0);  // some mutations (inside names, or a value to another value) stay valid
    CHECK(parsed < 1500);
}
