// Export window: what will be written (the whole file, or the selected TAE file alone), how
// (the container method the file came in — Kraken is written as stored blocks — or DFLT), the
// pre-export check of engine/edit/export_check.h (blocking problems stop the export unless the
// user insists; warnings are listed), and the Download button, which hands the bytes to the
// page as a download under the original file name. Ctrl+S opens it. Below, "Export glTF…": the
// character as .glb (the selected animation or all of them).
#include <algorithm>
#include <cstdio>

#include "binder/animation_names.h"
#include "imgui.h"
#include "panels.h"
#include "theme.h"

namespace taescope::web {

namespace {

void findings_list(const char* id, const std::vector<ExportFinding>& findings, uint32_t color) {
    ImGui::BeginChild(
        id, ImVec2(0, std::min(8.0f, float(findings.size()) + 0.5f) * ImGui::GetTextLineHeightWithSpacing()), true);
    for (const ExportFinding& f : findings) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted((f.file + ": " + f.message).c_str());
        ImGui::PopTextWrapPos();
        ImGui::PopStyleColor();
    }
    ImGui::EndChild();
}

// glTF (.glb) for Blender and other tools (app_gltf.cpp, the bytes `taescope gltf` writes): the
// skeleton, the body when a model is read, and the selected animation or all of them.
void draw_gltf_export(App& app) {
    ExportDialogState& dialog = app.state().edit.export_dialog;
    ImGui::Separator();
    ImGui::TextUnformatted("glTF (.glb) for Blender:");
    ImGui::SameLine();
    const bool body = app.character().model_if_ready() != nullptr;
    ImGui::TextDisabled(body ? "the skeleton and the body (LOD0, skinned)"
                             : "the skeleton (open the model binder for the body)");
    const TaeAnimation* animation = app.selected_animation();
    int all = dialog.gltf_all || !animation ? 1 : 0;
    if (animation) {
        const std::string selected =
            "the selected animation (" + animation_name(app.selected_tae_entry()->full_number(*animation)) + ")";
        ImGui::RadioButton(selected.c_str(), &all, 0);
        ImGui::SameLine();
    }
    ImGui::RadioButton("every animation of the binders", &all, 1);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Every clip sampled at each of its frames: c5051's 110 animations with the body make a "
            "39 MB file and take some seconds, in the export worker (the page keeps working).");
    dialog.gltf_all = all != 0;
    const GltfExportModel& exporting = app.gltf_export();
    if (exporting.busy()) {
        // In the export worker: the page keeps drawing; the bar moves after each animation.
        const std::string text =
            exporting.phase() == GltfExportPhase::Copying
                ? std::string("handing the files to the export worker…")
                : std::to_string(exporting.done()) + " of " + std::to_string(exporting.total()) + " animations sampled" +
                      (exporting.total() && exporting.done() == exporting.total() ? ", writing the file…" : "");
        ImGui::ProgressBar(float(exporting.fraction()), ImVec2(ImGui::GetFontSize() * 16, 0), text.c_str());
        ImGui::SameLine();
        if (exporting.cancel_pending()) {
            ImGui::TextDisabled("cancelling…");
        } else if (ImGui::Button("Cancel##gltf")) {
            app.cancel_gltf_export();
        }
    } else {
        if (ImGui::Button("Export glTF…")) app.ask_gltf_export(dialog.gltf_all);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Sampled at each frame of the clip, no root motion; each animation's TAE events in its "
                "extras. Mirrored on Z into glTF's right-handed space. Written in a worker: the page "
                "keeps working, and the export can be cancelled.");
        if (exporting.phase() == GltfExportPhase::Cancelled) {
            ImGui::SameLine();
            ImGui::TextDisabled("the last export was cancelled");
        }
    }
    if (!dialog.gltf_error.empty())
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "%s", dialog.gltf_error.c_str());
    if (!dialog.gltf_last.empty()) ImGui::TextDisabled("last glTF: %s", dialog.gltf_last.c_str());
}

}  // namespace

