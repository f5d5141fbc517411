// Inspector: the selected event's times, its parameter bytes decoded through the game's
// template (name, type, value, named value, ref), where bytes and template disagree, and the
// raw bytes in hex (the hovered field's bytes highlighted). A type without a template shows the
// fields inferred from the file's events (inference_model.h), marked Inferred; so do the bytes
// past a template's end.
//
// Editing: start and end (in frames; a whole number snaps, a fraction is stored as given), the
// type, each decoded field's value and the raw bytes are inputs applied on Enter, each as one
// undoable command (engine/edit). A field edit writes that field's bytes only.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "edit/edit_commands.h"
#include "evidence_badge.h"
#include "imgui.h"
#include "inference_model.h"
#include "panels.h"
#include "templates/event_decoder.h"
#include "templates/template_disagreements.h"
#include "theme.h"

namespace taescope::web {

namespace {

ImVec4 color(uint32_t c) { return ImGui::ColorConvertU32ToFloat4(c); }

// One time of the event: the stored value, and an input in frames that moves that edge.
void time_row(App& app, const char* what, EventEdge edge, float seconds, uint32_t bits) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextDisabled("%s", what);
    ImGui::TableNextColumn();
    if (bits == kF32MaxBits)
        ImGui::Text("f32 max (open end)");
    else if (std::isfinite(seconds))
        ImGui::Text("%.4f s   frame %.2f", seconds, seconds * kFramesPerSecond);
    else
        ImGui::Text("%g", seconds);
    ImGui::TableNextColumn();
    ImGui::TextDisabled("0x%08X", bits);
    ImGui::TableNextColumn();
    double frames = std::isfinite(seconds) && bits != kF32MaxBits ? double(seconds) * kFramesPerSecond : 0;
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6);
    ImGui::PushID(what);
    if (ImGui::InputDouble("frame##edit", &frames, 0, 0, "%.3f", ImGuiInputTextFlags_EnterReturnsTrue)) {
        const Selection& sel = app.state().selection;
        bool whole = std::fabs(frames - std::round(frames)) < 1e-6;
        app.apply_edit(ResizeEvent{{size_t(sel.tae_file), size_t(sel.animation), uint32_t(sel.event)},
                                   edge,
                                   frames / kFramesPerSecond,
                                   whole,
                                   0});
    }
    ImGui::PopID();
}

// Hex text ("0A 00 FF", spaces optional) to bytes; false on anything else.
bool parse_hex_bytes(const char* text, std::vector<uint8_t>& out) {
    out.clear();
    int high = -1;
    for (const char* p = text; *p; ++p) {
        char c = *p;
        if (c == ' ' || c == '\n' || c == '\t' || c == ',') continue;
        int v = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (v < 0) return false;
        if (high < 0) {
            high = v;
        } else {
            out.push_back(uint8_t(high * 16 + v));
            high = -1;
        }
    }
    return high < 0;
}

void draw_hex(Bytes bytes, int highlight_begin, int highlight_end, const std::vector<bool>& covered) {
    const float char_width = ImGui::CalcTextSize("0").x;
    for (size_t line = 0; line < bytes.size(); line += 16) {
        ImGui::TextDisabled("%04zX", line);
        for (size_t i = line; i < std::min(bytes.size(), line + 16); ++i) {
            ImGui::SameLine(0, i == line ? char_width * 2 : (i % 4 == 0 ? char_width : char_width * 0.5f));
            char text[4];
            std::snprintf(text, sizeof text, "%02X", bytes[i]);
            uint32_t c = int(i) >= highlight_begin && int(i) < highlight_end ? palette::kPlayhead
                         : covered[i]                                        ? palette::kText
                                                                             : palette::kTextDim;
            ImGui::TextColored(color(c), "%s", text);
        }
    }
}

