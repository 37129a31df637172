// RapidCheck generators of top-k selection problems: realistic shapes mixed with the degenerate ones (the
// property tests, and `zfcheck conformance --topk --generated`).
#pragma once

#include "kernels/check/topk_io.hpp"
#include "kernels/oracle/topk_problem.hpp"

#include <rapidcheck.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <numeric>
#include <string>

namespace zfcheck::gen {

// How a problem's gradient values are drawn.
enum class ValueMix { spread, all_equal, small_integers, with_nan_and_inf, subnormal, huge };

inline rc::Gen<ValueMix> genValueMix() {
  return rc::gen::weightedElement<ValueMix>({{6, ValueMix::spread},
                                             {2, ValueMix::all_equal},
                                             {3, ValueMix::small_integers},
                                             {2, ValueMix::with_nan_and_inf},
                                             {1, ValueMix::subnormal},
                                             {1, ValueMix::huge}});
}

inline float genValue(ValueMix mix) {
  switch (mix) {
    case ValueMix::all_equal:
      return 0.75f;
    case ValueMix::small_integers:  // low-precision ties: sums of small integers collide in bf16/fp16
      return static_cast<float>(*rc::gen::inRange(-4, 5));
    case ValueMix::with_nan_and_inf:
      return *rc::gen::weightedOneOf<float>(
          {{20, rc::gen::map(rc::gen::inRange(-1000, 1000), [](int v) { return v / 64.0f; })},
           {1, rc::gen::just(std::numeric_limits<float>::quiet_NaN())},
           {1, rc::gen::just(std::numeric_limits<float>::infinity())},
           {1, rc::gen::just(-std::numeric_limits<float>::infinity())}});
    case ValueMix::subnormal:
      return static_cast<float>(*rc::gen::inRange(-50, 50)) * 0x1p-140f;
    case ValueMix::huge:
      return static_cast<float>(*rc::gen::inRange(-100, 100)) * 0x1p120f;
    case ValueMix::spread:
      break;
  }
  return std::ldexp(static_cast<float>(*rc::gen::inRange(-(1 << 20), 1 << 20)), *rc::gen::inRange(-30, -10));
}

inline rc::Gen<ParamShape> genShape() {
  return rc::gen::weightedOneOf<ParamShape>({
      {1, rc::gen::just(ParamShape{1, 1})},
      {2,
       rc::gen::construct<ParamShape>(rc::gen::just<std::int64_t>(1), rc::gen::inRange<std::int64_t>(1, 64))},
      {2, rc::gen::construct<ParamShape>(rc::gen::inRange<std::int64_t>(1, 300),
                                         rc::gen::just<std::int64_t>(1))},
      {6, rc::gen::construct<ParamShape>(rc::gen::inRange<std::int64_t>(1, 40),
                                         rc::gen::inRange<std::int64_t>(1, 40))},
      {2, rc::gen::construct<ParamShape>(rc::gen::inRange<std::int64_t>(40, 300),
                                         rc::gen::inRange<std::int64_t>(1, 48))},
  });
}

// A 1-D parameter [N]: a bias or a norm weight.
inline rc::Gen<ParamShape> genOneDShape() {
  return rc::gen::map(rc::gen::inRange<std::int64_t>(1, 64), [](std::int64_t n) {
    return ParamShape{1, n, true};
  });
}

// One transformer layer's parameters in module order, hidden size h: LayerNorm weight and bias, fused
// q/k/v weight and bias, output projection and bias, LayerNorm, MLP up and down with biases.
inline rc::Gen<std::vector<ParamShape>> genLayerShapes() {
  return rc::gen::map(rc::gen::inRange<std::int64_t>(2, 17), [](std::int64_t h) {
    return std::vector<ParamShape>{{1, h, true}, {1, h, true},     {3 * h, h},   {1, 3 * h, true},
                                   {h, h},       {1, h, true},     {1, h, true}, {1, h, true},
                                   {4 * h, h},   {1, 4 * h, true}, {h, 4 * h},   {1, h, true}};
  });
}

inline rc::Gen<double> genTopkRatio() {
  return rc::gen::weightedOneOf<double>(
      {{4, rc::gen::element(0.0, 0.01, 0.1, 0.25, 0.5, 0.999, 1.0)},
       {4, rc::gen::map(rc::gen::inRange(1, 1000), [](int v) { return v / 1000.0; })},
       {1, rc::gen::element(-0.1, 1.5)}});
}

// The parameters of a bucket: a real layer's; mixes with 1-D parameters anywhere (first, last, several
// in a row); only 1-D parameters; or many small weights.
inline rc::Gen<std::vector<ParamShape>> genBucketShapes() {
  return rc::gen::exec([] {
    auto kind = *rc::gen::weightedElement<int>({{2, 0}, {5, 1}, {1, 2}, {1, 3}});
    if (kind == 0) return *genLayerShapes();
    std::vector<ParamShape> shapes;
    auto count = kind == 3 ? *rc::gen::inRange(9, 40) : *rc::gen::inRange(1, 6);
    for (int p = 0; p < count; ++p) {
      if (kind == 2 || (kind == 1 && *rc::gen::inRange(0, 3) == 0)) {
        shapes.push_back(*genOneDShape());
      } else {
        shapes.push_back(kind == 3 ? ParamShape{*rc::gen::inRange<std::int64_t>(1, 6),
                                                *rc::gen::inRange<std::int64_t>(1, 6)}
                                   : *genShape());
      }
    }
    return shapes;
  });
}

// The order gradients reach the bucket: none (the flat order), the backward pass's (reversed), or any.
inline std::optional<std::vector<std::int64_t>> genBucketOrder(std::size_t count) {
  auto kind = *rc::gen::weightedElement<int>({{3, 0}, {2, 1}, {1, 2}});
  if (kind == 0) return std::nullopt;
  std::vector<std::int64_t> order(count);
  std::iota(order.begin(), order.end(), std::int64_t{0});
  if (kind == 1) {
    std::reverse(order.begin(), order.end());
  } else {
    auto keys = *rc::gen::container<std::vector<int>>(count, rc::gen::arbitrary<int>());
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
      return keys[static_cast<std::size_t>(a)] < keys[static_cast<std::size_t>(b)];
    });
  }
  return order;
}

