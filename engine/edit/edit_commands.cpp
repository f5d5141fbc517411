#include "edit/edit_commands.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <set>

#include "binder/animation_names.h"
#include "binder/document.h"
#include "edit/event_groups.h"
#include "templates/event_decoder.h"

namespace taescope {

float snap_to_frame(double seconds) { return float(std::round(seconds * kFramesPerSecond) / kFramesPerSecond); }

float stored_time(double seconds, bool snap) { return snap ? snap_to_frame(seconds) : float(seconds); }

namespace {

constexpr uint32_t kParameterAlignment = 16;

Error command_error(std::string message) { return make_error(Error::kNoOffset, std::move(message)); }

std::string seconds_text(double s) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.3f s", s);
    return buf;
}

std::string signed_seconds_text(double s) { return (s >= 0 ? "+" : "") + seconds_text(s); }

// "until the animation ends": stored as f32 max (or a non-finite word); moves leave it alone.
bool is_open_end(uint32_t bits) {
    float f = TaeEvent::bits_to_f32(bits);
    return !std::isfinite(f) || f >= FLT_MAX;
}

std::vector<uint8_t> padded(std::vector<uint8_t> bytes) {
    bytes.resize((bytes.size() + kParameterAlignment - 1) / kParameterAlignment * kParameterAlignment, 0);
    return bytes;
}

TaeEvent new_event(int32_t type) {
    TaeEvent e;
    e.type = type;
    e.parameter_offset_zero = type == kTaeEventTypeZeroParameterOffset;
    return e;
}

// The target of a command, checked.
struct Target {
    DocumentTae* dt = nullptr;
    TaeFile* file = nullptr;
    const TaeAnimation* animation = nullptr;  // when the command names one
    std::string name;                         // "a000_003004"
};

Result<Target> file_target(Document& doc, size_t tae) {
    if (tae >= doc.taes.size())
        return command_error("no event file " + std::to_string(tae) + " (the document has " +
                             std::to_string(doc.taes.size()) + ")");
    auto& dt = doc.taes[tae];
    if (!dt.tae) return command_error("event file " + dt.name + " did not open, so it cannot be edited");
    return Target{&dt, &*dt.tae, nullptr, {}};
}

Result<Target> animation_target(Document& doc, AnimationTarget ref) {
    auto t = file_target(doc, ref.tae);
    if (!t.ok()) return t;
    if (ref.animation >= t->file->animations.size())
        return command_error("no animation " + std::to_string(ref.animation) + " in " + t->dt->name + " (it has " +
                             std::to_string(t->file->animations.size()) + ")");
    t->animation = &t->file->animations[ref.animation];
    t->name = animation_name(t->dt->full_number(*t->animation));
    return t;
}

Status check_events(const Target& t, const std::vector<uint32_t>& events, bool allow_empty = false) {
    if (events.empty() && !allow_empty) return command_error("no events given");
    std::set<uint32_t> seen;
    for (uint32_t i : events) {
        if (i >= t.animation->events.size())
            return command_error("no event " + std::to_string(i) + " in " + t.name + " (it has " +
                                 std::to_string(t.animation->events.size()) + ")");
        if (!seen.insert(i).second) return command_error("event " + std::to_string(i) + " is named twice");
    }
    return ok_status();
}

Status check_time(double seconds, const char* what) {
    if (!std::isfinite(seconds) || std::fabs(seconds) > 1e6)
        return command_error(std::string(what) + " must be a finite time in seconds");
    return ok_status();
}

std::string events_phrase(const std::vector<uint32_t>& events) {
    return events.size() == 1 ? "event " + std::to_string(events[0]) : std::to_string(events.size()) + " events";
}

EditChange replace(const Target& t, size_t tae, size_t index, TaeAnimation after, std::string label) {
    EditChange c;
    c.label = std::move(label);
    AnimationChange a;
    a.kind = AnimationChange::Kind::Replace;
    a.tae = tae;
    a.index = index;
    a.before = *t.animation;
    a.after = std::move(after);
    c.changes.push_back(std::move(a));
    c.selection_after.animation = AnimationTarget{tae, index};
    c.selection_before.animation = AnimationTarget{tae, index};
    return c;
}

// Where a record of `number` goes in the (ascending) table, skipping index `except`.
Result<size_t> sorted_slot(const Target& t, uint64_t number, size_t except) {
    if (t.dt->slot.group_file && number >= kAnimationGroupSize)
        return command_error(t.dt->name + " is a group file: it stores numbers within its group, below 1,000,000 (" +
                             std::to_string(number) + " given)");
    size_t slot = 0;
    for (size_t i = 0; i < t.file->animations.size(); ++i) {
        if (i == except) continue;
        uint64_t n = t.file->animations[i].number;
        if (n == number)
            return command_error(t.dt->name + " already holds animation " +
                                 animation_name(t.dt->slot.number_offset + number) + " (record " + std::to_string(i) +
                                 "); animation numbers must be unique");
        if (n < number) ++slot;
    }
    return slot;
}

std::u16string own_motion_name(const DocumentTae& dt, uint64_t number) {
    return utf8_to_utf16(animation_name(dt.slot.number_offset + number) + ".hkt");
}

// An animation copied into the same file under `number`: own copies of edited parameter bytes
// (those may be written in place later); bytes still in the source stay shared views, since the
// source is never written. Its motion file name follows the number when it was the animation's own.
TaeAnimation renumbered_copy(TaeFile& file, const DocumentTae& dt, const TaeAnimation& from, uint64_t number,
                             bool copy_parameters) {
    TaeAnimation a = from;
    if (a.motion_file_name && *a.motion_file_name == own_motion_name(dt, from.number))
        a.motion_file_name = own_motion_name(dt, number);
    a.number = number;
    if (copy_parameters)
        for (auto& e : a.events)
            if (!e.parameters_in_source) file.append_parameters(e, file.parameters(e));
    return a;
}

// --- one function per command ---

Result<EditChange> plan(Document& doc, const GameTemplates*, const MoveEvents& c) {
    auto t = animation_target(doc, c.where);
    if (!t.ok()) return std::move(t).error();
    TAESCOPE_TRY(check_events(*t, c.events));
    TAESCOPE_TRY(check_time(c.new_start, "the new start"));
    TaeAnimation after = *t->animation;
    uint32_t anchor = c.events[0];
    double old_start = after.events[anchor].start();
    if (!std::isfinite(old_start))
        return command_error("event " + std::to_string(anchor) + " has no finite start to move");
    float anchor_start = stored_time(c.new_start, c.snap);
    double delta = double(anchor_start) - old_start;
    for (uint32_t i : c.events) {
        TaeEvent& e = after.events[i];
        double s = e.start(), en = e.end();
        if (i == anchor)
            e.set_start(anchor_start);
        else if (std::isfinite(s))
            e.set_start(stored_time(s + delta, c.snap));
        if (!is_open_end(e.end_bits)) e.set_end(stored_time(en + delta, c.snap));
    }
    std::string label =
        c.events.size() == 1
            ? "Move event " + std::to_string(anchor) + " of " + t->name + " to " + seconds_text(anchor_start)
            : "Move " + events_phrase(c.events) + " of " + t->name + " by " + signed_seconds_text(delta);
    auto change = replace(*t, c.where.tae, c.where.animation, std::move(after), std::move(label));
    change.selection_after.events = change.selection_before.events = c.events;
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const ResizeEvent& c) {
    auto t = animation_target(doc, c.event.animation_target());
    if (!t.ok()) return std::move(t).error();
    TAESCOPE_TRY(check_events(*t, {c.event.event}));
    TAESCOPE_TRY(check_time(c.seconds, "the new time"));
    TaeAnimation after = *t->animation;
    TaeEvent& e = after.events[c.event.event];
    float v = stored_time(c.seconds, c.snap);
    if (c.edge == EventEdge::Start) {
        if (!is_open_end(e.end_bits) && std::isfinite(e.end()) && v > e.end()) v = e.end();
        e.set_start(v);
    } else {
        if (std::isfinite(e.start()) && v < e.start()) v = e.start();
        e.set_end(v);
    }
    std::string label = "Resize event " + std::to_string(c.event.event) + " of " + t->name + ": " +
                        (c.edge == EventEdge::Start ? "start" : "end") + " to " + seconds_text(v);
    auto change = replace(*t, c.event.tae, c.event.animation, std::move(after), std::move(label));
    change.selection_after.events = change.selection_before.events = {c.event.event};
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates* templates, const ChangeEventType& c) {
    auto t = animation_target(doc, c.event.animation_target());
    if (!t.ok()) return std::move(t).error();
    TAESCOPE_TRY(check_events(*t, {c.event.event}));
    TaeAnimation after = *t->animation;
    TaeEvent& e = after.events[c.event.event];
    e.type = c.type;
    e.parameter_offset_zero = c.type == kTaeEventTypeZeroParameterOffset;
    if (c.reset_parameters) t->file->append_parameters(e, default_parameters(templates, *t->file, c.type));
    regroup_retyped_event(after, c.event.event, group_type_for_event_type(*t->file, c.type));
    std::string label = "Change event " + std::to_string(c.event.event) + " of " + t->name + " to type " +
                        std::to_string(c.type) + (c.reset_parameters ? " (default parameters)" : "");
    auto change = replace(*t, c.event.tae, c.event.animation, std::move(after), std::move(label));
    change.selection_after.events = change.selection_before.events = {c.event.event};
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates* templates, const SetEventField& c) {
    auto t = animation_target(doc, c.event.animation_target());
    if (!t.ok()) return std::move(t).error();
    TAESCOPE_TRY(check_events(*t, {c.event.event}));
    TaeAnimation after = *t->animation;
    TaeEvent& e = after.events[c.event.event];
    const EventTypeTemplate* templ = templates ? templates->find(uint32_t(e.type)) : nullptr;
    if (!templ)
        return command_error("event type " + std::to_string(e.type) + " has no template: edit its bytes instead");
    if (c.field >= templ->fields.size())
        return command_error("the template of type " + std::to_string(e.type) + " has " +
                             std::to_string(templ->fields.size()) + " fields, not a field " + std::to_string(c.field));
    const TemplateField& field = templ->fields[c.field];
    Bytes old = t->file->parameters(e);
    std::vector<uint8_t> bytes(old.begin(), old.end());
    auto set = set_field_from_text(bytes, field, c.text);
    if (!set.ok()) {
        Error err = std::move(set).error();
        err.within("field '" + field.name + "' of event " + std::to_string(c.event.event) + " of " + t->name);
        return err;
    }
    t->file->append_parameters(e, bytes);
    std::string name = field.name.empty() ? "field " + std::to_string(c.field) : field.name;
    std::string label =
        "Set " + name + " of event " + std::to_string(c.event.event) + " of " + t->name + " to " + c.text;
    auto change = replace(*t, c.event.tae, c.event.animation, std::move(after), std::move(label));
    change.selection_after.events = change.selection_before.events = {c.event.event};
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const SetEventParameters& c) {
    auto t = animation_target(doc, c.event.animation_target());
    if (!t.ok()) return std::move(t).error();
    TAESCOPE_TRY(check_events(*t, {c.event.event}));
    TaeAnimation after = *t->animation;
    t->file->append_parameters(after.events[c.event.event], padded(c.bytes));
    std::string label = "Edit the parameter bytes of event " + std::to_string(c.event.event) + " of " + t->name;
    auto change = replace(*t, c.event.tae, c.event.animation, std::move(after), std::move(label));
    change.selection_after.events = change.selection_before.events = {c.event.event};
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates* templates, const AddEvent& c) {
    auto t = animation_target(doc, c.where);
    if (!t.ok()) return std::move(t).error();
    TAESCOPE_TRY(check_time(c.start, "the start"));
    TAESCOPE_TRY(check_time(c.end, "the end"));
    TaeAnimation after = *t->animation;
    TaeEvent e = new_event(c.type);
    e.set_start(stored_time(c.start, c.snap));
    e.set_end(std::max(e.start(), stored_time(c.end, c.snap)));
    t->file->append_parameters(e,
                               c.parameters ? padded(*c.parameters) : default_parameters(templates, *t->file, c.type));
    uint32_t index = uint32_t(after.events.size());
    after.events.push_back(e);
    join_group_of_same_type(after, index, group_type_for_event_type(*t->file, c.type));
    std::string label = "Add event " + std::to_string(index) + " (type " + std::to_string(c.type) + ") to " + t->name +
                        " at " + seconds_text(e.start());
    auto change = replace(*t, c.where.tae, c.where.animation, std::move(after), std::move(label));
    change.selection_after.events = {index};
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const DuplicateEvents& c) {
    auto t = animation_target(doc, c.where);
    if (!t.ok()) return std::move(t).error();
    TAESCOPE_TRY(check_events(*t, c.events));
    TaeAnimation after = *t->animation;
    std::vector<uint32_t> added;
    for (uint32_t i : c.events) {
        TaeEvent e = after.events[i];
        t->file->append_parameters(e, t->file->parameters(e));
        uint32_t index = uint32_t(after.events.size());
        after.events.push_back(e);
        join_groups_of(after, index, i, group_type_for_event_type(*t->file, e.type));
        added.push_back(index);
    }
    auto change = replace(*t, c.where.tae, c.where.animation, std::move(after),
                          "Duplicate " + events_phrase(c.events) + " of " + t->name);
    change.selection_after.events = added;
    change.selection_before.events = c.events;
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const DeleteEvents& c) {
    auto t = animation_target(doc, c.where);
    if (!t.ok()) return std::move(t).error();
    TAESCOPE_TRY(check_events(*t, c.events));
    TaeAnimation after = *t->animation;
    erase_events(after, c.events);
    auto change = replace(*t, c.where.tae, c.where.animation, std::move(after),
                          "Delete " + events_phrase(c.events) + " of " + t->name);
    change.selection_before.events = c.events;
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const PasteEvents& c) {
    auto t = animation_target(doc, c.where);
    if (!t.ok()) return std::move(t).error();
    if (c.clipboard.empty()) return command_error("the clipboard holds no events");
    double delta = 0;
    bool shift = false;
    if (c.at_seconds) {
        TAESCOPE_TRY(check_time(*c.at_seconds, "the paste time"));
        double earliest = INFINITY;
        for (const auto& e : c.clipboard.events)
            if (std::isfinite(e.start())) earliest = std::min(earliest, double(e.start()));
        if (std::isfinite(earliest)) delta = double(stored_time(*c.at_seconds, c.snap)) - earliest, shift = true;
    }
    TaeAnimation after = *t->animation;
    std::vector<uint32_t> added;
    for (const auto& ce : c.clipboard.events) {
        TaeEvent e = new_event(ce.type);
        e.unknown04 = ce.unknown04;
        e.start_bits = ce.start_bits;
        e.end_bits = ce.end_bits;
        if (shift) {
            if (std::isfinite(ce.start())) e.set_start(stored_time(ce.start() + delta, c.snap));
            if (!is_open_end(ce.end_bits)) e.set_end(stored_time(ce.end() + delta, c.snap));
        }
        t->file->append_parameters(e, padded(ce.parameters));
        uint32_t index = uint32_t(after.events.size());
        after.events.push_back(e);
        join_group_of_same_type(after, index, group_type_for_event_type(*t->file, e.type));
        added.push_back(index);
    }
    std::string label = "Paste " +
                        std::string(added.size() == 1 ? "1 event" : std::to_string(added.size()) + " events") +
                        " into " + t->name + (shift ? " at " + seconds_text(*c.at_seconds) : "");
    auto change = replace(*t, c.where.tae, c.where.animation, std::move(after), std::move(label));
    change.selection_after.events = added;
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const AddAnimation& c) {
    auto t = file_target(doc, c.tae);
    if (!t.ok()) return std::move(t).error();
    auto slot = sorted_slot(*t, c.number, SIZE_MAX);
    if (!slot.ok()) return std::move(slot).error();
    TaeAnimation a;
    a.number = c.number;
    a.set_standard(false, false, false, -1);
    a.motion_file_name = own_motion_name(*t->dt, c.number);
    EditChange change;
    change.label = "Add animation " + animation_name(t->dt->slot.number_offset + c.number);
    change.changes.push_back({AnimationChange::Kind::Insert, c.tae, *slot, {}, std::move(a)});
    change.selection_after.animation = AnimationTarget{c.tae, *slot};
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const RemoveAnimation& c) {
    auto t = animation_target(doc, c.animation);
    if (!t.ok()) return std::move(t).error();
    EditChange change;
    change.label = "Remove animation " + t->name;
    change.changes.push_back({AnimationChange::Kind::Erase, c.animation.tae, c.animation.animation, *t->animation, {}});
    change.selection_before.animation = c.animation;
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const DuplicateAnimation& c) {
    auto t = animation_target(doc, c.animation);
    if (!t.ok()) return std::move(t).error();
    auto slot = sorted_slot(*t, c.new_number, SIZE_MAX);
    if (!slot.ok()) return std::move(slot).error();
    TaeAnimation copy = renumbered_copy(*t->file, *t->dt, *t->animation, c.new_number, true);
    EditChange change;
    change.label = "Duplicate " + t->name + " as " + animation_name(t->dt->slot.number_offset + c.new_number);
    change.changes.push_back({AnimationChange::Kind::Insert, c.animation.tae, *slot, {}, std::move(copy)});
    change.selection_after.animation = AnimationTarget{c.animation.tae, *slot};
    change.selection_before.animation = c.animation;
    return change;
}

Result<EditChange> plan(Document& doc, const GameTemplates*, const RenumberAnimation& c) {
    auto t = animation_target(doc, c.animation);
    if (!t.ok()) return std::move(t).error();
    if (t->animation->number == c.new_number)
        return command_error(t->name + " already has number " + std::to_string(c.new_number));
    auto slot = sorted_slot(*t, c.new_number, c.animation.animation);
    if (!slot.ok()) return std::move(slot).error();
    TaeAnimation renamed = renumbered_copy(*t->file, *t->dt, *t->animation, c.new_number, false);
    EditChange change;
    change.label = "Renumber " + t->name + " to " + animation_name(t->dt->slot.number_offset + c.new_number);
    change.changes.push_back({AnimationChange::Kind::Erase, c.animation.tae, c.animation.animation, *t->animation, {}});
    change.changes.push_back({AnimationChange::Kind::Insert, c.animation.tae, *slot, {}, std::move(renamed)});
    change.selection_after.animation = AnimationTarget{c.animation.tae, *slot};
    change.selection_before.animation = c.animation;
    return change;
}

// Clip matches index animations: refresh them when the table changed (replace_tae rematches).
void rematch_clips(Document& doc, size_t tae) {
    bool modified = doc.taes[tae].modified;
    replace_tae(doc, tae, std::move(*doc.taes[tae].tae));
    doc.taes[tae].modified = modified;
}

void run_changes(Document& doc, const EditChange& change, bool forward) {
    std::set<size_t> reshaped;
    size_t n = change.changes.size();
    for (size_t k = 0; k < n; ++k) {
        const AnimationChange& c = change.changes[forward ? k : n - 1 - k];
        auto& animations = doc.taes[c.tae].tae->animations;
        using Kind = AnimationChange::Kind;
        bool insert = (c.kind == Kind::Insert) == forward;
        if (c.kind == Kind::Replace) {
            animations[c.index] = forward ? c.after : c.before;
        } else if (insert) {
            animations.insert(animations.begin() + std::ptrdiff_t(c.index), forward ? c.after : c.before);
            reshaped.insert(c.tae);
        } else {
            animations.erase(animations.begin() + std::ptrdiff_t(c.index));
            reshaped.insert(c.tae);
        }
    }
    for (size_t tae : reshaped) rematch_clips(doc, tae);
}

}  // namespace

