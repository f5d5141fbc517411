#include "templates/tae_template_check.h"

#include "templates/event_decoder.h"

namespace taescope {

TaeTemplateReport check_tae_templates(const TaeFile& tae, const GameTemplates* templates) {
    TaeTemplateReport report;
    DecodedEvent decoded;
    for (size_t a = 0; a < tae.animations.size(); ++a) {
        const TaeAnimation& animation = tae.animations[a];
        for (size_t e = 0; e < animation.events.size(); ++e) {
            const TaeEvent& event = animation.events[e];
            Bytes params = tae.parameters(event);
            decode_event_into(decoded, templates, uint32_t(event.type), params);
            std::vector<Finding> findings = find_disagreements(decoded, params);
            report.tally.add(decoded, findings);
            if (!findings.empty())
                report.events.push_back(EventFindings{a, animation.number, e, event.type, std::move(findings)});
        }
    }
    return report;
}

}  // namespace taescope
