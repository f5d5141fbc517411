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
                else out.notes.push_back("a second compendium (" + name + ") is not used");
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
    : documents_(std::move(documents)), members_(find_havok_members(documents_)) {}

Bytes HavokCharacter::bytes_of(const HavokMemberRef& ref) const {
    return binder_member_bytes(*documents_[ref.document], ref.member);
}

Error HavokCharacter::member_error(const HavokMemberRef& ref, Error e) const {
    std::string where = "member " + std::to_string(ref.member) + " (" + lower_file_name(ref.name) + ")";
    if (documents_.size() > 1) where = documents_[ref.document]->name + " > " + where;
    return std::move(e.within(where));
}

Result<const havok::Compendium*> HavokCharacter::compendium() {
    if (!compendium_read_) {
        compendium_read_ = true;
        if (members_.compendium) {
            auto c = havok::read_compendium(bytes_of(*members_.compendium));
            if (c.ok()) compendium_ = std::move(c).value();
            else compendium_error_ = member_error(*members_.compendium, std::move(c.error()));
        }
    }
    if (compendium_error_) return *compendium_error_;
    return compendium_ ? &*compendium_ : nullptr;
}

Result<const havok::Skeleton*> HavokCharacter::skeleton() {
    if (!skeleton_read_) {
        skeleton_read_ = true;
        if (!members_.skeleton) {
            skeleton_error_ = make_error(Error::kNoOffset, "no skeleton.hkx in the binders opened");
        } else {
            Bytes bytes = bytes_of(*members_.skeleton);
            auto comp = compendium();
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
        auto comp = compendium();
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
        auto comp = compendium();
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
