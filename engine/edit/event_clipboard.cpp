#include "edit/event_clipboard.h"

#include <cstdio>

namespace taescope {

namespace {

constexpr std::string_view kMagic = "taescope-events";
constexpr char kHexDigits[] = "0123456789abcdef";

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// One whitespace-separated word of a line, with its byte offset in the whole text.
struct Word {
    std::string_view text;
    size_t offset = 0;
};

std::vector<Word> split_words(std::string_view line, size_t line_offset) {
    std::vector<Word> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && is_space(line[i])) ++i;
        size_t begin = i;
        while (i < line.size() && !is_space(line[i])) ++i;
        if (i > begin) words.push_back({line.substr(begin, i - begin), line_offset + begin});
    }
    return words;
}

class LineParser {
public:
    LineParser(size_t line_number) : context_("clipboard line " + std::to_string(line_number)) {}

    Error error(const Word& w, std::string message) const {
        Error e = make_error(w.offset, std::move(message));
        e.within(context_);
        return e;
    }

    Result<int64_t> integer(const Word& w, std::string_view what, int64_t low, int64_t high) const {
        std::string_view s = w.text;
        bool negative = !s.empty() && s[0] == '-';
        if (negative) s.remove_prefix(1);
        if (s.empty() || s.size() > 19)
            return error(w, "expected " + std::string(what) + " as a decimal integer, found '" + shown(w.text) + "'");
        int64_t v = 0;
        for (char c : s) {
            if (c < '0' || c > '9')
                return error(w,
                             "expected " + std::string(what) + " as a decimal integer, found '" + shown(w.text) + "'");
            v = v * 10 + (c - '0');  // at most 19 digits: fits before the sign
        }
        if (negative) v = -v;
        if (v < low || v > high)
            return error(w, std::string(what) + " " + shown(w.text) + " is out of range [" + std::to_string(low) +
                                ", " + std::to_string(high) + "]");
        return v;
    }

    Result<uint32_t> bits(const Word& w, std::string_view what) const {
        std::string_view s = w.text;
        if (s.size() != 10 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
            return error(w,
                         "expected " + std::string(what) + " as f32 bits 0x + 8 hex digits, found '" + shown(s) + "'");
        uint32_t v = 0;
        for (char c : s.substr(2)) {
            int d = hex_value(c);
            if (d < 0) return error(w, "expected a hex digit in " + std::string(what) + ", found '" + shown(s) + "'");
            v = v << 4 | uint32_t(d);
        }
        return v;
    }

    Result<std::vector<uint8_t>> bytes(const Word& w) const {
        std::vector<uint8_t> out;
        if (w.text == "-") return out;
        if (w.text.size() % 2 != 0)
            return error(w, "expected parameter bytes as pairs of hex digits, found an odd count (" +
                                std::to_string(w.text.size()) + " digits)");
        if (w.text.size() / 2 > kClipboardMaxParameterBytes)
            return error(w, "parameter bytes longer than " + std::to_string(kClipboardMaxParameterBytes) + " bytes");
        out.reserve(w.text.size() / 2);
        for (size_t i = 0; i < w.text.size(); i += 2) {
            int hi = hex_value(w.text[i]), lo = hex_value(w.text[i + 1]);
            if (hi < 0 || lo < 0) {
                Error e = make_error(w.offset + i, "expected a hex digit in the parameter bytes, found '" +
                                                       shown(w.text.substr(i, 2)) + "'");
                e.within(context_);
                return e;
            }
            out.push_back(uint8_t(hi << 4 | lo));
        }
        return out;
    }

    // At most 40 characters of user text, non-printable bytes as '?'.
    static std::string shown(std::string_view s) {
        std::string out;
        for (char c : s.substr(0, 40)) out += (c >= 0x20 && c < 0x7F) ? c : '?';
        if (s.size() > 40) out += "...";
        return out;
    }

private:
    std::string context_;
};

}  // namespace

Result<EventClipboard> copy_events(const TaeFile& file, const TaeAnimation& animation,
                                   const std::vector<uint32_t>& event_indices) {
    EventClipboard clip;
    clip.event_bank = file.header.event_bank;
    for (uint32_t i : event_indices) {
        if (i >= animation.events.size())
            return make_error(Error::kNoOffset, "cannot copy event " + std::to_string(i) + ": the animation has " +
                                                    std::to_string(animation.events.size()) + " events");
        const TaeEvent& e = animation.events[i];
        Bytes p = file.parameters(e);
        clip.events.push_back(
            {e.type, e.unknown04, e.start_bits, e.end_bits, std::vector<uint8_t>(p.begin(), p.end())});
    }
    return clip;
}

