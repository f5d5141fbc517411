// Files panel: the event files of the opened document, then the selected file's animations as
// a searchable, sortable table (name aGGG_NNNNNN, number, events, length, header kind, import).
// Typing while the panel has focus goes to the filter; Up/Down move the selection (global).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "edit/edit_commands.h"
#include "imgui.h"
#include "misc/cpp/imgui_stdlib.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

namespace {

void draw_tae_file_list(App& app) {
    AppState& s = app.state();
    const LoadedDocument& doc = *s.document;
    size_t count = doc.tae_file_count();
    if (count == 0) {
        ImGui::TextDisabled("This file holds no event (TAE) file.");
        return;
    }
    ImGui::TextDisabled("%zu event file%s", count, count == 1 ? "" : "s");
    if (count == 1 && doc.tae(0)) return;  // one file: the table below says it all
    float rows = float(std::min<size_t>(count, 7));
    ImGui::BeginChild("##tae-files", ImVec2(0, rows * ImGui::GetTextLineHeightWithSpacing() + 6), true);
    ImGuiListClipper clipper;
    clipper.Begin(int(count));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const DocumentTae& entry = doc.tae_entry(size_t(i));
            const TaeFileInfo& info = doc.info[size_t(i)];
            char label[160];
            if (entry.tae)
                std::snprintf(label, sizeof label, "%-10s %5zu anims %6zu events  %s##%d", info.short_name.c_str(),
                              entry.tae->animations.size(), entry.tae->event_count(), info.game.c_str(), i);
            else
                std::snprintf(label, sizeof label, "%-10s (did not parse)##%d", info.short_name.c_str(), i);
            if (!entry.tae) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(palette::kError));
            if (ImGui::Selectable(label, s.selection.tae_file == i)) app.select_tae_file(i);
            if (!entry.tae) ImGui::PopStyleColor();
            if (ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                ImGui::Text("%s", entry.name.c_str());
                ImGui::TextDisabled("member ID %d, slot %d", entry.slot.id, entry.slot.slot);
                if (entry.error)
                    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "%s",
                                       entry.error->to_string().c_str());
                ImGui::EndTooltip();
            }
        }
    }
    ImGui::EndChild();
}

void apply_sort_specs(FilesPanelState& files) {
    ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
    if (!specs || !specs->SpecsDirty) return;
    if (specs->SpecsCount > 0) {
        files.sort_column = AnimationSortColumn(specs->Specs[0].ColumnUserID);
        files.sort_ascending = specs->Specs[0].SortDirection != ImGuiSortDirection_Descending;
    }
    files.dirty = true;
    specs->SpecsDirty = false;
}

// Right-click on an animation: duplicate, renumber, remove, or add a new one. Numbers are as the
// file stores them (within the group for a player group file aNN.tae).
void animation_context_menu(App& app, const DocumentTae& entry, int index) {
    AppState& s = app.state();
    const TaeAnimation& a = entry.tae->animations[size_t(index)];
    uint64_t& number = s.edit.animation_number;
    if (ImGui::IsWindowAppearing()) number = app.free_animation_number(a.number);
    AnimationTarget target{size_t(s.selection.tae_file), size_t(index)};
    ImGui::TextDisabled("%s (stored number %llu)", full_animation_name(entry, a).c_str(), (unsigned long long)a.number);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
    ImGui::InputScalar("number", ImGuiDataType_U64, &number);
    if (ImGui::MenuItem("Duplicate as this number")) app.apply_edit(DuplicateAnimation{target, number});
    if (ImGui::MenuItem("Renumber to this number")) app.apply_edit(RenumberAnimation{target, number});
    if (ImGui::MenuItem("Add a new, empty animation with this number"))
        app.apply_edit(AddAnimation{size_t(s.selection.tae_file), number});
    ImGui::Separator();
    if (ImGui::MenuItem("Remove this animation")) app.apply_edit(RemoveAnimation{target});
}

}  // namespace

