#include "params_cli.h"

#include <cstdio>

#include "io/file_io.h"
#include "params/param_file.h"

namespace taescope::cli {

std::optional<params::Regulation> open_regulation_files(const std::vector<std::string>& paths, const char* command) {
    std::vector<std::pair<std::string, SharedBytes>> loose;
    for (const auto& path : paths) {
        auto bytes = read_file(path);
        if (!bytes.ok()) {
            std::fprintf(stderr, "taescope %s: %s\n", command, bytes.error().to_string().c_str());
            return std::nullopt;
        }
        if (params::read_param_header(*bytes).ok() || paths.size() > 1) {
            loose.emplace_back(path, SharedBytes(std::move(*bytes)));
            continue;
        }
        auto reg = params::Regulation::open(*bytes, path);
        if (!reg.ok()) {
            std::fprintf(stderr, "taescope %s: %s: %s\n", command, path.c_str(), reg.error().to_string().c_str());
            return std::nullopt;
        }
        return std::move(reg).value();
    }
    auto reg = params::Regulation::from_param_files(std::move(loose));
    if (!reg.ok()) {
        std::fprintf(stderr, "taescope %s: %s\n", command, reg.error().to_string().c_str());
        return std::nullopt;
    }
    return std::move(reg).value();
}

bool add_paramdef_files(const std::vector<std::string>& paths, params::ParamdefLibrary& library, const char* command) {
    for (const auto& path : paths) {
        auto bytes = read_file(path);
        auto def = bytes.ok() ? params::parse_paramdef_xml(
                                    std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()), path)
                              : Result<params::Paramdef>(bytes.error());
        if (!def.ok()) {
            std::fprintf(stderr, "taescope %s: %s\n", command, def.error().to_string().c_str());
            return false;
        }
        library.add(std::move(*def));
    }
    return true;
}

void print_regulation_info(const params::Regulation& r) {
    std::printf("%s\n", r.name().c_str());
    std::printf("  regulation     %s\n", params::regulation_summary(r).c_str());
    std::printf("  game           %s (%s)\n", params::param_game_title(r.game()), r.game_source().c_str());
    std::printf("  version        %s\n", r.version().empty() ? "(none)" : r.version().c_str());
    std::printf("  params         %zu\n", r.param_count());
    if (r.source() == params::RegulationSource::Encrypted)
        std::printf("  encryption     AES-256-CBC, %s IV\n", r.zero_iv() ? "zero" : "non-zero");
    if (r.container().kind != ContainerKind::None)
        std::printf("  container      %s (%llu -> %llu bytes)\n", r.container().variant_name().c_str(),
                    (unsigned long long)r.container().compressed_size,
                    (unsigned long long)r.container().uncompressed_size);
    for (const auto& n : r.notes()) std::printf("  note           %s\n", n.c_str());
}

}  // namespace taescope::cli
