#include "binder/havok_character.h"

#include <algorithm>
#include <cctype>

#include "binder/animation_names.h"

namespace taescope {

namespace {

std::string lower_file_name(const std::string& path) {
    size_t slash = path.find_last_of("\\/");
    std::string file = slash == std::string::npos ? path : path.substr(slash + 1);
    for (char& c : file) c = char(std::tolower(uint8_t(c)));
    return file;
}

bool ends_with(const std::string& s, const char* suffix) {
    size_t n = std::char_traits<char>::length(suffix);
    return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}

}  // namespace

Bytes binder_member_bytes(const Document& doc, size_t member) {
    if (doc.bnd4 && member < doc.bnd4->members.size()) return doc.bnd4->members[member].data;
    if (doc.bnd3 && member < doc.bnd3->members.size()) return doc.bnd3->members[member].data;
    return {};
}

HavokMembers find_havok_members(const std::vector<const Document*>& documents) {
    HavokMembers out;
    for (size_t d = 0; d < documents.size(); ++d) {
        const Document& doc = *documents[d];
        auto visit = [&](size_t index, const std::string& name) {
            std::string file = lower_file_name(name);
            HavokMemberRef ref{d, index, name};
            if (file == "skeleton.hkx") {
                if (!out.skeleton) out.skeleton = ref;
                else out.notes.push_back("a second skeleton.hkx (" + name + ") is not used");
                return;
            }
            if (ends_with(file, ".compendium")) {
                if (!out.compendium) out.compendium = ref;
                out.compendia.push_back(ref);
                return;
            }
            auto clip = parse_clip_member_name(name);
            if (!clip || clip->variant || clip->effect) return;
            if (!out.animations.emplace(clip->animation, ref).second)
                out.notes.push_back(animation_name(clip->animation) + ": a second member (" + name + ") is not used");
        };
        if (doc.bnd4)
            for (size_t i = 0; i < doc.bnd4->members.size(); ++i) visit(i, doc.bnd4->members[i].name);
        if (doc.bnd3)
            for (size_t i = 0; i < doc.bnd3->members.size(); ++i) visit(i, doc.bnd3->members[i].name);
    }
    return out;
}

HavokCharacter::HavokCharacter(std::vector<const Document*> documents)
    : documents_(std::move(documents)), members_(find_havok_members(documents_)), compendia_(members_.compendia.size()) {}

Bytes HavokCharacter::bytes_of(const HavokMemberRef& ref) const {
    return binder_member_bytes(*documents_[ref.document], ref.member);
}

Error HavokCharacter::member_error(const HavokMemberRef& ref, Error e) const {
    std::string where = "member " + std::to_string(ref.member) + " (" + lower_file_name(ref.name) + ")";
    if (documents_.size() > 1) where = documents_[ref.document]->name + " > " + where;
    return std::move(e.within(where));
}

Result<const havok::Compendium*> HavokCharacter::read_compendium_slot(size_t i) {
    CompendiumSlot& slot = compendia_[i];
    if (!slot.read) {
        slot.read = true;
        auto c = havok::read_compendium(bytes_of(members_.compendia[i]));
        if (c.ok()) slot.compendium = std::move(c).value();
        else slot.error = member_error(members_.compendia[i], std::move(c.error()));
    }
    if (slot.error) return *slot.error;
    return &*slot.compendium;
}

Result<const havok::Compendium*> HavokCharacter::compendium() {
    if (compendia_.empty()) return static_cast<const havok::Compendium*>(nullptr);
    return read_compendium_slot(0);
}

Result<const havok::Compendium*> HavokCharacter::compendium_for(const HavokMemberRef& member) {
    const std::optional<uint64_t> id = havok::tagfile_compendium_id(bytes_of(member));
    // A tagfile with types of its own (or no tagfile) needs none; without any, the reader says so.
    if (!id || compendia_.empty()) return static_cast<const havok::Compendium*>(nullptr);
    // Its own binder's compendia first, then the others', in the order found.
    std::vector<size_t> order;
    for (size_t pass = 0; pass < 2; ++pass)
        for (size_t i = 0; i < compendia_.size(); ++i)
            if ((members_.compendia[i].document == member.document) == (pass == 0)) order.push_back(i);
    std::optional<Error> unreadable;
    for (size_t i : order) {
        auto c = read_compendium_slot(i);
        if (!c.ok()) {
            if (!unreadable) unreadable = c.error();
            continue;
        }
        for (uint64_t known : (*c)->ids)
            if (known == *id) return *c;
    }
    if (unreadable) return *unreadable;
    return member_error(member, make_error(Error::kNoOffset, "its compendium id " + hex(*id) + " is in none of the " +
                                                                 std::to_string(compendia_.size()) +
                                                                 " compendiums of the binders opened"));
}

Result<const havok::Skeleton*> HavokCharacter::skeleton() {
    if (!skeleton_read_) {
        skeleton_read_ = true;
        if (!members_.skeleton) {
            skeleton_error_ = make_error(Error::kNoOffset, "no skeleton.hkx in the binders opened");
        } else {
            Bytes bytes = bytes_of(*members_.skeleton);
            auto comp = compendium_for(*members_.skeleton);
            if (!comp.ok() && !havok::is_havok_packfile(bytes)) {
                skeleton_error_ = comp.error();
            } else {
                auto s = havok::read_skeleton(bytes, comp.ok() ? *comp : nullptr);
                if (s.ok()) skeleton_ = std::move(s).value();
                else skeleton_error_ = member_error(*members_.skeleton, std::move(s.error()));
            }
        }
    }
    if (skeleton_error_) return *skeleton_error_;
    return &*skeleton_;
}

Error HavokCharacter::missing_animation(uint64_t number) const {
    std::string text = "no Havok animation " + animation_name(number) + ".hkx in the binder";
    text += documents_.size() > 1 ? "s opened" : " opened";
    if (members_.animations.empty()) text += " (it holds no animation members: a player's animations live in other binders)";
    return make_error(Error::kNoOffset, text);
}

AnimationLength HavokCharacter::length(uint64_t number) {
    if (auto it = lengths_.find(number); it != lengths_.end()) return it->second;
    AnimationLength out;
    auto ref = members_.animations.find(number);
    if (ref == members_.animations.end()) {
        out.reason = missing_animation(number).to_string();
    } else {
        Bytes bytes = bytes_of(ref->second);
        auto comp = compendium_for(ref->second);
        if (!comp.ok() && !havok::is_havok_packfile(bytes)) {
            out.reason = comp.error().to_string();
        } else {
            auto s = havok::read_animation_summary(bytes, comp.ok() ? *comp : nullptr);
            if (s.ok()) {
                out.known = true;
                out.duration = s->duration;
                out.frame_duration = s->frame_duration;
                out.frame_count = s->frame_count;
                out.additive = s->additive();
            } else {
                out.reason = member_error(ref->second, std::move(s.error())).to_string();
            }
        }
    }
    lengths_.emplace(number, out);
    return out;
}

Result<std::shared_ptr<const havok::AnimationClip>> HavokCharacter::clip(uint64_t number) {
    for (size_t i = 0; i < clips_.size(); ++i) {
        if (clips_[i].number != number) continue;
        CachedClip hit = std::move(clips_[i]);
        clips_.erase(clips_.begin() + ptrdiff_t(i));
        clips_.push_back(std::move(hit));
        if (clips_.back().error) return *clips_.back().error;
        return clips_.back().clip;
    }
    CachedClip entry{number, nullptr, std::nullopt};
    auto ref = members_.animations.find(number);
    if (ref == members_.animations.end()) {
        entry.error = missing_animation(number);
    } else {
        Bytes bytes = bytes_of(ref->second);
        auto comp = compendium_for(ref->second);
        if (!comp.ok() && !havok::is_havok_packfile(bytes)) {
            entry.error = comp.error();
        } else {
            auto c = havok::read_animation(bytes, comp.ok() ? *comp : nullptr);
            if (c.ok()) entry.clip = std::make_shared<const havok::AnimationClip>(std::move(c).value());
            else entry.error = member_error(ref->second, std::move(c.error()));
        }
    }
    if (clips_.size() >= kClipCache) clips_.erase(clips_.begin());
    clips_.push_back(std::move(entry));
    if (clips_.back().error) return *clips_.back().error;
    return clips_.back().clip;
}

}  // namespace taescope
