// The top-k runner's selection key: lines that ran kept relative to the functions run, placed at another
// revision's numbers, and the key line's faults named.
#include "harness/upstream/selection_key.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

// stage.py: average_tensor decorated at `first`, def at first + 1, 10 lines long; update_selected_channels
// at 100-120 (def at 100); utils.py: align at 5-8.
SelectionKey key(int first) {
  const std::string line = R"({"key": "k1", "functions": [["stage.py", "average_tensor", )" +
                           std::to_string(first) + ", " + std::to_string(first + 1) + ", " +
                           std::to_string(first + 10) +
                           R"(], ["stage.py", "update_selected_channels", 100, 100, 120],
                           ["utils.py", "align", 5, 5, 8]]})";
  auto parsed = SelectionKey::from_json(line);
  EXPECT_TRUE(parsed.has_value()) << parsed.error();
  return std::move(*parsed);
}

ExecutedLines ran_at_20() {
  ExecutedLines ran;
  ran.tool = "zfcheck's own tracer";
  ran.executable = {{"stage.py", {20, 21, 22, 25, 101, 102}}, {"utils.py", {5, 6, 7}}};
  ran.executed = {{"stage.py", {21, 22, 101}}, {"utils.py", {6}}};
  return ran;
}

TEST(SelectionKey, linesKeptRelativeToTheirFunctionsArePlacedWhereTheFunctionsAreNow) {
  auto kept = key(20).relative(ran_at_20());
  ASSERT_TRUE(kept.has_value()) << kept.error();
  EXPECT_EQ(kept->executed.at("stage.py:average_tensor"), (std::set<int>{0, 1}));
  EXPECT_EQ(kept->executable.at("stage.py:average_tensor"), (std::set<int>{-1, 0, 1, 4}));  // its decorator
  // average_tensor moved 30 lines down (a function added above it); update_selected_channels stayed.
  ExecutedLines placed = key(50).placed(*kept);
  EXPECT_EQ(placed.tool, "zfcheck's own tracer");
  EXPECT_EQ(placed.executable.at("stage.py"), (std::set<int>{50, 51, 52, 55, 101, 102}));
  EXPECT_EQ(placed.executed.at("stage.py"), (std::set<int>{51, 52, 101}));
  EXPECT_EQ(placed.executed.at("utils.py"), (std::set<int>{6}));
  // At the revision they were recorded at, the lines come back as they were.
  ExecutedLines same = key(20).placed(*kept);
  EXPECT_EQ(same.executable, ran_at_20().executable);
  EXPECT_EQ(same.executed, ran_at_20().executed);
}

TEST(SelectionKey, aLineOutsideEveryFunctionRunIsNamed) {
  ExecutedLines ran = ran_at_20();
  ran.executed["stage.py"].insert(60);
  auto kept = key(20).relative(ran);
  ASSERT_FALSE(kept.has_value());
  EXPECT_EQ(kept.error(), "line 60 of stage.py is in none of the functions the top-k runner runs");
}

TEST(SelectionKey, aLineThatIsNotTheKeyIsNamed) {
  EXPECT_FALSE(SelectionKey::from_json("{}").has_value());
  EXPECT_FALSE(SelectionKey::from_json(R"({"key": "k", "functions": [["f.py", "g", 1]]})").has_value());
  auto disordered = SelectionKey::from_json(R"({"key": "k", "functions": [["f.py", "g", 9, 5, 7]]})");
  ASSERT_FALSE(disordered.has_value());
  EXPECT_NE(disordered.error().find("f.py:g has its lines out of order"), std::string::npos)
      << disordered.error();
  EXPECT_EQ(key(20).key(), "k1");
}

}  // namespace
}  // namespace zfcheck
