// Evaluating a case and asking the registry's predicate about its result.
#include "properties/suite/invariant_bodies.hpp"

#include "harness/io/result_json.hpp"

namespace zfcheck::props {

std::optional<Failure> keeps_invariant(const Invariant& invariant, std::string_view profile, const Case& c,
                        const ProfileSet& profiles) {
  Result r = evaluate(c, profiles.at(profile));
  if (invariant.holds(c, r)) return std::nullopt;
  std::string line;
  write_result(line, r);
  return r.profile + " breaks " + std::string(invariant.name) + ": " + line;
}

}  // namespace zfcheck::props
