// The attack chain (../shared/spec/params-hitboxes.md §5, §6) against the independent reader's
// answers for c5051 (../shared/corpus/hitbox-reference/): every type-1/5 event's judge id,
// BehaviorParam row and fields, AtkParam row and hit slots; the posed shapes of three events at
// the start, middle and end frames of their windows (1e-3); the NpcParam display masks; and the
// same chain on Sekiro's binders with its gameparam (checked as far as the corpus allows).
#include <doctest/doctest.h>

#include <cmath>
#include <map>

#include "binder/animation_names.h"
#include "binder/document.h"
#include "sim/attack_chain.h"
#include "sim/character_body.h"
#include "sim/frame_data.h"
#include "test_cli_json.h"
#include "test_support.h"

using namespace taescope;

namespace {

struct C5051 {
    std::unique_ptr<Document> anibnd, chrbnd;
    std::optional<params::Regulation> regulation;
    bool present = false;
};

// Opened once for the cases below (the regulation's payload is 54 MB).
C5051& c5051() {
    static C5051 c = [] {
        C5051 out;
        std::string a = test::corpus_path("eldenring/c5051.anibnd.dcx");
        std::string m = test::corpus_path("eldenring/c5051.chrbnd.dcx");
        std::string r = test::corpus_path("eldenring/regulation-1.12.bin");
        std::string ref = test::corpus_path("hitbox-reference/chain_c5051.json");
        if (a.empty() || m.empty() || r.empty() || ref.empty()) return out;
        auto anibnd = open_document(test::load(a), "c5051.anibnd.dcx");
        auto chrbnd = open_document(test::load(m), "c5051.chrbnd.dcx");
        auto reg = params::Regulation::open(test::load(r), "regulation-1.12.bin");
        REQUIRE(anibnd.ok());
        REQUIRE(chrbnd.ok());
        REQUIRE(reg.ok());
        out.anibnd = std::make_unique<Document>(std::move(*anibnd));
        out.chrbnd = std::make_unique<Document>(std::move(*chrbnd));
        out.regulation.emplace(std::move(*reg));
        out.present = true;
        return out;
    }();
    return c;
}

test::Json reference(const std::string& name) {
    const std::vector<uint8_t> bytes = test::load(test::corpus_path("hitbox-reference/" + name));
    const std::string text(bytes.begin(), bytes.end());  // the reader keeps a reference
    test::JsonReader reader(text);
    auto j = reader.parse();
    REQUIRE_MESSAGE(j, name << ": " << reader.error());
    return std::move(*j);
}

const AttackEvent* find_event(const AttackChain& chain, const std::string& animation, uint32_t event_index) {
    for (const auto& e : chain.events())
        if (animation_name(e.animation) == animation && e.event_index == event_index) return &e;
    return nullptr;
}

}  // namespace

