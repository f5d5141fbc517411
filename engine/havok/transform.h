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
    return {
        a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1], a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
        a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3], a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
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

// Copies a transform part by part: as one 80-byte struct copy the wasm build calls memcpy (no
// bulk memory), a call per bone; three small copies stay loads and stores.
inline void assign(QsTransform& to, const QsTransform& from) {
    to.translation = from.translation;
    to.rotation = from.rotation;
    to.scale = from.scale;
}

// parent ∘ local: the local transform expressed in the parent's space, written into `out` (neither
// operand). Scale is applied to the child's translation and multiplied per axis (the spec calls
// the scale rule unverified; every scale in the real files is 1). quat_rotate and quat_multiply
// written out on scalars in their order of operations (the same bits), with no 80-byte temporary
// to copy (a memcpy call in the wasm build).
inline void compose_into(const QsTransform& parent, const QsTransform& local, QsTransform& out) {
    const double qx = parent.rotation[0], qy = parent.rotation[1], qz = parent.rotation[2], qw = parent.rotation[3];
    const double vx = parent.scale[0] * local.translation[0], vy = parent.scale[1] * local.translation[1],
                 vz = parent.scale[2] * local.translation[2];
    const double tx = 2 * (qy * vz - qz * vy), ty = 2 * (qz * vx - qx * vz), tz = 2 * (qx * vy - qy * vx);
    const double rx = vx + qw * tx + (qy * tz - qz * ty), ry = vy + qw * ty + (qz * tx - qx * tz),
                 rz = vz + qw * tz + (qx * ty - qy * tx);
    const double bx = local.rotation[0], by = local.rotation[1], bz = local.rotation[2], bw = local.rotation[3];
    out.translation = {parent.translation[0] + rx, parent.translation[1] + ry, parent.translation[2] + rz};
    out.rotation = {qw * bx + qx * bw + qy * bz - qz * by, qw * by - qx * bz + qy * bw + qz * bx,
                    qw * bz + qx * by - qy * bx + qz * bw, qw * bw - qx * bx - qy * by - qz * bz};
    out.scale = {parent.scale[0] * local.scale[0], parent.scale[1] * local.scale[1], parent.scale[2] * local.scale[2]};
}

inline QsTransform compose(const QsTransform& parent, const QsTransform& local) {
    QsTransform out;
    compose_into(parent, local, out);
    return out;
}

}  // namespace taescope::havok
