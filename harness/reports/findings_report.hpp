// A sweep's findings as text a reviewer can paste into an upstream issue.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/checks/sweep.hpp"
#include "harness/io/text_table.hpp"
#include "reference/profile.hpp"

#include <string>

namespace zfcheck {

// The DeepSpeed config a user would write for the case: zero_optimization with the case's stage, the
// CPU optimizer offload the model assumes, and the zenflow block as the case holds it.
std::string deepspeed_config_json(const Case& c);

// Per finding: the invariant (name, statement, why) and its causes (causes.hpp), then per cause, simplest
// first: its count, the minimal config as a JSON snippet and how deepspeed.initialize() is called, what
// happens (result_summary), the thread-table row of the example (thread_table.hpp) and the command that
// replays it. Markdown, or the same in plain text.
std::string render_findings_report(const SweepReport& report, const Engine& engine, TableFormat format);

}  // namespace zfcheck
