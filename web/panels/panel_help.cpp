// Help window: shortcuts, the mouse model of the timeline, and the legend of irregular events.
#include <algorithm>

#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

void draw_help_window(App& app) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(640.0f, io.DisplaySize.x - 40), 0), ImGuiCond_Appearing);
    if (!ImGui::Begin("Help", &app.state().windows.help, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    static const char* keys[][2] = {
        {"Ctrl+O", "open a file (where the browser allows; Open... always works, or drop a file)"},
        {"Space", "play / pause at the animation's own frame rate (its Havok clip's; 30 fps without one)"},
        {"Left / Right", "previous / next frame of that rate (Shift: 10 frames)"},
        {"Home / End", "first / last frame"},
        {"Up / Down", "previous / next animation (PageUp / PageDown: 10)"},
        {"F", "fit the timeline to the animation (over the Pose view: frame the character)"},
        {"P", "show / hide the Pose panel: the skeleton playing the animation"},
        {"R", "fit every timeline row in the panel's height (an overview); again: the normal row height"},
        {"/ or Ctrl+F", "filter animations (or just type in the Files panel)"},
        {"Ctrl+Shift+F", "search the whole binder: type number, template name, parameter value, animation"},
        {"Ctrl+Z / Ctrl+Y", "undo / redo (Ctrl+Shift+Z redoes too); Ctrl+H: the edit history"},
        {"Ctrl+C / X / V",
         "copy / cut / paste events (system clipboard, as text); V pastes at the playhead, "
         "Shift+V at the stored times"},
        {"Del / Ctrl+D", "delete / duplicate the selected events"},
        {"Ctrl+A", "select every event of the animation"},
        {"Ctrl+S", "export: the whole file or this TAE, checked first"},
        {"Esc", "clear the event selection, close this window or the search"},
        {"F2", "the event reference: every event type of SDT, ER, NR, DS3, AC6 (no file needed)"},
        {"F1", "this help"},
    };
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kAccent), "Keys");
    if (ImGui::BeginTable("##keys", 2, ImGuiTableFlags_SizingFixedFit)) {
        for (auto& k : keys) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(k[0]);
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", k[1]);
        }
        ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kAccent), "Timeline mouse");
    ImGui::BulletText("wheel: zoom around the cursor; Shift+wheel: scroll the rows");
    ImGui::BulletText(
        "Ctrl+wheel: zoom the rows' height around the row under the cursor (Fit rows, 1:1 in the toolbar)");
    ImGui::BulletText("right or middle drag: pan; drag empty space: select the bars in the box (Shift: add)");
    ImGui::BulletText("drag on the ruler: move the playhead; click empty space: jump there");
    ImGui::BulletText("click a bar: inspect it; Ctrl+click: add to / remove from the selection; Shift+click: add");
    ImGui::BulletText("drag a bar: move the selected events, snapped to frames (hold Alt: free)");
    ImGui::BulletText("drag a bar's left or right edge: change its start or end");
    ImGui::BulletText("Ctrl+click empty space: add an event of the last used type, 10 frames long");
    ImGui::BulletText("right-click: copy, paste, duplicate, delete, change type, add an event there");
    ImGui::BulletText("double-click empty space: fit; the rows combo orders rows as stored, by event group or by type");
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kAccent),
                       "Irregular events (marked ! in the row label)");
    for (EventTiming t : {EventTiming::NegativeStart, EventTiming::EndBeforeStart, EventTiming::OpenEnd,
                          EventTiming::ZeroLength, EventTiming::NotFinite}) {
        ImGui::Bullet();
        ImGui::TextWrapped("%s: %s", event_timing_id(t), event_timing_explanation(t));
    }
    ImGui::Spacing();
    ImGui::Bullet();
    ImGui::TextWrapped(
        "after-end: starts after the animation's true end (its Havok data's duration, the green "
        "\"end\" line): the animation is over before the event is reached.");
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kAccent), "Character view (P, or Character in the status bar)");
    ImGui::BulletText(
        "the skeleton at the playhead: clip frame = time / the clip's frame duration (as `taescope pose`)");
    ImGui::BulletText("left drag: orbit; right or middle drag: pan; wheel: zoom; F or Frame: frame the character");
    ImGui::BulletText("hover a joint: the bone's name, index, parent and model-space position");
    ImGui::BulletText("Root motion: on, the body moves along the clip's root motion (the amber path); off, in place");
    ImGui::BulletText("additive clips are drawn over the reference pose and labelled; without a clip: the reference");
    ImGui::BulletText("pose and why (no aXXX_YYYYYY.hkx in the files opened, a format not read, a damaged member)");
    ImGui::BulletText(
        "a player's animations live in other binders: drop c0000.anibnd.dcx with its c0000_a*.anibnd.dcx");
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kAccent), "Simulation");
    ImGui::BulletText("strip: the 32 mesh-mask groups (rows) over the frames (columns)");
    ImGui::BulletText("red hidden, green shown, grey default (no event decides: the character's own mask)");
    ImGui::BulletText("233 latches from its start; 711 / 713 act while active; a later record wins");
    ImGui::BulletText("hover a cell for the deciding event; click or drag to move the playhead");
    ImGui::BulletText("\"conditional\": starts only under a run-time condition (State Info ...), never certain");
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kAccent), "Page toolbar");
    ImGui::BulletText("Copy link: this animation's events in the URL (opens without the file)");
    ImGui::BulletText("PNG: download this animation's timeline as an image");
    ImGui::BulletText(
        "Compare...: set the open file against a reference file (the game's own): the diff, side by side");
    ImGui::BulletText("drop a template .xml (Smithbox or DSAnimStudio) to decode the open file's game with it");
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kAccent),
                       "Event reference (F2, Reference in the toolbar)");
    ImGui::BulletText("type a number (795), a name (Jump Table), a field name or a named value (draw mask, SpEffect)");
    ImGui::BulletText("a type shown whole: fields, offsets, asserts, named values, confidence and source of each");
    ImGui::BulletText("what the simulator does with it, and where the other games' templates differ");
    ImGui::BulletText(
        "with a file open: its count there and each field's values (? = no name); click one to list them");
    ImGui::BulletText("every view is a link (#v1.r=ER/795; Copy link); Back/Forward move between the types shown");
    ImGui::BulletText("Inspector: \"Open in Reference\" for the selected event's type");
    ImGui::Spacing();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kAccent), "Evidence badges (Inspector)");
    ImGui::BulletText("P Proven, O Observed (the data shows it), S Sourced (a community tool says so),");
    ImGui::BulletText("I Inferred, ? Unknown. Hover a badge for the source, other readings and the file's own counts.");
    ImGui::BulletText("\"Proven/Observed only\" hides names that only a community source gives (timeline too).");
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "Ruler: frames at 30 fps on top, seconds below. Blue lines: 0 and the last event's end; "
        "green: the animation's true end (Havok). Files panel lengths marked ~ are guessed from "
        "the events.");
    ImGui::TextWrapped("Files never leave this tab: the page makes no request but for its own files.");
    ImGui::PopStyleColor();
    ImGui::End();
}

}  // namespace taescope::web
