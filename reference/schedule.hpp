// The optimizer's selection schedule: which micro-steps is_zenflow_select_boundary() picks.
#pragma once

#include "reference/py_int.hpp"

#include <cstdint>
#include <vector>

namespace zfcheck {

// is_zenflow_select_boundary() at optimizer micro_step m (ZenFlow on):
// (m - W) >= 0 and ((m - W) == 0 or (S != 0 and m % S == 0)), with Python's unbounded ints.
bool is_select_boundary(std::int64_t micro_step, const py::Int& select_interval, const py::Int& warm_up);

// The micro_step values 0 .. micro_steps-1 at which the predicate holds (micro_step starts at -1 and
// is incremented before the predicate is read).
std::vector<std::int64_t> selections(const py::Int& select_interval, const py::Int& warm_up, std::int64_t micro_steps);

// engine.py is_zenflow_update_boundary() with a fixed update interval (auto_update off), at the steps
// 0 .. micro_steps-1 (the engine's micro_steps, read before it is incremented): with n = step + 1, true
// when n < W, or (n - W) % G == 0, or (S != 0 and n % S == 0); G is the engine's update_interval
// (gradient_accumulation_steps), S its select_interval, W full_warm_up_rounds. Needs G >= 1.
std::vector<std::int64_t> update_boundaries(const py::Int& select_interval, const py::Int& update_interval,
                                            const py::Int& warm_up, std::int64_t micro_steps);

}  // namespace zfcheck
