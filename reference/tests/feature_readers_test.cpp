// Tests of runtime/config.py's own readers of the other features' keys (reference/feature_readers); expected
// values are what upstream's code gives at edaa72212 and PR #8274 (1,033 probes through the upstream engine).
#include "reference/feature_readers.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

using testing::check_text;

TEST(FeatureReaders, CommunicationTypesAreLowerCasedAndChecked) {
  EXPECT_EQ(check_text(communication_types_check, R"({"communication_data_type":"FP16"})"), "ok");
  EXPECT_EQ(check_text(communication_types_check, R"({"communication_data_type":null})"), "ok");
  EXPECT_EQ(
      check_text(communication_types_check, R"({"communication_data_type":"Float32"})"),
      "ValueError: Invalid communication_data_type. Supported data types: ['fp16', 'bf16', 'fp32']. Got: "
      "float32");
  EXPECT_EQ(check_text(communication_types_check, R"({"communication_data_type":5})"),
            "AttributeError: 'int' object has no attribute 'lower'");
  // The sequence-parallel one is read second, through the same function (its message names the other key).
  EXPECT_EQ(check_text(communication_types_check, R"({"seq_parallel_communication_data_type":"fp8"})"),
            "ValueError: Invalid communication_data_type. Supported data types: ['fp16', 'bf16', 'fp32']. "
            "Got: fp8");
  EXPECT_EQ(check_text(communication_types_check,
                       R"({"seq_parallel_communication_data_type":"x","communication_data_type":[]})"),
            "AttributeError: 'list' object has no attribute 'lower'");
  EXPECT_EQ(check_text(communication_types_check, R"({"communication_data_type":"\u00c4"})"),
            "ValueError: Invalid communication_data_type. Supported data types: ['fp16', 'bf16', 'fp32']. "
            "Got: \u00e4");
  EXPECT_EQ(
      check_text(communication_types_check, R"({"communication_data_type":"\ua7c7"})"),
      "Unmodelled: communication_data_type holding text whose case depends on the Python version is not "
      "modelled");
}

