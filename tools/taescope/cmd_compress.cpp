// `taescope compress`: wrap any file (a BND4, a .tae) in a DCX as the games ship them.
#include <cstdio>

#include "command.h"
#include "container/dcx.h"
#include "io/file_io.h"

namespace taescope::cli {
namespace {

int run_compress(const std::vector<std::string>& args) {
    std::string in, out, method = "krak";
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "-o" && i + 1 < args.size())
            out = args[++i];
        else if (args[i] == "--method" && i + 1 < args.size())
            method = args[++i];
        else if (in.empty())
            in = args[i];
        else {
            std::fprintf(stderr, "compress: unexpected argument '%s'\n", args[i].c_str());
            return 2;
        }
    }
    if (in.empty() || out.empty() || (method != "krak" && method != "dflt")) {
        std::fprintf(stderr, "usage: taescope compress FILE -o OUT [--method krak|dflt]\n");
        return 2;
    }
    auto bytes = read_file(in);
    if (!bytes.ok()) {
        std::fprintf(stderr, "compress: %s\n", bytes.error().to_string().c_str());
        return 1;
    }
    auto dcx = dcx_write(make_dcx(method == "krak" ? CompressionMethod::Kraken : CompressionMethod::Deflate), *bytes);
    if (!dcx.ok()) {
        std::fprintf(stderr, "compress: %s\n", dcx.error().to_string().c_str());
        return 1;
    }
    auto st = write_file(out, *dcx);
    if (!st.ok()) {
        std::fprintf(stderr, "compress: %s\n", st.error().to_string().c_str());
        return 1;
    }
    std::printf("%s: %zu -> %zu bytes (%s)\n", out.c_str(), bytes->size(), dcx->size(),
                method == "krak" ? "DCX_KRAK_6, stored Kraken blocks" : "DCX_DFLT_11000_44_9, zlib level 9");
    return 0;
}

const CommandRegistration registration{
    {"compress", "wrap a file in a DCX (KRAK as stored Kraken blocks, or DFLT)",
     "usage: taescope compress FILE -o OUT [--method krak|dflt]\n"
     "  Wraps FILE (e.g. a BND4 binder or a .tae) in a DCX header as the games ship them.\n"
     "  krak (default): DCX_KRAK_6 with a valid Kraken stream of stored 256 KiB blocks (header 0xCC 0x06),\n"
     "  padded to 16 bytes; no Oodle encoder is involved. dflt: DCX_DFLT_11000_44_9, zlib level 9.\n",
     run_compress}};

}  // namespace
}  // namespace taescope::cli
