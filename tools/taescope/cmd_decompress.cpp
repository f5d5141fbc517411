// `taescope decompress FILE -o OUT`: writes the raw payload of a DCX (or DCP, zlib) file.
#include <cstdio>
#include <string>

#include "command.h"
#include "container/dcx.h"
#include "io/file_io.h"

namespace taescope::cli {
namespace {

int run_decompress(const std::vector<std::string>& args) {
    std::string input, output;
    for (size_t i = 0; i < args.size(); ++i) {
        if ((args[i] == "-o" || args[i] == "--output") && i + 1 < args.size())
            output = args[++i];
        else
            input = args[i];
    }
    if (input.empty() || output.empty()) {
        std::fprintf(stderr, "usage: taescope decompress FILE -o OUT\n");
        return 2;
    }
    auto bytes = read_file(input);
    if (!bytes.ok()) {
        std::fprintf(stderr, "%s\n", bytes.error().to_string().c_str());
        return 1;
    }
    auto dcx = dcx_read(*bytes);
    if (!dcx.ok()) {
        std::fprintf(stderr, "%s: %s\n", input.c_str(), dcx.error().to_string().c_str());
        return 1;
    }
    auto st = write_file(output, dcx->payload);
    if (!st.ok()) {
        std::fprintf(stderr, "%s\n", st.error().to_string().c_str());
        return 1;
    }
    std::printf("%s: %s, %llu -> %zu bytes, written to %s\n", input.c_str(), dcx->info.variant_name().c_str(),
                (unsigned long long)dcx->info.compressed_size, dcx->payload.size(), output.c_str());
    return 0;
}

const CommandRegistration registration({"decompress", "write the raw payload of a DCX file",
                                        "usage: taescope decompress FILE -o OUT\n"
                                        "  Reads FILE's wrapper (DCX DFLT or KRAK, DCP_DFLT, bare zlib; a file\n"
                                        "  with no wrapper is copied) and writes the decompressed payload to OUT.\n",
                                        run_decompress});

}  // namespace
}  // namespace taescope::cli
