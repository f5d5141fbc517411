// A minimal JSON writer for the query API: objects, arrays, strings (escaped), numbers
// (non-finite floats become strings "NaN", "Infinity", "-Infinity"), booleans, null.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace taescope::web {

class JsonWriter {
public:
    JsonWriter& begin_object() {
        value_prefix();
        out_ += '{';
        first_.push_back(true);
        return *this;
    }
    JsonWriter& end_object() {
        out_ += '}';
        first_.pop_back();
        return *this;
    }
    JsonWriter& begin_array() {
        value_prefix();
        out_ += '[';
        first_.push_back(true);
        return *this;
    }
    JsonWriter& end_array() {
        out_ += ']';
        first_.pop_back();
        return *this;
    }

    JsonWriter& key(std::string_view k) {
        separator();
        quoted(k);
        out_ += ':';
        after_key_ = true;
        return *this;
    }
    JsonWriter& string(std::string_view s) {
        value_prefix();
        quoted(s);
        return *this;
    }
    JsonWriter& boolean(bool b) {
        value_prefix();
        out_ += b ? "true" : "false";
        return *this;
    }
    JsonWriter& null() {
        value_prefix();
        out_ += "null";
        return *this;
    }
    JsonWriter& integer(int64_t v) {
        value_prefix();
        out_ += std::to_string(v);
        return *this;
    }
    JsonWriter& unsigned_integer(uint64_t v) {
        value_prefix();
        out_ += std::to_string(v);
        return *this;
    }
    JsonWriter& number(double v) {
        if (std::isnan(v)) return string("NaN");
        if (std::isinf(v)) return string(v > 0 ? "Infinity" : "-Infinity");
        value_prefix();
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.17g", v);  // exact: a reader gets the same double back
        out_ += buffer;
        return *this;
    }

    // key + value shorthands
    JsonWriter& field(std::string_view k, std::string_view v) { return key(k).string(v); }
    JsonWriter& field(std::string_view k, const char* v) { return key(k).string(v); }
    JsonWriter& field(std::string_view k, bool v) { return key(k).boolean(v); }
    JsonWriter& field(std::string_view k, int v) { return key(k).integer(v); }
    JsonWriter& field(std::string_view k, int64_t v) { return key(k).integer(v); }
    JsonWriter& field(std::string_view k, uint64_t v) { return key(k).unsigned_integer(v); }
    JsonWriter& field(std::string_view k, double v) { return key(k).number(v); }

    const std::string& text() const { return out_; }

private:
    void separator() {
        if (!first_.empty()) {
            if (!first_.back()) out_ += ',';
            first_.back() = false;
        }
    }
    void value_prefix() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        separator();
    }
    void quoted(std::string_view s) {
        out_ += '"';
        for (unsigned char c : s) {
            switch (c) {
                case '"':
                    out_ += "\\\"";
                    break;
                case '\\':
                    out_ += "\\\\";
                    break;
                case '\n':
                    out_ += "\\n";
                    break;
                case '\r':
                    out_ += "\\r";
                    break;
                case '\t':
                    out_ += "\\t";
                    break;
                default:
                    if (c < 0x20) {
                        char buffer[8];
                        std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
                        out_ += buffer;
                    } else {
                        out_ += char(c);
                    }
            }
        }
        out_ += '"';
    }

    std::string out_;
    std::vector<bool> first_;
    bool after_key_ = false;
};

}  // namespace taescope::web
