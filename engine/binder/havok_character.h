// The Havok side of a character: its skeleton.hkx, cXXXX.compendium and aXXX_YYYYYY.hkx
// animation members, found by name (case-insensitive) in the binders opened together (a player
// binder c0000.anibnd.dcx with its c0000_a000_hi.anibnd.dcx animation binders, a Nightreign
// character's cXXXX.anibnd.dcx with its cXXXX_div00/_div01 binders, or one NPC binder).
//
// Each animation binder may carry a compendium of its own (cXXXX_div00.compendium beside the
// clips of _div00, cXXXX_div01.compendium beside those of _div01): a tagfile takes its types from
// the compendium whose TCID ids hold its TCRF id, looked for in its own binder first, then in the
// others (a skeleton in a binder without a compendium finds one in its companions).
//
// Nothing is decoded at construction: the compendium and the skeleton are read on first use, an
// animation's header (timing) when its length is asked for, and its tracks only when a clip is
// asked for (the one on screen), with the last few decoded clips kept.
//
// Every answer that has no value says why: no such member in the binders opened, a format that
// is not read (the Havok packfiles of Dark Souls III), or a damaged member (the reader's error,
// with the member's name and byte offset).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "binder/document.h"
#include "havok/animation_clip.h"
#include "havok/skeleton.h"
#include "havok/tagfile.h"

namespace taescope {

struct HavokMemberRef {
    size_t document = 0;  // index into the documents given
    size_t member = 0;    // binder member index
    std::string name;     // the member's full stored name
};

struct HavokMembers {
    std::optional<HavokMemberRef> skeleton;
    std::optional<HavokMemberRef> compendium;  // the first one found
    std::vector<HavokMemberRef> compendia;     // every one, in the order found (the first included)
    std::unordered_map<uint64_t, HavokMemberRef> animations;  // by full animation number
    std::vector<std::string> notes;                           // duplicates and the like
};

// Scans the binders' member names (no bytes are read).
HavokMembers find_havok_members(const std::vector<const Document*>& documents);

// The stored bytes of binder member `member` of `doc` (empty when out of range).
Bytes binder_member_bytes(const Document& doc, size_t member);

// An animation's true length from its Havok header, or why it is not known.
struct AnimationLength {
    bool known = false;
    double duration = 0;        // seconds: frame 0 at 0, the last frame at `duration`
    double frame_duration = 0;  // seconds
    uint32_t frame_count = 0;
    bool additive = false;
    std::string reason;  // when !known
};

// True when an event that starts at `start_seconds` starts after the animation's true end (with
// 1 ms of slack for f32 times): the timeline flags it, census counts it.
inline bool starts_after_end(double start_seconds, const AnimationLength& length) {
    return length.known && start_seconds > length.duration + 1e-3;
}

class HavokCharacter {
public:
    HavokCharacter() = default;
    // The documents must outlive this object; documents[0] is the one whose TAE is shown.
    explicit HavokCharacter(std::vector<const Document*> documents);

    const std::vector<const Document*>& documents() const { return documents_; }
    const HavokMembers& members() const { return members_; }
    bool has_havok() const { return members_.skeleton || !members_.animations.empty(); }

    // The skeleton, or why there is none.
    Result<const havok::Skeleton*> skeleton();
    // The first compendium (null when the binders hold none), or why it could not be read.
    Result<const havok::Compendium*> compendium();
    // The compendium a member's tagfile takes its types from (see the head); null when it
    // needs none or the binders hold none, an error when it is in none of them or unreadable.
    Result<const havok::Compendium*> compendium_for(const HavokMemberRef& member);
    AnimationLength length(uint64_t full_animation_number);
    // The decoded clip, or why it cannot be had.
    Result<std::shared_ptr<const havok::AnimationClip>> clip(uint64_t full_animation_number);

private:
    Bytes bytes_of(const HavokMemberRef& ref) const;
    Error member_error(const HavokMemberRef& ref, Error e) const;
    Error missing_animation(uint64_t number) const;

    // Compendium i of members_.compendia, read on first use.
    Result<const havok::Compendium*> read_compendium_slot(size_t i);

    std::vector<const Document*> documents_;
    HavokMembers members_;
    bool skeleton_read_ = false;
    struct CompendiumSlot {
        bool read = false;
        std::optional<havok::Compendium> compendium;
        std::optional<Error> error;
    };
    std::vector<CompendiumSlot> compendia_;  // parallel to members_.compendia
    std::optional<havok::Skeleton> skeleton_;
    std::optional<Error> skeleton_error_;
    std::unordered_map<uint64_t, AnimationLength> lengths_;
    struct CachedClip {
        uint64_t number;
        std::shared_ptr<const havok::AnimationClip> clip;
        std::optional<Error> error;
    };
    std::vector<CachedClip> clips_;  // most recent last
    static constexpr size_t kClipCache = 4;
};

}  // namespace taescope
