// Which members of an .anibnd are its event (TAE) files (tae-format-notes.txt, "Event files in a
// character's animation binder"; containers-kraken-tae.md §2.6).
//
// Event files sit in slots counted from a first slot: 5,000,000 when the binder also holds a
// member with ID 9,999,999 (ver_0001.txt), else 3,000,000. The player binder (c0000) holds one
// file per animation group, aNN.tae in slot 5,000,000 + NN, and those files store animation
// numbers within their group; a character's single TAE stores full numbers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace taescope {

inline constexpr int32_t kVersionMemberId = 9999999;
inline constexpr int32_t kFirstTaeSlotDefault = 3000000;
inline constexpr int32_t kFirstTaeSlotWithVersionMember = 5000000;
inline constexpr int32_t kTaeSlotRange = 1000000;  // slots [first, first + 1,000,000)

struct BinderMemberRef {
    int32_t id = -1;
    std::string name;  // as stored (UTF-8 for display), any path
};

struct TaeSlot {
    size_t member_index = 0;
    int32_t id = 0;
    int32_t slot = 0;              // id - first slot
    std::string file_name;         // the name's last path component, e.g. "a10.tae"
    bool group_file = false;       // aNN.tae: numbers stored within group NN
    uint32_t group = 0;            // NN for a group file
    uint64_t number_offset = 0;    // add to a stored animation number to get the full number
};

struct TaeSlotScan {
    int32_t first_slot = kFirstTaeSlotDefault;
    bool has_version_member = false;
    std::vector<TaeSlot> tae_members;  // in member order
    std::vector<std::string> notes;    // members that break the rule (reported, not refused)
};

TaeSlotScan find_tae_members(const std::vector<BinderMemberRef>& members);

// The last component of a binder path ("N:\...\tae\a10.tae" -> "a10.tae").
std::string path_file_name(const std::string& path);

// "a10.tae" -> 10; -1 when the name is not aNN.tae (case-insensitive).
int tae_group_from_file_name(const std::string& file_name);

}  // namespace taescope
