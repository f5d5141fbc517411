#include "templates/template_text_format.h"

#include <set>
#include <vector>

namespace taescope {

namespace {

constexpr uint32_t kMaxByteArray = 4096;

struct Token {
    std::string text;
    bool quoted = false;
};

Error line_error(uint32_t line, const std::string& message) {
    return make_error(Error::kNoOffset, "templates line " + std::to_string(line) + ": " + message);
}

// Splits a line into words and quoted strings; key="quoted value" stays one token.
Result<std::vector<Token>> tokenize(std::string_view line, uint32_t line_number) {
    std::vector<Token> tokens;
    size_t i = 0;
    while (i < line.size()) {
        char c = line[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            ++i;
            continue;
        }
        Token token;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r') {
            if (line[i] != '"') {
                token.text += line[i++];
                continue;
            }
            token.quoted = true;
            ++i;
            bool closed = false;
            while (i < line.size()) {
                char q = line[i++];
                if (q == '"') {
                    closed = true;
                    break;
                }
                if (q == '\\' && i < line.size() && (line[i] == '"' || line[i] == '\\')) q = line[i++];
                token.text += q;
            }
            if (!closed) return line_error(line_number, "a quoted string is not closed");
        }
        tokens.push_back(std::move(token));
    }
    return tokens;
}

std::string quote(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

// A bare word when it is one, otherwise quoted.
std::string word_or_quoted(std::string_view s) {
    bool bare = !s.empty();
    for (char c : s) bare = bare && c != ' ' && c != '\t' && c != '"' && c != '\\' && c != '=' && c != '#';
    return bare ? std::string(s) : quote(s);
}

Result<uint32_t> parse_u32(std::string_view text, uint32_t line, const char* what) {
    TemplateField probe;
    probe.type = FieldType::U32;
    probe.size = 4;
    auto v = parse_field_value(probe, text);
    if (!v.ok() || text.find('-') != std::string_view::npos) return line_error(line, std::string("expected ") + what + ", found '" + std::string(text) + "'");
    return uint32_t(*v);
}

std::string_view strip_bom(std::string_view s) {
    if (s.size() >= 3 && uint8_t(s[0]) == 0xEF && uint8_t(s[1]) == 0xBB && uint8_t(s[2]) == 0xBF) return s.substr(3);
    return s;
}

// Calls f(line_number, line) for every line without its '\n'; stops when f returns false.
template <class F>
void for_each_line(std::string_view text, F&& f) {
    uint32_t number = 0;
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!f(++number, line)) return;
        if (end == text.size()) break;
        start = end + 1;
    }
}

bool is_blank_or_comment(std::string_view line) {
    size_t i = line.find_first_not_of(" \t");
    return i == std::string_view::npos || line[i] == '#';
}

}  // namespace

bool looks_like_template_text(std::string_view text) {
    bool found = false;
    for_each_line(strip_bom(text), [&](uint32_t, std::string_view line) {
        if (is_blank_or_comment(line)) return true;
        size_t i = line.find_first_not_of(" \t");
        found = line.substr(i).substr(0, kTemplateTextMagic.size()) == kTemplateTextMagic;
        return false;
    });
    return found;
}

