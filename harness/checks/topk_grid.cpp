// Decoding the top-k grid's problems from their indices.
#include "harness/checks/topk_grid.hpp"

#include <array>
#include <stdexcept>
#include <string>

namespace zfcheck {

namespace {

constexpr std::array<ParamShape, 5> kShapes{ParamShape{1, 3, true}, ParamShape{2, 3}, ParamShape{3, 2},
                                            ParamShape{1, 4}, ParamShape{6, 1}};
constexpr std::array<std::int64_t, 3> kWorldSizes{1, 2, 3};
constexpr std::array<int, 3> kStages{1, 2, 3};
constexpr std::array<double, 3> kRatios{0.5, 0.1, 1.0};
constexpr std::uint64_t kMaxParams = 3;
constexpr std::uint64_t kFastAxes = kWorldSizes.size() * kStages.size() * kRatios.size();

std::uint64_t orders(std::uint64_t params) { return params == 1 ? 1 : 2; }

// Problems with exactly `params` parameters.
std::uint64_t problems_with(std::uint64_t params) {
  std::uint64_t shapes = 1;
  for (std::uint64_t i = 0; i < params; ++i) shapes *= kShapes.size();
  return shapes * orders(params) * kFastAxes;
}

}  // namespace

std::uint64_t topk_grid_size() {
  std::uint64_t size = 0;
  for (std::uint64_t params = 1; params <= kMaxParams; ++params) size += problems_with(params);
  return size;
}

SelectionProblem topk_grid_problem(std::uint64_t index) {
  if (index >= topk_grid_size())
    throw std::out_of_range("top-k grid problem " + std::to_string(index) + " of " +
                            std::to_string(topk_grid_size()));
  std::uint64_t params = 1;
  while (index >= problems_with(params)) index -= problems_with(params++);
  SelectionProblem problem;
  ColumnsProblem& layout = problem.layout;
  auto digit = [&index](std::uint64_t radix) {
    std::uint64_t d = index % radix;
    index /= radix;
    return d;
  };
  layout.topk_ratio = kRatios[digit(kRatios.size())];
  layout.stage = kStages[digit(kStages.size())];
  layout.world_size = kWorldSizes[digit(kWorldSizes.size())];
  bool reversed = digit(orders(params)) == 1;
  layout.params.resize(params);
  for (std::uint64_t i = params; i-- > 0;) layout.params[i] = kShapes[digit(kShapes.size())];
  std::int64_t values = 0;
  for (const ParamShape& shape : layout.params) values += shape.rows * shape.cols;
  if (reversed) {
    layout.bucket_order.emplace();
    for (std::uint64_t i = params; i-- > 0;) layout.bucket_order->push_back(static_cast<std::int64_t>(i));
  }
  for (std::int64_t p = 0; p < values; ++p)
    problem.bucket.push_back(static_cast<float>((p % 2 == 0 ? 1 : -1) * (p * 5 % 23 + 1)));
  return problem;
}

}  // namespace zfcheck
