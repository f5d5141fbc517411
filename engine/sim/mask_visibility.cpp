#include "sim/mask_visibility.h"

namespace taescope {

bool is_mask_event_type(int32_t type) {
    return type == kEventChangeDrawMask || type == kEventHideModelMask || type == kEventShowModelMask;
}

MaskLayout mask_layout_for(const GameTemplates* templates, int32_t type) {
    MaskLayout layout;
    for (int g = 0; g < kMaskGroupCount; ++g) layout.offsets[g] = uint32_t(g);
    const EventTypeTemplate* templ = templates && type >= 0 ? templates->find(uint32_t(type)) : nullptr;
    if (!templ) {
        layout.source = "no template for " + std::to_string(type) + ": bytes 0..31 assumed";
        return layout;
    }
    std::array<bool, kMaskGroupCount> found{};
    for (const auto& f : templ->fields) {
        for (int g = 0; g < kMaskGroupCount; ++g) {
            if (f.name == "Mask " + std::to_string(g + 1) && f.size >= 1) {
                layout.offsets[g] = f.offset;
                found[g] = true;
            }
        }
    }
    int missing = 0;
    bool at_identity = true;
    for (int g = 0; g < kMaskGroupCount; ++g) {
        if (!found[g]) ++missing;
        if (layout.offsets[g] != uint32_t(g)) at_identity = false;
    }
    std::string prefix = "template " + templates->game + " " + std::to_string(type) + ": ";
    if (missing == kMaskGroupCount)
        layout.source = prefix + "no fields named Mask 1..Mask 32, bytes 0..31 assumed";
    else if (missing > 0)
        layout.source = prefix + std::to_string(missing) + " of the 32 Mask fields absent, their bytes assumed";
    else
        layout.source =
            prefix + (at_identity ? "Mask 1..Mask 32 at bytes 0..31" : "Mask 1..Mask 32 at the template's offsets");
    return layout;
}

const char* mask_change_name(MaskChange change) {
    switch (change) {
        case MaskChange::Show:
            return "show";
        case MaskChange::Hide:
            return "hide";
        default:
            return "unchanged";
    }
}

const char* mask_visibility_name(MaskVisibility v) {
    switch (v) {
        case MaskVisibility::Shown:
            return "shown";
        case MaskVisibility::Hidden:
            return "hidden";
        default:
            return "default";
    }
}

MaskAction read_mask_action(int32_t type, Bytes params, const MaskLayout& layout) {
    MaskAction a;
    a.type = type;
    for (int g = 0; g < kMaskGroupCount; ++g) {
        uint32_t at = layout.offsets[g];
        if (at >= params.size()) {
            a.unstored_groups |= 1u << g;
            continue;
        }
        uint8_t v = params[at];
        a.stored[g] = v;
        MaskChange change = MaskChange::Unchanged;
        bool named = true;
        if (type == kEventChangeDrawMask) {
            if (v == 0)
                change = MaskChange::Hide;
            else if (v == 1)
                change = MaskChange::Show;
            else
                named = v == 255;
        } else if (type == kEventHideModelMask || type == kEventShowModelMask) {
            if (v == 1)
                change = type == kEventHideModelMask ? MaskChange::Hide : MaskChange::Show;
            else
                named = v == 0;
        }
        if (!named) a.unnamed_values |= 1u << g;
        a.changes[g] = change;
    }
    return a;
}

void apply_mask_action(MaskState& state, const MaskAction& action, int32_t event_index) {
    for (int g = 0; g < kMaskGroupCount; ++g) {
        MaskChange c = action.changes[g];
        if (c == MaskChange::Unchanged) continue;
        state[g].visibility = c == MaskChange::Show ? MaskVisibility::Shown : MaskVisibility::Hidden;
        state[g].decided_by = event_index;
    }
}

DisplayMaskDefaults DisplayMaskDefaults::all_shown() { return {0xFFFFFFFFu, "no params: every group shown"}; }

bool mask_group_shown(const MaskState& state, int group, const DisplayMaskDefaults& defaults) {
    if (group < 0 || group >= kMaskGroupCount) return true;
    switch (state[size_t(group)].visibility) {
        case MaskVisibility::Shown:
            return true;
        case MaskVisibility::Hidden:
            return false;
        case MaskVisibility::Default:
            break;
    }
    return defaults.shows(group);
}

}  // namespace taescope
