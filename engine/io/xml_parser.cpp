#include "io/xml_parser.h"

#include <utility>

#include "io/byte_reader.h"

namespace taescope {

const std::string* XmlElement::attribute(std::string_view attribute_name) const {
    for (const auto& a : attributes)
        if (a.name == attribute_name) return &a.value;
    return nullptr;
}

static char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

const std::string* XmlElement::attribute_ignoring_case(std::string_view attribute_name) const {
    if (const std::string* exact = attribute(attribute_name)) return exact;
    for (const auto& a : attributes) {
        if (a.name.size() != attribute_name.size()) continue;
        bool same = true;
        for (size_t i = 0; i < a.name.size() && same; ++i)
            same = ascii_lower(a.name[i]) == ascii_lower(attribute_name[i]);
        if (same) return &a.value;
    }
    return nullptr;
}

TextPosition text_position(std::string_view document, uint64_t offset) {
    TextPosition p;
    if (offset > document.size()) offset = document.size();
    for (uint64_t i = 0; i < offset; ++i) {
        if (document[i] == '\n') {
            ++p.line;
            p.column = 1;
        } else {
            ++p.column;
        }
    }
    return p;
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_name_start(char c) {
    auto u = static_cast<unsigned char>(c);
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == ':' || u >= 0x80;
}
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; }

void append_utf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// A forward-only cursor over the document; `line_` is kept up to date lazily so that element
// line numbers cost O(n) in total.
class XmlParser {
public:
    explicit XmlParser(std::string_view doc) : doc_(doc) {}

    Result<XmlElement> parse() {
        skip_prolog_and_misc();
        if (failed_) return std::move(error_);
        if (at_end()) return fail(pos_, "the document has no root element");
        if (peek() != '<') return fail(pos_, "expected '<' opening the root element, found text");

        std::vector<XmlElement> open;  // the element stack; children are moved into their parent on close
        bool have_root = false;
        XmlElement root;
        while (!failed_) {
            if (open.empty() && have_root) break;
            if (at_end()) {
                if (open.empty()) return fail(pos_, "the document has no root element");
                return fail(pos_, "the document ends inside element <" + open.back().name + "> opened on line " +
                                      std::to_string(open.back().line));
            }
            char c = peek();
            if (c != '<') {
                if (open.empty()) return fail(pos_, "text outside the root element");
                read_text(open.back().text);
                continue;
            }
            if (starts_with("<!--")) {
                skip_comment();
            } else if (starts_with("<![CDATA[")) {
                if (open.empty()) return fail(pos_, "CDATA outside the root element");
                read_cdata(open.back().text);
            } else if (starts_with("<!DOCTYPE") || starts_with("<!doctype")) {
                return fail(pos_, "DTDs (<!DOCTYPE ...>) are not supported");
            } else if (starts_with("<!")) {
                return fail(pos_, "unexpected markup '<!': expected a comment or CDATA section");
            } else if (starts_with("<?")) {
                skip_processing_instruction();
            } else if (starts_with("</")) {
                uint64_t at = pos_;
                pos_ += 2;
                std::string name = read_name("element name after '</'");
                skip_space();
                expect('>', "'>' closing the end tag");
                if (failed_) break;
                if (open.empty()) return fail(at, "end tag </" + name + "> without an open element");
                if (name != open.back().name)
                    return fail(at, "end tag </" + name + "> does not match <" + open.back().name + "> opened on line " +
                                        std::to_string(open.back().line));
                XmlElement done = std::move(open.back());
                open.pop_back();
                if (open.empty()) {
                    root = std::move(done);
                    have_root = true;
                } else {
                    open.back().children.push_back(std::move(done));
                }
            } else {
                if (open.empty() && have_root) break;
                if (open.size() >= kMaxXmlDepth)
                    return fail(pos_, "elements nested deeper than " + std::to_string(kMaxXmlDepth));
                XmlElement element;
                bool self_closing = false;
                read_start_tag(element, self_closing);
                if (failed_) break;
                if (self_closing) {
                    if (open.empty()) {
                        root = std::move(element);
                        have_root = true;
                    } else {
                        open.back().children.push_back(std::move(element));
                    }
                } else {
                    open.push_back(std::move(element));
                }
            }
        }
        if (failed_) return std::move(error_);
        skip_prolog_and_misc();
        if (failed_) return std::move(error_);
        if (!at_end()) return fail(pos_, "content after the end of the root element </" + root.name + ">");
        return root;
    }

private:
    bool at_end() const { return pos_ >= doc_.size(); }
    char peek() const { return doc_[pos_]; }
    bool starts_with(std::string_view s) const { return doc_.substr(pos_, s.size()) == s; }

