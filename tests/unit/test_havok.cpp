// The Havok reader (engine/havok/, engine/binder/havok_character.*) against real binders and the
// values an independent Havok reader read from them (../shared/corpus/havok-reference/): bones,
// reference pose, and per animation its timing, blocks, track map, root motion and the local
// transforms of tracks 0..9 at sampled frames, to 1e-3. Then every animation of three binders
// decodes, quaternions come out unit length, block seams are continuous, a character split over
// two binders reads the same, and damaged members give errors, never crashes.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include "binder/animation_names.h"
#include "binder/havok_character.h"
#include "container/bnd4.h"
#include "havok/pose.h"
#include "havok/tagfile.h"
#include "test_cli_json.h"
#include "test_support.h"

namespace taescope::test {
namespace {

Document open_corpus(const std::string& path) {
    auto bytes = load(path);
    auto doc = open_document(bytes, path);
    REQUIRE_MESSAGE(doc.ok(), (doc.ok() ? std::string() : doc.error().to_string()));
    return std::move(doc).value();
}

Json load_json(const std::string& path) {
    auto bytes = load(path);
    auto json = JsonReader(std::string(bytes.begin(), bytes.end())).parse();
    REQUIRE(json.has_value());
    return std::move(*json);
}

double num(const Json& j) { return j.number; }

// [[t], [q], [s]] of the reference files
void check_transform(const Json& expected, const havok::QsTransform& got, const std::string& where) {
    REQUIRE(expected.items.size() == 3);
    for (int c = 0; c < 3; ++c)
        CHECK_MESSAGE(std::fabs(num(expected.items[0].items[size_t(c)]) - got.translation[size_t(c)]) <= 1e-3,
                      where << " translation[" << c << "] " << got.translation[size_t(c)]);
    for (int c = 0; c < 4; ++c)
        CHECK_MESSAGE(std::fabs(num(expected.items[1].items[size_t(c)]) - got.rotation[size_t(c)]) <= 1e-3,
                      where << " rotation[" << c << "] " << got.rotation[size_t(c)]);
    for (int c = 0; c < 3; ++c)
        CHECK_MESSAGE(std::fabs(num(expected.items[2].items[size_t(c)]) - got.scale[size_t(c)]) <= 1e-3,
                      where << " scale[" << c << "] " << got.scale[size_t(c)]);
}

void check_against_reference(const std::string& binder, const std::string& reference) {
    std::string path = corpus_path(binder);
    std::string ref_path = corpus_path("havok-reference/" + reference);
    if (path.empty() || ref_path.empty()) return;
    Document doc = open_corpus(path);
    Json ref = load_json(ref_path);
    HavokCharacter character({&doc});

    auto skeleton = character.skeleton();
    REQUIRE_MESSAGE(skeleton.ok(), (skeleton.ok() ? std::string() : skeleton.error().to_string()));
    const havok::Skeleton& s = **skeleton;
    const Json& rs = *ref.get("skeleton");
    CHECK(s.bones.size() == size_t(num(*rs.get("bone_count"))));
    const Json& first_bones = *rs.get("first_bones");
    for (size_t i = 0; i < first_bones.items.size(); ++i) {
        CHECK(s.bones[i].name == first_bones.items[i].get("name")->text);
        CHECK(s.bones[i].parent == int32_t(num(*first_bones.items[i].get("parent"))));
        check_transform(rs.get("first_ref_pose")->items[i], s.bones[i].reference,
                        binder + " bone " + std::to_string(i));
    }
    CHECK(character.members().animations.size() == size_t(num(*ref.get("animation_member_count"))));

    for (const Json& ra : ref.get("animations")->items) {
        const std::string name = ra.get("name")->text;
        CAPTURE(binder);
        CAPTURE(name);
        auto number = parse_clip_member_name(name);
        REQUIRE(number.has_value());
        auto clip = character.clip(number->animation);
        REQUIRE_MESSAGE(clip.ok(), (clip.ok() ? std::string() : clip.error().to_string()));
        const havok::AnimationClip& c = **clip;
        CHECK(c.summary.class_name == ra.get("class")->text);
        CHECK(std::fabs(c.summary.duration - num(*ra.get("duration"))) <= 1e-3);
        CHECK(c.summary.frame_count == uint32_t(num(*ra.get("frame_count"))));
        CHECK(std::fabs(c.summary.frame_duration - num(*ra.get("frame_duration"))) <= 1e-4);
        CHECK(c.summary.block_count == uint32_t(num(*ra.get("blocks"))));
        CHECK(c.summary.max_frames_per_block == uint32_t(num(*ra.get("max_frames_per_block"))));
        CHECK(c.summary.track_count == uint32_t(num(*ra.get("transform_track_count"))));
        CHECK(c.summary.float_track_count == uint32_t(num(*ra.get("float_track_count"))));
        const Json& map = *ra.get("track_to_bone_first10");
        for (size_t k = 0; k < map.items.size(); ++k) CHECK(c.track_to_bone[k] == int16_t(num(map.items[k])));

        // The length the TAE side is given agrees with the decoded clip.
        AnimationLength length = character.length(number->animation);
        CHECK(length.known);
        CHECK(length.frame_count == c.summary.frame_count);

        const Json& rm = *ra.get("root_motion");
        CHECK((rm.kind == Json::Kind::Null) == !c.root_motion.has_value());
        if (rm.kind != Json::Kind::Null && c.root_motion) {
            CHECK(c.root_motion->samples.size() == size_t(num(*rm.get("sample_count"))));
            for (const auto& member : rm.get("samples")->members) {
                const std::string& frame = member.first;
                const Json& sample = member.second;
                auto got = c.root_motion->at(std::stod(frame));
                for (size_t i = 0; i < 4; ++i)
                    CHECK_MESSAGE(std::fabs(num(sample.items[i]) - got[i]) <= 1e-3, "root motion frame " << frame);
            }
        }

        std::vector<havok::QsTransform> tracks(c.summary.track_count);
        for (const auto& member : ra.get("frames")->members) {
            const std::string& frame = member.first;
            const Json& expected_tracks = member.second;
            c.sample_tracks(std::stod(frame), tracks);
            for (size_t k = 0; k < expected_tracks.items.size(); ++k)
                check_transform(expected_tracks.items[k], tracks[k],
                                name + " frame " + frame + " track " + std::to_string(k));
        }
    }
}

}  // namespace

TEST_CASE("havok reference: Sekiro c5070 (Havok 2016) reads as the independent reader does") {
    check_against_reference("sekiro/c5070.anibnd.dcx", "sekiro__c5070.anibnd.json");
}
TEST_CASE("havok reference: Sekiro c1130, a clip over two blocks") {
    check_against_reference("sekiro/c1130.anibnd.dcx", "sekiro__c1130.anibnd.json");
}
TEST_CASE("havok reference: Elden Ring c5051 (Havok 2018, 48-bit rotations, multi-block)") {
    check_against_reference("eldenring/c5051.anibnd.dcx", "eldenring__c5051.anibnd.json");
}
TEST_CASE("havok reference: Elden Ring c1000, a Kraken binder with a one-bone skeleton") {
    check_against_reference("eldenring/c1000.krak.anibnd.dcx", "eldenring__c1000.krak.anibnd.json");
}

TEST_CASE("havok: every animation of c5070, c1130 and c5051 decodes; unit quaternions; continuous block seams") {
    const std::pair<const char*, size_t> binders[] = {
        {"sekiro/c5070.anibnd.dcx", 31}, {"sekiro/c1130.anibnd.dcx", 90}, {"eldenring/c5051.anibnd.dcx", 110}};
    for (const auto& binder : binders) {
        const char* relative = binder.first;
        const size_t expected = binder.second;
        std::string path = corpus_path(relative);
        if (path.empty()) continue;
        const std::string binder_name = relative;
        CAPTURE(binder_name);
        Document doc = open_corpus(path);
        HavokCharacter character({&doc});
        CHECK(character.members().animations.size() == expected);
        auto skeleton = character.skeleton();
        REQUIRE(skeleton.ok());
        size_t decoded = 0, multi_block = 0, seams = 0, additive = 0;
        double worst_norm = 0, worst_seam_t = 0, worst_seam_deg = 0;
        havok::Pose pose;
        for (const auto& member : character.members().animations) {
            const uint64_t number = member.first;
            auto clip = character.clip(number);
            REQUIRE_MESSAGE(clip.ok(), (clip.ok() ? std::string() : clip.error().to_string()));
            const havok::AnimationClip& c = **clip;
            ++decoded;
            additive += c.summary.additive();
            CHECK(c.notes.empty());
            CHECK(c.track_to_bone.size() == c.summary.track_count);
            for (int16_t b : c.track_to_bone) CHECK((b >= 0 && size_t(b) < (*skeleton)->bones.size()));
            CHECK(std::fabs(double(c.summary.frame_count - 1) * c.summary.frame_duration - c.summary.duration) <= 1e-3);
            std::vector<havok::QsTransform> tracks(c.summary.track_count), before(c.summary.track_count);
            for (uint32_t f = 0; f < c.summary.frame_count; f += 7) {
                c.sample_tracks(f + 0.5, tracks);
                for (const auto& t : tracks) {
                    double n = std::sqrt(t.rotation[0] * t.rotation[0] + t.rotation[1] * t.rotation[1] +
                                         t.rotation[2] * t.rotation[2] + t.rotation[3] * t.rotation[3]);
                    worst_norm = std::max(worst_norm, std::fabs(n - 1));
                    for (double v : t.translation) CHECK(std::isfinite(v));
                }
            }
            // The block seam: the end of block b (just before frame 255) against the start of block b+1.
            const uint32_t span = c.summary.max_frames_per_block - 1;
            if (c.summary.block_count > 1) ++multi_block;
            for (uint32_t b = 1; b < c.summary.block_count; ++b) {
                c.sample_tracks(double(b * span) - 1e-9, before);
                c.sample_tracks(double(b * span), tracks);
                for (size_t k = 0; k < tracks.size(); ++k) {
                    for (int a = 0; a < 3; ++a)
                        worst_seam_t = std::max(worst_seam_t, std::fabs(tracks[k].translation[size_t(a)] -
                                                                        before[k].translation[size_t(a)]));
                    double dot = 0;
                    for (int a = 0; a < 4; ++a) dot += tracks[k].rotation[size_t(a)] * before[k].rotation[size_t(a)];
                    worst_seam_deg =
                        std::max(worst_seam_deg, 2 * std::acos(std::min(1.0, std::fabs(dot))) * 180 / std::acos(-1.0));
                }
                ++seams;
            }
            havok::compute_pose(**skeleton, &c, c.summary.frame_count / 2.0, {}, pose);
            for (const auto& m : pose.model)
                for (double v : m.translation) CHECK(std::isfinite(v));
        }
        MESSAGE(std::string(relative) << ": " << decoded << " animations decoded, " << multi_block << " multi-block ("
                                      << seams << " seams: worst " << worst_seam_t * 1000 << " mm, " << worst_seam_deg
                                      << " deg), " << additive << " additive, worst |q|-1 " << worst_norm);
        CHECK(decoded == expected);
        CHECK(worst_norm < 1e-12);
        CHECK(worst_seam_t < 0.002);  // spec §6: <= 1.3 mm and 0.14 deg in real data
        CHECK(worst_seam_deg < 0.2);
    }
}

TEST_CASE("havok: the block of a frame follows the one-frame overlap rule") {
    std::string path = corpus_path("eldenring/c5051.anibnd.dcx");
    if (path.empty()) return;
    Document doc = open_corpus(path);
    HavokCharacter character({&doc});
    auto clip = character.clip(3022);  // a000_003022: 301 frames in 2 blocks
    REQUIRE(clip.ok());
    REQUIRE((*clip)->spline.has_value());
    uint32_t block;
    double local;
    (*clip)->spline->block_and_local_frame(254, block, local);
    CHECK((block == 0 && local == 254));
    (*clip)->spline->block_and_local_frame(255, block, local);
    CHECK((block == 1 && local == 0));
    (*clip)->spline->block_and_local_frame(256.5, block, local);
    CHECK((block == 1 && local == 1.5));
    (*clip)->spline->block_and_local_frame(1e9, block, local);  // clamped to the last frame
    CHECK((block == 1 && local == 45));
}

TEST_CASE("havok: a character split over two binders (our BND4 writer) reads like the one binder") {
    std::string path = corpus_path("eldenring/c5051.anibnd.dcx");
    if (path.empty()) return;
    Document whole = open_corpus(path);
    REQUIRE(whole.bnd4.has_value());
    // Binder 1: the TAE, skeleton and compendium; binder 2: every animation member.
    Bnd4 main = *whole.bnd4, anims = *whole.bnd4;
    main.preserved.reset();
    anims.preserved.reset();
    main.members.clear();
    anims.members.clear();
    for (const auto& m : whole.bnd4->members) (parse_clip_member_name(m.name) ? anims : main).members.push_back(m);
    REQUIRE(!anims.members.empty());
    auto main_bytes = bnd4_write(main);
    auto anim_bytes = bnd4_write(anims);
    REQUIRE(main_bytes.ok());
    REQUIRE(anim_bytes.ok());
    auto d1 = open_document(*main_bytes, "c5051.anibnd");
    auto d2 = open_document(*anim_bytes, "c5051_a000.anibnd");
    REQUIRE(d1.ok());
    REQUIRE(d2.ok());

    HavokCharacter only_main({&*d1});
    CHECK(only_main.members().animations.empty());
    AnimationLength missing = only_main.length(3022);
    CHECK(!missing.known);
    CHECK(missing.reason.find("no Havok animation a000_003022.hkx") != std::string::npos);

    HavokCharacter split({&*d1, &*d2});
    HavokCharacter one({&whole});
    CHECK(split.members().animations.size() == one.members().animations.size());
    REQUIRE(split.skeleton().ok());
    for (uint64_t number : {uint64_t(3022), uint64_t(20), uint64_t(9422)}) {
        auto a = split.clip(number), b = one.clip(number);
        REQUIRE(a.ok());
        REQUIRE(b.ok());
        CHECK(split.members().animations.at(number).document == 1);
        std::vector<havok::QsTransform> ta((*a)->summary.track_count), tb((*b)->summary.track_count);
        (*a)->sample_tracks(17.25, ta);
        (*b)->sample_tracks(17.25, tb);
        for (size_t k = 0; k < ta.size(); ++k) {
            CHECK(ta[k].translation == tb[k].translation);
            CHECK(ta[k].rotation == tb[k].rotation);
        }
    }
}

TEST_CASE("havok: a Nightreign character over three binders, each _div binder with its own compendium, in any order") {
    // nightreign/c7610: the TAE and the skeleton in c7610.anibnd.dcx, the clips in c7610_div00 and
    // c7610_div01, each beside a compendium of its own (c7610_div00.compendium, c7610_div01.compendium).
    // A clip takes its types from the compendium that holds its TCRF id: read with the other
    // binder's, it fails ("compendium id ... is not one of the compendium's TCID ids").
    std::string main_path = corpus_path("nightreign/c7610.anibnd.dcx");
    std::string div0_path = corpus_path("nightreign/c7610_div00.anibnd.dcx");
    std::string div1_path = corpus_path("nightreign/c7610_div01.anibnd.dcx");
    if (main_path.empty() || div0_path.empty() || div1_path.empty()) return;
    Document main = open_corpus(main_path), div0 = open_corpus(div0_path), div1 = open_corpus(div1_path);
    const std::vector<std::vector<const Document*>> orders = {
        {&main, &div0, &div1}, {&main, &div1, &div0}, {&div1, &div0, &main}};
    size_t clips_each = 0;
    for (const auto& order : orders) {
        HavokCharacter character(order);
        CHECK(character.members().compendia.size() == 2);
        auto skeleton = character.skeleton();
        REQUIRE_MESSAGE(skeleton.ok(), skeleton.error().to_string());
        CHECK((*skeleton)->bones.size() == 272);
        size_t read = 0;
        for (const auto& entry : character.members().animations) {
            // Not a structured binding: clang 14 (em++) cannot capture one in CHECK_MESSAGE's lambda.
            const auto number = entry.first;
            const auto& ref = entry.second;
            AnimationLength length = character.length(number);
            CHECK_MESSAGE(length.known, animation_name(number) << ": " << length.reason);
            auto comp = character.compendium_for(ref);
            REQUIRE(comp.ok());
            // The compendium found is the one in the clip's own binder.
            const HavokMemberRef* own = nullptr;
            for (const HavokMemberRef& c : character.members().compendia)
                if (c.document == ref.document) own = &c;
            REQUIRE(own);
            HavokCharacter alone({order[ref.document]});
            auto own_comp = alone.compendium();
            REQUIRE(own_comp.ok());
            CHECK((*comp)->ids == (*own_comp)->ids);
            read += length.known;
        }
        CHECK(read == 106);  // 57 clips in _div00, 49 in _div01
        clips_each = read;
        // One clip of each binder decodes whole.
        for (uint64_t number : {uint64_t(20), uint64_t(1002001)}) {
            auto clip = character.clip(number);
            const std::string why = clip.ok() ? std::string() : clip.error().to_string();
            CHECK_MESSAGE(clip.ok(), why);
        }
    }
    CHECK(clips_each == 106);
}

TEST_CASE("havok: binders without Havok data, and DS3's packfiles, say why") {
    std::string c3000 = corpus_path("eldenring/c3000.krak.anibnd.dcx");
    if (!c3000.empty()) {
        Document doc = open_corpus(c3000);
        HavokCharacter character({&doc});
        auto s = character.skeleton();
        if (!character.members().skeleton) {
            REQUIRE(!s.ok());
            CHECK(s.error().to_string().find("no skeleton.hkx") != std::string::npos);
        }
    }
    std::vector<uint8_t> packfile = {0x57, 0xE0, 0xE0, 0x57, 0x10, 0xC0, 0xC0, 0x10, 0, 0, 0, 0, 8, 0, 0, 0};
    auto r = havok::read_animation_summary(packfile, nullptr);
    REQUIRE(!r.ok());
    CHECK(r.error().message.find("packfile") != std::string::npos);
}

TEST_CASE("havok: damaged members give an error or a clip, never a crash, and stay small") {
    std::string path = corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    Document doc = open_corpus(path);
    HavokCharacter character({&doc});
    auto comp = character.compendium();
    REQUIRE(comp.ok());
    REQUIRE(*comp != nullptr);
    const HavokMemberRef& ref = character.members().animations.begin()->second;
    Bytes original = binder_member_bytes(doc, ref.member);
    std::vector<uint8_t> bytes(original.begin(), original.end());
    size_t errors = 0, clips = 0;
    uint32_t seed = 12345;
    auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
    auto attempt = [&](const std::vector<uint8_t>& b) {
        auto c = havok::read_animation(b, *comp);
        if (!c.ok()) {
            ++errors;
            CHECK(!c.error().message.empty());
            return;
        }
        ++clips;
        CHECK(c->memory_bytes() <= 64 * b.size() + 65536);
        std::vector<havok::QsTransform> t(c->summary.track_count);
        c->sample_tracks(0, t);
        c->sample_tracks(c->summary.frame_count * 0.5, t);
        c->sample_tracks(1e30, t);
        c->sample_tracks(-5, t);
    };
    for (size_t cut = 0; cut < bytes.size(); cut += std::max<size_t>(1, bytes.size() / 300))
        attempt(std::vector<uint8_t>(bytes.begin(), bytes.begin() + ptrdiff_t(cut)));
    for (int i = 0; i < 600; ++i) {
        std::vector<uint8_t> b = bytes;
        for (int k = 0; k < 1 + i % 4; ++k) {
            const size_t at = next() % b.size();  // two statements: the same bytes whatever the compiler's order
            b[at] ^= uint8_t(1 + next() % 255);
        }
        attempt(b);
    }
    for (int i = 0; i < 300; ++i) {  // hostile 32-bit values at random 4-byte positions
        std::vector<uint8_t> b = bytes;
        uint32_t v = (i % 3 == 0) ? 0xFFFFFFFFu : (i % 3 == 1) ? 0x7FFFFFFFu : next();
        const size_t at = (next() % (b.size() - 4)) / 4 * 4;
        std::memcpy(b.data() + at, &v, 4);
        attempt(b);
    }
    MESSAGE("damaged c5070 animation member: " << errors << " errors, " << clips << " clips that still decode");
    CHECK(errors > 0);

    // Through the character: the error names the member.
    std::vector<uint8_t> truncated(bytes.begin(), bytes.begin() + ptrdiff_t(bytes.size() / 2));
    auto r = havok::read_animation(truncated, *comp);
    REQUIRE(!r.ok());
    CHECK(r.error().offset != Error::kNoOffset);
}

TEST_CASE("havok: B-spline basis functions sum to one and find the span of repeated knots") {
    const uint8_t knots[] = {0, 0, 0, 0, 11, 11, 11, 12, 14, 24, 24, 24, 24};  // degree 3, 9 control points
    for (double u : {0.0, 0.5, 10.999, 11.0, 11.5, 12.0, 13.7, 23.9, 24.0}) {
        uint32_t s = havok::find_knot_span(knots, 9, 3, u);
        CHECK(s >= 3);
        CHECK(s <= 8);
        if (u < 24) CHECK((knots[s] <= u && u < knots[s + 1]));
        double n[4];
        havok::basis_functions(knots, s, 3, u, n);
        CHECK(std::fabs(n[0] + n[1] + n[2] + n[3] - 1) < 1e-12);
    }
}

TEST_CASE("havok: quantised quaternions rebuild their omitted component") {
    // THREECOMP40 with all three fields at the midpoint (2047): the omitted one is +-1.
    uint64_t v = 2047 | uint64_t(2047) << 12 | uint64_t(2047) << 24 | uint64_t(3) << 36;  // idx 3 (w), positive
    uint8_t b[5];
    for (int i = 0; i < 5; ++i) b[i] = uint8_t(v >> (8 * i));
    auto q = havok::decode_quaternion(1, b);
    CHECK(q[0] == 0);
    CHECK(q[3] == 1);
    b[4] |= 0x40;  // the sign bit
    CHECK(havok::decode_quaternion(1, b)[3] == -1);
    // THREECOMP48: idx from the top bits of X and Y, sign from Z's.
    uint16_t w[3] = {uint16_t(16383 | 0x8000), 16383, uint16_t(16383 | 0x8000)};  // idx 1 (y), negative
    uint8_t b6[6];
    std::memcpy(b6, w, 6);
    auto q48 = havok::decode_quaternion(2, b6);
    CHECK(q48[1] == -1);
    CHECK(q48[0] == 0);
}

TEST_CASE("havok tagfile: integers() and float_rows() equal integer() and floats() element by element") {
    // integers() and float_rows() load plain integers and inline float arrays straight from DATA
    // (track-to-bone maps, block offsets, root-motion samples): they must give what the
    // element-by-element reads give, sign extension included.
    const std::string path = corpus_path("sekiro/c1130.anibnd.dcx");
    if (path.empty()) return;
    Document doc = open_corpus(path);
    HavokCharacter character({&doc});
    auto compendium = character.compendium();
    REQUIRE(compendium.ok());
    size_t arrays = 0, values = 0, float_arrays = 0, members = 0;
    for (const auto& [number, ref] : character.members().animations) {
        if (++members > 40) break;
        const uint64_t animation_number = number;  // a copy: clang 14 refuses a binding in CAPTURE's lambda
        CAPTURE(animation_number);
        auto file = havok::Tagfile::read(binder_member_bytes(doc, ref.member), *compendium);
        REQUIRE(file.ok());
        for (const havok::Item& item : file->items()) {
            if (item.count == 0 || !file->types().valid(item.type)) continue;
            const havok::TypeInfo& t = file->types().type(item.type);
            const havok::ArrayView a{item.type, item.offset, item.count, t.size};
            if (t.kind() == havok::Kind::Array && (t.format & 0x20) && (t.format >> 8) == 4) {
                std::vector<double> rows(4 * a.count);
                REQUIRE(file->float_rows(a, 4, rows.data()).ok());
                for (uint64_t i = 0; i < a.count; ++i) {
                    double one[4];
                    REQUIRE(file->floats(a.at(i), one, 4).ok());
                    for (size_t k = 0; k < 4; ++k) CHECK(std::memcmp(&rows[4 * i + k], &one[k], sizeof(double)) == 0);
                }
                ++float_arrays;
                continue;
            }
            if (t.kind() != havok::Kind::Integer && t.kind() != havok::Kind::Bool) continue;
            std::vector<int64_t> got;
            const Status st = file->integers(a, got);
            REQUIRE(st.ok());
            REQUIRE(got.size() == item.count);
            for (uint64_t i = 0; i < a.count; ++i) {
                auto one = file->integer(a.at(i));
                REQUIRE(one.ok());
                CHECK(got[i] == *one);
            }
            ++arrays;
            values += got.size();
        }
    }
    MESSAGE("integer arrays compared: " << arrays << " (" << values
                                        << " values); arrays of 4-float rows: " << float_arrays);
    CHECK(arrays > 40);
    CHECK(float_arrays > 0);
}

}  // namespace taescope::test