// World sizes 1 to 64; stages 1/2 under DeepSpeed's partition (with its padding) or, a third of them,
// an uneven one (zeros included); bucket orders; upstream's 1-D rule or the fixed one.
inline rc::Gen<SelectionProblem> genSelectionProblem() {
  return rc::gen::exec([] {
    SelectionProblem problem;
    ColumnsProblem& layout = problem.layout;
    layout.stage = *rc::gen::element(1, 2, 3);
    layout.topk_ratio = *genTopkRatio();
    layout.world_size = *rc::gen::weightedOneOf<std::int64_t>(
        {{4, rc::gen::inRange<std::int64_t>(1, 9)}, {1, rc::gen::inRange<std::int64_t>(9, 65)}});
    problem.dtype = *rc::gen::element(GradDtype::float32, GradDtype::bfloat16, GradDtype::float16);
    layout.params = *genBucketShapes();
    layout.bucket_order = genBucketOrder(layout.params.size());
    layout.one_d_params_shift_offsets = *rc::gen::weightedElement<bool>({{3, true}, {1, false}});
    auto mix = *genValueMix();
    std::int64_t total = 0;
    for (const ParamShape& shape : layout.params) total += shape.rows * shape.cols;
    // The bucket in bucket order: any order of values is the same draw.
    for (std::int64_t i = 0; i < total; ++i)
      problem.bucket.push_back(round_to_dtype(genValue(mix), problem.dtype));
    if (layout.stage != 3 && *rc::gen::inRange(0, 3) == 0) {
      std::vector<std::int64_t> counts(static_cast<std::size_t>(layout.world_size), 0);
      for (std::size_t i = 0; i < problem.bucket.size(); ++i) {
        ++counts[static_cast<std::size_t>(*rc::gen::inRange<std::int64_t>(0, layout.world_size))];
      }
      layout.partition = std::move(counts);
    }
    return problem;
  });
}

// `count` problems drawn from `seed`, the same for the same seed, sizes cycling 0-99 as RapidCheck's do;
// each under DeepSpeed's own partition (no `partition`), as upstream's code can only run it.
inline void sample_topk_problems(std::uint64_t seed, std::size_t count,
                                 const std::function<void(SelectionProblem)>& visit) {
  rc::Random random(seed);
  const rc::Gen<SelectionProblem> gen = genSelectionProblem();
  for (std::size_t i = 0; i < count; ++i) {
    rc::Random draw = random.split();
    SelectionProblem problem = gen(draw, static_cast<int>(i % 100)).value();
    problem.layout.partition.reset();
    visit(std::move(problem));
  }
}

// The same problems as `topk` lines with ids "topk-generated-<i>": one seed names one problem set for
// `zfcheck conformance --topk --generated` and the GPU pack's agreement alike.
inline void sample_topk_problem_lines(std::uint64_t seed, std::size_t count,
                                      const std::function<void(const std::string&)>& visit) {
  std::size_t i = 0;
  sample_topk_problems(seed, count, [&](const SelectionProblem& problem) {
    visit(topk_problem_to_json("topk-generated-" + std::to_string(i++), problem).dump());
  });
}

}  // namespace zfcheck::gen
