// RapidCheck generators over the whole ZenFlow domain: realistic configs, boundary values, hostile inputs.
//
// Every generator draws choices from the pools of value_pools.hpp (simplest first) through a Genome
// (choice_genome.hpp), so every one shrinks towards the simple case: a key towards "absent", a value
// towards the simplest entry of its pool, the engine context towards no dataloader, stage 2 and 40
// micro-steps, a non-object block towards {}. A failing property therefore ends at a minimal config in
// harness/minimal_order's sense. They also serve outside properties (zfcheck generate, conformance's
// --generated runs) through sample_cases(), which is deterministic for a seed.
#pragma once

#include "reference/evaluate.hpp"

#include <rapidcheck.h>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string_view>

namespace zfcheck::gen {

// A value for one ZenFlowConfig field: mostly realistic, often a boundary, sometimes hostile.
rc::Gen<py::Value> genFieldValue(std::string_view field);
// Any JSON value a user could write where a field's value goes (wrong types, huge ints, NaN, odd strings).
rc::Gen<py::Value> genHostileValue();
// The zenflow block, from a weighted mix of: realistic configs (each field set a third of the time),
// the configs of the PR thread, the tutorial and upstream's test_zf.py, blocks full of boundary
// values, hostile blocks (wrong types, unknown / "strict" / "self" / lone-surrogate keys),
// non-objects, and the schedule corners (each schedule field absent or one representative of each
// sign and keyword, every conjunction of them evenly).
rc::Gen<py::Value> genZenflowBlock();
// The engine context of a case (its zenflow left null): dataloader absent / empty / short / normal /
// huge, stage 1-3, the horizon.
rc::Gen<Case> genEngineContext();
// A whole case: genZenflowBlock() in genEngineContext(), but the schedule corners in a dataloader
// absent, empty, short or normal (evenly) at the default stage and horizon; and, a sixth of the time,
// a whole-config case: that block as zero_optimization.zenflow of a DeepSpeed config with the batch
// keys, ZeRO stage, offload_optimizer, overlap_comm, gradient_allreduce_op and a misplaced top-level
// zenflow drawn evenly, at world size 1, 2 or 4 (shrinking first towards the zenflow-block case,
// which minimal_order ranks simpler). Every property takes
// exactly one Case from this generator (reproduce.hpp relies on it).
rc::Gen<Case> genCase();

// Calls `visit` with `count` cases drawn from genCase() for `seed`, in a fixed order.
void sample_cases(std::uint64_t seed, std::size_t count, const std::function<void(const Case&)>& visit);

}  // namespace zfcheck::gen

namespace rc {
// A property taking `const zfcheck::Case&` draws it from genCase().
template <>
struct Arbitrary<zfcheck::Case> {
  static Gen<zfcheck::Case> arbitrary() { return zfcheck::gen::genCase(); }
};
}  // namespace rc

namespace zfcheck::py {
// RapidCheck prints counterexamples through these.
void showValue(const Value& value, std::ostream& os);
}  // namespace zfcheck::py

namespace zfcheck {
// A case as its eval-format line.
void showValue(const Case& c, std::ostream& os);
}  // namespace zfcheck
