#include "search_model.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <optional>

#include "templates/event_decoder.h"
#include "timeline_model.h"

namespace taescope::web {

namespace {

std::string lower(std::string s) {
    for (auto& c : s) c = char(std::tolower(uint8_t(c)));
    return s;
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// The whole text as a number ("-1", "0.5", "0x1F"), or nothing.
std::optional<double> whole_number(const std::string& text) {
    if (text.empty()) return std::nullopt;
    const char* begin = text.c_str();
    char* end = nullptr;
    errno = 0;
    double v = (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
                   ? double(std::strtoull(begin, &end, 16))
                   : std::strtod(begin, &end);
    if (errno != 0 || end != begin + text.size()) return std::nullopt;
    return v;
}

enum class Scope { Any, Type, Value, Animation };

}  // namespace

SearchResult search_document(const LoadedDocument& doc, const std::string& raw_query) {
    SearchResult out;
    std::string query = lower(trim(raw_query));
    Scope scope = Scope::Any;
    for (auto [prefix, s] :
         {std::pair{"type:", Scope::Type}, std::pair{"value:", Scope::Value}, std::pair{"anim:", Scope::Animation}}) {
        std::string p = prefix;
        if (query.rfind(p, 0) == 0) {
            scope = s;
            query = trim(query.substr(p.size()));
        }
    }
    if (query.empty()) return out;
    std::optional<double> number = whole_number(query);
    auto add = [&](SearchHit hit) {
        if (out.hits.size() >= kMaxSearchHits) {
            out.truncated = true;
            return false;
        }
        out.hits.push_back(std::move(hit));
        return true;
    };

    DecodedEvent decoded;  // reused for every event
    for (size_t t = 0; t < doc.tae_file_count(); ++t) {
        const TaeFile* file = doc.tae(t);
        if (!file) continue;
        const DocumentTae& entry = doc.tae_entry(t);
        const GameTemplates* templates = doc.info[t].templates;
        for (size_t a = 0; a < file->animations.size(); ++a) {
            const TaeAnimation& animation = file->animations[a];
            std::string name = full_animation_name(entry, animation);
            if (scope == Scope::Any || scope == Scope::Animation) {
                bool match =
                    number ? (double(entry.full_number(animation)) == *number || double(animation.number) == *number)
                           : name.find(query) != std::string::npos;
                if (scope == Scope::Animation && !match) match = name.find(query) != std::string::npos;
                if (match && !add(SearchHit{int(t), int(a), -1, "animation " + name})) return out;
            }
            if (scope == Scope::Animation) continue;
            for (size_t e = 0; e < animation.events.size(); ++e) {
                const TaeEvent& event = animation.events[e];
                if (scope == Scope::Any || scope == Scope::Type) {
                    bool match = false;
                    if (number)
                        match = double(event.type) == *number;
                    else if (scope == Scope::Any) {
                        const EventTypeTemplate* templ = templates ? templates->find(uint32_t(event.type)) : nullptr;
                        match = templ && lower(templ->name).find(query) != std::string::npos;
                    }
                    if (match && !add(SearchHit{int(t), int(a), int(e),
                                                "type " + std::to_string(event.type) + " " +
                                                    event_type_label(templates, event.type)}))
                        return out;
                }
                if (!number || !(scope == Scope::Any || scope == Scope::Value)) continue;
                Bytes params = file->parameters(event);
                decode_event_into(decoded, templates, uint32_t(event.type), params);
                for (const DecodedField& f : decoded.fields) {
                    if (!f.present || !f.field) continue;
                    std::optional<double> value = whole_number(f.value_text(params));
                    if (!value || *value != *number) continue;
                    if (!add(SearchHit{int(t), int(a), int(e),
                                       event_type_label(templates, event.type) + ": " + f.field->name + " = " +
                                           f.value_text(params)}))
                        return out;
                }
            }
        }
    }
    return out;
}

}  // namespace taescope::web
