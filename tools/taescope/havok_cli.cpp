#include "havok_cli.h"

#include <cstdio>

namespace taescope::cli {

std::unique_ptr<OpenedCharacter> open_character(const std::vector<std::string>& paths, const char* command) {
    auto out = std::make_unique<OpenedCharacter>();
    std::vector<const Document*> docs;
    for (const auto& path : paths) {
        auto doc = open_document_file(path, command);
        if (!doc) return nullptr;
        out->documents.push_back(std::make_unique<Document>(std::move(*doc)));
        docs.push_back(out->documents.back().get());
    }
    out->character = HavokCharacter(std::move(docs));
    return out;
}

void write_transform(JsonOut& out, const havok::QsTransform& t) {
    out.begin_array(true);
    for (double v : t.translation) out.number(v);
    for (double v : t.rotation) out.number(v);
    for (double v : t.scale) out.number(v);
    out.end_array();
}

std::string transform_text(const havok::QsTransform& t) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "t (%.4f, %.4f, %.4f)  q (%.4f, %.4f, %.4f, %.4f)  s (%.4f, %.4f, %.4f)",
                  t.translation[0], t.translation[1], t.translation[2], t.rotation[0], t.rotation[1], t.rotation[2],
                  t.rotation[3], t.scale[0], t.scale[1], t.scale[2]);
    return buf;
}

}  // namespace taescope::cli
