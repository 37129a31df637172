// UTF-8 helpers shared by the JSON reader and pydantic's string coercions.
#include "reference/utf8.hpp"

#include <cstring>

namespace zfcheck::utf8 {

void append(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::uint32_t decode(std::string_view text, std::size_t& at) {
  auto byte = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(text[i])); };
  std::uint32_t c = byte(at);
  if (c < 0x80) {
    at += 1;
    return c;
  }
  if (c < 0xE0) {
    std::uint32_t cp = ((c & 0x1F) << 6) | (byte(at + 1) & 0x3F);
    at += 2;
    return cp;
  }
  if (c < 0xF0) {
    std::uint32_t cp = ((c & 0x0F) << 12) | ((byte(at + 1) & 0x3F) << 6) | (byte(at + 2) & 0x3F);
    at += 3;
    return cp;
  }
  std::uint32_t cp = ((c & 0x07) << 18) | ((byte(at + 1) & 0x3F) << 12) | ((byte(at + 2) & 0x3F) << 6) |
                     (byte(at + 3) & 0x3F);
  at += 4;
  return cp;
}

std::size_t first_invalid(std::string_view text) {
  std::size_t i = 0;
  const std::size_t n = text.size();
  auto cont = [&](std::size_t k) { return k < n && (static_cast<unsigned char>(text[k]) & 0xC0) == 0x80; };
  while (i < n) {
    // Eight ASCII bytes at a time: case lines are mostly ASCII.
    std::uint64_t word = 0;
    if (i + 8 <= n && (std::memcpy(&word, text.data() + i, 8), (word & 0x8080808080808080ULL) == 0)) {
      i += 8;
      continue;
    }
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    std::size_t len = 0;
    std::uint32_t min = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
      min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      min = 0x10000;
    } else {
      return i;
    }
    for (std::size_t k = 1; k < len; ++k) {
      if (!cont(i + k)) return i;
    }
    std::size_t at = i;
    std::uint32_t cp = decode(text, at);
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return i;
    i = at;
  }
  return std::string_view::npos;
}

bool is_unicode_space(std::uint32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || cp == 0x20 || cp == 0x85 || cp == 0xA0 || cp == 0x1680 ||
         (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F ||
         cp == 0x3000;
}

std::string_view trim(std::string_view text) {
  std::size_t begin = 0;
  while (begin < text.size()) {
    std::size_t next = begin;
    if (!is_unicode_space(decode(text, next))) break;
    begin = next;
  }
  std::size_t end = begin;
  std::size_t last_kept = begin;
  while (end < text.size()) {
    std::size_t next = end;
    if (!is_unicode_space(decode(text, next))) last_kept = next;
    end = next;
  }
  return text.substr(begin, last_kept - begin);
}

}  // namespace zfcheck::utf8
