#include "edit/event_groups.h"

#include <algorithm>
#include <map>

namespace taescope {

namespace {

void insert_sorted(EventIndexList& v, uint32_t index) {
    auto it = std::lower_bound(v.begin(), v.end(), index);
    if (it == v.end() || *it != index) v.insert(it, index);
}

bool contains(const EventIndexList& v, uint32_t index) {
    return std::find(v.begin(), v.end(), index) != v.end();
}

}  // namespace

int32_t group_type_for_event_type(const TaeFile& file, int32_t event_type) {
    std::map<int32_t, size_t> stored;
    for (const auto& a : file.animations)
        for (const auto& g : a.groups) {
            if (g.event_indices.empty()) continue;
            bool all = std::all_of(g.event_indices.begin(), g.event_indices.end(),
                                   [&](uint32_t i) { return i < a.events.size() && a.events[i].type == event_type; });
            if (all) ++stored[g.type];
        }
    int32_t best = event_type;
    size_t best_count = 0;
    for (const auto& [type, count] : stored)
        if (count > best_count) best = type, best_count = count;
    return best;
}

void join_group_of_same_type(TaeAnimation& animation, uint32_t index, int32_t new_group_type) {
    if (index >= animation.events.size()) return;
    int32_t type = animation.events[index].type;
    for (size_t e = animation.events.size(); e-- > 0;) {
        if (e == index || animation.events[e].type != type) continue;
        for (auto& g : animation.groups)
            if (contains(g.event_indices, uint32_t(e))) {
                insert_sorted(g.event_indices, index);
                return;
            }
    }
    TaeEventGroup g;
    g.type = new_group_type;
    g.event_indices = {index};
    animation.groups.push_back(std::move(g));
}

void join_groups_of(TaeAnimation& animation, uint32_t index, uint32_t original, int32_t new_group_type) {
    bool joined = false;
    for (auto& g : animation.groups)
        if (contains(g.event_indices, original)) insert_sorted(g.event_indices, index), joined = true;
    if (!joined) join_group_of_same_type(animation, index, new_group_type);
}

void erase_events(TaeAnimation& animation, std::vector<uint32_t> indices) {
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    std::vector<bool> was_empty;
    for (const auto& g : animation.groups) was_empty.push_back(g.event_indices.empty());
    for (size_t k = indices.size(); k-- > 0;) erase_event(animation, indices[k]);  // highest first
    SlabVector<TaeEventGroup> kept;
    for (size_t g = 0; g < animation.groups.size(); ++g)
        if (was_empty[g] || !animation.groups[g].event_indices.empty()) kept.push_back(std::move(animation.groups[g]));
    animation.groups = std::move(kept);
}

void regroup_retyped_event(TaeAnimation& animation, uint32_t index, int32_t new_group_type) {
    bool alone = false, member = false;
    for (auto& g : animation.groups)
        if (contains(g.event_indices, index)) {
            member = true;
            if (g.event_indices.size() == 1) alone = true, g.type = new_group_type;
        }
    if (alone) return;
    if (member)
        for (auto& g : animation.groups) {
            auto& v = g.event_indices;
            v.erase(std::remove(v.begin(), v.end(), index), v.end());
        }
    join_group_of_same_type(animation, index, new_group_type);
}

}  // namespace taescope
