// Top-k conformance: the oracle's answer to each problem against upstream's own run of it
// (zf_topk_upstream.py), rank by rank and parameter by parameter, counted per check, each disagreement kept
// with its first problem.
#pragma once

#include "kernels/oracle/topk_problem.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace zfcheck {

// Agreement counts of one kind of comparison.
struct TopkTally {
  std::size_t agreed = 0;
  std::size_t total = 0;
};

class TopkConformance {
 public:
  // One problem: `line` as given, the problem (under the profile's selection rules), the oracle's answer line
  // (zfcheck topk) and upstream's (the runner's). An upstream answer with an "error" (RunnerError, a
  // partition upstream cannot take) is listed as not compared.
  void add(const std::string& line, const SelectionProblem& problem, const nlohmann::ordered_json& oracle,
           const nlohmann::ordered_json& upstream);
  // A line that is not a problem (listed, not compared).
  void add_invalid(const std::string& reason) { invalid_.push_back(reason); }

  std::size_t problems() const { return problems_; }
  std::size_t agreed() const { return agreed_; }
  const std::vector<std::string>& invalid() const { return invalid_; }

  // The report: per check its agreement, the torch-version differences, each disagreement with its count,
  // first problem, both answers and the commands that replay it (`oracle_replay` and `upstream_replay`,
  // each fed the problem on standard input), the lines not compared, then "agreement: A/N problems".
  std::string render(const std::string& oracle_replay, const std::string& upstream_replay) const;

 private:
  struct Disagreement {
    std::size_t count = 0;
    std::string line;
    nlohmann::ordered_json oracle, upstream;
  };
  // Counts one comparison of kind `check`; a disagreement is kept under `check`.
  void tally(const std::string& check, bool agrees, bool& problem_agrees, const std::string& line,
             const nlohmann::ordered_json& oracle, const nlohmann::ordered_json& upstream);

  std::map<std::string, TopkTally> tallies_;  // by check, e.g. "rank outcome: blocked"
  std::map<std::string, Disagreement> disagreements_;
  std::map<std::string, std::size_t>
      torch_differences_;  // ranks agreeing but for a change of torch's, by change
  std::size_t unanswered_params_ = 0;
  std::size_t problems_ = 0;
  std::size_t agreed_ = 0;
  std::vector<std::string> invalid_;
  std::map<std::string, std::pair<std::size_t, std::string>> not_compared_;  // by reason: count, first line
};

}  // namespace zfcheck
