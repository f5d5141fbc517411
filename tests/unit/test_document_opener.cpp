// Opening a document in steps (DocumentOpener, engine/binder/document.h): the browser page
// draws progress between steps. Stepping must change nothing: the same document, the same
// error, whatever the step budget.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "binder/document.h"
#include "container/dcx.h"
#include "container/zlib_codec.h"
#include "sample_generator.h"
#include "tae/tae_writer.h"
#include "test_support.h"

using namespace taescope;

namespace {

// Opens with the smallest budget (one unit of work per step) and records the progress seen.
Result<Document> open_in_steps(Bytes bytes, const std::string& name, std::vector<double>& progress, size_t& steps) {
    DocumentOpener opener(bytes, name);
    progress.push_back(opener.progress());
    steps = 0;
    while (!opener.step(0)) {
        progress.push_back(opener.progress());
        ++steps;
        REQUIRE(steps < 100000);
    }
    progress.push_back(opener.progress());
    return opener.take();
}

}  // namespace

TEST_CASE("a document opened one event file per step is the document open_document gives, byte for byte") {
    for (const char* rel : {"sekiro/c0000.anibnd.dcx", "eldenring/c3000.krak.anibnd.dcx", "eldenring/c0000-a10.tae"}) {
        std::string path = test::corpus_path(rel);
        if (path.empty()) continue;
        std::vector<uint8_t> bytes = test::load(path);
        Result<Document> whole = open_document(Bytes(bytes), rel);
        REQUIRE(whole.ok());
        std::vector<double> progress;
        size_t steps = 0;
        Result<Document> stepped = open_in_steps(Bytes(bytes), rel, progress, steps);
        REQUIRE(stepped.ok());
        CHECK(stepped->taes.size() == whole->taes.size());
        CHECK(stepped->animation_count() == whole->animation_count());
        CHECK(stepped->event_count() == whole->event_count());
        CHECK(stepped->clips.size() == whole->clips.size());
        CHECK(stepped->notes == whole->notes);
        // One step per event file at least (plus decompression and the binder's table).
        CHECK(steps >= whole->taes.size() + 1);
        for (size_t i = 1; i < progress.size(); ++i) CHECK(progress[i] >= progress[i - 1]);
        CHECK(progress.front() == 0.0);
        CHECK(progress.back() == 1.0);
        auto a = export_document(*whole), b = export_document(*stepped);
        REQUIRE(a.ok());
        REQUIRE(b.ok());
        CHECK(*a == *b);
        MESSAGE(std::string(rel) << ": " << steps << " steps, " << whole->taes.size() << " event files, same export");
    }
}

TEST_CASE("a document that fails to open fails the same way in steps, and take() says so twice") {
    std::vector<uint8_t> bad = {'D', 'C', 'X', 0, 0, 1, 0, 0, 0xFF};
    Result<Document> whole = open_document(Bytes(bad), "bad.dcx");
    REQUIRE(!whole.ok());
    DocumentOpener opener(Bytes(bad), "bad.dcx");
    while (!opener.step(0)) {
    }
    CHECK(opener.stage() == DocumentOpener::Stage::Failed);
    Result<Document> stepped = opener.take();
    REQUIRE(!stepped.ok());
    CHECK(stepped.error().to_string() == whole.error().to_string());
    CHECK(!opener.take().ok());
}

TEST_CASE("take() before the opener is done is an error, not a half-read document") {
    std::vector<uint8_t> bytes = {'T', 'A', 'E', ' '};
    DocumentOpener opener(Bytes(bytes), "x.tae");
    Result<Document> early = opener.take();
    CHECK(!early.ok());
}

