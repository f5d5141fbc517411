#include "sim/animation_simulation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace taescope {

namespace {

uint32_t default_frame_count(const std::vector<SimEvent>& events) {
    double last = 0;
    for (const auto& e : events) {
        for (double p : {e.timing.start_frame, e.timing.end_frame})
            if (std::isfinite(p) && p > last) last = p;
    }
    if (last >= double(std::numeric_limits<uint32_t>::max() - 1)) return std::numeric_limits<uint32_t>::max();
    return uint32_t(std::floor(last)) + 1;
}

}  // namespace

AnimationSimulation AnimationSimulation::build(const TaeFile& file, const TaeAnimation& animation,
                                               const GameTemplates* templates, const SimOptions& options) {
    AnimationSimulation sim;
    sim.convention_ = options.convention;

    std::map<int32_t, MaskLayout> layouts;
    sim.events_.reserve(animation.events.size());
    for (size_t i = 0; i < animation.events.size(); ++i) {
        const TaeEvent& ev = animation.events[i];
        Bytes params = file.parameters_in_range(ev) ? file.parameters(ev) : Bytes();
        SimEvent s;
        s.index = uint32_t(i);
        s.type = ev.type;
        if (const EventTypeTemplate* t = templates && ev.type >= 0 ? templates->find(uint32_t(ev.type)) : nullptr)
            s.type_name = t->name;
        s.timing = classify_event_timing(ev.start_bits, ev.end_bits);
        s.condition = read_event_condition(templates, ev.type, params);
        s.effect = read_effect_start(templates, ev.type, params);
        if (is_mask_event_type(ev.type)) {
            auto it = layouts.find(ev.type);
            if (it == layouts.end()) {
                it = layouts.emplace(ev.type, mask_layout_for(templates, ev.type)).first;
                sim.notes_.push_back("mask layout of " + std::to_string(ev.type) + ": " + it->second.source);
            }
            s.mask = read_mask_action(ev.type, params, it->second);
        }
        sim.events_.push_back(std::move(s));
    }

    uint32_t frames = options.frame_count ? *options.frame_count : default_frame_count(sim.events_);
    if (frames == 0) frames = 1;
    if (frames > options.limits.max_frames) {
        sim.notes_.push_back("frames clamped from " + std::to_string(frames) + " to " +
                             std::to_string(options.limits.max_frames));
        frames = options.limits.max_frames;
    }
    uint64_t worst = uint64_t(frames) * std::max<size_t>(1, sim.events_.size());
    if (worst > options.limits.max_frame_entries) {
        uint32_t fit =
            uint32_t(std::max<uint64_t>(1, options.limits.max_frame_entries / std::max<size_t>(1, sim.events_.size())));
        sim.notes_.push_back("frames clamped from " + std::to_string(frames) + " to " + std::to_string(fit) +
                             " (events x frames over the table limit)");
        frames = fit;
    }
    sim.frame_count_ = frames;

    sim.active_.reserve(frames);
    sim.started_.reserve(frames);
    sim.ended_.reserve(frames);
    sim.masks_.reserve(frames);
    for (uint32_t n = 0; n < frames; ++n) {
        double from = n == 0 ? -std::numeric_limits<double>::infinity() : double(n) - 1;
        sim.active_.push_back(sim.push(sim.active_in(n)));
        EventEdges edges = sim.edges_in(from, n);
        sim.started_.push_back(sim.push(edges.started));
        sim.ended_.push_back(sim.push(edges.ended));
        sim.masks_.push_back(sim.mask_in(n));
    }

    size_t flagged = sim.events_with_timing_flags().size();
    if (flagged) sim.notes_.push_back(std::to_string(flagged) + " event(s) with unusual times (see each event)");
    size_t conditional = sim.conditional_events().size();
    if (conditional)
        sim.notes_.push_back(std::to_string(conditional) +
                             " conditional event(s): they happen only under a run-time condition");
    return sim;
}

AnimationSimulation::Range AnimationSimulation::push(const std::vector<uint32_t>& indices) {
    Range r{uint32_t(pool_.size()), uint32_t(indices.size())};
    pool_.insert(pool_.end(), indices.begin(), indices.end());
    return r;
}

FrameView AnimationSimulation::frame(uint32_t n) const {
    FrameView v;
    if (n >= frame_count_) return v;
    auto span_of = [&](const Range& r) { return std::span<const uint32_t>(pool_.data() + r.begin, r.count); };
    v.frame = n;
    v.seconds = frame_seconds(n);
    v.active = span_of(active_[n]);
    v.started = span_of(started_[n]);
    v.ended = span_of(ended_[n]);
    v.masks = &masks_[n];
    return v;
}

std::vector<uint32_t> AnimationSimulation::active_in(double frame) const {
    std::vector<uint32_t> out;
    for (const auto& e : events_)
        if (e.timing.active_at(frame, convention_)) out.push_back(e.index);
    return out;
}

EventEdges AnimationSimulation::edges_in(double from_frame, double to_frame) const {
    EventEdges out;
    for (const auto& e : events_) {
        if (e.timing.starts_in(from_frame, to_frame, convention_)) out.started.push_back(e.index);
        if (e.timing.ends_in(from_frame, to_frame, convention_)) out.ended.push_back(e.index);
    }
    return out;
}

MaskState AnimationSimulation::mask_in(double frame) const {
    MaskState state{};
    for (const auto& e : events_) {
        if (!e.mask) continue;
        bool speaks = mask_event_latches(e.type) ? e.timing.can_be_active(convention_) && e.timing.start_frame <= frame
                                                 : e.timing.active_at(frame, convention_);
        if (speaks) apply_mask_action(state, *e.mask, int32_t(e.index));
    }
    return state;
}

std::vector<uint32_t> AnimationSimulation::active_at(double seconds) const {
    return active_in(frame_position(seconds));
}

EventEdges AnimationSimulation::edges_between(double from_seconds, double to_seconds) const {
    return edges_in(frame_position(from_seconds), frame_position(to_seconds));
}

MaskState AnimationSimulation::mask_at(double seconds) const { return mask_in(frame_position(seconds)); }

std::vector<uint32_t> AnimationSimulation::events_with_timing_flags() const {
    std::vector<uint32_t> out;
    for (const auto& e : events_)
        if (e.timing.flags) out.push_back(e.index);
    return out;
}

std::vector<uint32_t> AnimationSimulation::conditional_events() const {
    std::vector<uint32_t> out;
    for (const auto& e : events_)
        if (e.condition.conditional) out.push_back(e.index);
    return out;
}

std::vector<uint32_t> AnimationSimulation::mask_events() const {
    std::vector<uint32_t> out;
    for (const auto& e : events_)
        if (e.mask) out.push_back(e.index);
    return out;
}

}  // namespace taescope