// The fields inference gives (inference_model.h): every field of a type without a template, or
// the bytes past a template's end when some are not zero. Marked Inferred, the evidence on hover.
void draw_inferred_fields(const AppState& s, const std::string& game, const GameTemplates* templates,
                          const TaeEvent& event, Bytes params, const DecodedEvent& decoded, std::vector<bool>& covered,
                          int& highlight_begin, int& highlight_end) {
    const InferenceModel& model = inference_model();
    const InferredLayout* layout = model.layout(event.type);
    if (!layout) {
        if (model.status() == InferenceModel::Status::Running)
            ImGui::TextDisabled("Inferring layouts from the file's events: %zu of %zu types...", model.types_done(),
                                model.types_total());
        return;
    }
    const uint32_t from = decoded.templ ? decoded.templ->size() : 0;
    bool tail = false;
    for (size_t b = from; b < params.size(); ++b) tail = tail || params[b] != 0;
    if (decoded.templ && !tail) return;
    std::vector<const InferredField*> fields;
    for (const InferredField& f : layout->fields)
        if (f.offset >= from && f.offset + f.size <= params.size()) fields.push_back(&f);
    if (fields.empty()) return;
    if (!passes_evidence_filter(Confidence::Inferred, s.strong_evidence_only)) {
        ImGui::TextDisabled("(inferred fields hidden: Proven/Observed only)");
        return;
    }
    ImGui::TextDisabled(decoded.templ ? "Past the template's end, inferred from the file's %llu events of type %d:"
                                      : "Fields inferred from the file's %llu events of type %d:",
                        (unsigned long long)layout->events, event.type);
    if (model.status() == InferenceModel::Status::Done) {
        ImGui::SameLine();
        if (ImGui::SmallButton("Save inferred layouts")) download_inferred_templates(templates);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Every type of %s without a template, as a template file in our text format.\n"
                "Drop it back on the page (or give it to taescope check --templates): it adds\n"
                "those types and never replaces a community template.",
                game.c_str());
    }
    if (!ImGui::BeginTable("##inferred", 6,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp))
        return;
    ImGui::TableSetupColumn("@", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("000").x);
    ImGui::TableSetupColumn("?", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("W").x + 8);
    ImGui::TableSetupColumn("Field");
    ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("bytes").x);
    ImGui::TableSetupColumn("Value");
    ImGui::TableSetupColumn("Confidence");
    ImGui::TableHeadersRow();
    for (const InferredField* f : fields) {
        for (uint32_t b = f->offset; b < f->offset + f->size && b < covered.size(); ++b) covered[b] = true;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%02X", f->offset);
        ImGui::TableNextColumn();
        draw_evidence_badge(inferred_field_knowledge(game, event.type, *f));
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", f->type == InferredType::Pad        ? "(padding)"
                                  : f->type == InferredType::Constant ? "(constant, width undetermined)"
                                                                      : "(inferred)");
        bool hovered = ImGui::IsItemHovered();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s", std::string(inferred_type_name(f->type)).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(f->value_text(params).c_str());
        hovered |= ImGui::IsItemHovered();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("%s%s", std::string(inference_confidence_name(f->confidence)).c_str(),
                            f->constant ? ", constant" : "");
        if (hovered) highlight_begin = int(f->offset), highlight_end = int(f->offset + f->size);
    }
    ImGui::EndTable();
}

// A param row's fields by the paramdef, in a two-column table (inside a tree node the caller opened).
void draw_param_row(const params::ParamTable& table, int32_t row_id) {
    if (!table.file) return;
    auto row = table.file->find(row_id);
    if (!row) return;
    if (!table.layout) {
        ImGui::TextDisabled("no paramdef fits its rows: %s", table.layout_source.c_str());
        return;
    }
    if (ImGui::BeginTable("##row", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp)) {
        for (const params::RowFieldValue& f : params::row_field_values(table, *row)) {
            if (f.name.rfind("pad", 0) == 0 || f.name.rfind("dummy", 0) == 0) continue;  // padding: kept, not shown
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(f.name.c_str());
            if (ImGui::IsItemHovered() && !f.display_name.empty())
                ImGui::SetTooltip("%s  (%s at 0x%X)", f.display_name.c_str(), f.type.c_str(), f.offset);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(f.value.c_str());
        }
        ImGui::EndTable();
    }
}

