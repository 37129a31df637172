// Whether a command's or a renderer's text holds a part: the check the output tests make most.
#pragma once

#include <string>
#include <string_view>

namespace zfcheck::testing {

inline bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

}  // namespace zfcheck::testing
