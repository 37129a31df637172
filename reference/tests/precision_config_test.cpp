// Tests of the fp16 and bf16 blocks (reference/precision_config); expected values are what upstream's
// precision_config.py gives at edaa72212 and PR #8274 (read with the upstream engine).
#include "reference/precision_config.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

// "ok <flags>" or "<type> <field or ->: <message>".
std::string precision_text(std::string_view config) {
  auto p = read_precision(*testing::json(config).as<py::Dict>());
  if (!p) return p.error().type + " " + p.error().field.value_or("-") + ": " + p.error().message;
  return std::string("ok ") + (p->fp16_enabled ? "fp16" : "-") + (p->bf16_enabled ? " bf16" : " -");
}

std::string fp16_text(std::string_view block) {
  return precision_text("{\"fp16\":" + std::string(block) + "}");
}

TEST(PrecisionConfig, LossScaleAsItsValidatorReadsIt) {
  EXPECT_EQ(fp16_text(R"({"enabled":true,"loss_scale":128})"), "ok fp16 -");
  EXPECT_EQ(fp16_text(R"({"enabled":true,"loss_scale":" 1_024 "})"), "ok fp16 -");
  EXPECT_EQ(fp16_text(R"({"loss_scale":true})"),
            "ValidationError fp16.loss_scale: Value error, fp16.loss_scale must be a number, not bool");
  EXPECT_EQ(fp16_text(R"({"loss_scale":"x"})"),
            "ValidationError fp16.loss_scale: Value error, fp16.loss_scale must be a number");
  EXPECT_EQ(fp16_text(R"({"loss_scale":null})"),
            "ValidationError fp16.loss_scale: Value error, fp16.loss_scale must be a number");
  EXPECT_EQ(fp16_text(R"({"loss_scale":"1_e5"})"),
            "ValidationError fp16.loss_scale: Value error, fp16.loss_scale must be a number");
  EXPECT_EQ(fp16_text(R"({"loss_scale":"-inf"})"),
            "ValidationError fp16.loss_scale: Value error, fp16.loss_scale must be a finite number (not "
            "inf/-inf/nan)");
  EXPECT_EQ(fp16_text(R"({"loss_scale":NaN})"),
            "ValidationError fp16.loss_scale: Value error, fp16.loss_scale must be a finite number (not "
            "inf/-inf/nan)");
  EXPECT_EQ(fp16_text(R"({"loss_scale":-2.5})"),
            "ValidationError fp16.loss_scale: Value error, fp16.loss_scale must be >= 0 (0 enables dynamic "
            "loss scaling)");
  // float() of an int past the float range raises OverflowError, which the validator lets through: it beats
  // the error of a field before it.
  EXPECT_EQ(fp16_text(R"({"enabled":"x","loss_scale":)" + std::string(400, '9') + "}"),
            "OverflowError -: int too large to convert to float");
}

TEST(PrecisionConfig, ScaleWindowAndMinimumAsTheirValidatorReadsThem) {
  EXPECT_EQ(fp16_text(R"({"loss_scale_window":"007","min_loss_scale":" 2 "})"), "ok - -");
  EXPECT_EQ(fp16_text(R"({"loss_scale_window":true})"),
            "ValidationError fp16.loss_scale_window: Value error, fp16.loss_scale_window must be an integer, "
            "not bool");
  EXPECT_EQ(
      fp16_text(R"({"min_loss_scale":Infinity})"),
      "ValidationError fp16.min_loss_scale: Value error, fp16.min_loss_scale must be a finite number (not "
      "inf/-inf/nan)");
  EXPECT_EQ(fp16_text(R"({"min_loss_scale":"1.5"})"),
            "ValidationError fp16.min_loss_scale: Value error, fp16.min_loss_scale must be an integer");
  EXPECT_EQ(fp16_text(R"({"min_loss_scale":[]})"),
            "ValidationError fp16.min_loss_scale: Value error, fp16.min_loss_scale must be an integer");
  // int(1.5) is 1, so the validator passes it on; pydantic's int refuses it.
  EXPECT_EQ(fp16_text(R"({"loss_scale_window":1.5})"),
            "ValidationError fp16.loss_scale_window: Input should be a valid integer, got a number with a "
            "fractional part");
  EXPECT_EQ(fp16_text(R"({"loss_scale_window":1e300})"),
            "ValidationError fp16.loss_scale_window: Unable to parse input string as an integer, exceeded "
            "maximum size");
}

