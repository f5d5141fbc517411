#include "templates/template_xml_import.h"

#include <set>
#include <string>

#include "io/xml_parser.h"

namespace taescope {

namespace {

constexpr uint32_t kMaxByteArray = 4096;

Error at_line(const XmlElement& element, const std::string& message) {
    return make_error(Error::kNoOffset, "XML line " + std::to_string(element.line) + ": " + message);
}

std::string describe(const XmlElement& element) {
    const std::string* name = element.attribute_ignoring_case("name");
    return "<" + element.name + (name ? " name=\"" + *name + "\"" : std::string()) + ">";
}

// DSAnimStudio writes defaults such as "-1: Default": the value, then the entry's label.
Result<uint64_t> parse_default(const TemplateField& field, const XmlElement& element, const std::string& text) {
    auto direct = parse_field_value(field, text);
    if (direct.ok()) return direct;
    size_t colon = text.find(':');
    if (colon != std::string::npos) {
        auto prefix = parse_field_value(field, text.substr(0, colon));
        if (prefix.ok()) return prefix;
    }
    return at_line(element, "default of " + describe(element) + ": " + direct.error().message);
}

Status import_field(const XmlElement& element, EventTypeTemplate& event) {
    std::string_view kind = element.name;
    const std::string* name = element.attribute_ignoring_case("name");

    if (kind == "f32grad") {
        // A gradient: the value at the event's start, then at its end.
        for (const char* part : {" (start)", " (end)"}) {
            TemplateField f;
            f.type = FieldType::F32;
            f.size = 4;
            if (name) f.name = *name + part;
            event.fields.push_back(std::move(f));
        }
        return ok_status();
    }

    TemplateField field;
    if (kind == "aob") {
        const std::string* length = element.attribute("length");
        if (!length) return at_line(element, "<aob> without a length attribute");
        TemplateField probe;
        probe.type = FieldType::U32;
        probe.size = 4;
        auto n = parse_field_value(probe, *length);
        if (!n.ok() || *n == 0 || *n > kMaxByteArray)
            return at_line(element, "<aob length=\"" + *length + "\">: expected a length of 1 to " +
                                        std::to_string(kMaxByteArray) + " bytes");
        field.type = FieldType::Bytes;
        field.size = uint32_t(*n);
    } else {
        auto type = field_type_from_name(kind);
        if (!type || *type == FieldType::Bytes)
            return at_line(element, "unknown field type <" + std::string(kind) +
                                        "> (expected b, s8, u8, s16, u16, s32, u32, s64, u64, f32, f32grad or aob)");
        field.type = *type;
        field.size = scalar_size(*type);
    }
    if (name) field.name = *name;
    if (const std::string* ref = element.attribute("ref")) field.ref = *ref;
    if (const std::string* alias = element.attribute("aliasEnum")) field.alias_enum = *alias;
    if (const std::string* project = element.attribute("projectEnum")) field.project_enum = *project;

    for (const XmlElement& child : element.children) {
        if (child.name != "entry")
            return at_line(child, "unexpected <" + child.name + "> inside field " + describe(element) +
                                      " (expected <entry value=... name=...>)");
        const std::string* value = child.attribute("value");
        const std::string* label = child.attribute_ignoring_case("name");
        if (!value) return at_line(child, "<entry> without a value attribute in field " + describe(element));
        if (field.type == FieldType::Bytes) return at_line(child, "<entry> inside a byte array");
        TemplateField plain = field;
        plain.entries.clear();
        auto raw = parse_field_value(plain, *value);
        if (!raw.ok()) return at_line(child, "entry of field " + describe(element) + ": " + raw.error().message);
        field.entries.push_back(NamedValue{*raw, label ? *label : std::string()});
    }

    if (const std::string* asserted = element.attribute("assert")) {
        if (field.type == FieldType::Bytes) {
            if (*asserted != "0") return at_line(element, "a byte array can only assert 0 (every byte zero)");
            field.asserted = 0;
        } else {
            TemplateField plain = field;
            plain.entries.clear();
            auto raw = parse_field_value(plain, *asserted);
            if (!raw.ok()) return at_line(element, "assert of " + describe(element) + ": " + raw.error().message);
            field.asserted = *raw;
        }
    }
    if (const std::string* def = element.attribute("default"); def && field.type != FieldType::Bytes) {
        auto raw = parse_default(field, element, *def);
        if (!raw.ok()) return std::move(raw).error();
        field.default_value = *raw;
    }
    event.fields.push_back(std::move(field));
    return ok_status();
}

}  // namespace

const char* template_dialect_name(TemplateDialect dialect) {
    return dialect == TemplateDialect::Smithbox ? "Smithbox <event_template>" : "DSAnimStudio <action_template>";
}

Result<GameTemplates> import_template_xml(std::string_view document) {
    auto parsed = parse_xml(document);
    if (!parsed.ok()) return std::move(parsed).error();
    const XmlElement& root = *parsed;

    TemplateDialect dialect;
    if (root.name == "event_template") {
        dialect = TemplateDialect::Smithbox;
    } else if (root.name == "action_template") {
        dialect = TemplateDialect::DSAnimStudio;
    } else {
        return at_line(root, "root element <" + root.name +
                                 "> is neither Smithbox's <event_template> nor DSAnimStudio's <action_template>");
    }

    GameTemplates templates;
    if (const std::string* game = root.attribute("game")) templates.game = *game;
    templates.sources.push_back(std::string("imported from a ") + template_dialect_name(dialect) + " file");
    const char* origin = dialect == TemplateDialect::Smithbox ? "Smithbox" : "DSAnimStudio";

    std::set<uint32_t> seen;
    for (const XmlElement& element : root.children) {
        if (element.name != "event" && element.name != "action")
            return at_line(element, "unexpected <" + element.name + "> in <" + root.name +
                                        "> (expected <event> or <action>)");
        const std::string* id_text = element.attribute("id");
        if (!id_text) return at_line(element, "<" + element.name + "> without an id attribute");
        TemplateField id_field;
        id_field.type = FieldType::U32;
        id_field.size = 4;
        auto id = parse_field_value(id_field, *id_text);
        if (!id.ok() || id_text->find('-') != std::string::npos) return at_line(element, "event id \"" + *id_text + "\" is not a number from 0 to 4294967295");
        if (!seen.insert(uint32_t(*id)).second)
            return at_line(element, "event id " + *id_text + " is defined twice");

        EventTypeTemplate event;
        event.id = uint32_t(*id);
        event.origin = origin;
        if (const std::string* name = element.attribute_ignoring_case("name")) event.name = *name;
        for (const XmlElement& field : element.children) {
            Status s = import_field(field, event);
            if (!s.ok()) return std::move(s.error().within("event " + *id_text));
        }
        templates.types.push_back(std::move(event));
    }
    templates.finish();
    return templates;
}

}  // namespace taescope
