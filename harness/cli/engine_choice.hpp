// The one engine option of every evaluating command: --profile P | --upstream PATH[@REV]
// (docs/upstream-engine.md), and explain's default, the installed DeepSpeed.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/upstream/topk_upstream.hpp"
#include "harness/upstream/upstream_engine.hpp"
#include "reference/profile.hpp"

#include <CLI/CLI.hpp>
#include <tl/expected.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace zfcheck::cli {

// The type names the help shows for an option naming a profile (NAME[:switch=on|off,...]) and for one
// naming either engine (a profile or upstream:PATH[@REV]); shell completion offers the profiles for both.
inline constexpr const char* kProfileType = "PROFILE";
inline constexpr const char* kEngineType = "ENGINE";

struct EngineChoice {
  std::string profile{kDefaultProfile};
  bool all = false;
  std::string upstream;  // PATH[@REV]; empty: the model
  std::string python = "python3";
  unsigned jobs = 0;
  std::string cache_dir;
  bool no_cache = false;
  bool coverage = false;  // record which lines of upstream's files run (review and history set it)
  bool verify = false;    // evaluate every case, failing where an answer reused from another revision differs
  std::string device = "cpu";  // the torch device of the top-k runner (topk, conformance --topk)
};

// Adds --profile, --upstream (exclusive), the runner's --python, --jobs, --cache-dir, --no-cache and,
// when `allow_all`, --all-profiles.
void add_engine_choice(CLI::App* cmd, EngineChoice& choice, bool allow_all);
// Adds --upstream alone (add_engine_choice's; a command whose model side is not one profile adds the
// runner's options itself); returns it.
CLI::Option* add_upstream_option(CLI::App* cmd, EngineChoice& choice);
// Adds only --python, --jobs, --cache-dir, --no-cache (for commands whose engines are named otherwise) and,
// for the config runner, --verify.
void add_runner_options(CLI::App* cmd, EngineChoice& choice, RunnerScript runner = RunnerScript::config);
// Adds --device, the torch device upstream's top-k selection code runs on.
void add_device_option(CLI::App* cmd, EngineChoice& choice);

using Engines = std::vector<std::unique_ptr<Engine>>;

// The chosen engines (every profile, oldest first, for --all-profiles); the reason when one is unknown.
tl::expected<Engines, std::string> chosen_engines(const EngineChoice& choice);
// One engine from a spec: a profile (NAME[:switch=on|off,...]) or upstream:PATH[@REV].
tl::expected<std::unique_ptr<Engine>, std::string> engine_from_spec(const std::string& spec, const EngineChoice& choice);
// Upstream's code at PATH[@REV] with the runner options of `choice`.
tl::expected<std::unique_ptr<Engine>, std::string> upstream_engine(const std::string& path_at_rev,
                                                                   const EngineChoice& choice);
// The same, as the upstream engine itself (for conformance, which compares its raw answers).
tl::expected<std::unique_ptr<UpstreamEngine>, std::string> open_upstream(const std::string& path_at_rev,
                                                                         const EngineChoice& choice);

// Upstream's own top-k selection at PATH[@REV] with the runner options of `choice` (set by the options
// --<options_prefix>python and --<options_prefix>device, which its messages name).
tl::expected<std::unique_ptr<TopkUpstream>, std::string> open_topk_upstream(const std::string& path_at_rev,
                                                                           const EngineChoice& choice,
                                                                           const std::string& options_prefix = "");

// The installed DeepSpeed, asked of `python` (a child process: importlib.util.find_spec and
// importlib.metadata, nothing imported, torch neither): the directory holding the deepspeed package when it
// has ZenFlow's files and the interpreter has pydantic 2 (zfcheck's runner needs it), else nothing; and one
// sentence saying which engine that makes and why (master_profile() where the installed one cannot serve).
struct InstalledDeepSpeed {
  std::optional<std::string> deepspeed_dir;
  std::string why;
};
InstalledDeepSpeed installed_deepspeed(const std::string& python);

// The engines of a command with a default of its own (explain), and the sentence naming them: those the
// options name (`named`: --profile, --upstream or --all-profiles given), else the installed DeepSpeed, else
// master_profile().
struct NamedEngines {
  Engines engines;
  std::string why;
};
tl::expected<NamedEngines, std::string> named_or_installed_engines(const EngineChoice& choice, bool named);

// Runs body(), turning an EngineFailure into a message naming `command` and exit status 2.
int guard_engine_failure(std::string_view command, const std::function<int()>& body);

}  // namespace zfcheck::cli
