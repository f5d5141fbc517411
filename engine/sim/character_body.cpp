// Mesh visibility from mask groups and the dummies an event names (character_body.h).
#include "sim/character_body.h"

namespace taescope {

std::vector<uint8_t> mesh_visibility(const flver::Model& model, const MaskState& masks, bool force_all_shown,
                                     const DisplayMaskDefaults& defaults) {
    std::vector<uint8_t> out(model.meshes.size(), 1);
    if (force_all_shown) return out;
    for (size_t i = 0; i < model.meshes.size(); ++i) {
        int32_t mat = model.meshes[i].material;
        if (mat < 0 || size_t(mat) >= model.materials.size()) continue;
        int32_t g = model.materials[size_t(mat)].mask;
        if (!mask_group_shown(masks, g, defaults)) out[i] = 0;
    }
    return out;
}

std::vector<size_t> meshes_of_mask(const flver::Model& model, int32_t group) {
    std::vector<size_t> out;
    for (size_t i = 0; i < model.meshes.size(); ++i) {
        int32_t mat = model.meshes[i].material;
        if (mat >= 0 && size_t(mat) < model.materials.size() && model.materials[size_t(mat)].mask == group)
            out.push_back(i);
    }
    return out;
}

bool field_names_dummy_poly_id(std::string_view field_name) {
    std::string s;
    s.reserve(field_name.size());
    for (char c : field_name) {
        if (c >= 'A' && c <= 'Z')
            s.push_back(char(c - 'A' + 'a'));
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            s.push_back(c);
    }
    if (s.find("dummypoly") == std::string::npos) return false;
    if (s.find("param") != std::string::npos) return false;  // "Decal Param ID - Dummy Poly": a param row
    // "...ID", "...ID 3", "Blade Tip ID": the name says id after "dummypoly".
    return s.find("id", s.find("dummypoly")) != std::string::npos;
}

std::vector<int32_t> event_dummy_ids(const DecodedEvent& event) {
    std::vector<int32_t> out;
    for (size_t i = 0; i < event.fields.present_count(); ++i) {
        DecodedField f = event.fields[i];
        if (!f.field || !field_names_dummy_poly_id(f.field->name)) continue;
        int64_t v;
        switch (f.field->type) {
            case FieldType::S8:
                v = int8_t(f.raw);
                break;
            case FieldType::S16:
                v = int16_t(f.raw);
                break;
            case FieldType::S32:
                v = int32_t(f.raw);
                break;
            case FieldType::S64:
                v = int64_t(f.raw);
                break;
            case FieldType::U8:
            case FieldType::U16:
            case FieldType::U32:
            case FieldType::U64:
                v = f.raw > 0x7FFFFFFF ? -1 : int64_t(f.raw);
                break;
            default:
                continue;  // floats, flags and byte arrays name no dummy
        }
        if (v < 0 || v > 0x7FFFFFFF) continue;
        bool seen = false;
        for (int32_t o : out) seen = seen || o == int32_t(v);
        if (!seen) out.push_back(int32_t(v));
    }
    return out;
}

std::vector<size_t> dummies_with_id(const flver::Model& model, int32_t id) {
    std::vector<size_t> out;
    for (size_t i = 0; i < model.dummies.size(); ++i)
        if (model.dummies[i].reference_id == id) out.push_back(i);
    return out;
}

std::vector<size_t> dummies_named_by_event(const flver::Model& model, const DecodedEvent& event) {
    std::vector<int32_t> ids = event_dummy_ids(event);
    std::vector<size_t> out;
    for (size_t i = 0; i < model.dummies.size(); ++i)
        for (int32_t id : ids)
            if (model.dummies[i].reference_id == id) {
                out.push_back(i);
                break;
            }
    return out;
}

}  // namespace taescope
