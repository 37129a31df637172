// Finding the installed DeepSpeed through a child Python, and the profile registry's master profile.
#include "harness/explain/default_engine.hpp"

#include "harness/io/shell_quote.hpp"
#include "harness/upstream/upstream_source.hpp"
#include "reference/profile.hpp"

#include <filesystem>
#include <sstream>

namespace zfcheck {

namespace {

// Prints the package directory, DeepSpeed's version and pydantic's, one per line (empty when absent).
constexpr const char* kProbe =
    "import importlib.util, importlib.metadata as m, os\n"
    "s = importlib.util.find_spec('deepspeed')\n"
    "print(os.path.dirname(s.origin) if s is not None and s.origin else '')\n"
    "for name in ('deepspeed', 'pydantic'):\n"
    "    try: print(m.version(name))\n"
    "    except Exception: print('')\n";

constexpr std::string_view kZenFlowFile = "runtime/zenflow/zenflow_config.py";

}  // namespace

std::string master_profile() {
  std::string newest;
  for (const Profile& p : builtin_profiles()) {
    if (!p.upstream_rev.empty() && !p.upstream_rev.starts_with("refs/")) newest = p.name;
  }
  return newest;
}

DefaultEngine default_engine(const std::string& python) {
  DefaultEngine out{std::nullopt, master_profile(), ""};
  auto model = [&](const std::string& reason) {
    out.why = "Engine: " + out.profile + ", zfcheck's model of DeepSpeed master: " + reason + ".";
    return out;
  };
  auto [text, status] = shell_output(shell_quote(python) + " -c " + shell_quote(kProbe));
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
  out.deepspeed_dir = std::filesystem::path(dir).parent_path().string();
  out.why =
      "Engine: " + named + ", its own code run by zfcheck's runner (found through --python " + python + ").";
  return out;
}

}  // namespace zfcheck