TEST(FeatureReaders, AmpAndTorchAutocast) {
  EXPECT_EQ(check_text(autocast_check, R"({"amp":{"enabled":true,"opt_level":"O1"}})"), "ok");
  EXPECT_EQ(check_text(autocast_check, R"({"amp":[]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  // get_amp_params pops "enabled" from a copy of the block.
  EXPECT_EQ(check_text(autocast_check, R"({"amp":{"opt_level":"O1"}})"), "KeyError: 'enabled'");
  EXPECT_EQ(check_text(autocast_check, R"({"torch_autocast":{"enabled":true,"dtype":"bfloat16"}})"), "ok");
  EXPECT_EQ(check_text(autocast_check, R"({"torch_autocast":null})"),
            "AttributeError: 'NoneType' object has no attribute 'get'");
  EXPECT_EQ(check_text(autocast_check, R"({"torch_autocast":{"dtype":"float64"}})"),
            "ValueError: 'float64' is not a valid DtypeEnum");
  EXPECT_EQ(check_text(autocast_check, R"({"torch_autocast":{"dtype":[1]}})"),
            "ValueError: [1] is not a valid DtypeEnum");
  EXPECT_EQ(check_text(autocast_check,
                       R"({"torch_autocast":{"lower_precision_safe_modules":["torch.nn.Linear"]}})"),
            "ok");
  EXPECT_EQ(
      check_text(autocast_check, R"({"torch_autocast":{"lower_precision_safe_modules":"torch.nn.Linear"}})"),
      "ok");
  EXPECT_EQ(check_text(autocast_check, R"({"torch_autocast":{"lower_precision_safe_modules":["a",1]}})"),
            "ValueError: Invalid module names for torch autocast: ['a', 1]. Expected list of strings.");
  EXPECT_EQ(check_text(autocast_check, R"({"torch_autocast":{"lower_precision_safe_modules":5}})"),
            "TypeError: 'int' object is not iterable");
}

TEST(FeatureReaders, TheLaterFeaturesInOrder) {
  EXPECT_EQ(check_text(later_features_check,
                       R"({"scheduler":{"type":"WarmupLR","params":{}},"pipeline":{"stages":2},
      "sparse_attention":{"mode":"bigbird"},"checkpoint":{"tag_validation":"fail"},"flops_profiler":{"enabled":1}})"),
            "ok");
  EXPECT_EQ(check_text(later_features_check, R"({"scheduler":"WarmupLR"})"),
            "AttributeError: 'str' object has no attribute 'keys'");
  // wall_clock_breakdown | flops_profiler.enabled: ints and bools, or two dicts.
  EXPECT_EQ(check_text(later_features_check, R"({"wall_clock_breakdown":"false"})"),
            "TypeError: unsupported operand type(s) for |: 'str' and 'bool'");
  EXPECT_EQ(check_text(later_features_check, R"({"flops_profiler":{"enabled":null}})"),
            "TypeError: unsupported operand type(s) for |: 'bool' and 'NoneType'");
  EXPECT_EQ(
      check_text(later_features_check, R"({"flops_profiler":{"enabled":{}},"wall_clock_breakdown":{}})"),
      "ok");
  EXPECT_EQ(check_text(later_features_check, R"({"flops_profiler":[]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(check_text(later_features_check, R"({"sparse_attention":{"mode":"x"}})"),
            "NotImplementedError: Given sparsity mode, x, has not been implemented yet!");
  EXPECT_EQ(check_text(later_features_check, R"({"pipeline":null})"),
            "AttributeError: 'NoneType' object has no attribute 'items'");
  EXPECT_EQ(check_text(later_features_check, R"({"progressive_layer_drop":{"theta":0.5}})"),
            "KeyError: 'enabled'");
  EXPECT_EQ(
      check_text(later_features_check, R"({"checkpoint":{"tag_validation":"x"}})"),
      "DeepSpeedConfigError: Checkpoint config contains invalid tag_validation value of X, expecting one of "
      "['WARN', 'IGNORE', 'FAIL']");
  EXPECT_EQ(check_text(later_features_check, R"({"checkpoint":{"tag_validation":1}})"),
            "AttributeError: 'int' object has no attribute 'upper'");
  // data_types is read between the tag and the parallel write stage.
  EXPECT_EQ(check_text(later_features_check, R"({"data_types":[],"checkpoint":{"parallel_write":[]}})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(check_text(later_features_check, R"({"checkpoint":{"parallel_write":{"pipeline_stage":1.0}}})"),
            "ok");
  // nebula after checkpoint, before weight_quantization, which comes before compile; timers after compile;
  // tensor_parallel last.
  EXPECT_EQ(check_text(later_features_check, R"({"nebula":[],"weight_quantization":[]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(check_text(later_features_check, R"({"compile":[],"weight_quantization":{"q_type":"sym"}})"),
            "ValidationError: Input should be 'asymmetric' or 'symmetric'");
  EXPECT_EQ(
      check_text(later_features_check, R"({"timers":5,"compile":[]})"),
      "TypeError: deepspeed.compile.config.CompileConfig() argument after ** must be a mapping, not list");
  EXPECT_EQ(check_text(later_features_check, R"({"tensor_parallel":[],"timers":5})"),
            "TypeError: argument of type 'int' is not iterable");
  EXPECT_EQ(
      check_text(later_features_check, R"({"checkpoint":{"parallel_write":{"pipeline_stage":"true"}}})"),
      "DeepSpeedConfigError: checkpoint::parallel_write::pipeline_stage value of 'true' is invalid, "
      "expecting: "
      "true or false");
}

TEST(FeatureReaders, TheModuleParsersAtTheirPlaces) {
  // autotuning after flops_profiler, before hybrid_engine.
  EXPECT_EQ(check_text(later_features_check, R"({"autotuning":[],"flops_profiler":[]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(
      check_text(later_features_check, R"({"hybrid_engine":{"bogus":1},"autotuning":{"results_dir":""}})"),
      "AssertionError: results_dir cannot be empty");
  // The legacy curriculum_learning and data_efficiency after progressive_layer_drop, before checkpoint.
  EXPECT_EQ(check_text(later_features_check, R"({"curriculum_learning":{},"progressive_layer_drop":{}})"),
            "KeyError: 'enabled'");
  EXPECT_EQ(check_text(later_features_check, R"({"checkpoint":{"tag_validation":"no"},"data_efficiency":5})"),
            "AttributeError: 'int' object has no attribute 'get'");
  // aio after checkpoint.parallel_write, before nebula; the writer after nebula, before weight_quantization.
  EXPECT_EQ(
      check_text(later_features_check, R"({"aio":5,"checkpoint":{"parallel_write":{"pipeline_stage":5}}})"),
      "DeepSpeedConfigError: checkpoint::parallel_write::pipeline_stage value of '5' is invalid, "
      "expecting: true or false");
  EXPECT_EQ(check_text(later_features_check, R"({"nebula":[],"aio":5})"),
            "AttributeError: 'int' object has no attribute 'get'");
  EXPECT_EQ(check_text(later_features_check, R"({"checkpoint":{"writer":{"type":"x"}},"nebula":[]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(
      check_text(later_features_check, R"({"weight_quantization":[],"checkpoint":{"writer":{"type":"x"}}})"),
      "AssertionError: writer contains invalid value X for type, expecting one of ['MOCK', 'PYTHON', "
      "'FAST']");
}

}  // namespace
}  // namespace zfcheck
