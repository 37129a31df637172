// RapidCheck generators of top-k selection problems: realistic shapes mixed with the degenerate ones.
#pragma once

#include "kernels/oracle/topk_problem.hpp"

#include <rapidcheck.h>

#include <cmath>
#include <limits>

namespace zfcheck::testing {

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

inline rc::Gen<double> genTopkRatio() {
  return rc::gen::weightedOneOf<double>(
      {{4, rc::gen::element(0.0, 0.01, 0.1, 0.25, 0.5, 0.999, 1.0)},
       {4, rc::gen::map(rc::gen::inRange(1, 1000), [](int v) { return v / 1000.0; })},
       {1, rc::gen::element(-0.1, 1.5)}});
}

// World sizes 1 to 64; a third of the stage-1/2 problems carry an uneven partition (zeros included).
inline rc::Gen<SelectionProblem> genSelectionProblem() {
  return rc::gen::exec([] {
    SelectionProblem problem;
    ColumnsProblem& layout = problem.layout;
    layout.stage = *rc::gen::element(1, 2, 3);
    layout.topk_ratio = *genTopkRatio();
    layout.world_size = *rc::gen::weightedOneOf<std::int64_t>(
        {{4, rc::gen::inRange<std::int64_t>(1, 9)}, {1, rc::gen::inRange<std::int64_t>(9, 65)}});
    problem.dtype = *rc::gen::element(GradDtype::float32, GradDtype::bfloat16, GradDtype::float16);
    auto count = *rc::gen::weightedOneOf<int>({{5, rc::gen::inRange(1, 5)}, {1, rc::gen::inRange(5, 40)}});
    auto mix = *genValueMix();
    for (int p = 0; p < count; ++p) {
      ParamShape shape =
          count > 8 ? ParamShape{*rc::gen::inRange<std::int64_t>(1, 6), *rc::gen::inRange<std::int64_t>(1, 6)}
                    : *genShape();
      layout.params.push_back(shape);
      for (std::int64_t i = 0; i < shape.rows * shape.cols; ++i)
        problem.bucket.push_back(round_to_dtype(genValue(mix), problem.dtype));
    }
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

}  // namespace zfcheck::testing
