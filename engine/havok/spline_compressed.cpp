#include "havok/spline_compressed.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <string_view>
#include <utility>

#include "io/byte_reader.h"

namespace taescope::havok {

namespace {

constexpr uint8_t kRotationBytes[6] = {4, 5, 6, 3, 2, 16};
constexpr uint8_t kRotationAlign[6] = {4, 1, 2, 1, 2, 4};

uint64_t align_up(uint64_t p, uint64_t a) { return (p + a - 1) / a * a; }

int popcount3(uint8_t animated) { return (animated & 1) + ((animated >> 1) & 1) + ((animated >> 2) & 1); }

double f32_at(const uint8_t* p) { return double(load_f32le(p)); }

// The parameter kept within the curve's own range [knots[degree], knots[n + 1]]: a no-op on real
// data (the first degree + 1 knots are 0, the last ones the block's last frame, and the frame is
// clamped to the clip), it keeps a damaged clip whose frame count outruns its knots from
// extrapolating the polynomial pieces far outside them.
double clamp_to_knots(const uint8_t* knots, uint32_t n, uint32_t degree, double u) {
    return std::min(std::max(u, double(knots[degree])), double(knots[n + 1]));
}

}  // namespace

const char* rotation_quantization_name(uint8_t value) {
    static const char* names[] = {"POLAR32", "THREECOMP40", "THREECOMP48", "THREECOMP24", "STRAIGHT16", "UNCOMPRESSED"};
    return value < 6 ? names[value] : "unknown";
}

Quat decode_quaternion(uint8_t format, const uint8_t* p) {
    auto rebuild = [](double c0, double c1, double c2, unsigned idx, bool neg) {
        double r = 1 - c0 * c0 - c1 * c1 - c2 * c2;
        double m = r > 0 ? std::sqrt(r) : 0;
        if (neg) m = -m;
        double c[3] = {c0, c1, c2};
        Quat q{};
        for (unsigned slot = 0, k = 0; slot < 4; ++slot) q[slot] = slot == idx ? m : c[k++];
        return q;
    };
    switch (format) {
        case 1: {  // THREECOMP40
            uint64_t v = uint64_t(p[0]) | uint64_t(p[1]) << 8 | uint64_t(p[2]) << 16 | uint64_t(p[3]) << 24 |
                         uint64_t(p[4]) << 32;
            const double scale = std::sqrt(0.5) / 2047.0;
            double c0 = (double(v & 0xFFF) - 2047) * scale;
            double c1 = (double((v >> 12) & 0xFFF) - 2047) * scale;
            double c2 = (double((v >> 24) & 0xFFF) - 2047) * scale;
            return rebuild(c0, c1, c2, unsigned((v >> 36) & 3), (v >> 38) & 1);
        }
        case 2: {  // THREECOMP48
            uint16_t x = load_u16le(p), y = load_u16le(p + 2), z = load_u16le(p + 4);
            const double scale = std::sqrt(0.5) / 16383.0;
            double c0 = (double(x & 0x7FFF) - 16383) * scale;
            double c1 = (double(y & 0x7FFF) - 16383) * scale;
            double c2 = (double(z & 0x7FFF) - 16383) * scale;
            return rebuild(c0, c1, c2, unsigned((x >> 15) | ((y >> 15) << 1)), (z >> 15) != 0);
        }
        case 0: {  // POLAR32 [unverified]
            uint32_t v = load_u32le(p);
            double r = double((v >> 18) & 0x3FF) / 1023.0;
            r = 1 - r * r;
            uint32_t a = v & 0x3FFFF;
            double phi = std::floor(std::sqrt(double(a)));
            double theta = 0;
            const double quarter_pi = 0.78539816339744830962;
            if (phi > 0) {
                theta = quarter_pi * (double(a) - phi * phi) / phi;
                phi = phi * quarter_pi / 511.0;
            }
            double mag = std::sqrt(std::max(0.0, 1 - r * r));
            Quat q{std::sin(phi) * std::cos(theta) * mag, std::sin(phi) * std::sin(theta) * mag, std::cos(phi) * mag,
                   r};
            for (int i = 0; i < 4; ++i)
                if (v & (1u << (28 + i))) q[i] = -q[i];
            return q;
        }
        case 5:  // UNCOMPRESSED [unverified]
            return {f32_at(p), f32_at(p + 4), f32_at(p + 8), f32_at(p + 12)};
        default:
            return {0, 0, 0, 1};  // never reached: read() refuses other formats
    }
}

uint32_t find_knot_span(const uint8_t* knots, uint32_t control_points, uint32_t degree, double u) {
    uint32_t m = control_points - 1;
    if (u >= knots[m + 1]) return m;
    if (u <= knots[0]) return degree;
    // The s in [degree, m] with knots[s] <= u < knots[s + 1].
    uint32_t lo = degree, hi = m;
    while (lo < hi) {
        uint32_t mid = (lo + hi + 1) / 2;
        if (knots[mid] <= u)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void basis_functions(const uint8_t* knots, uint32_t span, uint32_t degree, double u, double* n) {
    double left[4], right[4];
    n[0] = 1;
    for (uint32_t j = 1; j <= degree; ++j) {
        left[j] = u - knots[span + 1 - j];
        right[j] = knots[span + j] - u;
        double saved = 0;
        for (uint32_t r = 0; r < j; ++r) {
            double den = right[r + 1] + left[j - r];
            double t = den != 0 ? n[r] / den : 0;
            n[r] = saved + right[r + 1] * t;
            saved = left[j - r] * t;
        }
        n[j] = saved;
    }
}

Result<SplineCompressedTracks> SplineCompressedTracks::read(std::vector<uint8_t> data, SplineLayout layout) {
    SplineCompressedTracks s;
    const uint64_t size = data.size();
    const uint32_t T = layout.track_count, F = layout.float_track_count;
    if (layout.block_count == 0) return make_error(Error::kNoOffset, "the animation has no blocks");
    if (layout.block_offsets.size() < layout.block_count)
        return make_error(Error::kNoOffset, "numBlocks is " + std::to_string(layout.block_count) +
                                                " but blockOffsets has " + std::to_string(layout.block_offsets.size()) +
                                                " entries");
    if (layout.max_frames_per_block < 2)
        return make_error(Error::kNoOffset, "maxFramesPerBlock " + std::to_string(layout.max_frames_per_block) +
                                                " leaves no frame span per block");
    // Every block stores at least four header bytes per track: bounds the index before allocating.
    if (uint64_t(T) * 4 * layout.block_count > size)
        return make_error(Error::kNoOffset, std::to_string(T) + " tracks in " + std::to_string(layout.block_count) +
                                                " blocks need more than the " + std::to_string(size) +
                                                " bytes of data");
    s.tracks_.resize(size_t(T) * layout.block_count);
    const uint8_t* d = data.data();

    for (uint32_t b = 0; b < layout.block_count; ++b) {
        // Error texts are made only on failure: a string per track and block cost more than the walk.
        auto where = [b] { return "block " + std::to_string(b); };
        uint64_t p = layout.block_offsets[b];
        if (p > size || uint64_t(T) * 4 + F > size - p)
            return make_error(p, where() + ": the track headers (" + std::to_string(uint64_t(T) * 4 + F) +
                                     " bytes) run past the data's " + std::to_string(size) + " bytes");
        const uint64_t headers = p;
        p = align_up(p + uint64_t(T) * 4 + F, 4);

        for (uint32_t k = 0; k < T; ++k) {
            TrackBlock& tb = s.tracks_[size_t(b) * T + k];
            tb.quant = d[headers + 4 * k];
            tb.translation_mask = d[headers + 4 * k + 1];
            tb.rotation_mask = d[headers + 4 * k + 2];
            tb.scale_mask = d[headers + 4 * k + 3];
            auto track_where = [&where, k] { return where() + ", track " + std::to_string(k); };
            if ((tb.quant & 3) > 1 || ((tb.quant >> 6) & 3) > 1)
                return make_error(headers + 4 * k, track_where() + ": scalar quantisation " + hex(tb.quant) +
                                                       " (only 8- and 16-bit are defined)");
            const uint8_t rotation_format = (tb.quant >> 2) & 15;
            if (rotation_format > 5 || rotation_format == 3 || rotation_format == 4)
                return make_error(headers + 4 * k, track_where() + ": rotation quantisation " +
                                                       std::string(rotation_quantization_name(rotation_format)) + " (" +
                                                       std::to_string(rotation_format) +
                                                       ") is not read: no reader documents its layout");

            // A spline's header (§7.4, §7.5): its control-point count minus one, degree and knots;
            // p moves past the knots, aligned to `align` (4 for vectors, the quantisation's for rotations).
            auto walk_spline_header = [&](const char* part, uint64_t align, uint32_t& n) -> Status {
                if (p > size || size - p < 3)
                    return make_error(p, track_where() + ", " + part + ": spline header past the end of the data");
                n = load_u16le(d + p);
                uint32_t degree = d[p + 2];
                if (degree < 1 || degree > 3)
                    return make_error(p + 2, track_where() + ", " + part + ": spline degree " + std::to_string(degree) +
                                                 " (degrees 1-3 are read)");
                if (n < degree)
                    return make_error(p, track_where() + ", " + part + ": " + std::to_string(n + 1) +
                                             " control points are too few for degree " + std::to_string(degree));
                uint64_t knots = uint64_t(n) + degree + 2;
                if (size - p - 3 < knots)
                    return make_error(p + 3, track_where() + ", " + part + ": " + std::to_string(knots) +
                                                 " knots run past the end of the data");
                p = align_up(p + 3 + knots, align);
                s.statistics_.spline_parts++;
                return ok_status();
            };

            // Vector parts and the rotation part, each followed by align(p, 4).
            auto walk_vector = [&](uint8_t mask, bool wide, const char* part, uint32_t& offset) -> Status {
                offset = uint32_t(p);
                const uint8_t animated = (mask >> 4) & 7, fixed = mask & 7 & ~animated;
                uint32_t n = 0;
                if (animated) {
                    TAESCOPE_TRY(walk_spline_header(part, 4, n));
                } else if (fixed) {
                    s.statistics_.static_parts++;
                } else {
                    s.statistics_.identity_parts++;
                }
                uint64_t bytes = 8 * uint64_t(popcount3(animated)) + 4 * uint64_t(popcount3(fixed));
                if (animated) bytes += (uint64_t(n) + 1) * popcount3(animated) * (wide ? 2 : 1);
                if (p > size || size - p < bytes)
                    return make_error(p, track_where() + ", " + part + ": " + std::to_string(bytes) +
                                             " bytes of ranges and control points run past the end of the data");
                p = align_up(p + bytes, 4);
                return ok_status();
            };
            TAESCOPE_TRY(walk_vector(tb.translation_mask, (tb.quant & 3) == 1, "translation", tb.translation));

            tb.rotation = uint32_t(p);
            {
                const uint64_t B = kRotationBytes[rotation_format], A = kRotationAlign[rotation_format];
                uint64_t bytes = 0;
                if (tb.rotation_mask & 0xF0) {
                    uint32_t n = 0;
                    TAESCOPE_TRY(walk_spline_header("rotation", A, n));
                    bytes = (uint64_t(n) + 1) * B;
                    s.statistics_.rotation_formats[rotation_format]++;
                } else if (tb.rotation_mask & 0x0F) {
                    p = align_up(p, A);
                    bytes = B;
                    s.statistics_.static_parts++;
                    s.statistics_.rotation_formats[rotation_format]++;
                } else {
                    s.statistics_.identity_parts++;
                }
                if (p > size || size - p < bytes)
                    return make_error(p, track_where() + ", rotation: " + std::to_string(bytes) +
                                             " bytes of quaternions run past the end of the data");
                p = align_up(p + bytes, 4);
            }
            TAESCOPE_TRY(walk_vector(tb.scale_mask, ((tb.quant >> 6) & 3) == 1, "scale", tb.scale));
        }
        if (b < layout.float_block_offsets.size() && F == 0) {
            uint64_t expected = uint64_t(layout.block_offsets[b]) + layout.float_block_offsets[b];
            if (p != expected)
                s.notes_.push_back(where() + ": transform data ends at " + hex(p) + ", floatBlockOffsets says " +
                                   hex(expected));
        }
    }
    s.data_ = std::move(data);
    s.layout_ = std::move(layout);
    static std::atomic<uint64_t> next_id{1};
    s.id_ = next_id.fetch_add(1, std::memory_order_relaxed);
    return s;
}

void SplineCompressedTracks::block_and_local_frame(double frame, uint32_t& block, double& local) const {
    double last = layout_.frame_count > 0 ? double(layout_.frame_count - 1) : 0.0;
    double f = std::isnan(frame) ? 0.0 : std::clamp(frame, 0.0, last);
    uint32_t span = layout_.max_frames_per_block - 1;
    uint64_t b = uint64_t(std::floor(f)) / span;
    block = uint32_t(std::min<uint64_t>(b, layout_.block_count - 1));
    local = f - double(block) * span;
}

SplineCompressedTracks::VectorPart SplineCompressedTracks::locate_vector(uint32_t offset, uint8_t mask,
                                                                         double identity) const {
    const uint8_t* base = data_.data();
    const uint8_t* p = base + offset;
    VectorPart v;
    v.animated = (mask >> 4) & 7;
    v.value = {identity, identity, identity};
    if (v.animated) {
        v.header = p;
        v.last = load_u16le(p);
        v.degree = p[2];
        p = base + align_up(uint64_t(p + 3 + v.last + v.degree + 2 - base), 4);
    }
    for (int axis = 0; axis < 3; ++axis) {
        if (v.animated & (1 << axis)) {
            v.lo[axis] = f32_at(p);
            v.hi[axis] = f32_at(p + 4);
            p += 8;
        } else if (mask & (1 << axis)) {
            v.value[axis] = f32_at(p);
            p += 4;
        }
    }
    v.points = p;
    return v;
}

SplineCompressedTracks::RotationPart SplineCompressedTracks::locate_rotation(uint32_t offset, uint8_t mask,
                                                                             uint8_t format) const {
    const uint8_t* base = data_.data();
    const uint8_t* p = base + offset;
    const uint64_t A = kRotationAlign[format];
    RotationPart r;
    if (mask & 0xF0) {
        r.spline = true;
        r.header = p;
        r.last = load_u16le(p);
        r.degree = p[2];
        r.points = base + align_up(uint64_t(p + 3 + r.last + r.degree + 2 - base), A);
    } else if (mask & 0x0F) {
        r.fixed = true;
        r.points = base + align_up(offset, A);
    }
    return r;
}

Vec3 SplineCompressedTracks::sample_vector(uint32_t offset, uint8_t mask, bool wide, double u, double identity) const {
    const VectorPart v = locate_vector(offset, mask, identity);
    Vec3 value = v.value;
    if (!v.animated) return value;
    const int dims = popcount3(v.animated);
    const uint8_t* knots = v.header + 3;
    const uint32_t degree = v.degree;
    u = clamp_to_knots(knots, v.last, degree, u);
    const uint32_t span = find_knot_span(knots, v.last + 1, degree, u);
    double basis[4];
    basis_functions(knots, span, degree, u, basis);
    const size_t scalar = wide ? 2 : 1;
    const double full = wide ? 65535.0 : 255.0;
    for (int axis = 0, c = 0; axis < 3; ++axis) {
        if (!(v.animated & (1 << axis))) continue;
        double sum = 0;
        for (uint32_t j = 0; j <= degree; ++j) {
            const uint8_t* q = v.points + ((size_t(span - degree + j) * dims + c) * scalar);
            double raw = wide ? double(load_u16le(q)) : double(*q);
            double component = v.lo[axis] + (v.hi[axis] - v.lo[axis]) * (raw / full);
            sum += basis[j] * component;
        }
        value[axis] = sum;
        ++c;
    }
    return value;
}

Quat SplineCompressedTracks::sample_rotation(uint32_t offset, uint8_t mask, uint8_t format, double u) const {
    const RotationPart r = locate_rotation(offset, mask, format);
    if (r.spline) {
        const uint8_t* knots = r.header + 3;
        const uint32_t degree = r.degree;
        u = clamp_to_knots(knots, r.last, degree, u);
        const uint32_t span = find_knot_span(knots, r.last + 1, degree, u);
        double basis[4];
        basis_functions(knots, span, degree, u, basis);
        Quat sum{0, 0, 0, 0};
        for (uint32_t j = 0; j <= degree; ++j) {
            Quat q = decode_quaternion(format, r.points + size_t(span - degree + j) * kRotationBytes[format]);
            for (int c = 0; c < 4; ++c) sum[c] += basis[j] * q[c];
        }
        return quat_normalized(sum);
    }
    if (r.fixed) return quat_normalized(decode_quaternion(format, r.points));
    return {0, 0, 0, 1};
}

size_t SplineBlockCache::memory_bytes() const {
    return sizeof(*this) + curves_.capacity() * sizeof(Curve) + parts_.capacity() * sizeof(Part) +
           values_.capacity() * sizeof(double) + basis_.capacity() * sizeof(Basis);
}

// Every part of the block's tracks as SplineBlockCache::Part: constants as sample() would return
// them, control points as the double sample() would compute from them (the same expression), and
// each distinct spline header (count, degree, knots) once in curves_.
void SplineCompressedTracks::decode_block(uint32_t block, SplineBlockCache& cache) const {
    const uint32_t T = layout_.track_count;
    cache.tracks_id_ = id_;
    cache.block_ = block;
    cache.decodes_++;
    cache.curves_.clear();
    cache.parts_.assign(size_t(T) * 3, {});
    cache.values_.clear();
    // Distinct curves by their header bytes; a block has a few hundred spline parts at most.
    std::vector<std::pair<std::string_view, uint32_t>> seen;
    auto curve_of = [&](const uint8_t* header, uint32_t last, uint32_t degree) {
        const std::string_view key(reinterpret_cast<const char*>(header), 3 + size_t(last) + degree + 2);
        for (const auto& [bytes, index] : seen)
            if (bytes == key) return index;
        const uint32_t index = uint32_t(cache.curves_.size());
        cache.curves_.push_back({uint32_t(header - data_.data()), last, uint8_t(degree)});
        seen.emplace_back(key, index);
        return index;
    };
    const TrackBlock* tracks = tracks_.data() + size_t(block) * T;
    for (uint32_t k = 0; k < T; ++k) {
        const TrackBlock& tb = tracks[k];
        for (int which = 0; which < 3; which += 2) {  // translation, scale
            const bool scale = which == 2;
            const uint8_t quant = scale ? uint8_t((tb.quant >> 6) & 3) : uint8_t(tb.quant & 3);
            const VectorPart v = locate_vector(scale ? tb.scale : tb.translation,
                                               scale ? tb.scale_mask : tb.translation_mask, scale ? 1.0 : 0.0);
            SplineBlockCache::Part& part = cache.parts_[size_t(k) * 3 + size_t(which)];
            for (int axis = 0; axis < 3; ++axis) part.constant[axis] = v.value[axis];
            if (!v.animated) continue;
            const bool wide = quant == 1;
            const double full = wide ? 65535.0 : 255.0;
            part.animated = v.animated;
            part.dims = uint8_t(popcount3(v.animated));
            part.curve = curve_of(v.header, v.last, v.degree);
            part.points = uint32_t(cache.values_.size());
            const uint8_t* q = v.points;
            for (uint32_t i = 0; i <= v.last; ++i)
                for (int axis = 0; axis < 3; ++axis) {
                    if (!(v.animated & (1 << axis))) continue;
                    const double raw = wide ? double(load_u16le(q)) : double(*q);
                    q += wide ? 2 : 1;
                    cache.values_.push_back(v.lo[axis] + (v.hi[axis] - v.lo[axis]) * (raw / full));
                }
        }
        const uint8_t format = (tb.quant >> 2) & 15;
        const RotationPart r = locate_rotation(tb.rotation, tb.rotation_mask, format);
        SplineBlockCache::Part& part = cache.parts_[size_t(k) * 3 + 1];
        const Quat fixed = r.fixed ? quat_normalized(decode_quaternion(format, r.points)) : Quat{0, 0, 0, 1};
        for (int c = 0; c < 4; ++c) part.constant[c] = fixed[c];
        if (!r.spline) continue;
        part.animated = 1;
        part.dims = 4;
        part.curve = curve_of(r.header, r.last, r.degree);
        part.points = uint32_t(cache.values_.size());
        for (uint32_t i = 0; i <= r.last; ++i) {
            const Quat q = decode_quaternion(format, r.points + size_t(i) * kRotationBytes[format]);
            cache.values_.insert(cache.values_.end(), q.begin(), q.end());
        }
    }
    cache.basis_.resize(cache.curves_.size());
}

void SplineCompressedTracks::sample_cached(double u, std::span<QsTransform> out, SplineBlockCache& cache) const {
    // The basis of each distinct curve at u, once (the same clamp, span and basis sample() computes).
    for (size_t i = 0; i < cache.curves_.size(); ++i) {
        const SplineBlockCache::Curve& curve = cache.curves_[i];
        const uint8_t* knots = data_.data() + curve.knots + 3;
        const double uc = clamp_to_knots(knots, curve.last, curve.degree, u);
        const uint32_t span = find_knot_span(knots, curve.last + 1, curve.degree, uc);
        basis_functions(knots, span, curve.degree, uc, cache.basis_[i].n);
        cache.basis_[i].first = span - curve.degree;
    }
    const double* values = cache.values_.data();
    auto vector = [&](const SplineBlockCache::Part& part) {
        Vec3 value{part.constant[0], part.constant[1], part.constant[2]};
        if (!part.animated) return value;
        const SplineBlockCache::Basis& b = cache.basis_[part.curve];
        const uint32_t degree = cache.curves_[part.curve].degree;
        const double* p = values + part.points + size_t(b.first) * part.dims;
        for (int axis = 0, c = 0; axis < 3; ++axis) {
            if (!(part.animated & (1 << axis))) continue;
            double sum = 0;
            for (uint32_t j = 0; j <= degree; ++j) sum += b.n[j] * p[j * part.dims + uint32_t(c)];
            value[axis] = sum;
            ++c;
        }
        return value;
    };
    const uint32_t T = layout_.track_count;
    for (uint32_t k = 0; k < T && k < out.size(); ++k) {
        const SplineBlockCache::Part* parts = &cache.parts_[size_t(k) * 3];
        out[k].translation = vector(parts[0]);
        const SplineBlockCache::Part& r = parts[1];
        if (r.animated) {
            const SplineBlockCache::Basis& b = cache.basis_[r.curve];
            const uint32_t degree = cache.curves_[r.curve].degree;
            const double* p = values + r.points + size_t(b.first) * 4;
            Quat sum{0, 0, 0, 0};
            for (uint32_t j = 0; j <= degree; ++j)
                for (int c = 0; c < 4; ++c) sum[c] += b.n[j] * p[4 * j + uint32_t(c)];
            out[k].rotation = quat_normalized(sum);
        } else {
            out[k].rotation = {r.constant[0], r.constant[1], r.constant[2], r.constant[3]};
        }
        out[k].scale = vector(parts[2]);
    }
}

void SplineCompressedTracks::sample(double frame, std::span<QsTransform> out, SplineBlockCache* cache) const {
    uint32_t block;
    double u;
    block_and_local_frame(frame, block, u);
    if (cache) {
        if (cache->tracks_id_ != id_ || cache->block_ != block) decode_block(block, *cache);
        sample_cached(u, out, *cache);
        return;
    }
    const uint32_t T = layout_.track_count;
    const TrackBlock* tracks = tracks_.data() + size_t(block) * T;
    for (uint32_t k = 0; k < T && k < out.size(); ++k) {
        const TrackBlock& tb = tracks[k];
        out[k].translation = sample_vector(tb.translation, tb.translation_mask, (tb.quant & 3) == 1, u, 0.0);
        out[k].rotation = sample_rotation(tb.rotation, tb.rotation_mask, (tb.quant >> 2) & 15, u);
        out[k].scale = sample_vector(tb.scale, tb.scale_mask, ((tb.quant >> 6) & 3) == 1, u, 1.0);
    }
}

}  // namespace taescope::havok
