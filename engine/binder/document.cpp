#include "binder/document.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <unordered_map>
#include <utility>

#include "tae/tae_reader.h"
#include "tae/tae_writer.h"

namespace taescope {

namespace {

bool is_tae(Bytes b) { return b.size() >= 4 && std::memcmp(b.data(), "TAE ", 4) == 0; }

// The model read from an event file, or its error named by the member it came from.
void set_parsed_tae(DocumentTae& t, Result<TaeFile> r) {
    t.tae.reset();
    t.error.reset();
    if (r.ok()) {
        t.tae = std::move(r).value();
    } else {
        Error e = std::move(r).error();
        t.error =
            std::move(e.within(t.slot.member_index == kNoMember
                                   ? t.name
                                   : "member " + std::to_string(t.slot.member_index) + " (" + t.slot.file_name + ")"));
    }
}

// `data` is shared with the parsed file: its events view their parameter bytes in it.
void parse_tae(DocumentTae& t, const SharedBytes& data) { set_parsed_tae(t, read_tae_shared(data)); }

void match_clips(Document& doc) {
    doc.clips.clear();
    std::unordered_map<uint64_t, std::pair<size_t, size_t>> records;
    for (size_t t = 0; t < doc.taes.size(); ++t) {
        const auto& dt = doc.taes[t];
        if (!dt.tae) continue;
        for (size_t a = 0; a < dt.tae->animations.size(); ++a)
            records.emplace(dt.full_number(dt.tae->animations[a]), std::make_pair(t, a));
    }
    auto add = [&](size_t index, const std::string& name) {
        auto clip = parse_clip_member_name(name);
        if (!clip) return;
        ClipMatch m;
        m.member_index = index;
        m.clip = *clip;
        if (auto it = records.find(clip->animation); it != records.end()) {
            m.tae_index = it->second.first;
            m.animation_index = it->second.second;
        }
        doc.clips.push_back(m);
    };
    if (doc.bnd4)
        for (size_t i = 0; i < doc.bnd4->members.size(); ++i) add(i, doc.bnd4->members[i].name);
    if (doc.bnd3)
        for (size_t i = 0; i < doc.bnd3->members.size(); ++i) add(i, doc.bnd3->members[i].name);
}

void scan_binder(Document& doc, const std::vector<BinderMemberRef>& refs, const std::vector<uint64_t>& member_sizes) {
    doc.slots = find_tae_members(refs);
    for (const auto& n : doc.slots.notes) doc.notes.push_back(n);
    for (const auto& s : doc.slots.tae_members) {
        if (member_sizes[s.member_index] == 0) {  // DS3 c0000 has four such aNN.tae placeholders
            doc.notes.push_back("member " + std::to_string(s.member_index) + " (" + s.file_name +
                                ") is empty (0 bytes): not an event file");
            continue;
        }
        DocumentTae t;
        t.slot = s;
        t.name = refs[s.member_index].name;
        doc.taes.push_back(std::move(t));
    }
    if (doc.taes.empty())
        doc.notes.push_back("this binder holds no event (TAE) file: no member in the slots from " +
                            std::to_string(doc.slots.first_slot) +
                            (doc.slots.has_version_member ? " (member 9,999,999 present)" : " (no member 9,999,999)"));
}

// A BND4 member is a window into the payload (shared, not copied); a BND3 member's bytes are
// copied once (BND3 members own plain vectors).
SharedBytes member_bytes(const Document& doc, size_t index) {
    return doc.bnd4 ? doc.bnd4->members[index].data : SharedBytes(doc.bnd3->members[index].data);
}

}  // namespace

const char* payload_kind_name(PayloadKind kind) {
    switch (kind) {
        case PayloadKind::Bnd4:
            return "BND4";
        case PayloadKind::Bnd3:
            return "BND3";
        case PayloadKind::Tae:
            return "TAE";
        case PayloadKind::Unknown:
            return "unknown";
    }
    return "?";
}

size_t Document::animation_count() const {
    size_t n = 0;
    for (const auto& t : taes)
        if (t.tae) n += t.tae->animations.size();
    return n;
}

size_t Document::event_count() const {
    size_t n = 0;
    for (const auto& t : taes)
        if (t.tae) n += t.tae->event_count();
    return n;
}

DocumentOpener::DocumentOpener(Bytes file, std::string name, const DcxLimits& limits) : file_(file), limits_(limits) {
    doc_.name = std::move(name);
}

DocumentOpener::DocumentOpener(std::vector<uint8_t> file, std::string name, std::vector<uint8_t> decoded_payload,
                               const DcxLimits& limits)
    : limits_(limits), decoded_payload_(std::move(decoded_payload)), owned_file_(std::move(file)) {
    file_ = owned_file_;
    doc_.name = std::move(name);
}

DocumentOpener::~DocumentOpener() = default;

void DocumentOpener::read_container() {
    if (decoded_payload_) {
        auto dcx = dcx_read_decoded(std::move(owned_file_), std::move(*decoded_payload_), limits_);
        decoded_payload_.reset();
        owned_file_ = {};
        file_ = {};
        if (!dcx.ok()) return fail(std::move(dcx).error().within(doc_.name));
        doc_.container = std::move(dcx).value();
        stage_ = Stage::Container;
        return;
    }
    if (inflater_) {
        // A DFLT payload, a slice at a time.
        Result<bool> done = inflater_->step(kInflateSlice);
        if (!done) return fail(deferred_->locate(std::move(done).error()).within(doc_.name));
        if (!*done) return;
        doc_.container.payload = inflater_->take();
        inflater_.reset();
        stage_ = Stage::Container;
        return;
    }
    if (deferred_) {
        // The whole DFLT payload in this step (inflate_in_one_step): libdeflate into a buffer that
        // is not zeroed first; a damaged stream gets the error the sliced path gives.
        Result<SharedBytes> payload = zlib_inflate_exact(deferred_->compressed, deferred_->declared);
        if (!payload) return fail(deferred_->locate(std::move(payload).error()).within(doc_.name));
        doc_.container.payload = std::move(payload).value();
        stage_ = Stage::Container;
        return;
    }
    auto dcx = dcx_read_deferred(file_, limits_, deferred_);
    if (!dcx.ok()) return fail(std::move(dcx).error().within(doc_.name));
    doc_.container = std::move(dcx).value();
    if (!deferred_)
        stage_ = Stage::Container;
    else if (!inflate_whole_)
        inflater_ = std::make_unique<ZlibExactInflater>(deferred_->compressed, deferred_->declared);
    // else the next step inflates it whole
}

void DocumentOpener::read_binder() {
    Document& doc = doc_;
    Bytes payload = doc.container.payload;
    if (is_bnd4(payload)) {
        doc.kind = PayloadKind::Bnd4;
        auto b = bnd4_read_shared(doc.container.payload);  // members are windows into the payload
        if (!b.ok()) return fail(std::move(b).error().within(doc.name + " > BND4"));
        doc.bnd4 = std::move(b).value();
        for (const auto& d : doc.bnd4->deviations) doc.notes.push_back("BND4 layout: " + d);
        std::vector<BinderMemberRef> refs;
        std::vector<uint64_t> sizes;
        for (const auto& m : doc.bnd4->members) refs.push_back({m.id, m.name}), sizes.push_back(m.data.size());
        scan_binder(doc, refs, sizes);
    } else if (is_bnd3(payload)) {
        doc.kind = PayloadKind::Bnd3;
        auto b = bnd3_read(payload);
        if (!b.ok()) return fail(std::move(b).error().within(doc.name + " > BND3"));
        doc.bnd3 = std::move(b).value();
        std::vector<BinderMemberRef> refs;
        std::vector<uint64_t> sizes;
        for (const auto& m : doc.bnd3->members) refs.push_back({m.id, m.name}), sizes.push_back(m.data.size());
        scan_binder(doc, refs, sizes);
    } else if (is_tae(payload)) {
        doc.kind = PayloadKind::Tae;
        DocumentTae t;
        t.slot.member_index = kNoMember;
        t.slot.file_name = path_file_name(doc.name);
        int group = tae_group_from_file_name(t.slot.file_name);
        // A loose aNN.tae is taken to be a player group file (numbers within group NN).
        if (group >= 0) {
            t.slot.group_file = true;
            t.slot.group = uint32_t(group);
            t.slot.number_offset = uint64_t(group) * kAnimationGroupSize;
        }
        t.name = doc.name;
        doc.taes.push_back(std::move(t));
    } else {
        doc.kind = PayloadKind::Unknown;
        doc.notes.push_back("the payload is neither BND4, BND3 nor TAE");
    }
    for (const auto& t : doc.taes) event_bytes_total_ += event_file_size(t);
    stage_ = Stage::EventFiles;
}

SharedBytes DocumentOpener::event_file_bytes(const DocumentTae& t) const {
    return t.slot.member_index == kNoMember ? doc_.container.payload : member_bytes(doc_, t.slot.member_index);
}

uint64_t DocumentOpener::event_file_size(const DocumentTae& t) const {
    if (t.slot.member_index == kNoMember) return doc_.container.payload.size();
    return doc_.bnd4 ? doc_.bnd4->members[t.slot.member_index].data.size()
                     : doc_.bnd3->members[t.slot.member_index].data.size();
}

void DocumentOpener::fail(Error error) {
    error_ = std::move(error);
    stage_ = Stage::Failed;
}

const char* DocumentOpener::stage_name(Stage stage) {
    switch (stage) {
        case Stage::Decompress:
            return "decompressing";
        case Stage::Container:
            return "reading the binder";
        case Stage::EventFiles:
            return "reading event files";
        case Stage::Done:
            return "done";
        case Stage::Failed:
            return "failed";
    }
    return "?";
}

double DocumentOpener::now_seconds() const {
    if (clock_) return clock_(clock_context_);
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void DocumentOpener::note_unit(Stage stage, bool first_of_step) {
    if (stage_log_.empty() || stage_log_.back().stage != stage) stage_log_.push_back(StageRecord{stage, 0, 0});
    StageRecord& record = stage_log_.back();
    ++record.units;
    if (first_of_step || record.steps == 0) ++record.steps;
}

bool DocumentOpener::step(double budget_seconds) {
    if (stage_ == Stage::Done || stage_ == Stage::Failed) return true;
    const double started = now_seconds();
    StepRecord record;
    record.budget_seconds = budget_seconds;
    Stage last_stage = stage_;
    bool first = true;
    for (;;) {
        // The unit about to begin: a step's first always runs; any other only within the budget.
        const double spent = now_seconds() - started;
        if (!first && spent >= budget_seconds) break;
        const Stage stage = stage_;
        note_unit(stage, first || stage != last_stage);
        last_stage = stage;
        ++record.units;
        record.last_unit_began_seconds = spent;
        switch (stage) {
            case Stage::Decompress:
                read_container();
                break;
            case Stage::Container:
                read_binder();
                break;
            case Stage::EventFiles:
                if (next_event_file_ < doc_.taes.size()) {
                    read_event_file_unit();
                } else {
                    match_clips(doc_);
                    stage_ = Stage::Done;
                }
                break;
            case Stage::Done:
            case Stage::Failed:
                break;
        }
        first = false;
        if (stage_ == Stage::Done || stage_ == Stage::Failed) break;
    }
    record.seconds = now_seconds() - started;
    step_log_.push_back(record);
    return stage_ == Stage::Done || stage_ == Stage::Failed;
}

// One unit of the current event file: whole animations up to kRecordsPerUnit records.
void DocumentOpener::read_event_file_unit() {
    DocumentTae& t = doc_.taes[next_event_file_];
    if (!event_file_reader_) event_file_reader_ = std::make_unique<TaeStepReader>(event_file_bytes(t));
    const uint64_t before = event_file_reader_->records_read();
    const bool done = event_file_reader_->step(kRecordsPerUnit);
    StageRecord& record = stage_log_.back();
    record.most_records_in_a_unit =
        std::max(record.most_records_in_a_unit, event_file_reader_->records_read() - before);
    if (!done) return;
    set_parsed_tae(t, event_file_reader_->take());
    event_file_reader_.reset();
    event_bytes_done_ += event_file_size(t);
    ++next_event_file_;
}

double DocumentOpener::progress() const {
    // Decompression is one step: it counts for the first third; the event files for the rest.
    switch (stage_) {
        case Stage::Decompress:
            return inflater_ ? 0.33 * inflater_->fraction() : 0;
        case Stage::Container:
            return 0.33;
        case Stage::EventFiles:
        {
            // The file being read counts by its records read.
            double done = double(event_bytes_done_);
            if (event_file_reader_ && event_file_reader_->records_declared() && next_event_file_ < doc_.taes.size())
                done += double(event_file_size(doc_.taes[next_event_file_])) *
                        std::min(1.0, double(event_file_reader_->records_read()) /
                                          double(event_file_reader_->records_declared()));
            return 0.35 + 0.65 * (event_bytes_total_ ? done / double(event_bytes_total_) : 1.0);
        }
        case Stage::Done:
        case Stage::Failed:
            return 1;
    }
    return 1;
}

std::string DocumentOpener::stage_text() const {
    switch (stage_) {
        case Stage::Decompress:
            return inflater_ ? "decompressing " + std::to_string(int(inflater_->fraction() * 100)) + "%"
                             : std::string("decompressing");
        case Stage::Container:
            return "reading the binder";
        case Stage::EventFiles:
            return "reading event file " + std::to_string(std::min(next_event_file_ + 1, doc_.taes.size())) + " of " +
                   std::to_string(doc_.taes.size());
        case Stage::Done:
            return "done";
        case Stage::Failed:
            return "failed";
    }
    return "";
}

Result<Document> DocumentOpener::take() {
    if (stage_ == Stage::Failed) return std::move(error_);
    if (stage_ != Stage::Done) return make_error(Error::kNoOffset, "the document is not opened yet");
    stage_ = Stage::Failed;  // taken: a second take() reports it
    error_ = make_error(Error::kNoOffset, "the document was already taken");
    return std::move(doc_);
}

Result<DcxFile> DocumentOpener::take_container() {
    if (stage_ == Stage::Failed) return std::move(error_);
    if (stage_ != Stage::Container)
        return make_error(Error::kNoOffset, "the container is not decoded yet, or was taken");
    stage_ = Stage::Failed;  // taken: stepping on or taking again reports it
    error_ = make_error(Error::kNoOffset, "the container was already taken");
    return std::move(doc_.container);
}

Result<Document> open_document(Bytes file, std::string name, const DcxLimits& limits) {
    DocumentOpener opener(file, std::move(name), limits);
    opener.inflate_in_one_step();  // run to the end: nothing to keep responsive between slices
    while (!opener.step(1e9)) {
    }
    return opener.take();
}

Status replace_member_data(Document& doc, size_t member_index, std::vector<uint8_t> data) {
    size_t count = doc.bnd4 ? doc.bnd4->members.size() : doc.bnd3 ? doc.bnd3->members.size() : 0;
    if (member_index >= count)
        return make_error(Error::kNoOffset, "no binder member " + std::to_string(member_index) + " (the document has " +
                                                std::to_string(count) + ")");
    if (doc.bnd4)
        doc.bnd4->members[member_index].data = std::move(data);
    else
        doc.bnd3->members[member_index].data = std::move(data);
    for (auto& t : doc.taes) {
        if (t.slot.member_index != member_index) continue;
        parse_tae(t, member_bytes(doc, member_index));
        t.modified = false;  // the bytes are the truth now
    }
    match_clips(doc);
    return ok_status();
}

void replace_tae(Document& doc, size_t tae_index, TaeFile model) {
    auto& t = doc.taes.at(tae_index);
    t.tae = std::move(model);
    t.error.reset();
    t.modified = true;
    match_clips(doc);
}

Result<std::vector<uint8_t>> export_payload(const Document& doc) {
    switch (doc.kind) {
        case PayloadKind::Tae:
            if (!doc.taes.empty() && doc.taes[0].modified && doc.taes[0].tae) return write_tae(*doc.taes[0].tae);
            return doc.container.payload.to_vector();
        case PayloadKind::Bnd4: {
            Bnd4 b = *doc.bnd4;
            for (const auto& t : doc.taes)
                if (t.modified && t.tae) b.members[t.slot.member_index].data = write_tae(*t.tae);
            return bnd4_write(b);
        }
        case PayloadKind::Bnd3: {
            bool changed = false;
            auto original = bnd3_read(doc.container.payload);
            for (const auto& t : doc.taes) changed |= t.modified;
            if (original.ok())
                for (size_t i = 0; i < doc.bnd3->members.size(); ++i)
                    changed |= doc.bnd3->members[i].data != original->members[i].data;
            if (changed)
                return make_error(Error::kNoOffset, "writing a changed BND3 is not supported (BND3 is read-only)");
            return doc.container.payload.to_vector();
        }
        case PayloadKind::Unknown:
            return doc.container.payload.to_vector();
    }
    return doc.container.payload.to_vector();
}

Result<std::vector<uint8_t>> export_document(const Document& doc, const ExportOptions& options) {
    auto payload = export_payload(doc);
    if (!payload.ok()) return std::move(payload).error().within(doc.name);
    DcxWriteOptions dcx_options;
    dcx_options.deflate_instead_of_kraken = options.deflate_instead_of_kraken;
    auto out = dcx_write(doc.container, *payload, dcx_options);
    if (!out.ok()) return std::move(out).error().within(doc.name);
    return out;
}

}  // namespace taescope
