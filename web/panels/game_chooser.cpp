// The game of the open file in the status bar: its code, and on a click what decided it (the
// path root, or a guess from the event bank), the clues that point elsewhere, and a choice of
// the game to decode the file as (every event file; "as detected" goes back to the clues).
#include <string>

#include "imgui.h"
#include "panels.h"
#include "templates/builtin_templates.h"
#include "templates/game_detection.h"
#include "theme.h"

namespace taescope::web {

void draw_game_chooser(App& app, const TaeFileInfo& info) {
    const bool chosen = info.game != info.detected.game;
    const bool guessed = !chosen && info.detected.guessed;
    const bool disagree = !info.detected.disagreements.empty();
    std::string label = "game " + (info.game.empty() ? std::string("unknown") : info.game);
    if (guessed) label += " (guess)";
    if (chosen) label += " (chosen)";
    if (disagree) label += " !";
    label += " |";
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(disagree ? palette::kWarning : palette::kTextDim));
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
    if (ImGui::SmallButton((label + "##game").c_str())) ImGui::OpenPopup("##game_popup");
    ImGui::PopStyleColor(2);
    if (ImGui::IsItemHovered() && !ImGui::IsPopupOpen("##game_popup"))
        ImGui::SetTooltip("%s\n%s\nClick to see the clues or choose the game.",
                          info.game.empty() ? "Game unknown" : std::string(game_title(info.game)).c_str(),
                          info.game_reason.c_str());
    if (!ImGui::BeginPopup("##game_popup")) return;
    ImGui::Text("%s", info.game.empty() ? "Game unknown" : std::string(game_title(info.game)).c_str());
    ImGui::TextDisabled("%s", info.game_reason.c_str());
    if (!info.templates)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning),
                           "No templates for this game: events are shown as raw bytes.");
    else if (app.template_library().has_user_templates(info.game))
        ImGui::TextDisabled("Decoded with the template file you dropped.");
    else if (!info.templates->sources.empty())
        ImGui::TextDisabled("Templates: %s", info.templates->sources.front().c_str());
    if (disagree) {
        ImGui::Separator();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning), "Clues that disagree:");
        for (const std::string& d : info.detected.disagreements) ImGui::BulletText("%s", d.c_str());
    }
    ImGui::Separator();
    ImGui::TextDisabled("Decode the file as:");
    const std::string detected =
        "As detected (" + (info.detected.game.empty() ? std::string("unknown") : info.detected.game) + ")";
    if (ImGui::RadioButton(detected.c_str(), !chosen)) app.choose_game("");
    for (const std::string& game : builtin_template_games()) {
        const std::string item = game + ": " + std::string(game_title(game));
        if (ImGui::RadioButton(item.c_str(), chosen && info.game == game)) app.choose_game(game);
    }
    ImGui::EndPopup();
}

}  // namespace taescope::web
