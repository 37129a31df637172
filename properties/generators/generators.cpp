// The public generators: each a genome over some slots of case_genome.hpp, decoded.
#include "properties/generators/generators.hpp"

#include "harness/io/case_io.hpp"
#include "properties/generators/case_genome.hpp"
#include "properties/generators/value_pools.hpp"
#include "reference/py_json.hpp"

#include <array>

namespace zfcheck::gen {

namespace {

// One slot over a pool, each value drawn as often as its origin's weight.
rc::Gen<py::Value> genPoolValue(const std::vector<PoolValue>& pool,
                                std::array<std::size_t, 3> origin_weight) {
  SlotWeights weights;
  for (const PoolValue& v : pool) weights.push_back(origin_weight[static_cast<std::size_t>(v.origin)]);
  return rc::gen::map(genGenome({Mix{1, {weights}}}), [&pool](const Genome& g) { return pool[g[0]].value; });
}

}  // namespace

rc::Gen<py::Value> genFieldValue(std::string_view field) {
  return genPoolValue(field_pool(field), {5, 3, 2});
}

rc::Gen<py::Value> genHostileValue() { return genPoolValue(hostile_pool(), {0, 1, 3}); }

rc::Gen<py::Value> genZenflowBlock() { return rc::gen::map(genGenome(block_mixes()), &decode_block); }

rc::Gen<Case> genEngineContext() { return rc::gen::map(genGenome(context_mixes()), &decode_context); }

rc::Gen<Case> genCase() { return rc::gen::map(genGenome(case_mixes()), &decode_case); }

void sample_cases(std::uint64_t seed, std::size_t count, const std::function<void(const Case&)>& visit) {
  rc::Random random(seed);
  const rc::Gen<Case> gen = genCase();
  for (std::size_t i = 0; i < count; ++i) {
    rc::Random draw = random.split();
    visit(gen(draw, static_cast<int>(i % 100)).value());
  }
}

}  // namespace zfcheck::gen

namespace zfcheck::py {
void showValue(const Value& value, std::ostream& os) { os << to_json(value); }
}  // namespace zfcheck::py

namespace zfcheck {
void showValue(const Case& c, std::ostream& os) { os << case_line(c); }
}  // namespace zfcheck
