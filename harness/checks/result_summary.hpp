// One-line, human-readable accounts of what a result says, for the text reports.
#pragma once

#include "reference/evaluate.hpp"

#include <string>

namespace zfcheck {

// "ZenFlow off"; "config_error ValidationError (topk_ratio): <message>"; or for ok
// "select_interval 0 (engine 0), update_interval auto, warm-up 0: 1 selection in 40 micro-steps [0]; no
// warning".
std::string summarize(const Result& r, std::int64_t micro_steps);

// "config_error (ValidationError)", "ok", "ZenFlow off": the outcome and the error's class.
std::string outcome_label(const Result& r);

}  // namespace zfcheck
