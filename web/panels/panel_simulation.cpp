// Simulation panel: what the game would do with the selected animation's events (engine/sim).
//
//   * the mask strip: the 32 mesh-mask groups' visibility over every frame (rows = groups,
//     columns = frames; hidden red, shown green, default grey), with the playhead; hovering a
//     cell says which event decided that group at that frame (or that none did). Drawn by our
//     GLSL ES 3.0 shader (mask_strip_renderer.h), or with draw-list rectangles as a fallback;
//   * the events active at the playhead, the effects started at this frame;
//   * conditional events (a run-time condition such as State Info) are flagged "conditional",
//     never shown as certain;
//   * with a model open (character_view_model.h), the mask rows name the meshes each group
//     drives (a tick beside the row, the hover tooltip, and a line under the legend).
// Clicking the strip moves the playhead; clicking an event in the lists selects it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "imgui.h"
#include "mask_strip_renderer.h"
#include "panels.h"
#include "simulation_frame.h"
#include "theme.h"

namespace taescope::web {

namespace {

constexpr uint32_t kMaskDefault = 0xFF403838;  // the shader's u_*_color, in ImGui's 0xAABBGGRR
constexpr uint32_t kMaskShown = 0xFF66B84D;
constexpr uint32_t kMaskHidden = 0xFF474DD9;

uint32_t mask_color(MaskVisibility v) {
    return v == MaskVisibility::Shown ? kMaskShown : v == MaskVisibility::Hidden ? kMaskHidden : kMaskDefault;
}

// frames x 32 bytes for the shader: 0 default, 1 shown, 2 hidden.
const std::vector<uint8_t>& strip_states(const AnimationSimulation& sim, uint64_t generation) {
    static std::vector<uint8_t> states;
    static uint64_t built_for = ~uint64_t(0);
    if (built_for == generation) return states;
    built_for = generation;
    states.assign(size_t(sim.frame_count()) * kMaskGroupCount, 0);
    for (uint32_t f = 0; f < sim.frame_count(); ++f) {
        const MaskState* m = sim.frame(f).masks;
        if (!m) continue;
        for (int g = 0; g < kMaskGroupCount; ++g)
            states[size_t(f) * kMaskGroupCount + size_t(g)] = uint8_t((*m)[size_t(g)].visibility);
    }
    return states;
}

// "mesh 7 #00#Weapon" for every mesh mask group `g` drives ("" without a model or meshes).
std::string meshes_of_group(App& app, int g) {
    std::string out;
    const CharacterView& body = app.character().view();
    for (size_t m : app.character().meshes_of_mask(g)) {
        if (!out.empty()) out += ", ";
        out += "mesh " + std::to_string(m);
        if (m < body.meshes.size()) out += " " + body.meshes[m].material;
    }
    return out;
}

std::string event_name(const SimEvent& e) {
    return "#" + std::to_string(e.index) + " " + (e.type_name.empty() ? "type " + std::to_string(e.type) : e.type_name);
}

std::string condition_text(const EventCondition& c) {
    std::string out;
    for (const ConditionValue& v : c.values)
        if (v.stored && v.value != 0) out += (out.empty() ? "" : ", ") + v.field + " " + std::to_string(v.value);
    return out;
}

void event_line(App& app, const SimEvent& e, bool selectable_here) {
    ImGui::PushID(int(e.index));
    std::string label = event_name(e);
    if (selectable_here) {
        if (ImGui::Selectable(label.c_str(), app.state().selection.event == int(e.index), 0,
                              ImVec2(ImGui::GetFontSize() * 14, 0)))
            app.select_event(int(e.index));
    } else {
        ImGui::Text("%s", label.c_str());
    }
    if (e.effect.starts_effect) {
        ImGui::SameLine();
        if (e.effect.effect_id)
            ImGui::TextDisabled("effect %lld", (long long)*e.effect.effect_id);
        else
            ImGui::TextDisabled("effect: %s", e.effect.note.c_str());
    }
    if (e.condition.conditional) {
        ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning), "conditional (%s)",
                           condition_text(e.condition).c_str());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Starts only under a run-time condition: not certain to happen.%s%s",
                              e.condition.note.empty() ? "" : "\n", e.condition.note.c_str());
    }
    ImGui::PopID();
}

