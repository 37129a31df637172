// Tests of DeepSpeedZeroConfig as pydantic reads it (reference/zero_config); expected values are what
// upstream's runtime/zero/config.py gives under pydantic 2 (read with the upstream engine).
#include "reference/zero_config.hpp"

#include "reference/deepspeed_warnings.hpp"
#include "test_support.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace zfcheck {
namespace {

// The section of a config holding `entries` (its "zero_optimization" and any other keys) as read, then " | "
// and each warning logged, in order.
std::string config_zero_text(std::string_view entries) {
  py::Value v = testing::json("{" + std::string(entries) + "}");
  std::vector<std::string> warnings;
  auto z = read_zero_config(*v.as<py::Dict>(), Switches{}, warnings);
  std::string text = z ? "stage " + std::to_string(z->stage) + ", offload " + z->offload_optimizer.value_or("-") +
                             ", overlap " + (z->overlap_comm ? "true" : "false") + ", zenflow " +
                             (z->zenflow ? "on" : "off")
                       : z.error().type + " " + z.error().field.value_or("-") + ": " + z.error().message;
  for (const std::string& w : warnings) text += " | " + w;
  return text;
}

std::string zero_text(std::string_view section) {
  return config_zero_text("\"zero_optimization\":" + std::string(section));
}

TEST(ZeroConfig, StageAsPydanticReadsIt) {
  EXPECT_EQ(zero_text("{}"), "stage 0, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"stage":"2"})"), "stage 2, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"stage":2.0})"), "stage 2, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"stage":"auto"})"), "stage 0, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"stage":"x"})"), "ValidationError zero_optimization.stage: Input should be 0, 1, 2, 3 or 3");
  EXPECT_EQ(zero_text(R"({"stage":4})"), "ValidationError zero_optimization.stage: Input should be 0, 1, 2, 3 or 3");
  EXPECT_EQ(zero_text(R"({"stage":null})"), "ValidationError zero_optimization.stage: Input should be 0, 1, 2, 3 or 3");
}

TEST(ZeroConfig, OverlapCommDefaultsToStage3) {
  EXPECT_EQ(zero_text(R"({"stage":3})"), "stage 3, offload -, overlap true, zenflow off");
  EXPECT_EQ(zero_text(R"({"stage":3,"overlap_comm":false})"), "stage 3, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"overlap_comm":"yes"})"), "stage 0, offload -, overlap true, zenflow off");
}

TEST(ZeroConfig, OffloadOptimizerDevice) {
  EXPECT_EQ(zero_text(R"({"offload_optimizer":{"device":"nvme"}})"), "stage 0, offload nvme, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"offload_optimizer":{}})"), "stage 0, offload none, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"offload_optimizer":{"device":"auto"}})"), "stage 0, offload none, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"offload_optimizer":"auto"})"), "stage 0, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"offload_optimizer":{"device":"CPU"}})"),
            "ValidationError zero_optimization.offload_optimizer.device: Input should be 'none', 'cpu' or 'nvme'");
  EXPECT_EQ(zero_text(R"({"offload_optimizer":5})"),
            "ValidationError zero_optimization.offload_optimizer: Input should be a valid dictionary or instance of "
            "DeepSpeedZeroOffloadOptimizerConfig");
  EXPECT_EQ(zero_text(R"({"offload_optimizer":{"ratio":0.5}})"),
            "ValidationError -: Assertion failed, Partial offloading only supported for ZeRO Stage 3.");
}

