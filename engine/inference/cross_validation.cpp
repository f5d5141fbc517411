#include "inference/cross_validation.h"

#include <algorithm>

namespace taescope {

CrossValidation cross_validate(const std::vector<CrossValidationPart>& parts, const GameTemplates& templates,
                               std::string game, uint32_t min_events, InferenceRules rules) {
    CrossValidation cv;
    cv.game = game;
    cv.min_events = min_events;
    cv.from_others.game = cv.alone.game = game;
    cv.from_others.min_events = cv.alone.min_events = min_events;
    if (parts.size() < 2) return cv;
    for (size_t held = 0; held < parts.size(); ++held) {
        CrossValidationFold fold;
        fold.held_out = parts[held].name;
        fold.from_others.game = fold.alone.game = game;
        fold.from_others.min_events = fold.alone.min_events = min_events;
        EventSamples others;
        for (size_t p = 0; p < parts.size(); ++p)
            if (p != held) others.add_samples(parts[p].samples);
        for (const TypeSamples& judged : parts[held].samples.types()) {
            const EventTypeTemplate* templ = judged.type >= 0 ? templates.find(uint32_t(judged.type)) : nullptr;
            if (!templ) {
                ++fold.from_others.types_without_template;
                continue;
            }
            if (judged.events() < min_events) continue;
            fold.alone.add(compare_with_template(judged, *templ, rules));
            const TypeSamples* from = others.find(judged.type);
            if (!from || from->events() < min_events) continue;
            fold.from_others.add(compare_layout_with_template(infer_layout(*from, 0, rules), *from, judged, *templ));
        }
        for (const GameComparison* g : {&fold.from_others, &fold.alone}) {
            GameComparison& total = g == &fold.from_others ? cv.from_others : cv.alone;
            total.live_bytes += g->live_bytes;
            total.agreeing_bytes += g->agreeing_bytes;
            total.finding_bytes += g->finding_bytes;
            total.undetermined_bytes += g->undetermined_bytes;
        }
        cv.folds.push_back(std::move(fold));
    }
    return cv;
}

namespace {

size_t event_count(const std::vector<EventSamples>& animations) {
    size_t n = 0;
    for (const EventSamples& a : animations) n += a.event_count();
    return n;
}

// Deals `units` (each a set of samples) round-robin into min(folds, units) parts named
// "<file>: <what> k and every n-th after it (m of total)".
template <class AddUnit>
std::vector<CrossValidationPart> deal(size_t units, size_t folds, const std::string& file, const char* what,
                                      AddUnit add_unit) {
    std::vector<CrossValidationPart> parts;
    const size_t n = std::min(folds, units);
    if (n < 2) return parts;
    parts.resize(n);
    for (size_t u = 0; u < units; ++u) add_unit(u, parts[u % n].samples);
    for (size_t k = 0; k < n; ++k)
        parts[k].name = file + ": " + what + " " + std::to_string(k + 1) + " and every " + std::to_string(n) +
                        "th after it (" + std::to_string((units - k + n - 1) / n) + " of " + std::to_string(units) +
                        ")";
    return parts;
}

}  // namespace

std::vector<CrossValidationPart> cross_validation_parts(const std::vector<CrossValidationFile>& files, size_t folds) {
    std::vector<const CrossValidationFile*> with_events;
    for (const CrossValidationFile& f : files) {
        size_t events = 0;
        for (const auto& tae : f.event_files) events += event_count(tae);
        if (events) with_events.push_back(&f);
    }
    std::vector<CrossValidationPart> parts;
    if (with_events.size() >= 2) {
        for (const CrossValidationFile* f : with_events) {
            CrossValidationPart part;
            part.name = f->name;
            for (const auto& tae : f->event_files)
                for (const EventSamples& a : tae) part.samples.add_samples(a);
            parts.push_back(std::move(part));
        }
        return parts;
    }
    if (with_events.empty()) return parts;
    const CrossValidationFile& f = *with_events.front();
    std::vector<const std::vector<EventSamples>*> taes;
    for (const auto& tae : f.event_files)
        if (event_count(tae)) taes.push_back(&tae);
    if (taes.size() >= 2)
        return deal(taes.size(), folds, f.name, "event file", [&](size_t u, EventSamples& into) {
            for (const EventSamples& a : *taes[u]) into.add_samples(a);
        });
    std::vector<const EventSamples*> animations;
    for (const EventSamples& a : *taes.front())
        if (a.event_count()) animations.push_back(&a);
    return deal(animations.size(), folds, f.name, "animation",
                [&](size_t u, EventSamples& into) { into.add_samples(*animations[u]); });
}

}  // namespace taescope
