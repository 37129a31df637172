// profiles fit: the nearest setting has the fewest differing grid cases, found exactly (against a brute
// force).
#include "harness/upstream/profile_fit.hpp"
#include "harness/io/case_io.hpp"
#include "test_support.hpp"

#include <algorithm>
#include <set>

namespace zfcheck {
namespace {

Profile builtin(std::string_view name) { return *find_profile(name); }

// The model under `late`, except on the first `early_cases` cases of the grid walk, which get `early`'s
// results: a target that no setting reproduces, and that agrees with `early` only at the start of the walk.
class SplicedEngine final : public Engine {
 public:
  SplicedEngine(const SweepGrid& grid, std::uint64_t early_cases, Profile early, Profile late)
      : early_(std::move(early)), late_(std::move(late)) {
    for (std::uint64_t i = 0; i < early_cases && i < grid.size(); ++i)
      early_lines_.insert(case_line(grid.at(i)));
  }
  const std::string& name() const override { return name_; }
  std::string summary() const override { return name_; }
  std::string evaluator() const override { return name_; }
  std::string replay_option() const override { return ""; }
  void evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const override {
    out.clear();
    for (const Case& c : cases)
      out.push_back(evaluate(c, early_lines_.contains(case_line(c)) ? early_ : late_));
  }

 private:
  std::string name_ = "spliced";
  Profile early_;
  Profile late_;
  std::set<std::string> early_lines_;
};

// Every setting's count of differing cases, by brute force: the oracle the search must match.
std::vector<std::pair<Switches, std::uint64_t>> every_count(const SweepGrid& grid, const Engine& target) {
  const std::vector<SwitchInfo> fitted = switches_in(SwitchScope::config);
  std::vector<Case> cases;
  std::vector<Result> results;
  target.for_each_result(
      grid,
      [&](const Case& c, const Result& r) {
        cases.push_back(c);
        results.push_back(r);
      },
      nullptr);
  std::vector<std::pair<Switches, std::uint64_t>> out;
  for (unsigned bits = 0; bits < (1u << fitted.size()); ++bits) {
    Switches s;
    for (std::size_t i = 0; i < fitted.size(); ++i) s.*(fitted[i].member) = ((bits >> i) & 1u) != 0;
    const Profile profile{"fit", "", s, ""};
    std::uint64_t differing = 0;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      Result r = evaluate(cases[i], profile);
      r.profile = results[i].profile;
      differing += r == results[i] ? 0 : 1;
    }
    out.emplace_back(s, differing);
  }
  return out;
}

TEST(ProfileFit, theNearestHasTheFewestDifferingCasesNotTheLongestAgreement) {
  const SweepGrid grid(*builtin_grid_blocks({"coercion"}));
  // pr-8456's results on the first batch of the walk, deepspeed-edaa722's after: settings near pr-8456 agree
  // longer, and one near deepspeed-edaa722 differs in fewer cases.
  const SplicedEngine target(grid, 8192, builtin("pr-8456"), builtin("deepspeed-edaa722"));
  const SwitchFit fit = fit_switches(grid, target, nullptr);
  EXPECT_TRUE(fit.exact.empty());
  const auto counts = every_count(grid, target);
  const auto fewest = std::min_element(counts.begin(), counts.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
  EXPECT_EQ(fit.nearest_differing, fewest->second);
  const auto nearest =
      std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == fit.nearest; });
  ASSERT_NE(nearest, counts.end());
  EXPECT_EQ(nearest->second, fewest->second);
  EXPECT_EQ(fit.disagreements.cases() - fit.disagreements.agreed(), fewest->second);
}

TEST(ProfileFit, anExactSettingIsNamedWithNoDifference) {
  const SweepGrid grid(*builtin_grid_blocks({"coercion"}));
  const ModelEngine target(builtin("deepspeed-8274"));
  const SwitchFit fit = fit_switches(grid, target, nullptr);
  EXPECT_EQ(fit.nearest_differing, 0u);
  EXPECT_EQ(profile_with(fit.nearest), "deepspeed-8274");
  EXPECT_TRUE(std::find(fit.exact.begin(), fit.exact.end(), builtin("deepspeed-8274").switches) !=
              fit.exact.end());
}

}  // namespace
}  // namespace zfcheck
