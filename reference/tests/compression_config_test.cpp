// Tests of compression_training and the eigenvalue keys (reference/compression_config); expected values are
// what upstream's compression/config.py and runtime/config.py give at edaa72212 and PR #8274 (probes through
// the upstream engine).
#include "reference/compression_config.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

std::string compressed(std::string_view config) { return testing::check_text(compression_check, config); }

std::string eigenvalue(std::string_view config) { return testing::check_text(eigenvalue_check, config); }

TEST(CompressionConfig, ARealConfigPasses) {
  // DeepSpeedExamples' compression/bert ds_config_W1A8_Qgroup64_fp32.json, shortened.
  EXPECT_EQ(compressed(R"({"compression_training":{"weight_quantization":{"shared_parameters":{"enabled":true,
      "quantizer_kernel":false,"schedule_offset":0,"quantize_groups":64,"quantize_verbose":true,
      "quantization_type":"symmetric","rounding":"nearest","quantize_weight_in_forward":false,
      "fp16_mixed_quantize":{"enabled":false,"quantize_change_ratio":0.001}},"different_groups":{"wq1":{
      "params":{"start_bits":8,"target_bits":1,"quantization_period":0},"modules":["attention.self"]}}},
      "activation_quantization":{"shared_parameters":{"enabled":true,"quantization_type":"asymmetric",
      "range_calibration":"dynamic","schedule_offset":0},"different_groups":{"aq1":{"params":{"bits":8},
      "modules":["attention.output"]}}}}})"),
            "ok");
}

TEST(CompressionConfig, BlocksThatAreNotObjects) {
  EXPECT_EQ(compressed(R"({"compression_training":[]})"),
            "AttributeError: 'list' object has no attribute 'keys'");
  EXPECT_EQ(compressed(R"({"compression_training":{"row_pruning":"on"}})"),
            "AttributeError: 'str' object has no attribute 'keys'");
  EXPECT_EQ(compressed(R"({"compression_training":{"head_pruning":{"shared_parameters":null}}})"),
            "AttributeError: 'NoneType' object has no attribute 'get'");
  EXPECT_EQ(compressed(R"({"compression_training":{"weight_quantization":{"shared_parameters":{
      "fp16_mixed_quantize":true},"different_groups":{}}}})"),
            "AttributeError: 'bool' object has no attribute 'get'");
  EXPECT_EQ(compressed(R"({"compression_training":{"layer_reduction":5}})"),
            "AttributeError: 'int' object has no attribute 'get'");
}

TEST(CompressionConfig, SharedParametersFromTheirSets) {
  EXPECT_EQ(compressed(R"({"compression_training":{"weight_quantization":{"shared_parameters":{
      "quantization_type":"Symmetric"},"different_groups":{}}}})"),
            "AssertionError: Invalid weight quantize type. Supported types: [symmetric, asymmetric]");
  EXPECT_EQ(
      compressed(R"({"compression_training":{"activation_quantization":{"shared_parameters":{
      "range_calibration":null},"different_groups":{}}}})"),
      "AssertionError: Invalid activation quantize range calibration. Supported types: [dynamic, static]");
  EXPECT_EQ(compressed(R"({"compression_training":{"channel_pruning":{"shared_parameters":{"method":
      "snip_momentum"},"different_groups":{}}}})"),
            "AssertionError: Invalid channel pruning method. Supported types: [l1, topk]");
  // Techniques are read in upstream's order, whatever the block's.
  EXPECT_EQ(compressed(R"({"compression_training":{"row_pruning":{"shared_parameters":{"method":"x"}},
      "sparse_pruning":{"shared_parameters":{"method":"y"}}}})"),
            "AssertionError: Invalid sparse pruning method. Supported types: [l1, topk, snip_momentum]");
}

TEST(CompressionConfig, DifferentGroups) {
  // Given without different_groups: a KeyError even when off.
  EXPECT_EQ(compressed(R"({"compression_training":{"row_pruning":{"shared_parameters":{"enabled":false}}}})"),
            "KeyError: 'different_groups'");
  EXPECT_EQ(compressed(R"({"compression_training":{"row_pruning":{"shared_parameters":{"enabled":1}}}})"),
            "AssertionError: Row Pruning is enabled, different_groups must be specified");
  EXPECT_EQ(
      compressed(R"({"compression_training":{"channel_pruning":{"shared_parameters":{"enabled":"no"}}}})"),
      "AssertionError: Sparse Pruning is enabled, different_groups must be specified");
  EXPECT_EQ(compressed(R"({"compression_training":{"head_pruning":{"shared_parameters":{"enabled":true}}}})"),
            "AssertionError: num_heads must be specified for head pruning");
  EXPECT_EQ(compressed(R"({"compression_training":{"row_pruning":{"different_groups":[]}}})"),
            "AttributeError: 'list' object has no attribute 'items'");
  EXPECT_EQ(compressed(R"({"compression_training":{"row_pruning":{"different_groups":{"g":"x"}}}})"),
            "TypeError: string indices must be integers, not 'str'");
  EXPECT_EQ(compressed(R"({"compression_training":{"row_pruning":{"different_groups":{"g":7}}}})"),
            "TypeError: 'int' object is not subscriptable");
  EXPECT_EQ(
      compressed(R"({"compression_training":{"row_pruning":{"different_groups":{"g":{"modules":[]}}}}})"),
      "KeyError: 'params'");
  EXPECT_EQ(
      compressed(R"({"compression_training":{"row_pruning":{"different_groups":{"g":{"params":[]}}}}})"),
      "AttributeError: 'list' object has no attribute 'keys'");
  EXPECT_EQ(
      compressed(R"({"compression_training":{"row_pruning":{"different_groups":{"g1":{"params":{}}}}}})"),
      "AssertionError: dense_ratio must be specified for row pruning group g1");
  EXPECT_EQ(compressed(R"({"compression_training":{"weight_quantization":{"different_groups":{"wq":{
      "params":{"start_bits":8}}}}}})"),
            "AssertionError: target_bits must be specified for weight quantization group wq");
}

