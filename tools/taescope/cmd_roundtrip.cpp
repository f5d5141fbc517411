// `taescope roundtrip FILE...`: read each TAE, write it back, compare with the original bytes.
#include <cstdio>
#include <string>

#include "command.h"
#include "document_cli.h"
#include "io/file_io.h"
#include "tae/tae_reader.h"
#include "tae/tae_writer.h"

namespace taescope::cli {
namespace {

enum class RoundTrip { Identical, Differs, Unreadable };

// One TAE buffer; `label` names it in the output ("a10.tae", later "c0000.anibnd.dcx > a10.tae").
RoundTrip roundtrip_tae_buffer(Bytes data, const std::string& label) {
    auto model = read_tae(data);
    if (!model.ok()) {
        std::printf("%s: unreadable: %s\n", label.c_str(), model.error().to_string().c_str());
        return RoundTrip::Unreadable;
    }
    std::vector<uint8_t> out = write_tae(*model);
    size_t common = std::min(out.size(), data.size());
    size_t at = 0;
    while (at < common && out[at] == data[at]) ++at;
    if (at == common && out.size() == data.size()) {
        std::printf("%s: identical (%zu bytes)\n", label.c_str(), data.size());
        return RoundTrip::Identical;
    }
    if (at == common)
        std::printf("%s: differs: written %zu bytes, original %zu\n", label.c_str(), out.size(), data.size());
    else
        std::printf("%s: differs at offset %s: written 0x%02X, original 0x%02X\n", label.c_str(), hex(at).c_str(),
                    out[at], data[at]);
    return RoundTrip::Differs;
}

int run_roundtrip(const std::vector<std::string>& args) {
    if (args.empty()) {
        std::fprintf(stderr, "usage: taescope roundtrip FILE...\n");
        return 2;
    }
    bool all_identical = true;
    for (const auto& path : args) {
        auto bytes = read_file(path);
        if (!bytes.ok()) {
            std::printf("%s: %s\n", path.c_str(), bytes.error().to_string().c_str());
            all_identical = false;
            continue;
        }
        if (is_document_file(*bytes)) {  // .anibnd.dcx, a bare binder: the whole file, then every TAE in it
            auto doc = open_document(*bytes, path);
            if (!doc.ok()) {
                std::printf("%s: unreadable: %s\n", path.c_str(), doc.error().to_string().c_str());
                all_identical = false;
                continue;
            }
            all_identical &= roundtrip_document(*doc, *bytes);
            for (size_t i = 0; i < doc->taes.size(); ++i)
                all_identical &=
                    roundtrip_tae_buffer(document_tae_bytes(*doc, i), path + " > " + doc->taes[i].slot.file_name) ==
                    RoundTrip::Identical;
            continue;
        }
        all_identical &= roundtrip_tae_buffer(*bytes, path) == RoundTrip::Identical;
    }
    return all_identical ? 0 : 1;
}

const CommandRegistration registration({"roundtrip", "read, write back and compare TAE files byte for byte",
                                        "usage: taescope roundtrip FILE...\n"
                                        "  Reads each TAE file, writes the model back and compares the bytes.\n"
                                        "  Prints 'identical' or the first differing offset per file;\n"
                                        "  exits 1 if any file differs or cannot be read.\n",
                                        run_roundtrip});

}  // namespace
}  // namespace taescope::cli
