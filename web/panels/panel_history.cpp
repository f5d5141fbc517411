// History window: every remembered edit step, oldest first; the done ones bright, the undone
// ones dim. Clicking a step undoes or redoes until that step is the last one done; the first
// line is the file as it was opened. Ctrl+H toggles it, Ctrl+Z / Ctrl+Y step through it.
#include <algorithm>
#include <cstdio>

#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

void draw_history_window(App& app) {
    AppState& s = app.state();
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize(ImVec2(std::min(420.0f, io.DisplaySize.x * 0.4f), io.DisplaySize.y * 0.45f),
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - 20, io.DisplaySize.y * 0.12f), ImGuiCond_Appearing, ImVec2(1, 0));
    if (!ImGui::Begin("Edit history (Ctrl+H)", &s.windows.history, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    const EditSession& session = s.document->session;
    std::vector<HistoryEntry> history = session.history();
    ImGui::BeginDisabled(!session.can_undo());
    if (ImGui::Button("Undo")) app.undo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!session.can_redo());
    if (ImGui::Button("Redo")) app.redo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("%zu of %zu steps done%s", session.steps_done(), history.size(),
                        session.is_dirty() ? "  | unsaved changes" : "");
    ImGui::Separator();
    ImGui::BeginChild("##steps");
    if (ImGui::Selectable("(as opened)", session.steps_done() == 0)) app.go_to_history(0);
    for (size_t i = 0; i < history.size(); ++i) {
        char label[320];
        std::snprintf(label, sizeof label, "%3zu  %s##step%zu", i + 1, history[i].label.c_str(), i);
        if (!history[i].done) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kTextDim));
        if (ImGui::Selectable(label, session.steps_done() == i + 1)) app.go_to_history(i + 1);
        if (!history[i].done) ImGui::PopStyleColor();
    }
    ImGui::EndChild();
    ImGui::End();
}

}  // namespace taescope::web
