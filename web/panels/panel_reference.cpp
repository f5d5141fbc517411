// Reference window (F2, or Reference in the page toolbar; no file needed): every event type of
// the built-in templates (SDT, ER, NR, DS3, AC6) and of a dropped template file, searched as
// the user types (type number, name, field name, named value), in every game or one. The
// chosen type is shown whole: each field with its offset, size, type, default, assert, named
// values and the confidence and source of what is said of it (the badge; hover it), what the
// simulator does with the type, where the other games' built-in templates differ, and, with a
// file open, how often the type occurs there and the values its fields take (a click lists
// those events in Search). Everything drawn comes from engine/reference through App, the same
// facts `taescope explain` prints; this file only draws them.
#include <algorithm>
#include <cstdio>
#include <string>

#include "evidence_badge.h"
#include "imgui.h"
#include "imgui_stdlib.h"
#include "inference_model.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

namespace {

ImVec4 color(uint32_t c) { return ImGui::ColorConvertU32ToFloat4(c); }

void heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextColored(color(palette::kAccent), "%s", text);
}

// The hits: game, type, name and the confidence of the name, one row each; only the rows on
// screen are laid out (a whole game's template is a few hundred rows).
void draw_hit_list(App& app) {
    ReferencePanelState& r = app.state().reference;
    if (!ImGui::BeginTable("##reference-hits", 4,
                           ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                               ImGuiTableFlags_SizingFixedFit))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("game", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.2f);
    ImGui::TableSetupColumn("type", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.2f);
    ImGui::TableSetupColumn("?", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("W").x + 8);
    ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    int shown_row = -1;
    if (r.scroll_to_shown && r.shown_type)
        for (size_t i = 0; i < r.hits.size(); ++i)
            if (r.hits[i].game == r.shown_game && r.hits[i].type == *r.shown_type) shown_row = int(i);
    ImGuiListClipper clipper;
    clipper.Begin(int(r.hits.size()));
    if (shown_row >= 0) clipper.IncludeItemByIndex(shown_row);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const ReferenceHit& hit = r.hits[size_t(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(i);
            const bool selected = r.shown_type && hit.game == r.shown_game && hit.type == *r.shown_type;
            if (ImGui::Selectable(hit.game.c_str(), selected, ImGuiSelectableFlags_SpanAllColumns))
                app.show_reference_type(hit.game, hit.type);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("matched: %s", hit.matched.c_str());
            if (i == shown_row) ImGui::SetScrollHereY(0.3f);
            ImGui::PopID();
            ImGui::TableNextColumn();
            ImGui::Text("%u", hit.type);
            ImGui::TableNextColumn();
            ImGui::TextColored(color(confidence_color(hit.confidence)), "%s", confidence_letter(hit.confidence));
            ImGui::TableNextColumn();
            if (hit.name.empty())
                ImGui::TextDisabled("(unnamed)");
            else
                ImGui::TextUnformatted(hit.name.c_str());
        }
    }
    if (shown_row >= 0 || !r.shown_type) r.scroll_to_shown = false;
    ImGui::EndTable();
}

// The named values of a field, as the template and the notes give them: "0 hide, 1 show, ...".
std::string named_values_text(const ReferenceField& f, size_t limit) {
    std::string out;
    size_t n = 0;
    for (const NamedValue& v : f.field.entries) {
        if (n++ == limit) return out + ", ...";
        out += (out.empty() ? "" : ", ") + format_field_value(f.field, v.raw) + " " + v.name;
    }
    if (f.from_notes)
        for (const KnowledgeStatement& s : f.knowledge.statements)
            for (const KnowledgeValue& v : s.values) {
                if (n++ == limit) return out + ", ...";
                out += (out.empty() ? "" : ", ") + std::to_string(v.value) + " " + v.meaning;
            }
    return out;
}

