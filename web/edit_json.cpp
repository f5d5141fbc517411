// state().edit (edit_json.h).
#include "edit_json.h"

#include "app.h"

namespace taescope::web {

// What the edit features show: dirty flag, history, the last message, the export dialog.
void write_edit_json(JsonWriter& json, const App& app) {
    const AppState& s = app.state();
    json.key("edit").begin_object();
    json.field("dirty", app.is_dirty())
        .field("message", s.edit.message)
        .field("messageIsError", s.edit.message_is_error);
    json.field("generation", s.edit.generation).field("clipboardEvents", uint64_t(s.edit.clipboard.events.size()));
    json.field("templatesMessage", s.edit.templates_message)
        .field("templatesMessageIsError", s.edit.templates_message_is_error);
    const TaeFileInfo* info = app.selected_tae_info();
    json.field("userTemplates", info && app.template_library().has_user_templates(info->game));
    if (s.document) {
        const EditSession& session = s.document->session;
        json.field("canUndo", session.can_undo()).field("canRedo", session.can_redo());
        json.field("stepsDone", uint64_t(session.steps_done()));
        json.key("history").begin_array();
        for (const HistoryEntry& h : session.history())
            json.begin_object().field("label", h.label).field("done", h.done).end_object();
        json.end_array();
        json.key("modifiedTaeFiles").begin_array();
        const auto& taes = s.document->document().taes;
        for (size_t i = 0; i < taes.size(); ++i)
            if (taes[i].modified) json.unsigned_integer(i);
        json.end_array();
    }
    const ExportDialogState& dialog = s.edit.export_dialog;
    json.key("export")
        .begin_object()
        .field("open", dialog.open)
        .field("scope", dialog.scope == ExportScope::WholeFile ? "file" : "tae")
        .field("method", dialog.method == ExportMethod::AsOpened ? "as-opened" : "dflt")
        .field("checked", dialog.checked)
        .field("error", dialog.error)
        .field("lastSaved", dialog.last_saved);
    json.key("blocking").begin_array();
    for (const ExportFinding& f : dialog.check.blocking) json.string(f.file + ": " + f.message);
    json.end_array();
    json.key("warnings").begin_array();
    for (const ExportFinding& f : dialog.check.warnings) json.string(f.file + ": " + f.message);
    json.end_array();
    json.end_object();
    json.end_object();
}

}  // namespace taescope::web