TEST_CASE("a DFLT payload inflated in slices: the same bytes, and a corrupt stream fails at the same offset") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    std::vector<uint8_t> bytes = test::load(path);
    std::optional<DcxDeferredInflate> deferred;
    Result<DcxFile> header = dcx_read_deferred(Bytes(bytes), {}, deferred);
    REQUIRE(header.ok());
    REQUIRE(deferred.has_value());
    CHECK(header->payload.empty());
    Result<DcxFile> whole = dcx_read(Bytes(bytes));
    REQUIRE(whole.ok());
    ZlibExactInflater inflater(deferred->compressed, deferred->declared);
    size_t slices = 0;
    for (;;) {
        Result<bool> done = inflater.step(4096);
        REQUIRE(done.ok());
        ++slices;
        if (*done) break;
    }
    CHECK(slices >= whole->payload.size() / 4096);
    CHECK(inflater.take() == whole->payload);

    // Flip bytes in the middle of the deflate stream: both paths report the same error.
    std::vector<uint8_t> corrupt = bytes;
    size_t middle = size_t(deferred->data_start + deferred->compressed.size() / 2);
    for (size_t i = 0; i < 64; ++i) corrupt[middle + i] ^= 0xA5;
    Result<Document> direct = open_document(Bytes(corrupt), "c5070.anibnd.dcx");
    REQUIRE(!direct.ok());
    DocumentOpener opener(Bytes(corrupt), "c5070.anibnd.dcx");
    size_t steps = 0;
    while (!opener.step(0)) ++steps;
    Result<Document> stepped = opener.take();
    REQUIRE(!stepped.ok());
    CHECK(stepped.error().to_string() == direct.error().to_string());
    CHECK(stepped.error().offset >= deferred->data_start);
    MESSAGE("corrupt DFLT: " << direct.error().to_string() << " (found after " << steps << " steps)");
}

TEST_CASE(
    "inflate_in_one_step (the decode worker): a DFLT payload over one slice leaves the Decompress stage in one step, "
    "with the same bytes, and a corrupt one fails the same way") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");  // 1.28 MB: more than one 1 MiB slice
    if (path.empty()) return;
    std::vector<uint8_t> bytes = test::load(path);
    Result<DcxFile> whole = dcx_read(Bytes(bytes));
    REQUIRE(whole.ok());
    REQUIRE(whole->payload.size() > (size_t(1) << 20));
    auto decompress_steps = [](DocumentOpener& opener) {
        size_t steps = 0;
        while (opener.stage() == DocumentOpener::Stage::Decompress) {
            opener.step(0);
            ++steps;
        }
        return steps;
    };
    DocumentOpener sliced(Bytes(bytes), "c5070.anibnd.dcx");
    DocumentOpener at_once(Bytes(bytes), "c5070.anibnd.dcx");
    at_once.inflate_in_one_step();
    const size_t sliced_steps = decompress_steps(sliced), one_step = decompress_steps(at_once);
    CHECK(sliced_steps >= 3);  // the header, two slices or more
    CHECK(one_step == 2);      // the header, then the whole payload
    Result<DcxFile> a = sliced.take_container(), b = at_once.take_container();
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    auto same = [](Bytes x, Bytes y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); };
    CHECK(same(a->payload, whole->payload));
    CHECK(same(b->payload, whole->payload));

    std::vector<uint8_t> corrupt = bytes;
    for (size_t i = 0; i < 64; ++i) corrupt[corrupt.size() / 2 + i] ^= 0xA5;
    Result<Document> direct = open_document(Bytes(corrupt), "c5070.anibnd.dcx");
    REQUIRE(!direct.ok());
    DocumentOpener broken(Bytes(corrupt), "c5070.anibnd.dcx");
    broken.inflate_in_one_step();
    while (!broken.step(0)) {
    }
    Result<Document> failed = broken.take();
    REQUIRE(!failed.ok());
    CHECK(failed.error().to_string() == direct.error().to_string());
}

