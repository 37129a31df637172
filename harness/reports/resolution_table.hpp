// The PR #8456 thread's resolution table: its rows and the reviewer's, each a case run through the model.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/io/text_table.hpp"
#include "reference/evaluate.hpp"

#include <string>
#include <vector>

namespace zfcheck {

struct ResolutionTableRow {
  std::string label;
  Case c;
};

// The thread's five rows (auto/auto and epoch/1 with and without a dataloader of 10, step/10), then
// the reviewer's probe (steps_per_epoch unset, 0, -5, 10, no dataloader) and the empty dataloader
// the fix commit found; every case at stage 2 over `micro_steps` micro-steps.
std::vector<ResolutionTableRow> resolution_table_cases(std::int64_t micro_steps);

// The columns that describe the input: strategy, interval, epoch length known (known_epoch_length;
// "n/a" under the step strategy).
std::vector<std::string> input_headers();
std::vector<std::string> input_cells(const Case& c);

// The columns that describe a result: resolved select_interval, selections in N steps, warning; an
// outcome other than ok fills the first with outcome_label() and the others with "-".
std::vector<std::string> result_headers(std::int64_t micro_steps);
std::vector<std::string> result_cells(const Result& r);

// The same three facts in one cell, "S / selections / warning", for a table with a column per profile.
std::string compact_result_cell(const Result& r);

// The table over `cases`: with one profile, input and result columns; with several, the input
// columns and one compact column per profile.
std::string render_resolution_table(const std::vector<ResolutionTableRow>& cases, const std::vector<const Engine*>& engines,
                                std::int64_t micro_steps, TableFormat format);

}  // namespace zfcheck
