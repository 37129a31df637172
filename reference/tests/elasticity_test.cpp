// Tests of elastic training in DeepSpeedConfig (reference/elasticity); expected values are what upstream's
// runtime/config.py and elasticity/ give at edaa72212 (read with the upstream engine, numpy 1.24).
#include "reference/elasticity.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

// "off", "on: <the three batch values>" or "<type>: <message>", then " | " and each warning logged.
std::string elastic_text(std::string_view config, int world_size = 2) {
  std::vector<std::string> warnings;
  auto out = elastic_config(*testing::json(config).as<py::Dict>(), py::Number(py::Int(world_size)), warnings);
  std::string text = !out ? out.error().type + ": " + out.error().message : !*out ? "off" : "on";
  if (out && *out) {
    for (const char* key :
         {"train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps"})
      text += " " + py::to_json(*(*out)->find(key));
  }
  for (const std::string& w : warnings) text += " | " + w;
  return text;
}

TEST(Elasticity, OffUnlessTheBlockEnablesIt) {
  EXPECT_EQ(elastic_text(R"({"train_batch_size":8})"), "off");
  EXPECT_EQ(elastic_text(R"({"elasticity":{}})"), "off");
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":false,"max_train_batch_size":"x"}})"), "off");
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":0}})"), "off");
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":""}})"), "off");
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":null}})"), "off");
}

TEST(Elasticity, ABlockThatIsNotADictFailsOnItsGet) {
  EXPECT_EQ(elastic_text(R"({"elasticity":[]})"), "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(elastic_text(R"({"elasticity":null})"),
            "AttributeError: 'NoneType' object has no attribute 'get'");
  EXPECT_EQ(elastic_text(R"({"elasticity":true})"), "AttributeError: 'bool' object has no attribute 'get'");
  EXPECT_EQ(elastic_text(R"({"elasticity":"on"})"), "AttributeError: 'str' object has no attribute 'get'");
}

}  // namespace
}  // namespace zfcheck