// The values a field takes in the open file, most frequent first: one small button each (a
// click lists those events in Search); values nothing names are marked '?'.
void draw_field_values(App& app, const ReferenceField& f, const FieldValueStatistics& values, int field) {
    if (values.values.empty()) {
        ImGui::TextDisabled(values.stored ? "(bytes)" : "-");
        return;
    }
    const size_t shown = std::min<size_t>(values.values.size(), 4);
    for (size_t v = 0; v < shown; ++v) {
        const FieldValueCount& value = values.values[v];
        const std::string name = f.value_name(value.raw);
        char label[96];
        std::snprintf(label, sizeof label, "%s%s x%llu##v%zu", f.value_text(value.raw).c_str(), name.empty() ? "?" : "",
                      static_cast<unsigned long long>(value.count), v);
        if (v) ImGui::SameLine();
        if (name.empty()) ImGui::PushStyleColor(ImGuiCol_Text, color(palette::kWarning));
        if (ImGui::SmallButton(label)) app.list_reference_events(field, value.raw);
        if (name.empty()) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("%s\nclick: list these events in Search",
                              name.empty() ? "no template entry or note names this value" : name.c_str());
    }
    if (values.distinct > shown) {
        ImGui::SameLine();
        ImGui::TextDisabled("+%llu", static_cast<unsigned long long>(values.distinct - shown));
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            for (size_t v = shown; v < values.values.size() && v < shown + 40; ++v) {
                const std::string name = f.value_name(values.values[v].raw);
                ImGui::Text("%s x%llu  %s", f.value_text(values.values[v].raw).c_str(),
                            static_cast<unsigned long long>(values.values[v].count),
                            name.empty() ? "(unnamed)" : name.c_str());
            }
            ImGui::EndTooltip();
        }
    }
}

void draw_statements(const KnowledgeEntry& entry) {
    for (const KnowledgeStatement& s : entry.statements) {
        ImGui::TextColored(color(confidence_color(s.confidence)), "%s", s.label().c_str());
        ImGui::SameLine();
        ImGui::TextWrapped("%s", s.text.c_str());
    }
}

