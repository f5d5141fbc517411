// Reading an event file in pieces (TaeStepReader, engine/tae/tae_reader.h): the page's opener
// reads a large file over several steps so that no step holds the page for long. Pieces must
// change nothing: the same model, the same error, whatever the budget; and each piece's work is
// bounded by its budget in records (or one animation, never split).
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "binder/document.h"
#include "io/byte_reader.h"
#include "sample_generator.h"
#include "tae/tae_header_layout.h"
#include "tae/tae_reader.h"
#include "tae/tae_writer.h"
#include "test_support.h"

using namespace taescope;

namespace {

struct SteppedRead {
    Result<TaeFile> file = make_error(Error::kNoOffset, "not read");
    std::vector<uint64_t> records_per_step;
};

SteppedRead read_in_pieces(const std::vector<uint8_t>& bytes, uint64_t budget) {
    SteppedRead out;
    TaeStepReader reader{SharedBytes(bytes)};
    uint64_t before = 0;
    for (;;) {
        const bool done = reader.step(budget);
        out.records_per_step.push_back(reader.records_read() - before);
        before = reader.records_read();
        if (done) break;
        REQUIRE(out.records_per_step.size() < 1000000);
    }
    out.file = reader.take();
    return out;
}

uint64_t largest_animation_records(const TaeFile& f) {
    uint64_t most = 0;
    for (const auto& a : f.animations) most = std::max<uint64_t>(most, a.events.size() + a.groups.size());
    return most;
}

}  // namespace

TEST_CASE("an event file read in pieces is the file read whole, and each piece stays within its budget of records") {
    // A Sekiro-scale file (generated, 15,000+ events) and the corpus files where present.
    std::vector<std::pair<std::string, std::vector<uint8_t>>> files;
    files.emplace_back("generated Sekiro a00",
                       write_tae(generator::generate_tae_file(generator::Scale::Sekiro, 0, 600, 7).model));
    for (const char* rel : {"eldenring/c0000-a10.tae"}) {
        std::string path = test::corpus_path(rel);
        if (!path.empty()) files.emplace_back(rel, test::load(path));
    }
    for (const auto& [name, bytes] : files) {
        const std::string label = name;
        CAPTURE(label);
        Result<TaeFile> whole = read_tae_shared(SharedBytes(bytes));
        REQUIRE(whole.ok());
        const uint64_t records = [&] {
            uint64_t n = 0;
            for (const auto& a : whole->animations) n += a.events.size() + a.groups.size();
            return n;
        }();
        const uint64_t biggest = largest_animation_records(*whole);
        for (const uint64_t budget : {uint64_t(1), uint64_t(64), DocumentOpener::kRecordsPerUnit, UINT64_MAX}) {
            CAPTURE(budget);
            SteppedRead stepped = read_in_pieces(bytes, budget);
            REQUIRE(stepped.file.ok());
            CHECK(write_tae(*stepped.file) == write_tae(*whole));
            CHECK(stepped.file->event_count() == whole->event_count());
            uint64_t sum = 0;
            for (const uint64_t r : stepped.records_per_step) {
                // A piece stops at the first animation that reaches its budget: at most the
                // budget plus one animation's records less one.
                if (budget != UINT64_MAX) CHECK(r <= budget + biggest - 1);
                sum += r;
            }
            CHECK(sum == records);
            if (budget == UINT64_MAX) CHECK(stepped.records_per_step.size() == 1);
            if (budget == 1) {
                // Each piece ends at the first animation holding a record; animations without any
                // after the last such one make a last piece of their own.
                size_t holding = 0;
                bool trailing_empty = whole->animations.empty();
                for (const auto& a : whole->animations) {
                    const bool holds = !a.events.empty() || !a.groups.empty();
                    holding += holds;
                    trailing_empty = !holds;
                }
                CHECK(stepped.records_per_step.size() == holding + (trailing_empty ? 1 : 0));
            }
            if (budget == DocumentOpener::kRecordsPerUnit)
                CHECK(stepped.records_per_step.size() >= records / (DocumentOpener::kRecordsPerUnit + biggest));
        }
        const size_t pieces = read_in_pieces(bytes, DocumentOpener::kRecordsPerUnit).records_per_step.size();
        MESSAGE(label << ": " << whole->event_count() << " events, " << records << " records, " << pieces
                      << " pieces of up to " << DocumentOpener::kRecordsPerUnit << " records; largest animation "
                      << biggest);
    }
}

