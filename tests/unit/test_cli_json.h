// For the CLI tests: a small JSON reader and a checker for the subset of JSON Schema that
// docs/cli-schema.json uses (type, const, enum, required, properties, additionalProperties,
// items, minimum, $ref to #/$defs/NAME), so that the real --json outputs are checked against
// the schema file itself.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace taescope::test {

struct Json {
    enum class Kind { Null, Bool, Number, String, Array, Object } kind = Kind::Null;
    bool boolean = false;
    double number = 0;
    bool integral = false;  // written without '.', 'e' or 'E'
    std::string text;
    std::vector<Json> items;
    std::vector<std::pair<std::string, Json>> members;

    const Json* get(const std::string& key) const {
        for (const auto& [k, v] : members)
            if (k == key) return &v;
        return nullptr;
    }
};

class JsonReader {
public:
    explicit JsonReader(const std::string& s) : s_(s) {}
    // nullopt on any syntax error (error() says where).
    std::optional<Json> parse() {
        auto v = value();
        skip();
        if (!v || i_ != s_.size()) return fail("trailing characters");
        return v;
    }
    const std::string& error() const { return error_; }

private:
    std::optional<Json> fail(const std::string& why) {
        if (error_.empty()) error_ = why + " at " + std::to_string(i_);
        return std::nullopt;
    }
    void skip() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t')) ++i_;
    }
    bool literal(const char* word) {
        size_t n = std::char_traits<char>::length(word);
        if (s_.compare(i_, n, word) != 0) return false;
        i_ += n;
        return true;
    }
    std::optional<std::string> string() {
        if (i_ >= s_.size() || s_[i_] != '"') return std::nullopt;
        ++i_;
        std::string out;
        while (i_ < s_.size() && s_[i_] != '"') {
            char c = s_[i_++];
            if (c != '\\') {
                out += c;
                continue;
            }
            if (i_ >= s_.size()) return std::nullopt;
            char e = s_[i_++];
            if (e == 'u') {
                if (i_ + 4 > s_.size()) return std::nullopt;
                out += char(std::strtol(s_.substr(i_, 4).c_str(), nullptr, 16));  // test data is ASCII
                i_ += 4;
            } else {
                out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
            }
        }
        if (i_ >= s_.size()) return std::nullopt;
        ++i_;
        return out;
    }
    std::optional<Json> value() {
        if (++depth_ > 200) return fail("too deep");
        skip();
        Json v;
        if (i_ >= s_.size()) return fail("unexpected end");
        char c = s_[i_];
        if (c == '{') {
            v.kind = Json::Kind::Object;
            ++i_;
            skip();
            if (i_ < s_.size() && s_[i_] == '}') return ++i_, --depth_, v;
            for (;;) {
                skip();
                auto k = string();
                if (!k) return fail("expected a key");
                skip();
                if (i_ >= s_.size() || s_[i_++] != ':') return fail("expected ':'");
                auto m = value();
                if (!m) return std::nullopt;
                v.members.emplace_back(*k, std::move(*m));
                skip();
                if (i_ < s_.size() && s_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < s_.size() && s_[i_] == '}') break;
                return fail("expected ',' or '}'");
            }
            ++i_;
        } else if (c == '[') {
            v.kind = Json::Kind::Array;
            ++i_;
            skip();
            if (i_ < s_.size() && s_[i_] == ']') return ++i_, --depth_, v;
            for (;;) {
                auto m = value();
                if (!m) return std::nullopt;
                v.items.push_back(std::move(*m));
                skip();
                if (i_ < s_.size() && s_[i_] == ',') {
                    ++i_;
                    continue;
                }
                if (i_ < s_.size() && s_[i_] == ']') break;
                return fail("expected ',' or ']'");
            }
            ++i_;
        } else if (c == '"') {
            auto t = string();
            if (!t) return fail("bad string");
            v.kind = Json::Kind::String;
            v.text = *t;
        } else if (literal("true")) {
            v.kind = Json::Kind::Bool;
            v.boolean = true;
        } else if (literal("false")) {
            v.kind = Json::Kind::Bool;
        } else if (literal("null")) {
            v.kind = Json::Kind::Null;
        } else {
            size_t start = i_;
            while (i_ < s_.size() && std::string("+-0123456789.eE").find(s_[i_]) != std::string::npos) ++i_;
            if (start == i_) return fail("unexpected character");
            std::string num = s_.substr(start, i_ - start);
            v.kind = Json::Kind::Number;
            v.number = std::strtod(num.c_str(), nullptr);
            v.integral = num.find_first_of(".eE") == std::string::npos;
        }
        --depth_;
        return v;
    }
    const std::string& s_;
    size_t i_ = 0;
    int depth_ = 0;
    std::string error_;
};

