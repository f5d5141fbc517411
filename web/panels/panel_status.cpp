// The strip at the top: what is open (file, container, counts, game) and the view toggles.
#include <algorithm>
#include <string>

#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

void draw_status_bar(App& app, const PanelRect& rect) {
    AppState& s = app.state();
    place_next_window(rect);
    ImGui::Begin("##status", nullptr, kTiledWindowFlags | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoScrollbar);
    // View toggles on the right edge; the facts on the left are clipped to the space before them.
    const char* labels[] = {"Files",  "Timeline", "Inspector", "Simulation", "Groups",   "Character",
                            "Search", "History",  "Export",    "Compare",    "Help (F1)"};
    bool* flags[] = {&s.windows.files,           &s.windows.timeline, &s.windows.inspector, &s.windows.simulation,
                     &s.windows.groups,          &s.windows.pose,     &s.windows.search,    &s.windows.history,
                     &s.edit.export_dialog.open, &s.windows.compare,  &s.windows.help};
    constexpr size_t kToggles = sizeof labels / sizeof labels[0];
    float toggles_width = 0;
    if (s.document)
        for (const char* label : labels)
            toggles_width +=
                ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2 + ImGui::GetStyle().ItemSpacing.x;
    float info_width = std::max(100.0f, ImGui::GetContentRegionAvail().x - toggles_width - 12);
    ImGui::BeginChild("##facts", ImVec2(info_width, ImGui::GetFrameHeight()), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::AlignTextToFramePadding();
    if (s.document) {
        const LoadedDocument& doc = *s.document;
        const Document& d = doc.document();
        ImGui::Text("%s", d.name.c_str());
        // The game first: on a narrow page the counts after it are clipped, never the game.
        if (const TaeFileInfo* info = app.selected_tae_info()) {
            ImGui::SameLine();
            draw_game_chooser(app, *info);
        }
        ImGui::SameLine();
        std::string wrapper =
            d.container.info.kind == ContainerKind::None ? "uncompressed" : "in " + d.container.info.variant_name();
        ImGui::TextDisabled("%s %s | %zu TAE file%s | %zu animations | %zu events | parsed in %.0f ms",
                            doc.kind_name().c_str(), wrapper.c_str(), d.taes.size(), d.taes.size() == 1 ? "" : "s",
                            app.document_totals().animations, app.document_totals().events, s.load.parse_milliseconds);
        if (app.is_dirty()) {
            ImGui::SameLine();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning), "| * unsaved changes");
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%zu edit step%s since the file was opened or last exported. Export: Ctrl+S.",
                                  doc.session.steps_done(), doc.session.steps_done() == 1 ? "" : "s");
        }
        if (!s.edit.message.empty()) {
            ImGui::SameLine();
            ImGui::TextColored(
                ImGui::ColorConvertU32ToFloat4(s.edit.message_is_error ? palette::kError : palette::kTextDim), "| %s",
                s.edit.message.c_str());
        }
        if (!s.edit.templates_message.empty()) {
            ImGui::SameLine();
            ImGui::TextColored(
                ImGui::ColorConvertU32ToFloat4(s.edit.templates_message_is_error ? palette::kError : palette::kTextDim),
                "| templates");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.edit.templates_message.c_str());
        }
        if (!d.notes.empty()) {
            ImGui::SameLine();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning), "| %zu note%s", d.notes.size(),
                               d.notes.size() == 1 ? "" : "s");
            if (ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                for (const auto& note : d.notes) ImGui::BulletText("%s", note.c_str());
                ImGui::EndTooltip();
            }
        }
    } else {
        ImGui::TextDisabled("no file open");
    }

    ImGui::EndChild();
    if (!s.document) {
        ImGui::End();
        return;
    }
    {
        ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - toggles_width);
        for (size_t i = 0; i < kToggles; ++i) {
            if (i) ImGui::SameLine();
            bool on = *flags[i];
            if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_Header));
            if (ImGui::SmallButton(labels[i])) {
                *flags[i] = !*flags[i];
                if (flags[i] == &s.windows.search && s.windows.search) s.search.focus_input = true;
            }
            if (on) ImGui::PopStyleColor();
        }
    }
    ImGui::End();
}

}  // namespace taescope::web
