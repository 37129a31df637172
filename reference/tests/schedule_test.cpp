// Tests of the selection schedule (reference/schedule) against docs/zenflow.md#worked-tables.
#include "reference/schedule.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

using Steps = std::vector<std::int64_t>;

Steps every(std::int64_t from, std::int64_t step, std::int64_t below) {
  Steps s;
  for (std::int64_t m = from; m < below; m += step) s.push_back(m);
  return s;
}

TEST(Schedule, ZeroIntervalSelectsOnceAtTheEndOfWarmUp) {
  EXPECT_EQ(selections(0, 0, 40), Steps{0});
  EXPECT_EQ(selections(0, 3, 40), Steps{3});
}

TEST(Schedule, ModuloUsesTheAbsoluteMicroStep) {
  EXPECT_EQ(selections(10, 0, 40), (Steps{0, 10, 20, 30}));
  EXPECT_EQ(selections(10, 3, 40), (Steps{3, 10, 20, 30}));
  EXPECT_EQ(selections(1, 3, 40), every(3, 1, 40));
}

TEST(Schedule, NegativeIntervalsFireEveryAbsoluteValue) {
  EXPECT_EQ(selections(-5, 0, 40), every(0, 5, 40));
  EXPECT_EQ(selections(-5, 3, 40), (Steps{3, 5, 10, 15, 20, 25, 30, 35}));
}

TEST(Schedule, NegativeWarmUpSelectsAtZeroOnlyWithANonZeroInterval) {
  EXPECT_EQ(selections(10, -3, 40), (Steps{0, 10, 20, 30}));
  EXPECT_EQ(selections(0, -3, 40), Steps{});
}

TEST(Schedule, WarmUpBeyondTheHorizonNeverSelects) { EXPECT_EQ(selections(0, 50, 40), Steps{}); }

TEST(Schedule, HugeValuesFoldIntoRange) {
  py::Int huge = py::Int(1) << 70;
  EXPECT_EQ(selections(huge, 0, 40), Steps{0});
  EXPECT_EQ(selections(-huge, 7, 40), (Steps{7}));
  EXPECT_EQ(selections(4, -huge, 12), (Steps{0, 4, 8}));
  EXPECT_EQ(selections(4, huge, 12), Steps{});
  EXPECT_EQ(selections(40, 0, 41), (Steps{0, 40}));
}

TEST(Schedule, EmptyHorizon) { EXPECT_EQ(selections(1, 0, 0), Steps{}); }

TEST(Schedule, PredicateMatchesTheList) {
  for (std::int64_t s : {-7, -1, 0, 1, 3, 10}) {
    for (std::int64_t w : {-2, 0, 1, 5}) {
      Steps from_predicate;
      for (std::int64_t m = 0; m < 30; ++m) {
        if (is_select_boundary(m, s, w)) from_predicate.push_back(m);
      }
      EXPECT_EQ(from_predicate, selections(s, w, 30)) << "S=" << s << " W=" << w;
    }
  }
}

TEST(Schedule, UpdateBoundariesEveryUpdateIntervalPlusSelections) {
  EXPECT_EQ(update_boundaries(0, 4, 0, 12), (Steps{3, 7, 11}));
  EXPECT_EQ(update_boundaries(10, 3, 0, 12), (Steps{2, 5, 8, 9, 11}));
  EXPECT_EQ(update_boundaries(0, 4, 3, 10), (Steps{0, 1, 2, 6}));
  EXPECT_EQ(update_boundaries(-5, 100, 0, 10), (Steps{4, 9}));
}

}  // namespace
}  // namespace zfcheck