// Checks `value` against `schema`; appends "path: problem" lines to `errors`.
class SchemaChecker {
public:
    explicit SchemaChecker(const Json& root) : root_(root) {}

    void check(const Json& value, const Json& schema, const std::string& path, std::vector<std::string>& errors) const {
        if (const Json* ref = schema.get("$ref")) {
            const std::string prefix = "#/$defs/";
            const Json* defs = root_.get("$defs");
            const Json* target =
                defs && ref->text.rfind(prefix, 0) == 0 ? defs->get(ref->text.substr(prefix.size())) : nullptr;
            if (!target) {
                errors.push_back(path + ": unresolved $ref " + ref->text);
                return;
            }
            check(value, *target, path, errors);
        }
        if (const Json* type = schema.get("type")) {
            bool ok = false;
            if (type->kind == Json::Kind::String) ok = is_type(value, type->text);
            for (const Json& t : type->items) ok |= is_type(value, t.text);
            if (!ok) {
                errors.push_back(path + ": wrong type");
                return;
            }
        }
        if (const Json* c = schema.get("const"))
            if (!equal(*c, value)) errors.push_back(path + ": not the constant " + c->text);
        if (const Json* e = schema.get("enum")) {
            bool found = false;
            for (const Json& x : e->items) found |= equal(x, value);
            if (!found) errors.push_back(path + ": '" + value.text + "' not in the enum");
        }
        if (const Json* m = schema.get("minimum"))
            if (value.kind == Json::Kind::Number && value.number < m->number)
                errors.push_back(path + ": below minimum");
        if (value.kind == Json::Kind::Object) {
            if (const Json* req = schema.get("required"))
                for (const Json& k : req->items)
                    if (!value.get(k.text)) errors.push_back(path + ": missing '" + k.text + "'");
            const Json* props = schema.get("properties");
            const Json* extra = schema.get("additionalProperties");
            for (const auto& [k, v] : value.members) {
                const Json* sub = props ? props->get(k) : nullptr;
                if (sub)
                    check(v, *sub, path + "." + k, errors);
                else if (extra && extra->kind == Json::Kind::Object)
                    check(v, *extra, path + "." + k, errors);
                else if (props && !extra)
                    errors.push_back(path + ": member '" + k + "' is not in the schema");
            }
        }
        if (value.kind == Json::Kind::Array)
            if (const Json* items = schema.get("items"))
                for (size_t i = 0; i < value.items.size(); ++i)
                    check(value.items[i], *items, path + "[" + std::to_string(i) + "]", errors);
    }

private:
    static bool is_type(const Json& v, const std::string& t) {
        switch (v.kind) {
            case Json::Kind::Null:
                return t == "null";
            case Json::Kind::Bool:
                return t == "boolean";
            case Json::Kind::Number:
                return t == "number" || (t == "integer" && v.integral);
            case Json::Kind::String:
                return t == "string";
            case Json::Kind::Array:
                return t == "array";
            case Json::Kind::Object:
                return t == "object";
        }
        return false;
    }
    static bool equal(const Json& a, const Json& b) {
        if (a.kind != b.kind) return false;
        if (a.kind == Json::Kind::String) return a.text == b.text;
        if (a.kind == Json::Kind::Number) return a.number == b.number;
        if (a.kind == Json::Kind::Bool) return a.boolean == b.boolean;
        return a.kind == Json::Kind::Null;
    }
    const Json& root_;
};

}  // namespace taescope::test
