// Building mutants, running the suite against them, and searching a case that tells an undetected one apart.
#include "properties/suite/mutation.hpp"

#include "harness/checks/sweep_grid.hpp"
#include "harness/io/text_table.hpp"
#include "properties/suite/finding_search.hpp"
#include "properties/generators/generators.hpp"

#include <algorithm>
#include <stdexcept>

namespace zfcheck::props {

namespace {

Profile mutant_of(std::string_view switch_name, std::string_view profile) {
  const Profile& original = ProfileSet::builtin().at(profile);
  auto info = std::find_if(kSwitches.begin(), kSwitches.end(),
                           [&](const SwitchInfo& s) { return s.name == switch_name; });
  if (info == kSwitches.end()) throw std::logic_error("no switch " + std::string(switch_name));
  bool flipped = !(original.switches.*(info->member));
  auto mutant =
      find_profile(std::string(profile) + ":" + std::string(switch_name) + (flipped ? "=on" : "=off"));
  if (!mutant) throw std::logic_error(mutant.error());
  return *mutant;
}

bool tells_apart(const Case& c, const Profile& original, const Profile& mutant) {
  return differences("", evaluate(c, original), evaluate(c, mutant)).has_value();
}

std::optional<Case> distinguishing_case(const Profile& original, const Profile& mutant, std::uint64_t seed,
                                        std::size_t samples) {
  std::optional<Case> found;
  SweepGrid::builtin().for_each([&](const Case& c) {
    if (!found && tells_apart(c, original, mutant)) found = c;
  });
  if (!found) {
    gen::sample_cases(seed, samples, [&](const Case& c) {
      if (!found && tells_apart(c, original, mutant)) found = c;
    });
  }
  return found;
}

}  // namespace

MutantReport check_mutant(std::string_view switch_name, std::string_view profile,
                          const RecordedFindings& recorded, const TestParams& params, std::size_t samples) {
  Profile mutant = mutant_of(switch_name, profile);
  MutantReport report{std::string(switch_name), std::string(profile), mutant.name, {}, "", std::nullopt};
  ProfileSet profiles = ProfileSet::builtin().with(mutant);
  for (const PropertySpec& spec : property_suite()) {
    const Case* example =
        spec.invariant.empty() ? nullptr : recorded.example(spec.profiles.front(), spec.invariant);
    PropertyRun run = run_for_expectation(spec, profiles, params, example);
    if (auto unmet = unmet_expectation(spec, profiles, run, example)) {
      if (report.detected_by.empty()) report.first_detection = *unmet;
      report.detected_by.push_back(spec.name);
    }
  }
  if (report.detected_by.empty()) {
    report.distinguishing_case =
        distinguishing_case(ProfileSet::builtin().at(profile), mutant, params.seed, samples);
  }
  return report;
}

std::string mutation_table(const std::vector<MutantReport>& reports, TableFormat format) {
  std::vector<std::vector<std::string>> rows;
  for (const MutantReport& r : reports) {
    std::string verdict;
    if (!r.detected_by.empty()) {
      verdict = r.detected_by.front();
      if (r.detected_by.size() > 1) verdict += " (+" + std::to_string(r.detected_by.size() - 1) + " more)";
    } else {
      verdict = r.distinguishing_case ? "HOLE: nothing detects it" : "equivalent: no case tells it apart";
    }
    rows.push_back({r.switch_name, r.profile, std::move(verdict)});
  }
  return render_table({"switch flipped", "in profile", "detected by"}, rows, format);
}

}  // namespace zfcheck::props
