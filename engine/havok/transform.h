// Havok's hkQsTransform: translation, rotation quaternion (x, y, z, w) and scale, in double
// precision (the spec's §7.8: every stored f32 widened to double, no fused multiply-add), and the
// few operations a pose needs.
#pragma once

#include <array>
#include <cmath>

namespace taescope::havok {

using Vec3 = std::array<double, 3>;
using Quat = std::array<double, 4>;  // x, y, z, w

struct QsTransform {
    Vec3 translation{0, 0, 0};
    Quat rotation{0, 0, 0, 1};
    Vec3 scale{1, 1, 1};
};

inline Quat quat_multiply(const Quat& a, const Quat& b) {
    return {a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
}

// q v q*, for a unit quaternion q.
inline Vec3 quat_rotate(const Quat& q, const Vec3& v) {
    // t = 2 (q.xyz x v); v' = v + w t + q.xyz x t
    double tx = 2 * (q[1] * v[2] - q[2] * v[1]);
    double ty = 2 * (q[2] * v[0] - q[0] * v[2]);
    double tz = 2 * (q[0] * v[1] - q[1] * v[0]);
    return {v[0] + q[3] * tx + (q[1] * tz - q[2] * ty), v[1] + q[3] * ty + (q[2] * tx - q[0] * tz),
            v[2] + q[3] * tz + (q[0] * ty - q[1] * tx)};
}

// x*x + y*y + z*z + w*w left to right, then divided by its root; (0,0,0,1) for a zero quaternion.
inline Quat quat_normalized(const Quat& q) {
    double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (!(n2 > 0)) return {0, 0, 0, 1};
    double n = std::sqrt(n2);
    return {q[0] / n, q[1] / n, q[2] / n, q[3] / n};
}

// parent ∘ local: the local transform expressed in the parent's space. Scale is applied to the
// child's translation and multiplied per axis (the spec calls the scale rule unverified; every
// scale in the real files is 1).
inline QsTransform compose(const QsTransform& parent, const QsTransform& local) {
    QsTransform out;
    Vec3 scaled{parent.scale[0] * local.translation[0], parent.scale[1] * local.translation[1],
                parent.scale[2] * local.translation[2]};
    Vec3 r = quat_rotate(parent.rotation, scaled);
    out.translation = {parent.translation[0] + r[0], parent.translation[1] + r[1], parent.translation[2] + r[2]};
    out.rotation = quat_multiply(parent.rotation, local.rotation);
    out.scale = {parent.scale[0] * local.scale[0], parent.scale[1] * local.scale[1], parent.scale[2] * local.scale[2]};
    return out;
}

}  // namespace taescope::havok
