// Shared by the subcommands dump, diff, census, link and png: a JSON writer with stable,
// indented output (the shapes are described in docs/cli-schema.json), opening a document,
// choosing its templates, and naming animations.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "binder/document.h"
#include "templates/event_template.h"
#include "templates/template_library.h"

namespace taescope::cli {

// Writes JSON with two-space indentation, one member per line; arrays opened with
// `inline_array` keep their scalar items on one line. Non-finite numbers are written as the
// strings "NaN", "Infinity", "-Infinity" (JSON has no such numbers).
class JsonOut {
public:
    JsonOut& begin_object();
    JsonOut& end_object();
    JsonOut& begin_array(bool inline_array = false);
    JsonOut& end_array();
    JsonOut& key(std::string_view k);
    JsonOut& string(std::string_view s);
    JsonOut& boolean(bool b);
    JsonOut& null();
    JsonOut& integer(int64_t v);
    JsonOut& unsigned_integer(uint64_t v);
    JsonOut& number(double v);  // shortest text that reads back to the same float ("%.9g")

    JsonOut& field(std::string_view k, std::string_view v) { return key(k).string(v); }
    JsonOut& field(std::string_view k, const char* v) { return key(k).string(v); }
    JsonOut& field(std::string_view k, const std::string& v) { return key(k).string(v); }
    JsonOut& field(std::string_view k, bool v) { return key(k).boolean(v); }
    JsonOut& field_int(std::string_view k, int64_t v) { return key(k).integer(v); }
    JsonOut& field_uint(std::string_view k, uint64_t v) { return key(k).unsigned_integer(v); }
    JsonOut& field_number(std::string_view k, double v) { return key(k).number(v); }

    // The text so far, with a final newline once every container is closed.
    std::string text() const;

private:
    void before_value();
    void newline();
    struct Level {
        bool first = true;
        bool inline_items = false;
    };
    std::string out_;
    std::vector<Level> levels_;
    bool after_key_ = false;
};

std::string json_escape(std::string_view s);  // with the quotes

// Writes `text` to stdout.
void print_text(const std::string& text);

// Reads and opens FILE; prints "taescope CMD: error" to stderr and returns nullopt on failure.
std::optional<Document> open_document_file(const std::string& path, const char* command);

// The templates to decode a document with: --templates FILE, else --game CODE, else detected.
struct ChosenTemplates {
    TemplateLibrary library;
    std::optional<GameTemplates> user;
    const GameTemplates* templates = nullptr;  // nullptr: raw bytes only
    std::string game;                          // "" when unknown
    std::string reason;                        // how it was chosen
};
// False (after printing why) when --templates FILE cannot be loaded.
bool choose_templates(const Document& doc, const std::string& game, const std::string& templates_file,
                      ChosenTemplates& out, const char* command);

// "a000_003000" or a plain number -> full number.
std::optional<uint64_t> parse_animation_argument(const std::string& text);

// The record of `full_number` in the document: (tae index, animation index). A loose TAE whose
// name does not tell its group is searched for the number within its group too.
struct FoundAnimation {
    size_t tae_index = 0;
    size_t animation_index = 0;
    uint64_t full_number = 0;
};
std::optional<FoundAnimation> find_animation(const Document& doc, uint64_t full_number);

// The event file's short name: "a10.tae", or the document's name for a loose TAE.
std::string event_file_label(const DocumentTae& tae);

// "0.1", "0.033333335": the f32 as the shortest decimal that reads back to the same bits.
std::string seconds_text(uint32_t bits);
// Frame position at 30 fps ("3", "2.5", "open" for an f32-max end).
std::string frame_text(uint32_t bits);

// Splits args into flags with values; returns false on an unknown option.
struct ArgSpec {
    std::vector<std::string> flags;       // options without a value, e.g. "--json"
    std::vector<std::string> with_value;  // options with one value, e.g. "--anim"
};
struct ParsedArgs {
    std::vector<std::string> positional;
    std::vector<std::pair<std::string, std::string>> options;  // in order; flags have ""
    bool has(std::string_view name) const;
    std::string value(std::string_view name, std::string fallback = "") const;
};
std::optional<ParsedArgs> parse_args(const std::vector<std::string>& args, const ArgSpec& spec, const char* command,
                                     const char* usage);

}  // namespace taescope::cli
