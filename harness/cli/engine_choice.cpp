// Engine selection shared by every evaluating command.
#include "harness/cli/engine_choice.hpp"

#include "harness/cli/commands.hpp"
#include "harness/upstream/upstream_engine.hpp"

#include <iostream>

namespace zfcheck::cli {

void add_runner_options(CLI::App* cmd, EngineChoice& choice, const char* python_help) {
  cmd->add_option("--python", choice.python, python_help)
      ->type_name("EXE")
      ->capture_default_str();
  cmd->add_option("--jobs", choice.jobs, "Upstream runner processes (default: the number of cores)");
  auto dir =
      cmd->add_option("--cache-dir", choice.cache_dir,
                      "Cache of upstream results (default: $XDG_CACHE_HOME/zfcheck or ~/.cache/zfcheck)")
          ->type_name("DIR");
  cmd->add_flag("--no-cache", choice.no_cache, "Neither read nor write the cache of upstream results")->excludes(dir);
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
  UpstreamEngineOptions options{choice.python, choice.jobs, chosen_cache_dir(choice), choice.coverage};
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
                                                .coverage = choice.coverage});
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