// With the game's params open: a type-1/5 event's chain (judge id -> BehaviorParam row ->
// AtkParam row, its hit slots, named fields), and every template field that refers to a param
// (`ref=`) shown as that row, or "not in this regulation".
void draw_params_section(App& app, const DecodedEvent& decoded, Bytes params_bytes) {
    const AttackChain* chain = app.attack_chain();
    const params::Regulation* regulation = app.params().regulation();
    if (!chain || !regulation) return;
    const AppState& s = app.state();
    const AttackEvent* attack = app.params().attack_event(size_t(s.selection.tae_file), size_t(s.selection.animation),
                                                          uint32_t(s.selection.event));
    if (attack) {
        ImGui::Spacing();
        ImGui::SeparatorText("Attack (the game's params)");
        ImGui::Text("judge %d  ->  %s %d  ->  %s %s", attack->judge, attack->behavior_param.c_str(),
                    attack->behavior_row, attack->atk_param.empty() ? "?" : attack->atk_param.c_str(),
                    attack->atk_row ? std::to_string(*attack->atk_row).c_str() : (attack->ref_id >= 0 ? std::to_string(attack->ref_id).c_str() : "-"));
        if (attack->player && attack->behavior_rows_tried.size() > 1) {
            std::string tried;
            for (int32_t r : attack->behavior_rows_tried) tried += (tried.empty() ? "" : ", ") + std::to_string(r);
            ImGui::TextDisabled("player chain (Sourced): rows tried %s", tried.c_str());
        }
        ImGui::TextDisabled("variation %d (%s)", chain->character().variation, chain->character().variation_source.c_str());
        if (attack->miss != AttackMiss::None) {
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kWarning), "not drawn: %s", attack->miss_text.c_str());
        } else {
            for (const AttackHit& h : attack->hits)
                ImGui::BulletText("slot %u  %s  dummy %d%s  radius %.3f  hit type %u (%s)", h.slot,
                                  attack_shape_kind_name(h.kind), h.dummy1,
                                  h.kind == AttackShapeKind::Capsule ? (" - " + std::to_string(h.dummy2)).c_str() : "",
                                  double(h.radius), unsigned(h.hit_type),
                                  attack_shape_color_name(attack_shape_color(*attack, h)));
            if (attack->is_throw()) ImGui::BulletText("a throw (throwTypeId %u)", unsigned(attack->throw_type));
        }
        if (attack->behavior_found && ImGui::TreeNode("##behavior", "%s %d", attack->behavior_param.c_str(), attack->behavior_row)) {
            draw_param_row(chain->behavior_table(*attack), attack->behavior_row);
            ImGui::TreePop();
        }
        if (attack->atk_row && ImGui::TreeNode("##atk", "%s %d", attack->atk_param.c_str(), *attack->atk_row)) {
            draw_param_row(chain->atk_table(*attack), *attack->atk_row);
            ImGui::TreePop();
        }
    }
    // Fields that name a param row (the templates' ref=).
    bool header = false;
    for (size_t i = 0; i < decoded.fields.size(); ++i) {
        const DecodedField& field = decoded.fields[i];
        if (!field.present || !field.field || field.field->ref.empty()) continue;
        const std::optional<double> value = parse_number_text(field.value_text(params_bytes));
        if (!value || *value <= 0 || *value > 2147483647.0) continue;  // 0 / -1: no row named
        if (!header) {
            ImGui::Spacing();
            ImGui::SeparatorText("Rows the fields name");
            header = true;
        }
        const int32_t row = int32_t(*value);
        // A ref may name several params ("SpEffectParam,Bullet"): the first that the regulation holds and that has the row.
        std::string refs = field.field->ref;
        bool shown = false;
        size_t at = 0;
        while (at <= refs.size() && !shown) {
            size_t comma = refs.find_first_of(",;|", at);
            if (comma == std::string::npos) comma = refs.size();
            const std::string name = refs.substr(at, comma - at);
            at = comma + 1;
            if (name.empty()) continue;
            auto table = regulation->table(name);
            if (!table || !table->file || !table->file->find(row)) continue;
            ImGui::PushID(int(i));
            if (ImGui::TreeNode("##ref", "%s: %s %d", field.field->name.c_str(), name.c_str(), row)) {
                draw_param_row(*table, row);
                ImGui::TreePop();
            }
            ImGui::PopID();
            shown = true;
        }
        if (!shown) ImGui::TextDisabled("%s: %s %d not in this regulation", field.field->name.c_str(), refs.c_str(), row);
    }
}

}  // namespace