Result<EditChange> plan_command(Document& doc, const GameTemplates* templates, const EditCommand& command) {
    auto change = std::visit([&](const auto& c) { return plan(doc, templates, c); }, command);
    if (!change.ok()) return change;
    for (const auto& c : change->changes)
        if (std::none_of(change->modified_before.begin(), change->modified_before.end(),
                         [&](const auto& m) { return m.first == c.tae; }))
            change->modified_before.push_back({c.tae, doc.taes[c.tae].modified});
    return change;
}

bool changes_animation_table(const EditChange& change) {
    for (const AnimationChange& c : change.changes)
        if (c.kind != AnimationChange::Kind::Replace || c.before.number != c.after.number) return true;
    return false;
}

void apply_change(Document& doc, const EditChange& change) {
    run_changes(doc, change, true);
    for (const auto& [tae, was] : change.modified_before) doc.taes[tae].modified = true;
}

void revert_change(Document& doc, const EditChange& change) {
    run_changes(doc, change, false);
    for (const auto& [tae, was] : change.modified_before) doc.taes[tae].modified = was;
}

std::vector<uint8_t> default_parameters(const GameTemplates* templates, const TaeFile& file, int32_t type) {
    const EventTypeTemplate* templ = templates ? templates->find(uint32_t(type)) : nullptr;
    if (!templ) {
        for (const auto& a : file.animations)
            for (const auto& e : a.events)
                if (e.type == type) return std::vector<uint8_t>(e.parameter_size, 0);
        return {};
    }
    std::vector<uint8_t> bytes = padded(std::vector<uint8_t>(templ->size(), 0));
    for (const auto& f : templ->fields) {
        std::optional<uint64_t> v = f.asserted ? f.asserted : f.default_value;
        if (v && f.type != FieldType::Bytes) (void)encode_field(bytes, f, *v);
    }
    return bytes;
}

std::string animation_label(const Document& doc, AnimationTarget ref) {
    if (ref.tae >= doc.taes.size() || !doc.taes[ref.tae].tae) return "?";
    const auto& dt = doc.taes[ref.tae];
    if (ref.animation >= dt.tae->animations.size()) return "?";
    return animation_name(dt.full_number(dt.tae->animations[ref.animation]));
}

}  // namespace taescope
