// Tests of zenflow block validation (reference/config): the base class's quirks and validate_fields.
#include "reference/config.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

using testing::json;

auto validate(std::string_view block, std::string_view profile_name = "deepspeed-edaa722") {
  return validate_zenflow(json(block), testing::profile(profile_name).switches);
}

std::string error_of(std::string_view block, std::string_view profile_name = "deepspeed-edaa722") {
  auto r = validate(block, profile_name);
  if (r) return "ok";
  return r.error().type + "/" + r.error().field.value_or("-") + "/" + r.error().message;
}

TEST(Config, NullAndAutoLeaveZenflowOff) {
  EXPECT_FALSE(validate("null")->has_value());
  EXPECT_FALSE(validate(R"("auto")")->has_value());
  EXPECT_TRUE(validate("{}")->has_value());
}

TEST(Config, NonObjectBlocksAreAModelTypeError) {
  for (std::string_view block : {"true", "123", R"("x")", "[]", R"("Auto")"}) {
    EXPECT_EQ(error_of(block), "ValidationError/-/Input should be a valid dictionary or instance of ZenFlowConfig")
        << block;
  }
}

TEST(Config, DefaultsAreUpstreams) {
  ZenFlowConfig c = **validate("{}");
  EXPECT_EQ(c.topk_ratio, 0.1);
  EXPECT_TRUE(c.select_strategy == "auto");
  EXPECT_EQ(std::get<py::Str>(c.select_interval), py::Str{"auto"});
  EXPECT_EQ(c.auto_ratio, 0.99);
  EXPECT_EQ(c.full_warm_up_rounds, 0);
  EXPECT_EQ(c.pt_reserved_cores_perc, 0.5);
  EXPECT_FALSE(c.steps_per_epoch.has_value());
}

TEST(Config, EachFieldIsValidatedIntoItsOwnMember) {
  ZenFlowConfig expected = default_config();
  expected.topk_ratio = 0.2;
  expected.select_strategy = py::Str{"step"};
  expected.select_interval = py::Int(3);
  expected.update_interval = py::Int(5);
  expected.overlap_step = true;
  expected.auto_ratio = 0.7;
  expected.full_warm_up_rounds = 2;
  expected.pt_reserved_cores_perc = 0.3;
  expected.steps_per_epoch = py::Int(11);
  std::string_view block =
      R"({"topk_ratio":0.2,"select_strategy":"step","select_interval":3,"update_interval":5,"overlap_step":true,)"
      R"("offload":false,"auto_ratio":0.7,"full_warm_up_rounds":2,"pt_reserved_cores_perc":0.3,"steps_per_epoch":11})";
  auto c = validate(block);
  ASSERT_TRUE(c && *c) << error_of(block);
  EXPECT_TRUE(**c == expected);
}

TEST(Config, AutoValuesAreDroppedToTheirDefaults) {
  ZenFlowConfig c = **validate(R"({"topk_ratio":"auto","full_warm_up_rounds":"auto","steps_per_epoch":"auto"})");
  EXPECT_EQ(c.topk_ratio, 0.1);
  EXPECT_EQ(c.full_warm_up_rounds, 0);
  EXPECT_EQ(error_of(R"({"topk_ratio":"Auto"})").substr(0, 27), "ValidationError/topk_ratio/");
}

TEST(Config, UnknownKeysAreForbiddenUnlessTheirValueIsAuto) {
  EXPECT_EQ(error_of(R"({"foo":1})"), "ValidationError/foo/Extra inputs are not permitted");
  EXPECT_EQ(error_of(R"({"foo":null})"), "ValidationError/foo/Extra inputs are not permitted");
  EXPECT_EQ(error_of(R"({"foo":"auto"})"), "ok");
  EXPECT_EQ(error_of(R"({"replace_method":"auto"})"), "ValidationError/replace_method/Extra inputs are not permitted");
}

TEST(Config, FieldErrorsComeBeforeExtrasAndStopTheModelValidator) {
  EXPECT_EQ(error_of(R"({"foo":1,"topk_ratio":2})"),
            "ValidationError/topk_ratio/Input should be less than or equal to 1");
  EXPECT_EQ(error_of(R"({"select_strategy":"bad","topk_ratio":2})"),
            "ValidationError/topk_ratio/Input should be less than or equal to 1");
  EXPECT_EQ(error_of(R"({"select_strategy":"bad","select_interval":"x"})"),
            R"(ValidationError/-/Value error, select_strategy must be one of "auto", "step", or "epoch")");
  EXPECT_EQ(error_of(R"({"select_interval":"x","update_interval":"y"})"),
            R"(ValidationError/-/Value error, If select_interval is a string, it must be "auto")");
}