void draw_strip(App& app, const DocumentSimulation& ds, const SimulationFrame& now, float height) {
    const AnimationSimulation& sim = ds.simulation;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float label_width = ImGui::CalcTextSize("32 ").x + 4;
    ImVec2 origin = ImGui::GetCursorScreenPos();
    float width = ImGui::GetContentRegionAvail().x;
    ImVec2 a(origin.x + label_width, origin.y), b(origin.x + width, origin.y + height);
    ImGui::InvisibleButton("##strip", ImVec2(std::max(1.0f, width), height));
    uint32_t frames = sim.frame_count();
    if (frames == 0 || b.x <= a.x) {
        draw->AddText(a, palette::kTextDim, "no frames to simulate");
        return;
    }
    float row_h = height / float(kMaskGroupCount), col_w = (b.x - a.x) / float(frames);
    SimulationViewState& view = app.state().simulation_view;
    view = SimulationViewState{a.x, a.y, b.x, b.y};
    // Rows that drive meshes of the open model: a tick in the label column.
    for (int g = 0; g < kMaskGroupCount; ++g)
        if (!app.character().meshes_of_mask(g).empty())
            draw->AddRectFilled(ImVec2(a.x - 4, a.y + row_h * float(g)), ImVec2(a.x - 1, a.y + row_h * float(g + 1)),
                                palette::kAccent);
    for (int g = 0; g < kMaskGroupCount; g += 4) {
        char text[8];
        std::snprintf(text, sizeof text, "%d", g + 1);
        draw->AddText(ImVec2(origin.x, a.y + row_h * float(g) + (row_h - ImGui::GetFontSize()) * 0.5f),
                      palette::kTextDim, text);
    }
    MaskStripRenderer& renderer = mask_strip_renderer();
    if (renderer.set_states(app.simulation_generation(), frames, strip_states(sim, app.simulation_generation()))) {
        renderer.draw(draw, a, b);
    } else {
        // Fallback: one rectangle per run of equal states in each row.
        const auto& states = strip_states(sim, app.simulation_generation());
        for (int g = 0; g < kMaskGroupCount; ++g) {
            uint32_t run = 0;
            for (uint32_t f = 1; f <= frames; ++f) {
                uint8_t v = states[size_t(run) * kMaskGroupCount + size_t(g)];
                if (f < frames && states[size_t(f) * kMaskGroupCount + size_t(g)] == v) continue;
                draw->AddRectFilled(ImVec2(a.x + col_w * float(run), a.y + row_h * float(g)),
                                    ImVec2(a.x + col_w * float(f), a.y + row_h * float(g + 1)),
                                    mask_color(MaskVisibility(v)));
                run = f;
            }
        }
    }
    // The playhead: the middle of its frame's column.
    if (now.frame >= 0 && now.frame < int64_t(frames)) {
        float x = a.x + col_w * (float(now.frame) + 0.5f);
        draw->AddLine(ImVec2(x, a.y - 2), ImVec2(x, b.y + 2), palette::kPlayhead, 1.5f);
    }
    if (ImGui::IsItemActive() && ImGui::GetIO().MousePos.x >= a.x) {
        int f = std::clamp(int((ImGui::GetIO().MousePos.x - a.x) / col_w), 0, int(frames) - 1);
        app.state().timeline.playing = false;
        app.set_time(double(f) / kFramesPerSecond);
    }
    if (ImGui::IsItemHovered()) {
        ImVec2 m = ImGui::GetIO().MousePos;
        if (m.x >= a.x && m.x < b.x && m.y >= a.y && m.y < b.y) {
            int f = std::clamp(int((m.x - a.x) / col_w), 0, int(frames) - 1);
            int g = std::clamp(int((m.y - a.y) / row_h), 0, kMaskGroupCount - 1);
            draw->AddRect(ImVec2(a.x + col_w * float(f), a.y + row_h * float(g)),
                          ImVec2(a.x + col_w * float(f + 1), a.y + row_h * float(g + 1)), 0xFFFFFFFF);
            const MaskGroupState& cell = (*sim.frame(uint32_t(f)).masks)[size_t(g)];
            view.hovered_group = g;
            view.hovered_frame = f;
            view.hovered_decided_by = cell.decided_by;
            ImGui::BeginTooltip();
            ImGui::Text("mask group %d, frame %d: %s", g + 1, f, mask_visibility_name(cell.visibility));
            const std::string meshes = meshes_of_group(app, g);
            if (!meshes.empty()) ImGui::Text("drives %s", meshes.c_str());
            if (cell.decided_by >= 0 && size_t(cell.decided_by) < sim.events().size()) {
                const SimEvent& e = sim.events()[size_t(cell.decided_by)];
                ImGui::Text("decided by %s", event_name(e).c_str());
                ImGui::TextDisabled("%s", mask_event_latches(e.type) ? "latched from its start (233)"
                                                                     : "while it is active (711 / 713)");
            } else {
                ImGui::TextDisabled("no event decides it: the character's own display mask applies");
            }
            ImGui::EndTooltip();
        }
    }
}

}  // namespace