TEST_CASE("an event file damaged late fails in pieces with the error read_tae gives, and take() says so twice") {
    std::vector<uint8_t> bytes = write_tae(generator::generate_tae_file(generator::Scale::Sekiro, 3, 300, 11).model);
    // The last animation's body offset points past the end of the data.
    const uint64_t count = load_u32le(bytes.data() + tae_header::kAnimationCount);
    const uint64_t table = load_u64le(bytes.data() + tae_header::kAnimationTableOffset);
    REQUIRE(count == 300);
    const uint64_t outside = bytes.size() + 0x100;
    for (int k = 0; k < 8; ++k) bytes[size_t(table + 16 * (count - 1) + 8 + k)] = uint8_t(outside >> (8 * k));
    Result<TaeFile> whole = read_tae_shared(SharedBytes(bytes));
    REQUIRE(!whole.ok());
    TaeStepReader reader{SharedBytes(bytes)};
    size_t steps = 0;
    while (!reader.step(256)) ++steps;
    CHECK(steps >= 2);  // it failed after earlier pieces had been read
    Result<TaeFile> stepped = reader.take();
    REQUIRE(!stepped.ok());
    CHECK(stepped.error().to_string() == whole.error().to_string());
    CHECK(stepped.error().offset == whole.error().offset);
    CHECK(!reader.take().ok());
    // take() before the end is an error, not a half-read file.
    TaeStepReader early{SharedBytes(bytes)};
    early.step(1);
    CHECK(!early.take().ok());
}

TEST_CASE("the opener reads a large event file in units of at most kRecordsPerUnit records (or one animation)") {
    std::vector<generator::WrittenTae> members;
    TaeFile big = generator::generate_tae_file(generator::Scale::Sekiro, 0, 600, 5).model;
    const uint64_t biggest = largest_animation_records(big);
    uint64_t records = 0;
    for (const auto& a : big.animations) records += a.events.size() + a.groups.size();
    REQUIRE(records > 3 * DocumentOpener::kRecordsPerUnit);
    members.push_back({0, "a00.tae", write_tae(big)});
    auto binder = generator::write_player_anibnd(generator::Scale::Sekiro, members);
    REQUIRE(binder.ok());
    DocumentOpener opener(Bytes(*binder), "c0000.anibnd.dcx");
    std::vector<double> progress;
    while (!opener.step(0)) progress.push_back(opener.progress());
    Result<Document> doc = opener.take();
    REQUIRE(doc.ok());
    CHECK(doc->event_count() == big.event_count());
    const auto& stages = opener.stage_log();
    const auto files = std::find_if(stages.begin(), stages.end(),
                                    [](const auto& s) { return s.stage == DocumentOpener::Stage::EventFiles; });
    REQUIRE(files != stages.end());
    // Several units for the one file, then the clips' match.
    CHECK(files->units >= records / (DocumentOpener::kRecordsPerUnit + biggest) + 1);
    CHECK(files->units > 2);
    CHECK(files->most_records_in_a_unit <= DocumentOpener::kRecordsPerUnit + biggest - 1);
    CHECK(files->most_records_in_a_unit >= DocumentOpener::kRecordsPerUnit);
    for (size_t i = 1; i < progress.size(); ++i) CHECK(progress[i] >= progress[i - 1]);
    // Progress moves within the file (not only when it is done).
    const size_t distinct = size_t(std::unique(progress.begin(), progress.end()) - progress.begin());
    CHECK(distinct >= files->units - 1);
    Result<Document> whole = open_document(Bytes(*binder), "c0000.anibnd.dcx");
    REQUIRE(whole.ok());
    auto a = export_document(*whole), b = export_document(*doc);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    CHECK(*a == *b);
}
