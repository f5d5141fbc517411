// libFuzzer target: read any bytes as a TAE; a model that reads must write, read back to the
// same content, and rewrite to the same bytes; every event's parameters, decoded with the
// built-in templates of each game, must give each present field the value its bytes hold.
// Seeds: tests/fuzz/make_seeds.sh fuzz_tae DIR.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "tae/tae_reader.h"
#include "tae/tae_validator.h"
#include "tae/tae_writer.h"
#include "templates/builtin_templates.h"
#include "templates/event_decoder.h"

namespace {

// Decodes every event with `templates` and checks each field against its bytes, read here one
// byte at a time (the decoder reads 8 at once and shifts).
void check_decoding(const taescope::TaeFile& tae, const taescope::GameTemplates* templates) {
    using namespace taescope;
    DecodedEvent d;
    for (const auto& a : tae.animations)
        for (const auto& e : a.events) {
            const Bytes params = tae.parameters(e);
            decode_event_into(d, templates, uint32_t(e.type), params);
            if (d.raw_offset > params.size() || d.raw.size() != params.size() - d.raw_offset) std::abort();
            bool missing_seen = false;
            for (const DecodedField& f : d.fields) {
                const bool fits = uint64_t(f.offset) + f.size <= params.size();
                if (f.present && (!fits || missing_seen)) std::abort();
                if (!f.present) {
                    if (fits && !missing_seen) std::abort();  // the first missing field must not fit
                    missing_seen = true;
                    if (f.raw != 0) std::abort();
                    continue;
                }
                uint64_t want = 0;
                if (f.field->type != FieldType::Bytes)
                    for (uint32_t k = f.size; k-- > 0;) want = want << 8 | params[f.offset + k];
                if (f.raw != want) std::abort();
            }
        }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace taescope;
    Bytes bytes(data, size);
    auto tae = read_tae(bytes);
    if (!tae.ok()) {
        if (tae.error().offset == Error::kNoOffset || tae.error().message.empty()) std::abort();
        return 0;
    }
    (void)validate_tae(bytes);
    for (const char* game : {"SDT", "ER", "DS3"}) check_decoding(*tae, builtin_templates(game));
    std::vector<uint8_t> out = write_tae(*tae);
    auto again = read_tae(out);
    if (!again.ok()) std::abort();
    if (again->animations.size() != tae->animations.size() || again->event_count() != tae->event_count())
        std::abort();
    if (write_tae(*again) != out) std::abort();
    return 0;
}
