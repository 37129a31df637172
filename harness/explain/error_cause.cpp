// Taking a whole config's settings out one at a time and evaluating what remains.
#include "harness/explain/error_cause.hpp"

#include <span>
#include <vector>

namespace zfcheck {

namespace {

constexpr std::size_t kMaxDepth = 3;

// The paths of the config's values that are not objects, in its order, objects entered up to kMaxDepth.
void leaf_paths(const py::Dict& dict, std::vector<std::string>& prefix,
                std::vector<std::vector<std::string>>& out) {
  for (const auto& [key, value] : dict.entries()) {
    prefix.push_back(key.text);
    const py::Dict* inner = value.as<py::Dict>();
    if (inner != nullptr && !inner->entries().empty() && prefix.size() < kMaxDepth) {
      leaf_paths(*inner, prefix, out);
    } else {
      out.push_back(prefix);
    }
    prefix.pop_back();
  }
}

// `dict` without the value at `path`.
py::Dict without(const py::Dict& dict, std::span<const std::string> path) {
  py::Dict out;
  for (const auto& [key, value] : dict.entries()) {
    if (key.text != path.front()) {
      out.set(key, value);
    } else if (path.size() > 1) {
      out.set(key, without(*value.as<py::Dict>(), path.subspan(1)));
    }
  }
  return out;
}

const py::Value& value_at(const py::Dict& dict, std::span<const std::string> path) {
  const py::Value& v = *dict.find(path.front());
  return path.size() == 1 ? v : value_at(*v.as<py::Dict>(), path.subspan(1));
}

std::string dotted(const std::vector<std::string>& path) {
  std::string out;
  for (const std::string& key : path) out += (out.empty() ? "" : ".") + key;
  return out;
}

}  // namespace

std::optional<ErrorCause> error_cause(const Case& c, const Result& r, const Engine& engine) {
  if (!c.deepspeed_config || r.outcome != Outcome::config_error || !r.error || r.error->field)
    return std::nullopt;
  const py::Dict* config = c.deepspeed_config->as<py::Dict>();
  if (config == nullptr) return std::nullopt;
  std::vector<std::vector<std::string>> paths;
  std::vector<std::string> prefix;
  leaf_paths(*config, prefix, paths);
  std::optional<ErrorCause> other_error;
  for (const std::vector<std::string>& path : paths) {
    Case trial = c;
    trial.deepspeed_config = py::Value(without(*config, path));
    const Result t = evaluate_one(engine, trial);
    const bool same = t.outcome == Outcome::config_error && t.error && t.error->type == r.error->type &&
                      t.error->message == r.error->message;
    if (same || t.outcome == Outcome::unmodelled || t.outcome == Outcome::invalid_case) continue;
    ErrorCause cause{dotted(path), value_at(*config, path), t.outcome != Outcome::config_error};
    if (cause.accepted) return cause;
    if (!other_error) other_error = std::move(cause);
  }
  return other_error;
}

}  // namespace zfcheck
