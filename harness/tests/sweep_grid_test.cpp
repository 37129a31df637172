// The sweep grid: its documented size, every case distinct and where it was, and the documented values
// present.
#include "harness/checks/sweep_grid.hpp"
#include "harness/checks/minimal_order.hpp"
#include "harness/io/case_io.hpp"
#include "test_support.hpp"

#include <map>
#include <set>
#include <stdexcept>
#include <unordered_set>

namespace zfcheck {
namespace {

const SweepGrid& grid() { return SweepGrid::builtin(); }

const py::Value* key(const Case& c, std::string_view k) {
  const py::Dict* d = c.zenflow.as<py::Dict>();
  return d ? d->find(k) : nullptr;
}

// The sizes sweep_grid.hpp documents, block kind by block kind: each block's size comes from its axes,
// so a value added to or dropped from any axis shows here.
TEST(SweepGrid, holdsTheDocumentedNumberOfCasesBlockByBlock) {
  EXPECT_EQ(grid().size(), 344'147u);
  std::map<std::string, std::uint64_t> by_kind;
  for (const auto& b : grid().blocks()) by_kind[b.name.substr(0, b.name.find(':'))] += b.size();
  EXPECT_EQ(by_kind, (std::map<std::string, std::uint64_t>{{"schedule", 326'592},
                                                           {"coercion", 15'144},
                                                           {"unknown-key", 64},
                                                           {"precedence", 880},
                                                           {"non-object", 198},
                                                           {"whole-config", 1'269}}));
}

TEST(SweepGrid, everyCaseIsDistinct) {
  std::unordered_set<std::string> texts;
  texts.reserve(grid().size());
  std::uint64_t n = 0;
  grid().for_each([&](const Case& c) {
    ++n;
    EXPECT_TRUE(texts.insert(canonical_text(c)).second) << canonical_text(c);
  });
  EXPECT_EQ(n, grid().size());
}

// FNV-1a (64 bits) of `zfcheck grid`'s output: every case, its id and its place, as recorded before the
// field table moved to reference/zenflow_fields.hpp. A grid case whose index or text changes shows here.
TEST(SweepGrid, everyIdNamesTheCaseItNamedBefore) {
  std::uint64_t hash = 14695981039346656037ull;
  auto add = [&](std::string_view bytes) {
    for (unsigned char b : bytes) hash = (hash ^ b) * 1099511628211ull;
  };
  std::uint64_t index = 0;
  grid().for_each([&](const Case& c) {
    if (c.deepspeed_config) return;  // the whole-config blocks came later, after every other block
    Case named = c;
    named.id = py::Str{std::to_string(index++)};
    add(case_line(named));
    add("\n");
  });
  EXPECT_EQ(hash, 12960198882561787648ull);
}

TEST(SweepGrid, decodesEachBlocksFirstAndLastCase) {
  EXPECT_EQ(grid().at(0), testing::case_of(R"({"zenflow":{},"stage":1})"));  // the all-absent corner first
  EXPECT_EQ(grid().at(4), testing::case_of(R"({"zenflow":{},"dataloader_len":0,"stage":2})"));
  EXPECT_EQ(grid().block_of(0).name, "schedule");
  EXPECT_EQ(grid().at(326'592), testing::case_of(R"({"zenflow":{"select_strategy":"bad"},"stage":1})"));
  EXPECT_EQ(grid().block_of(326'592).name, "coercion:select_strategy");
  EXPECT_EQ(grid().block_of(342'877).name, "non-object");
  EXPECT_EQ(grid().block_of(grid().size() - 1).name, "whole-config:misplaced");
  EXPECT_EQ(grid().at(342'877),
            testing::case_of(R"({"zenflow":["step"],"dataloader_len":9223372036854775807,"stage":3})"));
  EXPECT_THROW(grid().at(grid().size()), std::out_of_range);
}

TEST(SweepGrid, forEachGivesExactlyTheCasesAtGivesInIndexOrder) {
  std::uint64_t i = 0;
  grid().for_each([&](const Case& c) {
    if (!(c == grid().at(i))) ADD_FAILURE() << "case " << i << ": " << canonical_text(c);
    ++i;
  });
  EXPECT_EQ(i, grid().size());
}

TEST(SweepGrid, coversEveryStageDataloaderAndStrategy) {
  std::set<int> stages;
  std::set<std::optional<std::int64_t>> lens;
  std::set<std::string> strategies;
  grid().for_each([&](const Case& c) {
    stages.insert(c.stage);
    lens.insert(c.dataloader_len);
    if (const py::Value* s = key(c, "select_strategy"); s && s->as<py::Str>())
      strategies.insert(s->as<py::Str>()->text);
  });
  EXPECT_EQ(stages, (std::set<int>{1, 2, 3}));
  EXPECT_EQ(lens, (std::set<std::optional<std::int64_t>>{std::nullopt, 0, 1, 3, 10, INT64_MAX}));
  for (const char* s : {"auto", "step", "epoch", "bad"}) EXPECT_TRUE(strategies.count(s)) << s;
}

TEST(SweepGrid, reachesHugeWrongTypedAndNonObjectValues) {
  const py::Int beyond_i64 = py::Int(1) << 63;
  std::set<std::pair<std::string, py::Kind>> kinds;  // (key, JSON kind) pairs the grid writes
  std::set<py::Kind> whole;                          // kinds of zenflow values that are not objects
  bool huge_interval = false;
  bool warm_up_beyond_horizon = false;
  grid().for_each([&](const Case& c) {
    const py::Dict* d = c.zenflow.as<py::Dict>();
    if (d == nullptr) {
      whole.insert(c.zenflow.kind());
      return;
    }
    for (const auto& [k, v] : d->entries()) kinds.emplace(k.text, v.kind());
    const py::Value* si = d->find("select_interval");
    huge_interval = huge_interval || (si && si->as<py::Int>() && *si->as<py::Int>() > beyond_i64);
    const py::Value* w = d->find("full_warm_up_rounds");
    warm_up_beyond_horizon = warm_up_beyond_horizon || (w && w->as<py::Int>() && *w->as<py::Int>() == 50);
  });
  EXPECT_TRUE(huge_interval);
  EXPECT_TRUE(warm_up_beyond_horizon);  // beyond the 40-step horizon
  for (std::string field : {"select_interval", "update_interval", "steps_per_epoch", "full_warm_up_rounds"}) {
    for (py::Kind kind :
         {py::Kind::boolean, py::Kind::floating, py::Kind::string, py::Kind::list, py::Kind::dict}) {
      EXPECT_TRUE(kinds.count({field, kind})) << field << " kind " << static_cast<int>(kind);
    }
  }
  EXPECT_TRUE(kinds.count({"foo", py::Kind::integer}));
  EXPECT_TRUE(whole.count(py::Kind::list));
  EXPECT_TRUE(whole.count(py::Kind::none));
  EXPECT_TRUE(whole.count(py::Kind::string));
}

TEST(SweepGrid, aSmallGridDecodesInMixedRadixWithTheLastAxisFastest) {
  GridBlock b{"tiny", {}, {}, {std::nullopt, 10}, {2}};
  b.axes.push_back(EntryAxis{{std::nullopt, py::Dict::Entry{py::Str{"a"}, 1}}});
  b.axes.push_back(EntryAxis{{py::Dict::Entry{py::Str{"b"}, 1}, py::Dict::Entry{py::Str{"b"}, 2}}});
  SweepGrid tiny({b});
  ASSERT_EQ(tiny.size(), 8u);
  EXPECT_EQ(tiny.at(0), testing::case_of(R"({"zenflow":{"b":1}})"));
  EXPECT_EQ(tiny.at(1), testing::case_of(R"({"zenflow":{"b":1},"dataloader_len":10})"));
  EXPECT_EQ(tiny.at(2), testing::case_of(R"({"zenflow":{"b":2}})"));
  EXPECT_EQ(tiny.at(7), testing::case_of(R"({"zenflow":{"a":1,"b":2},"dataloader_len":10})"));
}

TEST(SweepGrid, refusesAMalformedBlock) {
  GridBlock both{"both", {py::Value(1)}, {EntryAxis{{std::nullopt}}}, {std::nullopt}, {2}};
  EXPECT_THROW(SweepGrid({both}), std::invalid_argument);
}

}  // namespace
}  // namespace zfcheck