// A type without a template: the layout inferred from the open file's events of that game
// (inference_model.h), each field marked Inferred with its evidence on hover.
void draw_inferred_layout(const ReferenceType& t) {
    const InferenceModel& model = inference_model();
    if (model.game() != t.game) return;
    const InferredLayout* layout = model.layout(int32_t(t.type));
    if (!layout) {
        if (model.status() == InferenceModel::Status::Running)
            ImGui::TextDisabled("Inferring layouts from the open file: %zu of %zu types...", model.types_done(),
                                model.types_total());
        return;
    }
    heading("Fields inferred from the open file");
    ImGui::TextDisabled("%llu events; stored lengths:", (unsigned long long)layout->events);
    for (const auto& [length, events] : layout->lengths) {
        ImGui::SameLine();
        ImGui::TextDisabled("%u bytes x%llu", length, (unsigned long long)events);
    }
    if (!ImGui::BeginTable("##reference-inferred", 7, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return;
    for (const char* name : {"@", "?", "Type", "Size", "Confidence", "Range", "Commonest"})
        ImGui::TableSetupColumn(name);
    ImGui::TableHeadersRow();
    for (const InferredField& f : layout->fields) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%02X", f.offset);
        ImGui::TableNextColumn();
        draw_evidence_badge(inferred_field_knowledge(t.game, int32_t(t.type), f));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(std::string(inferred_type_name(f.type)).c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%u", f.size);
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", std::string(inference_confidence_name(f.confidence)).c_str());
        ImGui::TableNextColumn();
        if (f.type == InferredType::Constant)
            ImGui::TextDisabled("constant, width undetermined: %s", f.could_be.c_str());
        else if (f.type != InferredType::Pad)
            ImGui::Text("%g .. %g", f.min, f.max);
        ImGui::TableNextColumn();
        if (!f.common.empty() && f.type != InferredType::Pad)
            ImGui::TextDisabled("0x%llX x%llu", (unsigned long long)f.common[0].first,
                                (unsigned long long)f.common[0].second);
    }
    ImGui::EndTable();
}

// `go_to`: another game's view of the type, shown after the frame's drawing (showing it now
// would replace `t` while it is drawn).
void draw_shown_type(App& app, const ReferenceType& t, std::string& go_to) {
    AppState& s = app.state();
    ImGui::Text("%u  %s", t.type, t.name.empty() ? "(unnamed)" : t.name.c_str());
    ImGui::SameLine();
    if (!t.type_knowledge.statements.empty()) draw_evidence_badge(t.type_knowledge);
    ImGui::SameLine();
    ImGui::TextDisabled("%s (%s)", t.title.c_str(), t.game.c_str());
    if (t.defined)
        ImGui::TextDisabled("template from %s: %u bytes, %zu fields", t.origin.c_str(), t.size, t.fields.size());
    else
        ImGui::TextColored(color(palette::kWarning), "The %s templates define no type %u.", t.game.c_str(), t.type);
    draw_statements(t.type_knowledge);

    const TypeValueStatistics* stats = app.shown_reference_statistics();
    if (s.document) {
        if (stats) {
            ImGui::Text("In %s: %llu events in %llu animations", s.load.file_name.c_str(),
                        static_cast<unsigned long long>(stats->events),
                        static_cast<unsigned long long>(stats->animations));
            if (stats->events) {
                ImGui::SameLine();
                if (ImGui::SmallButton("List in Search")) app.list_reference_events(-1, 0);
            }
        } else if (t.defined) {
            ImGui::TextDisabled("The open file has no %s event file: no counts.", t.game.c_str());
        }
    }

    if (!t.defined) draw_inferred_layout(t);

    if (!t.fields.empty()) {
        heading("Fields");
        const int columns = stats ? 9 : 8;
        if (ImGui::BeginTable("##reference-fields", columns,
                              ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                  ImGuiTableFlags_SizingStretchProp)) {
            ImGui::TableSetupColumn("@", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("0000").x);
            ImGui::TableSetupColumn("size", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("size").x);
            ImGui::TableSetupColumn("type", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("bytes[00]").x);
            ImGui::TableSetupColumn("?", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("W").x + 8);
            ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthStretch, 2.0f);
            ImGui::TableSetupColumn("default", ImGuiTableColumnFlags_WidthStretch, 0.6f);
            ImGui::TableSetupColumn("assert", ImGuiTableColumnFlags_WidthStretch, 0.6f);
            ImGui::TableSetupColumn("named values", ImGuiTableColumnFlags_WidthStretch, 2.0f);
            if (stats) ImGui::TableSetupColumn("values in the file", ImGuiTableColumnFlags_WidthStretch, 3.0f);
            ImGui::TableHeadersRow();
            ImGuiListClipper clipper;
            clipper.Begin(int(t.fields.size()));
            while (clipper.Step()) {
                for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                    const ReferenceField& f = t.fields[size_t(i)];
                    ImGui::PushID(i);
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                    ImGui::TextDisabled("%u", f.field.offset);
                    ImGui::TableNextColumn();
                    ImGui::TextDisabled("%u", f.field.size);
                    ImGui::TableNextColumn();
                    ImGui::TextUnformatted(f.type_text.c_str());
                    ImGui::TableNextColumn();
                    draw_evidence_badge(f.knowledge);
                    ImGui::TableNextColumn();
                    if (f.field.name.empty() || f.field.is_padding())
                        ImGui::TextDisabled("%s", f.field.name.empty() ? "(unnamed)" : f.field.name.c_str());
                    else
                        ImGui::TextUnformatted(f.field.name.c_str());
                    if (ImGui::IsItemHovered() && (!f.field.ref.empty() || !f.field.alias_enum.empty()))
                        ImGui::SetTooltip("refers to %s",
                                          !f.field.ref.empty() ? f.field.ref.c_str() : f.field.alias_enum.c_str());
                    ImGui::TableNextColumn();
                    ImGui::TextDisabled("%s", f.default_text.c_str());
                    ImGui::TableNextColumn();
                    ImGui::TextDisabled("%s", f.asserted_text.c_str());
                    ImGui::TableNextColumn();
                    const std::string named = named_values_text(f, 3);
                    ImGui::TextUnformatted(named.c_str());
                    if (ImGui::IsItemHovered() && named.size() > 0) {
                        ImGui::BeginTooltip();
                        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 34);
                        ImGui::TextUnformatted(named_values_text(f, 60).c_str());
                        ImGui::PopTextWrapPos();
                        ImGui::EndTooltip();
                    }
                    if (stats && size_t(i) < stats->fields.size()) {
                        ImGui::TableNextColumn();
                        draw_field_values(app, f, stats->fields[size_t(i)], i);
                    }
                    ImGui::PopID();
                }
            }
            ImGui::EndTable();
        }
    }

    heading("Simulator");
    for (const std::string& line : t.simulation) {
        ImGui::Bullet();
        ImGui::TextWrapped("%s", line.c_str());
    }

    heading("Other games' built-in templates");
    if (t.differences.empty() && t.games_without.empty())
        ImGui::TextDisabled("every other game defines it the same way");
    for (const ReferenceDifference& d : t.differences) {
        ImGui::Bullet();
        ImGui::PushID(&d);
        if (ImGui::SmallButton(d.game.c_str())) go_to = d.game;
        ImGui::PopID();
        ImGui::SameLine();
        ImGui::TextWrapped("%s", d.text.c_str());
    }
    if (!t.games_without.empty()) {
        std::string games;
        for (const std::string& g : t.games_without) games += (games.empty() ? "" : ", ") + g;
        ImGui::Bullet();
        ImGui::TextWrapped("no template for it in: %s", games.c_str());
    }

    if (!t.note_fields.empty() && ImGui::CollapsingHeader("What the format notes say of its bytes")) {
        for (const KnowledgeEntry* e : t.note_fields) {
            ImGui::Text("bytes %u..%u  %s", e->byte_offset, e->byte_offset + e->byte_size - 1, e->name.c_str());
            ImGui::Indent();
            draw_statements(*e);
            ImGui::Unindent();
        }
    }
    if (!t.every_event.empty() && ImGui::CollapsingHeader("What holds for every event of the game")) {
        for (const KnowledgeEntry* e : t.every_event) {
            ImGui::TextUnformatted(e->name.c_str());
            ImGui::Indent();
            draw_statements(*e);
            ImGui::Unindent();
        }
    }
}

}  // namespace

