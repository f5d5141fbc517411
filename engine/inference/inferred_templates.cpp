#include "inference/inferred_templates.h"

#include "templates/template_library.h"

namespace taescope {

FieldType template_field_type(InferredType t) {
    switch (t) {
        case InferredType::F32:
            return FieldType::F32;
        case InferredType::S32:
            return FieldType::S32;
        case InferredType::U32:
            return FieldType::U32;
        case InferredType::S16:
            return FieldType::S16;
        case InferredType::U16:
            return FieldType::U16;
        case InferredType::S8:
            return FieldType::S8;
        case InferredType::U8:
            return FieldType::U8;
        case InferredType::Bool:
            return FieldType::Bool;
        case InferredType::Pad:
        case InferredType::Bytes:
        case InferredType::Constant:
            return FieldType::Bytes;
    }
    return FieldType::Bytes;
}

std::string inferred_field_name(const InferredField& f) {
    if (f.type == InferredType::Pad) return "inferred padding @" + std::to_string(f.offset);
    if (f.type == InferredType::Constant)
        return "inferred constant @" + std::to_string(f.offset) + ", width undetermined: " + f.could_be;
    return "inferred " + std::string(inferred_type_name(f.type)) + " @" + std::to_string(f.offset) + " (" +
           std::string(inference_confidence_name(f.confidence)) + ")";
}

EventTypeTemplate template_from_layout(const InferredLayout& layout) {
    EventTypeTemplate t;
    t.id = uint32_t(layout.type);
    t.name = "Inferred " + std::to_string(layout.type);
    t.origin = std::string(kInferredOrigin);
    for (const InferredField& f : layout.fields) {
        TemplateField tf;
        tf.type = template_field_type(f.type);
        tf.size = f.size;
        tf.name = inferred_field_name(f);
        t.fields.push_back(std::move(tf));
    }
    t.pack();
    return t;
}

GameTemplates templates_from_layouts(const std::string& game, const std::vector<InferredLayout>& layouts,
                                     const std::vector<std::string>& inputs) {
    GameTemplates g;
    g.game = game;
    g.title = "Event layouts inferred from the stored data";
    g.sources.push_back(std::string(kInferredTemplatesSource) + " (taescope infer)");
    for (const std::string& in : inputs) g.sources.push_back("input: " + in);
    for (const InferredLayout& l : layouts)
        if (l.type >= 0 && l.fields.size() && l.fields.front().offset == 0) g.types.push_back(template_from_layout(l));
    g.finish();
    return g;
}

InferenceCoverage inference_coverage(const EventSamples& samples, const GameTemplates* templates) {
    InferenceCoverage c;
    for (const TypeSamples& t : samples.types()) {
        const EventTypeTemplate* templ = templates && t.type >= 0 ? templates->find(uint32_t(t.type)) : nullptr;
        if (templ) {
            const uint32_t end = templ->size();
            for (size_t i = 0; i < t.events(); ++i) {
                const uint8_t* p = t.event_bytes(i);
                for (uint32_t b = end; b < t.lengths[i]; ++b)
                    if (p[b]) {
                        ++c.events_with_inferred_tail;
                        break;
                    }
            }
            continue;
        }
        InferredLayout l = infer_layout(t);
        bool explained = true;
        for (const InferredField& f : l.fields)
            if (f.type == InferredType::Bytes) explained = false;
        if (!explained) continue;
        c.events_inferred += t.events();
        c.inferred_by_type.push_back({t.type, t.events()});
    }
    return c;
}

bool tail_past_template(const TypeSamples& s, uint32_t template_size) {
    for (size_t i = 0; i < s.events(); ++i) {
        const uint32_t len = s.lengths[i];
        const uint8_t* p = s.event_bytes(i);
        for (uint32_t b = template_size; b < len; ++b)
            if (p[b]) return true;
    }
    return false;
}

}  // namespace taescope