TEST_CASE("attack chain: every attack event of c5051 resolves as the independent reader's chain_c5051.json") {
    C5051& c = c5051();
    if (!c.present) return;
    AttackChain chain = AttackChain::build(*c.anibnd, *c.regulation);
    const test::Json ref = reference("chain_c5051.json");
    CHECK(chain.character().model.number == std::optional<int32_t>(5051));
    CHECK(chain.character().variation == int32_t(ref.get("V")->number));
    CHECK(chain.character().variation_source.find("inferred") != std::string::npos);
    const auto& events = ref.get("events")->items;
    REQUIRE(chain.events().size() == events.size());  // 30 type 1 + 14 type 5, nothing else
    std::map<std::string, size_t> shapes;
    for (const auto& re : events) {
        const std::string anim = re.get("animation")->text;
        const uint32_t index = uint32_t(re.get("event_index")->number);
        CAPTURE(anim);
        CAPTURE(index);
        const AttackEvent* e = find_event(chain, anim, index);
        REQUIRE(e);
        CHECK(e->type == int32_t(re.get("type")->number));
        CHECK(double(e->start) == re.get("start")->number);
        CHECK(double(e->end) == re.get("end")->number);
        CHECK(e->judge == int32_t(re.get("judge")->number));
        CHECK(e->behavior_row == int32_t(re.get("behavior_row")->number));
        CHECK(e->behavior_found);
        if (e->type == 1) {
            CHECK(e->attack_type == int32_t(re.get("attack_type")->number));
            CHECK(e->direction == uint8_t(re.get("direction_type")->number));
            CHECK(e->source == uint8_t(re.get("source")->number));
            CHECK(e->state_info == int16_t(re.get("state_info")->number));
        }
        CHECK(e->attack_index == int32_t(re.get("attack_index")->number));
        CHECK(e->ref_type == int32_t(re.get("refType")->number));
        CHECK(e->ref_id == int32_t(re.get("refId")->number));
        REQUIRE(e->atk_row);
        CHECK(*e->atk_row == int32_t(re.get("atk_row")->number));
        CHECK(e->miss == AttackMiss::None);
        const test::Json& atk = *re.get("atk");
        CHECK(e->throw_type == uint16_t(atk.get("throwTypeId")->number));
        CHECK(e->is_throw() == atk.get("throw")->boolean);
        CHECK(e->hit_source_type == uint8_t(atk.get("hitSourceType")->number));
        const auto& hits = atk.get("hits")->items;
        REQUIRE(e->hits.size() == hits.size());
        for (size_t h = 0; h < hits.size(); ++h) {
            CHECK(e->hits[h].slot == uint32_t(hits[h].get("slot")->number));
            CHECK(e->hits[h].dummy1 == int32_t(hits[h].get("dmy1")->number));
            CHECK(e->hits[h].dummy2 == int32_t(hits[h].get("dmy2")->number));
            CHECK(double(e->hits[h].radius) == hits[h].get("radius")->number);
            CHECK(e->hits[h].hit_type == uint8_t(hits[h].get("hitType")->number));
            CHECK(attack_shape_kind_name(e->hits[h].kind) == hits[h].get("kind")->text);
            ++shapes[std::to_string(e->type) + attack_shape_kind_name(e->hits[h].kind)];
        }
    }
    const test::Json& counts = *ref.get("counts");
    CHECK(shapes["1capsule"] == size_t(counts.get("type1_hits_capsule")->number));
    CHECK(shapes["5sphere"] == size_t(counts.get("type5_hits_sphere")->number));
    CHECK(chain.resolved_count() == events.size());
    // Every event of one animation, and live at an instant under [start, end).
    const AttackEvent* e32 = find_event(chain, "a000_003022", 32);
    REQUIRE(e32);
    CHECK(chain.live_at(e32->tae_index, e32->animation_index, 2.2).size() == 1);
    CHECK(chain.live_at(e32->tae_index, e32->animation_index, double(e32->end)).empty());
    CHECK(chain.live_at(e32->tae_index, e32->animation_index, double(e32->start)).size() == 1);
}