    uint32_t line_at(uint64_t offset) {
        // Lines are asked for in increasing offsets, except on errors, which recount.
        if (offset < line_pos_) {
            line_pos_ = 0;
            line_ = 1;
        }
        for (; line_pos_ < offset && line_pos_ < doc_.size(); ++line_pos_)
            if (doc_[line_pos_] == '\n') ++line_;
        return line_;
    }

    Error fail(uint64_t offset, const std::string& message) {
        if (!failed_) {
            TextPosition p = text_position(doc_, offset);
            error_ = make_error(offset, "XML line " + std::to_string(p.line) + ", column " + std::to_string(p.column) +
                                            ": " + message);
            failed_ = true;
        }
        return error_;
    }

    void skip_space() {
        while (!at_end() && is_space(peek())) ++pos_;
    }

    void expect(char c, const char* what) {
        if (failed_) return;
        if (at_end()) {
            fail(pos_, std::string("expected ") + what + ", found the end of the document");
        } else if (peek() != c) {
            fail(pos_, std::string("expected ") + what + ", found '" + peek() + "'");
        } else {
            ++pos_;
        }
    }

    // Whitespace, comments and processing instructions before or after the root element.
    void skip_prolog_and_misc() {
        while (!failed_) {
            skip_space();
            if (starts_with("<!--")) {
                skip_comment();
            } else if (starts_with("<?")) {
                skip_processing_instruction();
            } else if (starts_with("<!DOCTYPE") || starts_with("<!doctype")) {
                fail(pos_, "DTDs (<!DOCTYPE ...>) are not supported");
            } else {
                return;
            }
        }
    }

    void skip_until(std::string_view terminator, uint64_t opened_at, const char* what) {
        size_t end = doc_.find(terminator, pos_);
        if (end == std::string_view::npos) {
            fail(opened_at, std::string(what) + " is never closed with '" + std::string(terminator) + "'");
            pos_ = doc_.size();
            return;
        }
        pos_ = end + terminator.size();
    }

    void skip_comment() {
        uint64_t at = pos_;
        pos_ += 4;
        skip_until("-->", at, "comment");
    }
    void skip_processing_instruction() {
        uint64_t at = pos_;
        pos_ += 2;
        skip_until("?>", at, "processing instruction");
    }
    void read_cdata(std::string& out) {
        uint64_t at = pos_;
        pos_ += 9;
        uint64_t start = pos_;
        skip_until("]]>", at, "CDATA section");
        if (!failed_) out.append(doc_.substr(start, pos_ - 3 - start));
    }

    std::string read_name(const char* what) {
        if (failed_) return {};
        if (at_end() || !is_name_start(peek())) {
            fail(pos_, std::string("expected ") + what +
                           (at_end() ? ", found the end of the document" : ", found '" + std::string(1, peek()) + "'"));
            return {};
        }
        uint64_t start = pos_;
        while (!at_end() && is_name_char(peek())) ++pos_;
        return std::string(doc_.substr(start, pos_ - start));
    }

    // Replaces one reference starting at '&' and appends its character(s).
    void read_reference(std::string& out) {
        uint64_t at = pos_;
        size_t semicolon = doc_.find(';', pos_);
        if (semicolon == std::string_view::npos || semicolon - pos_ > 12) {
            fail(at, "'&' does not start an entity reference (write &amp; for a literal '&')");
            return;
        }
        std::string_view ref = doc_.substr(pos_ + 1, semicolon - pos_ - 1);
        pos_ = semicolon + 1;
        if (ref == "lt") {
            out += '<';
        } else if (ref == "gt") {
            out += '>';
        } else if (ref == "amp") {
            out += '&';
        } else if (ref == "quot") {
            out += '"';
        } else if (ref == "apos") {
            out += '\'';
        } else if (!ref.empty() && ref[0] == '#') {
            bool hex_digits = ref.size() > 1 && (ref[1] == 'x' || ref[1] == 'X');
            std::string_view digits = ref.substr(hex_digits ? 2 : 1);
            uint32_t cp = 0;
            bool valid = !digits.empty();
            for (char d : digits) {
                uint32_t v;
                if (d >= '0' && d <= '9') {
                    v = uint32_t(d - '0');
                } else if (hex_digits && d >= 'a' && d <= 'f') {
                    v = uint32_t(d - 'a' + 10);
                } else if (hex_digits && d >= 'A' && d <= 'F') {
                    v = uint32_t(d - 'A' + 10);
                } else {
                    valid = false;
                    break;
                }
                cp = cp * (hex_digits ? 16 : 10) + v;
                if (cp > 0x10FFFF) valid = false;
            }
            if (!valid || cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF)) {
                fail(at, "invalid character reference &" + std::string(ref) + ";");
                return;
            }
            append_utf8(out, cp);
        } else {
            fail(at, "unknown entity &" + std::string(ref) + "; (only the five predefined entities are supported)");
        }
    }

