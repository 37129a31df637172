// evaluate(): errors, disabled ZenFlow, the horizon and the id (the PR #8456 thread's table is pinned in
// harness/tests/resolution_table_test.cpp, beside the code that prints it).
#include "reference/evaluate.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

TEST(Evaluate, ConfigErrorsOfTheFinalPrAreValidationErrors) {
  Result r = evaluate(testing::make_case(R"({"steps_per_epoch":0})"), testing::profile("pr-8456"));
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->type, "ValidationError");
  EXPECT_FALSE(r.config.has_value());
  EXPECT_TRUE(r.selections.empty());
}

TEST(Evaluate, DisabledZenflowIsOkWithNothingResolved) {
  for (std::string_view block : {"null", R"("auto")"}) {
    Result r = evaluate(testing::make_case(block), testing::profile("pr-8456"));
    EXPECT_EQ(r.outcome, Outcome::ok);
    EXPECT_FALSE(r.zenflow_enabled);
    EXPECT_FALSE(r.config.has_value());
    EXPECT_FALSE(r.resolved.has_value());
    EXPECT_TRUE(r.selections.empty());
  }
}

TEST(Evaluate, InitErrorsKeepTheValidatedConfigAndTheWarningsLoggedSoFar) {
  Result r = evaluate(testing::make_case(R"({"select_interval":5,"update_interval":4})", 3), testing::profile("pr-8456"));
  EXPECT_EQ(r.outcome, Outcome::init_error);
  EXPECT_TRUE(r.config.has_value());
  EXPECT_FALSE(r.resolved.has_value());
  EXPECT_EQ(r.warnings.size(), 1u);
}

TEST(Evaluate, SelectionsRespectTheHorizon) {
  Result r = evaluate(testing::make_case(R"({"select_strategy":"step","select_interval":1})", std::nullopt, 3, 5),
                      testing::profile("deepspeed-edaa722"));
  EXPECT_EQ(r.selections, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(r.profile, "deepspeed-edaa722");
}

TEST(Evaluate, IdIsEchoed) {
  Case c = testing::make_case("{}");
  c.id = py::Str{"x"};
  EXPECT_EQ(evaluate(c, testing::profile("pr-8456")).id, py::Str{"x"});
}

}  // namespace
}  // namespace zfcheck
