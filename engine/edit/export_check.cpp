#include "edit/export_check.h"

#include <algorithm>
#include <map>

#include "binder/animation_names.h"
#include "tae/tae_reader.h"
#include "tae/tae_validator.h"
#include "tae/tae_writer.h"
#include "templates/tae_template_check.h"

namespace taescope {

namespace {

constexpr size_t kExamplesPerKind = 3;

Bytes original_bytes(const Document& doc, const DocumentTae& t) {
    if (t.slot.member_index == kNoMember) return doc.container.payload;
    if (doc.bnd4 && t.slot.member_index < doc.bnd4->members.size()) return doc.bnd4->members[t.slot.member_index].data;
    if (doc.bnd3 && t.slot.member_index < doc.bnd3->members.size()) return doc.bnd3->members[t.slot.member_index].data;
    return {};
}

// Validator findings of `edited` that `original` does not have (same code and message).
std::vector<TaeFinding> new_findings(const std::vector<TaeFinding>& original, const std::vector<TaeFinding>& edited) {
    std::map<std::pair<std::string, std::string>, size_t> known;
    for (const auto& f : original) ++known[{f.code, f.message}];
    std::vector<TaeFinding> out;
    for (const auto& f : edited) {
        auto it = known.find({f.code, f.message});
        if (it != known.end() && it->second > 0)
            --it->second;
        else
            out.push_back(f);
    }
    return out;
}

void check_templates(const DocumentTae& t, const TaeFile* original, const GameTemplates* templates, ExportCheck& out) {
    if (!templates) return;
    TaeTemplateReport now = check_tae_templates(*t.tae, templates);
    DisagreementCounts before{};
    if (original) before = check_tae_templates(*original, templates).tally.counts;
    for (size_t k = 0; k < kDisagreementKinds; ++k) {
        if (k == size_t(Disagreement::NoTemplate)) continue;  // a type without template is not the edit's fault
        uint64_t was = before[k], is = now.tally.counts[k];
        if (is <= was) continue;
        auto kind = Disagreement(k);
        std::string msg = std::to_string(is - was) + " more template finding(s) '" +
                          std::string(disagreement_id(kind)) + "' (" + std::string(disagreement_description(kind)) +
                          ")";
        size_t shown = 0;
        for (const auto& e : now.events) {
            for (const auto& f : e.findings) {
                if (f.kind != kind || shown >= kExamplesPerKind) continue;
                msg += std::string(shown ? "; " : ": ") + animation_name(t.slot.number_offset + e.animation_number) +
                       " event " + std::to_string(e.event_index) + " " + f.detail;
                ++shown;
            }
        }
        out.warnings.push_back({t.name, msg});
    }
}

}  // namespace

ExportCheck check_before_export(const Document& doc, const GameTemplates* templates) {
    ExportCheck out;
    for (const auto& t : doc.taes) {
        if (!t.modified || !t.tae) continue;
        std::vector<uint8_t> written = write_tae(*t.tae);
        auto reread = read_tae(written);
        if (!reread.ok()) {
            out.blocking.push_back({t.name, "the written file does not read back: " + reread.error().to_string()});
            continue;
        }
        if (write_tae(*reread) != written) {
            out.blocking.push_back({t.name, "the written file reads back to a model that writes different bytes"});
            continue;
        }
        Bytes original = original_bytes(doc, t);
        auto original_model = read_tae(original);
        for (const auto& f : new_findings(validate_tae(original), validate_tae(written))) {
            if (f.severity == TaeSeverity::Error)
                out.blocking.push_back({t.name, "breaks a format rule: " + f.to_string()});
            else
                out.warnings.push_back({t.name, f.to_string()});
        }
        check_templates(t, original_model.ok() ? &*original_model : nullptr, templates, out);
    }
    auto payload = export_payload(doc);
    if (!payload.ok()) out.blocking.push_back({doc.name, payload.error().to_string()});
    return out;
}

Result<std::vector<uint8_t>> export_tae_file(const Document& doc, size_t tae_index) {
    if (tae_index >= doc.taes.size())
        return make_error(Error::kNoOffset, "no event file " + std::to_string(tae_index) + " (the document has " +
                                                std::to_string(doc.taes.size()) + ")");
    const auto& t = doc.taes[tae_index];
    if (t.modified && t.tae) return write_tae(*t.tae);
    Bytes b = original_bytes(doc, t);
    return std::vector<uint8_t>(b.begin(), b.end());
}

Result<CheckedExport> export_checked(const Document& doc, const GameTemplates* templates, const ExportOptions& options,
                                     bool write_despite_blocking) {
    CheckedExport out;
    out.check = check_before_export(doc, templates);
    if (!out.check.ok() && !write_despite_blocking) return out;
    auto bytes = export_document(doc, options);
    if (!bytes.ok()) return std::move(bytes).error();
    out.bytes = std::move(bytes).value();
    return out;
}

}  // namespace taescope
