// Tests of the data lookup (harness/io/data_dir): the variable, the build tree's checkout, the installation.
#include "harness/io/data_dir.hpp"

#include "cli_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

namespace fs = std::filesystem;

TEST(DataDir, ABuildTreeBinaryReadsTheCheckout) {
  auto at = data_path("corpus/reviewed", fs::path(testing::kZfcheckBinary), nullptr);
  ASSERT_TRUE(at) << at.error();
  EXPECT_EQ(*at, fs::path(testing::kSourceDir) / "corpus/reviewed");
}

TEST(DataDir, AnInstalledBinaryReadsShareZfcheckBesideItsBin) {
  testing::ScratchDir prefix("data_dir_prefix");
  fs::create_directories(prefix / "bin");
  fs::create_directories(prefix / "share/zfcheck/corpus/reviewed");
  auto at = data_path("corpus/reviewed", prefix / "bin/zfcheck", nullptr);
  ASSERT_TRUE(at) << at.error();
  EXPECT_EQ(fs::weakly_canonical(*at), fs::weakly_canonical(prefix / "share/zfcheck/corpus/reviewed"));
}

TEST(DataDir, TheVariableComesFirstAndOnlyIt) {
  testing::ScratchDir data("data_dir_variable");
  fs::create_directories(data / "corpus/reviewed");
  auto at = data_path("corpus/reviewed", fs::path(testing::kZfcheckBinary), data.path().c_str());
  ASSERT_TRUE(at) << at.error();
  EXPECT_EQ(*at, data / "corpus/reviewed");
  auto missing = data_path("corpus/findings", fs::path(testing::kZfcheckBinary), data.path().c_str());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("ZFCHECK_DATA_DIR=" + data.string() + " holds no corpus/findings"),
            std::string::npos)
      << missing.error();
}

TEST(DataDir, WithoutDataTheErrorSaysWhereItLookedAndHowToPointAtIt) {
  testing::ScratchDir prefix("data_dir_nowhere");
  auto at = data_path("corpus/reviewed", prefix / "bin/zfcheck", nullptr);
  ASSERT_FALSE(at);
  EXPECT_NE(at.error().find("no zfcheck data: corpus/reviewed is in none of"), std::string::npos)
      << at.error();
  EXPECT_NE(
      at.error().find("set ZFCHECK_DATA_DIR to a zfcheck checkout or to an installation's share/zfcheck"),
      std::string::npos)
      << at.error();
}

TEST(DataDir, WithoutItsOwnPathZfcheckSaysSoAndHowToPointAtTheData) {
  auto at = data_path("corpus/reviewed", fs::path(), nullptr);
  ASSERT_FALSE(at);
  EXPECT_NE(at.error().find("zfcheck cannot tell where it is installed (no /proc/self/exe); set ZFCHECK_DATA_DIR"),
            std::string::npos)
      << at.error();
}

}  // namespace
}  // namespace zfcheck
