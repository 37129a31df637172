// The value pools and combinators behind genCase() and its parts.
#include "properties/generators.hpp"

#include "harness/case_io.hpp"
#include "reference/py_json.hpp"

#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace zfcheck::gen {

namespace {

py::Value J(std::string_view text) { return *py::parse_json(text); }

std::vector<py::Value> pool(std::initializer_list<std::string_view> texts) {
  std::vector<py::Value> out;
  for (auto t : texts) out.push_back(J(t));
  return out;
}

// What the tutorial, upstream's tests and the PR thread use, per field; the first entry is the
// simplest, which is where shrinking goes.
const std::map<std::string_view, std::vector<py::Value>>& realistic() {
  static const std::map<std::string_view, std::vector<py::Value>> pools{
      {"topk_ratio", pool({"0.1", "0.05", "0.2", "0.5", "0.01"})},
      {"select_strategy", pool({R"("auto")", R"("step")", R"("epoch")"})},
      {"select_interval", pool({R"("auto")", "1", "10", "2", "100"})},
      {"update_interval", pool({R"("auto")", "4", "1", "3", "8"})},
      {"overlap_step", pool({"false", "true"})},
      {"offload", pool({"false", "true"})},
      {"auto_ratio", pool({"0.99", "0.9", "0.5"})},
      {"full_warm_up_rounds", pool({"0", "3", "10"})},
      {"pt_reserved_cores_perc", pool({"0.5", "0.25", "0.1"})},
      {"steps_per_epoch", pool({"null", "10", "100", "1000", "3"})},
  };
  return pools;
}

// The edges of each type: zero, one, minus one, the endpoints of [0, 1], "auto", null.
const std::vector<py::Value>& boundary() {
  static const std::vector<py::Value> values =
      pool({"0", "1", "-1", R"("auto")", "null", "0.0", "1.0", "-5", "2", "true", "false", "40", "41", "39"});
  return values;
}

const std::vector<py::Value>& hostile() {
  static const std::vector<py::Value> values = pool({
      "10.0", "10.5", "-0.0", "NaN", "Infinity", "-Infinity", "1e400", "1e-400", "9.2e18", "9.3e18", "-9.3e18",
      "1e19", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
      "1180591620717411303424", "-1180591620717411303424", "1000000000000000000000000000000",
      R"("10")", R"(" 10 ")", R"("1_000")", R"("+1")", R"("-5")", R"("0")", R"("1.0")", R"("1e3")", R"("0x10")",
      R"("0.5")", R"(" 0.5 ")", R"("Auto")", R"("AUTO")", R"("STEP")", R"("Epoch")", R"(" step")", R"("")",
      R"("none")", R"("yes")", R"("off")", R"("true")", R"("nan")", R"("inf")", R"("\u00a01")", R"("\u200b1")",
      R"("\ud800")", R"("0-1")", R"("00_1.00")", "[]", "[1]", R"(["step"])", "{}", R"({"a":1})",
  });
  return values;
}

const std::vector<std::string_view> kExtraKeys{"foo", "strict", "self", "replace_method", "Topk_ratio",
                                               "steps_per_epochs", "x\xed\xa0\x80"};

rc::Gen<py::Value> element_of(const std::vector<py::Value>& values) { return rc::gen::elementOf(values); }

py::Str key_of(std::string_view text) {
  py::Str key{std::string(text)};
  key.lone_surrogate = text.find("\xed\xa0\x80") != std::string_view::npos;
  return key;
}

}  // namespace

rc::Gen<py::Value> genHostileValue() {
  return rc::gen::weightedOneOf<py::Value>({{3, element_of(hostile())}, {1, element_of(boundary())}});
}

rc::Gen<py::Value> genFieldValue(std::string_view field) {
  return rc::gen::weightedOneOf<py::Value>(
      {{5, element_of(realistic().at(field))}, {3, element_of(boundary())}, {2, element_of(hostile())}});
}