TEST_CASE("a BND4 document's members are windows into its payload: no copy, and a replaced member leaves the rest") {
    std::string path = test::corpus_path("sekiro/c5070.anibnd.dcx");
    if (path.empty()) return;
    std::vector<uint8_t> bytes = test::load(path);
    std::optional<Document> copy;
    std::vector<uint8_t> first_member, payload;
    {
        Result<Document> doc = open_document(Bytes(bytes), "c5070.anibnd.dcx");
        REQUIRE(doc.ok());
        REQUIRE(doc->bnd4);
        REQUIRE(doc->bnd4->members.size() >= 2);
        const SharedBytes& whole = doc->container.payload;
        for (const auto& m : doc->bnd4->members) {
            CHECK(m.data.shares_buffer_with(whole));
            CHECK(m.data.data() == whole.data() + m.data_offset);  // the stored bytes where the file keeps them
        }
        first_member = doc->bnd4->members[0].data.to_vector();
        payload = whole.to_vector();
        // A copy of the document shares the buffer and outlives the original.
        copy = *doc;
        // Replacing one member's bytes gives it its own buffer; the payload and the other members stay.
        REQUIRE(replace_member_data(
                    *doc, 1, std::vector<uint8_t>(doc->bnd4->members[1].data.begin(), doc->bnd4->members[1].data.end()))
                    .ok());
        CHECK_FALSE(doc->bnd4->members[1].data.shares_buffer_with(doc->container.payload));
        CHECK(doc->bnd4->members[0].data.shares_buffer_with(doc->container.payload));
        CHECK(copy->bnd4->members[1].data.shares_buffer_with(copy->container.payload));
    }
    REQUIRE(copy);
    CHECK(copy->container.payload.to_vector() == payload);
    CHECK(copy->bnd4->members[0].data.to_vector() == first_member);
    auto exported = export_document(*copy);
    REQUIRE(exported.ok());
    CHECK(*exported == bytes);  // untouched: byte-exact
}

namespace {

// What the page's decode worker does (web/worker/decode_worker.cpp): an opener stepped through
// its Decompress stage only, its wrapper and payload taken.
Result<DcxFile> decode_as_the_worker_does(Bytes bytes, const std::string& name) {
    DocumentOpener worker(bytes, name);
    while (worker.stage() == DocumentOpener::Stage::Decompress) worker.step(0);
    return worker.take_container();
}

// A small player binder around the generated sample TAE, in the wrapper of `method`.
std::vector<uint8_t> generated_binder(CompressionMethod method) {
    auto tae = generator::generate_tae_file(generator::Scale::Small, 0, 12, 7);
    auto dflt = generator::write_player_anibnd(generator::Scale::Small, {{tae.group, tae.name, write_tae(tae.model)}});
    REQUIRE(dflt.ok());
    if (method == CompressionMethod::Deflate) return *dflt;
    auto payload = dcx_read(Bytes(*dflt));
    REQUIRE(payload.ok());
    auto krak = dcx_write(make_dcx(CompressionMethod::Kraken), Bytes(payload->payload));
    REQUIRE(krak.ok());
    return *krak;
}

}  // namespace

