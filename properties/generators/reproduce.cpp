// Decoding reproduce strings with RapidCheck's own configuration parser, and writing them.
#include "properties/generators/reproduce.hpp"

#include <algorithm>
#include <cctype>

namespace zfcheck::props {

namespace {

// "RC_PARAMS=\"...\"" or "'...'" to what is inside the quotes.
std::string_view params_text(std::string_view text) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
  };
  text = trim(text);
  if (text.starts_with("RC_PARAMS=")) text.remove_prefix(std::string_view("RC_PARAMS=").size());
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front()) {
    text = text.substr(1, text.size() - 2);
  }
  return trim(text);
}

}  // namespace

tl::expected<std::vector<std::pair<std::string, Case>>, std::string> cases_from_reproduce(
    std::string_view rc_params) {
  auto config = parse_rc_params(std::string(params_text(rc_params)));
  if (!config) return tl::unexpected(config.error());
  if (config->reproduce.empty()) return tl::unexpected(std::string("no reproduce= in the string"));
  std::vector<std::pair<std::string, Case>> out;
  for (const auto& [id, reproduce] : config->reproduce) {
    auto c = case_at(reproduce);
    if (!c) return tl::unexpected(id + ": " + c.error());
    out.emplace_back(id, std::move(*c));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

std::string reproduce_params(const std::string& property_id, const ReproducePoint& reproduce) {
  return "RC_PARAMS=\"" + reproduce_entry({{property_id, reproduce}}) + "\"";
}

}  // namespace zfcheck::props