TEST_CASE("attack chain: c5051's shapes posed at the 9 reference frames equal posed_c5051.json to 1e-3") {
    C5051& c = c5051();
    if (!c.present || test::corpus_path("hitbox-reference/posed_c5051.json").empty()) return;
    AttackChain chain = AttackChain::build(*c.anibnd, *c.regulation);
    HavokCharacter havok({c.anibnd.get()});
    CharacterModel model({c.chrbnd.get()});
    const test::Json ref = reference("posed_c5051.json");
    size_t frames = 0, points = 0;
    for (const auto& re : ref.get("events")->items) {
        const std::string anim = re.get("animation")->text;
        const uint32_t index = uint32_t(re.get("event_index")->number);
        const AttackEvent* e = find_event(chain, anim, index);
        REQUIRE(e);
        const size_t event_at = size_t(e - chain.events().data());
        for (const auto& frame : re.get("frames")->members) {
            const double f = std::stod(frame.first);
            CAPTURE(anim);
            CAPTURE(f);
            // Every hit of the chain's events posed at the frame (the end frame lies outside the window).
            auto posed = posed_attack_shapes(chain, e->tae_index, e->animation_index, f, model, havok, false);
            REQUIRE_MESSAGE(posed.ok(), posed.error().to_string());
            std::vector<const PosedAttackShape*> mine;
            for (const auto& s : *posed)
                if (s.event == event_at) mine.push_back(&s);
            const auto& shapes = frame.second.items;
            REQUIRE(mine.size() == shapes.size());
            for (size_t k = 0; k < shapes.size(); ++k) {
                CHECK(mine[k]->slot == uint32_t(shapes[k].get("slot")->number));
                CHECK(attack_shape_kind_name(mine[k]->kind) == shapes[k].get("kind")->text);
                const auto& ends = shapes[k].get("ends")->items;
                REQUIRE(mine[k]->points.size() == ends.size());
                for (size_t p = 0; p < ends.size(); ++p)
                    for (size_t a = 0; a < 3; ++a) {
                        CHECK(std::fabs(mine[k]->points[p][a] - ends[p].items[a].number) <= 1e-3);
                        ++points;
                    }
                const double length = std::sqrt(std::pow(mine[k]->points[0][0] - mine[k]->points[1][0], 2) +
                                                std::pow(mine[k]->points[0][1] - mine[k]->points[1][1], 2) +
                                                std::pow(mine[k]->points[0][2] - mine[k]->points[1][2], 2));
                CHECK(std::fabs(length - shapes[k].get("length")->number) <= 1e-3);
            }
            // What is live at that frame: the event inside its window, not at its closing edge.
            auto live = posed_attack_shapes(chain, e->tae_index, e->animation_index, f, model, havok, true);
            REQUIRE(live.ok());
            auto clip = havok.clip(e->animation);
            REQUIRE(clip.ok());
            const double seconds = f * (*clip)->summary.frame_duration;
            const bool inside = double(e->start) <= seconds && seconds < double(e->end);
            bool seen = false;
            for (const auto& s : *live) seen = seen || s.event == event_at;
            CHECK(seen == inside);
            ++frames;
        }
    }
    CHECK(frames == 9);
    MESSAGE(frames << " frames, " << points << " coordinates within 1e-3 of the reference");
}

TEST_CASE("attack chain: c5051's default display masks come from NpcParam 50510000 as masks_c5051.json says") {
    C5051& c = c5051();
    if (!c.present || test::corpus_path("hitbox-reference/masks_c5051.json").empty()) return;
    CharacterParams p = character_params(*c.anibnd, *c.regulation);
    const test::Json ref = reference("masks_c5051.json");
    CHECK(p.npc_param_row == std::optional<int32_t>(int32_t(ref.get("row_used")->number)));
    const auto& mask = ref.get("modelDispMask")->items;
    REQUIRE(mask.size() == 32);
    for (int g = 0; g < 32; ++g) {
        CAPTURE(g);
        CHECK(p.display_masks.shows(g) == mask[size_t(g)].boolean);
    }
    CHECK(p.display_masks.source.find("NpcParam 50510000") != std::string::npos);
    const auto& rows = ref.get("rows")->items;
    REQUIRE(p.npc_rows.size() == rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        CHECK(p.npc_rows[i].row == int32_t(rows[i].get("row")->number));
        CHECK(p.npc_rows[i].variation == int32_t(rows[i].get("behaviorVariationId")->number));
        uint32_t on = 0;
        for (const auto& g : rows[i].get("on")->items) on |= 1u << int(g.number);
        CHECK(p.npc_rows[i].display_masks == on);
    }
    // The defaults decide what Default means for the body: weapon 0 (mask 0) and the robe (5)
    // shown, weapon 1 (mask 1) hidden until an event says otherwise.
    MaskState none{};
    CharacterModel body({c.chrbnd.get()});
    auto m = body.model();
    REQUIRE(m.ok());
    std::vector<uint8_t> shown = mesh_visibility(**m, none, false, p.display_masks);
    for (size_t i : meshes_of_mask(**m, 1)) CHECK(shown[i] == 0);
    for (size_t i : meshes_of_mask(**m, 0)) CHECK(shown[i] == 1);
    for (size_t i : meshes_of_mask(**m, 5)) CHECK(shown[i] == 1);
    MaskState shown_by_event{};
    shown_by_event[1].visibility = MaskVisibility::Shown;
    for (size_t i : meshes_of_mask(**m, 1)) CHECK(mesh_visibility(**m, shown_by_event, false, p.display_masks)[i] == 1);
    for (size_t i : meshes_of_mask(**m, 1)) CHECK(mesh_visibility(**m, none)[i] == 1);  // without params: shown
}