TEST_CASE("a payload decoded apart (the decode worker) opens into the document open_document gives, byte for byte") {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> inputs = {
        {"generated-dflt.anibnd.dcx", generated_binder(CompressionMethod::Deflate)},
        {"generated-krak.anibnd.dcx", generated_binder(CompressionMethod::Kraken)}};
    for (const char* rel : {"sekiro/c5070.anibnd.dcx", "eldenring/c3000.krak.anibnd.dcx", "ds3/c0000.anibnd.dcx"}) {
        std::string path = test::corpus_path(rel);
        if (!path.empty()) inputs.emplace_back(rel, test::load(path));
    }
    for (const auto& input : inputs) {  // no structured binding: clang 14 (wasm) refuses them in CAPTURE
        const std::string& name = input.first;
        const auto& bytes = input.second;
        CAPTURE(name);
        Result<Document> whole = open_document(Bytes(bytes), name);
        REQUIRE(whole.ok());
        Result<DcxFile> decoded = decode_as_the_worker_does(Bytes(bytes), name);
        REQUIRE(decoded.ok());
        CHECK(decoded->payload == whole->container.payload);
        DocumentOpener page(bytes, name, decoded->payload.to_vector());
        while (!page.step(0)) {
        }
        Result<Document> opened = page.take();
        REQUIRE(opened.ok());
        CHECK(opened->container.info.variant_name() == whole->container.info.variant_name());
        CHECK(opened->container.info.header == whole->container.info.header);
        CHECK(opened->container.info.compressed == whole->container.info.compressed);
        CHECK(opened->container.info.trailer == whole->container.info.trailer);
        CHECK(opened->taes.size() == whole->taes.size());
        CHECK(opened->event_count() == whole->event_count());
        CHECK(opened->notes == whole->notes);
        auto a = export_document(*whole), b = export_document(*opened);
        REQUIRE(a.ok());
        REQUIRE(b.ok());
        CHECK(*b == bytes);  // unchanged: the original compressed bytes come back
        CHECK(*a == *b);
    }
}

TEST_CASE("a damaged file decoded apart fails with the error the page showed when it decoded on its main thread") {
    std::vector<std::pair<std::string, std::vector<uint8_t>>> damaged;
    std::vector<uint8_t> dflt = generated_binder(CompressionMethod::Deflate);
    std::vector<uint8_t> flipped = dflt;
    for (size_t i = 0; i < 32; ++i) flipped[flipped.size() / 2 + i] ^= 0x5A;
    damaged.emplace_back("flipped.anibnd.dcx", flipped);
    damaged.emplace_back("truncated.anibnd.dcx", std::vector<uint8_t>(dflt.begin(), dflt.begin() + dflt.size() / 2));
    std::vector<uint8_t> krak = generated_binder(CompressionMethod::Kraken);
    std::vector<uint8_t> bad_block = krak;
    bad_block[0x4C] = 0xFF;  // the first Kraken block header: not a valid decoder type
    damaged.emplace_back("bad-block.krak.anibnd.dcx", bad_block);
    std::vector<uint8_t> wrong_method = krak;
    std::memcpy(wrong_method.data() + 0x28, "ZSTD", 4);
    damaged.emplace_back("zstd.anibnd.dcx", wrong_method);
    for (const auto& input : damaged) {  // no structured binding: clang 14 (wasm) refuses them in CAPTURE
        const std::string& name = input.first;
        const auto& bytes = input.second;
        CAPTURE(name);
        Result<Document> direct = open_document(Bytes(bytes), name);
        REQUIRE(!direct.ok());
        Result<DcxFile> decoded = decode_as_the_worker_does(Bytes(bytes), name);
        REQUIRE(!decoded.ok());
        CHECK(decoded.error().to_string() == direct.error().to_string());
        CHECK(decoded.error().offset == direct.error().offset);
        MESSAGE(name << ": " << direct.error().to_string());
    }
}

TEST_CASE("dcx_read_decoded refuses a payload of the wrong size and wrappers whose length needs the inflate") {
    std::vector<uint8_t> dflt = generated_binder(CompressionMethod::Deflate);
    Result<DcxFile> whole = dcx_read(Bytes(dflt));
    REQUIRE(whole.ok());
    std::vector<uint8_t> shorter = whole->payload.to_vector();
    shorter.pop_back();
    Result<DcxFile> wrong = dcx_read_decoded(dflt, shorter);
    REQUIRE(!wrong.ok());
    CHECK(wrong.error().offset == 0x1C);
    CHECK(wrong.error().message.find("declares") != std::string::npos);
    std::vector<uint8_t> bare = zlib_deflate(Bytes(whole->payload));
    CHECK(!dcx_read_decoded(bare, whole->payload.to_vector()).ok());
    CHECK(!dcx_read_decoded(whole->payload.to_vector(), whole->payload.to_vector()).ok());
    // The right size: the same container as dcx_read, the compressed bytes from the file's buffer.
    Result<DcxFile> right = dcx_read_decoded(dflt, whole->payload.to_vector());
    REQUIRE(right.ok());
    CHECK(right->info.compressed == whole->info.compressed);
    CHECK(right->info.header == whole->info.header);
    CHECK(right->info.trailer == whole->info.trailer);
    CHECK(right->payload == whole->payload);
    // take_container() before the Decompress stage is over is an error, not an empty payload.
    DocumentOpener early(Bytes(dflt), "x.anibnd.dcx");
    CHECK(!early.take_container().ok());
}

