// Frame-data window: every attack of the open binder (each type-1/5 event resolved through the
// game's params, params_model.h, engine/sim/frame_data.h) as one table row: its animation, the
// event, the animation's startup (first active frame of a resolved attack), the active window in
// 1/30 s frames and in the clip's own frames, shapes, reach (with the model), the AtkParam's damage
// fields, throws, and why a chain missed. Sortable by any column, filtered as you type
// (animation, miss, "throw"), a CSV download of the whole table; clicking a row selects its
// animation and event and puts the playhead at the window's start.
// Opened from the character view's Params popup (or taescope.showFrameData()).
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "binder/animation_names.h"
#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

namespace {

struct FrameDataRow {
    const AnimationFrameData* animation = nullptr;
    const AttackWindow* window = nullptr;
    const AttackEvent* event = nullptr;
    std::string name;    // "a000_003022"
    std::string damage;  // "atkPhys=120 atkStam=30"
};

enum Column { kAnimation, kEvent, kStartup, kStart, kEnd, kActive, kClip, kShapes, kReach, kDamage, kMiss, kColumns };

double sort_value(const FrameDataRow& r, int column) {
    switch (column) {
        case kEvent: return r.event->event_index;
        case kStartup: return r.animation->startup_frame ? *r.animation->startup_frame : 1e30;
        case kStart: return r.window->start_frame;
        case kEnd: return r.window->end_frame;
        case kActive: return r.window->end_frame - r.window->start_frame;
        case kClip: return r.window->start_clip_frame ? *r.window->start_clip_frame : 1e30;
        case kShapes: return double(r.window->shapes);
        case kReach: return r.window->reach ? *r.window->reach : -1;
        default: return 0;
    }
}

bool less_by(const FrameDataRow& a, const FrameDataRow& b, int column) {
    switch (column) {
        case kAnimation: return a.name < b.name;
        case kDamage: return a.damage < b.damage;
        case kMiss: return a.event->miss_text < b.event->miss_text;
        default: return sort_value(a, column) < sort_value(b, column);
    }
}

bool contains_text(const std::string& haystack, const std::string& needle) {
    auto lower = [](std::string s) {
        for (char& c : s) c = char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
        return s;
    };
    return lower(haystack).find(lower(needle)) != std::string::npos;
}

std::string optional_number(const std::optional<double>& v, const char* format) {
    if (!v) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, format, *v);
    return buf;
}

}  // namespace

void draw_frame_data_window(App& app) {
    AppState& s = app.state();
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize(ImVec2(std::min(980.0f, io.DisplaySize.x * 0.85f), io.DisplaySize.y * 0.6f),
                             ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.15f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0));
    if (!ImGui::Begin("Frame data", &s.windows.frame_data, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    const AttackChain* chain = app.attack_chain();
    if (!chain) {
        ImGui::TextWrapped(
            "Frame data needs the game's params: drop regulation.bin (or a decrypted one, a .parambnd.dcx or "
            ".param files) with the character's binders.");
        ImGui::End();
        return;
    }
    const std::vector<AnimationFrameData>& data = app.frame_data();
    static char filter[128] = "";
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
    ImGui::InputTextWithHint("##filter", "filter: a000_003, throw, miss...", filter, sizeof filter);
    ImGui::SameLine();
    if (ImGui::Button("Download CSV")) app.download_frame_data_csv();
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%zu attacks, %zu resolved; variation %d (%s)%s", chain->events().size(),
                        chain->resolved_count(), chain->character().variation,
                        chain->character().variation_source.c_str(),
                        app.params().frame_data_posed() ? "" : "; reach needs the model binder");

    static std::vector<FrameDataRow> rows;
    rows.clear();
    const std::string needle = filter;
    for (const AnimationFrameData& a : data)
        for (const AttackWindow& w : a.windows) {
            FrameDataRow r{&a, &w, &chain->events()[w.event], animation_name(a.animation), frame_data_damage_text(w)};
            if (!needle.empty()) {
                const bool match = contains_text(r.name, needle) || contains_text(r.event->miss_text, needle) ||
                                   contains_text(r.damage, needle) || (r.event->is_throw() && contains_text("throw", needle)) ||
                                   (r.event->miss != AttackMiss::None && contains_text("miss", needle));
                if (!match) continue;
            }
            rows.push_back(std::move(r));
        }
    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_Sortable | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("##frame-data", kColumns, flags)) {
        const float em = ImGui::GetFontSize();
        ImGui::TableSetupScrollFreeze(1, 1);
        ImGui::TableSetupColumn("animation", ImGuiTableColumnFlags_DefaultSort, em * 7);
        ImGui::TableSetupColumn("event", 0, em * 3);
        ImGui::TableSetupColumn("startup", 0, em * 3.5f);
        ImGui::TableSetupColumn("start", 0, em * 3.5f);
        ImGui::TableSetupColumn("end", 0, em * 3.5f);
        ImGui::TableSetupColumn("active", 0, em * 3.5f);
        ImGui::TableSetupColumn("clip frames", 0, em * 6);
        ImGui::TableSetupColumn("shapes", 0, em * 3.5f);
        ImGui::TableSetupColumn("reach m", 0, em * 4);
        ImGui::TableSetupColumn("damage", 0, em * 12);
        ImGui::TableSetupColumn("miss", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsCount > 0) {
            const int column = specs->Specs[0].ColumnIndex;
            const bool descending = specs->Specs[0].SortDirection == ImGuiSortDirection_Descending;
            std::stable_sort(rows.begin(), rows.end(), [&](const FrameDataRow& a, const FrameDataRow& b) {
                return descending ? less_by(b, a, column) : less_by(a, b, column);
            });
        }
        ImGuiListClipper clipper;
        clipper.Begin(int(rows.size()));
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const FrameDataRow& r = rows[size_t(i)];
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::PushID(i);
                const bool missed = r.event->miss != AttackMiss::None;
                if (missed) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
                if (ImGui::Selectable(r.name.c_str(), false, ImGuiSelectableFlags_SpanAllColumns))
                    app.jump_to_attack(r.animation->tae_index, r.animation->animation_index, r.event->event_index,
                                       r.window->start_seconds);
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s event %u: %s %d -> %s %s", r.name.c_str(), r.event->event_index,
                                      r.event->behavior_param.c_str(), r.event->behavior_row, r.event->atk_param.c_str(),
                                      r.event->atk_row ? std::to_string(*r.event->atk_row).c_str() : "-");
                ImGui::PopID();
                ImGui::TableNextColumn();
                ImGui::Text("%u", r.event->event_index);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(optional_number(r.animation->startup_frame, "%.4g").c_str());
                ImGui::TableNextColumn();
                ImGui::Text("%.4g", r.window->start_frame);
                ImGui::TableNextColumn();
                ImGui::Text("%.4g", r.window->end_frame);
                ImGui::TableNextColumn();
                ImGui::Text("%.4g", r.window->end_frame - r.window->start_frame);
                ImGui::TableNextColumn();
                if (r.window->start_clip_frame && r.window->end_clip_frame)
                    ImGui::Text("%.4g-%.4g", *r.window->start_clip_frame, *r.window->end_clip_frame);
                else
                    ImGui::TextDisabled("-");
                ImGui::TableNextColumn();
                ImGui::Text("%zu", r.window->shapes);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(optional_number(r.window->reach, "%.2f").c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r.event->is_throw() ? ("throw " + r.damage).c_str() : r.damage.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(r.event->miss_text.c_str());
                if (missed) ImGui::PopStyleColor();
            }
        ImGui::EndTable();
    }
    ImGui::End();
}

}  // namespace taescope::web