TEST(ZeroConfig, OffloadParamAndNvmePathAreValidatedAsDeclared) {
  EXPECT_EQ(zero_text(R"({"stage":3,"offload_param":{"device":"nvme","nvme_path":"/local_nvme","buffer_count":5,
                         "buffer_size":1e8,"max_in_cpu":1e9,"pin_memory":true}})"),
            "stage 3, offload -, overlap true, zenflow off");
  EXPECT_EQ(zero_text(R"({"offload_param":{"nvme_path":""}})"), "stage 0, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"offload_param":null,"offload_optimizer":{"device":"nvme","nvme_path":null}})"),
            "stage 0, offload nvme, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"offload_param":{"device":"CPU"}})"),
            "ValidationError zero_optimization.offload_param.device: Input should be 'none', 'cpu' or 'nvme'");
  EXPECT_EQ(zero_text(R"({"offload_param":{"nvme_path":[1]}})"),
            "ValidationError zero_optimization.offload_param.nvme_path: Input is not a valid path for <class "
            "'pathlib.Path'>");
  EXPECT_EQ(zero_text(R"({"offload_optimizer":{"device":"nvme","nvme_path":true}})"),
            "ValidationError zero_optimization.offload_optimizer.nvme_path: Input is not a valid path for <class "
            "'pathlib.Path'>");
  EXPECT_EQ(zero_text(R"({"offload_param":{"max_in_cpu":1.5}})"),
            "ValidationError zero_optimization.offload_param.max_in_cpu: Input should be a valid integer, got a "
            "number with a fractional part");
  EXPECT_EQ(zero_text(R"({"offload_param":{"bogus":1}})"),
            "ValidationError zero_optimization.offload_param.bogus: Extra inputs are not permitted");
  EXPECT_EQ(zero_text(R"({"offload_param":5})"),
            "ValidationError zero_optimization.offload_param: Input should be a valid dictionary or instance of "
            "DeepSpeedZeroOffloadParamConfig");
  // Declaration order: offload_param comes before offload_optimizer, after overlap_comm.
  EXPECT_EQ(zero_text(R"({"offload_optimizer":{"device":"bad"},"offload_param":{"buffer_count":-1}})"),
            "ValidationError zero_optimization.offload_param.buffer_count: Input should be greater than or equal "
            "to 0");
  EXPECT_EQ(zero_text(R"({"offload_param":{"self":1}})"),
            "TypeError -: DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
}

TEST(ZeroConfig, DeprecatedFieldsAreMappedWithUpstreamsWarnings) {
  const std::string elastic =
      " | ZeRO-3 elastic checkpointing is deprecated and no longer supported. Use Universal Checkpointing instead.";
  EXPECT_EQ(zero_text(R"({"stage":2,"cpu_offload":true})"),
            "stage 2, offload cpu, overlap false, zenflow off | Config parameter cpu_offload is deprecated use "
            "offload_optimizer instead");
  EXPECT_EQ(zero_text(R"({"stage":2,"cpu_offload":"auto"})"), "stage 2, offload -, overlap false, zenflow off");
  // Every field given logs, in declaration order; a false or None cpu_offload assigns no offload block.
  EXPECT_EQ(zero_text(R"({"stage":2,"cpu_offload":null,"cpu_offload_param":false,"cpu_offload_use_pin_memory":true,
                         "stage3_gather_fp16_weights_on_model_save":true})"),
            "stage 2, offload -, overlap false, zenflow off"
            " | Config parameter cpu_offload_param is deprecated use offload_param instead"
            " | Config parameter cpu_offload_use_pin_memory is deprecated use offload_param or offload_optimizer instead"
            " | Config parameter cpu_offload is deprecated use offload_optimizer instead"
            " | Config parameter stage3_gather_fp16_weights_on_model_save is deprecated use "
            "gather_16bit_weights_on_model_save instead");
  // The replacement given too: the warning, then the assert (an alias of the replacement counts).
  EXPECT_EQ(zero_text(R"({"stage":2,"cpu_offload":true,"offload_optimizer":{"device":"cpu"}})"),
            "AssertionError -: Cannot provide deprecated parameter 'cpu_offload' and replacing parameter "
            "'offload_optimizer' together | Config parameter cpu_offload is deprecated use offload_optimizer instead");
  EXPECT_EQ(zero_text(R"({"stage3_gather_fp16_weights_on_model_save":true,
                         "stage3_gather_16bit_weights_on_model_save":false})"),
            "AssertionError -: Cannot provide deprecated parameter 'stage3_gather_fp16_weights_on_model_save' and "
            "replacing parameter 'gather_16bit_weights_on_model_save' together | Config parameter "
            "stage3_gather_fp16_weights_on_model_save is deprecated use gather_16bit_weights_on_model_save instead");
  EXPECT_EQ(zero_text(R"({"cpu_offload":"yes please"})"),
            "ValidationError zero_optimization.cpu_offload: Input should be a valid boolean, unable to interpret "
            "input");
  // elastic_checkpoint at stage 3 warns on every run of the validators: once, again when overlap_comm is
  // assigned its default, and again on each assignment of a deprecated field's replacement.
  EXPECT_EQ(zero_text(R"({"stage":3,"elastic_checkpoint":true,"overlap_comm":true})"),
            "stage 3, offload -, overlap true, zenflow off" + elastic);
  EXPECT_EQ(zero_text(R"({"stage":3,"elastic_checkpoint":true,"cpu_offload":true})"),
            "stage 3, offload cpu, overlap true, zenflow off" + elastic + elastic +
                " | Config parameter cpu_offload is deprecated use offload_optimizer instead" + elastic);
  EXPECT_EQ(zero_text(R"({"stage":2,"elastic_checkpoint":true})"), "stage 2, offload -, overlap false, zenflow off");
}