TEST(Config, StrictKeyBindsTheInitParameter) {
  EXPECT_EQ(error_of(R"({"strict":true,"topk_ratio":"auto"})"),
            "ValidationError/topk_ratio/Input should be a valid number, unable to parse string as a number");
  EXPECT_EQ(error_of(R"({"strict":"auto","topk_ratio":"auto"})").substr(0, 27), "ValidationError/topk_ratio/");
  EXPECT_EQ(error_of(R"({"strict":0,"topk_ratio":"auto"})"), "ok");
  EXPECT_EQ(error_of(R"({"strict":[],"x":"auto"})"), "ok");
  EXPECT_EQ(error_of(R"({"strict":1,"foo":"auto"})"), "ValidationError/foo/Extra inputs are not permitted");
}

TEST(Config, SelfKeyIsATypeError) {
  EXPECT_EQ(error_of(R"({"self":"auto"})"),
            "TypeError/-/DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
}

TEST(Config, LoneSurrogateKeysStopValidationFirst) {
  EXPECT_EQ(error_of(R"({"topk_ratio":5,"x\ud800":1})"),
            "ValidationError/-/Input should be a valid string, unable to parse raw data as a unicode string");
  EXPECT_EQ(error_of(R"({"\ud800":"auto"})"), "ok");
}

TEST(Config, IntervalsKeepStringsAndCoerceNumbers) {
  ZenFlowConfig c = **validate(R"({"select_strategy":"step","select_interval":10.0,"update_interval":true})");
  EXPECT_EQ(std::get<py::Int>(c.select_interval), 10);
  EXPECT_EQ(std::get<py::Int>(c.update_interval), 1);
  EXPECT_EQ(error_of(R"({"select_interval":"10"})"),
            R"(ValidationError/-/Value error, If select_interval is a string, it must be "auto")");
  EXPECT_EQ(error_of(R"({"select_interval":10.5})"), "ValidationError/select_interval/Input should be a valid string");
}

TEST(Config, TopkRatioEndpointsDependOnTheProfile) {
  EXPECT_EQ(error_of(R"({"topk_ratio":0})", "deepspeed-edaa722"), "ok");
  EXPECT_EQ(error_of(R"({"topk_ratio":1})", "deepspeed-edaa722"), "ok");
  EXPECT_EQ(error_of(R"({"topk_ratio":0})", "deepspeed-8274"), "ValidationError/topk_ratio/Input should be greater than 0");
  EXPECT_EQ(error_of(R"({"topk_ratio":true})", "deepspeed-8274"), "ValidationError/topk_ratio/Input should be less than 1");
}

TEST(Config, UpdateIntervalMinimumArrivesWithPr8274) {
  EXPECT_EQ(error_of(R"({"update_interval":0})", "deepspeed-edaa722"), "ok");
  EXPECT_EQ(error_of(R"({"update_interval":false})", "deepspeed-8274"),
            "ValidationError/-/Value error, If update_interval is a number, it must be at least 1");
  EXPECT_EQ(error_of(R"({"update_interval":-1})", "pr-8456"),
            "ValidationError/-/Value error, If update_interval is a number, it must be at least 1");
}

TEST(Config, StepsPerEpochMinimumArrivesWithTheFinalPr) {
  for (std::string_view block : {R"({"steps_per_epoch":0})", R"({"steps_per_epoch":-5})", R"({"steps_per_epoch":false})",
                                 R"({"steps_per_epoch":"0"})"}) {
    EXPECT_EQ(error_of(block, "pr-8456-4ffc94ea"), "ok") << block;
    EXPECT_EQ(error_of(block, "pr-8456"),
              "ValidationError/-/Value error, If steps_per_epoch is set, it must be at least 1")
        << block;
  }
  EXPECT_EQ(**validate(R"({"steps_per_epoch":"10"})", "pr-8456"), **validate(R"({"steps_per_epoch":10.0})", "pr-8456"));
  EXPECT_FALSE((*validate(R"({"steps_per_epoch":null})", "pr-8456"))->steps_per_epoch.has_value());
}

TEST(Config, ModelValidatorOrderPutsUpdateIntervalBeforeStepsPerEpoch) {
  EXPECT_EQ(model_validator_failure(**validate(R"({"steps_per_epoch":5})"), testing::profile("pr-8456").switches),
            std::nullopt);
  ZenFlowConfig c = **validate(R"({"update_interval":0,"steps_per_epoch":0})", "deepspeed-edaa722");
  EXPECT_EQ(*model_validator_failure(c, testing::profile("pr-8456").switches),
            "If update_interval is a number, it must be at least 1");
}

}  // namespace
}  // namespace zfcheck
