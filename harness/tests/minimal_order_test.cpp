// The simplest-first order: each criterion in its turn, a total order on real grid cases, and
// Simplest<> finding the minimum whatever the offering order.
#include "harness/checks/minimal_order.hpp"
#include "test_support.hpp"

#include <algorithm>
#include <vector>

namespace zfcheck {
namespace {

using testing::case_of;

bool simpler_json(std::string_view a, std::string_view b) { return simpler(case_of(a), case_of(b)); }

TEST(MinimalOrder, fewerWrittenThingsWinsFirstWhateverTheirSize) {
  EXPECT_TRUE(simpler_json(R"({"zenflow":{}})", R"({"zenflow":{"steps_per_epoch":0}})"));
  EXPECT_TRUE(simpler_json(R"({"zenflow":{"select_interval":1180591620717411303424}})",
                           R"({"zenflow":{"select_interval":0,"steps_per_epoch":0}})"));
  // Case fields away from their defaults count as written things.
  EXPECT_TRUE(simpler_json(R"({"zenflow":{"steps_per_epoch":10}})",
                           R"({"zenflow":{},"dataloader_len":0,"stage":3})"));
  EXPECT_EQ(written_count(case_of(R"({"zenflow":{"a":1},"dataloader_len":0,"stage":3,"micro_steps":7})")),
            4u);
  EXPECT_EQ(written_count(case_of(R"({"zenflow":{},"stage":2,"micro_steps":40})")), 0u);
  EXPECT_EQ(written_count(case_of(R"({"zenflow":[1,2]})")), 1u);
}

TEST(MinimalOrder, thenFewerOffTypeValues) {
  EXPECT_TRUE(
      simpler_json(R"({"zenflow":{"steps_per_epoch":-5}})", R"({"zenflow":{"steps_per_epoch":"-5"}})"));
  EXPECT_TRUE(simpler_json(R"({"zenflow":{"offload":true}})", R"({"zenflow":{"offload":1}})"));
  EXPECT_EQ(off_type_count(case_of(R"({"zenflow":{"topk_ratio":0,"select_interval":"auto","foo":1}})")), 1u);
  EXPECT_EQ(off_type_count(case_of(R"({"zenflow":{"steps_per_epoch":null,"full_warm_up_rounds":3.0}})")), 1u);
  EXPECT_EQ(off_type_count(case_of(R"({"zenflow":null})")), 0u);
  EXPECT_EQ(off_type_count(case_of(R"({"zenflow":"auto"})")), 1u);
}

TEST(MinimalOrder, thenSmallerMagnitude) {
  EXPECT_TRUE(simpler_json(R"({"zenflow":{"steps_per_epoch":1}})", R"({"zenflow":{"steps_per_epoch":-5}})"));
  EXPECT_TRUE(simpler_json(R"({"zenflow":{"steps_per_epoch":-5}})", R"({"zenflow":{"steps_per_epoch":10}})"));
  EXPECT_TRUE(simpler_json(R"({"zenflow":{},"dataloader_len":3})", R"({"zenflow":{},"dataloader_len":10})"));
  EXPECT_EQ(magnitude(case_of(R"({"zenflow":{"a":true,"b":false,"c":null,"d":2.5,"e":"step","f":[1,[2]]}})")),
            py::Int(1 + 0 + 0 + 3 + 4 + (2 + 1 + (1 + 2))));
  EXPECT_EQ(magnitude(case_of(R"({"zenflow":{},"dataloader_len":4,"stage":3,"micro_steps":7})")),
            py::Int(14));
  // Non-finite floats weigh more than any finite one, and huge ints count exactly.
  EXPECT_TRUE(simpler_json(R"({"zenflow":{"topk_ratio":1e308}})", R"({"zenflow":{"topk_ratio":NaN}})"));
  EXPECT_EQ(magnitude(case_of(R"({"zenflow":{"x":-1180591620717411303424}})")), py::Int(1) << 70);
  EXPECT_EQ(magnitude(case_of(R"({"zenflow":{"x":1e19}})")), py::Int(10000000000000000000ULL));
}

TEST(MinimalOrder, thenShorterAndBytewiseSmallerText) {
  // Same count, type class and magnitude (1): the shorter text wins, then the smaller bytes.
  EXPECT_TRUE(
      simpler_json(R"({"zenflow":{"select_interval":1}})", R"({"zenflow":{"full_warm_up_rounds":1}})"));
  EXPECT_TRUE(simpler_json(R"({"zenflow":{"select_interval":1}})", R"({"zenflow":{"update_interval":1}})"));
  EXPECT_FALSE(simpler_json(R"({"zenflow":{"update_interval":1}})", R"({"zenflow":{"select_interval":1}})"));
}

TEST(MinimalOrder, equalOnlyForTheSameCaseIdAside) {
  EXPECT_EQ(compare_simplicity(case_of(R"({"id":"a","zenflow":{"x":1}})"),
                               case_of(R"({"id":"b","zenflow":{"x":1}})")),
            std::strong_ordering::equal);
  EXPECT_NE(compare_simplicity(case_of(R"({"zenflow":{"x":1}})"), case_of(R"({"zenflow":{"x":true}})")),
            std::strong_ordering::equal);
}

// A deterministic spread of grid cases (every 2731st), for the order's laws.
std::vector<Case> sample() {
  std::vector<Case> out;
  for (std::uint64_t i = 0; i < SweepGrid::builtin().size(); i += 2731)
    out.push_back(SweepGrid::builtin().at(i));
  return out;
}

TEST(MinimalOrder, isAStrictTotalOrderOnGridCases) {
  auto cases = sample();
  ASSERT_GT(cases.size(), 90u);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    for (std::size_t j = 0; j < cases.size(); ++j) {
      auto ij = compare_simplicity(cases[i], cases[j]);
      auto ji = compare_simplicity(cases[j], cases[i]);
      EXPECT_EQ(ij == 0, i == j);
      EXPECT_EQ(ij<0, ji> 0);
    }
  }
  std::vector<Case> sorted = cases;
  std::sort(sorted.begin(), sorted.end(), simpler);
  for (std::size_t i = 0; i + 2 < sorted.size(); ++i) {  // sorted order is consistent: transitivity
    EXPECT_TRUE(simpler(sorted[i], sorted[i + 1]));
    EXPECT_TRUE(simpler(sorted[i], sorted[i + 2]));
  }
}

TEST(Simplest, keepsTheMinimumWhateverTheOrderAndBuildsPayloadsOnlyForNewMinima) {
  auto cases = sample();
  Case expected = *std::min_element(cases.begin(), cases.end(), simpler);
  for (bool reversed : {false, true}) {
    if (reversed) std::reverse(cases.begin(), cases.end());
    Simplest<std::string> simplest;
    EXPECT_TRUE(simplest.empty());
    int payloads = 0;
    for (const Case& c : cases)
      simplest.offer(c, [&] { return canonical_text(c) + std::to_string(++payloads); });
    EXPECT_EQ(simplest.example(), expected);
    EXPECT_EQ(simplest.payload().substr(0, canonical_text(expected).size()), canonical_text(expected));
    EXPECT_LT(payloads, static_cast<int>(cases.size()));
  }
}

TEST(Simplest, staysCorrectWhenCopiedOrMoved) {
  Simplest<int> a;
  a.offer(case_of(R"({"zenflow":{"x":5}})"), [] { return 5; });
  std::vector<Simplest<int>> many{a, a};
  many.push_back(std::move(a));  // regrowth moves the elements
  for (auto& s : many) {
    s.offer(case_of(R"({"zenflow":{"x":7}})"), [] { return 7; });
    s.offer(case_of(R"({"zenflow":{"x":3}})"), [] { return 3; });
    EXPECT_EQ(s.payload(), 3);
  }
}

}  // namespace
}  // namespace zfcheck
