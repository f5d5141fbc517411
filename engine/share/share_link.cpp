#include "share/share_link.h"

#include <zlib.h>

#include <cstring>

#include "binder/animation_names.h"

namespace taescope {

// ---- base64url -----------------------------------------------------------------------------

static const char kBase64Url[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::string base64url_encode(Bytes data) {
    std::string out;
    out.reserve((data.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 3 <= data.size(); i += 3) {
        uint32_t v = uint32_t(data[i]) << 16 | uint32_t(data[i + 1]) << 8 | data[i + 2];
        for (int s = 18; s >= 0; s -= 6) out += kBase64Url[(v >> s) & 63];
    }
    size_t rest = data.size() - i;
    if (rest == 1) {
        uint32_t v = uint32_t(data[i]) << 16;
        out += kBase64Url[(v >> 18) & 63];
        out += kBase64Url[(v >> 12) & 63];
    } else if (rest == 2) {
        uint32_t v = uint32_t(data[i]) << 16 | uint32_t(data[i + 1]) << 8;
        out += kBase64Url[(v >> 18) & 63];
        out += kBase64Url[(v >> 12) & 63];
        out += kBase64Url[(v >> 6) & 63];
    }
    return out;
}

static int base64url_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

Result<std::vector<uint8_t>> base64url_decode(std::string_view text) {
    while (!text.empty() && text.back() == '=') text.remove_suffix(1);  // tolerated, not written
    if (text.size() % 4 == 1)
        return make_error(text.size(), "base64url text of " + std::to_string(text.size()) +
                                           " characters: a length of 4n+1 cannot hold whole bytes");
    std::vector<uint8_t> out;
    out.reserve(text.size() / 4 * 3 + 2);
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        int v = base64url_value(text[i]);
        if (v < 0) {
            unsigned char c = static_cast<unsigned char>(text[i]);
            return make_error(i, "expected a base64url character (A-Z a-z 0-9 - _), found byte " + hex(c));
        }
        acc = (acc << 6) | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(uint8_t(acc >> bits));
        }
    }
    if (bits && (acc & ((1u << bits) - 1)))
        return make_error(text.size() - 1, "base64url text ends with nonzero unused bits");
    return out;
}

// ---- raw deflate ---------------------------------------------------------------------------

std::vector<uint8_t> raw_deflate(Bytes data) {
    z_stream z{};
    deflateInit2(&z, 9, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
    std::vector<uint8_t> out(deflateBound(&z, uLong(data.size())) + 16);
    z.next_in = const_cast<Bytef*>(data.data());
    z.avail_in = uInt(data.size());
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

Result<std::vector<uint8_t>> raw_inflate_bounded(Bytes data, size_t max_size) {
    z_stream z{};
    if (inflateInit2(&z, -15) != Z_OK) return make_error(0, "cannot start the inflater");
    std::vector<uint8_t> out;
    uint8_t chunk[16384];
    z.next_in = const_cast<Bytef*>(data.data());
    z.avail_in = uInt(data.size());
    int rc = Z_OK;
    while (rc != Z_STREAM_END) {
        z.next_out = chunk;
        z.avail_out = sizeof chunk;
        rc = inflate(&z, Z_NO_FLUSH);
        size_t produced = sizeof chunk - z.avail_out;
        if (out.size() + produced > max_size) {
            inflateEnd(&z);
            return make_error(z.total_in, "the payload inflates to more than " + std::to_string(max_size) + " bytes");
        }
        out.insert(out.end(), chunk, chunk + produced);
        if (rc == Z_STREAM_END) break;
        if (rc != Z_OK) {
            std::string why = z.msg ? z.msg : "corrupt data";
            uint64_t at = z.total_in;
            inflateEnd(&z);
            return make_error(at, "the payload is not valid raw deflate (" + why + ")");
        }
        if (z.avail_in == 0 && z.avail_out != 0) {
            inflateEnd(&z);
            return make_error(data.size(), "the deflate stream ends before its last block");
        }
    }
    uint64_t used = z.total_in;
    inflateEnd(&z);
    if (used != data.size())
        return make_error(used, std::to_string(data.size() - used) + " bytes follow the end of the deflate stream");
    return out;
}

// ---- payload -------------------------------------------------------------------------------

namespace {

void put_varint(std::vector<uint8_t>& out, uint64_t v) {
    while (v >= 0x80) {
        out.push_back(uint8_t(v) | 0x80);
        v >>= 7;
    }
    out.push_back(uint8_t(v));
}
void put_svarint(std::vector<uint8_t>& out, int32_t v) {
    uint32_t zigzag = (uint32_t(v) << 1) ^ (v < 0 ? 0xFFFFFFFFu : 0u);  // 0, -1, 1, -2 -> 0, 1, 2, 3
    put_varint(out, zigzag);
}
void put_u32(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
void put_bytes(std::vector<uint8_t>& out, std::string_view s) {
    put_varint(out, s.size());
    out.insert(out.end(), s.begin(), s.end());
}

// Reads the payload; every error carries its offset in the payload.
class PayloadReader {
public:
    explicit PayloadReader(Bytes data) : data_(data) {}
    size_t at() const { return at_; }
    bool done() const { return at_ == data_.size(); }

    Result<uint64_t> varint(const char* what, uint64_t max) {
        uint64_t v = 0;
        size_t start = at_;
        for (int shift = 0; shift < 64; shift += 7) {
            if (at_ >= data_.size()) return make_error(start, std::string("payload ends inside ") + what);
            uint8_t b = data_[at_++];
            v |= uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80)) {
                if (v > max)
                    return make_error(start, std::string(what) + ": expected at most " + std::to_string(max) +
                                                 ", found " + std::to_string(v));
                return v;
            }
        }
        return make_error(start, std::string(what) + ": a varint longer than 10 bytes");
    }
    Result<int32_t> svarint(const char* what) {
        auto v = varint(what, 0xFFFFFFFFull);
        if (!v.ok()) return v.error();
        uint32_t z = uint32_t(*v);
        return int32_t((z >> 1) ^ (0u - (z & 1)));
    }
    Result<uint32_t> u32(const char* what) {
        if (data_.size() - at_ < 4) return make_error(at_, std::string("payload ends inside ") + what);
        uint32_t v = uint32_t(data_[at_]) | uint32_t(data_[at_ + 1]) << 8 | uint32_t(data_[at_ + 2]) << 16 |
                     uint32_t(data_[at_ + 3]) << 24;
        at_ += 4;
        return v;
    }
    Result<Bytes> bytes(const char* what, size_t max) {
        auto n = varint(what, max);
        if (!n.ok()) return n.error();
        if (data_.size() - at_ < *n)
            return make_error(at_, std::string(what) + ": " + std::to_string(*n) + " bytes declared, " +
                                       std::to_string(data_.size() - at_) + " left");
        Bytes b = data_.subspan(at_, size_t(*n));
        at_ += size_t(*n);
        return b;
    }

private:
    Bytes data_;
    size_t at_ = 0;
};

Error payload_error(Error e) {
    e.within("timeline payload (offsets in the inflated bytes)");
    return e;
}

Result<ShareTimeline> read_payload(Bytes payload) {
    PayloadReader r(payload);
    ShareTimeline t;
    auto version = r.varint("payload version", 255);
    if (!version.ok()) return version.error();
    if (*version != kSharePayloadVersion)
        return make_error(0, "payload version " + std::to_string(*version) + ": this reader knows version " +
                                 std::to_string(kSharePayloadVersion));
    auto game = r.bytes("game code", kMaxShareGameCode);
    if (!game.ok()) return game.error();
    t.game.assign(game->begin(), game->end());
    auto name = r.bytes("file name", kMaxShareFileName);
    if (!name.ok()) return name.error();
    t.file_name.assign(name->begin(), name->end());
    auto animation = r.varint("animation number", ~uint64_t{0} >> 1);
    if (!animation.ok()) return animation.error();
    t.animation = *animation;
    auto frame = r.varint("playhead", uint64_t(kMaxShareFrame) + 1);
    if (!frame.ok()) return frame.error();
    if (*frame) t.frame = uint32_t(*frame - 1);
    auto count = r.varint("event count", kMaxShareEvents);
    if (!count.ok()) return count.error();
    t.events.resize(size_t(*count));
    for (size_t i = 0; i < t.events.size(); ++i) {
        ShareEvent& e = t.events[i];
        auto fail = [&](Error err) { return err.within("event " + std::to_string(i)); };
        auto type = r.svarint("event type");
        if (!type.ok()) return fail(type.error());
        auto u4 = r.svarint("the i32 at +4");
        if (!u4.ok()) return fail(u4.error());
        auto start = r.u32("start time");
        if (!start.ok()) return fail(start.error());
        auto end = r.u32("end time");
        if (!end.ok()) return fail(end.error());
        auto params = r.bytes("parameter bytes", kMaxShareParameterBytes);
        if (!params.ok()) return fail(params.error());
        e.type = *type;
        e.unknown04 = *u4;
        e.start_bits = *start;
        e.end_bits = *end;
        e.parameters.assign(params->begin(), params->end());
    }
    auto groups = r.varint("group count", kMaxShareGroups);
    if (!groups.ok()) return groups.error();
    t.groups.resize(size_t(*groups));
    for (size_t g = 0; g < t.groups.size(); ++g) {
        auto fail = [&](Error err) { return err.within("group " + std::to_string(g)); };
        auto type = r.svarint("group type");
        if (!type.ok()) return fail(type.error());
        t.groups[g].type = *type;
        auto members = r.varint("group member count", t.events.size());
        if (!members.ok()) return fail(members.error());
        for (uint64_t m = 0; m < *members; ++m) {
            if (t.events.empty()) return fail(make_error(r.at(), "a group member, but the timeline has no events"));
            auto index = r.varint("group member event index", t.events.size() - 1);
            if (!index.ok()) return fail(index.error());
            t.groups[g].events.push_back(uint32_t(*index));
        }
    }
    if (!r.done()) return make_error(r.at(), std::to_string(payload.size() - r.at()) + " bytes follow the last group");
    return t;
}

bool unreserved(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
           c == '_' || c == '~';
}

std::string percent_encode(std::string_view s) {
    static const char digits[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : s) {
        if (unreserved(c)) {
            out += char(c);
        } else {
            out += '%';
            out += digits[c >> 4];
            out += digits[c & 15];
        }
    }
    return out;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// `base` is the offset of `s` in the fragment, for errors.
Result<std::string> percent_decode(std::string_view s, size_t base) {
    std::string out;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '%') {
            out += s[i];
            continue;
        }
        int hi = i + 1 < s.size() ? hex_digit(s[i + 1]) : -1;
        int lo = i + 2 < s.size() ? hex_digit(s[i + 2]) : -1;
        if (hi < 0 || lo < 0) return make_error(base + i, "expected two hex digits after '%'");
        out += char(hi * 16 + lo);
        i += 2;
    }
    return out;
}

Result<uint32_t> parse_frame(std::string_view s, size_t base) {
    if (s.empty() || s.size() > 8 || s.find_first_not_of("0123456789") != std::string_view::npos)
        return make_error(base,
                          "t=: expected a frame number of 1 to 8 digits, found '" + std::string(s.substr(0, 16)) + "'");
    uint32_t v = 0;
    for (char c : s) v = v * 10 + uint32_t(c - '0');
    if (v > kMaxShareFrame)
        return make_error(base, "t=: frame " + std::to_string(v) + " is past " + std::to_string(kMaxShareFrame));
    return v;
}

Error text_error(Error e) {
    e.within("share link (offsets in the fragment text)");
    return e;
}

// Calls `visit(key, value, offset of the part)` for each '&'-separated key=value part of `body`
// (`base`: its offset in the fragment), stopping at the first error, its own or visit's.
template <class Visit>
Status visit_link_parts(std::string_view body, size_t base, Visit&& visit) {
    size_t at = 0;
    while (at <= body.size()) {
        size_t amp = body.find('&', at);
        if (amp == std::string_view::npos) amp = body.size();
        std::string_view part = body.substr(at, amp - at);
        size_t part_base = base + at;
        size_t eq = part.find('=');
        if (eq == std::string_view::npos)
            return make_error(part_base, "expected key=value, found '" + std::string(part.substr(0, 16)) + "'");
        if (Status s = visit(part.substr(0, eq), part.substr(eq + 1), part_base); !s.ok()) return s;
        at = amp + 1;
    }
    return ok_status();
}

bool game_code_character(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// The first character of `s` that may not be in a game code, or npos.
size_t bad_game_code_character(std::string_view s) {
    for (size_t i = 0; i < s.size(); ++i)
        if (!game_code_character(static_cast<unsigned char>(s[i]))) return i;
    return std::string_view::npos;
}

bool is_control_character(unsigned char c) { return c < 0x20 || c == 0x7F; }

// "GAME", "GAME/TYPE" or "*", at `base` in the fragment.
Status read_view_target(std::string_view target, size_t base, ShareReferenceView& view) {
    if (target == "*") return ok_status();
    size_t slash = target.find('/');
    std::string_view game = target.substr(0, slash);
    if (game.empty() || game.size() > kMaxShareGameCode)
        return make_error(base, "r=: expected a game code of 1 to " + std::to_string(kMaxShareGameCode) +
                                    " characters (A-Z a-z 0-9 - _) or '*', found '" + std::string(game.substr(0, 24)) +
                                    "'");
    if (size_t bad = bad_game_code_character(game); bad != std::string_view::npos)
        return make_error(base + bad, "r=: a game code holds only A-Z a-z 0-9 - _, found byte " +
                                          hex(static_cast<unsigned char>(game[bad])));
    view.game = std::string(game);
    if (slash == std::string_view::npos) return ok_status();
    std::string_view digits = target.substr(slash + 1);
    size_t digits_base = base + slash + 1;
    if (digits.empty() || digits.size() > 10)
        return make_error(digits_base, "r=: expected an event type of 1 to 10 digits after '/', found '" +
                                           std::string(digits.substr(0, 16)) + "'");
    uint64_t type = 0;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (digits[i] < '0' || digits[i] > '9')
            return make_error(digits_base + i, "r=: expected a digit of the event type, found byte " +
                                                   hex(static_cast<unsigned char>(digits[i])));
        type = type * 10 + uint64_t(digits[i] - '0');
    }
    if (type > kMaxShareEventType)
        return make_error(digits_base,
                          "r=: event type " + std::to_string(type) + " is past " + std::to_string(kMaxShareEventType));
    view.event_type = uint32_t(type);
    return ok_status();
}

// The part after "v1.": "r=<target>[&q=<query>]"; `base` is its offset in the fragment.
Result<ShareReferenceView> read_reference_view(std::string_view body, size_t base) {
    ShareReferenceView view;
    bool have_target = false, have_query = false;
    Status parts =
        visit_link_parts(body, base, [&](std::string_view key, std::string_view value, size_t part_base) -> Status {
            size_t value_base = part_base + key.size() + 1;
            if (key == "r" && !have_target) {
                have_target = true;
                return read_view_target(value, value_base, view);
            }
            if (key == "q" && !have_query) {
                const std::string too_long = "q=: a query of at most " + std::to_string(kMaxShareQueryBytes) + " bytes";
                if (value.size() > 3 * kMaxShareQueryBytes) return make_error(value_base, too_long);
                auto query = percent_decode(value, value_base);
                if (!query.ok()) return query.error();
                if (query->size() > kMaxShareQueryBytes) return make_error(value_base, too_long);
                for (char c : *query)
                    if (is_control_character(static_cast<unsigned char>(c)))
                        return make_error(value_base, "q=: the query holds a control character (byte " +
                                                          hex(static_cast<unsigned char>(c)) + ")");
                view.query = std::move(query).value();
                have_query = true;
                return ok_status();
            }
            if (key == "r" || key == "q") return make_error(part_base, "'" + std::string(key) + "=' given twice");
            return make_error(part_base,
                              "unknown key '" + std::string(key.substr(0, 16)) + "' (a reference view has r= and q=)");
        });
    if (!parts.ok()) return parts.error();
    if (!have_target) return make_error(base, "a reference view starts with r=<game>[/<type>] or r=*");
    return view;
}

}  // namespace

ShareTimeline share_timeline_from_animation(const TaeFile& file, const TaeAnimation& animation, uint64_t full_number,
                                            std::string game, std::string file_name) {
    ShareTimeline t;
    t.game = std::move(game);
    t.file_name = std::move(file_name);
    t.animation = full_number;
    for (const TaeEvent& e : animation.events) {
        Bytes p = file.parameters(e);
        t.events.push_back({e.type, e.unknown04, e.start_bits, e.end_bits, std::vector<uint8_t>(p.begin(), p.end())});
    }
    for (const TaeEventGroup& g : animation.groups) t.groups.push_back({g.type, g.event_indices});
    return t;
}

Result<std::string> encode_timeline_fragment(const ShareTimeline& t) {
    if (t.game.size() > kMaxShareGameCode) return make_error(Error::kNoOffset, "game code longer than 16 bytes");
    if (t.file_name.size() > kMaxShareFileName)
        return make_error(Error::kNoOffset, "file name longer than " + std::to_string(kMaxShareFileName) + " bytes");
    if (t.events.size() > kMaxShareEvents)
        return make_error(Error::kNoOffset, std::to_string(t.events.size()) + " events: a link holds at most " +
                                                std::to_string(kMaxShareEvents));
    if (t.groups.size() > kMaxShareGroups)
        return make_error(Error::kNoOffset, std::to_string(t.groups.size()) + " groups: a link holds at most " +
                                                std::to_string(kMaxShareGroups));
    if (t.frame && *t.frame > kMaxShareFrame) return make_error(Error::kNoOffset, "playhead frame out of range");
    std::vector<uint8_t> p;
    p.push_back(kSharePayloadVersion);
    put_bytes(p, t.game);
    put_bytes(p, t.file_name);
    put_varint(p, t.animation);
    put_varint(p, t.frame ? uint64_t(*t.frame) + 1 : 0);
    put_varint(p, t.events.size());
    for (size_t i = 0; i < t.events.size(); ++i) {
        const ShareEvent& e = t.events[i];
        if (e.parameters.size() > kMaxShareParameterBytes)
            return make_error(Error::kNoOffset,
                              "event " + std::to_string(i) + " has " + std::to_string(e.parameters.size()) +
                                  " parameter bytes: a link holds at most " + std::to_string(kMaxShareParameterBytes));
        put_svarint(p, e.type);
        put_svarint(p, e.unknown04);
        put_u32(p, e.start_bits);
        put_u32(p, e.end_bits);
        put_varint(p, e.parameters.size());
        p.insert(p.end(), e.parameters.begin(), e.parameters.end());
    }
    put_varint(p, t.groups.size());
    for (size_t g = 0; g < t.groups.size(); ++g) {
        put_svarint(p, t.groups[g].type);
        put_varint(p, t.groups[g].events.size());
        if (t.groups[g].events.size() > t.events.size())
            return make_error(Error::kNoOffset,
                              "group " + std::to_string(g) + " has more members than there are events");
        for (uint32_t m : t.groups[g].events) {
            if (m >= t.events.size())
                return make_error(Error::kNoOffset, "group " + std::to_string(g) + " names event " + std::to_string(m) +
                                                        ", past the last event");
            put_varint(p, m);
        }
    }
    if (p.size() > kMaxSharePayloadBytes) return make_error(Error::kNoOffset, "timeline payload too large for a link");
    std::string fragment = "v1.t=" + base64url_encode(raw_deflate(p));
    if (fragment.size() > kMaxShareFragmentChars)
        return make_error(Error::kNoOffset, "the link would be " + std::to_string(fragment.size()) +
                                                " characters long; links hold at most " +
                                                std::to_string(kMaxShareFragmentChars));
    return fragment;
}

Result<std::string> encode_reference_fragment(const ShareReference& r) {
    if (r.file_name.size() > kMaxShareFileName)
        return make_error(Error::kNoOffset, "file name longer than " + std::to_string(kMaxShareFileName) + " bytes");
    if (r.frame && *r.frame > kMaxShareFrame) return make_error(Error::kNoOffset, "playhead frame out of range");
    std::string out = "v1.f=" + percent_encode(r.file_name) + "&a=" + animation_name(r.animation);
    if (r.frame) out += "&t=" + std::to_string(*r.frame);
    return out;
}

Result<std::string> encode_reference_view_fragment(const ShareReferenceView& view) {
    std::string out = "v1.r=";
    if (view.game.empty()) {
        if (view.event_type) return make_error(Error::kNoOffset, "an event type needs its game ('*' names every game)");
        out += '*';
    } else {
        if (view.game.size() > kMaxShareGameCode || bad_game_code_character(view.game) != std::string::npos)
            return make_error(Error::kNoOffset, "game code '" + view.game.substr(0, 24) + "': 1 to " +
                                                    std::to_string(kMaxShareGameCode) + " of A-Z a-z 0-9 - _");
        out += view.game;
    }
    if (view.event_type) {
        if (*view.event_type > kMaxShareEventType)
            return make_error(Error::kNoOffset, "event type " + std::to_string(*view.event_type) + " is past " +
                                                    std::to_string(kMaxShareEventType));
        out += "/" + std::to_string(*view.event_type);
    }
    if (!view.query.empty()) {
        if (view.query.size() > kMaxShareQueryBytes)
            return make_error(Error::kNoOffset,
                              "a query of at most " + std::to_string(kMaxShareQueryBytes) + " bytes fits a link");
        for (char c : view.query)
            if (is_control_character(static_cast<unsigned char>(c)))
                return make_error(Error::kNoOffset, "the query holds a control character");
        out += "&q=" + percent_encode(view.query);
    }
    return out;
}

Result<ShareLink> decode_share_fragment(std::string_view text) {
    size_t base = 0;
    if (size_t hash = text.find('#'); hash != std::string_view::npos) {
        base = hash + 1;
        text.remove_prefix(hash + 1);
    }
    if (text.size() > kMaxShareFragmentChars)
        return text_error(make_error(base + kMaxShareFragmentChars, "fragment of " + std::to_string(text.size()) +
                                                                        " characters: links hold at most " +
                                                                        std::to_string(kMaxShareFragmentChars)));
    if (text.size() < 2 || text[0] != 'v')
        return text_error(make_error(base, "expected a fragment starting 'v1.' (the link format version)"));
    size_t dot = text.find('.');
    if (dot == std::string_view::npos || text.substr(0, dot) != "v1")
        return text_error(make_error(base, "link format '" + std::string(text.substr(0, std::min<size_t>(dot, 12))) +
                                               "': this page reads v1 links"));
    std::string_view body = text.substr(dot + 1);
    size_t body_base = base + dot + 1;
    ShareLink link;
    if (body.substr(0, 2) == "t=") {
        link.kind = ShareLinkKind::Timeline;
        auto packed = base64url_decode(body.substr(2));
        if (!packed.ok()) {
            Error e = packed.error();
            e.offset += body_base + 2;
            return text_error(e);
        }
        auto payload = raw_inflate_bounded(*packed, kMaxSharePayloadBytes);
        if (!payload.ok()) {
            Error e = payload.error();
            e.within("timeline data (offsets in the decoded base64url bytes)");
            return e;
        }
        auto timeline = read_payload(*payload);
        if (!timeline.ok()) return payload_error(timeline.error());
        link.timeline = std::move(timeline).value();
        return link;
    }
    if (body.substr(0, 2) == "f=") {
        link.kind = ShareLinkKind::Reference;
        bool have_name = false, have_animation = false;
        Status parts = visit_link_parts(
            body, body_base, [&](std::string_view key, std::string_view value, size_t part_base) -> Status {
                if (key == "f") {
                    auto name = percent_decode(value, part_base + 2);
                    if (!name.ok()) return name.error();
                    if (name->size() > kMaxShareFileName)
                        return make_error(part_base,
                                          "file name longer than " + std::to_string(kMaxShareFileName) + " bytes");
                    link.reference.file_name = std::move(name).value();
                    have_name = true;
                } else if (key == "a") {
                    auto n = parse_animation_name(value);
                    if (!n)
                        return make_error(part_base + 2, "a=: expected an animation name aGGG_NNNNNN, found '" +
                                                             std::string(value.substr(0, 24)) + "'");
                    link.reference.animation = *n;
                    have_animation = true;
                } else if (key == "t") {
                    auto f = parse_frame(value, part_base + 2);
                    if (!f.ok()) return f.error();
                    link.reference.frame = *f;
                } else {
                    return make_error(part_base, "unknown key '" + std::string(key.substr(0, 16)) +
                                                     "' (a reference link has f=, a= and t=)");
                }
                return ok_status();
            });
        if (!parts.ok()) return text_error(parts.error());
        if (!have_name || !have_animation)
            return text_error(make_error(body_base, "a reference link needs both f=<file> and a=<animation>"));
        return link;
    }
    if (body.substr(0, 2) == "r=") {
        link.kind = ShareLinkKind::ReferenceView;
        auto view = read_reference_view(body, body_base);
        if (!view.ok()) return text_error(view.error());
        link.view = std::move(view).value();
        return link;
    }
    return text_error(make_error(
        body_base, "expected 't=' (a timeline), 'f=' (a file reference) or 'r=' (an event reference) after 'v1.'"));
}

std::string share_url(std::string_view base, std::string_view fragment) {
    std::string out(base);
    out += '#';
    out += fragment;
    return out;
}

}  // namespace taescope
