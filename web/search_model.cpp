#include "search_model.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <optional>
#include <unordered_map>

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

enum class Scope { Any, Type, Value, Animation };

// "type:233 @4=1": events of one type whose field at one byte offset holds one value.
struct FieldQuery {
    int32_t type = 0;
    uint32_t offset = 0;
    std::string value;
};

std::optional<FieldQuery> parse_field_query(const std::string& query) {
    if (query.rfind("type:", 0) != 0) return std::nullopt;
    size_t at = query.find(" @");
    size_t eq = query.find('=', at == std::string::npos ? 0 : at);
    if (at == std::string::npos || eq == std::string::npos) return std::nullopt;
    std::optional<double> type = parse_number_text(trim(query.substr(5, at - 5)));
    std::optional<double> offset = parse_number_text(trim(query.substr(at + 2, eq - at - 2)));
    if (!type || !offset || *type != double(int32_t(*type)) || *offset < 0 || *offset > 65535 ||
        *offset != double(uint32_t(*offset)))
        return std::nullopt;
    return FieldQuery{int32_t(*type), uint32_t(*offset), trim(query.substr(eq + 1))};
}

SearchResult search_field_value(const LoadedDocument& doc, const FieldQuery& q) {
    SearchResult out;
    DecodedEvent decoded;
    for (size_t t = 0; t < doc.tae_file_count(); ++t) {
        const TaeFile* file = doc.tae(t);
        if (!file) continue;
        const GameTemplates* templates = doc.info[t].templates;
        const EventTypeTemplate* templ = templates ? templates->find(uint32_t(q.type)) : nullptr;
        if (!templ) continue;
        size_t field = templ->fields.size();
        for (size_t i = 0; i < templ->fields.size(); ++i)
            if (templ->fields[i].offset == q.offset && templ->fields[i].type != FieldType::Bytes) field = i;
        if (field == templ->fields.size()) continue;
        auto wanted = parse_field_value(templ->fields[field], q.value);
        if (!wanted.ok()) continue;
        for (size_t a = 0; a < file->animations.size(); ++a) {
            const TaeAnimation& animation = file->animations[a];
            for (size_t e = 0; e < animation.events.size(); ++e) {
                const TaeEvent& event = animation.events[e];
                if (event.type != q.type) continue;
                Bytes params = file->parameters(event);
                decode_event_into(decoded, templates, uint32_t(event.type), params);
                if (field >= decoded.fields.present_count() || decoded.fields.raw(field) != *wanted) continue;
                if (out.hits.size() >= kMaxSearchHits) {
                    out.truncated = true;
                    return out;
                }
                out.hits.push_back(SearchHit{int(t), int(a), int(e),
                                             event_type_label(templates, event.type) + ": " +
                                                 templ->fields[field].name + " = " +
                                                 decoded.fields[field].value_text(params)});
            }
        }
    }
    return out;
}

}  // namespace

SearchResult search_document(const LoadedDocument& doc, const std::string& raw_query) {
    SearchResult out;
    std::string query = lower(trim(raw_query));
    if (std::optional<FieldQuery> field_query = parse_field_query(query)) return search_field_value(doc, *field_query);
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
    std::optional<double> number = parse_number_text(query);
    auto add = [&](SearchHit hit) {
        if (out.hits.size() >= kMaxSearchHits) {
            out.truncated = true;
            return false;
        }
        out.hits.push_back(std::move(hit));
        return true;
    };

    DecodedEvent decoded;  // reused for every event
    std::unordered_map<const EventTypeTemplate*, bool> name_matches;  // whether a type's name holds the query
    for (size_t t = 0; t < doc.tae_file_count(); ++t) {
        const TaeFile* file = doc.tae(t);
        if (!file) continue;
        const DocumentTae& entry = doc.tae_entry(t);
        const GameTemplates* templates = doc.info[t].templates;
        for (size_t a = 0; a < file->animations.size(); ++a) {
            const TaeAnimation& animation = file->animations[a];
            if (scope == Scope::Any || scope == Scope::Animation) {
                // The name is written only where it is compared or shown (a number query in any
                // scope but anim: compares numbers only).
                std::string name;
                if (!number || scope == Scope::Animation) name = full_animation_name(entry, animation);
                bool match =
                    number ? (double(entry.full_number(animation)) == *number || double(animation.number) == *number)
                           : name.find(query) != std::string::npos;
                if (scope == Scope::Animation && !match) match = name.find(query) != std::string::npos;
                if (match) {
                    if (name.empty()) name = full_animation_name(entry, animation);
                    if (!add(SearchHit{int(t), int(a), -1, "animation " + name})) return out;
                }
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
                        if (templ) {
                            auto known = name_matches.find(templ);
                            if (known == name_matches.end())
                                known = name_matches.emplace(templ, lower(templ->name).find(query) != std::string::npos).first;
                            match = known->second;
                        }
                    }
                    if (match && !add(SearchHit{int(t), int(a), int(e),
                                                "type " + std::to_string(event.type) + " " +
                                                    event_type_label(templates, event.type)}))
                        return out;
                }
                if (!number || !(scope == Scope::Any || scope == Scope::Value)) continue;
                Bytes params = file->parameters(event);
                decode_event_into(decoded, templates, uint32_t(event.type), params);
                // Field types from the template's packed loads (when they are current), so that
                // a field is only assembled, and its text only written, where it may match.
                const FieldLoad* loads = decoded.templ ? decoded.templ->current_loads() : nullptr;
                for (size_t i = 0; i < decoded.fields.present_count(); ++i) {
                    const FieldType type = loads ? loads[i].type : decoded.fields[i].field->type;
                    const uint32_t size = loads ? loads[i].end - loads[i].offset : decoded.fields[i].size;
                    const NumberMatch m = raw_matches_number(type, size, decoded.fields.raw(i), *number);
                    if (m == NumberMatch::No) continue;
                    const DecodedField f = decoded.fields[i];
                    if (m == NumberMatch::ByText && !value_text_equals_number(f, params, *number)) continue;
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
