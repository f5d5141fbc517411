#include "havok/tagfile.h"

#include <cstring>
#include <type_traits>

namespace taescope::havok {

namespace {

struct Section {
    char tag[5] = {};
    bool leaf = false;
    uint64_t header = 0;   // file offset of the 8-byte header
    uint64_t payload = 0;  // file offset of the payload
    uint64_t size = 0;     // payload size
    std::string_view name() const { return std::string_view(tag, 4); }
};

// The sections that exactly fill [begin, end) of `file`.
Result<std::vector<Section>> read_sections(Bytes file, uint64_t begin, uint64_t end, std::string_view parent) {
    std::vector<Section> out;
    uint64_t p = begin;
    while (p < end) {
        if (end - p < 8)
            return make_error(
                p, "section header needs 8 bytes but " + std::to_string(end - p) + " remain in " + std::string(parent));
        uint32_t word = load_u32be(file.data() + p);
        uint64_t size = word & 0x3FFFFFFF;
        if (size < 8) return make_error(p, "section size " + std::to_string(size) + " is below its 8-byte header");
        if (size > end - p)
            return make_error(p, "section of " + std::to_string(size) + " bytes runs past the end of " +
                                     std::string(parent) + " (" + std::to_string(end - p) + " bytes left)");
        Section s;
        std::memcpy(s.tag, file.data() + p + 4, 4);
        s.leaf = (word >> 30) == 1;
        s.header = p;
        s.payload = p + 8;
        s.size = size - 8;
        out.push_back(s);
        p += size;
    }
    return out;
}

const Section* find_section(const std::vector<Section>& sections, std::string_view a, std::string_view b = {}) {
    for (const auto& s : sections)
        if (s.name() == a || (!b.empty() && s.name() == b)) return &s;
    return nullptr;
}

// The one top-level section of a file (TAG0 or TCM0), with its children.
Result<std::vector<Section>> read_top(Bytes file, std::string_view expected_tag) {
    if (file.size() < 8)
        return make_error(0, "a Havok tagfile needs at least 8 bytes, the file has " + std::to_string(file.size()));
    uint32_t word = load_u32be(file.data());
    uint64_t size = word & 0x3FFFFFFF;
    std::string tag(reinterpret_cast<const char*>(file.data() + 4), 4);
    if (tag != expected_tag)
        return make_error(4, "expected a '" + std::string(expected_tag) + "' section, found '" + tag + "'");
    if (size < 8 || size > file.size())
        return make_error(0, "'" + tag + "' section size " + std::to_string(size) + " does not fit the file of " +
                                 std::to_string(file.size()) + " bytes");
    auto children = read_sections(file, 8, size, tag);
    if (!children.ok()) return std::move(children.error().within(tag));
    return children;
}

// A big-endian packed integer of a type section (§2.1).
class VarintReader {
public:
    VarintReader(Bytes file, uint64_t begin, uint64_t end, std::string_view section)
        : file_(file), p_(begin), end_(end), section_(section) {}
    bool at_end() const { return p_ >= end_; }
    uint64_t position() const { return p_; }
    uint64_t remaining() const { return end_ - p_; }

