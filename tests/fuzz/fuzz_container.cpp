// libFuzzer target for the containers: DCX/DCP/zlib wrappers, BND4 and BND3, and the document
// loader on top. Besides "no crash, no leak, no runaway allocation", it checks the round-trip
// promise: whatever reads successfully and is not modified writes back byte-identical.
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "binder/document.h"
#include "container/bnd3.h"
#include "container/bnd4.h"
#include "container/dcx.h"

using namespace taescope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    Bytes in(data, size);
    DcxLimits limits;
    limits.max_uncompressed = 16u << 20;

    auto dcx = dcx_read(in, limits);
    if (dcx.ok()) {
        auto back = dcx_write(*dcx, dcx->payload);
        if (!back.ok() || back->size() != size || std::memcmp(back->data(), data, size) != 0) std::abort();
    }

    auto b = bnd4_read(in);
    if (b.ok()) {
        bool fell_back = b->layout == Bnd4Layout::Canonical && !b->deviations.empty();
        auto out = bnd4_write(*b);
        if (!fell_back && (!out.ok() || out->size() != size || std::memcmp(out->data(), data, size) != 0)) std::abort();
        if (out.ok() && !b->members.empty()) {  // a replaced member must still write and read back
            b->members[0].data.assign(37, 0xAB);
            auto edited = bnd4_write(*b);
            if (edited.ok()) {
                auto again = bnd4_read(*edited);
                if (!again.ok() || again->members[0].data.size() != 37) std::abort();
            }
        }
    }

    auto b3 = bnd3_read(in);
    (void)b3;

    auto doc = open_document(in, "fuzz", limits);
    if (doc.ok()) {
        auto out = export_document(*doc);
        (void)out;
    }
    return 0;
}