void draw_reference_window(App& app) {
    AppState& s = app.state();
    ReferencePanelState& r = s.reference;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x * 0.86f, io.DisplaySize.y * 0.8f), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.1f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0));
    bool open = true;
    if (!ImGui::Begin("Event reference (F2)", &open, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        if (!open) app.show_reference(false);
        return;
    }
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && ImGui::IsKeyPressed(ImGuiKey_Escape, false))
        open = false;

    // Search box, game, link.
    if (r.focus_search) {
        ImGui::SetKeyboardFocusHere();
        r.focus_search = false;
    }
    std::string query = r.query;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 22);
    const bool query_changed =
        ImGui::InputTextWithHint("##reference-query", "795, draw mask, Jump Table, SpEffect ...", &query);
    ImGui::SameLine();
    std::string game = r.game;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    if (ImGui::BeginCombo("##reference-game", game.empty() ? "every game" : game.c_str())) {
        if (ImGui::Selectable("every game", game.empty())) game.clear();
        for (const ReferenceSource& source : app.reference_index().sources())
            if (ImGui::Selectable(source.game.c_str(), game == source.game)) game = source.game;
        ImGui::EndCombo();
    }
    if (query_changed || game != r.game) app.set_reference_search(query, game);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu type%s%s", r.hits.size(), r.hits.size() == 1 ? "" : "s",
                        r.truncated ? " (stopped at the limit)" : "");
    ImGui::SameLine();
    if (ImGui::Button("Copy link")) app.copy_reference_link();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("A link to this view (#%s): it opens this type with no file needed",
                          app.reference_fragment().c_str());
    if (!r.message.empty()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", r.message.c_str());
    }
    if (!r.error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(color(palette::kError), "%s", r.error.c_str());
        ImGui::PopTextWrapPos();
    }

    // The list on the left, the shown type on the right.
    const float list_width = std::clamp(ImGui::GetContentRegionAvail().x * 0.34f, 220.0f, 460.0f);
    ImGui::BeginChild("##reference-list", ImVec2(list_width, 0), true);
    draw_hit_list(app);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("##reference-type", ImVec2(0, 0), true);
    std::string go_to;
    const ReferenceType* t = app.shown_reference_type();
    if (t)
        draw_shown_type(app, *t, go_to);
    else
        ImGui::TextDisabled("Pick a type on the left, or type a number, a name, a field or a named value.");
    ImGui::EndChild();
    ImGui::End();
    if (t && !go_to.empty()) app.show_reference_type(go_to, t->type);
    if (!open) app.show_reference(false);
}

}  // namespace taescope::web
