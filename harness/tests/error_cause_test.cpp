// Tests of the setting behind an error DeepSpeedConfig raises naming no field (harness/explain/error_cause).
#include "harness/explain/error_cause.hpp"

#include "reference/py_json.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

std::optional<ErrorCause> cause_of(std::string_view config) {
  Case c = testing::case_of(R"({"deepspeed_config":)" + std::string(config) + "}");
  ModelEngine engine(testing::profile("deepspeed-edaa722"));
  return error_cause(c, evaluate_one(engine, c), engine);
}

constexpr std::string_view kZero =
    R"("zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},"zenflow":{}})";

TEST(ErrorCause, TheBatchAssertionsTypeErrorIsTheAutoBatchSize) {
  // _batch_assertion compares train_batch_size first: '>' between a str and an int.
  auto cause = cause_of(R"({"train_batch_size":"auto","train_micro_batch_size_per_gpu":"auto",)" +
                        std::string(kZero) + "}");
  ASSERT_TRUE(cause);
  EXPECT_EQ(cause->path, "train_batch_size");
  EXPECT_EQ(py::to_json(cause->value), R"("auto")");
  EXPECT_FALSE(cause->accepted);  // the micro batch's "auto" fails next
}

TEST(ErrorCause, ASettingWithoutWhichTheConfigIsAcceptedComesFirst) {
  // Without train_batch_size DeepSpeed has no batch size at all (another error); without
  // gradient_allreduce_op it accepts the config: that one is named.
  auto cause =
      cause_of(R"({"train_batch_size":8,"gradient_allreduce_op":"bogus",)" + std::string(kZero) + "}");
  ASSERT_TRUE(cause);
  EXPECT_EQ(cause->path, "gradient_allreduce_op");
  EXPECT_TRUE(cause->accepted);
}

TEST(ErrorCause, NestedSettingsByTheirPath) {
  auto cause = cause_of(R"({"train_batch_size":8,"checkpoint":{"parallel_write":{"pipeline_stage":[]}},)" +
                        std::string(kZero) + "}");
  ASSERT_TRUE(cause);
  EXPECT_EQ(cause->path, "checkpoint.parallel_write.pipeline_stage");
}

TEST(ErrorCause, NothingForAnErrorThatNamesItsFieldOrForAnAcceptedConfig) {
  EXPECT_FALSE(cause_of(R"({"train_batch_size":8,"zero_optimization":{"stage":"x"}})"));
  EXPECT_FALSE(cause_of(R"({"train_batch_size":8,)" + std::string(kZero) + "}"));
  // A zenflow-block case is not a whole config.
  Case block = testing::case_of(R"({"zenflow":{"topk_ratio":2}})");
  ModelEngine engine(testing::profile("deepspeed-edaa722"));
  EXPECT_FALSE(error_cause(block, evaluate_one(engine, block), engine));
}

}  // namespace
}  // namespace zfcheck
