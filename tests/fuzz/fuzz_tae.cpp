// libFuzzer target: read any bytes as a TAE; a model that reads must write, read back to the
// same content, and rewrite to the same bytes. Seeds: tests/fuzz/make_seeds.sh fuzz_tae DIR.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "tae/tae_reader.h"
#include "tae/tae_validator.h"
#include "tae/tae_writer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace taescope;
    Bytes bytes(data, size);
    auto tae = read_tae(bytes);
    if (!tae.ok()) {
        if (tae.error().offset == Error::kNoOffset || tae.error().message.empty()) std::abort();
        return 0;
    }
    (void)validate_tae(bytes);
    std::vector<uint8_t> out = write_tae(*tae);
    auto again = read_tae(out);
    if (!again.ok()) std::abort();
    if (again->animations.size() != tae->animations.size() || again->event_count() != tae->event_count())
        std::abort();
    if (write_tae(*again) != out) std::abort();
    return 0;
}
