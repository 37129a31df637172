// Engine selection shared by every evaluating command, and explain's default engine.
#include "harness/cli/engine_choice.hpp"

#include "harness/cli/commands.hpp"
#include "harness/io/shell_output.hpp"
#include "harness/io/shell_quote.hpp"
#include "harness/upstream/upstream_engine.hpp"

#include <filesystem>
#include <iostream>
#include <sstream>

namespace zfcheck::cli {

void add_runner_options(CLI::App* cmd, EngineChoice& choice, RunnerScript runner) {
  const bool config = runner == RunnerScript::config;
  // What --python needs, by runner: the config runner's pydantic 2, the top-k runner's torch.
  cmd->add_option(
         "--python", choice.python,
         config ? "Python 3 with pydantic 2, for --upstream (the DeepSpeed environment's)"
                : "Python 3 with torch, for --upstream (Debian's python3-torch serves /usr/bin/python3)")
      ->type_name("EXE")
      ->capture_default_str();
  cmd->add_option("--jobs", choice.jobs, "Upstream runner processes (default: the number of cores)");
  auto dir =
      cmd->add_option("--cache-dir", choice.cache_dir,
                      "Cache of upstream results (default: $XDG_CACHE_HOME/zfcheck or ~/.cache/zfcheck)")
          ->type_name("DIR");
  auto none =
      cmd->add_flag("--no-cache", choice.no_cache, "Neither read nor write the cache of upstream results")
          ->excludes(dir);
  if (config) {
    cmd->add_flag(
           "--verify", choice.verify,
           "Evaluate every case (and, in review and history, every top-k problem), even one whose answer the "
           "cache could reuse from another revision, and fail (exit 2) where that answer differs")
        ->excludes(none);
  }
}

void add_device_option(CLI::App* cmd, EngineChoice& choice) {
  cmd->add_option("--device", choice.device,
                  "Torch device upstream's top-k code runs on with --upstream (cpu, cuda, cuda:1, ...): "
                  "--python's torch must reach it")
      ->type_name("DEV")
      ->capture_default_str();
}

void add_engine_choice(CLI::App* cmd, EngineChoice& choice, bool allow_all) {
  CLI::Option* one =
      cmd->add_option("--profile", choice.profile,
                      "Behaviour profile, optionally with switch overrides (NAME:switch=on|off,...)")
          ->type_name(kProfileType)
          ->capture_default_str();
  CLI::Option* upstream = add_upstream_option(cmd, choice)->excludes(one);
  if (allow_all)
    cmd->add_flag("--all-profiles", choice.all, "Every built-in profile, oldest first")->excludes(one)->excludes(upstream);
  add_runner_options(cmd, choice);
}

CLI::Option* add_upstream_option(CLI::App* cmd, EngineChoice& choice) {
  return cmd
      ->add_option("--upstream", choice.upstream,
                   "Upstream's own code instead of the model: a DeepSpeed checkout or mirror, PATH[@REV]")
      ->type_name("PATH[@REV]");
}

namespace {

// The result cache's directory --cache-dir and --no-cache choose (empty: none).
std::string chosen_cache_dir(const EngineChoice& choice) {
  if (choice.no_cache) return {};
  return choice.cache_dir.empty() ? ResultCache::default_dir() : choice.cache_dir;
}

}  // namespace

tl::expected<std::unique_ptr<UpstreamEngine>, std::string> open_upstream(const std::string& path_at_rev,
                                                                         const EngineChoice& choice) {
  auto [path, rev] = split_upstream_spec(path_at_rev);
  UpstreamEngineOptions options{choice.python, choice.jobs, chosen_cache_dir(choice), choice.coverage,
                                choice.verify};
  return UpstreamEngine::open(path, rev, options);
}

tl::expected<std::unique_ptr<TopkUpstream>, std::string> open_topk_upstream(const std::string& path_at_rev,
                                                                           const EngineChoice& choice,
                                                                           const std::string& options_prefix) {
  auto [path, rev] = split_upstream_spec(path_at_rev);
  return TopkUpstream::open(path, rev,
                            TopkUpstreamOptions{.python = choice.python,
                                                .jobs = choice.jobs,
                                                .cache_dir = chosen_cache_dir(choice),
                                                .device = choice.device,
                                                .options_prefix = options_prefix,
                                                .coverage = choice.coverage,
                                                .verify = choice.verify});
}

tl::expected<std::unique_ptr<Engine>, std::string> upstream_engine(const std::string& path_at_rev,
                                                                   const EngineChoice& choice) {
  auto engine = open_upstream(path_at_rev, choice);
  if (!engine) return tl::unexpected(engine.error());
  return std::unique_ptr<Engine>(std::move(*engine));
}

tl::expected<std::unique_ptr<Engine>, std::string> engine_from_spec(const std::string& spec, const EngineChoice& choice) {
  constexpr std::string_view kUpstream = "upstream:";
  if (spec.starts_with(kUpstream)) return upstream_engine(spec.substr(kUpstream.size()), choice);
  auto profile = find_profile(spec);
  if (!profile) return tl::unexpected(profile.error());
  return std::unique_ptr<Engine>(std::make_unique<ModelEngine>(std::move(*profile)));
}

tl::expected<Engines, std::string> chosen_engines(const EngineChoice& choice) {
  Engines engines;
  if (choice.all) {
    for (const Profile& p : builtin_profiles()) engines.push_back(std::make_unique<ModelEngine>(p));
    return engines;
  }
  auto engine = choice.upstream.empty() ? engine_from_spec(choice.profile, choice) : upstream_engine(choice.upstream, choice);
  if (!engine) return tl::unexpected(engine.error());
  engines.push_back(std::move(*engine));
  return engines;
}

namespace {

// Prints the package directory, DeepSpeed's version and pydantic's, one per line (empty when absent).
constexpr const char* kDeepSpeedProbe =
    "import importlib.util, importlib.metadata as m, os\n"
    "s = importlib.util.find_spec('deepspeed')\n"
    "print(os.path.dirname(s.origin) if s is not None and s.origin else '')\n"
    "for name in ('deepspeed', 'pydantic'):\n"
    "    try: print(m.version(name))\n"
    "    except Exception: print('')\n";

constexpr std::string_view kZenFlowFile = "runtime/zenflow/zenflow_config.py";

}  // namespace

InstalledDeepSpeed installed_deepspeed(const std::string& python) {
  auto model = [](const std::string& reason) {
    return InstalledDeepSpeed{std::nullopt, "Engine: " + master_profile() +
                                                ", zfcheck's model of DeepSpeed master: " + reason + "."};
  };
  auto [text, status] = shell_output(shell_quote(python) + " -c " + shell_quote(kDeepSpeedProbe));
  if (status != 0) {
    return model(python +
                 " cannot say where deepspeed is (it does not run, or is older than Python 3.8); --python "
                 "names your DeepSpeed's interpreter");
  }
  std::istringstream lines(text);
  std::string dir, version, pydantic;
  std::getline(lines, dir);
  std::getline(lines, version);
  std::getline(lines, pydantic);
  const std::string named = "DeepSpeed " + (version.empty() ? std::string("(version unknown)") : version) +
                            " installed for " + python + " (" + dir + ")";
  if (dir.empty())
    return model("no deepspeed package is installed for " + python + " (--python names another)");
  if (!std::filesystem::exists(std::filesystem::path(dir) / kZenFlowFile)) {
    return model(named + " has no ZenFlow (no deepspeed/" + std::string(kZenFlowFile) + ")");
  }
  if (!pydantic.starts_with("2.")) {
    return model(named + " cannot be run by zfcheck: that interpreter has " +
                 (pydantic.empty() ? std::string("no pydantic") : "pydantic " + pydantic) +
                 ", and zfcheck's runner needs pydantic 2");
  }
  return InstalledDeepSpeed{
      std::filesystem::path(dir).parent_path().string(),
      "Engine: " + named + ", its own code run by zfcheck's runner (found through --python " + python + ")."};
}

tl::expected<NamedEngines, std::string> named_or_installed_engines(const EngineChoice& choice, bool named) {
  if (named) {
    auto engines = chosen_engines(choice);
    if (!engines) return tl::unexpected(engines.error());
    std::string why = choice.all ? "Engines: every built-in profile, as --all-profiles asks."
                                 : "Engine: " + engines->front()->name() + ", as " +
                                       (choice.upstream.empty() ? "--profile" : "--upstream") + " asks.";
    return NamedEngines{std::move(*engines), std::move(why)};
  }
  InstalledDeepSpeed installed = installed_deepspeed(choice.python);
  NamedEngines out;
  if (installed.deepspeed_dir) {
    auto upstream = upstream_engine(*installed.deepspeed_dir, choice);
    if (upstream) {
      out.engines.push_back(std::move(*upstream));
      out.why = std::move(installed.why);
      return out;
    }
    installed.why = "Engine: " + master_profile() +
                    ", zfcheck's model of DeepSpeed master: the installed DeepSpeed cannot be read (" +
                    upstream.error() + ").";
  }
  auto profile = find_profile(master_profile());
  if (!profile) return tl::unexpected(profile.error());
  out.engines.push_back(std::make_unique<ModelEngine>(std::move(*profile)));
  out.why = std::move(installed.why);
  return out;
}

int guard_engine_failure(std::string_view command, const std::function<int()>& body) {
  try {
    return body();
  } catch (const EngineFailure& e) {
    std::cout.flush();
    std::cerr << "zfcheck " << command << ": " << e.what() << "\n";
    return kExitUsage;
  }
}

}  // namespace zfcheck::cli
