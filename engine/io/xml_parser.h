// A small, strict-enough XML reader for the community template files users drop on the page.
//
// What it reads: elements, attributes ('...' or "..."), character data, the five predefined
// entities and numeric character references, comments, CDATA sections and processing
// instructions (skipped, including the <?xml ...?> declaration). A UTF-8 BOM is skipped and
// UTF-16 (with BOM) is converted to UTF-8 first.
// What it refuses: DTDs (<!DOCTYPE ...>) and therefore custom entities, mismatched tags,
// duplicate attributes, text outside the root element, nesting deeper than kMaxXmlDepth.
//
// It never throws and never recurses (so hostile nesting cannot overflow the stack); every
// error says the line and column, with the byte offset in Error::offset. Memory is a small
// multiple of the input size.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/result.h"

namespace taescope {

inline constexpr size_t kMaxXmlDepth = 256;

struct XmlAttribute {
    std::string name;
    std::string value;  // entities already replaced
};

struct XmlElement {
    std::string name;
    std::vector<XmlAttribute> attributes;  // in document order
    std::vector<XmlElement> children;      // child elements in document order
    std::string text;                      // all character data directly inside, CDATA included
    uint32_t line = 0;                     // 1-based line of the '<' that opens the element

    // The attribute's value, or nullptr when the element has none of that name (case-sensitive).
    const std::string* attribute(std::string_view attribute_name) const;
    // Case-insensitive variant, for dialects that spell "name" and "Name" interchangeably.
    const std::string* attribute_ignoring_case(std::string_view attribute_name) const;
};

// Parses a whole document and returns its root element.
Result<XmlElement> parse_xml(std::string_view document);

// 1-based line and column of a byte offset in `document` (for messages about a parsed element).
struct TextPosition {
    uint32_t line = 1;
    uint32_t column = 1;
};
TextPosition text_position(std::string_view document, uint64_t offset);

}  // namespace taescope
