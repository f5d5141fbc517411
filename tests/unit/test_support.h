// Shared by the doctest suites: where the real corpus is, and file reading.
// The corpus (../shared/corpus, or $TAESCOPE_CORPUS) holds real game files; tests that need
// it call corpus_path() and, when it is absent, say so with a MESSAGE and skip their checks.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "io/file_io.h"

namespace taescope::test {

inline std::string corpus_dir() {
    if (const char* env = std::getenv("TAESCOPE_CORPUS")) return env;
    return TAESCOPE_CORPUS_DEFAULT;
}

// The absolute path of a corpus file, or "" (with a visible MESSAGE) when it is missing.
inline std::string corpus_path(const std::string& relative) {
    std::string path = corpus_dir() + "/" + relative;
    if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
        std::fclose(f);
        return path;
    }
    MESSAGE("corpus file absent, checks skipped: " << path);
    return {};
}

inline std::vector<uint8_t> load(const std::string& path) {
    auto r = read_file(path);
    REQUIRE_MESSAGE(r.ok(), (r.ok() ? std::string() : r.error().to_string()));
    return std::move(r).value();
}

}  // namespace taescope::test
