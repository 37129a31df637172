// The switch search: all settings side by side over one pass of the target, then the nearest one's fields.
#include "harness/upstream/profile_fit.hpp"

#include "harness/checks/warning_meaning.hpp"
#include "harness/io/result_json.hpp"

#include <thread>

namespace zfcheck {

namespace {

// Every setting of the config switches; the selection switches keep their defaults (no case sees them).
std::vector<Switches> all_settings() {
  const std::vector<SwitchInfo> fitted = switches_in(SwitchScope::config);
  std::vector<Switches> out;
  for (unsigned bits = 0; bits < (1u << fitted.size()); ++bits) {
    Switches s;
    for (std::size_t i = 0; i < fitted.size(); ++i) s.*(fitted[i].member) = ((bits >> i) & 1u) != 0;
    out.push_back(s);
  }
  return out;
}

// The model's result is the target's, warnings compared by what they say (upstream's words are its own), and
// the revision's fields the model does not know left out (no switch models them; `review` sweeps them).
bool same(Result model, const Result& target) {
  model.profile = target.profile;
  model.other_config = target.other_config;
  if (model.warnings == target.warnings) return model == target;
  if (warning_labels(model.warnings) != warning_labels(target.warnings)) return false;
  model.warnings = target.warnings;
  return model == target;
}

}  // namespace

std::string switches_text(const Switches& switches) {
  std::string out;
  for (const SwitchInfo& s : switches_in(SwitchScope::config))
    out += (out.empty() ? "" : ",") + std::string(s.name) + ((switches.*(s.member)) ? "=on" : "=off");
  return out;
}

std::string profile_with(const Switches& switches) {
  for (const Profile& p : builtin_profiles()) {
    if (p.switches == switches) return p.name;
  }
  return {};
}

SwitchFit fit_switches(const SweepGrid& grid, const Engine& target, Progress* progress) {
  const std::vector<Switches> settings = all_settings();
  std::vector<Profile> profiles;
  for (const Switches& s : settings) profiles.push_back(Profile{"fit", "", s, ""});
  // A setting stays in the search until a batch where it differs; its rank is (that batch, how many
  // cases differed in it): later and fewer is nearer.
  std::vector<std::uint64_t> died_at(settings.size(), UINT64_MAX), differing(settings.size(), 0);
  std::uint64_t batch = 0;
  SwitchFit fit;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  target.for_each_batch_result(
      grid,
      [&](const std::vector<Case>& cases, const std::vector<Result>& results) {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t) {
          pool.emplace_back([&, t] {
            for (std::size_t s = t; s < settings.size(); s += threads) {
              if (died_at[s] != UINT64_MAX) continue;
              for (std::size_t i = 0; i < cases.size(); ++i)
                differing[s] += same(evaluate(cases[i], profiles[s]), results[i]) ? 0 : 1;
              if (differing[s] > 0) died_at[s] = batch;
            }
          });
        }
        for (auto& th : pool) th.join();
        fit.cases += cases.size();
        ++batch;
      },
      progress);
  std::size_t best = 0;
  for (std::size_t s = 0; s < settings.size(); ++s) {
    if (died_at[s] == UINT64_MAX) fit.exact.push_back(settings[s]);
    bool nearer = died_at[s] != died_at[best] ? (died_at[s] == UINT64_MAX ||
                                                 (died_at[best] != UINT64_MAX && died_at[s] > died_at[best]))
                                              : differing[s] < differing[best];
    if (nearer) best = s;
  }
  fit.nearest = settings[best];
  if (died_at[best] == UINT64_MAX) return fit;
  target.for_each_batch_result(
      grid,
      [&](const std::vector<Case>& cases, const std::vector<Result>& results) {
        for (std::size_t i = 0; i < cases.size(); ++i) {
          auto differences = compare_results(result_to_value(evaluate(cases[i], profiles[best])),
                                             result_to_value(results[i]));
          fit.disagreements.count_case(differences.empty());
          fit.disagreements.add(cases[i], differences);
        }
      },
      nullptr);
  fit.nearest_differing = fit.disagreements.cases() - fit.disagreements.agreed();
  return fit;
}

}  // namespace zfcheck
