// RapidCheck generators over the whole ZenFlow domain: realistic configs, boundary values, hostile inputs.
//
// Every generator shrinks towards the simple case: a field towards "absent", a value towards the
// first (most realistic) entry of its pool, a list of extra keys towards empty, so a failing
// property ends at a minimal config. They also serve outside properties (conformance's
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
// The zenflow block: an object with some fields set (plus, now and then, unknown, "strict" or "self"
// keys), or now and then a non-object.
rc::Gen<py::Value> genZenflowBlock();
// Dataloader (absent / empty / 1 / short / 10 / huge), stage 1-3, horizon.
rc::Gen<Case> genEngineContext();
// A whole case: genEngineContext() with genZenflowBlock().
rc::Gen<Case> genCase();

// Calls `visit` with `count` cases drawn from genCase() for `seed`, in a fixed order.
void sample_cases(std::uint64_t seed, std::size_t count, const std::function<void(const Case&)>& visit);

}  // namespace zfcheck::gen

namespace zfcheck::py {
// RapidCheck prints counterexamples through these.
void showValue(const Value& value, std::ostream& os);
}  // namespace zfcheck::py

namespace zfcheck {
void showValue(const Case& c, std::ostream& os);
}  // namespace zfcheck
