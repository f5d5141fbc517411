// What the canvas shows when no file is on screen: the invitation to drop one, the parsing
// state, or the error (the page shows the same in a DOM overlay; the canvas is never blank).
#include <cmath>

#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

namespace {

void centered_text(const char* text, uint32_t color) {
    float width = ImGui::CalcTextSize(text).x;
    ImGui::SetCursorPosX(std::max(ImGui::GetStyle().WindowPadding.x, (ImGui::GetWindowWidth() - width) * 0.5f));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
    ImGui::TextUnformatted(text);
    ImGui::PopStyleColor();
}

}  // namespace

void draw_welcome(App& app, const PanelRect& rect) {
    AppState& s = app.state();
    place_next_window(rect);
    ImGui::Begin("##welcome", nullptr, kTiledWindowFlags | ImGuiWindowFlags_NoTitleBar);
    ImGui::SetCursorPosY(rect.height * 0.32f);
    switch (s.load.phase) {
        case LoadPhase::Empty:
        case LoadPhase::Ready:
            centered_text("Drop a .tae or .anibnd.dcx file here", palette::kText);
            ImGui::Spacing();
            centered_text("or use Open... at the top of the page.", palette::kTextDim);
            ImGui::Spacing();
            centered_text("Files are read in this browser tab and never leave your machine.", palette::kTextDim);
            ImGui::Spacing();
            centered_text("F2: look up any event type of SDT, ER, NR, DS3 or AC6 (no file needed).", palette::kTextDim);
            break;
        case LoadPhase::Parsing: {
            std::string line = "Parsing " + s.load.file_name + " (" + std::to_string(s.load.file_size) + " bytes)";
            static const char* spinner[] = {"|", "/", "-", "\\"};
            line += "  ";
            line += spinner[(s.frame_counter / 8) % 4];
            centered_text(line.c_str(), palette::kText);
            ImGui::Spacing();
            float width = std::min(rect.width - 40.0f, 480.0f);
            ImGui::SetCursorPosX((rect.width - width) * 0.5f);
            ImGui::ProgressBar(float(s.load.progress), ImVec2(width, 0), s.load.progress_text.c_str());
            break;
        }
        case LoadPhase::Failed: {
            std::string title = "Could not open " + s.load.file_name;
            centered_text(title.c_str(), palette::kError);
            ImGui::Spacing();
            float wrap = std::min(rect.width - 40.0f, 720.0f);
            ImGui::SetCursorPosX((rect.width - wrap) * 0.5f);
            ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap);
            ImGui::TextUnformatted(s.load.error.message.c_str());
            if (s.load.error.offset != Error::kNoOffset) {
                ImGui::SetCursorPosX((rect.width - wrap) * 0.5f);
                ImGui::TextDisabled("at byte offset %llu (0x%llX)", (unsigned long long)s.load.error.offset,
                                    (unsigned long long)s.load.error.offset);
            }
            if (!s.load.error.context.empty()) {
                ImGui::SetCursorPosX((rect.width - wrap) * 0.5f);
                ImGui::TextDisabled("in %s", s.load.error.context.c_str());
            }
            ImGui::PopTextWrapPos();
            ImGui::Spacing();
            centered_text("Drop another file to try again.", palette::kTextDim);
            break;
        }
    }
    ImGui::End();
}

}  // namespace taescope::web
