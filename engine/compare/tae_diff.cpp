#include "compare/tae_diff.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "binder/document.h"
#include "templates/event_decoder.h"

namespace taescope {

const char* event_change_name(EventChange change) {
    switch (change) {
        case EventChange::Unchanged:
            return "unchanged";
        case EventChange::Moved:
            return "moved";
        case EventChange::Changed:
            return "changed";
        case EventChange::Added:
            return "added";
        case EventChange::Removed:
            return "removed";
    }
    return "?";
}

const char* event_match_pass_name(EventMatchPass pass) {
    switch (pass) {
        case EventMatchPass::None:
            return "none";
        case EventMatchPass::Identical:
            return "identical";
        case EventMatchPass::SameBytes:
            return "same-bytes";
        case EventMatchPass::Overlap:
            return "overlap";
        case EventMatchPass::Order:
            return "order";
    }
    return "?";
}

const char* animation_change_name(AnimationDiffKind change) {
    switch (change) {
        case AnimationDiffKind::Unchanged:
            return "unchanged";
        case AnimationDiffKind::Changed:
            return "changed";
        case AnimationDiffKind::Added:
            return "added";
        case AnimationDiffKind::Removed:
            return "removed";
    }
    return "?";
}

size_t AnimationDifference::count(EventChange c) const {
    return size_t(std::count_if(events.begin(), events.end(), [c](const EventDifference& e) { return e.change == c; }));
}

namespace {

std::string hex_run(Bytes b, size_t from, size_t to) {
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    for (size_t i = from; i < to && i < b.size(); ++i) {
        if (i > from) out += ' ';
        out += digits[b[i] >> 4];
        out += digits[b[i] & 15];
    }
    return out;
}

// Bytes equal once trailing zeros are ignored (padding a re-saving tool may add or drop).
bool same_bytes_ignoring_padding(Bytes a, Bytes b) {
    size_t common = std::min(a.size(), b.size());
    if (!std::equal(a.begin(), a.begin() + common, b.begin())) return false;
    Bytes rest = a.size() > common ? a.subspan(common) : b.subspan(common);
    return std::all_of(rest.begin(), rest.end(), [](uint8_t x) { return x == 0; });
}

// Runs of differing bytes in [from, max(size)): a byte past one side's end counts as differing
// unless the other side holds zero there.
void diff_byte_runs(Bytes a, Bytes b, size_t from, std::vector<FieldDifference>& out) {
    size_t end = std::max(a.size(), b.size());
    auto at = [](Bytes x, size_t i) -> int { return i < x.size() ? x[i] : -1; };
    auto differs = [&](size_t i) {
        int x = at(a, i), y = at(b, i);
        if (x < 0) x = 0;
        if (y < 0) y = 0;
        return x != y;
    };
    for (size_t i = from; i < end;) {
        if (!differs(i)) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < end && differs(j)) ++j;
        FieldDifference d;
        d.name = "bytes";
        d.offset = uint32_t(i);
        d.size = uint32_t(j - i);
        d.before = i < a.size() ? hex_run(a, i, j) : "(not stored)";
        d.after = i < b.size() ? hex_run(b, i, j) : "(not stored)";
        out.push_back(std::move(d));
        i = j;
    }
}

double seconds(uint32_t bits) { return double(TaeEvent::bits_to_f32(bits)); }

// Intersection over union of two closed intervals (0 when either is empty, reversed or not finite).
double overlap_ratio(const TaeEvent& a, const TaeEvent& b) {
    double s1 = seconds(a.start_bits), e1 = seconds(a.end_bits), s2 = seconds(b.start_bits), e2 = seconds(b.end_bits);
    if (!std::isfinite(s1) || !std::isfinite(e1) || !std::isfinite(s2) || !std::isfinite(e2)) return 0;
    if (e1 < s1 || e2 < s2) return 0;
    double inter = std::min(e1, e2) - std::max(s1, s2);
    double uni = std::max(e1, e2) - std::min(s1, s2);
    if (inter < 0) return 0;
    if (uni <= 0) return 1;  // two equal instants
    return inter / uni;
}

double time_distance(const TaeEvent& a, const TaeEvent& b) {
    double d =
        std::fabs(seconds(a.start_bits) - seconds(b.start_bits)) + std::fabs(seconds(a.end_bits) - seconds(b.end_bits));
    return std::isfinite(d) ? d : 1e30;
}

struct Candidate {
    double score;  // lower is better
    uint32_t a, b;
};

}  // namespace

