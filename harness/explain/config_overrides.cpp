// Parsing and applying --set assignments.
#include "harness/explain/config_overrides.hpp"

#include "reference/py_json.hpp"

namespace zfcheck {

tl::expected<Override, std::string> parse_override(std::string_view assignment) {
  std::size_t eq = assignment.find('=');
  if (eq == std::string_view::npos) {
    return tl::unexpected("--set " + std::string(assignment) + ": expected KEY.PATH=VALUE");
  }
  Override o;
  std::string_view keys = assignment.substr(0, eq);
  for (std::size_t at = 0;;) {
    std::size_t dot = keys.find('.', at);
    o.path.emplace_back(keys.substr(at, dot == std::string_view::npos ? dot : dot - at));
    if (o.path.back().empty()) {
      return tl::unexpected("--set " + std::string(assignment) + ": an empty key in '" + std::string(keys) +
                            "'");
    }
    if (dot == std::string_view::npos) break;
    at = dot + 1;
  }
  std::string_view text = assignment.substr(eq + 1);
  auto parsed = py::parse_json(text);
  o.value = parsed ? std::move(*parsed) : py::Value(py::Str{std::string(text)});
  return o;
}

std::string path_text(const std::vector<std::string>& path) {
  std::string out;
  for (const auto& key : path) out += (out.empty() ? "" : ".") + key;
  return out;
}

tl::expected<void, std::string> apply_override(py::Value& config, const Override& o) {
  py::Value* here = &config;
  for (std::size_t i = 0; i < o.path.size(); ++i) {
    py::Dict* dict = here->as<py::Dict>();
    if (dict == nullptr) {
      std::string where = i == 0
                              ? "the config"
                              : path_text({o.path.begin(), o.path.begin() + static_cast<std::ptrdiff_t>(i)});
      return tl::unexpected("--set " + path_text(o.path) + ": " + where + " is " +
                            std::string(py::type_name(*here)) + ", not an object");
    }
    if (dict->find(o.path[i]) == nullptr)
      dict->set(py::Str{o.path[i]}, i + 1 == o.path.size() ? o.value : py::Dict{});
    here = dict->find_mutable(o.path[i]);
  }
  *here = o.value;
  return {};
}

}  // namespace zfcheck
