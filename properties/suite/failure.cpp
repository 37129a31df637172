// Describing a broken property: cases as eval lines, results key by key.
#include "properties/suite/failure.hpp"

#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"

namespace zfcheck::props {

std::string case_line(const Case& c) { return py::to_json(case_to_value(c)); }

std::optional<Failure> differences(std::string_view what, const Result& a, const Result& b) {
  if (a.outcome == b.outcome && a.error == b.error && a.config == b.config && a.resolved == b.resolved &&
      a.engine == b.engine && a.zenflow_enabled == b.zenflow_enabled && a.warnings == b.warnings &&
      a.selections == b.selections) {
    return std::nullopt;
  }
  py::Value va = result_to_value(a);
  py::Value vb = result_to_value(b);
  std::string out;
  for (const auto& [key, value] : va.as<py::Dict>()->entries()) {
    if (key == "id" || key == "profile") continue;
    const py::Value* other = vb.as<py::Dict>()->find(key.text);
    if (other != nullptr && *other == value) continue;
    out +=
        " " + key.text + " (" + py::to_json(value) + " vs " + (other ? py::to_json(*other) : "nothing") + ")";
  }
  if (out.empty()) return std::nullopt;
  return std::string(what) + " differ on" + out;
}

std::optional<Failure> same_under_every_profile(std::string_view relation, const Case& a, const Case& b,
                                 const ProfileSet& profiles) {
  for (const Profile& p : profiles.all()) {
    if (auto diff = differences("the results", evaluate(a, p), evaluate(b, p))) {
      return "under " + p.name + ", " + std::string(relation) + ", yet " + case_line(a) + " and " +
             case_line(b) + ": " + *diff;
    }
  }
  return std::nullopt;
}

}  // namespace zfcheck::props
