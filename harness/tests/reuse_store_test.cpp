// The kept answers of a batch: written and read back, at most kKeptPerCase per case, newest first, and a
// damaged entry read as nothing kept.
#include "harness/upstream/reuse_store.hpp"

#include "harness/upstream/upstream_source.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace zfcheck {
namespace {

class ReuseStore : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("zfcheck-reuse-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(ReuseStore, keepsTheNewestAnswersPerCaseAndOnlyTheTracesTheyName) {
  ResultCache cache(dir_.string());
  ReuseBatch batch = load_reuse_batch(cache, "k", 2);
  ASSERT_EQ(batch.entries.size(), 2u);
  EXPECT_TRUE(batch.entries[0].empty());
  for (int n = 0; n < 6; ++n)
    batch.record(0, ReuseEntry{"t" + std::to_string(n), n < 3 ? "{\"a\": 1}" : "{\"a\": 2}"},
                 "M f m" + std::to_string(n));
  batch.record(1, ReuseEntry{"empty", "{\"outcome\": \"invalid_case\"}"}, "");
  batch.record(0, ReuseEntry{"t4", "{\"a\": 3}"},
               "M f m4");  // the same trace again: moved first, not doubled
  store_reuse_batch(cache, "k", batch);

  ReuseBatch back = load_reuse_batch(cache, "k", 2);
  ASSERT_EQ(back.entries[0].size(), kKeptPerCase);
  std::vector<std::string> ids;
  for (const ReuseEntry& e : back.entries[0]) ids.push_back(e.trace_id);
  EXPECT_EQ(ids, (std::vector<std::string>{"t4", "t5", "t3", "t2"}));
  EXPECT_EQ(back.entries[0][0].answer, "{\"a\": 3}");
  EXPECT_EQ(back.entries[0][2].answer, "{\"a\": 2}");  // stored once for t5 and t3, read back for both
  EXPECT_EQ(back.entries[0][3].answer, "{\"a\": 1}");
  EXPECT_EQ(back.entries[1][0].answer, "{\"outcome\": \"invalid_case\"}");
  EXPECT_EQ(back.traces.size(), 5u);  // t0, t1 dropped with their entries
  EXPECT_EQ(back.traces.at("t3"), "M f m3");
  EXPECT_EQ(back.traces.at("empty"), "");
}

TEST_F(ReuseStore, anEntryForAnotherCountOrDamagedIsNothingKept) {
  ResultCache cache(dir_.string());
  ReuseBatch batch = load_reuse_batch(cache, "k", 1);
  batch.record(0, ReuseEntry{"t", "{}"}, "M f m");
  store_reuse_batch(cache, "k", batch);
  EXPECT_TRUE(load_reuse_batch(cache, "k", 2).entries[0].empty());
  EXPECT_EQ(load_reuse_batch(cache, "k", 1).entries[0].size(), 1u);
  // An entry naming a trace the entry does not hold, written with a valid checksum.
  cache.store("k", {"zfcheck-reuse 1 1 0", "1", "t {}"});
  EXPECT_TRUE(load_reuse_batch(cache, "k", 1).entries[0].empty());
  cache.store("k", {"zfcheck-reuse 1 1 1", "t M f m", "5"});
  EXPECT_TRUE(load_reuse_batch(cache, "k", 1).entries[0].empty());
}

}  // namespace
}  // namespace zfcheck
