// Opening the game's params from a regulation, a parambnd or loose .param files (regulation.h).
#include "params/regulation.h"

#include <algorithm>
#include <cstring>

#include "container/bnd4.h"

namespace taescope::params {

namespace {

char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (ascii_lower(a[i]) != ascii_lower(b[i])) return false;
    return true;
}

bool iends_with(std::string_view s, std::string_view suffix) {
    return s.size() >= suffix.size() && iequals(s.substr(s.size() - suffix.size()), suffix);
}

bool istarts_with(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

// "N:\GR\...\AtkParam_Npc.param" -> "AtkParam_Npc"
std::string param_name_of(std::string_view path) {
    size_t slash = path.find_last_of("\\/");
    std::string_view file = slash == std::string_view::npos ? path : path.substr(slash + 1);
    size_t dot = file.rfind('.');
    return std::string(dot == std::string_view::npos ? file : file.substr(0, dot));
}

// The game by the member paths' root (spec §1: N:\GR\ ER, W:\CL\ Nightreign, W:\FNR\ AC6,
// N:\NTC\ Sekiro; N:\FDP\ Dark Souls III).
ParamGame game_by_path(std::string_view path, std::string& prefix) {
    struct Root {
        std::string_view prefix;
        ParamGame game;
    };
    static constexpr Root kRoots[] = {{"N:\\GR\\", ParamGame::EldenRing},
                                      {"W:\\CL\\", ParamGame::Nightreign},
                                      {"W:\\FNR\\", ParamGame::ArmoredCore6},
                                      {"N:\\NTC\\", ParamGame::Sekiro},
                                      {"N:\\FDP\\", ParamGame::DarkSouls3}};
    for (const auto& r : kRoots)
        if (istarts_with(path, r.prefix)) {
            prefix = std::string(r.prefix);
            return r.game;
        }
    return ParamGame::Unknown;
}

std::string first_bytes_text(Bytes file) {
    std::string s;
    for (size_t i = 0; i < file.size() && i < 4; ++i) {
        uint8_t c = file[i];
        if (c >= 0x20 && c < 0x7F)
            s.push_back(char(c));
        else
            s += "\\x" + hex(c).substr(2);
    }
    return "'" + s + "'";
}

bool is_dcx(Bytes b) { return b.size() >= 4 && std::memcmp(b.data(), "DCX\0", 4) == 0; }

// What follows the DCX data in a decrypted file: the AES padding.
std::string padding_note(const std::vector<uint8_t>& trailer) {
    if (trailer.empty()) return "";
    bool zeros = std::all_of(trailer.begin(), trailer.end(), [](uint8_t b) { return b == 0; });
    if (zeros)
        return std::to_string(trailer.size()) + " zero bytes of padding after the DCX data (the games' own files)";
    uint8_t last = trailer.back();
    bool pkcs = last >= 1 && last <= 16 && last <= trailer.size() &&
                std::all_of(trailer.end() - last, trailer.end(), [&](uint8_t b) { return b == last; });
    if (pkcs)
        return std::to_string(trailer.size()) + " bytes after the DCX data end in PKCS#7 padding (a tool's re-save)";
    return std::to_string(trailer.size()) +
           " bytes after the DCX data that are neither zero nor PKCS#7 padding (kept, unread)";
}

}  // namespace

const char* regulation_source_name(RegulationSource source) {
    switch (source) {
        case RegulationSource::Encrypted:
            return "encrypted";
        case RegulationSource::Dcx:
            return "DCX";
        case RegulationSource::Binder:
            return "BND4";
        case RegulationSource::LooseParams:
            return "loose .param files";
    }
    return "?";
}

struct Regulation::State {
    std::string name;
    RegulationSource source = RegulationSource::Binder;
    ParamGame game = ParamGame::Unknown;
    std::string game_source = "unknown";
    std::string version;
    std::optional<uint64_t> version_number;
    DcxInfo container;
    bool zero_iv = false;
    std::vector<std::string> notes;
    SharedBytes payload;
    std::vector<RegulationParam> params;
    // Per param, read on first ask: the file or its error.
    mutable std::vector<std::unique_ptr<ParamFile>> files;
    mutable std::vector<std::optional<Error>> errors;
    // Per param, the layout choice last made, and with which library (null: the built-in defs)
    // at which revision: made again only when asked with another library or a changed one.
    struct CachedChoice {
        const ParamdefLibrary* library = nullptr;
        uint64_t revision = 0;
        LayoutChoice choice;
    };
    mutable std::vector<std::optional<CachedChoice>> layouts;
    mutable size_t indexed = 0;