std::vector<FieldDifference> diff_parameters(int32_t type, Bytes a, Bytes b, const GameTemplates* templates) {
    std::vector<FieldDifference> out;
    if (same_bytes_ignoring_padding(a, b)) return out;
    DecodedEvent da = decode_event(templates, uint32_t(type), a);
    DecodedEvent db = decode_event(templates, uint32_t(type), b);
    uint32_t covered = 0;
    for (size_t i = 0; i < da.fields.size() && i < db.fields.size(); ++i) {
        const DecodedField& fa = da.fields[i];
        const DecodedField& fb = db.fields[i];
        covered = std::max(covered, fa.offset + fa.size);
        bool equal =
            fa.present == fb.present &&
            (!fa.present || std::equal(a.begin() + fa.offset, a.begin() + fa.offset + fa.size, b.begin() + fb.offset));
        if (!fa.present && !fb.present) equal = true;
        if (equal) continue;
        FieldDifference d;
        d.name = fa.field->name.empty() ? "field " + std::to_string(i) : fa.field->name;
        d.offset = fa.offset;
        d.size = fa.size;
        d.before = fa.present ? fa.value_text(a) : "(not stored)";
        d.after = fb.present ? fb.value_text(b) : "(not stored)";
        if (const NamedValue* n = fa.named()) d.before += " (" + n->name + ")";
        if (const NamedValue* n = fb.named()) d.after += " (" + n->name + ")";
        out.push_back(std::move(d));
    }
    // A field stored on only one side whose bytes the loop saw as present on neither, and the
    // bytes past the template, are compared as raw runs.
    diff_byte_runs(a, b, covered, out);
    return out;
}