TEST(ZeroConfig, TheDeprecatedBoolFormatIsStage1Or0WithItsWarning) {
  const std::string warned = " | " + deprecated_zero_format_warning();
  EXPECT_EQ(config_zero_text(R"("zero_optimization":true)"),
            "stage 1, offload -, overlap false, zenflow off" + warned);
  EXPECT_EQ(config_zero_text(R"("zero_optimization":false,"allgather_size":"x")"),
            "stage 0, offload -, overlap false, zenflow off" + warned);
  // Stage 1 takes the top-level allgather_size as allgather_bucket_size; it is validated as that field.
  EXPECT_EQ(config_zero_text(R"("zero_optimization":true,"allgather_size":1.5)"),
            "ValidationError zero_optimization.allgather_bucket_size: Input should be a valid integer, got a "
            "number with a fractional part" +
                warned);
  EXPECT_EQ(
      config_zero_text(R"("allgather_size":-1,"zero_optimization":true)"),
      "ValidationError zero_optimization.allgather_bucket_size: Input should be greater than or equal to 0" +
          warned);
  // Only a bool takes the old format: 1 is a value that is not a mapping.
  EXPECT_EQ(
      config_zero_text(R"("zero_optimization":1)"),
      "TypeError -: deepspeed.runtime.zero.config.DeepSpeedZeroConfig() argument after ** must be a mapping, "
      "not int");
  EXPECT_EQ(
      zero_text("null"),
      "TypeError -: deepspeed.runtime.zero.config.DeepSpeedZeroConfig() argument after ** must be a mapping, "
      "not NoneType");
  EXPECT_EQ(
      zero_text("[]"),
      "TypeError -: deepspeed.runtime.zero.config.DeepSpeedZeroConfig() argument after ** must be a mapping, "
      "not list");
  EXPECT_EQ(config_zero_text(R"("allgather_size":"x")"), "stage 0, offload -, overlap false, zenflow off");
}

TEST(ZeroConfig, LeafModuleIsValidatedAsDeclared) {
  EXPECT_EQ(zero_text(R"({"leaf_module":null})"), "stage 0, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"leaf_module":{"classes":"a.B","names":[],"name_suffixes":["x","x"]}})"),
            "stage 0, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"leaf_module":{"classes":["a.B",1]}})"),
            "ValidationError zero_optimization.leaf_module.classes.1: Input should be a valid string");
  EXPECT_EQ(zero_text(R"({"leaf_module":{"names":null}})"),
            "ValidationError zero_optimization.leaf_module.names: Input should be a valid list");
  EXPECT_EQ(zero_text(R"({"leaf_module":{"bogus":1}})"),
            "ValidationError zero_optimization.leaf_module.bogus: Extra inputs are not permitted");
  // Its before-validator's TypeError escapes pydantic, so it beats an earlier field's error.
  EXPECT_EQ(zero_text(R"({"stage":"x","leaf_module":[]})"),
            "TypeError -: leaf_module configuration must be a mapping of fields to values");
  EXPECT_EQ(zero_text(R"({"leaf_module":"auto"})"), "stage 0, offload -, overlap false, zenflow off");
}

