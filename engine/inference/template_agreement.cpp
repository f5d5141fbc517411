#include "inference/template_agreement.h"

#include <algorithm>
#include <cstring>

namespace taescope {

std::string_view field_verdict_name(FieldVerdict v) {
    switch (v) {
        case FieldVerdict::NotLive:
            return "not-live";
        case FieldVerdict::Agrees:
            return "agrees";
        case FieldVerdict::Differs:
            return "differs";
        case FieldVerdict::TemplateFinding:
            return "template-finding";
        case FieldVerdict::Undetermined:
            return "undetermined";
    }
    return "differs";
}

namespace {

bool template_is_float(FieldType t) { return t == FieldType::F32; }

struct WordClasses {
    uint64_t holding = 0, floats = 0, small_ints = 0, others = 0;
    bool reads_as_floats() const { return floats > 0 && small_ints == 0 && floats >= others; }
};

WordClasses classify_word(const TypeSamples& s, uint32_t o) {
    WordClasses c;
    for (size_t i = 0; i < s.events(); ++i) {
        if (s.lengths[i] < o + 4) continue;
        ++c.holding;
        const uint32_t w = load_u32le(s.event_bytes(i) + o);
        if (w == 0) continue;
        if (word_reads_as_float(w))
            ++c.floats;
        else if (word_reads_as_small_integer(w))
            ++c.small_ints;
        else
            ++c.others;
    }
    return c;
}

std::string field_text(const InferredField& f) {
    return std::string(inferred_type_name(f.type)) + " at " + std::to_string(f.offset) + " (" + std::to_string(f.size) +
           " bytes)";
}

// True when every event of `s` that holds [offset, offset + size) stores the same bytes there.
bool same_in_every_event(const TypeSamples& s, uint32_t offset, uint32_t size) {
    const uint8_t* first = nullptr;
    for (size_t i = 0; i < s.events(); ++i) {
        if (s.lengths[i] < offset + size) continue;
        const uint8_t* p = s.event_bytes(i) + offset;
        if (!first)
            first = p;
        else if (std::memcmp(first, p, size) != 0)
            return false;
    }
    return true;
}

// True when the field is 2 bytes or more and every event of `s` that holds it stores only 0x00
// bytes or only 0xFF bytes there: 0 and -1 read the same at every width (s32 -1 is two s16 -1
// and four u8 255), so such a field's width cannot be told either.
bool only_zero_and_minus_one(const TypeSamples& s, uint32_t offset, uint32_t size) {
    if (size < 2) return false;
    for (size_t i = 0; i < s.events(); ++i) {
        if (s.lengths[i] < offset + size) continue;
        const uint8_t* p = s.event_bytes(i) + offset;
        if (p[0] != 0 && p[0] != 0xFF) return false;
        for (uint32_t b = 1; b < size; ++b)
            if (p[b] != p[0]) return false;
    }
    return true;
}

}  // namespace

TypeComparison compare_with_template(const TypeSamples& s, const EventTypeTemplate& templ, InferenceRules rules) {
    return compare_layout_with_template(infer_layout(s, 0, rules), s, s, templ);
}

TypeComparison compare_layout_with_template(InferredLayout inferred, const TypeSamples& from, const TypeSamples& s,
                                            const EventTypeTemplate& templ) {
    TypeComparison c;
    c.type = s.type;
    c.name = templ.name;
    c.events = s.events();
    c.inferred = std::move(inferred);
    for (const TemplateField& tf : templ.fields) {
        FieldComparison fc;
        fc.offset = tf.offset;
        fc.size = tf.size;
        fc.template_type = tf.type;
        fc.name = tf.name;
        bool live = false;
        for (size_t i = 0; i < s.events() && !live; ++i) {
            if (s.lengths[i] < tf.offset + tf.size) continue;
            const uint8_t* p = s.event_bytes(i) + tf.offset;
            for (uint32_t b = 0; b < tf.size; ++b)
                if (p[b]) live = true;
        }
        if (!live) {
            c.fields.push_back(std::move(fc));
            continue;
        }
        // Does the data contradict the template's kind?
        const uint32_t word_at = tf.offset & ~3u;
        const bool whole_word = tf.size == 4 && tf.offset % 4 == 0;
        if (tf.type != FieldType::Bytes && word_at + 4 <= s.max_length()) {
            const WordClasses w = classify_word(s, word_at);
            if (template_is_float(tf.type) && whole_word && w.small_ints + w.others > w.floats) {
                fc.verdict = FieldVerdict::TemplateFinding;
                fc.why = "an f32 whose non-zero words are " + std::to_string(w.small_ints) + " small integers, " +
                         std::to_string(w.others) + " others and " + std::to_string(w.floats) + " floats";
            } else if (!template_is_float(tf.type) && w.reads_as_floats() && (whole_word || tf.size < 4)) {
                fc.verdict = FieldVerdict::TemplateFinding;
                fc.why = std::string("a ") + std::string(field_type_name(tf.type)) + " in a word whose " +
                         std::to_string(w.floats) + " non-zero values all read as floats";
            }
        }
        if (fc.verdict == FieldVerdict::TemplateFinding) {
            ++c.finding_fields;
            c.finding_bytes += tf.size;
            c.fields.push_back(std::move(fc));
            continue;
        }
        const bool constant = same_in_every_event(from, tf.offset, tf.size);
        if (constant || only_zero_and_minus_one(from, tf.offset, tf.size)) {
            fc.verdict = FieldVerdict::Undetermined;
            fc.why = constant ? "the same bytes in every event inferred from: its width and type cannot be told"
                              : "only 0 and -1 in every event inferred from: its width cannot be told";
            ++c.undetermined_fields;
            c.undetermined_bytes += tf.size;
            c.fields.push_back(std::move(fc));
            continue;
        }
        ++c.live_fields;
        c.live_bytes += tf.size;
        fc.verdict = FieldVerdict::Differs;
        const InferredField* inf = c.inferred.field_at(tf.offset);
        if (!inf) {
            // Name the inferred field that covers the offset.
            for (const InferredField& f : c.inferred.fields)
                if (f.offset < tf.offset && tf.offset < f.offset + f.size) fc.why = "inside inferred " + field_text(f);
            if (fc.why.empty()) fc.why = "no inferred field there";
        } else if (template_is_float(tf.type)) {
            if (inf->type == InferredType::F32)
                fc.verdict = FieldVerdict::Agrees;
            else
                fc.why = "inferred " + field_text(*inf);
        } else if (tf.type == FieldType::Bytes) {
            if (inf->size == tf.size && inf->type != InferredType::F32)
                fc.verdict = FieldVerdict::Agrees;
            else
                fc.why = "inferred " + field_text(*inf);
        } else if (!inferred_type_is_integer(inf->type)) {
            fc.why = "inferred " + field_text(*inf);
        } else {
            // Same stored bits: the wider field's extra bytes are zero wherever they are stored.
            const uint32_t lo = std::min(inf->size, tf.size), hi = std::max(inf->size, tf.size);
            bool same = true;
            for (size_t i = 0; i < s.events() && same; ++i) {
                const uint32_t len = s.lengths[i];
                if (len < tf.offset + lo) continue;
                const uint32_t stop = std::min(len, tf.offset + hi);
                const uint8_t* p = s.event_bytes(i);
                for (uint32_t b = tf.offset + lo; b < stop; ++b)
                    if (p[b]) same = false;
            }
            if (same)
                fc.verdict = FieldVerdict::Agrees;
            else
                fc.why = "inferred " + field_text(*inf) + " decodes other values";
        }
        if (fc.verdict == FieldVerdict::Agrees) {
            ++c.agreeing_fields;
            c.agreeing_bytes += tf.size;
        }
        c.fields.push_back(std::move(fc));
    }
    return c;
}

GameComparison compare_with_templates(const EventSamples& samples, const GameTemplates& templates, std::string game,
                                      uint32_t min_events, InferenceRules rules) {
    GameComparison g;
    g.game = std::move(game);
    g.min_events = min_events;
    for (const TypeSamples& t : samples.types()) {
        const EventTypeTemplate* templ = t.type >= 0 ? templates.find(uint32_t(t.type)) : nullptr;
        if (!templ) {
            ++g.types_without_template;
            continue;
        }
        if (t.events() < min_events) continue;
        g.add(compare_with_template(t, *templ, rules));
    }
    return g;
}

void GameComparison::add(TypeComparison c) {
    live_bytes += c.live_bytes;
    agreeing_bytes += c.agreeing_bytes;
    finding_bytes += c.finding_bytes;
    undetermined_bytes += c.undetermined_bytes;
    types.push_back(std::move(c));
}

}  // namespace taescope
