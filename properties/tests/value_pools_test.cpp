// The pools: simplest first under harness/minimal_order, without repeats, holding what shrinking must reach.
#include "properties/generators/value_pools.hpp"

#include "harness/checks/minimal_order.hpp"
#include "reference/config.hpp"
#include "reference/py_json.hpp"

#include <gtest/gtest.h>

namespace zfcheck::gen {
namespace {

Case block_with(std::string_view key, const py::Value& v) {
  py::Dict d;
  d.set(py::Str{std::string(key)}, v);
  Case c;
  c.zenflow = std::move(d);
  return c;
}

TEST(ValuePools, everyFieldPoolIsStrictlySimplestFirst) {
  for (std::string_view field : kConfigFields) {
    const auto& pool = field_pool(field);
    for (std::size_t i = 1; i < pool.size(); ++i) {
      EXPECT_TRUE(simpler(block_with(field, pool[i - 1].value), block_with(field, pool[i].value)))
          << field << ": " << py::to_json(pool[i - 1].value) << " before " << py::to_json(pool[i].value);
    }
  }
}

TEST(ValuePools, theContextPoolsStartAtTheDefaults) {
  EXPECT_FALSE(dataloader_pool().front().value.has_value());
  EXPECT_EQ(stage_pool().front().value, 2);
  EXPECT_EQ(micro_steps_pool().front().value, 40);
  EXPECT_EQ(non_object_blocks().front(), py::Value(py::None{}));
}

TEST(ValuePools, holdTheRecordedMinimalExamplesValues) {
  auto holds = [](std::string_view field, std::string_view json) {
    py::Value v = *py::parse_json(json);
    for (const auto& p : field_pool(field)) {
      if (p.value == v) return true;
    }
    return false;
  };
  EXPECT_TRUE(holds("steps_per_epoch", "-5"));
  EXPECT_TRUE(holds("steps_per_epoch", "0"));
  EXPECT_TRUE(holds("steps_per_epoch", "1"));
  EXPECT_TRUE(holds("full_warm_up_rounds", "-1"));
  EXPECT_TRUE(holds("select_interval", "0"));
  EXPECT_TRUE(holds("select_interval", "-5"));
  EXPECT_TRUE(holds("select_strategy", R"("step")"));
  EXPECT_TRUE(holds("offload", "true"));
}

}  // namespace
}  // namespace zfcheck::gen
