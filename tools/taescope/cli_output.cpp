#include "cli_output.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "binder/animation_names.h"
#include "io/file_io.h"
#include "sim/event_timing.h"
#include "tae/tae_model.h"
#include "templates/document_game.h"
#include "templates/game_detection.h"

namespace taescope::cli {

// ---- JSON ----------------------------------------------------------------------------------

std::string json_escape(std::string_view s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += char(c);
        } else if (c == '\n') {
            out += "\\n";
        } else if (c < 0x20 || c == 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else {
            out += char(c);
        }
    }
    return out + "\"";
}

void JsonOut::newline() {
    out_ += '\n';
    out_.append(levels_.size() * 2, ' ');
}

void JsonOut::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (levels_.empty()) return;
    Level& l = levels_.back();
    if (!l.first) out_ += l.inline_items ? ", " : ",";
    if (!l.inline_items) newline();
    l.first = false;
}

JsonOut& JsonOut::begin_object() {
    before_value();
    out_ += '{';
    levels_.push_back({});
    return *this;
}

JsonOut& JsonOut::end_object() {
    bool empty = levels_.back().first;
    levels_.pop_back();
    if (!empty) newline();
    out_ += '}';
    return *this;
}

JsonOut& JsonOut::begin_array(bool inline_array) {
    before_value();
    out_ += '[';
    levels_.push_back({true, inline_array});
    return *this;
}

JsonOut& JsonOut::end_array() {
    Level l = levels_.back();
    levels_.pop_back();
    if (!l.first && !l.inline_items) newline();
    out_ += ']';
    return *this;
}

JsonOut& JsonOut::key(std::string_view k) {
    Level& l = levels_.back();
    if (!l.first) out_ += ',';
    newline();
    l.first = false;
    out_ += json_escape(k);
    out_ += ": ";
    after_key_ = true;
    return *this;
}

JsonOut& JsonOut::string(std::string_view s) {
    before_value();
    out_ += json_escape(s);
    return *this;
}
JsonOut& JsonOut::boolean(bool b) {
    before_value();
    out_ += b ? "true" : "false";
    return *this;
}
JsonOut& JsonOut::null() {
    before_value();
    out_ += "null";
    return *this;
}
JsonOut& JsonOut::integer(int64_t v) {
    before_value();
    out_ += std::to_string(v);
    return *this;
}
JsonOut& JsonOut::unsigned_integer(uint64_t v) {
    before_value();
    out_ += std::to_string(v);
    return *this;
}
JsonOut& JsonOut::number(double v) {
    if (std::isnan(v)) return string("NaN");
    if (std::isinf(v)) return string(v > 0 ? "Infinity" : "-Infinity");
    before_value();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    out_ += buf;
    return *this;
}

std::string JsonOut::text() const { return levels_.empty() ? out_ + "\n" : out_; }

void print_text(const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); }

// ---- documents and templates ---------------------------------------------------------------

std::optional<Document> open_document_file(const std::string& path, const char* command) {
    auto bytes = read_file(path);
    if (!bytes.ok()) {
        std::fprintf(stderr, "taescope %s: %s\n", command, bytes.error().to_string().c_str());
        return std::nullopt;
    }
    auto doc = open_document(*bytes, path);
    if (!doc.ok()) {
        std::fprintf(stderr, "taescope %s: %s: %s\n", command, path.c_str(), doc.error().to_string().c_str());
        return std::nullopt;
    }
    return std::move(doc).value();
}

bool choose_templates(const Document& doc, const std::string& game, const std::string& templates_file,
                      ChosenTemplates& out, const char* command) {
    if (!templates_file.empty()) {
        auto t = read_file(templates_file);
        auto loaded =
            t.ok() ? load_templates_for_use(std::string_view(reinterpret_cast<const char*>(t->data()), t->size()))
                   : Result<GameTemplates>(t.error());
        if (!loaded.ok()) {
            std::fprintf(stderr, "taescope %s: %s: %s\n", command, templates_file.c_str(),
                         loaded.error().to_string().c_str());
            return false;
        }
        out.user = std::move(loaded).value();
        out.templates = &*out.user;
        out.game = out.user->game;
        out.reason = "--templates " + templates_file;
        return true;
    }
    out.game = game;
    out.reason = "--game";
    if (out.game.empty()) {
        GameGuess g = detect_document_game(doc);
        out.game = g.game;
        out.reason = g.reason;
    }
    out.templates = out.game.empty() ? nullptr : out.library.for_game(out.game);
    return true;
}

