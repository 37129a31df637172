// The literal predicate over every micro-step, against the model's folded schedule.
#include "properties/suite/schedule_bodies.hpp"

#include <vector>

namespace zfcheck::props {

namespace {

// Python's `m % s == 0` for s != 0: the remainder is zero under floor and truncating division alike.
std::vector<std::int64_t> literal_selections(const py::Int& s, const py::Int& w, std::int64_t micro_steps) {
  std::vector<std::int64_t> out;
  for (std::int64_t m = 0; m < micro_steps; ++m) {
    py::Int since_warm_up = py::Int(m) - w;
    if (since_warm_up >= 0 && (since_warm_up == 0 || (s != 0 && py::Int(m) % s == 0))) out.push_back(m);
  }
  return out;
}

std::string list_text(const std::vector<std::int64_t>& values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? "," : "") + std::to_string(values[i]);
  return out + "]";
}

}  // namespace

std::optional<Failure> selections_follow_the_select_predicate(const Case& c, const ProfileSet& profiles) {
  for (const Profile& p : profiles.all()) {
    Result r = evaluate(c, p);
    if (!r.resolved) continue;
    auto expected =
        literal_selections(r.resolved->select_interval, r.resolved->full_warm_up_rounds, c.micro_steps);
    if (r.selections != expected) {
      return "under " + p.name + ", " + case_line(c) + " selects " + list_text(r.selections) +
             " but the predicate holds at " + list_text(expected);
    }
  }
  return std::nullopt;
}

}  // namespace zfcheck::props
