#include "sim/animation_imports.h"

#include <algorithm>

#include "binder/animation_names.h"
#include "binder/document.h"

namespace taescope {

AnimationIndex AnimationIndex::from_document(const Document& doc) {
    AnimationIndex index;
    for (size_t i = 0; i < doc.taes.size(); ++i)
        if (doc.taes[i].tae) index.add_file(i, *doc.taes[i].tae, doc.taes[i].slot.number_offset);
    return index;
}

void AnimationIndex::add_file(size_t tae_index, const TaeFile& file, uint64_t number_offset) {
    if (files_.size() <= tae_index) files_.resize(tae_index + 1, nullptr);
    files_[tae_index] = &file;
    for (size_t a = 0; a < file.animations.size(); ++a)
        entries_.push_back({tae_index, a, number_offset + file.animations[a].number});
    sorted_ = false;
}

void AnimationIndex::sort_if_needed() const {
    if (sorted_) return;
    // Stable: among records of one number, the first added stays first (and is the one found).
    std::stable_sort(entries_.begin(), entries_.end(),
                     [](const AnimationRef& a, const AnimationRef& b) { return a.full_number < b.full_number; });
    duplicates_.clear();
    for (size_t i = 1; i < entries_.size(); ++i)
        if (entries_[i].full_number == entries_[i - 1].full_number &&
            (duplicates_.empty() || duplicates_.back() != entries_[i].full_number))
            duplicates_.push_back(entries_[i].full_number);
    sorted_ = true;
}

std::optional<AnimationRef> AnimationIndex::find(uint64_t full_number) const {
    sort_if_needed();
    auto it = std::lower_bound(entries_.begin(), entries_.end(), full_number,
                               [](const AnimationRef& a, uint64_t n) { return a.full_number < n; });
    if (it == entries_.end() || it->full_number != full_number) return std::nullopt;
    return *it;
}

const TaeFile* AnimationIndex::file(size_t tae_index) const {
    return tae_index < files_.size() ? files_[tae_index] : nullptr;
}

const TaeAnimation* AnimationIndex::animation(const AnimationRef& ref) const {
    const TaeFile* f = file(ref.tae_index);
    if (!f || ref.animation_index >= f->animations.size()) return nullptr;
    return &f->animations[ref.animation_index];
}

const char* import_outcome_name(ImportOutcome outcome) {
    switch (outcome) {
        case ImportOutcome::NotImport:
            return "not an import";
        case ImportOutcome::Resolved:
            return "resolved";
        case ImportOutcome::NoImport:
            return "names -1 (no import)";
        case ImportOutcome::MissingTarget:
            return "names an animation the binder lacks";
        case ImportOutcome::Cycle:
            return "cycle";
        case ImportOutcome::TooLong:
            return "chain too long";
    }
    return "?";
}

ImportResolution resolve_imports(const AnimationIndex& index, const AnimationRef& start) {
    ImportResolution r;
    r.chain.push_back(start);
    r.events_from = start;
    std::string path = animation_name(start.full_number);
    AnimationRef at = start;
    for (;;) {
        const TaeAnimation* anim = index.animation(at);
        if (!anim || anim->header_kind() != TaeAnimationHeaderKind::ImportOther) {
            r.outcome = r.chain.size() == 1 ? ImportOutcome::NotImport : ImportOutcome::Resolved;
            r.events_from = at;
            r.message = r.chain.size() == 1 ? path + " is not ImportOther" : path;
            return r;
        }
        int32_t source = anim->import_source();
        auto stop = [&](ImportOutcome outcome, const std::string& why) {
            r.outcome = outcome;
            r.unresolved_source = source;
            r.events_from = start;  // the requested record keeps its own events
            r.message = path + " -> " + std::to_string(source) + ": " + why + "; " + animation_name(start.full_number) +
                        " keeps its own record";
            return r;
        };
        if (source == -1) return stop(ImportOutcome::NoImport, "no import, as DSAnimStudio reads it");
        if (source < 0) return stop(ImportOutcome::MissingTarget, "a negative number names no animation");
        auto next = index.find(uint64_t(source));
        if (!next)
            return stop(ImportOutcome::MissingTarget,
                        "no event file of the binder holds it (engine behaviour Unknown)");
        for (const auto& seen : r.chain)
            if (seen.tae_index == next->tae_index && seen.animation_index == next->animation_index)
                return stop(ImportOutcome::Cycle, "back to " + animation_name(next->full_number) + ", a cycle");
        if (r.chain.size() > kMaxImportChain) return stop(ImportOutcome::TooLong, "more than 64 links");
        r.chain.push_back(*next);
        path += " -> " + animation_name(next->full_number);
        at = *next;
    }
}

}  // namespace taescope
