// The game's params, opened from whatever the user has (../shared/spec/params-hitboxes.md §1),
// detected by content, never by file name:
//   * an encrypted regulation.bin (Elden Ring, Nightreign, AC6) or Dark Souls III's Data0.bdt:
//     AES-256-CBC (regulation_crypto.h) around a DCX (ZSTD from ER 1.12, DFLT before) around a BND4;
//   * a decrypted regulation (a DCX at offset 0, as WitchyBND writes it), or a bare BND4;
//   * Sekiro's gameparam.parambnd.dcx (DCX DFLT around a BND4, not encrypted);
//   * loose .param files (Regulation::from_param_files).
// Which game: the key that opened it, else the BND4 member paths (N:\GR\... Elden Ring,
// W:\CL\... Nightreign, W:\FNR\... AC6, N:\NTC\... Sekiro, N:\FDP\... Dark Souls III), else unknown (the paramdefs
// are then chosen by row size alone). The version is the BND4 header's 8-byte version field
// ("11210015" = ER 1.12).
//
// Lazy: opening decodes the payload and reads the BND4 table (each member a window into the
// payload, no copy); a param's row table is read and checked when the param is first asked for,
// never all 194 at open. Errors are kept per param, and the others still open.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "container/dcx.h"
#include "io/result.h"
#include "io/shared_bytes.h"
#include "params/param_file.h"
#include "params/paramdef_library.h"
#include "params/regulation_crypto.h"

namespace taescope::params {

enum class RegulationSource : uint8_t {
    Encrypted,    // AES-256-CBC, then DCX, then BND4
    Dcx,          // a DCX around a BND4 (a decrypted regulation, a .parambnd.dcx)
    Binder,       // a bare BND4
    LooseParams,  // .param files given one by one
};
const char* regulation_source_name(RegulationSource source);  // "encrypted", "DCX", "BND4", "loose .param files"

// One param of the regulation: a BND4 member (or a loose file), not yet read.
struct RegulationParam {
    std::string name;  // the member's file name without extension: "AtkParam_Npc"
    std::string
        stored_name;    // the full stored name: "N:\GR\data\Param\param\GameParam\merged\DLC02\AtkParam_Npc.param"
    size_t member = 0;  // BND4 member index (loose files: their position)
    SharedBytes bytes;  // the member's bytes (a window into the payload)
};

// A param with the layout that reads it.
struct ParamTable {
    const ParamFile* file = nullptr;
    std::shared_ptr<const ParamLayout> layout;  // null when no paramdef fits (see layout_source)
    std::string layout_source;                  // LayoutChoice::source or ::problem
};

// The decoding half of an open (decryption and the DCX decode), for a caller that decodes off
// its main thread (the page's decode worker) and opens the payload elsewhere with from_decoded.
struct DecodedRegulation {
    RegulationSource source = RegulationSource::Binder;
    ParamGame key_game = ParamGame::Unknown;  // the key that opened it (Encrypted only)
    bool zero_iv = false;
    DcxInfo container;    // the wrapper as read (kind None for a bare BND4)
    SharedBytes payload;  // the BND4
    std::vector<std::string> notes;
};

struct RegulationOpenOptions {
    DcxLimits limits;
    // When the content names no game (loose params, an unknown binder): the caller's guess.
    ParamGame game_hint = ParamGame::Unknown;
};

class Regulation {
public:
    Regulation();
    ~Regulation();
    Regulation(Regulation&&) noexcept;
    Regulation& operator=(Regulation&&) noexcept;

    // Any of the files above except loose params. `name` labels errors. Fails when the file is
    // none of them, no key opens it, the DCX or the BND4 does not read, or the binder holds no
    // .param member.
    static Result<Regulation> open(Bytes file, std::string name, const RegulationOpenOptions& options = {});
    // open() in two halves: decode_regulation (below) gives `decoded`; this reads its BND4 table.
    static Result<Regulation> from_decoded(DecodedRegulation decoded, std::string name,
                                           const RegulationOpenOptions& options = {});
    // Loose .param files, each (file name, bytes); the param's name is the file name's stem
    // ("AtkParam_Npc.param" -> AtkParam_Npc). Files that are not PARAM files fail with their name.
    static Result<Regulation> from_param_files(std::vector<std::pair<std::string, SharedBytes>> files,
                                               const RegulationOpenOptions& options = {});

    const std::string& name() const;
    RegulationSource source() const;
    ParamGame game() const;
    // How the game was found: "key of Elden Ring", "member paths N:\GR\...", "given", "unknown".
    const std::string& game_source() const;
    // The BND4 version string ("11210015"), "" for loose params; as a number when it is one.
    const std::string& version() const;
    std::optional<uint64_t> version_number() const;
    // The DCX wrapper as read (kind None for a bare BND4 / loose params).
    const DcxInfo& container() const;
    bool zero_iv() const;  // encrypted files: the IV was all zero (the games' own files)
    // What a reader should know ("the ciphertext ends in PKCS#7 padding after the DCX data", ...).
    const std::vector<std::string>& notes() const;

    size_t param_count() const;
    const std::vector<RegulationParam>& params() const;
    // The param of that name (ASCII case-insensitive), or nullptr.
    const RegulationParam* find(std::string_view name) const;

    // The param's row table, read and checked on first ask and kept (its error too).
    Result<const ParamFile*> param(std::string_view name) const;
    // The param with the layout of the paramdef of this regulation's game and version whose size
    // matches its rows (library null: the built-in defs). A param that reads without a fitting
    // paramdef is no error: `layout` is null and `layout_source` says why.
    Result<ParamTable> table(std::string_view name, const ParamdefLibrary* library = nullptr) const;
    // How many params have had their row table read (the lazy open's test).
    size_t indexed_count() const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

// A row's fields by its layout, for display: every field present at the layout's version.
struct RowFieldValue {
    std::string name;          // "atkPhys"
    std::string display_name;  // the paramdef's display name ("" when none)
    std::string type;          // "u16", "u8:1", "dummy8[3]"
    uint32_t offset = 0;       // byte offset in the row
    uint8_t bit_offset = 0, bit_width = 0;
    std::string value;  // field_value_text

    friend bool operator==(const RowFieldValue&, const RowFieldValue&) = default;
};
// The fields of row `row_index` of `table` (empty when the table has no layout).
std::vector<RowFieldValue> row_field_values(const ParamTable& table, size_t row_index);

// One line: "Elden Ring regulation 11210015 (encrypted, DCX_ZSTD_21, 194 params)".
std::string regulation_summary(const Regulation& regulation);

// Decrypts (when a key opens the file) and decodes the DCX; a bare BND4 is taken as it is. No
// BND4 is read. Fails when the file is none of these, or no key opens an encrypted-looking file.
Result<DecodedRegulation> decode_regulation(Bytes file, const DcxLimits& limits = {});

// What the first bytes say, for a caller that sorts dropped files (the page) before opening any.
enum class RegulationGuess : uint8_t {
    NotRegulation,  // nothing Regulation::open reads (a PARAM file is ParamFile below)
    Encrypted,      // the first block opens under a key: surely a regulation (or Data0.bdt)
    Container,      // a DCX: decode it to know (payload_holds_params)
    ParamBinder,    // a bare BND4 with .param members
    ParamFile,      // a loose .param file (read_param_header accepts it)
};
RegulationGuess guess_regulation(Bytes file);
// Whether a decoded payload is a BND4 whose members include .param files.
bool payload_holds_params(const SharedBytes& payload);

}  // namespace taescope::params
