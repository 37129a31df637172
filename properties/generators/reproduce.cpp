// Decoding reproduce strings with RapidCheck's own configuration parser, and walking shrink paths.
#include "properties/generators/reproduce.hpp"

#include "properties/generators/generators.hpp"

#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/gen/detail/ExecRaw.h>
#include <rapidcheck/shrinkable/Operations.h>

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

tl::expected<Case, std::string> case_at(const rc::detail::Reproduce& reproduce) {
  // The same shrink tree as rc::detail::toProperty(body) for a body taking one `const Case&`.
  const auto drawn = rc::gen::detail::execRaw([](const Case& c) { return c; });
  auto found = rc::shrinkable::walkPath(drawn(reproduce.random, reproduce.size), reproduce.shrinkPath);
  if (!found) return tl::unexpected(std::string("the shrink path does not fit this build's generator"));
  return found->value().first;
}

tl::expected<std::vector<std::pair<std::string, Case>>, std::string> cases_from_reproduce(
    std::string_view rc_params) {
  rc::detail::Configuration config;
  try {
    config = rc::detail::configFromString(std::string(params_text(rc_params)));
  } catch (const rc::detail::ConfigurationException& e) {
    return tl::unexpected(std::string(e.what()));
  }
  if (config.reproduce.empty()) return tl::unexpected(std::string("no reproduce= in the string"));
  std::vector<std::pair<std::string, Case>> out;
  for (const auto& [id, reproduce] : config.reproduce) {
    auto c = case_at(reproduce);
    if (!c) return tl::unexpected(id + ": " + c.error());
    out.emplace_back(id, std::move(*c));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return out;
}

std::string reproduce_params(const std::string& property_id, const rc::detail::Reproduce& reproduce) {
  rc::detail::Configuration config;
  config.reproduce.emplace(property_id, reproduce);
  std::string params = rc::detail::configToMinimalString(config);
  // configToMinimalString always writes the seed, which a reproduction ignores.
  std::size_t at = params.find("reproduce=");
  return "RC_PARAMS=\"" + params.substr(at, params.find(' ', at) - at) + "\"";
}

}  // namespace zfcheck::props
