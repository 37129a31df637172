// UTF-8 and WTF-8 (UTF-8 that may carry lone surrogates) encoding, decoding and validation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace zfcheck::utf8 {

// Appends the code point (a lone surrogate is encoded as its three WTF-8 bytes).
void append(std::string& out, std::uint32_t code_point);

// Decodes the code point at `at` and advances past it. The text must be valid WTF-8.
std::uint32_t decode(std::string_view text, std::size_t& at);

// Offset of the first byte that breaks strict UTF-8 (as Python decodes it), or npos when valid.
std::size_t first_invalid(std::string_view text);

// '0' to '9': the digits every number grammar the model reads (JSON, Python's, pydantic's) shares.
inline bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

// Unicode White_Space, the set Rust's str::trim removes.
bool is_unicode_space(std::uint32_t code_point);

// Rust's str::trim: the text without leading and trailing Unicode White_Space.
std::string_view trim(std::string_view text);

}  // namespace zfcheck::utf8
