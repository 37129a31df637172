// The switch search: all settings side by side over one pass of the target, then the nearest one's fields.
#include "harness/upstream/profile_fit.hpp"

#include "harness/checks/warning_meaning.hpp"
#include "harness/io/result_json.hpp"

#include <algorithm>
#include <cstdint>
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

// How many config switches the setting would have to flip to equal some built-in profile.
std::size_t distance_to_a_profile(const Switches& setting) {
  std::size_t nearest = SIZE_MAX;
  for (const Profile& p : builtin_profiles()) {
    std::size_t flips = 0;
    for (const SwitchInfo& s : switches_in(SwitchScope::config))
      flips += setting.*(s.member) != p.switches.*(s.member);
    nearest = std::min(nearest, flips);
  }
  return nearest;
}

SwitchFit fit_switches(const SweepGrid& grid, const Engine& target, Progress* progress) {
  const std::vector<Switches> settings = all_settings();
  std::vector<Profile> profiles;
  for (const Switches& s : settings) profiles.push_back(Profile{"fit", "", s, ""});
  // Each setting counts the cases where it differs; it leaves the search once its count passes what some
  // setting still in it could end with (its count so far plus every case not yet walked), so that the
  // fewest differing cases is found exactly while most settings stop early.
  std::vector<std::uint64_t> differing(settings.size(), 0);
  std::vector<bool> searched(settings.size(), true);
  std::uint64_t walked = 0;
  SwitchFit fit;
  const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  target.for_each_batch_result(
      grid,
      [&](const std::vector<Case>& cases, const std::vector<Result>& results) {
        std::vector<std::thread> pool;
        for (unsigned t = 0; t < threads; ++t) {
          pool.emplace_back([&, t] {
            for (std::size_t s = t; s < settings.size(); s += threads) {
              if (!searched[s]) continue;
              for (std::size_t i = 0; i < cases.size(); ++i)
                differing[s] += same(evaluate(cases[i], profiles[s]), results[i]) ? 0 : 1;
            }
          });
        }
        for (auto& th : pool) th.join();
        walked += cases.size();
        std::uint64_t bound = UINT64_MAX;
        for (std::size_t s = 0; s < settings.size(); ++s) {
          if (searched[s]) bound = std::min(bound, differing[s] + (grid.size() - walked));
        }
        for (std::size_t s = 0; s < settings.size(); ++s) searched[s] = searched[s] && differing[s] <= bound;
      },
      progress);
  fit.cases = walked;
  // The fewest differing cases; ties go to the setting fewest switches away from a built-in profile.
  std::size_t best = SIZE_MAX;
  for (std::size_t s = 0; s < settings.size(); ++s) {
    if (!searched[s]) continue;
    if (differing[s] == 0) fit.exact.push_back(settings[s]);
    if (best == SIZE_MAX || differing[s] < differing[best] ||
        (differing[s] == differing[best] &&
         distance_to_a_profile(settings[s]) < distance_to_a_profile(settings[best])))
      best = s;
  }
  fit.nearest = settings[best];
  fit.nearest_differing = differing[best];
  if (differing[best] == 0) return fit;
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
  return fit;
}

}  // namespace zfcheck
