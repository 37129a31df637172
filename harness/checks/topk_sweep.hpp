// The top-k sweep: the top-k grid through upstream's selection (the oracle) under a profile's selection
// rules; per broken top-k invariant a count and the minimal problem, with the command that replays it.
#pragma once

#include "kernels/oracle/topk_answer.hpp"
#include "kernels/oracle/topk_problem.hpp"
#include "reference/profile.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

struct TopkFinding {
  std::string invariant;
  std::uint64_t count = 0;              // grid problems whose answer breaks it
  std::uint64_t index = 0;              // the first of them in grid order: the minimal example
  SelectionProblem example;             // that problem, under the swept rules
  SelectionAnswer answer;               // upstream's (the oracle's) answer to it
  std::vector<std::string> violations;  // every invariant that answer breaks, in catalogue order
};

struct TopkSweep {
  std::uint64_t problems = 0;
  std::vector<TopkFinding> findings;  // catalogue order; only invariants some problem breaks
};

// The whole top-k grid (harness/checks/topk_grid.hpp) under `rules`' selection switches.
TopkSweep sweep_topk(const Switches& rules);

// {"invariant", "count", "example": <problem line>, "answer": <`zfcheck topk --impl both` line>,
// "replay": <command>}: a top-k finding as corpus/findings records it. The example's id is
// "topk-grid-<index>"; `profile` (a profile name, overrides included) goes into the replay command.
nlohmann::ordered_json topk_finding_json(const TopkFinding& finding, std::string_view profile);

}  // namespace zfcheck