void draw_inspector_panel(App& app, const PanelRect& rect) {
    AppState& s = app.state();
    place_next_window(rect);
    ImGui::Begin("Inspector", &s.windows.inspector, kTiledWindowFlags);
    const TaeEvent* event = app.selected_event();
    const TaeFile* tae = app.selected_tae();
    const TaeFileInfo* info = app.selected_tae_info();
    if (!event || !tae || !info) {
        ImGui::TextDisabled("Click an event on the timeline to inspect it.");
        ImGui::End();
        return;
    }
    int index = s.selection.event;
    const TimelineRow& row = app.timeline().rows[size_t(index)];
    Bytes params = tae->parameters(*event);
    DecodedEvent decoded = decode_event(info->templates, uint32_t(event->type), params);
    std::vector<Finding> findings = find_disagreements(decoded, params);

    // The evidence filter and the type's own badge: what the notes say of the type as a whole.
    bool strong_only = s.strong_evidence_only;
    if (ImGui::Checkbox("Proven/Observed only", &strong_only)) app.set_strong_evidence_only(strong_only);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Hide every name and meaning that only a community source (or an inference) gives.\n"
            "Badges: P Proven, O Observed, S Sourced, I Inferred, ? Unknown; hover one for its source.");
    const std::string& game = info->game;
    const KnowledgeEntry* type_entry = knowledge_for_type(game, event->type);
    KnowledgeEntry type_default;
    if (!type_entry && decoded.templ) {
        type_default = template_type_knowledge(game, *decoded.templ);
        type_entry = &type_default;
    }
    ImGui::Text("Event #%d  %s", index, row.label.c_str());
    if (type_entry) {
        ImGui::SameLine();
        draw_evidence_badge(*type_entry, app.word_evidence(*type_entry));
    }
    ImGui::SameLine();
    ImGui::TextDisabled("type %d%s%s", event->type,
                        decoded.templ && !decoded.templ->origin.empty() ? "  template from " : "",
                        decoded.templ ? decoded.templ->origin.c_str() : "");
    ImGui::SameLine();
    if (ImGui::SmallButton("Open in Reference")) app.open_selected_event_in_reference();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Everything known of type %d in %s: fields, confidence, the other games, its values here (F2)", event->type,
            game.c_str());
    const EventTarget target{size_t(s.selection.tae_file), size_t(s.selection.animation), uint32_t(index)};
    if (s.selection.events.size() > 1)
        ImGui::TextDisabled("%zu events selected; this one is shown (Ctrl+click a bar to change the set)",
                            s.selection.events.size());
    if (ImGui::BeginTable("##times", 4, ImGuiTableFlags_SizingFixedFit)) {
        time_row(app, "start", EventEdge::Start, event->start(), event->start_bits);
        time_row(app, "end", EventEdge::End, event->end(), event->end_bits);
        ImGui::EndTable();
    }
    {
        int type = event->type;
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        if (ImGui::InputInt("type##edit", &type, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue) && type != event->type)
            app.apply_edit(ChangeEventType{target, type, false});
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Enter applies; the parameter bytes are kept (right-click the bar for\n"
                "Change type with the new type's template defaults).");
    }
    if (row.timing != EventTiming::Regular) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(color(palette::kWarning), "%s: %s", event_timing_id(row.timing),
                           event_timing_explanation(row.timing));
        ImGui::PopTextWrapPos();
    }
    if (row.after_end) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(color(palette::kWarning), "after-end: %s",
                           after_end_explanation(app.timeline(), row).c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::TextDisabled("%u parameter bytes%s   i32 at +4: %d", event->parameter_size,
                        event->parameter_offset_zero ? " (offset stored as 0)" : "", event->unknown04);

    // Whole-event findings first, then per field (flagged in the table).
    std::vector<const Finding*> field_findings(decoded.fields.size(), nullptr);
    for (const Finding& f : findings) {
        if (f.field_index >= 0 && size_t(f.field_index) < field_findings.size()) {
            field_findings[size_t(f.field_index)] = &f;
            continue;
        }
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(color(palette::kWarning), "(!) %s: %s", std::string(disagreement_id(f.kind)).c_str(),
                           f.detail.c_str());
        ImGui::PopTextWrapPos();
    }

    int highlight_begin = -1, highlight_end = -1;
    std::vector<bool> covered(params.size(), false);
    if (!decoded.templ) {
        ImGui::TextDisabled(info->templates ? "No template for this type in %s: raw bytes (and inferred fields below)."
                                            : "No templates for game '%s': raw bytes only.",
                            info->game.c_str());
    } else if (ImGui::BeginTable("##fields", 7,
                                 ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable |
                                     ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("@", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("000").x);
        ImGui::TableSetupColumn("?", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("W").x + 8);
        ImGui::TableSetupColumn("Field");
        ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("bytes").x);
        ImGui::TableSetupColumn("Value");
        ImGui::TableSetupColumn("Named");
        ImGui::TableSetupColumn("Ref");
        ImGui::TableHeadersRow();
        for (size_t i = 0; i < decoded.fields.size(); ++i) {
            const DecodedField& field = decoded.fields[i];
            if (field.present)
                for (uint32_t b = field.offset; b < field.offset + field.size && b < covered.size(); ++b)
                    covered[b] = true;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%02X", field.offset);
            ImGui::TableNextColumn();
            // What the notes say of these bytes, or the template's word (Sourced) when nothing more.
            const KnowledgeEntry* known = knowledge_for_field(game, event->type, field.offset);
            KnowledgeEntry from_template;
            if (!known) {
                from_template = template_field_knowledge(game, *decoded.templ, *field.field);
                known = &from_template;
            }
            draw_evidence_badge(*known, app.word_evidence(*known));
            bool meaning_shown = passes_evidence_filter(known->confidence(), s.strong_evidence_only);
            ImGui::TableNextColumn();
            const Finding* finding = field_findings[i];
            char hidden_name[48];
            std::snprintf(hidden_name, sizeof hidden_name, "bytes %02X..%02X", field.offset,
                          field.offset + std::max(field.size, 1u) - 1);
            const std::string name = meaning_shown ? field.field->name : std::string(hidden_name);
            if (finding)
                ImGui::TextColored(color(palette::kWarning), "(!) %s", name.empty() ? "(unnamed)" : name.c_str());
            else if (name.empty() || field.field->is_padding())
                ImGui::TextDisabled("%s", name.empty() ? "(unnamed)" : name.c_str());
            else
                ImGui::TextUnformatted(name.c_str());
            bool hovered = ImGui::IsItemHovered();
            if (hovered && finding)
                ImGui::SetTooltip("%s\n%s", std::string(disagreement_description(finding->kind)).c_str(),
                                  finding->detail.c_str());
            ImGui::TableNextColumn();
            ImGui::TextDisabled("%s", std::string(field_type_name(field.field->type)).c_str());
            ImGui::TableNextColumn();
            if (field.present) {
                char value[160];
                std::snprintf(value, sizeof value, "%s", field.value_text(params).c_str());
                ImGui::SetNextItemWidth(-1);
                ImGui::PushID(int(i));
                if (ImGui::InputText("##value", value, sizeof value, ImGuiInputTextFlags_EnterReturnsTrue))
                    app.apply_edit(SetEventField{target, i, value});
                ImGui::PopID();
                if (ImGui::IsItemHovered() && !field.field->entries.empty()) {
                    ImGui::BeginTooltip();
                    ImGui::TextDisabled("named values (type one and press Enter):");
                    for (const NamedValue& entry : field.field->entries)
                        ImGui::Text("%s  %s", format_field_value(*field.field, entry.raw).c_str(), entry.name.c_str());
                    ImGui::EndTooltip();
                }
            } else
                ImGui::TextColored(color(palette::kTextDim), "missing");
            hovered |= ImGui::IsItemHovered();
            ImGui::TableNextColumn();
            if (const NamedValue* named = field.named(); named && meaning_shown)
                ImGui::TextUnformatted(named->name.c_str());
            ImGui::TableNextColumn();
            if (!meaning_shown)
                ImGui::TextDisabled("(hidden: %s)", std::string(confidence_name(known->confidence())).c_str());
            else if (!field.field->ref.empty())
                ImGui::TextDisabled("%s", field.field->ref.c_str());
            else if (!field.field->alias_enum.empty())
                ImGui::TextDisabled("%s", field.field->alias_enum.c_str());
            if (hovered) highlight_begin = int(field.offset), highlight_end = int(field.offset + field.size);
        }
        ImGui::EndTable();
    }
    if (decoded.raw.size())
        ImGui::TextDisabled("%zu bytes from 0x%X are covered by no field", decoded.raw.size(), decoded.raw_offset);
    draw_inferred_fields(s, game, info->templates, *event, params, decoded, covered, highlight_begin, highlight_end);
    draw_params_section(app, decoded, params);

    ImGui::Spacing();
    ImGui::TextDisabled("raw bytes");
    draw_hex(params, highlight_begin, highlight_end, covered);
    {
        std::string hex;
        for (size_t b = 0; b < params.size(); ++b) {
            char two[4];
            std::snprintf(two, sizeof two, b % 4 == 3 ? "%02X " : "%02X", params[b]);
            hex += two;
        }
        std::vector<char> buffer(hex.begin(), hex.end());
        buffer.resize(std::max<size_t>(hex.size() * 2 + 64, 256), 0);
        ImGui::SetNextItemWidth(-1);
        if (ImGui::InputText("##raw", buffer.data(), buffer.size(), ImGuiInputTextFlags_EnterReturnsTrue)) {
            std::vector<uint8_t> bytes;
            if (parse_hex_bytes(buffer.data(), bytes))
                app.apply_edit(SetEventParameters{target, std::move(bytes)});
            else
                s.edit.message = "raw bytes: not hex", s.edit.message_is_error = true;
        }
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Edit the bytes as hex and press Enter (zero-padded to a multiple of 16).");
    }
    ImGui::End();
}

}  // namespace taescope::web
