// The selection schedule a config asks for, read from what the user wrote, and how far a fixed schedule
// strays from it: the order in which `explain` offers fixes.
#pragma once

#include "reference/evaluate.hpp"

#include <compare>
#include <cstdint>
#include <optional>

namespace zfcheck {

// Micro-steps between selections as the zenflow block asks: select_interval under "step"; epochs times the
// epoch length (the dataloader's len(), else steps_per_epoch) under "epoch", one epoch under "auto"; the
// update interval when the block names no usable interval (as ZenFlow's own defaults pair them). Nothing
// when none of these is a positive integer.
std::optional<std::int64_t> asked_interval(const py::Value& zenflow,
                                           std::optional<std::int64_t> dataloader_len);

// How far a result's selections stray from every `asked` micro-steps over `micro_steps`: first how far the
// interval is off by ratio (|log2(interval / asked)|), then by how many selections the count is off.
struct Stray {
  double ratio = 0;
  std::int64_t count = 0;
  auto operator<=>(const Stray&) const = default;
};
Stray stray(const Result& r, std::optional<std::int64_t> asked, std::int64_t micro_steps);

// Whether columns are selected again after the first selection (a positive select interval): a fix must.
bool reselects(const Result& r);

}  // namespace zfcheck