void draw_files_panel(App& app, const PanelRect& rect) {
    AppState& s = app.state();
    FilesPanelState& files = s.files;
    place_next_window(rect);
    ImGui::Begin("Files", &s.windows.files, kTiledWindowFlags);
    draw_tae_file_list(app);

    const DocumentTae* entry = app.selected_tae_entry();
    if (entry && entry->error) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "%s", entry->error->to_string().c_str());
        ImGui::PopTextWrapPos();
    }
    if (!entry || !entry->tae) {
        ImGui::End();
        return;
    }
    const auto& animations = entry->tae->animations;

    // Filter: typing while the panel has focus lands here.
    bool panel_focused = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    ImGuiIO& io = ImGui::GetIO();
    if (panel_focused && !io.WantTextInput && !io.KeyCtrl && io.InputQueueCharacters.Size > 0) {
        for (ImWchar c : io.InputQueueCharacters)
            if (c > 32 && c < 127 && c != '/') files.filter += char(c);
        files.focus_filter = true;
        files.dirty = true;
    }
    if (files.focus_filter) {
        ImGui::SetKeyboardFocusHere();
        files.focus_filter = false;
    }
    ImGui::SetNextItemWidth(-1);
    if (ImGui::InputTextWithHint("##filter", "filter: name or number (type, / or Ctrl+F)", &files.filter))
        files.dirty = true;
    if (ImGui::IsItemActive() && ImGui::IsKeyPressed(ImGuiKey_Escape)) {
        files.filter.clear();
        files.dirty = true;
    }
    if (ImGui::IsItemActive() && (ImGui::IsKeyPressed(ImGuiKey_DownArrow) || ImGui::IsKeyPressed(ImGuiKey_UpArrow)))
        app.step_animation(ImGui::IsKeyPressed(ImGuiKey_DownArrow) ? 1 : -1);

    app.refresh_visible_animations();
    ImGui::TextDisabled("%zu of %zu animations", files.visible.size(), animations.size());

    ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg |
                            ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("##animations", 6, flags)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("a0000_000000").x,
                                int(AnimationSortColumn::Name));
        ImGui::TableSetupColumn("Number", ImGuiTableColumnFlags_DefaultSort, 0, int(AnimationSortColumn::Number));
        ImGui::TableSetupColumn("Events", ImGuiTableColumnFlags_PreferSortDescending, 0,
                                int(AnimationSortColumn::Events));
        ImGui::TableSetupColumn("Length", ImGuiTableColumnFlags_PreferSortDescending, 0,
                                int(AnimationSortColumn::Length));
        ImGui::TableSetupColumn("Header", 0, 0, int(AnimationSortColumn::HeaderKind));
        ImGui::TableSetupColumn("Import", 0, 0, int(AnimationSortColumn::ImportSource));
        ImGui::TableHeadersRow();
        apply_sort_specs(files);
        app.refresh_visible_animations();

        float row_height = ImGui::GetTextLineHeightWithSpacing();
        if (files.scroll_to_selection) {
            files.scroll_to_selection = false;
            for (size_t pos = 0; pos < files.visible.size(); ++pos) {
                if (files.visible[pos] != s.selection.animation) continue;
                float y = float(pos) * row_height, top = ImGui::GetScrollY(),
                      height = ImGui::GetWindowHeight() - row_height * 2;
                if (y < top)
                    ImGui::SetScrollY(y);
                else if (y > top + height)
                    ImGui::SetScrollY(y - height);
                break;
            }
        }
        ImGuiListClipper clipper;
        clipper.Begin(int(files.visible.size()), row_height);
        while (clipper.Step()) {
            for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
                int index = files.visible[size_t(row)];
                const TaeAnimation& a = animations[size_t(index)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                std::string name = full_animation_name(*entry, a);
                bool selected = index == s.selection.animation;
                if (ImGui::Selectable((name + "##" + std::to_string(index)).c_str(), selected,
                                      ImGuiSelectableFlags_SpanAllColumns | ImGuiSelectableFlags_AllowOverlap))
                    app.select_animation(s.selection.tae_file, index);
                if (ImGui::BeginPopupContextItem()) {
                    animation_context_menu(app, *entry, index);
                    ImGui::EndPopup();
                }
                ImGui::TableNextColumn();
                ImGui::Text("%llu", (unsigned long long)entry->full_number(a));
                ImGui::TableNextColumn();
                ImGui::Text("%zu", a.events.size());
                ImGui::TableNextColumn();
                // The true length from the Havok header where there is one (read for the rows
                // drawn, cached by the character), else guessed from the events (marked "~").
                AnimationLength true_length = app.animation_true_length(*entry, a);
                if (true_length.known) {
                    ImGui::Text(" %3uf %5.2fs", true_length.frame_count, true_length.duration);
                    if (ImGui::IsItemHovered())
                        ImGui::SetTooltip("From the animation's Havok data: %u frames at %.0f fps%s",
                                          true_length.frame_count,
                                          true_length.frame_duration > 0 ? 1.0 / true_length.frame_duration : 0.0,
                                          true_length.additive ? ", additive" : "");
                } else {
                    double length = animation_length(a);
                    ImGui::TextDisabled("~%3.0ff %5.2fs", std::max(0.0, std::ceil(length * kFramesPerSecond - 1e-6)),
                                        length);
                    if (ImGui::IsItemHovered())
                        ImGui::SetTooltip("Guessed from the events (30 fps frames): %s", true_length.reason.c_str());
                }
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(header_kind_name(a.header_kind()));
                ImGui::TableNextColumn();
                if (a.header_kind() == TaeAnimationHeaderKind::ImportOther)
                    ImGui::Text("%d", a.import_source());
                else if (a.header_kind() == TaeAnimationHeaderKind::Standard && a.imports_hkx())
                    ImGui::TextDisabled("hkx %d", a.motion_source());
            }
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

}  // namespace taescope::web
