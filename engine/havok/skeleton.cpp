#include "havok/skeleton.h"

namespace taescope::havok {

Result<QsTransform> read_qs_transform(const Tagfile& file, Value v) {
    QsTransform out;
    double t[4], q[4], s[4];
    auto translation = file.member(v, "translation");
    if (!translation.ok()) return std::move(translation.error());
    TAESCOPE_TRY(file.floats(*translation, t, 4));
    auto rotation = file.member(v, "rotation");
    if (!rotation.ok()) return std::move(rotation.error());
    // hkQuaternionf is an inline array of four floats, or a record holding one ("vec").
    Value rv = *rotation;
    if (file.types().type(rv.type).kind() == Kind::Record) {
        auto vec = file.member(rv, "vec");
        if (!vec.ok()) return std::move(vec.error());
        rv = *vec;
    }
    TAESCOPE_TRY(file.floats(rv, q, 4));
    auto scale = file.member(v, "scale");
    if (!scale.ok()) return std::move(scale.error());
    TAESCOPE_TRY(file.floats(*scale, s, 4));
    out.translation = {t[0], t[1], t[2]};
    out.rotation = {q[0], q[1], q[2], q[3]};
    out.scale = {s[0], s[1], s[2]};
    return out;
}

void order_bones(Skeleton& skeleton) {
    const size_t n = skeleton.bones.size();
    skeleton.parent_first_order.clear();
    skeleton.parent_first_order.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        int32_t p = skeleton.bones[i].parent;
        if (p >= int32_t(n) || p < -1) {
            skeleton.notes.push_back("bone " + std::to_string(i) + " (" + skeleton.bones[i].name + "): parent " +
                                     std::to_string(p) + " is not a bone; drawn as a root");
            skeleton.bones[i].parent = -1;
        }
    }
    // 0 = not placed, 1 = being placed, 2 = placed. Iterative so that a hostile chain cannot
    // exhaust the stack.
    std::vector<uint8_t> state(n, 0);
    std::vector<uint32_t> chain;
    for (size_t i = 0; i < n; ++i) {
        if (state[i] == 2) continue;
        chain.clear();
        uint32_t b = uint32_t(i);
        while (true) {
            state[b] = 1;
            chain.push_back(b);
            int32_t p = skeleton.bones[b].parent;
            if (p < 0 || state[size_t(p)] == 2) break;
            if (state[size_t(p)] == 1) {  // a loop: cut it here
                skeleton.notes.push_back("bone " + std::to_string(b) + " (" + skeleton.bones[b].name +
                                         "): its parent chain loops; drawn as a root");
                skeleton.bones[b].parent = -1;
                break;
            }
            b = uint32_t(p);
        }
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            state[*it] = 2;
            skeleton.parent_first_order.push_back(*it);
        }
    }
    for (size_t i = 0; i < n; ++i)
        if (skeleton.bones[i].parent >= int32_t(i)) {
            skeleton.notes.push_back("bones are not stored parents first (bone " + std::to_string(i) + ")");
            break;
        }
}

Result<Skeleton> read_skeleton(Bytes hkx, const Compendium* compendium) {
    auto file = Tagfile::read(hkx, compendium);
    if (!file.ok()) return std::move(file.error());
    auto container = file->root_object("hkaAnimationContainer");
    if (!container.ok()) return std::move(container.error());
    auto skeletons = file->array(*container, "skeletons");
    if (!skeletons.ok()) return std::move(skeletons.error());
    if (skeletons->count == 0) return file->error_at(container->pos, "the animation container holds no skeleton");
    auto target = file->pointer(skeletons->at(0));
    if (!target.ok()) return std::move(target.error());
    if (!*target) return file->error_at(skeletons->pos, "the first skeleton pointer is null");
    const Value sk = **target;

    Skeleton out;
    out.sdk_version = file->sdk_version();
    auto name = file->string(sk, "name");
    if (!name.ok()) return std::move(name.error());
    out.name = std::move(name).value();
    auto parents = file->array(sk, "parentIndices");
    if (!parents.ok()) return std::move(parents.error());
    auto bones = file->array(sk, "bones");
    if (!bones.ok()) return std::move(bones.error());
    auto pose = file->array(sk, "referencePose");
    if (!pose.ok()) return std::move(pose.error());
    if (parents->count != bones->count)
        out.notes.push_back(std::to_string(bones->count) + " bones but " + std::to_string(parents->count) +
                            " parent indices; missing parents are roots");
    if (pose->count != bones->count)
        out.notes.push_back(std::to_string(bones->count) + " bones but " + std::to_string(pose->count) +
                            " reference transforms; missing ones are identity");
    out.bones.resize(size_t(bones->count));
    for (uint64_t i = 0; i < bones->count; ++i) {
        Bone& bone = out.bones[size_t(i)];
        auto bn = file->string(bones->at(i), "name");
        if (!bn.ok()) return std::move(bn.error().within("bone " + std::to_string(i)));
        bone.name = std::move(bn).value();
        auto lock = file->integer(bones->at(i), "lockTranslation");
        if (lock.ok()) bone.lock_translation = *lock != 0;
        if (i < parents->count) {
            auto p = file->integer(parents->at(i));
            if (!p.ok()) return std::move(p.error().within("bone " + std::to_string(i)));
            bone.parent = int32_t(*p);
        }
        if (i < pose->count) {
            auto ref = read_qs_transform(*file, pose->at(i));
            if (!ref.ok()) return std::move(ref.error().within("reference pose of bone " + std::to_string(i)));
            bone.reference = *ref;
        }
    }
    order_bones(out);
    return out;
}

}  // namespace taescope::havok
