// Describing a broken property: cases as eval lines, results key by key.
#include "properties/suite/failure.hpp"

#include "harness/io/case_io.hpp"
#include "harness/io/result_diff.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"

namespace zfcheck::props {

std::optional<Failure> differences(std::string_view what, const Result& a, const Result& b) {
  // A quick exit for the common case, equal results (whatever their id and profile), before the eval-format
  // comparison names fields.
  Result b_as_a = b;
  b_as_a.id = a.id;
  b_as_a.profile = a.profile;
  if (a == b_as_a) return std::nullopt;
  std::string out;
  for (const FieldDifference& d : field_differences(result_to_value(a), result_to_value(b), kResultFields))
    out += " " + d.field + " (" + py::to_json(d.left) + " vs " + py::to_json(d.right) + ")";
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
