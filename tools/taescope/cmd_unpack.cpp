// `taescope unpack FILE -o DIR`: writes every member of a binder (DCX-wrapped or not) to DIR,
// keeping the member tree under safe relative paths.
#include <cstdio>
#include <filesystem>
#include <set>
#include <string>

#include "binder/document.h"
#include "binder/member_paths.h"
#include "command.h"
#include "io/file_io.h"

namespace taescope::cli {
namespace {

int run_unpack(const std::vector<std::string>& args) {
    std::string input, out_dir;
    for (size_t i = 0; i < args.size(); ++i) {
        if ((args[i] == "-o" || args[i] == "--output") && i + 1 < args.size())
            out_dir = args[++i];
        else
            input = args[i];
    }
    if (input.empty() || out_dir.empty()) {
        std::fprintf(stderr, "usage: taescope unpack FILE -o DIR\n");
        return 2;
    }
    auto bytes = read_file(input);
    if (!bytes.ok()) {
        std::fprintf(stderr, "%s\n", bytes.error().to_string().c_str());
        return 1;
    }
    auto doc = open_document(*bytes, input);
    if (!doc.ok()) {
        std::fprintf(stderr, "%s\n", doc.error().to_string().c_str());
        return 1;
    }
    struct Item {
        std::string name;
        Bytes data;
    };
    std::vector<Item> items;
    if (doc->bnd4)
        for (const auto& m : doc->bnd4->members) items.push_back({m.name, Bytes(m.data)});
    else if (doc->bnd3)
        for (const auto& m : doc->bnd3->members) items.push_back({m.name, Bytes(m.data)});
    else {
        std::fprintf(stderr, "%s: the payload is %s, not a binder (use taescope decompress)\n", input.c_str(),
                     payload_kind_name(doc->kind));
        return 1;
    }
    std::set<std::string> used;
    int failures = 0;
    for (size_t i = 0; i < items.size(); ++i) {
        std::string rel = safe_member_path(items[i].name);
        if (rel.empty()) rel = "member_" + std::to_string(i);
        if (!used.insert(rel).second) rel += "." + std::to_string(i);  // two members with one name
        std::filesystem::path path = std::filesystem::path(out_dir) / rel;
        std::error_code ec;
        std::filesystem::create_directories(path.parent_path(), ec);
        auto st = write_file(path.string(), items[i].data);
        if (!st.ok()) {
            std::fprintf(stderr, "%s\n", st.error().to_string().c_str());
            ++failures;
            continue;
        }
        std::printf("%s (%zu bytes)\n", rel.c_str(), items[i].data.size());
    }
    std::printf("%zu members written to %s\n", items.size() - size_t(failures), out_dir.c_str());
    return failures ? 1 : 0;
}

const CommandRegistration registration({"unpack", "write the members of a binder (.anibnd.dcx, BND4, BND3) to a folder",
                                        "usage: taescope unpack FILE -o DIR\n"
                                        "  Opens FILE (DCX DFLT/KRAK, DCP, zlib or bare), reads its BND4 or BND3\n"
                                        "  and writes each member under DIR at its stored path, made safe: drive\n"
                                        "  letters, leading slashes and '..' are dropped.\n",
                                        run_unpack});

}  // namespace
}  // namespace taescope::cli
