// The data stream of an hkaSplineCompressedAnimation (../shared/spec/havok-animation.md §6-7):
// blocks of per-track headers, vector parts (translation, scale) and rotation parts, each either
// absent, static or a B-spline over byte knots with quantised control points.
//
// read() walks every part of every block once and checks every byte it will need, so that
// sample() can read the stream without further checks and cannot fail. Control points stay
// quantised in the copied stream (memory ~ the stream's size) and are dequantised when sampled.
// Arithmetic is in double in the order of §7.8, so values match the reference reader.
//
// A SplineBlockCache passed to sample() keeps what sampling repeats on every call of one block
// (control points dequantised, quaternions decoded, distinct knot vectors found): consecutive
// frames of a playing clip stay in one block and skip that work, with bit-identical results.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "havok/transform.h"
#include "io/result.h"

namespace taescope::havok {

enum class RotationQuantization : uint8_t {
    Polar32 = 0,
    ThreeComp40 = 1,
    ThreeComp48 = 2,
    ThreeComp24 = 3,
    Straight16 = 4,
    Uncompressed = 5,
};
const char* rotation_quantization_name(uint8_t value);

struct SplineLayout {
    uint32_t track_count = 0;        // numberOfTransformTracks
    uint32_t float_track_count = 0;  // numberOfFloatTracks
    uint32_t frame_count = 0;        // numFrames
    uint32_t block_count = 0;        // numBlocks
    uint32_t max_frames_per_block = 0;
    std::vector<uint32_t> block_offsets;
    std::vector<uint32_t> float_block_offsets;
};

// What one block stores for each track, counted over a whole animation (for `taescope pose`,
// tests and the curious).
struct SplineStatistics {
    uint32_t spline_parts = 0, static_parts = 0, identity_parts = 0;
    uint32_t rotation_formats[6] = {};  // parts per RotationQuantization
};

class SplineCompressedTracks;

// One block of one animation, decoded for sampling (see above). Owned by whoever samples (havok::Pose
// holds one), so a const clip shared by several views needs no lock; holds one block at a time and
// decodes another when a frame of another block, or of another animation, is asked for.
class SplineBlockCache {
public:
    size_t memory_bytes() const;
    // How many times a block was decoded into this cache (tests check that playing reuses it).
    uint64_t decodes() const { return decodes_; }

private:
    friend class SplineCompressedTracks;
    struct Curve {           // one distinct knot vector of the block (degree, count and knot bytes alike)
        uint32_t knots = 0;  // offset of the spline header in the stream
        uint32_t last = 0;   // n: control points - 1
        uint8_t degree = 0;
    };
    struct Part {                 // translation, rotation or scale of one track
        double constant[4] = {};  // static or identity values: vector xyz (unanimated axes), or the rotation
        uint32_t points = 0;      // first control-point value in values_
        uint32_t curve = 0;       // index in curves_
        uint8_t animated = 0;     // vectors: the animated axes (bits 0-2); rotations: 1 for a spline
        uint8_t dims = 0;         // doubles per control point
    };
    struct Basis {  // of one curve at the frame sampled last
        double n[4];
        uint32_t first = 0;  // control point of n[0]
    };
    uint64_t tracks_id_ = 0;  // SplineCompressedTracks::id_ of the block held (0: none)
    uint32_t block_ = 0;
    uint64_t decodes_ = 0;
    std::vector<Curve> curves_;
    std::vector<Part> parts_;  // 3 per track: translation, rotation, scale
    std::vector<double> values_;
    std::vector<Basis> basis_;  // scratch, one per curve
};

class SplineCompressedTracks {
public:
    // Checks and indexes `data`. Errors carry the offset in `data`; the caller adds where it lies.
    static Result<SplineCompressedTracks> read(std::vector<uint8_t> data, SplineLayout layout);

    uint32_t track_count() const { return layout_.track_count; }
    uint32_t frame_count() const { return layout_.frame_count; }
    uint32_t block_count() const { return layout_.block_count; }
    const SplineStatistics& statistics() const { return statistics_; }
    // Deviations from what the spec calls observed (e.g. a block's transform data not ending
    // where floatBlockOffsets says): reported, never rejected.
    const std::vector<std::string>& notes() const { return notes_; }
    size_t memory_bytes() const { return data_.capacity() + tracks_.capacity() * sizeof(TrackBlock); }

    // The local transforms of every track at global frame `frame` (fractions allowed; clamped to
    // [0, frame_count - 1]). `out` must hold track_count() transforms. With a cache, the frame's
    // block is decoded into it unless it already holds that block of this animation; the values
    // are the same bits either way.
    void sample(double frame, std::span<QsTransform> out, SplineBlockCache* cache = nullptr) const;

    // The block and local frame of a global frame (§6: blocks overlap by one frame).
    void block_and_local_frame(double frame, uint32_t& block, double& local) const;

private:
    struct TrackBlock {
        uint32_t translation = 0, rotation = 0, scale = 0;  // offsets of the parts in data_
        uint8_t quant = 0, translation_mask = 0, rotation_mask = 0, scale_mask = 0;
    };

    // A part's spline header, ranges and control points located in data_ (a vector part's
    // unanimated axes already hold their value).
    struct VectorPart {
        uint8_t animated = 0;
        uint32_t last = 0, degree = 0;  // n (control points - 1) and degree, when animated
        const uint8_t* header = nullptr;
        const uint8_t* points = nullptr;
        double lo[3] = {}, hi[3] = {};
        Vec3 value{};
    };
    struct RotationPart {
        bool spline = false, fixed = false;
        uint32_t last = 0, degree = 0;
        const uint8_t* header = nullptr;
        const uint8_t* points = nullptr;  // the control points, or the static quaternion
    };
    VectorPart locate_vector(uint32_t offset, uint8_t mask, double identity) const;
    RotationPart locate_rotation(uint32_t offset, uint8_t mask, uint8_t format) const;
    Vec3 sample_vector(uint32_t offset, uint8_t mask, bool wide, double u, double identity) const;
    Quat sample_rotation(uint32_t offset, uint8_t mask, uint8_t format, double u) const;
    void decode_block(uint32_t block, SplineBlockCache& cache) const;
    void sample_cached(double u, std::span<QsTransform> out, SplineBlockCache& cache) const;

    uint64_t id_ = 0;  // unique per read(): what a SplineBlockCache keys on (copies share the data, so the id)
    std::vector<uint8_t> data_;
    SplineLayout layout_;
    std::vector<TrackBlock> tracks_;  // block-major: tracks_[block * track_count + track]
    SplineStatistics statistics_;
    std::vector<std::string> notes_;
};

// Decodes one quantised quaternion of `format` at `p` (which holds its bytes). Exposed for tests.
Quat decode_quaternion(uint8_t format, const uint8_t* p);
// B-spline evaluation helpers (§7.6), exposed for tests: the knot span of `u` and the degree+1
// basis functions at it.
uint32_t find_knot_span(const uint8_t* knots, uint32_t control_points, uint32_t degree, double u);
void basis_functions(const uint8_t* knots, uint32_t span, uint32_t degree, double u, double* out);

}  // namespace taescope::havok
