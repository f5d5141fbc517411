#include "app.h"

#include <emscripten.h>

#include <algorithm>
#include <cctype>
#include <cmath>

#include "binder/animation_names.h"

namespace taescope::web {

const char* load_phase_name(LoadPhase phase) {
    switch (phase) {
        case LoadPhase::Empty:
            return "empty";
        case LoadPhase::Parsing:
            return "parsing";
        case LoadPhase::Ready:
            return "ready";
        case LoadPhase::Failed:
            return "error";
    }
    return "?";
}

App& app() {
    static App instance;
    return instance;
}

void App::notify_page() const {
    // The page listens for this to update its DOM overlays and to resolve open() promises.
    EM_ASM({
        if (Module["onTaeScopeChange"]) Module["onTaeScopeChange"]();
    });
}

void App::begin_open(std::vector<uint8_t> bytes, std::string file_name) {
    LoadStatus& load = state_.load;
    load.phase = LoadPhase::Parsing;
    load.file_name = std::move(file_name);
    load.file_size = bytes.size();
    load.pending_bytes = std::move(bytes);
    load.frames_shown_parsing = 0;
    load.error = Error{};
    notify_page();
}

bool App::finish_pending_open() {
    LoadStatus& load = state_.load;
    if (load.phase != LoadPhase::Parsing || load.frames_shown_parsing < 1) return false;
    std::vector<uint8_t> bytes = std::move(load.pending_bytes);
    load.pending_bytes = {};
    double started = emscripten_get_now();
    Result<LoadedDocument> loaded = load_document(Bytes(bytes), load.file_name);
    load.parse_milliseconds = emscripten_get_now() - started;

    state_.selection = Selection{};
    state_.files = FilesPanelState{};
    state_.timeline = TimelineState{};
    timeline_ = TimelineModel{};
    if (!loaded) {
        state_.document.reset();
        load.phase = LoadPhase::Failed;
        load.error = std::move(loaded).error();
    } else {
        state_.document = std::make_unique<LoadedDocument>(std::move(loaded).value());
        load.phase = LoadPhase::Ready;
        // Open on the first TAE file that parsed, on its first animation.
        for (size_t i = 0; i < state_.document->tae_file_count(); ++i) {
            const TaeFile* tae = state_.document->tae(i);
            if (!tae) continue;
            select_tae_file(int(i));
            break;
        }
    }
    notify_page();
    return true;
}

void App::close_error() {
    if (state_.load.phase != LoadPhase::Failed) return;
    state_.load.phase = LoadPhase::Empty;
    notify_page();
}

const DocumentTae* App::selected_tae_entry() const {
    const auto& doc = state_.document;
    int i = state_.selection.tae_file;
    if (!doc || i < 0 || size_t(i) >= doc->tae_file_count()) return nullptr;
    return &doc->tae_entry(size_t(i));
}

const TaeFileInfo* App::selected_tae_info() const {
    const auto& doc = state_.document;
    int i = state_.selection.tae_file;
    if (!doc || i < 0 || size_t(i) >= doc->info.size()) return nullptr;
    return &doc->info[size_t(i)];
}

const TaeFile* App::selected_tae() const {
    return state_.document && state_.selection.tae_file >= 0 ? state_.document->tae(size_t(state_.selection.tae_file))
                                                             : nullptr;
}

const TaeAnimation* App::selected_animation() const {
    return state_.document ? state_.document->animation(state_.selection.tae_file, state_.selection.animation)
                           : nullptr;
}

const TaeEvent* App::selected_event() const {
    const TaeAnimation* a = selected_animation();
    int e = state_.selection.event;
    if (!a || e < 0 || size_t(e) >= a->events.size()) return nullptr;
    return &a->events[size_t(e)];
}

bool App::select_tae_file(int index) {
    if (!state_.document || index < 0 || size_t(index) >= state_.document->tae_file_count()) return false;
    state_.selection = Selection{};
    state_.selection.tae_file = index;
    state_.files.dirty = true;
    refresh_visible_animations();
    const TaeFile* tae = selected_tae();
    if (tae && !tae->animations.empty())
        select_animation(index, state_.files.visible.empty() ? 0 : state_.files.visible.front());
    else
        rebuild_timeline();
    return true;
}

bool App::select_animation(int tae_file, int animation) {
    if (!state_.document || !state_.document->animation(tae_file, animation)) return false;
    if (tae_file != state_.selection.tae_file) {
        state_.selection.tae_file = tae_file;
        state_.files.dirty = true;
    }
    state_.selection.animation = animation;
    state_.selection.event = -1;
    state_.selection.group = -1;
    state_.timeline.time = 0;
    state_.timeline.playing = false;
    state_.timeline.fit_requested = true;
    state_.files.scroll_to_selection = true;
    rebuild_timeline();
    return true;
}

bool App::select_event(int event) {
    const TaeAnimation* a = selected_animation();
    if (!a || event < -1 || (event >= 0 && size_t(event) >= a->events.size())) return false;
    state_.selection.event = event;
    state_.timeline.scroll_to_selected_event = event >= 0;
    return true;
}

bool App::select_group(int group) {
    const TaeAnimation* a = selected_animation();
    if (!a || group < -1 || (group >= 0 && size_t(group) >= a->groups.size())) return false;
    state_.selection.group = group;
    return true;
}

void App::rebuild_timeline() {
    const TaeAnimation* a = selected_animation();
    const TaeFileInfo* info = selected_tae_info();
    timeline_ = a ? prepare_timeline(*a, info ? info->templates : nullptr) : TimelineModel{};
}

void App::step_animation(int delta) {
    refresh_visible_animations();
    const auto& visible = state_.files.visible;
    if (visible.empty()) return;
    auto it = std::find(visible.begin(), visible.end(), state_.selection.animation);
    long pos = it == visible.end() ? (delta > 0 ? -1 : long(visible.size())) : long(it - visible.begin());
    pos = std::clamp(pos + delta, 0L, long(visible.size()) - 1);
    select_animation(state_.selection.tae_file, visible[size_t(pos)]);
}

int App::find_animation(int tae_file, const std::string& name_or_number) const {
    if (!state_.document || tae_file < 0 || size_t(tae_file) >= state_.document->tae_file_count()) return -1;
    const DocumentTae& entry = state_.document->tae_entry(size_t(tae_file));
    if (!entry.tae) return -1;
    std::optional<uint64_t> number = parse_animation_name(name_or_number);
    if (!number && !name_or_number.empty() &&
        std::all_of(name_or_number.begin(), name_or_number.end(), [](char c) { return std::isdigit(uint8_t(c)); }))
        number = std::stoull(name_or_number);
    if (!number) return -1;
    const auto& animations = entry.tae->animations;
    for (size_t i = 0; i < animations.size(); ++i)
        if (entry.full_number(animations[i]) == *number || animations[i].number == *number) return int(i);
    return -1;
}

void App::set_time(double seconds) {
    double limit = std::max(timeline_.length, 0.0);
    state_.timeline.time = std::clamp(seconds, std::min(0.0, state_.timeline.view_start), std::max(limit, 0.0) + 10.0);
}

void App::step_frames(int frames) {
    TimelineState& t = state_.timeline;
    t.playing = false;
    double frame = std::round(t.time * kFramesPerSecond) + frames;
    double last = std::max(1.0, std::ceil(timeline_.length * kFramesPerSecond));
    t.time = std::clamp(frame, 0.0, last) / kFramesPerSecond;
}

void App::toggle_play() {
    TimelineState& t = state_.timeline;
    t.playing = !t.playing;
    t.play_accumulator = 0;
    if (t.playing && t.time >= timeline_.length - 1e-9) t.time = 0;  // replay from the start
}

void App::advance_playback(double real_seconds) {
    TimelineState& t = state_.timeline;
    if (!t.playing) return;
    // Whole frames at 30 fps: the playhead lands on frame boundaries, like the game's.
    t.play_accumulator += std::min(real_seconds, 0.25);
    double frame_time = 1.0 / kFramesPerSecond;
    double length = std::max(timeline_.length, frame_time);
    while (t.play_accumulator >= frame_time) {
        t.play_accumulator -= frame_time;
        double frame = std::round(t.time * kFramesPerSecond) + 1;
        t.time = frame / kFramesPerSecond;
        if (t.time > length + 1e-9) t.time = 0;  // loop
    }
}

void App::refresh_visible_animations() {
    FilesPanelState& files = state_.files;
    if (!files.dirty && files.visible_for_tae_file == state_.selection.tae_file) return;
    files.dirty = false;
    files.visible_for_tae_file = state_.selection.tae_file;
    files.visible.clear();
    const DocumentTae* entry = selected_tae_entry();
    if (!entry || !entry->tae) return;
    const auto& animations = entry->tae->animations;

    std::string needle = files.filter;
    for (auto& c : needle) c = char(std::tolower(uint8_t(c)));
    for (size_t i = 0; i < animations.size(); ++i) {
        if (!needle.empty()) {
            std::string name = full_animation_name(*entry, animations[i]);
            std::string number = std::to_string(entry->full_number(animations[i]));
            if (name.find(needle) == std::string::npos && number.find(needle) == std::string::npos) continue;
        }
        files.visible.push_back(int(i));
    }

    std::vector<double> lengths;
    if (files.sort_column == AnimationSortColumn::Length) {
        lengths.resize(animations.size());
        for (size_t i = 0; i < animations.size(); ++i) lengths[i] = animation_length(animations[i]);
    }
    auto key_less = [&](int a, int b) {
        const TaeAnimation& x = animations[size_t(a)];
        const TaeAnimation& y = animations[size_t(b)];
        switch (files.sort_column) {
            case AnimationSortColumn::Name:
            case AnimationSortColumn::Number:
                return x.number < y.number;
            case AnimationSortColumn::Events:
                return x.events.size() < y.events.size();
            case AnimationSortColumn::Length:
                return lengths[size_t(a)] < lengths[size_t(b)];
            case AnimationSortColumn::HeaderKind:
                return x.header_kind() < y.header_kind();
            case AnimationSortColumn::ImportSource: {
                auto source = [](const TaeAnimation& an) {
                    return an.header_kind() == TaeAnimationHeaderKind::ImportOther ? int64_t(an.import_source())
                                                                                   : INT64_MIN;
                };
                return source(x) < source(y);
            }
        }
        return a < b;
    };
    std::stable_sort(files.visible.begin(), files.visible.end(),
                     [&](int a, int b) { return files.sort_ascending ? key_less(a, b) : key_less(b, a); });
}

}  // namespace taescope::web
