// Shared by the doctest suites: where the real corpus is, file reading, and templates made of
// given field types (for decoder tests).
// The corpus (../shared/corpus, or $TAESCOPE_CORPUS) holds real game files; tests that need
// it call corpus_path() and, when it is absent, say so with a MESSAGE and skip their checks.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "io/file_io.h"
#include "templates/event_template.h"

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

// A template of type `id` holding one scalar field of each of `types`, in order (not packed).
inline EventTypeTemplate template_of_scalars(uint32_t id, std::initializer_list<FieldType> types) {
    EventTypeTemplate e;
    e.id = id;
    for (FieldType type : types) {
        TemplateField f;
        f.type = type;
        f.size = scalar_size(type);
        e.fields.push_back(f);
    }
    return e;
}

inline TemplateField byte_array_field(uint32_t size) {
    TemplateField f;
    f.type = FieldType::Bytes;
    f.size = size;
    return f;
}

}  // namespace taescope::test
