// Compare window: the open file against a reference file (the game's, when the open one is a
// mod), the same diff as `taescope diff REFERENCE OPEN` (engine/compare/tae_diff.h). On top, the
// animations that differ (added, removed, changed, with their event counts); clicking one
// selects it. Below, the selected animation side by side: the reference's events on the left,
// the open file's on the right, paired as the diff matched them, with what changed and, on
// hover, the fields whose values differ. The diff follows every edit.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "binder/animation_names.h"
#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

namespace {

uint32_t change_color(EventChange change) {
    switch (change) {
        case EventChange::Unchanged:
            return palette::kTextDim;
        case EventChange::Moved:
            return palette::kAccent;
        case EventChange::Changed:
            return palette::kWarning;
        case EventChange::Added:
            return 0xFF60C860;
        case EventChange::Removed:
            return palette::kError;
    }
    return palette::kText;
}

uint32_t animation_color(AnimationDiffKind change) {
    switch (change) {
        case AnimationDiffKind::Unchanged:
            return palette::kTextDim;
        case AnimationDiffKind::Changed:
            return palette::kWarning;
        case AnimationDiffKind::Added:
            return 0xFF60C860;
        case AnimationDiffKind::Removed:
            return palette::kError;
    }
    return palette::kText;
}

std::string frames_text(uint32_t start_bits, uint32_t end_bits) {
    float start = TaeEvent::bits_to_f32(start_bits), end = TaeEvent::bits_to_f32(end_bits);
    char text[64];
    if (end_bits == kF32MaxBits)
        std::snprintf(text, sizeof text, "%.1f .. open", double(start) * kFramesPerSecond);
    else
        std::snprintf(text, sizeof text, "%.1f .. %.1f", double(start) * kFramesPerSecond,
                      double(end) * kFramesPerSecond);
    return text;
}

void event_cell(const GameTemplates* templates, const EventDifference& d, bool reference) {
    std::optional<uint32_t> index = reference ? d.index_a : d.index_b;
    if (!index) {
        ImGui::TextDisabled("-");
        return;
    }
    std::string label =
        "#" + std::to_string(*index) + " " + event_type_label(templates, d.type) + "  " +
        frames_text(reference ? d.start_bits_a : d.start_bits_b, reference ? d.end_bits_a : d.end_bits_b);
    ImGui::TextUnformatted(label.c_str());
}

}  // namespace