    void prepare() {
        files.resize(params.size());
        errors.resize(params.size());
        layouts.resize(params.size());
    }
    std::optional<size_t> index_of(std::string_view name) const {
        for (size_t i = 0; i < params.size(); ++i)
            if (iequals(params[i].name, name)) return i;
        return std::nullopt;
    }
};

Regulation::Regulation() : state_(std::make_unique<State>()) {}
Regulation::~Regulation() = default;
Regulation::Regulation(Regulation&&) noexcept = default;
Regulation& Regulation::operator=(Regulation&&) noexcept = default;

Result<DecodedRegulation> decode_regulation(Bytes file, const DcxLimits& limits) {
    DecodedRegulation d;
    if (is_dcx(file)) {
        auto dcx = dcx_read(file, limits);
        if (!dcx.ok()) return std::move(dcx).error();
        d.source = RegulationSource::Dcx;
        d.container = std::move(dcx->info);
        d.payload = std::move(dcx->payload);
        return d;
    }
    if (is_bnd4(file)) {
        d.source = RegulationSource::Binder;
        d.payload = std::vector<uint8_t>(file.begin(), file.end());
        return d;
    }
    if (const RegulationKey* key = find_regulation_key(file)) {
        (void)key;
        auto plain = decrypt_regulation(file);
        if (!plain.ok()) return std::move(plain).error();
        auto dcx = dcx_read(plain->plaintext, limits);
        if (!dcx.ok()) {
            Error e = std::move(dcx).error();
            if (e.offset != Error::kNoOffset) e.offset += 16;  // plaintext offsets -> file offsets
            return e.within(std::string("decrypted with the key of ") + param_game_title(plain->game));
        }
        d.source = RegulationSource::Encrypted;
        d.key_game = plain->game;
        d.zero_iv = plain->zero_iv;
        d.container = std::move(dcx->info);
        d.payload = std::move(dcx->payload);
        std::string pad = padding_note(d.container.trailer);
        if (!pad.empty()) d.notes.push_back(pad);
        if (!d.zero_iv)
            d.notes.push_back("the IV is not all zero (a tool's re-save; the games' own files have a zero IV)");
        return d;
    }
    if (read_param_header(file).ok())
        return make_error(0, "a loose .param file, not a regulation: open it with the other .param files");
    if (file.size() >= 32 && (file.size() - 16) % 16 == 0)
        return make_error(16, "not a regulation: not a DCX or BND4 (starts " + first_bytes_text(file) +
                                  "), and no key (Elden Ring, Nightreign, Armored Core VI, Dark Souls III) "
                                  "decrypts its first block to 'DCX\\0'");
    return make_error(0, "not a regulation: not a DCX or BND4 (starts " + first_bytes_text(file) +
                             "), nor an encrypted file (" + std::to_string(file.size()) +
                             " bytes is not a 16-byte IV and whole AES blocks)");
}

Result<Regulation> Regulation::from_decoded(DecodedRegulation decoded, std::string name,
                                            const RegulationOpenOptions& options) {
    auto bnd = bnd4_read_shared(decoded.payload);
    if (!bnd.ok()) {
        Error e = std::move(bnd).error();
        return e.within(std::string(regulation_source_name(decoded.source)) == "BND4" ? "BND4" : "the payload's BND4");
    }
    Regulation reg;
    State& s = *reg.state_;
    s.name = std::move(name);
    s.source = decoded.source;
    s.container = std::move(decoded.container);
    s.zero_iv = decoded.zero_iv;
    s.notes = std::move(decoded.notes);
    s.payload = std::move(decoded.payload);
    const auto& v = bnd->version;
    size_t len = 0;
    while (len < v.size() && v[len] != 0) ++len;
    s.version.assign(reinterpret_cast<const char*>(v.data()), len);
    bool digits = !s.version.empty() &&
                  std::all_of(s.version.begin(), s.version.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (digits) s.version_number = std::stoull(s.version);
    std::string prefix;
    ParamGame by_path = ParamGame::Unknown;
    for (size_t i = 0; i < bnd->members.size(); ++i) {
        auto& m = bnd->members[i];
        if (!iends_with(m.name, ".param")) continue;
        if (by_path == ParamGame::Unknown) by_path = game_by_path(m.name, prefix);
        s.params.push_back({param_name_of(m.name), m.name, i, m.data});
    }
    if (s.params.empty())
        return make_error(Error::kNoOffset, "not a regulation: its BND4 holds " + std::to_string(bnd->members.size()) +
                                                " members and no .param file");
    if (decoded.key_game != ParamGame::Unknown) {
        s.game = decoded.key_game;
        s.game_source = std::string("key of ") + param_game_title(decoded.key_game);
        if (by_path != ParamGame::Unknown && by_path != decoded.key_game)
            s.notes.push_back(std::string("the member paths (") + prefix + "...) say " + param_game_title(by_path) +
                              ", the key says " + param_game_title(decoded.key_game));
    } else if (by_path != ParamGame::Unknown) {
        s.game = by_path;
        s.game_source = "member paths " + prefix + "...";
    } else if (options.game_hint != ParamGame::Unknown) {
        s.game = options.game_hint;
        s.game_source = "given";
    }
    s.prepare();
    return reg;
}

Result<Regulation> Regulation::open(Bytes file, std::string name, const RegulationOpenOptions& options) {
    auto decoded = decode_regulation(file, options.limits);
    if (!decoded.ok()) return std::move(decoded).error();
    return from_decoded(std::move(*decoded), std::move(name), options);
}

Result<Regulation> Regulation::from_param_files(std::vector<std::pair<std::string, SharedBytes>> files,
                                                const RegulationOpenOptions& options) {
    Regulation reg;
    State& s = *reg.state_;
    s.name = files.size() == 1 ? files[0].first : std::to_string(files.size()) + " .param files";
    s.source = RegulationSource::LooseParams;
    for (size_t i = 0; i < files.size(); ++i) {
        auto h = read_param_header(files[i].second);
        if (!h.ok()) return std::move(h).error().within(files[i].first);
        s.params.push_back({param_name_of(files[i].first), files[i].first, i, std::move(files[i].second)});
    }
    if (s.params.empty()) return make_error(Error::kNoOffset, "no .param file given");
    if (options.game_hint != ParamGame::Unknown) {
        s.game = options.game_hint;
        s.game_source = "given";
    }
    s.prepare();
    return reg;
}

const std::string& Regulation::name() const { return state_->name; }
RegulationSource Regulation::source() const { return state_->source; }
ParamGame Regulation::game() const { return state_->game; }
const std::string& Regulation::game_source() const { return state_->game_source; }
const std::string& Regulation::version() const { return state_->version; }
std::optional<uint64_t> Regulation::version_number() const { return state_->version_number; }
const DcxInfo& Regulation::container() const { return state_->container; }
bool Regulation::zero_iv() const { return state_->zero_iv; }
const std::vector<std::string>& Regulation::notes() const { return state_->notes; }
size_t Regulation::param_count() const { return state_->params.size(); }
const std::vector<RegulationParam>& Regulation::params() const { return state_->params; }
size_t Regulation::indexed_count() const { return state_->indexed; }

const RegulationParam* Regulation::find(std::string_view name) const {
    auto i = state_->index_of(name);
    return i ? &state_->params[*i] : nullptr;
}

Result<const ParamFile*> Regulation::param(std::string_view name) const {
    auto i = state_->index_of(name);
    if (!i) return make_error(Error::kNoOffset, "the regulation has no param " + std::string(name));
    State& s = *state_;
    if (!s.files[*i] && !s.errors[*i]) {
        ++s.indexed;
        auto f = ParamFile::read(s.params[*i].bytes);
        if (f.ok())
            s.files[*i] = std::make_unique<ParamFile>(std::move(*f));
        else
            s.errors[*i] = std::move(f).error().within("param " + s.params[*i].name);
    }
    if (s.errors[*i]) return *s.errors[*i];
    return static_cast<const ParamFile*>(s.files[*i].get());
}

Result<ParamTable> Regulation::table(std::string_view name, const ParamdefLibrary* library) const {
    auto file = param(name);
    if (!file.ok()) return std::move(file).error();
    const size_t i = *state_->index_of(name);
    std::string_view type = known_param_type(state_->params[i].name);
    if (type.empty()) type = (*file)->type_name();
    auto choose = [&](const ParamdefLibrary& lib) {
        return lib.choose(param_game_code(state_->game), type, state_->version_number, (*file)->row_size());
    };
    static const ParamdefLibrary builtin;
    const ParamdefLibrary& lib = library ? *library : builtin;
    auto& cached = state_->layouts[i];
    if (!cached || cached->library != library || cached->revision != lib.revision())
        cached = State::CachedChoice{library, lib.revision(), choose(lib)};
    const LayoutChoice& choice = cached->choice;
    ParamTable t;
    t.file = *file;
    t.layout = choice.layout;
    t.layout_source = choice.layout ? choice.source : choice.problem;
    return t;
}

std::vector<RowFieldValue> row_field_values(const ParamTable& table, size_t row_index) {
    std::vector<RowFieldValue> out;
    if (!table.layout || !table.file || row_index >= table.file->row_count()) return out;
    Bytes row = table.file->row(row_index);
    for (const auto& f : table.layout->fields) {
        const ParamdefField& d = table.layout->field_of(f);
        RowFieldValue v;
        v.name = d.name;
        v.display_name = d.display_name;
        v.type = field_type_name(d.type);
        if (d.bit_width) v.type += ":" + std::to_string(d.bit_width);
        if (d.count != 1) v.type += "[" + std::to_string(d.count) + "]";
        v.offset = f.byte_offset;
        v.bit_offset = f.bit_offset;
        v.bit_width = f.bit_width;
        v.value = field_value_text(row, *table.layout, f);
        out.push_back(std::move(v));
    }
    return out;
}

std::string regulation_summary(const Regulation& r) {
    std::string s = std::string(param_game_title(r.game())) + " " +
                    (r.source() == RegulationSource::LooseParams ? "params" : "regulation");
    if (!r.version().empty()) s += " " + r.version();
    s += " (" + std::string(regulation_source_name(r.source()));
    if (r.container().kind != ContainerKind::None) s += ", " + r.container().variant_name();
    s += ", " + std::to_string(r.param_count()) + " params)";
    return s;
}

RegulationGuess guess_regulation(Bytes file) {
    if (is_dcx(file)) return RegulationGuess::Container;
    if (is_bnd4(file)) {
        SharedBytes copy(std::vector<uint8_t>(file.begin(), file.end()));
        return payload_holds_params(copy) ? RegulationGuess::ParamBinder : RegulationGuess::NotRegulation;
    }
    if (find_regulation_key(file)) return RegulationGuess::Encrypted;
    if (read_param_header(file).ok()) return RegulationGuess::ParamFile;
    return RegulationGuess::NotRegulation;
}

bool payload_holds_params(const SharedBytes& payload) {
    if (!is_bnd4(payload)) return false;
    auto bnd = bnd4_read_shared(payload);
    if (!bnd.ok()) return false;
    for (const auto& m : bnd->members)
        if (iends_with(m.name, ".param")) return true;
    return false;
}

}  // namespace taescope::params