Result<GameTemplates> parse_template_text(std::string_view text) {
    GameTemplates templates;
    std::set<uint32_t> seen;
    bool have_magic = false;
    bool have_game = false;
    EventTypeTemplate* event = nullptr;
    TemplateField* field = nullptr;
    uint32_t event_line = 0;
    uint32_t next_offset = 0;
    Error error;
    bool failed = false;

    auto fail = [&](Error e) {
        error = std::move(e);
        failed = true;
        return false;
    };

    for_each_line(strip_bom(text), [&](uint32_t n, std::string_view line) -> bool {
        if (is_blank_or_comment(line)) return true;
        auto tokens_result = tokenize(line, n);
        if (!tokens_result.ok()) return fail(std::move(tokens_result).error());
        std::vector<Token>& t = *tokens_result;
        const std::string& keyword = t[0].text;

        if (!have_magic) {
            if (t.size() != 3 || t[0].text + " " + t[1].text + " " + t[2].text != kTemplateTextMagic)
                return fail(line_error(n, "expected '" + std::string(kTemplateTextMagic) + "' as the first line"));
            have_magic = true;
            return true;
        }
        if (t[0].quoted) return fail(line_error(n, "a line starts with a quoted string"));

        if (keyword == "game" || keyword == "title" || keyword == "source") {
            if (event) return fail(line_error(n, "'" + keyword + "' must come before the first event"));
            if (t.size() != 2) return fail(line_error(n, "expected: " + keyword + " VALUE"));
            if (keyword == "game") {
                templates.game = t[1].text;
                have_game = true;
            } else if (keyword == "title") {
                templates.title = t[1].text;
            } else {
                templates.sources.push_back(t[1].text);
            }
            return true;
        }

        if (keyword == "event") {
            if (!have_game) return fail(line_error(n, "'game CODE' must come before the first event"));
            if (t.size() < 2) return fail(line_error(n, "expected: event ID [\"NAME\"] [from=ORIGIN]"));
            auto id = parse_u32(t[1].text, n, "an event id");
            if (!id.ok()) return fail(std::move(id).error());
            if (!seen.insert(*id).second) return fail(line_error(n, "event " + t[1].text + " is defined twice"));
            EventTypeTemplate e;
            e.id = *id;
            for (size_t i = 2; i < t.size(); ++i) {
                if (t[i].quoted && i == 2) {
                    e.name = t[i].text;
                } else if (!t[i].quoted && t[i].text.rfind("from=", 0) == 0) {
                    e.origin = t[i].text.substr(5);
                } else {
                    return fail(line_error(n, "unexpected '" + t[i].text + "' in the event line"));
                }
            }
            templates.types.push_back(std::move(e));
            event = &templates.types.back();
            field = nullptr;
            event_line = n;
            next_offset = 0;
            return true;
        }

        if (keyword == "=") {
            if (!field) return fail(line_error(n, "a named value ('= VALUE NAME') must follow a field"));
            if (field->type == FieldType::Bytes) return fail(line_error(n, "a byte array has no named values"));
            if (t.size() < 2 || t.size() > 3 || (t.size() == 3 && !t[2].quoted))
                return fail(line_error(n, "expected: = VALUE \"NAME\""));
            TemplateField plain = *field;
            plain.entries.clear();
            auto raw = parse_field_value(plain, t[1].text);
            if (!raw.ok()) return fail(line_error(n, raw.error().message));
            field->entries.push_back(NamedValue{*raw, t.size() == 3 ? t[2].text : std::string()});
            return true;
        }

        // A field line: [@OFFSET] TYPE ["NAME"] [key=value...]
        if (!event) return fail(line_error(n, "unknown keyword '" + keyword + "' (expected format, game, title, "
                                                                              "source or event)"));
        size_t i = 0;
        std::optional<uint32_t> stated_offset;
        if (!t[0].text.empty() && t[0].text[0] == '@') {
            auto off = parse_u32(std::string_view(t[0].text).substr(1), n, "a byte offset after '@'");
            if (!off.ok()) return fail(std::move(off).error());
            stated_offset = *off;
            i = 1;
        }
        if (i >= t.size() || t[i].quoted) return fail(line_error(n, "expected a field type"));
        TemplateField f;
        std::string_view type_word = t[i].text;
        if (type_word.rfind("bytes[", 0) == 0 && type_word.size() > 7 && type_word.back() == ']') {
            auto len = parse_u32(type_word.substr(6, type_word.size() - 7), n, "an array length");
            if (!len.ok()) return fail(std::move(len).error());
            if (*len == 0 || *len > kMaxByteArray)
                return fail(line_error(n, "a byte array holds 1 to " + std::to_string(kMaxByteArray) + " bytes"));
            f.type = FieldType::Bytes;
            f.size = *len;
        } else {
            auto type = field_type_from_name(type_word);
            if (!type || *type == FieldType::Bytes)
                return fail(line_error(n, "unknown field type '" + std::string(type_word) +
                                              "' (expected b, s8, u8, s16, u16, s32, u32, s64, u64, f32 or bytes[N])"));
            f.type = *type;
            f.size = scalar_size(*type);
        }
        ++i;
        if (i < t.size() && t[i].quoted) f.name = t[i++].text;
        std::string pending_default;
        bool has_default = false;
        for (; i < t.size(); ++i) {
            size_t eq = t[i].text.find('=');
            if (t[i].quoted && eq == std::string::npos)
                return fail(line_error(n, "unexpected quoted \"" + t[i].text + "\" (the field already has a name)"));
            if (eq == std::string::npos) return fail(line_error(n, "expected key=value, found '" + t[i].text + "'"));
            std::string key = t[i].text.substr(0, eq);
            std::string value = t[i].text.substr(eq + 1);
            if (key == "assert") {
                if (f.type == FieldType::Bytes) {
                    if (value != "0") return fail(line_error(n, "a byte array can only assert 0"));
                    f.asserted = 0;
                } else {
                    auto raw = parse_field_value(f, value);
                    if (!raw.ok()) return fail(line_error(n, raw.error().message));
                    f.asserted = *raw;
                }
            } else if (key == "default") {
                pending_default = value;  // parsed once the field's type and assert are known
                has_default = true;
            } else if (key == "ref") {
                f.ref = value;
            } else if (key == "alias") {
                f.alias_enum = value;
            } else if (key == "enum") {
                f.project_enum = value;
            } else {
                return fail(line_error(n, "unknown attribute '" + key + "' (expected assert, default, ref, alias "
                                                                        "or enum)"));
            }
        }
        if (has_default) {
            if (f.type == FieldType::Bytes) return fail(line_error(n, "a byte array has no default"));
            auto raw = parse_field_value(f, pending_default);
            if (!raw.ok()) return fail(line_error(n, raw.error().message));
            f.default_value = *raw;
        }
        if (stated_offset && *stated_offset != next_offset)
            return fail(line_error(n, "field states offset " + std::to_string(*stated_offset) +
                                          " but the fields before it in event " + std::to_string(event->id) +
                                          " (line " + std::to_string(event_line) + ") end at " +
                                          std::to_string(next_offset)));
        next_offset += f.size;
        event->fields.push_back(std::move(f));
        field = &event->fields.back();
        return true;
    });
    if (failed) return error;
    if (!have_magic) return line_error(1, "empty document: expected '" + std::string(kTemplateTextMagic) + "'");
    if (!have_game) return line_error(1, "no 'game CODE' line");
    templates.finish();
    return templates;
}

