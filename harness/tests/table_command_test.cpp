// End-to-end tests of `zfcheck table`: a single engine's table names it.
#include "cli_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(TableCommand, OneProfilesTableNamesItsProfileFirst) {
  auto run = testing::run_zfcheck("table --profile deepspeed-8274");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(
      run.out.substr(0, run.out.find('\n')),
      "profile deepspeed-8274: master plus PR #8274: topk_ratio in (0, 1), numeric update_interval >= 1");
  auto overridden = testing::run_zfcheck("table --profile 'pr-8456:warning_raises=on' --format markdown");
  EXPECT_EQ(overridden.out.rfind("profile pr-8456:warning_raises=on: ", 0), 0u) << overridden.out;
}

TEST(TableCommand, AllProfilesNameThemInTheirColumnsInstead) {
  auto run = testing::run_zfcheck("table --all-profiles");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(run.out.rfind("cells: ", 0), 0u) << run.out;
  EXPECT_NE(run.out.find("deepspeed-edaa722"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace zfcheck
