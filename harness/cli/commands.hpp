// The zfcheck subcommands: each file registers one with the CLI11 app and sets the exit code it ends with.
#pragma once

#include <CLI/CLI.hpp>

namespace zfcheck::cli {

// Exit codes (docs/design.md#conventions): all good, a finding or a failed check, bad usage or unreadable input.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFinding = 1;
inline constexpr int kExitUsage = 2;

void add_conformance_command(CLI::App& app, int& exit_code);
void add_eval_command(CLI::App& app, int& exit_code);
void add_generate_command(CLI::App& app, int& exit_code);
void add_profiles_command(CLI::App& app, int& exit_code);
void add_topk_command(CLI::App& app, int& exit_code);
void add_invariants_command(CLI::App& app, int& exit_code);
void add_check_command(CLI::App& app, int& exit_code);
void add_grid_command(CLI::App& app, int& exit_code);
void add_sweep_command(CLI::App& app, int& exit_code);
void add_table_command(CLI::App& app, int& exit_code);
void add_diff_command(CLI::App& app, int& exit_code);
void add_report_command(CLI::App& app, int& exit_code);
void add_replay_command(CLI::App& app, int& exit_code);
void add_review_command(CLI::App& app, int& exit_code);
void add_history_command(CLI::App& app, int& exit_code);
void add_corpus_command(CLI::App& app, int& exit_code);
void add_explain_command(CLI::App& app, int& exit_code);
// The hidden `zfcheck completion bash`, from the tree of `app` (added last, it sees every command).
void add_completion_command(CLI::App& app, int& exit_code);
// The subcommands of `zfcheck corpus`.
void add_corpus_add_command(CLI::App& corpus, int& exit_code);
void add_corpus_cases_command(CLI::App& corpus, int& exit_code);

}  // namespace zfcheck::cli