AnimationDifference diff_animation(const TaeFile* file_a, const TaeAnimation* a, const TaeFile* file_b,
                                   const TaeAnimation* b, const TaeDiffOptions& options) {
    AnimationDifference out;
    if (!a && !b) return out;
    out.full_number = a ? a->number : b->number;
    out.change = !a ? AnimationDiffKind::Added : !b ? AnimationDiffKind::Removed : AnimationDiffKind::Unchanged;

    auto add_unmatched = [&](const TaeAnimation& anim, bool is_a) {
        for (uint32_t i = 0; i < anim.events.size(); ++i) {
            const TaeEvent& e = anim.events[i];
            EventDifference d;
            d.change = is_a ? EventChange::Removed : EventChange::Added;
            d.type = e.type;
            (is_a ? d.index_a : d.index_b) = i;
            (is_a ? d.start_bits_a : d.start_bits_b) = e.start_bits;
            (is_a ? d.end_bits_a : d.end_bits_b) = e.end_bits;
            out.events.push_back(d);
        }
    };
    if (!a || !b) {
        add_unmatched(a ? *a : *b, a != nullptr);
        return out;
    }

    // Header.
    if (a->header_type != b->header_type)
        out.header_changes.push_back("header type " + std::to_string(a->header_type) + " -> " +
                                     std::to_string(b->header_type));
    if (a->header_null != b->header_null)
        out.header_changes.push_back(b->header_null ? "header becomes null" : "header no longer null");
    if (a->header_data != b->header_data)
        out.header_changes.push_back("header data " + hex_run(Bytes(a->header_data.data(), 8), 0, 8) + " -> " +
                                     hex_run(Bytes(b->header_data.data(), 8), 0, 8));
    if (a->header_tail != b->header_tail) out.header_changes.push_back("header tail bytes differ");
    if (a->motion_file_name != b->motion_file_name)
        out.header_changes.push_back(
            "motion file name " + (a->motion_file_name ? utf16_to_utf8(*a->motion_file_name) : std::string("(none)")) +
            " -> " + (b->motion_file_name ? utf16_to_utf8(*b->motion_file_name) : std::string("(none)")));

    // Events: the passes described in the header.
    const size_t na = a->events.size(), nb = b->events.size();
    std::vector<int64_t> pair_of_a(na, -1), pair_of_b(nb, -1);
    std::vector<EventMatchPass> pass_of_a(na, EventMatchPass::None);
    auto bytes_a = [&](uint32_t i) { return file_a->parameters(a->events[i]); };
    auto bytes_b = [&](uint32_t i) { return file_b->parameters(b->events[i]); };
    auto same_bytes = [&](uint32_t i, uint32_t j) { return same_bytes_ignoring_padding(bytes_a(i), bytes_b(j)); };

    // Events of each type, in stored order.
    std::map<int32_t, std::pair<std::vector<uint32_t>, std::vector<uint32_t>>> by_type;
    for (uint32_t i = 0; i < na; ++i) by_type[a->events[i].type].first.push_back(i);
    for (uint32_t j = 0; j < nb; ++j) by_type[b->events[j].type].second.push_back(j);

    auto greedy = [&](const std::vector<uint32_t>& ia, const std::vector<uint32_t>& ib, EventMatchPass pass,
                      auto score) {
        std::vector<Candidate> cands;
        for (uint32_t i : ia) {
            if (pair_of_a[i] >= 0) continue;
            for (uint32_t j : ib) {
                if (pair_of_b[j] >= 0) continue;
                std::optional<double> s = score(i, j);
                if (s) cands.push_back({*s, i, j});
            }
        }
        std::stable_sort(cands.begin(), cands.end(), [](const Candidate& x, const Candidate& y) {
            if (x.score != y.score) return x.score < y.score;
            if (x.a != y.a) return x.a < y.a;
            return x.b < y.b;
        });
        for (const Candidate& c : cands) {
            if (pair_of_a[c.a] >= 0 || pair_of_b[c.b] >= 0) continue;
            pair_of_a[c.a] = c.b;
            pair_of_b[c.b] = c.a;
            pass_of_a[c.a] = pass;
        }
    };

    for (auto& [type, lists] : by_type) {
        const auto& [ia, ib] = lists;
        if (ia.empty() || ib.empty()) continue;
        // Pass 1: identical, in stored order (score = distance in index among the type's events).
        greedy(ia, ib, EventMatchPass::Identical, [&](uint32_t i, uint32_t j) -> std::optional<double> {
            const TaeEvent &x = a->events[i], &y = b->events[j];
            if (x.start_bits != y.start_bits || x.end_bits != y.end_bits || x.unknown04 != y.unknown04 ||
                !same_bytes(i, j))
                return std::nullopt;
            return std::fabs(double(i) - double(j));
        });
        // Pass 2: same bytes, nearest times.
        greedy(ia, ib, EventMatchPass::SameBytes, [&](uint32_t i, uint32_t j) -> std::optional<double> {
            if (!same_bytes(i, j)) return std::nullopt;
            return time_distance(a->events[i], b->events[j]);
        });
        // Pass 3: overlapping times, largest overlap first.
        greedy(ia, ib, EventMatchPass::Overlap, [&](uint32_t i, uint32_t j) -> std::optional<double> {
            double r = overlap_ratio(a->events[i], b->events[j]);
            if (r <= 0) return std::nullopt;
            return 1.0 - r;
        });
        // Pass 4: by order, when as many are left on both sides.
        std::vector<uint32_t> left_a, left_b;
        for (uint32_t i : ia)
            if (pair_of_a[i] < 0) left_a.push_back(i);
        for (uint32_t j : ib)
            if (pair_of_b[j] < 0) left_b.push_back(j);
        if (!left_a.empty() && left_a.size() == left_b.size()) {
            for (size_t k = 0; k < left_a.size(); ++k) {
                pair_of_a[left_a[k]] = left_b[k];
                pair_of_b[left_b[k]] = left_a[k];
                pass_of_a[left_a[k]] = EventMatchPass::Order;
            }
        }
    }

    // Report in B's order, with removed events placed after the B event their A predecessor maps to.
    auto matched = [&](uint32_t i) {
        uint32_t j = uint32_t(pair_of_a[i]);
        const TaeEvent &x = a->events[i], &y = b->events[j];
        EventDifference d;
        d.type = x.type;
        d.index_a = i;
        d.index_b = j;
        d.matched_by = pass_of_a[i];
        d.start_bits_a = x.start_bits;
        d.end_bits_a = x.end_bits;
        d.start_bits_b = y.start_bits;
        d.end_bits_b = y.end_bits;
        d.times_changed = x.start_bits != y.start_bits || x.end_bits != y.end_bits;
        d.unknown04_changed = x.unknown04 != y.unknown04;
        d.parameters_changed = !same_bytes(i, j);
        d.parameter_size_changed = x.parameter_size != y.parameter_size;
        if (d.parameters_changed) d.fields = diff_parameters(x.type, bytes_a(i), bytes_b(j), options.templates);
        if (d.parameters_changed || d.unknown04_changed)
            d.change = EventChange::Changed;
        else if (d.times_changed)
            d.change = EventChange::Moved;
        else
            d.change = EventChange::Unchanged;
        return d;
    };
    auto removed = [&](uint32_t i) {
        EventDifference d;
        d.change = EventChange::Removed;
        d.type = a->events[i].type;
        d.index_a = i;
        d.start_bits_a = a->events[i].start_bits;
        d.end_bits_a = a->events[i].end_bits;
        return d;
    };
    // Removed events that come before any matched A event go first.
    uint32_t next_a = 0;
    auto flush_removed_until = [&](uint32_t limit) {
        for (; next_a < limit && next_a < na; ++next_a)
            if (pair_of_a[next_a] < 0) out.events.push_back(removed(next_a));
    };
    for (uint32_t j = 0; j < nb; ++j) {
        if (pair_of_b[j] < 0) {
            EventDifference d;
            d.change = EventChange::Added;
            d.type = b->events[j].type;
            d.index_b = j;
            d.start_bits_b = b->events[j].start_bits;
            d.end_bits_b = b->events[j].end_bits;
            out.events.push_back(d);
            continue;
        }
        uint32_t i = uint32_t(pair_of_b[j]);
        flush_removed_until(i);
        out.events.push_back(matched(i));
        if (next_a <= i) next_a = i + 1;
    }
    flush_removed_until(uint32_t(na));

    // Groups: a group of A is unchanged when B holds a group of its type whose members are A's
    // members mapped through the event matching. Left over groups are paired by type in order
    // ("members differ"); the rest are removed or added.
    std::vector<int64_t> group_pair(a->groups.size(), -1);
    std::vector<bool> group_b_used(b->groups.size(), false);
    for (uint32_t g = 0; g < a->groups.size(); ++g) {
        std::vector<int64_t> mapped;
        for (uint32_t e : a->groups[g].event_indices) mapped.push_back(e < na ? pair_of_a[e] : -1);
        for (uint32_t h = 0; h < b->groups.size(); ++h) {
            if (group_b_used[h] || b->groups[h].type != a->groups[g].type) continue;
            std::vector<int64_t> members(b->groups[h].event_indices.begin(), b->groups[h].event_indices.end());
            if (members != mapped) continue;
            group_b_used[h] = true;
            group_pair[g] = h;
            break;
        }
    }
    for (uint32_t g = 0; g < a->groups.size(); ++g) {
        if (group_pair[g] >= 0) continue;
        GroupDifference d;
        d.type = a->groups[g].type;
        d.index_a = g;
        d.note = "removed";
        for (uint32_t h = 0; h < b->groups.size(); ++h) {
            if (group_b_used[h] || b->groups[h].type != d.type) continue;
            group_b_used[h] = true;
            d.index_b = h;
            d.note = "members differ";
            break;
        }
        out.groups.push_back(d);
    }
    for (uint32_t h = 0; h < b->groups.size(); ++h) {
        if (group_b_used[h]) continue;
        GroupDifference d;
        d.type = b->groups[h].type;
        d.index_b = h;
        d.note = "added";
        out.groups.push_back(d);
    }

    bool any = !out.header_changes.empty() || !out.groups.empty();
    for (const auto& e : out.events) any |= e.change != EventChange::Unchanged || e.index_a != e.index_b;
    out.change = any ? AnimationDiffKind::Changed : AnimationDiffKind::Unchanged;
    return out;
}

