// Batches of cases through the model and upstream's answers, compared field by field.
#include "harness/upstream/conformance_run.hpp"

#include "harness/checks/minimal_order.hpp"
#include "harness/io/result_json.hpp"

namespace zfcheck {

namespace {

constexpr std::size_t kBatchCases = 4096;

}  // namespace

void ConformanceRun::add(tl::expected<Case, CaseError> c, std::size_t line) {
  if (!c) {
    invalid_.push_back(invalid_case_result(c.error(), line, profile_.name).error->message);
    return;
  }
  batch_.push_back(std::move(*c));
  if (batch_.size() == kBatchCases) compare_batch();
}

void ConformanceRun::finish() {
  compare_batch();
  if (progress_ != nullptr) progress_->finish();
}

void ConformanceRun::compare_batch() {
  if (batch_.empty()) return;
  std::vector<py::Value> answers = upstream_.answer_values(batch_);
  for (std::size_t i = 0; i < batch_.size(); ++i) {
    auto answer = result_from_value(answers[i]);
    if (auto why = answer ? runner_failure(*answer) : std::nullopt) {
      not_evaluated_.add(upstream_.name() + ": " + *why);
      if (!first_not_evaluated_ || simpler(batch_[i], *first_not_evaluated_))
        first_not_evaluated_ = batch_[i];
      continue;
    }
    auto differences = compare_results(result_to_value(evaluate(batch_[i], profile_)), answers[i]);
    summary_.count_case(differences.empty());
    summary_.add(batch_[i], differences);
  }
  batch_.clear();
  if (progress_ != nullptr) progress_->update(summary_.cases());
}

std::string ConformanceRun::render(const std::string& replay_prefix, const TerminalStyle& style) const {
  std::string out = summary_.render(replay_prefix, style);
  if (first_not_evaluated_) {
    out +=
        not_evaluated_.summary() + ", not compared\n  smallest: " + case_line(*first_not_evaluated_) + "\n";
  }
  if (invalid_.empty()) return out;
  out += std::to_string(invalid_.size()) + (invalid_.size() == 1 ? " line is" : " lines are") +
         " not a case the model accepts (invalid_case), not compared:\n";
  for (const std::string& reason : invalid_) out += "  " + reason + "\n";
  return out;
}

}  // namespace zfcheck
