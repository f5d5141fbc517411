#include "templates/knowledge_text.h"

#include <charconv>
#include <limits>
#include <optional>
#include <string>

namespace taescope {
namespace {

struct Token {
    std::string key;    // "source" for source=...; "" for a plain word or string
    std::string text;   // the word, or the string without quotes
    bool quoted = false;
};

// Splits a line into words, quoted strings and key=value pairs (the value a word or a string).
Result<std::vector<Token>> tokenize(std::string_view line) {
    std::vector<Token> tokens;
    size_t i = 0;
    auto read_quoted = [&](Token& t) -> Status {
        ++i;  // opening quote
        while (i < line.size() && line[i] != '"') {
            char c = line[i++];
            if (c == '\\') {
                if (i >= line.size()) break;
                c = line[i++];
                if (c != '"' && c != '\\') return make_error(i, std::string("unknown escape \\") + c);
            }
            t.text.push_back(c);
        }
        if (i >= line.size()) return make_error(i, "string without its closing quote");
        ++i;  // closing quote
        t.quoted = true;
        return ok_status();
    };
    while (i < line.size()) {
        char c = line[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            ++i;
            continue;
        }
        Token t;
        if (c == '"') {
            if (auto s = read_quoted(t); !s.ok()) return s.error();
        } else {
            size_t begin = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != '"') ++i;
            std::string_view word = line.substr(begin, i - begin);
            size_t eq = word.find('=');
            if (eq != std::string_view::npos && eq > 0) {
                t.key = std::string(word.substr(0, eq));
                t.text = std::string(word.substr(eq + 1));
                if (t.text.empty() && i < line.size() && line[i] == '"') {
                    if (auto s = read_quoted(t); !s.ok()) return s.error();
                }
            } else {
                t.text = std::string(word);
            }
        }
        tokens.push_back(std::move(t));
    }
    return tokens;
}

template <class T>
std::optional<T> parse_number(std::string_view s) {
    T v{};
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<uint32_t> parse_offset(std::string_view s) {  // "@12"
    if (s.size() < 2 || s[0] != '@') return std::nullopt;
    return parse_number<uint32_t>(s.substr(1));
}

Result<std::vector<std::string>> parse_games(std::string_view s) {
    std::vector<std::string> games;
    if (s == "*") return games;
    size_t begin = 0;
    while (begin <= s.size()) {
        size_t comma = s.find(',', begin);
        std::string_view g = s.substr(begin, comma == std::string_view::npos ? std::string_view::npos : comma - begin);
        if (g != "SDT" && g != "ER" && g != "NR" && g != "DS3")
            return make_error(0, "game '" + std::string(g) + "' is not SDT, ER, NR, DS3 or *");
        games.emplace_back(g);
        if (comma == std::string_view::npos) break;
        begin = comma + 1;
    }
    return games;
}

}  // namespace

Result<std::vector<KnowledgeEntry>> parse_knowledge_text(std::string_view text) {
    std::vector<KnowledgeEntry> entries;
    bool seen_magic = false;
    size_t line_number = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t line_begin = pos;
        size_t nl = text.find('\n', pos);
        std::string_view line = text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() : nl + 1;
        ++line_number;
        auto fail = [&](std::string message) -> Error {
            return make_error(line_begin, "knowledge line " + std::to_string(line_number) + ": " + message);
        };
        size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string_view::npos || line[first] == '#') continue;
        std::string_view content = line.substr(first);
        while (!content.empty() && (content.back() == '\r' || content.back() == ' ')) content.remove_suffix(1);
        if (!seen_magic) {
            if (line_number == 1 && content.substr(0, 3) == "\xEF\xBB\xBF") content.remove_prefix(3);
            if (content != kKnowledgeTextMagic)
                return fail("expected '" + std::string(kKnowledgeTextMagic) + "', found '" + std::string(content) + "'");
            seen_magic = true;
            continue;
        }
        auto tokens_result = tokenize(content);
        if (!tokens_result.ok()) return fail(tokens_result.error().message);
        std::vector<Token>& tokens = tokens_result.value();
        const Token& head = tokens.front();

