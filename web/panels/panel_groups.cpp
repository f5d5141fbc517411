// Groups panel: the selected animation's event groups, each with its stored type and its
// member events. A group whose stored type differs from a member's type is flagged: the file
// says one thing about the group and another about its members.
#include <cstdio>
#include <string>

#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

void draw_groups_panel(App& app, const PanelRect& rect) {
    AppState& s = app.state();
    place_next_window(rect);
    ImGui::Begin("Groups", &s.windows.groups, kTiledWindowFlags);
    const TaeAnimation* animation = app.selected_animation();
    const TaeFileInfo* info = app.selected_tae_info();
    if (!animation) {
        ImGui::TextDisabled("No animation selected.");
        ImGui::End();
        return;
    }
    if (animation->groups.empty()) {
        ImGui::TextDisabled("This animation has no event groups.");
        ImGui::End();
        return;
    }
    ImGui::TextDisabled("%zu groups", animation->groups.size());
    for (size_t g = 0; g < animation->groups.size(); ++g) {
        const TaeEventGroup& group = animation->groups[g];
        size_t differing = 0, out_of_range = 0;
        for (uint32_t member : group.event_indices) {
            if (member >= animation->events.size())
                ++out_of_range;
            else if (animation->events[member].type != group.type)
                ++differing;
        }
        std::string label = event_type_label(info ? info->templates : nullptr, group.type);
        char header[200];
        std::string type_note =
            label.rfind("type ", 0) == 0 ? std::string() : " (type " + std::to_string(group.type) + ")";
        std::snprintf(header, sizeof header, "%s%zu  %s%s  %zu member%s###group%zu",
                      differing || out_of_range ? "(!) " : "", g, label.c_str(), type_note.c_str(),
                      group.event_indices.size(), group.event_indices.size() == 1 ? "" : "s", g);
        if (differing || out_of_range)
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kWarning));
        bool open = ImGui::TreeNodeEx(header, ImGuiTreeNodeFlags_SpanAvailWidth |
                                                  (int(g) == s.selection.group ? ImGuiTreeNodeFlags_Selected : 0));
        if (differing || out_of_range) ImGui::PopStyleColor();
        if (ImGui::IsItemClicked()) app.select_group(int(g));
        if ((differing || out_of_range) && ImGui::IsItemHovered())
            ImGui::SetTooltip("%zu member%s of another type than the group's stored type %d%s", differing,
                              differing == 1 ? "" : "s", group.type,
                              out_of_range ? "; some member indices point past the events" : "");
        if (!open) continue;
        for (uint32_t member : group.event_indices) {
            if (member >= animation->events.size()) {
                ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "event %u (no such event)", member);
                continue;
            }
            const TaeEvent& e = animation->events[member];
            const TimelineRow& row = app.timeline().rows[member];
            char text[200];
            std::snprintf(text, sizeof text, "%s#%u %s  %.3f..%.3f s##m%u", e.type != group.type ? "(!) " : "", member,
                          row.label.c_str(), e.start(), e.end(), member);
            if (ImGui::Selectable(text, s.selection.event == int(member))) app.select_event(int(member));
            if (e.type != group.type && ImGui::IsItemHovered())
                ImGui::SetTooltip("type %d, the group stores type %d", e.type, group.type);
        }
        ImGui::TreePop();
    }
    ImGui::End();
}

}  // namespace taescope::web
