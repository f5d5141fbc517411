#include "binder/tae_slots.h"

#include <cctype>

namespace taescope {

namespace {

bool ends_with_tae(const std::string& name) {
    if (name.size() < 4) return false;
    std::string ext = name.substr(name.size() - 4);
    for (auto& c : ext) c = char(std::tolower(uint8_t(c)));
    return ext == ".tae";
}

}  // namespace

std::string path_file_name(const std::string& path) {
    size_t cut = path.find_last_of("\\/");
    return cut == std::string::npos ? path : path.substr(cut + 1);
}

int tae_group_from_file_name(const std::string& file_name) {
    if (file_name.size() < 6 || std::tolower(uint8_t(file_name[0])) != 'a' || !ends_with_tae(file_name)) return -1;
    std::string digits = file_name.substr(1, file_name.size() - 5);
    if (digits.empty() || digits.size() > 4) return -1;
    int group = 0;
    for (char c : digits) {
        if (!std::isdigit(uint8_t(c))) return -1;
        group = group * 10 + (c - '0');
    }
    return group;
}

TaeSlotScan find_tae_members(const std::vector<BinderMemberRef>& members) {
    TaeSlotScan scan;
    for (const auto& m : members) scan.has_version_member |= m.id == kVersionMemberId;
    scan.first_slot = scan.has_version_member ? kFirstTaeSlotWithVersionMember : kFirstTaeSlotDefault;
    for (size_t i = 0; i < members.size(); ++i) {
        const auto& m = members[i];
        bool in_slots = m.id >= scan.first_slot && m.id < scan.first_slot + kTaeSlotRange;
        bool named_tae = ends_with_tae(m.name);
        if (in_slots && !named_tae) {
            scan.notes.push_back("member " + std::to_string(i) + " (ID " + std::to_string(m.id) + ", " + m.name +
                                 ") is in the event-file slots but is not named .tae: not read as a TAE");
            continue;
        }
        if (!in_slots) {
            if (named_tae)
                scan.notes.push_back("member " + std::to_string(i) + " (ID " + std::to_string(m.id) + ", " + m.name +
                                     ") is named .tae but lies outside the slots from " +
                                     std::to_string(scan.first_slot) + ": not read as an event file");
            continue;
        }
        TaeSlot s;
        s.member_index = i;
        s.id = m.id;
        s.slot = m.id - scan.first_slot;
        s.file_name = path_file_name(m.name);
        int group = tae_group_from_file_name(s.file_name);
        if (group >= 0) {
            s.group_file = true;
            s.group = uint32_t(group);
            s.number_offset = uint64_t(group) * 1000000u;
            if (s.slot != group)
                scan.notes.push_back("member " + std::to_string(i) + " (" + s.file_name + ") sits in slot " +
                                     std::to_string(s.slot) + ", its name says group " + std::to_string(group));
        }
        scan.tae_members.push_back(s);
    }
    return scan;
}

}  // namespace taescope