TEST(CompressionConfig, SnipMomentumBoundsComparedAsPythonCompares) {
  auto snip = [](std::string_view shared) {
    return compressed(
        R"({"compression_training":{"sparse_pruning":{"shared_parameters":{"method":"snip_momentum",)" +
        std::string(shared) + R"(},"different_groups":{}}}})");
  };
  EXPECT_EQ(snip(R"("enabled":true)"), "ok");  // different_groups not required, defaults 0.1 and 1000 <= 1000
  EXPECT_EQ(snip(R"("dense_ratio":1)"), "AssertionError: Invalid dense_ratio value. Must be less than 1");
  EXPECT_EQ(snip(R"("dense_ratio":true)"), "AssertionError: Invalid dense_ratio value. Must be less than 1");
  EXPECT_EQ(snip(R"("dense_ratio":"0.5")"),
            "TypeError: '>' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(snip(R"("dense_ratio":0.5,"schedule_offset":10,"schedule_offset_end":9.5)"),
            "AssertionError: Invalid schedule_offset and schedule_offset_end values");
  EXPECT_EQ(snip(R"("schedule_offset":"a","schedule_offset_end":"b")"), "ok");
  EXPECT_EQ(snip(R"("schedule_offset":null)"),
            "TypeError: '<=' not supported between instances of 'NoneType' and 'NoneType'");
  EXPECT_EQ(snip(R"("schedule_offset":[1])"), "ok");  // a list equals itself
  // Two lists: at the first items that differ (==, as a list compares them), those items; else the lengths.
  EXPECT_EQ(snip(R"("schedule_offset":[1,2],"schedule_offset_end":[1,3])"), "ok");
  EXPECT_EQ(snip(R"("schedule_offset":[1,3],"schedule_offset_end":[1,2.5])"),
            "AssertionError: Invalid schedule_offset and schedule_offset_end values");
  EXPECT_EQ(snip(R"("schedule_offset":[1],"schedule_offset_end":[1,0])"), "ok");
  EXPECT_EQ(snip(R"("schedule_offset":[1,0],"schedule_offset_end":[1])"),
            "AssertionError: Invalid schedule_offset and schedule_offset_end values");
  EXPECT_EQ(
      snip(R"("schedule_offset":[true,{"a":1},null,[NaN]],"schedule_offset_end":[1,{"a":1.0},null,[NaN]])"),
      "ok");  // equal items throughout: json.loads gives every NaN one object, and identity comes first
  EXPECT_EQ(snip(R"("schedule_offset":[1,"a"],"schedule_offset_end":[1,2])"),
            "TypeError: '<=' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(snip(R"("schedule_offset":[{"a":1}],"schedule_offset_end":[{"a":2}])"),
            "TypeError: '<=' not supported between instances of 'dict' and 'dict'");
  EXPECT_EQ(snip(R"("schedule_offset":[NaN],"schedule_offset_end":[1])"),
            "AssertionError: Invalid schedule_offset and schedule_offset_end values");
  EXPECT_EQ(snip(R"("schedule_offset":NaN)"),
            "AssertionError: Invalid schedule_offset and schedule_offset_end values");
  EXPECT_EQ(snip(R"("schedule_offset":9007199254740993,"schedule_offset_end":9007199254740992.0)"),
            "AssertionError: Invalid schedule_offset and schedule_offset_end values");
}

TEST(CompressionConfig, EigenvalueWhereCompressionTrainingsOwnSharedParametersAreOn) {
  // Finding about upstream: get_quantize_enabled reads compression_training.shared_parameters, not
  // weight_quantization's, so weight quantization turned on as documented never reaches the eigenvalue keys.
  EXPECT_EQ(
      eigenvalue(R"({"compression_training":{"weight_quantization":{"shared_parameters":{"enabled":true},
      "different_groups":{}}},"quantize_training":{"eigenvalue":{"enabled":true}}})"),
      "ok");
  const std::string on = R"("compression_training":{"shared_parameters":{"enabled":true}})";
  EXPECT_EQ(eigenvalue(R"({"quantize_training":{"eigenvalue":{"enabled":true}}})"), "ok");
  // Read as weight quantization's shared parameters are.
  EXPECT_EQ(eigenvalue(R"({"compression_training":{"shared_parameters":{"rounding":"up"}}})"),
            "AssertionError: Invalid weight quantize rounding. Supported types: [nearest, stochastic]");
  EXPECT_EQ(eigenvalue(R"({"compression_training":{"shared_parameters":[]}})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(eigenvalue("{" + on + R"(,"quantize_training":null})"), "ok");
  EXPECT_EQ(eigenvalue("{" + on + R"(,"quantize_training":[]})"),
            "AttributeError: 'list' object has no attribute 'keys'");
  EXPECT_EQ(eigenvalue("{" + on + R"(,"quantize_training":{"eigenvalue":5}})"),
            "AttributeError: 'int' object has no attribute 'get'");
  EXPECT_EQ(eigenvalue("{" + on + R"(,"quantize_training":{"eigenvalue":{"enabled":true}}})"),
            "AssertionError: Eigenvalue based MoQ is temporarily disabled");
}

}  // namespace
}  // namespace zfcheck