namespace taescope::test {
namespace {

// The children of a tagfile section, as (tag, whole section bytes with header).
std::vector<std::pair<std::string, std::vector<uint8_t>>> child_sections(Bytes file, size_t begin, size_t end) {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> out;
    for (size_t p = begin; p + 8 <= end;) {
        uint32_t size = load_u32be(file.data() + p) & 0x3FFFFFFF;
        REQUIRE(size >= 8);
        out.emplace_back(std::string(reinterpret_cast<const char*>(file.data() + p + 4), 4),
                         std::vector<uint8_t>(file.begin() + ptrdiff_t(p), file.begin() + ptrdiff_t(p + size)));
        p += size;
    }
    return out;
}

void put_u32be(std::vector<uint8_t>& out, uint32_t v) {
    for (int s = 24; s >= 0; s -= 8) out.push_back(uint8_t(v >> s));
}

void put_f32(std::vector<uint8_t>& out, float f) {
    uint8_t b[4];
    std::memcpy(b, &f, 4);
    out.insert(out.end(), b, b + 4);
}

}  // namespace

TEST_CASE("havok: a tagfile carrying its own TYPE section reads like the one that refers to the compendium") {
    // The spec's TYPE-inside-TAG0 case [unverified: not in our binders], made from real data: the
    // compendium's TYPE section moved into an animation file in place of its TCRF reference.
    std::string path = corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    Document doc = open_corpus(path);
    HavokCharacter character({&doc});
    REQUIRE(character.members().compendium.has_value());
    Bytes compendium = binder_member_bytes(doc, character.members().compendium->member);
    auto comp = havok::read_compendium(compendium);
    REQUIRE(comp.ok());
    std::vector<uint8_t> type_section;
    for (auto& [tag, bytes] : child_sections(compendium, 8, compendium.size()))
        if (tag == "TYPE") type_section = bytes;
    REQUIRE(!type_section.empty());

    Bytes hkx = binder_member_bytes(doc, character.members().animations.begin()->second.member);
    std::vector<uint8_t> body;
    bool replaced = false;
    for (auto& [tag, bytes] : child_sections(hkx, 8, load_u32be(hkx.data()) & 0x3FFFFFFF)) {
        if (tag == "TCRF") {
            body.insert(body.end(), type_section.begin(), type_section.end());
            replaced = true;
        } else {
            body.insert(body.end(), bytes.begin(), bytes.end());
        }
    }
    REQUIRE(replaced);
    std::vector<uint8_t> inline_types;
    put_u32be(inline_types, uint32_t(body.size() + 8));
    inline_types.insert(inline_types.end(), {'T', 'A', 'G', '0'});
    inline_types.insert(inline_types.end(), body.begin(), body.end());

    auto a = havok::read_animation(hkx, &*comp);
    auto b = havok::read_animation(inline_types, nullptr);
    REQUIRE(a.ok());
    REQUIRE_MESSAGE(b.ok(), (b.ok() ? std::string() : b.error().to_string()));
    CHECK(b->summary.frame_count == a->summary.frame_count);
    std::vector<havok::QsTransform> ta(a->summary.track_count), tb(b->summary.track_count);
    a->sample_tracks(3.5, ta);
    b->sample_tracks(3.5, tb);
    for (size_t k = 0; k < ta.size(); ++k) CHECK(ta[k].rotation == tb[k].rotation);
    // Without its types, the reference to the compendium is reported with the id.
    auto c = havok::read_animation(hkx, nullptr);
    REQUIRE(!c.ok());
    CHECK(c.error().to_string().find("compendium") != std::string::npos);
}

TEST_CASE("havok: spline stream with 8-bit scalars, a static uncompressed quaternion and POLAR32 (made here)") {
    // One track, one block of 3 frames: translation X a degree-1 spline over knots 0,0,2,2 with two
    // 8-bit control points, Y static; rotation one static UNCOMPRESSED quaternion; scale identity.
    // Formats the spec marks [unverified]: 8-bit scalars, UNCOMPRESSED (and POLAR32 below).
    std::vector<uint8_t> d = {uint8_t(0 | (5 << 2) | (1 << 6)), 0x10 | 0x02, 0x01, 0x00};
    d.insert(d.end(), {1, 0, 1, 0, 0, 2, 2});                // n = 1, degree 1, 4 knots
    d.push_back(0);                                          // align to 4 (offset 12)
    put_f32(d, -2.0f);                                       // X min
    put_f32(d, 6.0f);                                        // X max
    put_f32(d, 0.25f);                                       // Y static
    d.insert(d.end(), {0, 255, 0, 0});                       // the two control points, then align to 4 (offset 28)
    for (float f : {0.0f, 0.0f, 0.6f, 0.8f}) put_f32(d, f);  // UNCOMPRESSED x, y, z, w
    havok::SplineLayout layout;
    layout.track_count = 1;
    layout.frame_count = 3;
    layout.block_count = 1;
    layout.max_frames_per_block = 256;
    layout.block_offsets = {0};
    layout.float_block_offsets = {uint32_t(d.size())};
    auto s = havok::SplineCompressedTracks::read(d, layout);
    REQUIRE_MESSAGE(s.ok(), (s.ok() ? std::string() : s.error().to_string()));
    CHECK(s->notes().empty());  // the transform data ends where floatBlockOffsets says
    std::vector<havok::QsTransform> t(1);
    s->sample(1, t);  // halfway: basis 0.5 / 0.5
    CHECK(t[0].translation[0] == doctest::Approx(2.0));
    CHECK(t[0].translation[1] == doctest::Approx(0.25));
    CHECK(t[0].translation[2] == 0);
    CHECK(t[0].rotation[2] == doctest::Approx(0.6));
    CHECK(t[0].rotation[3] == doctest::Approx(0.8));
    CHECK(t[0].scale == havok::Vec3{1, 1, 1});
    s->sample(2, t);
    CHECK(t[0].translation[0] == doctest::Approx(6.0));

    // Truncated by one byte anywhere: an error with an offset inside the stream, never a read past it.
    for (size_t cut = 0; cut < d.size(); ++cut) {
        std::vector<uint8_t> shorter(d.begin(), d.begin() + ptrdiff_t(cut));
        auto r = havok::SplineCompressedTracks::read(shorter, layout);
        CHECK(!r.ok());
    }

    // POLAR32 with no angle bits: (0, 0, 0, 1); bit 31 negates w.
    uint8_t polar[4] = {0, 0, 0, 0};
    CHECK(havok::decode_quaternion(0, polar) == havok::Quat{0, 0, 0, 1});
    polar[3] = 0x80;
    CHECK(havok::decode_quaternion(0, polar)[3] == -1);
    // THREECOMP24 and STRAIGHT16 have no documented layout: refused with their names.
    d[0] = uint8_t(3 << 2);
    auto refused = havok::SplineCompressedTracks::read(d, layout);
    REQUIRE(!refused.ok());
    CHECK(refused.error().message.find("THREECOMP24") != std::string::npos);
}

}  // namespace taescope::test