        if (head.key.empty() && !head.quoted && (head.text == "type" || head.text == "field" || head.text == "every")) {
            KnowledgeEntry e;
            size_t next = 1;
            if (head.text == "every") {
                e.subject = KnowledgeSubject::EveryEvent;
            } else {
                e.subject = head.text == "type" ? KnowledgeSubject::EventType : KnowledgeSubject::Field;
                std::optional<int32_t> type = tokens.size() > 1 ? parse_number<int32_t>(tokens[1].text) : std::nullopt;
                if (!type) return fail("expected an event type number after '" + head.text + "'");
                e.event_type = *type;
                next = 2;
            }
            if (tokens.size() <= next || tokens[next].quoted) return fail("expected the games (SDT, ER, NR, DS3 or *)");
            auto games = parse_games(tokens[next].text);
            if (!games.ok()) return fail(games.error().message);
            e.games = std::move(games).value();
            ++next;
            if (e.subject == KnowledgeSubject::Field) {
                std::optional<uint32_t> offset = tokens.size() > next ? parse_offset(tokens[next].text) : std::nullopt;
                std::optional<uint32_t> size = tokens.size() > next + 1 ? parse_number<uint32_t>(tokens[next + 1].text) : std::nullopt;
                if (!offset || !size || *size == 0 || *size > 4096)
                    return fail("expected '@OFFSET SIZE' (a size of 1 to 4096 bytes) after the games");
                if (*offset > std::numeric_limits<uint32_t>::max() - *size) return fail("the field ends past 4 GiB");
                e.byte_offset = *offset;
                e.byte_size = *size;
                next += 2;
            }
            for (; next < tokens.size(); ++next) {
                const Token& t = tokens[next];
                if (t.key.empty() && t.quoted && e.name.empty()) {
                    e.name = t.text;
                } else if (t.key == "stored" && e.subject == KnowledgeSubject::Field) {
                    auto r = word_reading_from_name(t.text);
                    if (!r || *r == WordReading::Mixed) return fail("stored= must be float, integer or undecided, not '" + t.text + "'");
                    e.stored_reading = r;
                } else if (t.key == "count" && e.subject == KnowledgeSubject::Field) {
                    auto o = parse_offset(t.text);
                    if (!o) return fail("count= must be @OFFSET, not '" + t.text + "'");
                    e.counted_word_offset = o;
                } else {
                    return fail("unexpected '" + (t.key.empty() ? t.text : t.key + "=" + t.text) + "'");
                }
            }
            if (e.stored_reading && !e.counted_word_offset) e.counted_word_offset = e.byte_offset;
            entries.push_back(std::move(e));
            continue;
        }

        if (entries.empty()) return fail("a statement or value before any 'type', 'field' or 'every' line");
        KnowledgeEntry& entry = entries.back();

        if (head.key.empty() && !head.quoted && head.text == "=") {
            if (entry.statements.empty()) return fail("a value before any statement");
            std::optional<int64_t> v = tokens.size() > 1 ? parse_number<int64_t>(tokens[1].text) : std::nullopt;
            if (!v || tokens.size() != 3 || !tokens[2].quoted) return fail("expected '= VALUE \"meaning\"'");
            entry.statements.back().values.push_back({*v, tokens[2].text});
            continue;
        }

        auto confidence = head.key.empty() && !head.quoted ? confidence_from_name(head.text) : std::nullopt;
        if (!confidence)
            return fail("expected a confidence (Proven, Observed, Sourced, Inferred, Unknown), 'type', 'field', 'every' or '=', found '" +
                        head.text + "'");
        KnowledgeStatement s;
        s.confidence = *confidence;
        bool has_text = false;
        for (size_t i = 1; i < tokens.size(); ++i) {
            const Token& t = tokens[i];
            if (t.key == "source") {
                s.source = t.text;
            } else if (t.key == "basis") {
                s.basis = t.text;
            } else if (t.key == "reads") {
                auto r = word_reading_from_name(t.text);
                if (!r || (*r != WordReading::Float && *r != WordReading::Integer))
                    return fail("reads= must be float or integer, not '" + t.text + "'");
                s.reads = r;
            } else if (t.key.empty() && t.quoted && !has_text) {
                s.text = t.text;
                has_text = true;
            } else {
                return fail("unexpected '" + (t.key.empty() ? t.text : t.key + "=" + t.text) + "'");
            }
        }
        if (!has_text || s.text.empty()) return fail("a statement needs its text in quotes");
        if (s.confidence == Confidence::Sourced && s.source.empty()) return fail("a Sourced statement must name its source=");
        entry.statements.push_back(std::move(s));
    }
    if (!seen_magic) return make_error(0, "knowledge: empty text, expected '" + std::string(kKnowledgeTextMagic) + "'");
    for (const KnowledgeEntry& e : entries) {
        if (e.statements.empty()) {
            std::string what = e.subject == KnowledgeSubject::EveryEvent ? "'" + e.name + "'" : "event " + std::to_string(e.event_type);
            return make_error(0, "knowledge: the entry about " + what + " has no statement");
        }
    }
    return entries;
}

}  // namespace taescope