TEST_CASE("attack chain: variation choices, a chosen V, and misses named with their reasons") {
    C5051& c = c5051();
    if (!c.present) return;
    AttackChainOptions options;
    options.character.variation = 99999;  // a V with no BehaviorParam rows
    AttackChain chain = AttackChain::build(*c.anibnd, *c.regulation, options);
    CHECK(chain.character().variation == 99999);
    CHECK(chain.character().variation_source == "chosen");
    size_t no_row = 0, type5 = 0;
    for (const auto& e : chain.events()) {
        if (e.type == 1) {
            CHECK(e.miss == AttackMiss::NoBehaviorRow);
            CHECK(e.miss_text == "no BehaviorParam row " + std::to_string(200000000 + 99999 * 1000 + e.judge));
            ++no_row;
        } else {
            CHECK(e.miss == AttackMiss::None);  // type 5 rows do not depend on V
            ++type5;
        }
    }
    CHECK(no_row == 30);
    CHECK(type5 == 14);
    // The choices: model x 10 first (inferred), the NpcParam rows' V, the V covering the judge ids.
    const AttackChain by_default = AttackChain::build(*c.anibnd, *c.regulation);
    const CharacterParams& p = by_default.character();
    REQUIRE_FALSE(p.variations.empty());
    CHECK(p.variations[0].variation == 50510);
    CHECK(p.variations[0].npc_param_rows.size() == 3);
    CHECK(p.variations[0].judges_covered == p.variations[0].judges_total);
    CHECK(p.variations[0].source.find("covers") != std::string::npos);
    // A regulation without BehaviorParam: every event misses with that reason.
    std::vector<std::pair<std::string, SharedBytes>> only_atk = {
        {"AtkParam_Npc.param", c.regulation->find("AtkParam_Npc")->bytes}};
    auto partial = params::Regulation::from_param_files(std::move(only_atk));
    REQUIRE(partial.ok());
    AttackChain lacking = AttackChain::build(*c.anibnd, *partial);
    REQUIRE_FALSE(lacking.events().empty());
    for (const auto& e : lacking.events()) CHECK(e.miss == AttackMiss::ParamMissing);
    CHECK(lacking.events()[0].miss_text.find("no BehaviorParam") != std::string::npos);
    CHECK_FALSE(lacking.character().notes.empty());
}

TEST_CASE("frame data: c5051's attacks, startup, windows in 30 fps and clip frames, reach and true length") {
    C5051& c = c5051();
    if (!c.present) return;
    AttackChain chain = AttackChain::build(*c.anibnd, *c.regulation);
    HavokCharacter havok({c.anibnd.get()});
    CharacterModel model({c.chrbnd.get()});
    FrameDataOptions options;
    options.model = &model;
    options.havok = &havok;
    std::vector<AnimationFrameData> data = compute_frame_data(chain, options);
    size_t windows = 0;
    for (const auto& a : data) windows += a.windows.size();
    CHECK(windows == chain.events().size());
    const AnimationFrameData* a3022 = nullptr;
    for (const auto& a : data)
        if (animation_name(a.animation) == "a000_003022") a3022 = &a;
    REQUIRE(a3022);
    REQUIRE(a3022->length.known);
    CHECK(a3022->length.frame_count == 301);
    REQUIRE(a3022->startup_frame);
    CHECK(*a3022->startup_frame <= 2.1f * 30.0 + 1e-6);
    const AttackWindow* w = nullptr;
    for (const auto& x : a3022->windows)
        if (chain.events()[x.event].event_index == 32) w = &x;
    REQUIRE(w);
    CHECK(w->start_frame == doctest::Approx(double(2.1f) * 30));
    CHECK(w->end_frame == doctest::Approx(double(2.3f) * 30));
    REQUIRE(w->start_clip_frame);
    CHECK(*w->start_clip_frame == doctest::Approx(126.0).epsilon(1e-4));
    CHECK(w->shapes == 2);
    REQUIRE(w->reach);
    // At frame 126 alone the tip (3.25, 3.34, 0.43) is 4.68 m from the origin: the window's reach is at least that.
    CHECK(*w->reach >= std::sqrt(3.2509 * 3.2509 + 3.3368 * 3.3368 + 0.4320 * 0.4320) - 1e-3);
    CHECK(*w->reach_surface == doctest::Approx(*w->reach + 0.3).epsilon(1e-6));
    bool phys = false;
    for (const auto& d : w->damage) phys = phys || (d.name == "atkPhys" && d.value == "170");
    CHECK(phys);
    // Without a model: counts are the used slots, no reach.
    std::vector<AnimationFrameData> bare = compute_frame_data(chain);
    for (const auto& a : bare)
        for (const auto& x : a.windows) {
            CHECK_FALSE(x.reach);
            CHECK(x.shapes == chain.events()[x.event].hits.size());
        }
}

