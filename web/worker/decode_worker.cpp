// The page's decode worker: a second, small wasm module that runs in a Web Worker
// (web/worker/taescope-decode-worker.js) and decodes the DCX / DCP wrapper of a file the page
// opens (zlib inflate, our Kraken decoder), so that the page's main thread never spends a long
// task in it. It runs the engine's own DocumentOpener through its Decompress stage only: the
// bytes, the progress texts and the errors are the ones the page had when it decoded on its main
// thread. The page then reads the wrapper again without decoding it (dcx_read_decoded) and
// parses the binder there, a step per frame.
#include <emscripten.h>

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "../json_writer.h"
#include "binder/document.h"
#include "params/regulation.h"

namespace {

struct LastDecode {
    std::optional<taescope::DcxFile> container;  // the decoded wrapper, until released
    // Or a regulation decrypted and decoded (params::decode_regulation), until released.
    std::optional<taescope::params::DecodedRegulation> regulation;
    std::string regulation_json;  // what taescope_worker_regulation_json returns
    taescope::Error error;        // why the last decode failed
};

LastDecode& last() {
    static LastDecode instance;
    return instance;
}

void report_progress(const taescope::DocumentOpener& opener) {
    const std::string text = opener.stage_text();
    EM_ASM(
        {
            if (Module["onDecodeProgress"]) Module["onDecodeProgress"]($0, UTF8ToString($1));
        },
        opener.progress(), text.c_str());
}

}  // namespace

extern "C" {

// Decodes the `size` bytes at `file` (allocated with Module._malloc; freed here), named `name`
// as the page names it (errors carry it). 1: the payload is ready (taescope_worker_payload, of
// taescope_worker_payload_size bytes, until taescope_worker_release); 0: taescope_worker_error_*
// say why. Progress goes to Module.onDecodeProgress(fraction, text) between inflate slices.
EMSCRIPTEN_KEEPALIVE int taescope_worker_decode(uint8_t* file, uint32_t size, const char* name) {
    LastDecode& out = last();
    out.container.reset();
    out.regulation.reset();
    out.error = taescope::Error{};
    taescope::Result<taescope::DcxFile> decoded = taescope::make_error(taescope::Error::kNoOffset, "not decoded");
    {
        taescope::DocumentOpener opener(taescope::Bytes(file, size), name ? name : "");
        opener.inflate_in_one_step();  // nothing to keep responsive here: libdeflate, at once
        std::string shown;
        while (opener.stage() == taescope::DocumentOpener::Stage::Decompress) {
            opener.step(0);
            if (opener.stage_text() != shown) {
                shown = opener.stage_text();
                report_progress(opener);
            }
        }
        decoded = opener.take_container();
    }
    std::free(file);
    if (!decoded) {
        out.error = std::move(decoded).error();
        return 0;
    }
    out.container = std::move(decoded).value();
    return 1;
}

// The game's regulation (regulation.bin, Data0.bdt, a decrypted one, a .parambnd.dcx): decrypted
// when a key opens it and its DCX decoded (params::decode_regulation), so that the page's main
// thread only reads the BND4 table. 1: the payload is ready as above (taescope_worker_payload),
// and taescope_worker_regulation_json says what the decoding learnt; 0: the error functions say
// why. `file` is freed here.
EMSCRIPTEN_KEEPALIVE int taescope_worker_decode_regulation(uint8_t* file, uint32_t size, const char* name) {
    LastDecode& out = last();
    out.container.reset();
    out.regulation.reset();
    out.error = taescope::Error{};
    auto decoded = taescope::params::decode_regulation(taescope::Bytes(file, size));
    std::free(file);
    if (!decoded) {
        out.error = std::move(decoded).error();
        if (out.error.context.empty()) out.error.context = name ? name : "";
        return 0;
    }
    out.regulation = std::move(decoded).value();
    const auto& r = *out.regulation;
    taescope::web::JsonWriter json;
    json.begin_object()
        .field("source", int(r.source))
        .field("keyGame", int(r.key_game))
        .field("zeroIv", r.zero_iv)
        .field("kind", int(r.container.kind))
        .field("method", int(r.container.method))
        .field("fourcc", r.container.fourcc)
        .field("version", uint64_t(r.container.version))
        .field("field10", uint64_t(r.container.field_10))
        .field("field14", uint64_t(r.container.field_14))
        .field("level", int(r.container.level))
        .field("flag38", int(r.container.flag_38))
        .field("uncompressedSize", double(r.container.uncompressed_size))
        .field("compressedSize", double(r.container.compressed_size));
    json.key("notes").begin_array();
    for (const std::string& note : r.notes) json.string(note);
    json.end_array().end_object();
    out.regulation_json = json.text();
    return 1;
}

EMSCRIPTEN_KEEPALIVE const char* taescope_worker_regulation_json() { return last().regulation_json.c_str(); }

EMSCRIPTEN_KEEPALIVE const uint8_t* taescope_worker_payload() {
    if (last().regulation) return last().regulation->payload.data();
    return last().container ? last().container->payload.data() : nullptr;
}

EMSCRIPTEN_KEEPALIVE uint32_t taescope_worker_payload_size() {
    if (last().regulation) return uint32_t(last().regulation->payload.size());
    return last().container ? uint32_t(last().container->payload.size()) : 0;
}

EMSCRIPTEN_KEEPALIVE void taescope_worker_release() {
    last().container.reset();
    last().regulation.reset();
}

EMSCRIPTEN_KEEPALIVE const char* taescope_worker_error_message() { return last().error.message.c_str(); }
EMSCRIPTEN_KEEPALIVE const char* taescope_worker_error_context() { return last().error.context.c_str(); }
// -1 when the error has no offset.
EMSCRIPTEN_KEEPALIVE double taescope_worker_error_offset() {
    return last().error.offset == taescope::Error::kNoOffset ? -1.0 : double(last().error.offset);
}

}  // extern "C"
