// hkaSkeleton (../shared/spec/havok-animation.md §5): bone names, parents and the reference pose,
// read from a binder's skeleton.hkx.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "havok/tagfile.h"
#include "havok/transform.h"

namespace taescope::havok {

struct Bone {
    std::string name;
    int32_t parent = -1;      // -1: a root
    QsTransform reference;    // local (parent-relative), as stored
    bool lock_translation = false;
};

struct Skeleton {
    std::string name;
    std::string sdk_version;
    std::vector<Bone> bones;
    // Bones in an order where every parent comes before its children (the stored order in every
    // real skeleton; a damaged parent chain is cut and reported in `notes`).
    std::vector<uint32_t> parent_first_order;
    std::vector<std::string> notes;
};

// Reads the first skeleton of a skeleton.hkx. `compendium` may be null when the file has its types.
Result<Skeleton> read_skeleton(Bytes hkx, const Compendium* compendium);

// One hkQsTransform value (translation, rotation, scale), as stored.
Result<QsTransform> read_qs_transform(const Tagfile& file, Value v);

// Fills skeleton.parent_first_order from the parents, cutting parents that are out of range or
// that would loop (each cut noted). Used by read_skeleton and by tests that build skeletons.
void order_bones(Skeleton& skeleton);

}  // namespace taescope::havok
