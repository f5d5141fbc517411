// Helpers of the edit suites: documents to edit (real corpus files and small synthetic ones),
// the bytes an event file writes now, and the invariant that every event is in one group.
#pragma once

#include <string>
#include <vector>

#include "binder/document.h"
#include "edit/edit_session.h"
#include "tae/tae_writer.h"
#include "test_support.h"

namespace taescope::test {

inline Document open_corpus_document(const std::string& path) {
    auto bytes = load(path);
    auto doc = open_document(bytes, path);
    REQUIRE_MESSAGE(doc.ok(), (doc.ok() ? std::string() : doc.error().to_string()));
    return std::move(doc).value();
}

inline TaeEvent synthetic_event(TaeFile& f, int32_t type, float start, float end, uint8_t fill) {
    TaeEvent e;
    e.type = type;
    e.set_start(start);
    e.set_end(end);
    f.set_parameters(e, std::vector<uint8_t>(16, fill));
    return e;
}

// A loose event file "synthetic.tae" (full numbers) with animations 3000, 3004 and 3010:
// 3004 holds five events of types 0, 0, 64, 129, 0 in groups {0,1,4} (type 0), {2} (type 64)
// and {3} (stored type 128 for a type-129 event); the others hold one type-0 event each.
inline TaeFile synthetic_tae() {
    TaeFile f;
    f.header = make_default_tae_header(36, 5070);
    f.skeleton_name = u"skeleton.hkt";
    f.sib_name = u"c5070.SIB";
    for (uint64_t n : {3000, 3004, 3010}) {
        TaeAnimation a;
        a.number = n;
        a.set_standard(false, false, false, -1);
        a.motion_file_name = utf8_to_utf16("a000_00" + std::to_string(n) + ".hkt");
        if (n == 3004) {
            a.events.push_back(synthetic_event(f, 0, 0.0f, 1.0f, 0x11));
            a.events.push_back(synthetic_event(f, 0, 0.2f, 0.4f, 0x22));
            a.events.push_back(synthetic_event(f, 64, 0.1f, 0.3f, 0x33));
            a.events.push_back(synthetic_event(f, 129, 1.0f / 30, 2.0f / 30, 0x44));
            a.events.push_back(synthetic_event(f, 0, 0.5f, 0.6f, 0x55));
            a.groups.push_back({0, {}, 0, {0, 1, 4}});
            a.groups.push_back({64, {}, 0, {2}});
            a.groups.push_back({128, {}, 0, {3}});
        } else {
            a.events.push_back(synthetic_event(f, 0, 0.0f, 0.5f, uint8_t(n)));
            a.groups.push_back({0, {}, 0, {0}});
        }
        f.animations.push_back(std::move(a));
    }
    return f;
}

inline Document synthetic_document() {
    auto doc = open_document(write_tae(synthetic_tae()), "synthetic.tae");
    REQUIRE(doc.ok());
    return std::move(doc).value();
}

inline std::vector<uint8_t> written(const EditSession& s, size_t tae = 0) {
    REQUIRE(s.document().taes.at(tae).tae);
    return write_tae(*s.document().taes[tae].tae);
}

// "" when every event of the file is in exactly one group; else the first event that is not.
inline std::string group_membership_problem(const TaeFile& f) {
    for (size_t a = 0; a < f.animations.size(); ++a) {
        const auto& anim = f.animations[a];
        std::vector<int> count(anim.events.size());
        for (const auto& g : anim.groups)
            for (uint32_t i : g.event_indices) {
                if (i >= count.size())
                    return "animation " + std::to_string(a) + ": group names missing event " + std::to_string(i);
                ++count[i];
            }
        for (size_t e = 0; e < count.size(); ++e)
            if (count[e] != 1)
                return "animation " + std::to_string(a) + " event " + std::to_string(e) + " is in " +
                       std::to_string(count[e]) + " groups";
    }
    return "";
}

// The first animation with at least `events` events, as a reference.
inline AnimationTarget animation_with_events(const Document& doc, size_t tae, size_t events) {
    const auto& f = *doc.taes.at(tae).tae;
    for (size_t a = 0; a < f.animations.size(); ++a)
        if (f.animations[a].events.size() >= events) return {tae, a};
    FAIL("no animation with " << events << " events");
    return {};
}

}  // namespace taescope::test