std::string clipboard_to_text(const EventClipboard& clipboard) {
    std::string out = std::string(kMagic) + " " + std::to_string(kClipboardTextVersion) + "\n";
    out += "bank " + std::to_string(clipboard.event_bank) + "\n";
    char buf[160];
    for (const auto& e : clipboard.events) {
        std::snprintf(buf, sizeof buf, "event %d %d 0x%08X 0x%08X ", e.type, e.unknown04, e.start_bits, e.end_bits);
        out += buf;
        if (e.parameters.empty()) out += '-';
        for (uint8_t b : e.parameters) {
            out += kHexDigits[b >> 4];
            out += kHexDigits[b & 15];
        }
        std::snprintf(buf, sizeof buf, "  # %.3f s .. %.3f s\n", double(e.start()), double(e.end()));
        out += buf;
    }
    return out;
}

Result<EventClipboard> clipboard_from_text(std::string_view text) {
    if (text.size() > kClipboardMaxTextBytes)
        return make_error(0, "clipboard text of " + std::to_string(text.size()) + " bytes is longer than the " +
                                 std::to_string(kClipboardMaxTextBytes) + " bytes accepted");
    EventClipboard clip;
    bool have_magic = false, have_bank = false;
    size_t line_number = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos) eol = text.size();
        std::string_view line = text.substr(pos, eol - pos);
        size_t line_offset = pos;
        pos = eol + 1;
        ++line_number;
        if (size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        auto words = split_words(line, line_offset);
        if (words.empty()) continue;
        LineParser p(line_number);
        const Word& key = words[0];
        if (!have_magic) {
            if (key.text != kMagic || words.size() != 2)
                return p.error(key, "expected '" + std::string(kMagic) + " 1' first, found '" +
                                        LineParser::shown(line) + "' (not copied TAE events)");
            auto version = p.integer(words[1], "the format version", 0, 1'000'000);
            if (!version.ok()) return std::move(version).error();
            if (*version != kClipboardTextVersion)
                return p.error(words[1], "clipboard format version " + std::to_string(*version) +
                                             " is not supported (this build reads version " +
                                             std::to_string(kClipboardTextVersion) + ")");
            have_magic = true;
            continue;
        }
        if (key.text == "bank") {
            if (have_bank || !clip.events.empty()) return p.error(key, "'bank' must come once, before the events");
            if (words.size() != 2)
                return p.error(key, "expected 'bank N', found " + std::to_string(words.size()) + " words");
            auto bank = p.integer(words[1], "the event bank", 0, int64_t{0xFFFFFFFF});
            if (!bank.ok()) return std::move(bank).error();
            clip.event_bank = uint64_t(*bank);
            have_bank = true;
        } else if (key.text == "event") {
            if (words.size() != 6)
                return p.error(key, "expected 'event type unknown04 start_bits end_bits parameters' (6 words), found " +
                                        std::to_string(words.size()));
            if (clip.events.size() >= kClipboardMaxEvents)
                return p.error(key, "more than " + std::to_string(kClipboardMaxEvents) + " events");
            ClipboardEvent e;
            auto type = p.integer(words[1], "the event type", INT32_MIN, INT32_MAX);
            if (!type.ok()) return std::move(type).error();
            auto u04 = p.integer(words[2], "the i32 at +4", INT32_MIN, INT32_MAX);
            if (!u04.ok()) return std::move(u04).error();
            auto start = p.bits(words[3], "the start time");
            if (!start.ok()) return std::move(start).error();
            auto end = p.bits(words[4], "the end time");
            if (!end.ok()) return std::move(end).error();
            auto params = p.bytes(words[5]);
            if (!params.ok()) return std::move(params).error();
            e.type = int32_t(*type);
            e.unknown04 = int32_t(*u04);
            e.start_bits = *start;
            e.end_bits = *end;
            e.parameters = std::move(params).value();
            clip.events.push_back(std::move(e));
        } else {
            return p.error(key, "expected 'bank' or 'event', found '" + LineParser::shown(key.text) + "'");
        }
    }
    if (!have_magic) return make_error(0, "the clipboard text is empty (expected '" + std::string(kMagic) + " 1')");
    return clip;
}

}  // namespace taescope