    void read_text(std::string& out) {
        while (!failed_ && !at_end() && peek() != '<') {
            if (peek() == '&') {
                read_reference(out);
            } else {
                out += peek();
                ++pos_;
            }
        }
    }

    void read_start_tag(XmlElement& element, bool& self_closing) {
        element.line = line_at(pos_);
        ++pos_;  // '<'
        element.name = read_name("an element name after '<'");
        while (!failed_) {
            bool had_space = !at_end() && is_space(peek());
            skip_space();
            if (at_end()) {
                fail(pos_, "the document ends inside the start tag <" + element.name + ">");
                return;
            }
            if (peek() == '>') {
                ++pos_;
                return;
            }
            if (starts_with("/>")) {
                pos_ += 2;
                self_closing = true;
                return;
            }
            if (!had_space) {
                fail(pos_, "expected whitespace, '>' or '/>' in the start tag <" + element.name + ">, found '" +
                               std::string(1, peek()) + "'");
                return;
            }
            uint64_t attribute_at = pos_;
            XmlAttribute attribute;
            attribute.name = read_name("an attribute name");
            skip_space();
            expect('=', "'=' after the attribute name");
            skip_space();
            if (failed_) return;
            if (at_end() || (peek() != '"' && peek() != '\'')) {
                fail(pos_, "expected a quoted value for attribute '" + attribute.name + "'");
                return;
            }
            char quote = peek();
            ++pos_;
            while (!failed_) {
                if (at_end()) {
                    fail(attribute_at, "the value of attribute '" + attribute.name + "' is never closed");
                    return;
                }
                char c = peek();
                if (c == quote) {
                    ++pos_;
                    break;
                }
                if (c == '<') {
                    fail(pos_, "'<' inside the value of attribute '" + attribute.name + "'");
                    return;
                }
                if (c == '&') {
                    read_reference(attribute.value);
                } else {
                    attribute.value += c;
                    ++pos_;
                }
            }
            if (failed_) return;
            if (element.attribute(attribute.name)) {
                fail(attribute_at, "attribute '" + attribute.name + "' appears twice in <" + element.name + ">");
                return;
            }
            element.attributes.push_back(std::move(attribute));
        }
    }

    std::string_view doc_;
    uint64_t pos_ = 0;
    uint64_t line_pos_ = 0;
    uint32_t line_ = 1;
    bool failed_ = false;
    Error error_;
};

// UTF-16 documents (with a BOM) are converted; a UTF-8 BOM is dropped.
std::string_view strip_utf8_bom(std::string_view s) {
    if (s.size() >= 3 && uint8_t(s[0]) == 0xEF && uint8_t(s[1]) == 0xBB && uint8_t(s[2]) == 0xBF) return s.substr(3);
    return s;
}

}  // namespace

Result<XmlElement> parse_xml(std::string_view document) {
    if (document.size() >= 2 && uint8_t(document[0]) == 0xFF && uint8_t(document[1]) == 0xFE) {
        std::u16string units;
        units.reserve((document.size() - 2) / 2);
        for (size_t i = 2; i + 1 < document.size(); i += 2)
            units.push_back(char16_t(uint8_t(document[i]) | (uint8_t(document[i + 1]) << 8)));
        std::string utf8 = utf16_to_utf8(units);
        auto r = XmlParser(utf8).parse();
        if (!r.ok()) r.error().message += " (in the UTF-8 conversion of a UTF-16 document)";
        return r;
    }
    if (document.size() >= 2 && uint8_t(document[0]) == 0xFE && uint8_t(document[1]) == 0xFF)
        return make_error(0, "XML line 1, column 1: big-endian UTF-16 documents are not supported");
    std::string_view body = strip_utf8_bom(document);
    auto r = XmlParser(body).parse();
    if (!r.ok() && r.error().offset != Error::kNoOffset) r.error().offset += document.size() - body.size();
    return r;
}

}  // namespace taescope