void draw_export_window(App& app) {
    AppState& s = app.state();
    ExportDialogState& dialog = s.edit.export_dialog;
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize(ImVec2(std::min(600.0f, io.DisplaySize.x * 0.7f), 0), ImGuiCond_Appearing);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.15f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0));
    if (!ImGui::Begin("Export (Ctrl+S)", &dialog.open, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return;
    }
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) && ImGui::IsKeyPressed(ImGuiKey_Escape, false))
        dialog.open = false;
    const Document& doc = s.document->document();
    bool binder = doc.kind != PayloadKind::Tae;

    ImGui::TextUnformatted("Write");
    ImGui::SameLine();
    int scope = int(dialog.scope);
    if (ImGui::RadioButton(("the whole file (" + app.export_file_name(ExportScope::WholeFile) + ")").c_str(), &scope,
                           int(ExportScope::WholeFile)))
        dialog.checked = false;
    if (binder && app.selected_tae_info()) {
        ImGui::SameLine();
        if (ImGui::RadioButton(("this TAE only (" + app.export_file_name(ExportScope::SelectedTae) + ")").c_str(),
                               &scope, int(ExportScope::SelectedTae)))
            dialog.checked = false;
    } else {
        scope = int(ExportScope::WholeFile);
    }
    dialog.scope = ExportScope(scope);

    if (dialog.scope == ExportScope::WholeFile && doc.container.info.kind != ContainerKind::None) {
        int method = int(dialog.method);
        bool kraken = doc.container.info.method == CompressionMethod::Kraken;
        ImGui::TextUnformatted("Compression");
        ImGui::SameLine();
        ImGui::RadioButton((std::string("as opened (") + doc.container.info.variant_name() +
                            (kraken ? ", written as stored Kraken blocks" : "") + ")")
                               .c_str(),
                           &method, int(ExportMethod::AsOpened));
        if (kraken) {
            ImGui::SameLine();
            ImGui::RadioButton("DFLT (zlib)", &method, int(ExportMethod::Deflate));
        } else {
            method = int(ExportMethod::AsOpened);
        }
        dialog.method = ExportMethod(method);
        ImGui::TextDisabled(
            "Members you did not change keep their bytes; an unchanged payload keeps its compressed bytes.");
    }

    ImGui::Separator();
    const ExportCheck& check = app.export_check();
    size_t modified = 0;
    for (const DocumentTae& t : doc.taes) modified += t.modified;
    ImGui::Text("%zu TAE file%s changed, %zu edit step%s done%s", modified, modified == 1 ? "" : "s",
                s.document->session.steps_done(), s.document->session.steps_done() == 1 ? "" : "s",
                app.is_dirty() ? ", not yet exported" : "");
    if (check.blocking.empty())
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(0xFF70D070), "Check: nothing blocks the export.");
    else {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError),
                           "%zu blocking problem%s:", check.blocking.size(), check.blocking.size() == 1 ? "" : "s");
        findings_list("##blocking", check.blocking, palette::kError);
    }
    if (!check.warnings.empty()) {
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning),
                           "%zu warning%s (new since the file was opened):", check.warnings.size(),
                           check.warnings.size() == 1 ? "" : "s");
        findings_list("##warnings", check.warnings, palette::kWarning);
    }

    ImGui::Spacing();
    if (ImGui::Button(check.ok() ? "Download" : "Download anyway")) app.download_export(!check.ok());
    if (!check.ok() && ImGui::IsItemHovered())
        ImGui::SetTooltip("The game may not read this file. Written only because you insist.");
    ImGui::SameLine();
    if (ImGui::Button("Close")) dialog.open = false;
    if (!dialog.error.empty())
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kError), "%s", dialog.error.c_str());
    if (!dialog.last_saved.empty()) ImGui::TextDisabled("last download: %s", dialog.last_saved.c_str());
    draw_gltf_export(app);
    ImGui::End();
}

}  // namespace taescope::web