std::vector<TaeSetEntry> document_animations(const Document& doc) {
    std::vector<TaeSetEntry> out;
    for (const DocumentTae& t : doc.taes) {
        if (!t.tae) continue;
        std::string name = t.slot.file_name.empty() ? t.name : t.slot.file_name;
        for (const TaeAnimation& a : t.tae->animations) out.push_back({t.full_number(a), &*t.tae, &a, name});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const TaeSetEntry& x, const TaeSetEntry& y) { return x.full_number < y.full_number; });
    return out;
}

TaeSetDifference diff_tae_sets(const std::vector<TaeSetEntry>& a, const std::vector<TaeSetEntry>& b,
                               const TaeDiffOptions& options, std::optional<uint64_t> only) {
    TaeSetDifference out;
    // Both lists ascend by number; a number held twice on one side is matched once (first record).
    size_t i = 0, j = 0;
    auto skip_duplicates = [](const std::vector<TaeSetEntry>& v, size_t& k) {
        uint64_t n = v[k].full_number;
        while (k + 1 < v.size() && v[k + 1].full_number == n) ++k;
    };
    while (i < a.size() || j < b.size()) {
        const TaeSetEntry* ea = nullptr;
        const TaeSetEntry* eb = nullptr;
        if (j >= b.size() || (i < a.size() && a[i].full_number < b[j].full_number)) {
            ea = &a[i];
        } else if (i >= a.size() || b[j].full_number < a[i].full_number) {
            eb = &b[j];
        } else {
            ea = &a[i];
            eb = &b[j];
        }
        if (ea) skip_duplicates(a, i), ++i;
        if (eb) skip_duplicates(b, j), ++j;
        uint64_t number = ea ? ea->full_number : eb->full_number;
        if (only && *only != number) continue;
        AnimationDifference d = diff_animation(ea ? ea->file : nullptr, ea ? ea->animation : nullptr,
                                               eb ? eb->file : nullptr, eb ? eb->animation : nullptr, options);
        d.full_number = number;
        d.file_a = ea ? ea->file_name : "";
        d.file_b = eb ? eb->file_name : "";
        switch (d.change) {
            case AnimationDiffKind::Added:
                ++out.added;
                break;
            case AnimationDiffKind::Removed:
                ++out.removed;
                break;
            case AnimationDiffKind::Changed:
                ++out.changed;
                break;
            case AnimationDiffKind::Unchanged:
                ++out.unchanged;
                break;
        }
        if (d.change != AnimationDiffKind::Unchanged || options.keep_unchanged_animations)
            out.animations.push_back(std::move(d));
    }
    return out;
}

}  // namespace taescope
