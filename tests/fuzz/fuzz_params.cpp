// libFuzzer target for the PARAM reader and the paramdef dialect (engine/params/). Mode byte:
//   0: the rest is a PARAM file: read, summarise, look up every row id and a few others, read
//      every row's name, and lay the built-in defs whose size fits over the first rows;
//   1: u16 LE length, a paramdef XML of that length, then row bytes: parse, lay out at a few
//      versions, read every field of the row (when it is long enough).
// Besides "no crash, no leak, no runaway allocation" it checks the reader's promises: a file
// that reads has every row inside it at one row size, ids that find their rows, a summary that
// agrees. Seeds: tests/fuzz/make_seeds.sh fuzz_params DIR.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "params/param_file.h"
#include "params/paramdef.h"
#include "params/paramdef_library.h"

using namespace taescope;
using namespace taescope::params;

namespace {

void read_param(Bytes in) {
    ParamSummary s = summarize_param(in);
    auto f = ParamFile::read(SharedBytes(std::vector<uint8_t>(in.begin(), in.end())));
    if (!f.ok()) return;
    if (!s.problem.empty()) std::abort();  // the summary reads the same header
    const size_t rows = f->row_count();
    if (rows > 0 && uint64_t(f->header().data_start) + uint64_t(f->row_size()) * rows > in.size()) std::abort();
    if (rows >= 2 && s.row_size != f->row_size()) std::abort();
    for (size_t i = 0; i < rows; ++i) {
        auto at = f->find(f->row_id(i));
        if (!at || f->row_id(*at) != f->row_id(i)) std::abort();
        if (f->row(i).size() != f->row_size()) std::abort();
        (void)f->row_name(i);
    }
    (void)f->find(INT32_MIN);
    (void)f->find(INT32_MAX);
    (void)f->rows_with_ids(INT32_MIN, INT32_MAX);
    static const std::vector<ParamLayout> layouts = [] {  // laid out once, not per input
        std::vector<ParamLayout> out;
        for (const auto& d : builtin_paramdefs()) out.push_back(layout_paramdef(d, std::nullopt));
        return out;
    }();
    for (const auto& l : layouts) {
        if (l.row_size != f->row_size() || rows == 0) continue;
        for (const auto& field : l.fields) (void)field_value_text(f->row(0), l, field);
    }
}

void read_paramdef(Bytes in) {
    if (in.size() < 2) return;
    const size_t n = size_t(in[0]) | size_t(in[1]) << 8;
    if (n > in.size() - 2) return;
    std::string_view xml(reinterpret_cast<const char*>(in.data() + 2), n);
    Bytes row = in.subspan(2 + n);
    auto def = parse_paramdef_xml(xml, "fuzz.xml");
    if (!def.ok()) return;
    std::vector<std::optional<uint64_t>> versions{std::nullopt, 0, UINT64_MAX};
    for (uint64_t t : def->version_thresholds()) versions.push_back(t);
    for (const auto& v : versions) {
        ParamLayout l = layout_paramdef(*def, v);
        uint64_t end = 0;
        for (const auto& f : l.fields) {
            if (f.bit_width && f.bit_offset + f.bit_width > f.byte_size * 8) std::abort();
            end = std::max<uint64_t>(end, uint64_t(f.byte_offset) + f.byte_size);
        }
        if (end != l.row_size) std::abort();                               // the fields end where the row does
        for (const auto& f : l.fields) (void)field_value_text(row, l, f);  // short rows read as ""
    }
    ParamdefLibrary lib;
    lib.add(*def);
    (void)lib.choose("", def->param_type, std::nullopt, uint32_t(row.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    Bytes in(data + 1, size - 1);
    if (data[0] % 2 == 0)
        read_param(in);
    else
        read_paramdef(in);
    return 0;
}
