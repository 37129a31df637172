// What `eval` and `check` share: their options, and the loop of case lines in, one result line out per input
// line, in order.
#pragma once

#include "harness/cli/engine_choice.hpp"
#include "reference/evaluate.hpp"
#include "reference/py_json.hpp"

#include <functional>
#include <string>
#include <string_view>

namespace zfcheck::cli {

// Both commands' options: the engine and the cases' file ("-": standard input).
struct CaseStreamOptions {
  EngineChoice engine;
  std::string input = "-";
};

// Adds the engine choice and the positional input to `cmd`.
void add_case_stream_options(CLI::App* cmd, CaseStreamOptions& opts);

// Adds keys to a result object as it is written; `c` is null for a line that is not a usable case.
// Returns true when the line is a finding (the command then exits 1).
using Annotate = std::function<bool(const Case* c, const Result& r, py::ObjectWriter& out)>;

// Reads the input and writes each line's result from the chosen engine. Returns the exit code: 2 for bad
// usage, an unreadable input, a line that is not a case or an engine failure; else 1 when `annotate`
// reported a finding; else 0. Messages name `command`.
int stream_cases(std::string_view command, const CaseStreamOptions& opts, const Annotate& annotate);

}  // namespace zfcheck::cli