TEST(PrecisionConfig, DynamicLossScalingNeedsAPositiveWindowAndMinimum) {
  EXPECT_EQ(fp16_text(R"({"enabled":true,"loss_scale_window":0,"min_loss_scale":0})"),
            "ValidationError -: Value error, fp16.loss_scale_window must be > 0 when dynamic loss scaling is "
            "enabled "
            "(loss_scale=0)");
  EXPECT_EQ(
      fp16_text(R"({"enabled":true,"loss_scale":-0.0,"min_loss_scale":-3})"),
      "ValidationError -: Value error, fp16.min_loss_scale must be > 0 when dynamic loss scaling is enabled "
      "(loss_scale=0)");
  EXPECT_EQ(fp16_text(R"({"enabled":true,"loss_scale":1,"min_loss_scale":-3})"), "ok fp16 -");
  EXPECT_EQ(fp16_text(R"({"enabled":"auto","loss_scale":0,"min_loss_scale":-3})"), "ok - -");
  EXPECT_EQ(fp16_text(R"({"enabled":false,"loss_scale_window":0})"), "ok - -");
}

TEST(PrecisionConfig, FieldErrorsInDeclarationOrderThenUnknownKeys) {
  EXPECT_EQ(fp16_text(R"({"bogus":1,"enabled":"x"})"),
            "ValidationError fp16.enabled: Input should be a valid boolean, unable to interpret input");
  EXPECT_EQ(fp16_text(R"({"hysteresis":"x","auto_cast":2})"),
            "ValidationError fp16.auto_cast: Input should be a valid boolean, unable to interpret input");
  EXPECT_EQ(fp16_text(R"({"enabled":true,"bogus":"12.0"})"),
            "ValidationError fp16.bogus: Extra inputs are not permitted");
  EXPECT_EQ(fp16_text(R"({"initial_scale_power":null})"),
            "ValidationError fp16.initial_scale_power: Input should be a valid integer");
  // "strict" is DeepSpeedConfigModel.__init__'s parameter: truthy, it keeps "auto" values for pydantic.
  EXPECT_EQ(fp16_text(R"({"strict":true,"enabled":"auto"})"),
            "ValidationError fp16.enabled: Input should be a valid boolean, unable to interpret input");
  EXPECT_EQ(fp16_text(R"({"strict":0,"enabled":"auto"})"), "ok - -");
  EXPECT_EQ(fp16_text(R"({"self":1})"),
            "TypeError -: DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
}

TEST(PrecisionConfig, Bf16ErrorsNameTheKeyTheBlockCameFrom) {
  EXPECT_EQ(precision_text(R"({"bf16":{"enabled":"yes","check_grad_overflow":"off"}})"), "ok - bf16");
  EXPECT_EQ(precision_text(R"({"bf16":{"enabled":2}})"),
            "ValidationError bf16.enabled: Input should be a valid boolean, unable to interpret input");
  EXPECT_EQ(precision_text(R"({"bf16":null,"bfloat16":{"bf16_optimizer_states":[]}})"),
            "ValidationError bfloat16.bf16_optimizer_states: Input should be a valid boolean");
  EXPECT_EQ(precision_text(R"({"bfloat16":{"bogus":1}})"),
            "ValidationError bfloat16.bogus: Extra inputs are not permitted");
  EXPECT_EQ(precision_text(R"({"bf16":{},"bfloat16":{"enabled":"x"}})"), "ok - -");
}

TEST(PrecisionConfig, ABlockThatIsNotAMappingIsTheTypeErrorOfItsClassCall) {
  EXPECT_EQ(
      fp16_text("null"),
      "TypeError -: deepspeed.runtime.precision_config.DeepSpeedFP16Config() argument after ** must be a "
      "mapping, not NoneType");
  EXPECT_EQ(
      fp16_text("\"auto\""),
      "TypeError -: deepspeed.runtime.precision_config.DeepSpeedFP16Config() argument after ** must be a "
      "mapping, not str");
  EXPECT_EQ(
      precision_text(R"({"bf16":false})"),
      "TypeError -: deepspeed.runtime.precision_config.DeepSpeedBF16Config() argument after ** must be a "
      "mapping, not bool");
  EXPECT_EQ(
      precision_text(R"({"bf16":null,"bfloat16":[1]})"),
      "TypeError -: deepspeed.runtime.precision_config.DeepSpeedBF16Config() argument after ** must be a "
      "mapping, not list");
}

TEST(PrecisionConfig, AKeyThatIsNotTextRefusesTheBlockAtOnce) {
  EXPECT_EQ(
      fp16_text(R"({"loss_scale":-1,"\ud800":1})"),
      "ValidationError -: Input should be a valid string, unable to parse raw data as a unicode string");
  EXPECT_EQ(fp16_text(R"({"self":1,"\ud800":1})"),
            "TypeError -: DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
}

TEST(PrecisionConfig, WhatDependsOnThePythonIsNotModelled) {
  // float() and int() read Unicode digits: a digit Python 3.8 does not know is not modelled.
  EXPECT_EQ(fp16_text("{\"loss_scale\":\"\xf0\x9f\xaf\xb1\"}"),
            "Unmodelled -: fp16.loss_scale given as this text is not modelled");
  EXPECT_EQ(fp16_text("{\"loss_scale\":\"\xef\xbc\x91\"}"), "ok - -");
}

}  // namespace
}  // namespace zfcheck