void draw_compare_window(App& app) {
    AppState& s = app.state();
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize(ImVec2(std::min(820.0f, io.DisplaySize.x * 0.8f), io.DisplaySize.y * 0.6f),
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.2f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0));
    if (!ImGui::Begin("Compare with a reference file", &s.windows.compare, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    const TaeSetDifference* diff = app.compare_difference();
    if (!diff) {
        ImGui::TextWrapped(
            "Compare… in the page's toolbar opens a reference file (the game's own, say) to set the open "
            "file against it.");
        if (!app.compare_error().empty())
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "%s", app.compare_error().c_str());
        ImGui::End();
        return;
    }
    ImGui::Text("%s (reference)  ->  %s (open)", app.compare_name().c_str(), s.load.file_name.c_str());
    ImGui::TextDisabled("%zu changed, %zu added, %zu removed, %zu unchanged animations", diff->changed, diff->added,
                        diff->removed, diff->unchanged);
    ImGui::SameLine();
    if (ImGui::SmallButton("Close the reference")) {
        app.close_compare();
        ImGui::End();
        return;
    }

    const GameTemplates* templates = s.document->session.templates();
    float list_height = std::min(ImGui::GetContentRegionAvail().y * 0.4f,
                                 (float(diff->animations.size()) + 1.5f) * ImGui::GetTextLineHeightWithSpacing());
    if (ImGui::BeginTable("##animations", 3,
                          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV,
                          ImVec2(0, std::max(list_height, ImGui::GetTextLineHeightWithSpacing() * 3)))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("Animation");
        ImGui::TableSetupColumn("Change");
        ImGui::TableSetupColumn("Events moved / changed / added / removed");
        ImGui::TableHeadersRow();
        const AnimationDifference* selected = app.selected_animation_difference();
        for (const AnimationDifference& a : diff->animations) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            std::string name = animation_name(a.full_number);
            if (ImGui::Selectable((name + "##diff").c_str(), selected == &a, ImGuiSelectableFlags_SpanAllColumns)) {
                // Select it in the open file (a removed one exists only in the reference).
                for (size_t t = 0; t < s.document->tae_file_count(); ++t) {
                    int index = app.find_animation(int(t), name);
                    if (index >= 0) {
                        app.select_animation(int(t), index);
                        break;
                    }
                }
            }
            ImGui::TableNextColumn();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(animation_color(a.change)), "%s",
                               animation_change_name(a.change));
            ImGui::TableNextColumn();
            ImGui::Text("%zu / %zu / %zu / %zu", a.count(EventChange::Moved), a.count(EventChange::Changed),
                        a.count(EventChange::Added), a.count(EventChange::Removed));
            if (!a.header_changes.empty() && ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                for (const std::string& h : a.header_changes) ImGui::BulletText("%s", h.c_str());
                ImGui::EndTooltip();
            }
        }
        ImGui::EndTable();
    }

    ImGui::Separator();
    const TaeAnimation* animation = app.selected_animation();
    const DocumentTae* entry = app.selected_tae_entry();
    const AnimationDifference* d = app.selected_animation_difference();
    if (!animation || !entry) {
        ImGui::End();
        return;
    }
    std::string name = full_animation_name(*entry, *animation);
    if (!d) {
        ImGui::TextDisabled("%s: the same in both files.", name.c_str());
        ImGui::End();
        return;
    }
    ImGui::Text("%s: %s", name.c_str(), animation_change_name(d->change));
    for (const std::string& h : d->header_changes) ImGui::BulletText("header: %s", h.c_str());
    for (const GroupDifference& g : d->groups) ImGui::BulletText("group of type %d: %s", g.type, g.note.c_str());
    if (ImGui::BeginTable("##events", 3,
                          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                              ImGuiTableFlags_Resizable)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn(("reference: " + app.compare_name()).c_str());
        ImGui::TableSetupColumn("change", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("unchanged").x + 8);
        ImGui::TableSetupColumn(("open: " + s.load.file_name).c_str());
        ImGui::TableHeadersRow();
        for (size_t i = 0; i < d->events.size(); ++i) {
            const EventDifference& e = d->events[i];
            ImGui::TableNextRow();
            ImGui::PushID(int(i));
            ImGui::TableNextColumn();
            event_cell(templates, e, true);
            ImGui::TableNextColumn();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(change_color(e.change)), "%s",
                               event_change_name(e.change));
            bool hovered = ImGui::IsItemHovered();
            ImGui::TableNextColumn();
            if (e.index_b) {
                bool selected = s.selection.is_event_selected(int(*e.index_b));
                std::string label = "#" + std::to_string(*e.index_b) + " " + event_type_label(templates, e.type) +
                                    "  " + frames_text(e.start_bits_b, e.end_bits_b);
                if (ImGui::Selectable(label.c_str(), selected)) app.select_event(int(*e.index_b));
            } else {
                ImGui::TextDisabled("-");
            }
            hovered |= ImGui::IsItemHovered();
            if (hovered && (!e.fields.empty() || e.times_changed || e.unknown04_changed)) {
                ImGui::BeginTooltip();
                if (e.times_changed)
                    ImGui::Text("times: %s  ->  %s", frames_text(e.start_bits_a, e.end_bits_a).c_str(),
                                frames_text(e.start_bits_b, e.end_bits_b).c_str());
                if (e.unknown04_changed) ImGui::Text("the i32 at +4 differs");
                for (const FieldDifference& f : e.fields)
                    ImGui::Text("@%02X %s: %s  ->  %s", f.offset, f.name.c_str(), f.before.c_str(), f.after.c_str());
                ImGui::TextDisabled("matched by: %s", event_match_pass_name(e.matched_by));
                ImGui::EndTooltip();
            }
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

}  // namespace taescope::web