std::optional<uint64_t> parse_animation_argument(const std::string& text) {
    if (auto n = parse_animation_name(text)) return n;
    if (!text.empty() && text.size() < 19 && text.find_first_not_of("0123456789") == std::string::npos)
        return std::strtoull(text.c_str(), nullptr, 10);
    return std::nullopt;
}

std::optional<FoundAnimation> find_animation(const Document& doc, uint64_t full_number) {
    for (size_t t = 0; t < doc.taes.size(); ++t) {
        if (!doc.taes[t].tae) continue;
        const auto& anims = doc.taes[t].tae->animations;
        for (size_t a = 0; a < anims.size(); ++a)
            if (doc.taes[t].full_number(anims[a]) == full_number) return FoundAnimation{t, a, full_number};
    }
    // A loose TAE whose name is not aNN.tae stores numbers within a group nobody told us.
    if (doc.kind == PayloadKind::Tae && doc.taes.size() == 1 && doc.taes[0].tae &&
        doc.taes[0].slot.number_offset == 0) {
        const auto& anims = doc.taes[0].tae->animations;
        for (size_t a = 0; a < anims.size(); ++a)
            if (anims[a].number == full_number % kAnimationGroupSize) return FoundAnimation{0, a, anims[a].number};
    }
    return std::nullopt;
}

std::string event_file_label(const DocumentTae& tae) {
    return tae.slot.file_name.empty() ? tae.name : tae.slot.file_name;
}

std::string seconds_text(uint32_t bits) {
    float f = TaeEvent::bits_to_f32(bits);
    if (std::isnan(f)) return "NaN";
    if (std::isinf(f)) return f > 0 ? "Infinity" : "-Infinity";
    char buf[48];
    for (int precision = 1; precision <= 9; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, double(f));
        if (TaeEvent::f32_to_bits(std::strtof(buf, nullptr)) == bits) break;
    }
    return buf;
}

std::string frame_text(uint32_t bits) {
    if (bits == kF32MaxBits) return "open";
    double f = frame_position(double(TaeEvent::bits_to_f32(bits)));
    if (std::isnan(f)) return "NaN";
    if (std::isinf(f)) return f > 0 ? "open" : "-inf";
    char buf[32];
    if (f == std::round(f))
        std::snprintf(buf, sizeof buf, "%.0f", f);
    else
        std::snprintf(buf, sizeof buf, "%.3f", f);
    return buf;
}

// ---- arguments -----------------------------------------------------------------------------

bool ParsedArgs::has(std::string_view name) const {
    for (const auto& [k, v] : options)
        if (k == name) return true;
    return false;
}

std::string ParsedArgs::value(std::string_view name, std::string fallback) const {
    for (const auto& [k, v] : options)
        if (k == name) fallback = v;  // the last one wins
    return fallback;
}

std::optional<ParsedArgs> parse_args(const std::vector<std::string>& args, const ArgSpec& spec, const char* command,
                                     const char* usage) {
    ParsedArgs out;
    auto in = [](const std::vector<std::string>& list, const std::string& a) {
        for (const auto& x : list)
            if (x == a) return true;
        return false;
    };
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (in(spec.flags, a)) {
            out.options.emplace_back(a, "");
        } else if (in(spec.with_value, a)) {
            if (i + 1 >= args.size()) {
                std::fprintf(stderr, "taescope %s: %s needs a value\n\n%s", command, a.c_str(), usage);
                return std::nullopt;
            }
            out.options.emplace_back(a, args[++i]);
        } else if (!a.empty() && a[0] == '-' && a != "-") {
            std::fprintf(stderr, "taescope %s: unknown option '%s'\n\n%s", command, a.c_str(), usage);
            return std::nullopt;
        } else {
            out.positional.push_back(a);
        }
    }
    return out;
}

}  // namespace taescope::cli