TEST_CASE("frame data CSV: a header, one line per attack, fields with commas or quotes quoted (RFC 4180)") {
    C5051& c = c5051();
    if (!c.present) return;
    AttackChain chain = AttackChain::build(*c.anibnd, *c.regulation);
    std::vector<AnimationFrameData> data = compute_frame_data(chain);
    REQUIRE_FALSE(data.empty());
    REQUIRE_FALSE(data[0].windows.empty());
    const std::string plain = frame_data_csv(chain, data);
    CHECK(plain.rfind("animation,event,type,judge,behavior_row,atk_row,miss,", 0) == 0);
    size_t lines = 0, windows = 0;
    for (char ch : plain) lines += ch == '\n';
    for (const auto& a : data) windows += a.windows.size();
    CHECK(lines == windows + 1);
    // A damage value holding a comma and a quote is one quoted field with the quote doubled.
    data[0].windows[0].damage = {AttackField{"note", "", "x, \"y\""}};
    const std::string quoted = frame_data_csv(chain, data);
    CHECK(quoted.find(",\"note=x, \"\"y\"\"\",") != std::string::npos);
    CHECK(frame_data_damage_text(data[0].windows[0]) == "note=x, \"y\"");
}

TEST_CASE("attack chain: Sekiro's binders with its gameparam (the same rule; labelled where unverified)") {
    std::string gp = test::corpus_path("sekiro/gameparam.parambnd.dcx");
    if (gp.empty()) return;
    auto reg = params::Regulation::open(test::load(gp), "gameparam.parambnd.dcx");
    REQUIRE(reg.ok());
    for (std::string name : {"sekiro/c5070.anibnd.dcx", "sekiro/c1130.anibnd.dcx", "sekiro/c0000.anibnd.dcx"}) {
        std::string path = test::corpus_path(name);
        if (path.empty()) continue;
        CAPTURE(name);
        auto doc = open_document(test::load(path), name);
        REQUIRE(doc.ok());
        AttackChain chain = AttackChain::build(*doc, *reg);
        std::map<std::string, size_t> misses;
        size_t events = 0;
        for (const auto& t : doc->taes)
            if (t.tae)
                for (const auto& a : t.tae->animations)
                    for (const auto& e : a.events) events += e.type == 1 || e.type == 5;
        CHECK(chain.events().size() == events);  // every type-1/5 event is listed
        for (const auto& e : chain.events()) {
            if (e.miss != AttackMiss::None) {
                CHECK_FALSE(e.miss_text.empty());
                ++misses[attack_miss_name(e.miss)];
            } else {
                CHECK_FALSE(e.hits.empty());
                for (const auto& h : e.hits) CHECK(h.dummy1 > 0);
            }
        }
        std::string summary;
        for (const auto& m : misses) summary += " " + m.first + "=" + std::to_string(m.second);
        MESSAGE(name << ": model " << chain.character().model.number.value_or(-1) << ", V "
                     << chain.character().variation << " (" << chain.character().variation_source << "), "
                     << chain.events().size() << " events, " << chain.resolved_count() << " resolved;" << summary);
        if (chain.character().player) CHECK(chain.character().display_masks.source.find("player") != std::string::npos);
    }
}
