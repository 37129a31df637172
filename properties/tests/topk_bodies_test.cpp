// Every top-k property of the suite through RapidCheck, on generated selection problems (genSelectionProblem,
// realistic and degenerate layouts under both 1-D rules), with the problems' spread tagged.
#include "kernels/check/topk_generators.hpp"
#include "kernels/check/topk_io.hpp"
#include "properties/suite/suite.hpp"

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>

namespace zfcheck::props {
namespace {

std::vector<std::string> topk_property_names() {
  std::vector<std::string> names;
  for (const TopkPropertySpec& spec : topk_property_suite()) names.push_back(spec.name);
  return names;
}

class TopkProperty : public ::testing::TestWithParam<std::string> {};

TEST_P(TopkProperty, holds) {
  const auto& suite = topk_property_suite();
  const TopkPropertySpec& spec = *std::find_if(
      suite.begin(), suite.end(), [](const TopkPropertySpec& s) { return s.name == GetParam(); });
  EXPECT_TRUE(rc::check(spec.name + ": " + spec.statement, [&spec] {
    SelectionProblem problem = *gen::genSelectionProblem();
    RC_TAG("stage " + std::to_string(problem.layout.stage), std::string(grad_dtype_name(problem.dtype)));
    RC_CLASSIFY(std::any_of(problem.layout.params.begin(), problem.layout.params.end(),
                            [](const ParamShape& s) { return s.one_d; }),
                "1-D parameters");
    RC_CLASSIFY(problem.layout.bucket_order.has_value(), "bucket order");
    RC_CLASSIFY(!problem.layout.partition && problem.layout.stage != 3, "DeepSpeed's partition");
    if (auto broke = spec.body(problem))
      RC_FAIL(*broke + "; problem: " + topk_problem_to_json(std::nullopt, problem).dump());
  }));
}

INSTANTIATE_TEST_SUITE_P(Suite, TopkProperty, ::testing::ValuesIn(topk_property_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace zfcheck::props