namespace {

// A clock for the step-budget rule that does not depend on the machine: every reading advances
// it by `tick` seconds, so a unit of work "costs" the readings the opener takes around it.
struct TickingClock {
    double now = 0;
    double tick = 0;
    static double read(void* self) {
        auto* c = static_cast<TickingClock*>(self);
        c->now += c->tick;
        return c->now;
    }
};

// A player binder of `files` generated event files (DFLT).
std::vector<uint8_t> generated_binder_of(uint32_t files) {
    std::vector<generator::WrittenTae> members;
    for (uint32_t g = 0; g < files; ++g) {
        auto tae = generator::generate_tae_file(generator::Scale::Small, g, 4, 11 + g);
        members.push_back({tae.group, tae.name, write_tae(tae.model)});
    }
    auto dflt = generator::write_player_anibnd(generator::Scale::Small, members);
    REQUIRE(dflt.ok());
    return *dflt;
}

}  // namespace

TEST_CASE("a step begins no unit of work after its budget is spent, and its log says so, by a clock of the test's") {
    const std::vector<uint8_t> bytes = generated_binder_of(9);
    // Each reading of the clock advances it 10 ms: with a 25 ms budget a step does 2 units
    // (readings at 10 and 20 ms are within it, the third at 30 ms is not).
    for (const double budget : {0.0, 0.025, 1000.0}) {
        CAPTURE(budget);
        TickingClock clock{0, 0.010};
        DocumentOpener opener(Bytes(bytes), "c0000.anibnd.dcx");
        opener.set_clock(&TickingClock::read, &clock);
        size_t steps = 0;
        while (!opener.step(budget)) REQUIRE(++steps < 10000);
        REQUIRE(opener.take().ok());
        const auto& log = opener.step_log();
        uint32_t units = 0;
        for (const auto& s : log) {
            CHECK(s.budget_seconds == budget);
            CHECK(s.units >= 1);
            // The rule itself: a step's units after its first all began within its budget.
            if (s.units > 1) CHECK(s.last_unit_began_seconds < budget);
            if (budget == 0.025) CHECK(s.units <= 2);
            if (budget == 0.0) CHECK(s.units == 1);
            units += s.units;
        }
        if (budget == 1000.0) CHECK(log.size() == 1);
        if (budget == 0.025) CHECK(log.size() == (units + 1) / 2);
        // The stages the engine reports, in order, whatever the budget.
        const auto& stages = opener.stage_log();
        REQUIRE(stages.size() == 3);
        CHECK(std::string(DocumentOpener::stage_name(stages[0].stage)) == "decompressing");
        CHECK(stages[1].stage == DocumentOpener::Stage::Container);
        CHECK(stages[2].stage == DocumentOpener::Stage::EventFiles);
        CHECK(stages[0].units >= 1);   // the wrapper, then the inflate slices
        CHECK(stages[1].units == 1);   // the binder's table
        CHECK(stages[2].units == 10);  // one per event file, then the clips' match
        CHECK(stages[0].units + stages[1].units + stages[2].units == units);
        if (budget == 0.0) CHECK(stages[2].steps == 10);
        if (budget == 1000.0) CHECK(stages[2].steps == 1);
    }
}