    Result<uint64_t> next(std::string_view what) {
        if (p_ >= end_) return fail(p_, std::string(what) + ": the section ends before it");
        const uint8_t* b = file_.data() + p_;
        uint8_t b0 = b[0];
        unsigned length;
        uint64_t mask;
        if (b0 < 0x80)
            length = 1, mask = 0x7F;
        else if (b0 < 0xC0)
            length = 2, mask = 0x3FFF;
        else if (b0 == 0xC3)
            length = 3, mask = 0xFFFF;  // the Elden Ring quirk: the next two bytes
        else if (b0 < 0xE0)
            length = 3, mask = 0x1FFFFF;
        else if (b0 < 0xE8)
            length = 4, mask = (uint64_t{1} << 27) - 1;
        else if (b0 < 0xF0)
            length = 5, mask = (uint64_t{1} << 35) - 1;
        else if (b0 < 0xF8)
            length = 8, mask = (uint64_t{1} << 59) - 1;
        else
            return fail(p_, std::string(what) + ": invalid packed-integer byte " + hex(b0));
        if (end_ - p_ < length)
            return fail(p_, std::string(what) + ": packed integer of " + std::to_string(length) +
                                " bytes runs past the section's end");
        uint64_t v = 0;
        for (unsigned i = 0; i < length; ++i) v = (v << 8) | b[i];
        p_ += length;
        return v & mask;
    }
    Result<uint32_t> next32(std::string_view what) {
        uint64_t at = p_;
        auto v = next(what);
        if (!v.ok()) return std::move(v.error());
        if (*v > 0xFFFFFFFFu) return fail(at, std::string(what) + " " + std::to_string(*v) + " is out of range");
        return static_cast<uint32_t>(*v);
    }
    Error fail(uint64_t at, std::string message) const {
        return std::move(make_error(at, std::move(message)).within(section_));
    }

private:
    Bytes file_;
    uint64_t p_, end_;
    std::string section_;
};

std::vector<std::string> split_strings(Bytes file, const Section& s) {
    std::vector<std::string> out;
    const char* p = reinterpret_cast<const char*>(file.data() + s.payload);
    const char* end = p + s.size;
    while (p < end) {
        const char* z = static_cast<const char*>(std::memchr(p, 0, size_t(end - p)));
        if (!z) z = end;
        out.emplace_back(p, size_t(z - p));
        p = z + 1;
    }
    return out;
}

struct RawType {
    uint32_t name = 0;
    bool named = false;
    uint32_t parent = 0;
    bool has_format = false, has_pointee = false, has_size = false, has_body = false;
    uint32_t format = 0, pointee = 0, size = 0;
    std::vector<TypeMember> members;
};

}  // namespace

const char* kind_name(Kind kind) {
    switch (kind) {
        case Kind::Void:
            return "void";
        case Kind::Opaque:
            return "opaque";
        case Kind::Bool:
            return "bool";
        case Kind::String:
            return "string";
        case Kind::Integer:
            return "integer";
        case Kind::Float:
            return "float";
        case Kind::Pointer:
            return "pointer";
        case Kind::Record:
            return "record";
        case Kind::Array:
            return "array";
    }
    return "unknown";
}

Result<TypeTable> TypeTable::read(Bytes payload, uint64_t file_offset) {
    // Sections inside the payload are addressed relative to it and reported at file_offset + position.
    auto children = read_sections(payload, 0, payload.size(), "TYPE");
    auto relocate = [&](Error e) {
        if (e.offset != Error::kNoOffset) e.offset += file_offset;
        return std::move(e.within("TYPE"));
    };
    if (!children.ok()) return relocate(std::move(children.error()));
    const Section* tstr = find_section(*children, "TSTR");
    const Section* fstr = find_section(*children, "FSTR");
    const Section* tnam = find_section(*children, "TNA1", "TNAM");
    const Section* tbdy = find_section(*children, "TBDY", "TBOD");
    if (!tstr || !fstr || !tnam || !tbdy)
        return relocate(make_error(
            0, std::string("a type section needs TSTR, FSTR, TNA1 and TBDY; missing ") + (!tstr   ? "TSTR"
                                                                                          : !fstr ? "FSTR"
                                                                                          : !tnam ? "TNA1"
                                                                                                  : "TBDY")));
    std::vector<std::string> type_strings = split_strings(payload, *tstr);
    TypeTable table;
    table.field_names_ = split_strings(payload, *fstr);

    // Names (TNA1): count = types + 1, then per type its name and template parameters.
    VarintReader names(payload, tnam->payload, tnam->payload + tnam->size, "TNA1");
    auto count = names.next("type count");
    if (!count.ok()) return relocate(std::move(count.error()));
    if (*count == 0 || *count - 1 > tnam->size / 2)
        return relocate(make_error(tnam->payload, "type count " + std::to_string(*count) +
                                                      " does not fit the TNA1 section of " +
                                                      std::to_string(tnam->size) + " bytes"));
    std::vector<RawType> raw(*count);
    for (uint64_t t = 1; t < *count; ++t) {
        auto name = names.next32("type name");
        if (!name.ok()) return relocate(std::move(name.error()));
        if (*name >= type_strings.size())
            return relocate(make_error(names.position(), "type " + std::to_string(t) + ": name index " +
                                                             std::to_string(*name) + " is past the " +
                                                             std::to_string(type_strings.size()) + " TSTR strings"));
        raw[t].name = *name;
        raw[t].named = true;
        auto params = names.next("template parameter count");
        if (!params.ok()) return relocate(std::move(params.error()));
        if (*params > names.remaining())
            return relocate(make_error(names.position(), "type " + std::to_string(t) + ": " + std::to_string(*params) +
                                                             " template parameters cannot fit"));
        for (uint64_t k = 0; k < *params; ++k) {
            auto pn = names.next("template parameter name");
            if (!pn.ok()) return relocate(std::move(pn.error()));
            auto pv = names.next("template parameter value");
            if (!pv.ok()) return relocate(std::move(pv.error()));
        }
    }

    // Bodies (TBDY).
    VarintReader body(payload, tbdy->payload, tbdy->payload + tbdy->size, "TBDY");
    while (!body.at_end()) {
        uint64_t record_at = body.position();
        auto index = body.next32("type index");
        if (!index.ok()) return relocate(std::move(index.error()));
        if (*index == 0) continue;  // a one-byte filler
        if (*index >= raw.size())
            return relocate(make_error(record_at, "type body for type " + std::to_string(*index) +
                                                      ", but TNA1 names only " + std::to_string(raw.size() - 1)));
        RawType& r = raw[*index];
        if (r.has_body) return relocate(make_error(record_at, "type " + std::to_string(*index) + " has two bodies"));
        r.has_body = true;
        auto parent = body.next32("parent type");
        if (!parent.ok()) return relocate(std::move(parent.error()));
        if (*parent >= raw.size())
            return relocate(make_error(record_at, "type " + std::to_string(*index) + ": parent " +
                                                      std::to_string(*parent) + " is not a type"));
        r.parent = *parent;
        auto opt = body.next32("optional-field flags");
        if (!opt.ok()) return relocate(std::move(opt.error()));
        if (*opt & ~0x7Fu)
            return relocate(make_error(
                record_at, "type " + std::to_string(*index) + ": unknown optional-field flags " + hex(*opt)));
        if (*opt & 0x01) {
            auto v = body.next32("format");
            if (!v.ok()) return relocate(std::move(v.error()));
            r.has_format = true, r.format = *v;
        }
        // As the reference reader does: the pointee is present when flagged and the record's own
        // format is a pointer, record or array (every compendium we have agrees with both rules).
        if ((*opt & 0x02) && r.has_format && (r.format & 0xF) >= 6) {
            auto v = body.next32("pointee type");
            if (!v.ok()) return relocate(std::move(v.error()));
            if (*v >= raw.size())
                return relocate(make_error(record_at, "type " + std::to_string(*index) + ": pointee " +
                                                          std::to_string(*v) + " is not a type"));
            r.has_pointee = true, r.pointee = *v;
        }
        if (*opt & 0x04) {
            auto v = body.next("version");
            if (!v.ok()) return relocate(std::move(v.error()));
        }
        if (*opt & 0x08) {
            auto size = body.next32("byte size");
            if (!size.ok()) return relocate(std::move(size.error()));
            auto align = body.next("alignment");
            if (!align.ok()) return relocate(std::move(align.error()));
            r.has_size = true, r.size = *size;
        }
        if (*opt & 0x10) {
            auto v = body.next("abstract value");
            if (!v.ok()) return relocate(std::move(v.error()));
        }
        if (*opt & 0x20) {
            auto n = body.next("member count");
            if (!n.ok()) return relocate(std::move(n.error()));
            if (*n > body.remaining() / 4)
                return relocate(make_error(body.position(), "type " + std::to_string(*index) + ": " +
                                                                std::to_string(*n) + " members cannot fit"));
            r.members.reserve(size_t(*n));
            for (uint64_t k = 0; k < *n; ++k) {
                TypeMember m;
                auto name = body.next32("member name");
                if (!name.ok()) return relocate(std::move(name.error()));
                auto flags = body.next32("member flags");
                if (!flags.ok()) return relocate(std::move(flags.error()));
                auto offset = body.next32("member offset");
                if (!offset.ok()) return relocate(std::move(offset.error()));
                auto type = body.next32("member type");
                if (!type.ok()) return relocate(std::move(type.error()));
                if (*type >= raw.size())
                    return relocate(make_error(body.position(), "type " + std::to_string(*index) + ": member " +
                                                                    std::to_string(k) + " has type " +
                                                                    std::to_string(*type) + ", not a type"));
                m.name = *name, m.flags = *flags, m.offset = *offset, m.type = *type;
                r.members.push_back(m);
            }
        }
        if (*opt & 0x40) {
            auto n = body.next("interface count");
            if (!n.ok()) return relocate(std::move(n.error()));
            if (*n > body.remaining() / 2)
                return relocate(make_error(body.position(), "type " + std::to_string(*index) + ": " +
                                                                std::to_string(*n) + " interfaces cannot fit"));
            for (uint64_t k = 0; k < 2 * *n; ++k) {
                auto v = body.next("interface");
                if (!v.ok()) return relocate(std::move(v.error()));
            }
        }
    }

    // Inheritance: format, pointee and size each from the nearest record in the parent chain
    // that carries it; members concatenated root ancestor first.
    table.types_.resize(raw.size());
    std::vector<uint32_t> chain;
    for (uint32_t t = 1; t < raw.size(); ++t) {
        chain.clear();
        for (uint32_t c = t; c != 0; c = raw[c].parent) {
            if (chain.size() >= raw.size())
                return relocate(make_error(tbdy->payload, "type " + std::to_string(t) + ": the parent chain loops"));
            chain.push_back(c);
        }
        TypeInfo& info = table.types_[t];
        info.name = type_strings[raw[t].name];
        info.parent = raw[t].parent;
        bool f = false, p = false, s = false;
        for (uint32_t c : chain) {
            if (!f && raw[c].has_format) info.format = raw[c].format, f = true;
            if (!p && raw[c].has_pointee) info.pointee = raw[c].pointee, p = true;
            if (!s && raw[c].has_size) info.size = raw[c].size, s = true;
        }
        for (auto it = chain.rbegin(); it != chain.rend(); ++it)
            info.members.insert(info.members.end(), raw[*it].members.begin(), raw[*it].members.end());
    }
    return table;
}

const TypeMember* TypeTable::find_member(uint32_t type, std::string_view name) const {
    if (!valid(type)) return nullptr;
    for (const auto& m : types_[type].members)
        if (member_name(m) == name) return &m;
    return nullptr;
}

bool TypeTable::is_a(uint32_t type, std::string_view name) const {
    for (size_t depth = 0; valid(type) && depth < types_.size(); ++depth) {
        if (types_[type].name == name) return true;
        type = types_[type].parent;
    }
    return false;
}

bool is_havok_packfile(Bytes file) {
    static const uint8_t magic[8] = {0x57, 0xE0, 0xE0, 0x57, 0x10, 0xC0, 0xC0, 0x10};
    return file.size() >= 8 && std::memcmp(file.data(), magic, 8) == 0;
}

bool is_havok_tagfile(Bytes file) {
    return file.size() >= 8 &&
           (std::memcmp(file.data() + 4, "TAG0", 4) == 0 || std::memcmp(file.data() + 4, "TCM0", 4) == 0);
}

static Error packfile_error() {
    return make_error(0,
                      "a Havok packfile (the older Havok format of Dark Souls III and earlier games): not read; "
                      "this reader reads the tagfiles of Sekiro and Elden Ring");
}

Result<Compendium> read_compendium(Bytes file) {
    if (is_havok_packfile(file)) return packfile_error();
    auto top = read_top(file, "TCM0");
    if (!top.ok()) return std::move(top.error());
    Compendium c;
    const Section* tcid = find_section(*top, "TCID");
    const Section* type = find_section(*top, "TYPE");
    if (!tcid || !type)
        return make_error(0, std::string("compendium has no ") + (!tcid ? "TCID" : "TYPE") + " section");
    for (uint64_t i = 0; i + 8 <= tcid->size; i += 8) c.ids.push_back(load_u64le(file.data() + tcid->payload + i));
    auto types = TypeTable::read(file.subspan(type->payload, type->size), type->payload);
    if (!types.ok()) return std::move(types.error().within("TCM0"));
    c.types = std::move(types).value();
    return c;
}

std::optional<uint64_t> tagfile_compendium_id(Bytes file) {
    if (is_havok_packfile(file)) return std::nullopt;
    auto top = read_top(file, "TAG0");
    if (!top.ok() || find_section(*top, "TYPE")) return std::nullopt;
    const Section* tcrf = find_section(*top, "TCRF");
    if (!tcrf || tcrf->size < 8) return std::nullopt;
    return load_u64le(file.data() + tcrf->payload);
}

Result<Tagfile> Tagfile::read(Bytes file, const Compendium* compendium) {
    if (is_havok_packfile(file)) return packfile_error();
    auto top = read_top(file, "TAG0");
    if (!top.ok()) return std::move(top.error());
    Tagfile t;
    if (const Section* sdkv = find_section(*top, "SDKV"))
        t.sdk_version_.assign(reinterpret_cast<const char*>(file.data() + sdkv->payload), size_t(sdkv->size));
    while (!t.sdk_version_.empty() && t.sdk_version_.back() == '\0') t.sdk_version_.pop_back();
    const Section* data = find_section(*top, "DATA");
    if (!data) return std::move(make_error(0, "no DATA section").within("TAG0"));
    t.data_offset_ = data->payload;
    t.data_ = file.subspan(data->payload, data->size);

    if (const Section* type = find_section(*top, "TYPE")) {
        auto types = TypeTable::read(file.subspan(type->payload, type->size), type->payload);
        if (!types.ok()) return std::move(types.error().within("TAG0"));
        t.own_types_ = std::move(types).value();
    } else if (const Section* tcrf = find_section(*top, "TCRF")) {
        if (tcrf->size < 8) return std::move(make_error(tcrf->payload, "TCRF holds no 8-byte id").within("TAG0"));
        uint64_t id = load_u64le(file.data() + tcrf->payload);
        if (!compendium)
            return std::move(make_error(tcrf->payload, "the file takes its types from a compendium (id " + hex(id) +
                                                           ") and none was found beside it")
                                 .within("TAG0 > TCRF"));
        bool known = false;
        for (uint64_t c : compendium->ids) known = known || c == id;
        if (!known)
            return std::move(
                make_error(tcrf->payload, "compendium id " + hex(id) + " is not one of the compendium's TCID ids")
                    .within("TAG0 > TCRF"));
        t.types_ = &compendium->types;
    } else {
        return std::move(make_error(0, "neither TYPE nor TCRF: the file has no types").within("TAG0"));
    }

    const Section* indx = find_section(*top, "INDX");
    if (!indx) return std::move(make_error(0, "no INDX section").within("TAG0"));
    auto index_children = read_sections(file, indx->payload, indx->payload + indx->size, "INDX");
    if (!index_children.ok()) return std::move(index_children.error().within("TAG0 > INDX"));
    const Section* item = find_section(*index_children, "ITEM");
    if (!item) return std::move(make_error(indx->payload, "no ITEM section").within("TAG0 > INDX"));
    const TypeTable& types = t.types();
    t.items_.reserve(size_t(item->size / 12));
    for (uint64_t i = 0; i + 12 <= item->size; i += 12) {
        const uint8_t* e = file.data() + item->payload + i;
        Item it;
        uint32_t info = load_u32le(e);
        it.type = info & 0x00FFFFFF;
        it.flags = uint8_t(info >> 24);
        it.offset = load_u32le(e + 4);
        it.count = load_u32le(e + 8);
        uint64_t index = i / 12;
        if (index > 0 && !types.valid(it.type))
            return std::move(make_error(item->payload + i, "item " + std::to_string(index) + " has type " +
                                                               std::to_string(it.type) + ", not a type of the table")
                                 .within("TAG0 > INDX > ITEM"));
        if (it.offset > t.data_.size())
            return std::move(make_error(item->payload + i + 4, "item " + std::to_string(index) + " starts at DATA+" +
                                                                   hex(it.offset) + ", past DATA's " +
                                                                   std::to_string(t.data_.size()) + " bytes")
                                 .within("TAG0 > INDX > ITEM"));
        t.items_.push_back(it);
    }
    if (t.items_.size() < 2) return std::move(make_error(item->payload, "no root item").within("TAG0 > INDX > ITEM"));
    return t;
}

const std::string& Tagfile::type_name(uint32_t type) const {
    static const std::string none = "(no type)";
    return types().valid(type) ? types().type(type).name : none;
}

Error Tagfile::error_at(uint64_t pos, std::string message) const {
    return std::move(make_error(data_offset_ + pos, std::move(message)).within("TAG0 > DATA"));
}

Result<Bytes> Tagfile::need(uint64_t pos, uint64_t length, std::string_view what) const {
    if (pos > data_.size() || length > data_.size() - pos)
        return error_at(pos, std::string(what) + ": needs " + std::to_string(length) + " byte(s) at DATA+" + hex(pos) +
                                 " but DATA ends at " + hex(data_.size()));
    return data_.subspan(pos, length);
}

Result<Value> Tagfile::root() const { return Value{items_[1].type, items_[1].offset}; }

Result<Value> Tagfile::root_object(std::string_view class_name) const {
    auto r = root();
    if (!r.ok()) return r;
    auto variants = array(*r, "namedVariants");
    if (!variants.ok()) return std::move(variants.error());
    for (uint64_t i = 0; i < variants->count; ++i) {
        auto target = pointer(variants->at(i), "variant");
        if (!target.ok()) return std::move(target.error());
        if (*target && types().is_a((*target)->type, class_name)) return **target;
    }
    return error_at(r->pos, "the root container holds no " + std::string(class_name));
}

Result<Value> Tagfile::member(Value record, std::string_view name) const {
    const TypeMember* m = types().find_member(record.type, name);
    if (!m) return error_at(record.pos, type_name(record.type) + " has no member '" + std::string(name) + "'");
    if (!types().valid(m->type))
        return error_at(record.pos, type_name(record.type) + "." + std::string(name) + " has no valid type");
    return Value{m->type, record.pos + m->offset};
}

Result<int64_t> Tagfile::integer(Value v) const {
    const TypeInfo& t = types().type(v.type);
    if (t.kind() != Kind::Integer && t.kind() != Kind::Bool)
        return error_at(v.pos, t.name + " is " + kind_name(t.kind()) + ", not an integer");
    if (t.size != 1 && t.size != 2 && t.size != 4 && t.size != 8)
        return error_at(v.pos, t.name + ": integer of " + std::to_string(t.size) + " bytes");
    auto b = need(v.pos, t.size, t.name);
    if (!b.ok()) return std::move(b.error());
    uint64_t raw = 0;
    std::memcpy(&raw, b->data(), t.size);
    if (t.kind() == Kind::Bool) return raw != 0 ? 1 : 0;
    if ((t.format & 0x200) && t.size < 8) {
        uint64_t sign = uint64_t{1} << (t.size * 8 - 1);
        if (raw & sign) raw |= ~((sign << 1) - 1);
    }
    return static_cast<int64_t>(raw);
}

Result<double> Tagfile::real(Value v) const {
    const TypeInfo& t = types().type(v.type);
    if (t.kind() != Kind::Float) return error_at(v.pos, t.name + " is " + kind_name(t.kind()) + ", not a float");
    if (t.size == 4) {
        auto b = need(v.pos, 4, t.name);
        if (!b.ok()) return std::move(b.error());
        return double(load_f32le(b->data()));
    }
    if (t.size == 2) {  // a half: the upper 16 bits of a float32 [unverified]
        auto b = need(v.pos, 2, t.name);
        if (!b.ok()) return std::move(b.error());
        uint32_t bits = uint32_t(load_u16le(b->data())) << 16;
        float f;
        std::memcpy(&f, &bits, 4);
        return double(f);
    }
    return error_at(v.pos, t.name + ": float of " + std::to_string(t.size) + " bytes");
}

Result<std::string> Tagfile::string(Value v) const {
    const TypeInfo& t = types().type(v.type);
    if (t.kind() != Kind::String) return error_at(v.pos, t.name + " is " + kind_name(t.kind()) + ", not a string");
    auto b = need(v.pos, 4, t.name);
    if (!b.ok()) return std::move(b.error());
    uint32_t index = load_u32le(b->data());
    if (index == 0) return std::string();
    if (index >= items_.size())
        return error_at(
            v.pos, "string item " + std::to_string(index) + " is past the " + std::to_string(items_.size()) + " items");
    const Item& it = items_[index];
    auto chars = need(it.offset, it.count, "string item " + std::to_string(index));
    if (!chars.ok()) return std::move(chars.error());
    const char* p = reinterpret_cast<const char*>(chars->data());
    const void* z = std::memchr(p, 0, chars->size());
    return std::string(p, z ? size_t(static_cast<const char*>(z) - p) : chars->size());
}

Result<std::optional<Value>> Tagfile::pointer(Value v) const {
    const TypeInfo& t = types().type(v.type);
    if (t.kind() != Kind::Pointer) return error_at(v.pos, t.name + " is " + kind_name(t.kind()) + ", not a pointer");
    auto b = need(v.pos, 4, t.name);
    if (!b.ok()) return std::move(b.error());
    uint32_t index = load_u32le(b->data());
    if (index == 0) return std::optional<Value>();
    if (index >= items_.size())
        return error_at(v.pos, "pointer to item " + std::to_string(index) + ", past the " +
                                   std::to_string(items_.size()) + " items");
    return std::optional<Value>(Value{items_[index].type, items_[index].offset});
}

Result<ArrayView> Tagfile::array(Value v) const {
    const TypeInfo& t = types().type(v.type);
    if (t.kind() != Kind::Array) return error_at(v.pos, t.name + " is " + kind_name(t.kind()) + ", not an array");
    ArrayView a;
    if (t.format & 0x20) {
        a.count = t.format >> 8;
        a.element_type = t.pointee;
        a.pos = v.pos;
    } else {
        auto b = need(v.pos, 4, t.name);
        if (!b.ok()) return std::move(b.error());
        uint32_t index = load_u32le(b->data());
        if (index == 0) return a;
        if (index >= items_.size())
            return error_at(v.pos, "array item " + std::to_string(index) + " is past the " +
                                       std::to_string(items_.size()) + " items");
        const Item& it = items_[index];
        a.count = it.count;
        a.element_type = it.type;
        a.pos = it.offset;
    }
    if (a.count == 0) return a;
    if (!types().valid(a.element_type)) return error_at(v.pos, t.name + ": array elements have no valid type");
    a.stride = types().type(a.element_type).size;
    if (a.stride == 0) return error_at(v.pos, t.name + ": array elements of size 0");
    if (a.count > (data_.size() - std::min<uint64_t>(a.pos, data_.size())) / a.stride)
        return error_at(a.pos, t.name + ": " + std::to_string(a.count) + " elements of " + std::to_string(a.stride) +
                                   " bytes do not fit in DATA");
    return a;
}

Result<int64_t> Tagfile::integer(Value record, std::string_view name) const {
    auto m = member(record, name);
    if (!m.ok()) return std::move(m.error());
    return integer(*m);
}
Result<double> Tagfile::real(Value record, std::string_view name) const {
    auto m = member(record, name);
    if (!m.ok()) return std::move(m.error());
    return real(*m);
}
Result<std::string> Tagfile::string(Value record, std::string_view name) const {
    auto m = member(record, name);
    if (!m.ok()) return std::move(m.error());
    return string(*m);
}
Result<std::optional<Value>> Tagfile::pointer(Value record, std::string_view name) const {
    auto m = member(record, name);
    if (!m.ok()) return std::move(m.error());
    return pointer(*m);
}
Result<ArrayView> Tagfile::array(Value record, std::string_view name) const {
    auto m = member(record, name);
    if (!m.ok()) return std::move(m.error());
    return array(*m);
}

namespace {

// Whether `count` elements of `size` bytes from DATA+pos lie inside DATA (array() checks it for
// the arrays it returns; checked again here so that a hand-made ArrayView cannot read outside).
bool inside(Bytes data, uint64_t pos, uint64_t count, uint64_t size) {
    return pos <= data.size() && count <= (data.size() - pos) / size;
}

template <class Raw>
void load_integers(const uint8_t* p, size_t count, bool sign_extend, int64_t* out) {
    for (size_t i = 0; i < count; ++i) {
        Raw raw;
        std::memcpy(&raw, p + i * sizeof(Raw), sizeof(Raw));
        out[i] = sign_extend ? int64_t(std::make_signed_t<Raw>(raw)) : int64_t(raw);
    }
}

}  // namespace

Status Tagfile::integers(const ArrayView& a, std::vector<int64_t>& out) const {
    out.resize(size_t(a.count));
    if (a.count == 0) return ok_status();
    const TypeInfo& t = types().type(a.element_type);
    if (t.kind() == Kind::Integer && t.size == a.stride && inside(data_, a.pos, a.count, a.stride)) {
        // The values integer() gives: little-endian, sign-extended when the format says signed.
        const uint8_t* p = data_.data() + a.pos;
        const bool sign = (t.format & 0x200) != 0;
        switch (t.size) {
            case 1:
                return load_integers<uint8_t>(p, out.size(), sign, out.data()), ok_status();
            case 2:
                return load_integers<uint16_t>(p, out.size(), sign, out.data()), ok_status();
            case 4:
                return load_integers<uint32_t>(p, out.size(), sign, out.data()), ok_status();
            case 8:
                return load_integers<uint64_t>(p, out.size(), false, out.data()), ok_status();
            default:
                break;
        }
    }
    for (size_t i = 0; i < out.size(); ++i) {
        auto v = integer(a.at(i));
        if (!v.ok()) return std::move(v.error());
        out[i] = *v;
    }
    return ok_status();
}

Status Tagfile::float_rows(const ArrayView& a, size_t n, double* out) const {
    if (a.count == 0) return ok_status();
    const TypeInfo& row = types().type(a.element_type);
    if (row.kind() == Kind::Array && (row.format & 0x20) && (row.format >> 8) >= n && types().valid(row.pointee)) {
        // An inline array of at least n floats per element, as array() of the element finds it.
        const TypeInfo& e = types().type(row.pointee);
        // Each element's whole inline array inside its stride, every element inside DATA: then
        // floats() of an element could not fail either.
        if (e.kind() == Kind::Float && e.size == 4 && a.stride >= 4 * uint64_t(row.format >> 8) &&
            inside(data_, a.pos, a.count, a.stride)) {
            const uint8_t* p = data_.data() + a.pos;
            for (uint64_t i = 0; i < a.count; ++i, p += a.stride)
                for (size_t k = 0; k < n; ++k) out[i * n + k] = double(load_f32le(p + 4 * k));
            return ok_status();
        }
    }
    for (uint64_t i = 0; i < a.count; ++i) TAESCOPE_TRY(floats(a.at(i), out + i * n, n));
    return ok_status();
}

Status Tagfile::floats(Value v, double* out, size_t n) const {
    auto a = array(v);
    if (!a.ok()) return std::move(a.error());
    if (a->count < n)
        return error_at(
            v.pos, type_name(v.type) + ": " + std::to_string(a->count) + " components, expected " + std::to_string(n));
    // 32-bit floats (every vector and quaternion in the corpus) straight from DATA, as real()
    // reads them: element by element through real() and need() this was a fifth of decoding every
    // animation (each root-motion sample is one such array).
    const TypeInfo& e = types().type(a->element_type);
    if (e.kind() == Kind::Float && e.size == 4 && a->stride == 4 && inside(data_, a->pos, n, 4)) {
        const uint8_t* p = data_.data() + a->pos;
        for (size_t i = 0; i < n; ++i) out[i] = double(load_f32le(p + 4 * i));
        return ok_status();
    }
    for (size_t i = 0; i < n; ++i) {
        auto f = real(a->at(i));
        if (!f.ok()) return std::move(f.error());
        out[i] = *f;
    }
    return ok_status();
}

}  // namespace taescope::havok
