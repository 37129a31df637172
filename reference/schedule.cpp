// The selection predicate over a run of micro-steps, with huge intervals and warm-ups folded into range.
#include "reference/schedule.hpp"

#include <limits>

namespace zfcheck {

namespace {

// For micro-steps in [0, horizon), a warm-up below 0 behaves as -1 and one beyond the horizon as the
// horizon; an interval only matters through |S|, and any |S| >= horizon divides just m = 0.
struct Folded {
  std::int64_t warm_up;
  std::int64_t interval;  // |S|, 0 when S == 0
};

Folded fold(const py::Int& select_interval, const py::Int& warm_up, std::int64_t horizon) {
  Folded f;
  f.warm_up = py::clamp_to(warm_up, -1, horizon);
  py::Int magnitude = select_interval < 0 ? py::Int(-select_interval) : select_interval;
  f.interval = py::clamp_to(magnitude, 0, horizon);
  return f;
}

bool boundary(std::int64_t m, const Folded& f) {
  return m >= f.warm_up && (m == f.warm_up || (f.interval != 0 && m % f.interval == 0));
}

}  // namespace

bool is_select_boundary(std::int64_t micro_step, const py::Int& select_interval, const py::Int& warm_up) {
  std::int64_t horizon = micro_step < std::numeric_limits<std::int64_t>::max() ? micro_step + 1 : micro_step;
  return boundary(micro_step, fold(select_interval, warm_up, horizon));
}

std::vector<std::int64_t> selections(const py::Int& select_interval, const py::Int& warm_up, std::int64_t micro_steps) {
  std::vector<std::int64_t> out;
  if (micro_steps <= 0) return out;
  Folded f = fold(select_interval, warm_up, micro_steps);
  for (std::int64_t m = f.warm_up < 0 ? 0 : f.warm_up; m < micro_steps; ++m) {
    if (boundary(m, f)) out.push_back(m);
  }
  return out;
}

std::vector<std::int64_t> update_boundaries(const py::Int& select_interval, const py::Int& update_interval,
                                            const py::Int& warm_up, std::int64_t micro_steps) {
  std::vector<std::int64_t> out;
  for (std::int64_t step = 0; step < micro_steps; ++step) {
    py::Int n(step + 1);
    if (n < warm_up || (n - warm_up) % update_interval == 0 || (select_interval != 0 && n % select_interval == 0)) {
      out.push_back(step);
    }
  }
  return out;
}

}  // namespace zfcheck