TEST(ZeroConfig, FieldErrorsInDeclarationOrderThenExtras) {
  EXPECT_EQ(zero_text(R"({"bogus":1,"stage":"x"})"), "ValidationError zero_optimization.stage: Input should be 0, 1, 2, 3 or 3");
  EXPECT_EQ(zero_text(R"({"bogus":1})"), "ValidationError zero_optimization.bogus: Extra inputs are not permitted");
  EXPECT_EQ(zero_text(R"({"reduce_bucket_size":-1})"),
            "ValidationError zero_optimization.reduce_bucket_size: Input should be greater than or equal to 0");
  EXPECT_EQ(zero_text(R"({"reduce_bucket_size":5e8,"stage3_prefetch_bucket_size":1})"),
            "stage 0, offload -, overlap false, zenflow off");
  // A field given by its name and its stage3_ alias: pydantic takes the alias, and the name is an unknown
  // key.
  EXPECT_EQ(zero_text(R"({"prefetch_bucket_size":"x","stage3_prefetch_bucket_size":1})"),
            "ValidationError zero_optimization.prefetch_bucket_size: Extra inputs are not permitted");
  EXPECT_EQ(zero_text(R"({"prefetch_bucket_size":1,"stage3_prefetch_bucket_size":"x","bogus":1})"),
            "ValidationError zero_optimization.stage3_prefetch_bucket_size: Input should be a valid integer, "
            "unable "
            "to parse string as an integer");
  EXPECT_EQ(zero_text(R"({"prefetch_bucket_size":1,"stage3_prefetch_bucket_size":"auto"})"),
            "stage 0, offload -, overlap false, zenflow off");
  EXPECT_EQ(zero_text(R"({"stage":"x","zenflow":{"self":1}})"),
            "TypeError -: DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
  // A key holding a lone surrogate: pydantic refuses the section at once (no field), a nested block at its
  // field, among the other fields' errors in order; a nested config's TypeError still beats it.
  EXPECT_EQ(
      zero_text(R"({"stage":"x","\ud800":1})"),
      "ValidationError -: Input should be a valid string, unable to parse raw data as a unicode string");
  EXPECT_EQ(zero_text(R"({"offload_optimizer":{"device":"cpu","\udc00":1},"bogus":1})"),
            "ValidationError zero_optimization.offload_optimizer: Input should be a valid string, unable to "
            "parse raw data as a unicode string");
  EXPECT_EQ(
      zero_text(R"({"leaf_module":{"\udc00":1}})"),
      "ValidationError zero_optimization.leaf_module: Input should be a valid string, unable to parse raw "
      "data as a unicode string");
  EXPECT_EQ(zero_text(R"({"stage":"x","offload_optimizer":{"\udc00":1}})"),
            "ValidationError zero_optimization.stage: Input should be 0, 1, 2, 3 or 3");
  EXPECT_EQ(zero_text(R"({"offload_param":{"\udc00":1},"zenflow":{"self":1}})"),
            "TypeError -: DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
  EXPECT_EQ(zero_text(R"({"zenflow":{"select_interval":"x"}})"),
            "ValidationError zero_optimization.zenflow: Value error, If select_interval is a string, it must be \"auto\"");
}

TEST(ZeroConfig, TheSectionsKeysAreTheOnesItTakes) {
  const std::vector<std::string_view>& keys = zero_section_keys();
  EXPECT_EQ(keys.size(), 53u);  // 44 fields and 9 stage3_ aliases (runtime/zero/config.py)
  for (std::string_view key : {"stage", "zenflow", "leaf_module", "stage3_prefetch_bucket_size"}) {
    EXPECT_NE(std::find(keys.begin(), keys.end(), key), keys.end()) << key;
  }
  for (std::string_view key : keys) {
    EXPECT_EQ(zero_text("{\"" + std::string(key) + "\":null}").find("Extra inputs"), std::string::npos) << key;
  }
  EXPECT_EQ(std::find(keys.begin(), keys.end(), "stages"), keys.end());
}

}  // namespace
}  // namespace zfcheck
