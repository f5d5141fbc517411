#include "evidence_badge.h"

#include <string>

#include "theme.h"

namespace taescope::web {

uint32_t confidence_color(Confidence c) {
    switch (c) {
        case Confidence::Proven:
            return 0xFF60C860;
        case Confidence::Observed:
            return 0xFFC8C040;
        case Confidence::Sourced:
            return palette::kWarning;
        case Confidence::Inferred:
            return 0xFFE080C0;
        case Confidence::Unknown:
            return palette::kTextDim;
    }
    return palette::kTextDim;
}

const char* confidence_letter(Confidence c) {
    switch (c) {
        case Confidence::Proven:
            return "P";
        case Confidence::Observed:
            return "O";
        case Confidence::Sourced:
            return "S";
        case Confidence::Inferred:
            return "I";
        case Confidence::Unknown:
            return "?";
    }
    return "?";
}

namespace {

void statement_lines(const KnowledgeStatement& st) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(confidence_color(st.confidence)), "%s", st.label().c_str());
    if (!st.text.empty()) ImGui::TextUnformatted(st.text.c_str());
    if (st.reads) ImGui::TextDisabled("reads the word as: %s", std::string(word_reading_name(*st.reads)).c_str());
    for (const KnowledgeValue& v : st.values) ImGui::BulletText("%lld: %s", (long long)v.value, v.meaning.c_str());
}

}  // namespace

void draw_evidence_badge(const KnowledgeEntry& entry, const StoredWordCounts* evidence) {
    Confidence c = entry.confidence();
    uint32_t color = confidence_color(c);
    ImVec2 pos = ImGui::GetCursorScreenPos();
    const char* letter = confidence_letter(c);
    ImVec2 size = ImGui::CalcTextSize(letter);
    float pad = 3;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    ImGui::Dummy(ImVec2(size.x + pad * 2, size.y));
    bool hovered = ImGui::IsItemHovered();
    draw->AddRectFilled(pos, ImVec2(pos.x + size.x + pad * 2, pos.y + size.y), (color & 0x00FFFFFF) | 0x50000000, 3);
    draw->AddRect(pos, ImVec2(pos.x + size.x + pad * 2, pos.y + size.y), color, 3);
    draw->AddText(ImVec2(pos.x + pad, pos.y), color, letter);
    if (!hovered) return;
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 34);
    ImGui::TextDisabled("%s", entry.name.c_str());
    statement_lines(entry.statements.front());
    auto alternatives = entry.alternatives();
    if (!alternatives.empty()) {
        ImGui::Separator();
        ImGui::TextDisabled("other readings, side by side:");
        for (const KnowledgeStatement& st : alternatives) statement_lines(st);
    }
    if (evidence) {
        ImGui::Separator();
        ImGui::TextDisabled("what this file stores:");
        ImGui::TextUnformatted(evidence->summary().c_str());
        if (entry.stored_reading)
            ImGui::TextDisabled("the notes say the stored values decide: %s",
                                std::string(word_reading_name(*entry.stored_reading)).c_str());
    }
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
}

}  // namespace taescope::web
