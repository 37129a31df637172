// Naming the branch a result took, coarse enough that a property's distribution stays a short table.
#include "properties/suite/branch_tag.hpp"

namespace zfcheck::props {

std::string branch_tag(const Result& r) {
  switch (r.outcome) {
    case Outcome::config_error:
      if (r.error && r.error->field) return "config_error on a field";
      if (r.error && r.error->message.starts_with("Value error, ")) return "config_error in validate_fields";
      return "config_error before the fields";
    case Outcome::init_error:
      return "init_error " + (r.error ? r.error->type : std::string("?"));
    case Outcome::ok:
      break;
    default:
      return std::string(outcome_name(r.outcome));
  }
  if (!r.zenflow_enabled || !r.resolved) return "zenflow off";
  std::string tag = "ok " + std::string(r.resolved->select_strategy) + ", ";
  tag += r.selections.empty()               ? "never selects"
         : r.resolved->select_interval == 0 ? "selects once"
                                            : "re-selects";
  return r.warnings.empty() ? tag : tag + ", warned";
}

}  // namespace zfcheck::props
