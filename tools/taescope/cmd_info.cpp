// `taescope info FILE [--findings]`: what a TAE file holds, and what the validator reports.
#include <cstdio>
#include <map>
#include <string>

#include "command.h"
#include "document_cli.h"
#include "io/file_io.h"
#include "params_cli.h"
#include "tae/tae_reader.h"
#include "tae/tae_validator.h"

namespace taescope::cli {
namespace {

// One TAE buffer; `label` names it ("a10.tae", later "c0000.anibnd.dcx > a10.tae"); a loose
// file's game is guessed from its bank (a binder's is in the document summary). Returns false
// when the buffer cannot be read.
bool print_tae_info(Bytes data, const std::string& label, bool list_findings, bool loose) {
    auto tae = read_tae(data);
    if (!tae.ok()) {
        std::printf("%s: unreadable: %s\n", label.c_str(), tae.error().to_string().c_str());
        return false;
    }
    const TaeFile& f = *tae;
    size_t events = 0, groups = 0, standard = 0, import_other = 0, other = 0, named = 0, loops = 0, hkx = 0;
    for (const auto& a : f.animations) {
        events += a.events.size();
        groups += a.groups.size();
        named += a.motion_file_name.has_value();
        switch (a.header_kind()) {
            case TaeAnimationHeaderKind::Standard:
                ++standard;
                loops += a.loops();
                hkx += a.imports_hkx();
                break;
            case TaeAnimationHeaderKind::ImportOther:
                ++import_other;
                break;
            default:
                ++other;
                break;
        }
    }
    std::printf("%s\n", label.c_str());
    std::printf("  version        %s\n", hex(f.header.version).c_str());
    std::printf("  size           %zu bytes\n", data.size());
    std::printf("  event bank     %llu\n", (unsigned long long)f.header.event_bank);
    if (loose) print_game(detect_game(GameClues{f.header.version, f.header.event_bank, ""}));
    std::printf("  file id        %u\n", f.header.file_id);
    std::printf("  skeleton       %s\n", f.skeleton_name ? utf16_to_utf8(*f.skeleton_name).c_str() : "(none)");
    std::printf("  SIB            %s\n", f.sib_name ? utf16_to_utf8(*f.sib_name).c_str() : "(none)");
    std::printf("  animations     %zu (%zu with a motion file name)\n", f.animations.size(), named);
    std::printf("  headers        %zu standard (%zu loop, %zu import HKX), %zu import-other, %zu other\n", standard,
                loops, hkx, import_other, other);
    std::printf("  events         %zu\n", events);
    std::printf("  event groups   %zu\n", groups);

    auto findings = validate_tae(data);
    std::map<std::string, size_t> by_code;
    size_t counts[3] = {0, 0, 0};
    for (const auto& x : findings) {
        ++counts[int(x.severity)];
        ++by_code[std::string(severity_name(x.severity)) + " " + x.code];
    }
    std::printf("  findings       %zu errors, %zu warnings, %zu info\n", counts[0], counts[1], counts[2]);
    for (const auto& [code, n] : by_code) std::printf("    %-36s %zu\n", code.c_str(), n);
    if (list_findings)
        for (const auto& x : findings) std::printf("    %s\n", x.to_string().c_str());
    return true;
}

int run_info(const std::vector<std::string>& args) {
    bool list = false;
    std::vector<std::string> paths;
    for (const auto& a : args) {
        if (a == "--findings")
            list = true;
        else
            paths.push_back(a);
    }
    if (paths.empty()) {
        std::fprintf(stderr, "usage: taescope info FILE... [--findings]\n");
        return 2;
    }
    bool ok = true;
    for (const auto& path : paths) {
        auto bytes = read_file(path);
        if (!bytes.ok()) {
            std::printf("%s: %s\n", path.c_str(), bytes.error().to_string().c_str());
            ok = false;
            continue;
        }
        // A regulation (encrypted, a DCX or BND4 of .param members) or a loose .param file: the
        // game, version and param count (engine/params/regulation.h), detected by content.
        const params::RegulationGuess guess = params::guess_regulation(*bytes);
        if (guess == params::RegulationGuess::Encrypted || guess == params::RegulationGuess::ParamFile) {
            if (auto reg = open_regulation_files({path}, "info")) {
                print_regulation_info(*reg);
            } else {
                ok = false;
            }
            continue;
        }
        if (is_document_file(*bytes)) {  // .anibnd.dcx, a bare binder: the document, then each TAE in it
            auto doc = open_document(*bytes, path);
            if (!doc.ok()) {
                std::printf("%s: %s\n", path.c_str(), doc.error().to_string().c_str());
                ok = false;
                continue;
            }
            if (doc->kind == PayloadKind::Bnd4 && params::payload_holds_params(doc->container.payload)) {
                params::DecodedRegulation decoded;  // the payload the document decoded, not decoded twice
                decoded.source = doc->container.info.kind == ContainerKind::None ? params::RegulationSource::Binder
                                                                                 : params::RegulationSource::Dcx;
                decoded.container = doc->container.info;
                decoded.payload = doc->container.payload;
                auto reg = params::Regulation::from_decoded(std::move(decoded), path);
                if (reg.ok()) {
                    print_regulation_info(*reg);
                    continue;
                }
            }
            print_document_summary(*doc);
            for (size_t i = 0; i < doc->taes.size(); ++i)
                ok &= print_tae_info(document_tae_bytes(*doc, i), path + " > " + doc->taes[i].slot.file_name, list, false);
            continue;
        }
        ok &= print_tae_info(*bytes, path, list, true);
    }
    return ok ? 0 : 1;
}

const CommandRegistration registration({"info", "what a TAE file holds and what the validator reports",
                                        "usage: taescope info FILE... [--findings]\n"
                                        "  The game (from the binder path root; a loose file's is a guess from its\n"
                                        "  event bank) with the clues that disagree, then per TAE its version,\n"
                                        "  event bank, file id, names, animation / event / group counts,\n"
                                        "  header kinds, and the validator's findings by code (--findings lists\n"
                                        "  each one with its animation, event and byte offset). For a regulation\n"
                                        "  (regulation.bin, encrypted or not, a .parambnd.dcx, a .param file): its\n"
                                        "  game, version and param count.\n",
                                        run_info});

}  // namespace
}  // namespace taescope::cli
