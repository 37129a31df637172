// Branch tags: one short name per branch of the model, for RapidCheck's distribution.
#include "properties/suite/branch_tag.hpp"
#include "properties/tests/body_test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck::props {
namespace {

std::string tag_of(std::string_view profile, std::string_view json) {
  return branch_tag(evaluate(testing::case_of(json), *find_profile(profile)));
}

TEST(BranchTag, namesEachBranch) {
  EXPECT_EQ(tag_of("pr-8456", R"({"zenflow":null})"), "zenflow off");
  EXPECT_EQ(tag_of("pr-8456", R"({"zenflow":{"topk_ratio":2}})"), "config_error on a field");
  EXPECT_EQ(tag_of("pr-8456", R"({"zenflow":{"steps_per_epoch":0}})"), "config_error in validate_fields");
  EXPECT_EQ(tag_of("pr-8456", R"({"zenflow":5})"), "config_error before the fields");
  EXPECT_EQ(tag_of("deepspeed-8274", R"({"zenflow":{"select_interval":5}})"), "init_error Warning");
  EXPECT_EQ(tag_of("pr-8456", R"({"zenflow":{}})"), "ok epoch, selects once, warned");
  EXPECT_EQ(tag_of("pr-8456", R"({"zenflow":{},"dataloader_len":10})"), "ok epoch, re-selects");
  EXPECT_EQ(tag_of("pr-8456", R"({"zenflow":{"full_warm_up_rounds":50}})"),
            "ok epoch, never selects, warned");
}

}  // namespace
}  // namespace zfcheck::props