std::string write_template_text(const GameTemplates& templates) {
    std::string out;
    out += kTemplateTextMagic;
    out += "\n# TAE Scope event templates. Syntax: engine/templates/template_text_format.h\n";
    out += "game " + word_or_quoted(templates.game) + "\n";
    if (!templates.title.empty()) out += "title " + quote(templates.title) + "\n";
    for (const auto& s : templates.sources) out += "source " + quote(s) + "\n";
    for (const auto& e : templates.types) {
        out += "\nevent " + std::to_string(e.id);
        if (!e.name.empty()) out += " " + quote(e.name);
        if (!e.origin.empty()) out += " from=" + word_or_quoted(e.origin);
        out += "\n";
        uint32_t offset = 0;
        for (const auto& f : e.fields) {
            out += "  @" + std::to_string(offset) + " ";
            if (f.type == FieldType::Bytes) {
                out += "bytes[" + std::to_string(f.size) + "]";
            } else {
                out += field_type_name(f.type);
            }
            offset += f.size;
            if (!f.name.empty()) out += " " + quote(f.name);
            // Appended piece by piece: `"literal" + std::string` trips GCC 12's -Wrestrict false positive at -O2.
            if (f.asserted) {
                out += " assert=";
                out += f.type == FieldType::Bytes ? std::string("0") : format_field_value(f, *f.asserted);
            }
            if (f.default_value) {
                out += " default=";
                out += format_field_value(f, *f.default_value);
            }
            if (!f.ref.empty()) out += " ref=" + word_or_quoted(f.ref);
            if (!f.alias_enum.empty()) out += " alias=" + word_or_quoted(f.alias_enum);
            if (!f.project_enum.empty()) out += " enum=" + word_or_quoted(f.project_enum);
            out += "\n";
            for (const auto& v : f.entries) {
                out += "    = ";
                out += format_field_value(f, v.raw);
                out += " ";
                out += quote(v.name);
                out += "\n";
            }
        }
    }
    return out;
}

}  // namespace taescope
