// Reproduce strings: a property failure's RC_PARAMS line gives back its counterexample.
#include "properties/generators/reproduce.hpp"
#include "harness/io/case_io.hpp"
#include "properties/suite/property_run.hpp"

#include <gtest/gtest.h>

namespace zfcheck::props {
namespace {

// A property of the suite that fails under the builtin profiles (a recorded finding).
Falsification falsify(std::string_view name, std::uint64_t seed) {
  const PropertySpec* spec = find_property(name);
  if (spec == nullptr) throw std::logic_error("no property " + std::string(name));
  TestParams params;
  params.seed = seed;
  params.max_success = 100000;
  PropertyRun run = run_property(*spec, ProfileSet::builtin(), params);
  if (!run.falsified) throw std::logic_error(std::string(name) + " held");
  return *run.falsified;
}

// The case the property body itself saw, as failure_text() printed it ("  case: <line>").
Case printed_case(const std::string& description) {
  auto at = description.find("\n  case: ") + 9;
  return *parse_case(description.substr(at, description.find('\n', at) - at));
}

TEST(Reproduce, aFailuresParamsGiveBackItsCounterexample) {
  for (std::uint64_t seed : {1, 2, 3}) {
    Falsification f = falsify("deepspeed8274KeepsEpochMeansEpochs", seed);
    std::string params = reproduce_params("deepspeed8274KeepsEpochMeansEpochs", f.reproduce);
    ASSERT_TRUE(params.starts_with("RC_PARAMS=\"reproduce=")) << params;
    auto cases = cases_from_reproduce(params);
    ASSERT_TRUE(cases) << cases.error();
    ASSERT_EQ(cases->size(), 1u);
    EXPECT_EQ(cases->front().first, "deepspeed8274KeepsEpochMeansEpochs");
    EXPECT_EQ(cases->front().second, printed_case(f.description)) << f.description;
  }
}

TEST(Reproduce, takesTheValueAloneAndOtherKeys) {
  Falsification f = falsify("pr8456KeepsSetupNeverRaises", 4);
  std::string params = reproduce_params("p", f.reproduce);
  std::string value = params.substr(std::string("RC_PARAMS=\"").size());
  value.pop_back();
  auto bare = cases_from_reproduce(value);
  auto with_seed = cases_from_reproduce("seed=12 " + value + " max_success=3");
  ASSERT_TRUE(bare) << bare.error();
  ASSERT_TRUE(with_seed) << with_seed.error();
  EXPECT_EQ(bare->front().second, f.counterexample);
  EXPECT_EQ(with_seed->front().second, f.counterexample);
}

TEST(Reproduce, namesEveryPropertyOfTheString) {
  ReproduceMap failures;
  failures.emplace("b", falsify("pr8456KeepsSetupNeverRaises", 5).reproduce);
  failures.emplace("a", falsify("deepspeedEdaa722KeepsWarningsDoNotAbort", 6).reproduce);
  auto cases = cases_from_reproduce(reproduce_entry(failures));
  ASSERT_TRUE(cases) << cases.error();
  ASSERT_EQ(cases->size(), 2u);
  EXPECT_EQ(cases->at(0).first, "a");
  EXPECT_EQ(cases->at(1).first, "b");
}

TEST(Reproduce, refusesWhatIsNotAReproduceString) {
  EXPECT_FALSE(cases_from_reproduce("reproduce=not-base64!"));
  EXPECT_FALSE(cases_from_reproduce("seed=1 max_success=10"));
  EXPECT_FALSE(cases_from_reproduce(""));
}

TEST(Reproduce, refusesAShrinkPathThisGeneratorCannotWalk) {
  ReproducePoint wrong = falsify("pr8456KeepsSetupNeverRaises", 7).reproduce;
  wrong.shrink_path.push_back(1'000'000);
  auto c = case_at(wrong);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().find("shrink path"), std::string::npos);
}

}  // namespace
}  // namespace zfcheck::props
