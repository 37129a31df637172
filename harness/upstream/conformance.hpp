// Compares model results with upstream's, field by field, and groups the disagreements for a report.
#pragma once

#include "harness/io/result_diff.hpp"
#include "harness/io/terminal_style.hpp"
#include "reference/evaluate.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace zfcheck {

// Every eval-format field upstream can produce: outcome, error type/field/message, each key of
// config, resolved and engine, zenflow_enabled, the warnings by what each says (their labels: the words
// may differ), selections and their count.
// Each difference holds the model's value on the left, upstream's on the right.
std::vector<FieldDifference> compare_results(const py::Value& model, const py::Value& upstream);

// Disagreements grouped by field, each group keeping its count and its smallest case.
class DisagreementSummary {
 public:
  void add(const Case& c, const std::vector<FieldDifference>& differences);
  void count_case(bool agreed) { ++cases_, agreed_ += agreed ? 1 : 0; }

  std::size_t cases() const { return cases_; }
  std::size_t agreed() const { return agreed_; }

  struct Group {
    std::size_t count = 0;
    Case example;
    FieldDifference difference;
  };
  const std::map<std::string, Group>& groups() const { return groups_; }

  // The report: one block per field (count, minimal example, both values), then "agreement: A/N cases"
  // (in the style's colour for a verdict).
  std::string render(const std::string& replay_prefix,
                     const TerminalStyle& style = TerminalStyle(false)) const;

 private:
  std::map<std::string, Group> groups_;
  std::size_t cases_ = 0;
  std::size_t agreed_ = 0;
};

}  // namespace zfcheck