namespace {

// A field value for a block that stays mostly plausible, so that set-up (not only validation) is reached.
rc::Gen<py::Value> genPlausibleValue(std::string_view field) {
  return rc::gen::weightedOneOf<py::Value>({{9, element_of(realistic().at(field))}, {1, element_of(boundary())}});
}

rc::Gen<py::Value> genObjectBlock(rc::Gen<py::Value> (*value_for)(std::string_view)) {
  return rc::gen::exec([value_for] {
    py::Dict dict;
    for (std::string_view field : kConfigFields) {
      // Each field is set about a third of the time; absent is where shrinking goes.
      auto value = *rc::gen::weightedOneOf<rc::Maybe<py::Value>>(
          {{2, rc::gen::just(rc::Maybe<py::Value>())}, {1, rc::gen::map(value_for(field), [](py::Value v) {
                                                          return rc::Maybe<py::Value>(std::move(v));
                                                        })}});
      if (value) dict.set(py::Str{std::string(field)}, *value);
    }
    auto extras = *rc::gen::weightedOneOf<std::vector<std::pair<std::string_view, py::Value>>>(
        {{12, rc::gen::just(std::vector<std::pair<std::string_view, py::Value>>{})},
         {1, rc::gen::container<std::vector<std::pair<std::string_view, py::Value>>>(
                 1, rc::gen::pair(rc::gen::elementOf(kExtraKeys), genHostileValue()))}});
    for (auto& [key, value] : extras) dict.set(key_of(key), std::move(value));
    return py::Value(std::move(dict));
  });
}

// The configs people actually write: the PR thread's rows, the tutorial's, and the parametrisations
// of upstream's test_zf.py, each now and then with one field replaced.
const std::vector<py::Value>& scenarios() {
  static const std::vector<py::Value> values = [] {
    std::vector<py::Value> out = pool({
        "{}",
        R"({"select_strategy":"epoch","select_interval":1})",
        R"({"select_strategy":"step","select_interval":10})",
        R"({"steps_per_epoch":10})",
        R"({"topk_ratio":0.05,"select_strategy":"auto","select_interval":"auto","update_interval":4,)"
        R"("full_warm_up_rounds":0,"overlap_step":true})",
    });
    for (std::string_view strategy : {R"("select_strategy":"auto","select_interval":"auto","update_interval":"auto")",
                                      R"("select_strategy":"step","select_interval":10,"update_interval":3)",
                                      R"("select_strategy":"epoch","select_interval":1,"update_interval":4)"}) {
      for (std::string_view offload : {"true", "false"}) {
        for (std::string_view warm_up : {"0", "3"}) {
          out.push_back(J(std::string(R"({"topk_ratio":0.2,)") + std::string(strategy) +
                          R"(,"overlap_step":false,"offload":)" + std::string(offload) +
                          R"(,"auto_ratio":0.99,"full_warm_up_rounds":)" + std::string(warm_up) + "}"));
        }
      }
    }
    return out;
  }();
  return values;
}

rc::Gen<py::Value> genScenarioBlock() {
  return rc::gen::exec([] {
    py::Value block = *element_of(scenarios());
    if (*rc::gen::weightedOneOf<bool>({{1, rc::gen::just(false)}, {1, rc::gen::just(true)}})) {
      std::string_view field = *rc::gen::elementOf(kConfigFields);
      block.as<py::Dict>()->set(py::Str{std::string(field)}, *genFieldValue(field));
    }
    return block;
  });
}

}  // namespace

rc::Gen<py::Value> genZenflowBlock() {
  return rc::gen::weightedOneOf<py::Value>(
      {{10, genScenarioBlock()},
       {8, genObjectBlock(genPlausibleValue)},
       {7, genObjectBlock(genFieldValue)},
       {1, element_of(pool({"null", R"("auto")", "5", R"("x")", "[]", "true", R"(["auto"])"}))}});
}

rc::Gen<Case> genEngineContext() {
  return rc::gen::exec([] {
    Case c;
    c.dataloader_len = *rc::gen::weightedOneOf<std::optional<std::int64_t>>({
        {8, rc::gen::just(std::optional<std::int64_t>())},
        {2, rc::gen::just(std::optional<std::int64_t>(0))},
        {1, rc::gen::just(std::optional<std::int64_t>(1))},
        {2, rc::gen::map(rc::gen::inRange<std::int64_t>(2, 4), [](std::int64_t n) { return std::optional(n); })},
        {4, rc::gen::just(std::optional<std::int64_t>(10))},
        {2, rc::gen::map(rc::gen::inRange<std::int64_t>(5, 200), [](std::int64_t n) { return std::optional(n); })},
        {1, rc::gen::just(std::optional<std::int64_t>(std::int64_t{1} << 62))},
    });
    c.stage = *rc::gen::weightedOneOf<int>({{3, rc::gen::just(2)}, {1, rc::gen::just(1)}, {2, rc::gen::just(3)}});
    c.micro_steps = *rc::gen::weightedOneOf<std::int64_t>(
        {{6, rc::gen::just(std::int64_t{40})}, {1, rc::gen::inRange<std::int64_t>(0, 120)}});
    return c;
  });
}

rc::Gen<Case> genCase() {
  return rc::gen::exec([] {
    Case c = *genEngineContext();
    c.zenflow = *genZenflowBlock();
    return c;
  });
}

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
void showValue(const Case& c, std::ostream& os) { os << py::to_json(case_to_value(c)); }
}  // namespace zfcheck
