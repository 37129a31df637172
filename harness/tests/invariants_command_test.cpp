// End-to-end tests of `zfcheck invariants`: it lists the registry, every invariant, in its order.
#include "cli_support.hpp"
#include "harness/checks/invariants.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(InvariantsCommand, NamesListsEveryInvariantOfTheRegistryInOrder) {
  auto run = testing::run_zfcheck("invariants --names");
  EXPECT_EQ(run.status, 0);
  std::string expected;
  for (const Invariant& inv : invariants()) expected += std::string(inv.name) + "\n";
  EXPECT_EQ(run.out, expected);
}

TEST(InvariantsCommand, WithoutNamesEachComesWithItsStatementAndWhy) {
  auto run = testing::run_zfcheck("invariants");
  EXPECT_EQ(run.status, 0);
  std::string expected;
  for (const Invariant& inv : invariants()) {
    expected += std::string(inv.name) + "\n  " + std::string(inv.statement) +
                "\n  why: " + std::string(inv.why) + "\n\n";
  }
  EXPECT_EQ(run.out, expected);
}

}  // namespace
}  // namespace zfcheck
