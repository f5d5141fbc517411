#include "document_cli.h"

#include <cstdio>
#include <cstring>

#include "binder/havok_character.h"
#include "model_cli.h"
#include "templates/document_game.h"

namespace taescope::cli {

bool is_document_file(Bytes data) {
    return detect_container(data) != ContainerKind::None || is_bnd4(data) || is_bnd3(data);
}

void print_game(const GameGuess& g) {
    std::printf("  game           %s%s: %s\n", g.game.empty() ? "unknown" : std::string(game_title(g.game)).c_str(),
                g.game.empty() ? "" : (" (" + g.game + (g.guessed ? ", a guess" : "") + ")").c_str(), g.reason.c_str());
    for (const std::string& d : g.disagreements) std::printf("  clue disagrees %s\n", d.c_str());
}

void print_document_summary(const Document& doc) {
    const DcxInfo& c = doc.container.info;
    std::printf("%s\n", doc.name.c_str());
    std::printf("  container      %s", c.variant_name().c_str());
    if (c.kind != ContainerKind::None)
        std::printf(" (%llu -> %llu bytes", (unsigned long long)c.compressed_size,
                    (unsigned long long)doc.container.payload.size());
    if (c.kind != ContainerKind::None)
        std::printf(c.trailer.empty() ? ")" : ", %zu bytes after the payload)", c.trailer.size());
    std::printf("\n  payload        %s\n", payload_kind_name(doc.kind));
    if (doc.bnd4) {
        const Bnd4& b = *doc.bnd4;
        std::printf("  members        %zu (format %s, %s names, %s, layout %s)\n", b.members.size(),
                    hex(b.format()).c_str(), b.unicode ? "UTF-16" : "Shift-JIS",
                    b.hash_table ? "hash table" : "no hash table",
                    b.layout == Bnd4Layout::Canonical ? "canonical" : "preserved as read");
    } else if (doc.bnd3) {
        std::printf("  members        %zu (BND3, format %s)\n", doc.bnd3->members.size(),
                    hex(doc.bnd3->format()).c_str());
    }
    if (doc.bnd4 || doc.bnd3)
        std::printf("  event slots    from %d (%s member 9,999,999)\n", doc.slots.first_slot,
                    doc.slots.has_version_member ? "with" : "no");
    size_t unreadable = 0;
    for (const auto& t : doc.taes) unreadable += !t.tae.has_value();
    std::printf("  TAE files      %zu%s\n", doc.taes.size(),
                unreadable ? (" (" + std::to_string(unreadable) + " unreadable)").c_str() : "");
    std::printf("  animations     %zu\n  events         %zu\n", doc.animation_count(), doc.event_count());
    if (!doc.taes.empty()) print_game(detect_document_game(doc));
    size_t matched = 0;
    for (const auto& m : doc.clips) matched += m.tae_index != kNoMember;
    if (!doc.clips.empty()) std::printf("  clips          %zu (%zu with an event record)\n", doc.clips.size(), matched);
    HavokCharacter havok({&doc});
    if (havok.has_havok()) {
        const HavokMembers& m = havok.members();
        std::printf("  havok          %zu animation member(s), %s, ", m.animations.size(),
                    m.compendium ? "a compendium" : "no compendium");
        auto skeleton = havok.skeleton();
        if (skeleton.ok())
            std::printf("skeleton %s: %zu bones (Havok %s)\n", (*skeleton)->name.c_str(), (*skeleton)->bones.size(),
                        (*skeleton)->sdk_version.c_str());
        else
            std::printf("skeleton: %s\n", skeleton.error().to_string().c_str());
        size_t with = 0, without = 0;
        for (const auto& t : doc.taes)
            if (t.tae)
                for (const auto& a : t.tae->animations)
                    (havok.members().animations.count(t.full_number(a)) ? with : without)++;
        std::printf("                 %zu TAE animations with a Havok member, %zu without\n", with, without);
        for (const auto& n : m.notes) std::printf("  note: %s\n", n.c_str());
    }
    ModelSummary model = summarize_model(doc);
    if (model.present) std::printf("  model          %s\n", model_summary_text(model).c_str());
    for (const auto& t : doc.taes) {
        std::printf("    ID %-10d %-14s", t.slot.id, t.slot.file_name.c_str());
        if (t.slot.group_file)
            std::printf(" group %-4u", t.slot.group);
        else
            std::printf(" %-10s", "");
        if (t.tae)
            std::printf(" %5zu animations %7zu events\n", t.tae->animations.size(), t.tae->event_count());
        else
            std::printf(" unreadable: %s\n", t.error->to_string().c_str());
    }
    for (const auto& n : doc.notes) std::printf("  note: %s\n", n.c_str());
}

Bytes document_tae_bytes(const Document& doc, size_t tae_index) {
    const auto& t = doc.taes.at(tae_index);
    if (t.slot.member_index == kNoMember) return doc.container.payload;
    if (doc.bnd4) return doc.bnd4->members[t.slot.member_index].data;
    return doc.bnd3->members[t.slot.member_index].data;
}

bool roundtrip_document(const Document& doc, Bytes original) {
    auto out = export_document(doc);
    if (!out.ok()) {
        std::printf("%s: cannot export: %s\n", doc.name.c_str(), out.error().to_string().c_str());
        return false;
    }
    size_t common = std::min(out->size(), original.size());
    size_t at = 0;
    while (at < common && (*out)[at] == original[at]) ++at;
    if (at == common && out->size() == original.size()) {
        std::printf("%s: whole file identical (%zu bytes, %s)\n", doc.name.c_str(), original.size(),
                    doc.container.info.variant_name().c_str());
        return true;
    }
    std::printf("%s: whole file differs at offset %s (written %zu bytes, original %zu)\n", doc.name.c_str(),
                hex(at).c_str(), out->size(), original.size());
    return false;
}

}  // namespace taescope::cli
