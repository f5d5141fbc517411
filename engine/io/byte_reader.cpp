#include "io/byte_reader.h"

#include <cstdio>

namespace taescope {

std::string hex(uint64_t value) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llX", static_cast<unsigned long long>(value));
    return buf;
}

Error ByteReader::out_of_bounds(uint64_t offset, uint64_t length, std::string_view what) const {
    return make_error(offset, std::string(what) + ": needs " + std::to_string(length) + " byte(s) at " + hex(offset) +
                                  " but the data ends at " + hex(data_.size()));
}

Result<uint8_t> ByteReader::u8(uint64_t offset, std::string_view what) const {
    if (!has(offset, 1)) return out_of_bounds(offset, 1, what);
    return data_[offset];
}
Result<uint16_t> ByteReader::u16le(uint64_t offset, std::string_view what) const {
    if (!has(offset, 2)) return out_of_bounds(offset, 2, what);
    return load_u16le(data_.data() + offset);
}
Result<uint32_t> ByteReader::u32le(uint64_t offset, std::string_view what) const {
    if (!has(offset, 4)) return out_of_bounds(offset, 4, what);
    return load_u32le(data_.data() + offset);
}
Result<uint64_t> ByteReader::u64le(uint64_t offset, std::string_view what) const {
    if (!has(offset, 8)) return out_of_bounds(offset, 8, what);
    return load_u64le(data_.data() + offset);
}
Result<int32_t> ByteReader::i32le(uint64_t offset, std::string_view what) const {
    if (!has(offset, 4)) return out_of_bounds(offset, 4, what);
    return static_cast<int32_t>(load_u32le(data_.data() + offset));
}
Result<float> ByteReader::f32le(uint64_t offset, std::string_view what) const {
    if (!has(offset, 4)) return out_of_bounds(offset, 4, what);
    return load_f32le(data_.data() + offset);
}
Result<uint32_t> ByteReader::u32be(uint64_t offset, std::string_view what) const {
    if (!has(offset, 4)) return out_of_bounds(offset, 4, what);
    return load_u32be(data_.data() + offset);
}
Result<Bytes> ByteReader::slice(uint64_t offset, uint64_t length, std::string_view what) const {
    if (!has(offset, length)) return out_of_bounds(offset, length, what);
    return data_.subspan(offset, length);
}

Result<std::u16string> ByteReader::utf16z(uint64_t offset, std::string_view what) const {
    // Find the terminator first, then fill a string sized once (growing unit by unit reallocated
    // several times per name).
    uint64_t end = offset;
    while (true) {
        if (!has(end, 2))
            return make_error(offset, std::string(what) + ": no NUL terminator before the end of the data (" +
                                          hex(data_.size()) + ")");
        if (load_u16le(data_.data() + end) == 0) break;
        end += 2;
    }
    std::u16string out(size_t((end - offset) / 2), u'\0');
    for (size_t i = 0; i < out.size(); ++i) out[i] = char16_t(load_u16le(data_.data() + offset + 2 * i));
    return out;
}

std::string utf16_to_utf8(std::u16string_view s) {
    // The ASCII prefix (for member paths and motion names, usually the whole string) is written
    // by index into storage sized once; the rest, if any, is encoded unit by unit.
    size_t ascii = 0;
    while (ascii < s.size() && s[ascii] < 0x80) ++ascii;
    std::string out(ascii, '\0');
    for (size_t i = 0; i < ascii; ++i) out[i] = char(s[i]);
    if (ascii == s.size()) return out;
    out.reserve(ascii + 3 * (s.size() - ascii));
    for (size_t i = ascii; i < s.size(); ++i) {
        uint32_t c = s[i];
        if (c >= 0xD800 && c < 0xDC00 && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] < 0xE000) {
            c = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
            ++i;
        } else if (c >= 0xD800 && c < 0xE000) {
            c = 0xFFFD;  // lone surrogate: shown as the replacement character (raw units are kept elsewhere)
        }
        if (c < 0x80) {
            out.push_back(char(c));
        } else if (c < 0x800) {
            out.push_back(char(0xC0 | (c >> 6)));
            out.push_back(char(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            out.push_back(char(0xE0 | (c >> 12)));
            out.push_back(char(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(char(0x80 | (c & 0x3F)));
        } else {
            out.push_back(char(0xF0 | (c >> 18)));
            out.push_back(char(0x80 | ((c >> 12) & 0x3F)));
            out.push_back(char(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(char(0x80 | (c & 0x3F)));
        }
    }
    return out;
}

std::u16string utf8_to_utf16(std::string_view s) {
    std::u16string out;
    size_t i = 0;
    while (i < s.size()) {
        uint8_t b = uint8_t(s[i]);
        uint32_t c;
        size_t n;
        if (b < 0x80) { c = b; n = 1; }
        else if ((b >> 5) == 6) { c = b & 0x1F; n = 2; }
        else if ((b >> 4) == 14) { c = b & 0x0F; n = 3; }
        else if ((b >> 3) == 30) { c = b & 0x07; n = 4; }
        else { out.push_back(0xFFFD); ++i; continue; }
        if (i + n > s.size()) { out.push_back(0xFFFD); break; }
        for (size_t k = 1; k < n; ++k) c = (c << 6) | (uint8_t(s[i + k]) & 0x3F);
        i += n;
        if (c >= 0x10000) {
            c -= 0x10000;
            out.push_back(char16_t(0xD800 + (c >> 10)));
            out.push_back(char16_t(0xDC00 + (c & 0x3FF)));
        } else {
            out.push_back(char16_t(c));
        }
    }
    return out;
}

}  // namespace taescope
