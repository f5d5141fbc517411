#include "tae/tae_model.h"

#include <algorithm>

#include "tae/tae_header_layout.h"

namespace taescope {

namespace {
void put_u32(uint8_t* p, uint32_t v) { std::memcpy(p, &v, 4); }
void put_u64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }
}  // namespace

TaeHeader make_default_tae_header(uint64_t event_bank, uint32_t file_id) {
    using namespace tae_header;
    TaeHeader h;
    uint8_t* r = h.raw.data();
    std::memcpy(r, "TAE ", 4);
    r[kPointerWidth] = 0xFF;
    // The self-pointers and constants of the header's sub-records (the same in every file).
    for (const auto& c : kConstants) put_u64(r + c.offset, c.value);
    h.version = kTaeVersionSekiroEldenRing;
    h.event_bank = event_bank;
    h.flag_bytes = kUsualFlagBytes;
    h.file_id = file_id;
    h.file_id_repeats = {file_id, file_id};
    put_u32(r + kVersion, h.version);
    put_u64(r + kEventBank, event_bank);
    std::memcpy(r + kFlagBytes, h.flag_bytes.data(), 8);
    put_u32(r + kFileId, file_id);
    put_u32(r + kFileIdRepeats, file_id);
    put_u32(r + kFileIdRepeats + 4, file_id);
    return h;
}

TaeAnimationHeaderKind TaeAnimation::header_kind() const {
    if (header_null) return TaeAnimationHeaderKind::None;
    if (header_type == 0) return TaeAnimationHeaderKind::Standard;
    if (header_type == 1) return TaeAnimationHeaderKind::ImportOther;
    return TaeAnimationHeaderKind::Unknown;
}

void TaeAnimation::set_standard(bool loop, bool import_hkx, bool delay_load, int32_t source) {
    header_null = false;
    header_type = 0;
    header_data = {uint8_t(loop), uint8_t(import_hkx), uint8_t(delay_load), 0, 0, 0, 0, 0};
    put_u32(header_data.data() + 4, uint32_t(source));
}

void TaeAnimation::set_import_other(int32_t source, int32_t unknown) {
    header_null = false;
    header_type = 1;
    put_u32(header_data.data(), uint32_t(source));
    put_u32(header_data.data() + 4, uint32_t(unknown));
}

void TaeFile::set_parameters(TaeEvent& e, Bytes bytes) {
    if (!e.parameters_in_source && bytes.size() == e.parameter_size) {
        if (!bytes.empty()) std::memmove(edited_parameter_bytes.data() + e.parameter_begin, bytes.data(), bytes.size());
        return;
    }
    append_parameters(e, bytes);
}

void TaeFile::append_parameters(TaeEvent& e, Bytes bytes) {
    // `bytes` may point into the buffer itself: copy before growing it.
    std::vector<uint8_t> copy(bytes.begin(), bytes.end());
    e.parameters_in_source = false;
    e.parameter_begin = uint32_t(edited_parameter_bytes.size());
    e.parameter_size = uint32_t(copy.size());
    edited_parameter_bytes.insert(edited_parameter_bytes.end(), copy.begin(), copy.end());
}

size_t TaeFile::event_count() const {
    size_t n = 0;
    for (const auto& a : animations) n += a.events.size();
    return n;
}

void erase_event(TaeAnimation& animation, uint32_t index) {
    if (index >= animation.events.size()) return;
    animation.events.erase(animation.events.begin() + index);
    for (auto& g : animation.groups) {
        auto& v = g.event_indices;
        v.erase(std::remove(v.begin(), v.end(), index), v.end());
        for (auto& i : v)
            if (i > index) --i;
    }
}

static bool same_header(const TaeHeader& a, const TaeHeader& b) {
    if (a.version != b.version || a.event_bank != b.event_bank || a.flag_bytes != b.flag_bytes ||
        a.file_id != b.file_id || a.file_id_repeats != b.file_id_repeats)
        return false;
    // Unknown bytes: everything but the named and derived fields.
    std::array<bool, kTaeHeaderSize> skip{};
    for (const auto& f : tae_header::kNamedFields)
        for (uint64_t i = 0; i < f.size; ++i) skip[f.offset + i] = true;
    for (size_t i = 0; i < kTaeHeaderSize; ++i)
        if (!skip[i] && a.raw[i] != b.raw[i]) return false;
    return true;
}

bool same_content(const TaeFile& a, const TaeFile& b) {
    if (!same_header(a.header, b.header) || a.skeleton_name != b.skeleton_name || a.sib_name != b.sib_name ||
        a.animations.size() != b.animations.size())
        return false;
    for (size_t i = 0; i < a.animations.size(); ++i) {
        const auto& x = a.animations[i];
        const auto& y = b.animations[i];
        if (x.number != y.number || x.header_type != y.header_type || x.header_null != y.header_null ||
            x.header_data != y.header_data || x.header_tail != y.header_tail ||
            x.motion_file_name != y.motion_file_name || x.events.size() != y.events.size() ||
            x.groups.size() != y.groups.size())
            return false;
        for (size_t e = 0; e < x.events.size(); ++e) {
            const auto& p = x.events[e];
            const auto& q = y.events[e];
            if (p.type != q.type || p.unknown04 != q.unknown04 || p.start_bits != q.start_bits ||
                p.end_bits != q.end_bits || p.parameter_offset_zero != q.parameter_offset_zero)
                return false;
            Bytes pa = a.parameters(p), qb = b.parameters(q);
            if (!std::equal(pa.begin(), pa.end(), qb.begin(), qb.end())) return false;
        }
        for (size_t g = 0; g < x.groups.size(); ++g) {
            const auto& p = x.groups[g];
            const auto& q = y.groups[g];
            if (p.type != q.type || p.type_tail != q.type_tail || p.reserved != q.reserved ||
                p.event_indices != q.event_indices)
                return false;
        }
    }
    return true;
}

std::string animation_context(size_t index, uint64_t number) {
    return "animation " + std::to_string(index) + " (number " + std::to_string(number) + ")";
}

}  // namespace taescope
