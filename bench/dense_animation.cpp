#include "dense_animation.h"

#include "sample_generator.h"

namespace taescope::bench {

TaeFile dense_animation_file(uint32_t event_count, uint64_t seed) {
    // Enough generated animations to draw the events from (about 20 events each).
    generator::GeneratedTae g =
        generator::generate_tae_file(generator::Scale::EldenRing, 0, event_count / 8 + 16, seed);
    TaeFile& f = g.model;
    TaeAnimation& dense = f.animations.front();
    // Events of the other animations move into the first one. Their parameter bytes stay where
    // they are (one arena per file), and the first animation's groups keep their indices since
    // events are only appended; the others' groups are dropped with them.
    for (size_t a = 1; a < f.animations.size() && dense.events.size() < event_count; ++a)
        for (const TaeEvent& e : f.animations[a].events) {
            if (dense.events.size() >= event_count) break;
            dense.events.push_back(e);
        }
    f.animations.resize(1);
    return std::move(g.model);
}

}  // namespace taescope::bench
