// Where the native benchmarks find their inputs at run time (game files are never copied into
// the repository): the corpus in $TAESCOPE_CORPUS, else ../shared/corpus beside the source tree;
// generated binders in $TAESCOPE_BENCH_GENERATED, else build/bench-inputs (bench/run writes them).
#pragma once

#include <cstdlib>
#include <string>

namespace taescope::bench {

// The source tree's root, from this header's own path (.../main/bench/bench_paths.h).
inline std::string source_root() {
    std::string here = __FILE__;
    for (int up = 0; up < 2; ++up) {
        const size_t slash = here.find_last_of('/');
        if (slash == std::string::npos) return ".";
        here.resize(slash);
    }
    return here;
}

inline std::string corpus_dir() {
    if (const char* env = std::getenv("TAESCOPE_CORPUS")) return env;
    return source_root() + "/../shared/corpus";
}

inline std::string generated_input_dir() {
    if (const char* env = std::getenv("TAESCOPE_BENCH_GENERATED")) return env;
    return source_root() + "/build/bench-inputs";
}

}  // namespace taescope::bench
