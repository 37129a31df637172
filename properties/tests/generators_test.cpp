// The generators: deterministic for a seed, reaching every branch the sweep grid reaches, shrinking to
// the simple case.
#include "properties/generators/generators.hpp"
#include "harness/checks/minimal_order.hpp"
#include "harness/checks/sweep_grid.hpp"
#include "harness/checks/warning_meaning.hpp"
#include "harness/io/case_io.hpp"
#include "properties/generators/value_pools.hpp"
#include "properties/suite/failure.hpp"
#include "properties/suite/property_run.hpp"
#include "reference/config.hpp"
#include "reference/py_json.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <iostream>
#include <set>

namespace zfcheck::gen {
namespace {

// The message with each run of digits as N: the numbers an assertion prints are values, not branches
// ("16 != 2 * 1 * 4" and "6 != 2 * 4 * 1" are one branch).
std::string without_numbers(const std::string& message) {
  std::string out;
  for (char c : message) {
    const bool digit = c >= '0' && c <= '9';
    if (!digit) {
      out += c;
    } else if (out.empty() || out.back() != 'N') {
      out += 'N';
    }
  }
  return out;
}

// The branches of the model a result went through, one feature each: the outcome, the error (type, field,
// message without its numbers), the warnings logged, and each trait of the resolved schedule.
std::vector<std::string> branch_features(const Result& r) {
  std::vector<std::string> out{std::string(outcome_name(r.outcome)) + (r.zenflow_enabled ? " on" : " off")};
  if (r.error) {
    // Every unknown key takes the same branch (extra_forbidden); only its name differs.
    bool extra = r.error->message == "Extra inputs are not permitted";
    out.push_back("error " + r.error->type + " " + (extra ? "<unknown key>" : r.error->field.value_or("-")) +
                  " " + without_numbers(r.error->message));
  }
  std::string warnings = "warnings";
  for (const std::string& label : warning_labels(r.warnings)) warnings += " " + label;
  out.push_back(warnings);
  if (!r.resolved) return out;
  const auto sign = [](const py::Int& v) { return v < 0 ? "<0" : v == 0 ? "=0" : ">0"; };
  out.push_back("strategy " + std::string(r.resolved->select_strategy));
  out.push_back(std::string("select_interval ") + sign(r.resolved->select_interval));
  out.push_back(std::string("update_interval ") +
                (r.resolved->auto_update ? "auto" : sign(r.resolved->update_interval)));
  out.push_back(std::string("warm-up ") + sign(r.resolved->full_warm_up_rounds));
  out.push_back(std::string("steps_per_epoch ") +
                (r.resolved->steps_per_epoch ? sign(*r.resolved->steps_per_epoch) : "none"));
  out.push_back(r.engine->select_interval == r.resolved->select_interval ? "engine agrees"
                                                                         : "engine disagrees");
  out.push_back("selections " + std::to_string(std::min<std::size_t>(r.selections.size(), 2)));
  return out;
}

std::set<std::string> features_of(const std::function<void(const std::function<void(const Case&)>&)>& cases) {
  std::set<std::string> out;
  cases([&](const Case& c) {
    for (const Profile& p : builtin_profiles()) {
      for (auto& f : branch_features(evaluate(c, p))) out.insert(p.name + ": " + f);
    }
  });
  return out;
}

TEST(Generators, genCaseReachesEveryBranchTheSweepGridReaches) {
  constexpr std::size_t kSamples = 60'000;
  auto grid = features_of([](const auto& visit) { SweepGrid::builtin().for_each(visit); });
  auto generated = features_of([](const auto& visit) { sample_cases(1, kSamples, visit); });
  std::size_t missed = 0;
  for (const auto& s : grid) {
    if (!generated.contains(s)) {
      ++missed;
      ADD_FAILURE() << "no generated case takes the branch " << s;
    }
  }
  std::cout << "branch features: the grid " << grid.size() << ", " << kSamples << " generated cases "
            << generated.size() << " (" << missed << " of the grid's missed)\n";
}

// The shrunk counterexample of a property that fails exactly when `fails` says.
Case shrunk(bool (*fails)(const Case&)) {
  props::PropertySpec spec{
      "shrinkProbe", "", {"pr-8456"}, "", [fails](const Case& c, const props::ProfileSet&) {
        return fails(c) ? std::optional<props::Failure>("fails") : std::nullopt;
      }};
  props::TestParams params;
  params.max_success = 100'000;
  auto run = props::run_property(spec, props::ProfileSet::builtin(), params);
  if (!run.falsified) throw std::logic_error("the probe never failed");
  return run.falsified->counterexample;
}

const py::Value* field(const Case& c, std::string_view key) {
  const py::Dict* d = c.zenflow.as<py::Dict>();
  return d ? d->find(key) : nullptr;
}

TEST(Generators, shrinkTowardsTheSimpleCase) {
  EXPECT_EQ(case_line(shrunk([](const Case&) { return true; })), R"({"zenflow":{}})");
  EXPECT_EQ(case_line(shrunk([](const Case& c) { return c.dataloader_len.has_value(); })),
            R"({"zenflow":{},"dataloader_len":0})");
  EXPECT_EQ(case_line(shrunk([](const Case& c) { return c.stage == 3 && c.micro_steps != 40; })),
            R"({"zenflow":{},"stage":3,"micro_steps":0})");
  EXPECT_EQ(case_line(shrunk([](const Case& c) {
              const py::Value* v = field(c, "select_interval");
              return v && v->as<py::Int>() && *v->as<py::Int>() < 0;
            })),
            R"({"zenflow":{"select_interval":-1}})");
  EXPECT_EQ(case_line(shrunk(
                [](const Case& c) { return !c.deepspeed_config && c.zenflow.as<py::Dict>() == nullptr; })),
            R"({"zenflow":null})");
  // A whole config shrinks to the zenflow block alone in zero_optimization, its world size to 2.
  EXPECT_EQ(case_line(shrunk([](const Case& c) { return c.deepspeed_config.has_value(); })),
            R"({"deepspeed_config":{"zero_optimization":{"zenflow":{}}}})");
  EXPECT_EQ(case_line(shrunk([](const Case& c) { return c.world_size != 1; })),
            R"({"deepspeed_config":{"zero_optimization":{"zenflow":{}}},"world_size":2})");
}

TEST(Generators, sampleCasesIsDeterministicForASeed) {
  std::vector<std::string> first, again, other;
  sample_cases(5, 200, [&](const Case& c) { first.push_back(case_line(c)); });
  sample_cases(5, 200, [&](const Case& c) { again.push_back(case_line(c)); });
  sample_cases(6, 200, [&](const Case& c) { other.push_back(case_line(c)); });
  EXPECT_EQ(first, again);
  EXPECT_NE(first, other);
}

TEST(Generators, thePartGeneratorsDrawTheirPart) {
  rc::Random random(3);
  int objects = 0;
  for (int i = 0; i < 1000; ++i) {
    Case context = genEngineContext()(random.split(), 0).value();
    EXPECT_EQ(context.zenflow, py::Value(py::None{}));
    EXPECT_TRUE(context.stage >= 1 && context.stage <= 3);
    objects += genZenflowBlock()(random.split(), 0).value().as<py::Dict>() != nullptr;
    py::Value hostile = genHostileValue()(random.split(), 0).value();
    EXPECT_TRUE(std::any_of(hostile_pool().begin(), hostile_pool().end(),
                            [&](const PoolValue& v) { return v.value == hostile; }));
  }
  EXPECT_GT(objects, 900);  // non-objects are the rare mix
}

std::string dataloader_kind(const Case& c) {
  if (!c.dataloader_len) return "no dataloader";
  if (*c.dataloader_len == 0) return "empty dataloader";
  if (*c.dataloader_len < 5) return "short dataloader (1-4)";
  if (*c.dataloader_len <= 1000) return "normal dataloader (5-1000)";
  return "huge dataloader (>= 2**31 - 1)";
}

std::string block_shape(const Case& c) {
  const py::Dict* d = c.zenflow.as<py::Dict>();
  if (d == nullptr) return "not an object";
  bool unknown = false;
  for (const auto& [key, value] : d->entries()) {
    unknown |= std::find(kConfigFields.begin(), kConfigFields.end(), key.text) == kConfigFields.end();
  }
  std::string keys = d->size() == 0   ? "{}"
                     : d->size() <= 3 ? "1-3 keys"
                     : d->size() <= 7 ? "4-7 keys"
                                      : "8+ keys";
  return unknown ? keys + " with unknown keys" : keys;
}

// RapidCheck's own driver over genCase(): every case round-trips through its eval-format line, and the
// distributions show the mix of engine contexts and block shapes the generator draws.
RC_GTEST_PROP(Generators, everyCaseRoundTripsThroughItsEvalLineWhateverItsDataloader, (const Case& c)) {
  RC_TAG(dataloader_kind(c), "stage " + std::to_string(c.stage));
  RC_ASSERT(parse_case(case_line(c)) == c);
}

RC_GTEST_PROP(Generators, everyCaseRoundTripsThroughItsEvalLineWhateverItsBlock, (const Case& c)) {
  RC_TAG(block_shape(c));
  RC_ASSERT(parse_case(case_line(c)) == c);
}

}  // namespace
}  // namespace zfcheck::gen
