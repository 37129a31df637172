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

// Every block in grid order with its size, written out from sweep_grid.hpp's description: a value added
// to or dropped from an axis changes one line, a new block adds one, and a block moved elsewhere (which
// would renumber every case after it) shows as two.
std::vector<std::pair<std::string, std::uint64_t>> documented_blocks() {
  std::vector<std::pair<std::string, std::uint64_t>> blocks{
      {"schedule", 326'592},
      // each field's coercion values x its context: select_strategy {absent, "step", "epoch"} x
      // select_interval {absent, 1} x update_interval {absent, 4}, less the field itself, x 4 x 3
      {"coercion:select_strategy", 384},
      {"coercion:select_interval", 864},
      {"coercion:update_interval", 792},
      {"coercion:steps_per_epoch", 1'872},
      {"coercion:full_warm_up_rounds", 1'728},
      {"coercion:topk_ratio", 2'304},
      {"coercion:auto_ratio", 1'728},
      {"coercion:pt_reserved_cores_perc", 1'728},
      {"coercion:overlap_step", 1'872},
      {"coercion:offload", 1'872},
      {"unknown-key", 64},
  };
  // precedence: each pair of the ten fields and the unknown key, in this order, 4 x 4 values.
  const std::vector<std::string> keys{"select_strategy",
                                      "select_interval",
                                      "update_interval",
                                      "steps_per_epoch",
                                      "full_warm_up_rounds",
                                      "topk_ratio",
                                      "auto_ratio",
                                      "pt_reserved_cores_perc",
                                      "overlap_step",
                                      "offload",
                                      "foo"};
  for (std::size_t i = 0; i < keys.size(); ++i) {
    for (std::size_t j = i + 1; j < keys.size(); ++j)
      blocks.emplace_back("precedence:" + keys[i] + "+" + keys[j], 16);
  }
  blocks.emplace_back("non-object", 198);
  // the whole-config blocks: batch triples x world sizes, ZeRO sections, allreduce ops, misplaced blocks
  blocks.emplace_back("whole-config:batch", 576);
  blocks.emplace_back("whole-config:zero", 672);
  blocks.emplace_back("whole-config:allreduce", 15);
  blocks.emplace_back("whole-config:misplaced", 6);
  return blocks;
}

TEST(SweepGrid, holdsTheDocumentedBlocksInOrderWithTheirSizes) {
  std::vector<std::pair<std::string, std::uint64_t>> blocks;
  for (const GridBlock& b : grid().blocks()) blocks.emplace_back(b.name, b.size());
  EXPECT_EQ(blocks, documented_blocks());
  std::uint64_t total = 0;
  for (const auto& [name, size] : documented_blocks()) total += size;
  EXPECT_EQ(grid().size(), total);
}

// --grid-blocks: a block by name or a family by the part before ':', in the grid's order whatever the
// selectors' order; no selector is the whole grid; a name that is neither lists the families.
TEST(SweepGrid, selectorsChooseBlocksAndFamiliesInTheGridsOrder) {
  auto names = [](const std::vector<GridBlock>& blocks) {
    std::vector<std::string> out;
    for (const GridBlock& b : blocks) out.push_back(b.name);
    return out;
  };
  auto chosen = builtin_grid_blocks({"whole-config", "non-object", "whole-config:zero"});
  ASSERT_TRUE(chosen.has_value());
  EXPECT_EQ(names(*chosen), (std::vector<std::string>{"non-object", "whole-config:batch", "whole-config:zero",
                                                      "whole-config:allreduce", "whole-config:misplaced"}));
  EXPECT_EQ(SweepGrid(*builtin_grid_blocks({"coercion"})).size(), 15'144u);
  EXPECT_EQ(names(*builtin_grid_blocks({})), names(grid().blocks()));
  auto unknown = builtin_grid_blocks({"schedule", "whole"});
  ASSERT_FALSE(unknown.has_value());
  EXPECT_EQ(
      unknown.error(),
      "no grid block or family of blocks named 'whole'; the grid's are schedule, coercion (10 blocks, e.g. "
      "coercion:select_strategy), unknown-key, precedence (55 blocks, e.g. "
      "precedence:select_strategy+select_interval), non-object, whole-config (4 blocks, e.g. "
      "whole-config:batch)");
}

// The cases the PR #8456 thread and the reviewer reported, and the domain's corners, by the id (index)
// each has held since the grid was written: ids are what `zfcheck grid`, sweep reports and replay
// commands name, so a case that moves or vanishes shows here by name.
TEST(SweepGrid, namedCasesKeepTheirIds) {
  const std::vector<std::pair<std::uint64_t, std::string_view>> named{
      {0, R"({"zenflow":{},"stage":1})"},                       // everything absent
      {1, R"({"zenflow":{},"stage":2})"},                       // the thread's auto/auto, no dataloader
      {4, R"({"zenflow":{},"dataloader_len":0,"stage":2})"},    // the empty dataloader
      {13, R"({"zenflow":{},"dataloader_len":10,"stage":2})"},  // auto/auto, dataloader 10
      {326'592, R"({"zenflow":{"select_strategy":"bad"},"stage":1})"},  // the first coercion case
  };
  for (const auto& [id, line] : named) {
    EXPECT_EQ(canonical_text(grid().at(id)), canonical_text(testing::case_of(line))) << "id " << id;
  }
}

TEST(SweepGrid, holdsTheThreadsCases) {
  std::unordered_set<std::string> texts;
  texts.reserve(grid().size());
  grid().for_each([&](const Case& c) { texts.insert(canonical_text(c)); });
  for (std::string_view line : {
           R"({"zenflow":{"select_strategy":"epoch","select_interval":1},"stage":2})",
           R"({"zenflow":{"select_strategy":"epoch","select_interval":1},"dataloader_len":10,"stage":2})",
           R"({"zenflow":{"select_strategy":"step","select_interval":10},"stage":2})",
           R"({"zenflow":{"steps_per_epoch":null},"stage":2})",
           R"({"zenflow":{"steps_per_epoch":0},"stage":2})",
           R"({"zenflow":{"steps_per_epoch":-5},"stage":2})",
           R"({"zenflow":{"steps_per_epoch":10},"stage":2})",
           R"({"zenflow":{"full_warm_up_rounds":50},"stage":2})",
           R"({"zenflow":{"offload":true},"stage":3})",
       }) {
    EXPECT_TRUE(texts.count(canonical_text(testing::case_of(line)))) << line;
  }
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
