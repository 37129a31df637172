// Tests of reading a DeepSpeed config file and the case it makes (harness/checks/deepspeed_config).
#include "harness/explain/deepspeed_config.hpp"

#include "reference/py_json.hpp"
#include "scratch_dir.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace zfcheck {
namespace {

tl::expected<ConfigCase, std::string> from(std::string_view json, CallShape call = {}) {
  return case_from_config(*py::parse_json(json), call);
}

TEST(DeepSpeedConfig, TheZeroKeysMakeTheCase) {
  auto made = from(R"({"train_batch_size":4,"zero_optimization":{"stage":1,"overlap_comm":true,)"
                   R"("offload_optimizer":{"device":"cpu"},"zenflow":{"offload":true}}})",
                   CallShape{1000, 12});
  ASSERT_TRUE(made.has_value()) << made.error();
  EXPECT_EQ(made->c.stage, 1);
  EXPECT_EQ(made->c.overlap_comm, true);
  EXPECT_EQ(made->c.dataloader_len, 1000);
  EXPECT_EQ(made->c.micro_steps, 12);
  EXPECT_EQ(py::to_json(made->c.zenflow), R"({"offload":true})");
  EXPECT_EQ(made->read.back(), "zero_optimization.offload_optimizer.device: \"cpu\".");
}

TEST(DeepSpeedConfig, OverlapCommLeftOutIsTheDefaultAndSaidSo) {
  auto made = from(R"({"zero_optimization":{"stage":3,"zenflow":{}}})");
  ASSERT_TRUE(made.has_value());
  EXPECT_FALSE(made->c.overlap_comm.has_value());
  EXPECT_EQ(made->read[2], "zero_optimization.overlap_comm not set: ZeRO's default, true at stage 3.");
  EXPECT_NE(made->read[3].find("offload_optimizer is absent"), std::string::npos);
}

TEST(DeepSpeedConfig, ZenflowAbsentOrNullIsZenFlowOff) {
  for (std::string_view json : {R"({"zero_optimization":{"stage":2}})", R"({"zero_optimization":{"zenflow":null}})"}) {
    auto made = from(json);
    ASSERT_TRUE(made.has_value()) << json;
    EXPECT_EQ(made->c.zenflow.kind(), py::Kind::none);
  }
}

TEST(DeepSpeedConfig, WhatZenFlowNeedsIsNamedWhenMissing) {
  EXPECT_EQ(from("[1]").error(), "the config is list, not a JSON object");
  EXPECT_EQ(from("{}").error(), "the config has no zero_optimization block, where ZenFlow is configured");
  EXPECT_EQ(from(R"({"zero_optimization":5})").error(), "zero_optimization is 5, not an object");
  EXPECT_NE(from(R"({"zero_optimization":{"zenflow":{}}})").error().find("has no stage"), std::string::npos);
  EXPECT_EQ(from(R"({"zero_optimization":{"stage":true,"zenflow":{}}})").error(),
            "zero_optimization.stage is true; ZenFlow runs only under ZeRO stage 1, 2 or 3");
  EXPECT_EQ(from(R"({"zero_optimization":{"stage":2,"overlap_comm":"yes","zenflow":{}}})").error(),
            "zero_optimization.overlap_comm is \"yes\"; it must be true, false or null");
}

TEST(DeepSpeedConfig, HostileFilesAreRefusedWithTheReason) {
  testing::ScratchDir dir("deepspeed_config_test");
  EXPECT_EQ(read_config_file(dir.string()).error(), "is a directory, not a config file");
  EXPECT_EQ(read_config_file((dir / "no-such-config.json").string()).error().substr(0, 16),
            "cannot be read: ");
  std::string digits =
      testing::write_temp("deepspeed_config_digits.json", "{\"a\":" + std::string(4301, '7') + "}");
  EXPECT_NE(read_config_file(digits).error().find("not JSON: "), std::string::npos);
  std::string big = testing::write_temp("deepspeed_config_big.json", std::string(kMaxConfigBytes + 1, ' '));
  EXPECT_EQ(read_config_file(big).error().substr(0, 20), "larger than 1048576 ");
  std::string ok = testing::write_temp("deepspeed_config_ok.json", "{\"zero_optimization\": {\"stage\": 2}}");
  EXPECT_TRUE(read_config_file(ok).has_value());
}

}  // namespace
}  // namespace zfcheck
