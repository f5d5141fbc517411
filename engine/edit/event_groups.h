// How edits keep event groups consistent.
//
// In every real file each event belongs to exactly one group of its animation (measured: Sekiro
// c0000 70,517 of 70,517 events, Elden Ring c4310 19,666 of 19,666, DS3 c0000 186,536 of
// 186,536). A group nearly always holds events of one type, but an animation may hold several
// groups of the same event type, and the group's stored type is often not the event type
// (Elden Ring c4310 stores 128 for 3,218 groups of type-129 events). So the edits follow this rule:
//
//  - an added or pasted event joins the group of the last other event of its type in the
//    animation; when the animation has none, it gets a new group at the end, whose stored type
//    is the one this file most often stores for groups of that event type (the event type
//    itself when the file has no such group);
//  - a duplicated event joins the group of its original;
//  - a retyped event that shared its group leaves it and joins by the rule above; alone in its
//    group, it keeps the group, which takes the stored type the rule would give a new one;
//  - a deleted event leaves its group; a group it leaves empty is removed (groups that were
//    empty in the file stay: real files have some, e.g. 246 in Sekiro c0000).
// Group member lists stay in ascending event order.
#pragma once

#include <cstdint>
#include <vector>

#include "tae/tae_model.h"

namespace taescope {

// The stored group type `file` most often gives a group whose events are all of `event_type`
// (ties: the smaller); `event_type` when no group holds only such events.
int32_t group_type_for_event_type(const TaeFile& file, int32_t event_type);

// Puts event `index` (in no group yet) in the group of the last other event of its type, else a
// new group with stored type `new_group_type`.
void join_group_of_same_type(TaeAnimation& animation, uint32_t index, int32_t new_group_type);

// Puts event `index` (in no group yet) in every group that holds event `original`; when the
// original is in none, joins by type.
void join_groups_of(TaeAnimation& animation, uint32_t index, uint32_t original, int32_t new_group_type);

// Deletes events (any order, duplicates ignored), renumbering group members and removing the
// groups the deletion empties.
void erase_events(TaeAnimation& animation, std::vector<uint32_t> indices);

// Re-groups event `index` after its type changed (see the rule above).
void regroup_retyped_event(TaeAnimation& animation, uint32_t index, int32_t new_group_type);

}  // namespace taescope
