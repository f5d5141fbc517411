// Search window: the whole binder searched at once (search_model.h) by event type number or
// template name, by decoded parameter value (a SpEffect id: any field equal to it), or by
// animation number or name. The list shows animation, event and what matched; clicking a hit
// selects its animation and event and puts the playhead on the event's start.
// Opens with Ctrl+Shift+F or the Search toggle in the status bar; Escape closes it.
#include <algorithm>
#include <cstdio>

#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

void draw_search_window(App& app) {
    AppState& s = app.state();
    SearchState& search = s.search;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize(ImVec2(std::min(560.0f, io.DisplaySize.x * 0.6f), io.DisplaySize.y * 0.55f),
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.18f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0));
    // Opened by an action (the shortcut, the Reference panel's "List in Search"): in front.
    if (search.focus_input) ImGui::SetNextWindowFocus();
    if (!ImGui::Begin("Search the binder (Ctrl+Shift+F)", &s.windows.search, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && ImGui::IsKeyPressed(ImGuiKey_Escape, false))
        s.windows.search = false;
    if (search.focus_input) {
        ImGui::SetKeyboardFocusHere();
        search.focus_input = false;
    }
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, "%s", search.query.c_str());
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Search").x - ImGui::GetStyle().FramePadding.x * 4);
    bool entered = ImGui::InputTextWithHint("##query", "233, type:711, value:1040, anim:a000_001040, spawn ffx", buffer,
                                            sizeof buffer, ImGuiInputTextFlags_EnterReturnsTrue);
    search.query = buffer;
    ImGui::SameLine();
    if (ImGui::Button("Search") || entered) app.run_search(search.query);
    if (!search.ran_query.empty()) {
        ImGui::TextDisabled("%zu hit%s for \"%s\"%s", search.hits.size(), search.hits.size() == 1 ? "" : "s",
                            search.ran_query.c_str(), search.truncated ? " (stopped at the limit)" : "");
    } else {
        ImGui::TextDisabled(
            "A number finds event types, parameter values and animation numbers; text finds "
            "template and animation names.");
    }
    const auto& doc = s.document;
    if (doc && ImGui::BeginTable("##hits", 3,
                                 ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                     ImGuiTableFlags_Resizable)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("animation", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 9);
        ImGui::TableSetupColumn("event", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3.5f);
        ImGui::TableSetupColumn("match", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(int(search.hits.size()));
        while (clipper.Step()) {
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const SearchHit& hit = search.hits[size_t(i)];
                const TaeAnimation* a = doc->animation(hit.tae_file, hit.animation);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::PushID(i);
                std::string name = a ? full_animation_name(doc->tae_entry(size_t(hit.tae_file)), *a) : "?";
                if (ImGui::Selectable(name.c_str(), search.selected == i, ImGuiSelectableFlags_SpanAllColumns))
                    app.jump_to_hit(i);
                ImGui::PopID();
                ImGui::TableNextColumn();
                if (hit.event >= 0)
                    ImGui::Text("#%d", hit.event);
                else
                    ImGui::TextDisabled("-");
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(hit.what.c_str());
            }
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

}  // namespace taescope::web
