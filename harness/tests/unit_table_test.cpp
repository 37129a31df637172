// A trace recorded at one revision read against another's units: whether its answer holds, why not, and the
// lines it ran at this revision's line numbers.
#include "harness/upstream/unit_table.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

// config.py: module level "m1", unit Cfg.check (def at 10, "u1"), unit resolve (def at 30, "u2"), lines with
// code 1-40, lines 1-3 and 10 run on loading; version.txt "v1"; engine.py not loaded here ("-").
UnitTable table(const std::string& check_fingerprint = "u1", int check_def = 10,
                const std::string& module = "m1") {
  const std::string line =
      R"({"modules": {"config.py": ")" + module + R"(", "version.txt": "v1", "engine.py": "-"},
          "files": {"config.py": {"units": [["Cfg.check", )" +
      std::to_string(check_def) + R"(, ")" + check_fingerprint + R"("], ["resolve", 30, "u2"]],
                                  "executable": [1, 2, 3, 10, 11, 12, 30, 31, 40], "at_load": [1, 2, 3, 10]}}})";
  auto parsed = UnitTable::from_json(line);
  EXPECT_TRUE(parsed.has_value()) << parsed.error();
  return std::move(*parsed);
}

const std::string kTrace = "M config.py m1;M version.txt v1;U config.py Cfg.check u1 1,2";

TEST(UnitTable, aTraceWhoseFilesAndUnitsAreTheSameHoldsWithItsLinesAtThisRevision) {
  TraceAtRevision at = table().read(kTrace);
  EXPECT_EQ(at.staleness, Staleness::none);
  EXPECT_EQ(at.reached, (std::vector<std::string>{"config.py", "version.txt"}));
  EXPECT_EQ(at.ran.at("config.py"), (std::vector<int>{11, 12}));
  // The unit moved down five lines (a line added above it): the same unit, its lines where they are now.
  EXPECT_EQ(table("u1", 15).read(kTrace).ran.at("config.py"), (std::vector<int>{16, 17}));
}

TEST(UnitTable, everyFilesCodeLinesStandWhereNoCaseReachedTheFile) {
  ExecutedLines code = table().code_lines();
  EXPECT_EQ(code.executable,
            (std::map<std::string, std::set<int>>{{"config.py", {1, 2, 3, 10, 11, 12, 30, 31, 40}}}));
  EXPECT_TRUE(code.executed.empty());
}

TEST(UnitTable, aReachedFilesLoadingLinesAreItsLinesThatRanOnLoading) {
  ExecutedLines out;
  table().add_loading_lines("config.py", out);
  table().add_loading_lines("version.txt", out);  // a data file: no lines
  EXPECT_EQ(out.executed, (std::map<std::string, std::set<int>>{{"config.py", {1, 2, 3, 10}}}));
  EXPECT_EQ(out.executable.at("config.py").size(), 9u);
}

TEST(UnitTable, aChangedUnitTheCaseRanIsChangedLinesAndOneItDidNotRunChangesNothing) {
  EXPECT_EQ(table("u1-changed").read(kTrace).staleness, Staleness::changed_lines);
  EXPECT_EQ(table().read("M config.py m1;U config.py gone u9 1").staleness, Staleness::changed_lines);
  EXPECT_EQ(table().read("M config.py m1;U config.py resolve u2 1").staleness, Staleness::none);
}

TEST(UnitTable, aChangeAtModuleLevelOfAFileTheCaseCouldReachIsModuleLevel) {
  EXPECT_EQ(table("u1-changed", 10, "m2").read(kTrace).staleness,
            Staleness::module_level);  // before the unit
  EXPECT_EQ(table().read("M config.py m1;M version.txt v2").staleness, Staleness::module_level);
  // A file the case reached as absent that this revision has, and a file this revision does not list.
  EXPECT_EQ(table().read("M config.py m1;M engine.py e1").staleness, Staleness::module_level);
  EXPECT_EQ(table().read("M other.py o1").staleness, Staleness::module_level);
  EXPECT_EQ(table().read("M engine.py -").staleness, Staleness::none);
}

TEST(UnitTable, aTraceNotInTheRunnersFormIsStaleAndALineRunNothingOfUpstreamsHolds) {
  EXPECT_EQ(table().read("U config.py Cfg.check u1 x").staleness, Staleness::module_level);
  EXPECT_EQ(table().read("X config.py").staleness, Staleness::module_level);
  EXPECT_EQ(table().read("").staleness, Staleness::none);
  EXPECT_FALSE(UnitTable::from_json(R"({"modules": {}})").has_value());
}

}  // namespace
}  // namespace zfcheck