void draw_simulation_panel(App& app, const PanelRect& rect) {
    AppState& s = app.state();
    place_next_window(rect);
    ImGui::Begin("Simulation", &s.windows.simulation, kTiledWindowFlags);
    const DocumentSimulation* ds = app.simulation();
    s.simulation_view = SimulationViewState{};
    if (!ds) {
        ImGui::TextDisabled("%s", app.simulation_error().empty() ? "Select an animation to simulate it."
                                                                 : app.simulation_error().c_str());
        ImGui::End();
        return;
    }
    const AnimationSimulation& sim = ds->simulation;
    SimulationFrame now = simulation_frame_at(sim, s.timeline.time);
    bool own_events = ds->import.events_from.tae_index == size_t(s.selection.tae_file) &&
                      ds->import.events_from.animation_index == size_t(s.selection.animation);

    ImGui::Text("frame %lld / %u", (long long)now.frame, sim.frame_count());
    ImGui::SameLine();
    ImGui::TextDisabled("| %s", convention_name(sim.convention()));
    if (!own_events) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning), "events from the import: %s",
                           ds->import.message.c_str());
    }

    float strip_height = std::clamp(ImGui::GetContentRegionAvail().y * 0.45f, 64.0f, 32.0f * 6);
    draw_strip(app, *ds, now, strip_height);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kMaskHidden), "hidden");
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kMaskShown), "shown");
    ImGui::SameLine();
    ImGui::TextDisabled("default   (%s; hover a cell for the deciding event)", mask_strip_renderer().mode().c_str());
    // The model's meshes per mask group (the material names' #NN#: group NN + 1).
    std::string driven;
    for (int g = 0; g < kMaskGroupCount; ++g) {
        const std::string meshes = meshes_of_group(app, g);
        if (!meshes.empty()) driven += (driven.empty() ? "" : ";  ") + std::to_string(g + 1) + ": " + meshes;
    }
    if (!driven.empty()) ImGui::TextWrapped("Mask groups of the model: %s", driven.c_str());

    ImGui::BeginChild("##simlists", ImVec2(0, 0), false);
    const auto& events = sim.events();
    ImGui::Text("Active at frame %lld: %zu", (long long)now.frame, now.active.size());
    for (uint32_t i : now.active) event_line(app, events[i], own_events);
    std::vector<uint32_t> effects;
    for (uint32_t i : now.started)
        if (events[i].effect.starts_effect) effects.push_back(i);
    ImGui::Spacing();
    ImGui::Text("Effects started at this frame: %zu", effects.size());
    for (uint32_t i : effects) event_line(app, events[i], own_events);
    if (!sim.notes().empty()) {
        ImGui::Spacing();
        for (const auto& note : sim.notes()) ImGui::TextDisabled("%s", note.c_str());
    }
    ImGui::EndChild();
    ImGui::End();
}

}  // namespace taescope::web
