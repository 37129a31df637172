// Tests of DeepSpeedConfig's batch rules, gradient_allreduce_op and _do_error_check (reference/deepspeed_config);
// expected values are what upstream's config.py gives (read with the upstream engine).
#include "reference/deepspeed_config.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

tl::expected<DeepSpeedConfig, Error> read(std::string_view config, int world_size = 1) {
  std::vector<std::string> warnings;
  return read_deepspeed_config(*testing::json(config).as<py::Dict>(), py::Int(world_size), Switches{}, warnings);
}

std::string batch_text(std::string_view config, int world_size = 1) {
  auto ds = read(config, world_size);
  if (!ds) return ds.error().type + ": " + ds.error().message;
  return py::number_text(ds->batch.train_batch_size) + "/" +
         py::number_text(ds->batch.train_micro_batch_size_per_gpu) + "/" +
         py::number_text(ds->batch.gradient_accumulation_steps);
}

TEST(DeepSpeedConfigBatch, DerivesTheMissingValuesWithFloorDivision) {
  EXPECT_EQ(batch_text(R"({"train_batch_size":8})", 2), "8/4/1");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":3})", 2), "6/3/1");
  EXPECT_EQ(batch_text(R"({"train_batch_size":16,"train_micro_batch_size_per_gpu":2})", 4), "16/2/2");
  EXPECT_EQ(batch_text(R"({"train_batch_size":16,"gradient_accumulation_steps":2})", 4), "16/2/2");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":2,"gradient_accumulation_steps":4})", 2), "16/2/4");
}

TEST(DeepSpeedConfigBatch, AssertsAsUpstreamDoes) {
  EXPECT_EQ(batch_text("{}"),
            "AssertionError: Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided");
  EXPECT_EQ(batch_text(R"({"gradient_accumulation_steps":4})"),
            "AssertionError: Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided");
  // Found by conformance --generated: a str alone derives nothing, and the micro batch is divided in place.
  EXPECT_EQ(batch_text(R"({"gradient_accumulation_steps":"auto"})"),
            "AssertionError: Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided");
  EXPECT_EQ(batch_text(R"({"train_batch_size":0,"gradient_accumulation_steps":"auto"})", 4),
            "TypeError: unsupported operand type(s) for //=: 'int' and 'str'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"train_micro_batch_size_per_gpu":3})", 2),
            "AssertionError: Check batch related parameters. train_batch_size is not equal to "
            "micro_batch_per_gpu * gradient_acc_step * world_size 8 != 3 * 1 * 2");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8})", 16), "AssertionError: Micro batch size per gpu: 0 has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_batch_size":6,"train_micro_batch_size_per_gpu":2,"gradient_accumulation_steps":0})"),
            "AssertionError: Gradient accumulation steps: 0 has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_batch_size":0,"train_micro_batch_size_per_gpu":"auto","gradient_accumulation_steps":1})"),
            "AssertionError: Train batch size: 0 has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_batch_size":-8,"train_micro_batch_size_per_gpu":0})"),
            "ZeroDivisionError: integer division or modulo by zero");
  EXPECT_EQ(batch_text(R"({"train_batch_size":-7,"train_micro_batch_size_per_gpu":2})"),
            "AssertionError: Train batch size: -7 has to be greater than 0");
}

TEST(DeepSpeedConfigBatch, StrValuesFailAsPythonDoes) {
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"train_micro_batch_size_per_gpu":"auto","gradient_accumulation_steps":1})"),
            "TypeError: '>' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":"auto"})"),
            "TypeError: '>' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":"auto","train_micro_batch_size_per_gpu":2})"),
            "TypeError: unsupported operand type(s) for //: 'str' and 'int'");
}

TEST(DeepSpeedConfigBatch, BoolValuesComputeAsIntsAndPrintAsPythonPrintsThem) {
  // A bool given is kept (and printed True/False); arithmetic on it gives ints.
  EXPECT_EQ(batch_text(R"({"train_batch_size":true})"), "True/1/1");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":true})", 4), "4/True/1");
  EXPECT_EQ(batch_text(R"({"train_batch_size":false})"),
            "AssertionError: Train batch size: False has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"train_micro_batch_size_per_gpu":false})"),
            "ZeroDivisionError: integer division or modulo by zero");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8.0,"gradient_accumulation_steps":false})"),
            "ZeroDivisionError: float floor division by zero");
  EXPECT_EQ(batch_text(R"({"train_batch_size":true,"train_micro_batch_size_per_gpu":true,
                           "gradient_accumulation_steps":true})",
                       2),
            "AssertionError: Check batch related parameters. train_batch_size is not equal to "
            "micro_batch_per_gpu * gradient_acc_step * world_size True != True * True * 2");
}

TEST(DeepSpeedConfigBatch, SequencesRepeatAndDictsAreRefusedAsPythonDoes) {
  // A str or list times an int repeats; the comparison with 0 then fails.
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":[2],"gradient_accumulation_steps":true})"),
            "TypeError: '>' not supported between instances of 'list' and 'int'");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":2,"gradient_accumulation_steps":"2"})"),
            "TypeError: '>' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":"2","gradient_accumulation_steps":2.0})"),
            "TypeError: can't multiply sequence by non-int of type 'float'");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":{},"gradient_accumulation_steps":"2"})"),
            "TypeError: can't multiply sequence by non-int of type 'dict'");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":{},"gradient_accumulation_steps":2})"),
            "TypeError: unsupported operand type(s) for *: 'dict' and 'int'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8.0,"train_micro_batch_size_per_gpu":[2]})"),
            "TypeError: unsupported operand type(s) for //: 'float' and 'list'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_accumulation_steps":{}})"),
            "TypeError: unsupported operand type(s) for //=: 'int' and 'dict'");
  // A repetition past an index, or past what any process can allocate, fails as CPython's does.
  EXPECT_EQ(
      batch_text(
          R"({"train_micro_batch_size_per_gpu":"8","gradient_accumulation_steps":100000000000000000000})"),
      "OverflowError: cannot fit 'int' into an index-sized integer");
  EXPECT_EQ(
      batch_text(
          R"({"train_micro_batch_size_per_gpu":"88","gradient_accumulation_steps":4611686018427387904})"),
      "OverflowError: repeated string is too long");
  EXPECT_EQ(
      batch_text(
          R"({"train_micro_batch_size_per_gpu":[1,2],"gradient_accumulation_steps":4611686018427387904})"),
      "MemoryError: ");
  EXPECT_EQ(
      batch_text(R"({"train_micro_batch_size_per_gpu":"8","gradient_accumulation_steps":281474976710656})"),
      "MemoryError: ");
  EXPECT_EQ(
      batch_text(R"({"train_micro_batch_size_per_gpu":"8","gradient_accumulation_steps":1099511627776})"),
      "Unmodelled: train_micro_batch_size_per_gpu repeated into a str this long is not modelled");
  EXPECT_EQ(batch_text(
                R"({"train_micro_batch_size_per_gpu":"","gradient_accumulation_steps":4611686018427387904})"),
            "TypeError: '>' not supported between instances of 'str' and 'int'");
}

TEST(DeepSpeedConfigBatch, FloatValuesAreComputedWithAsPythonComputes) {
  EXPECT_EQ(batch_text(R"({"train_batch_size":8.0})"), "8.0/8.0/1");
  // 8 // 8.0 is 1.0, and 1.0 // 2 is 0.0.
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"train_micro_batch_size_per_gpu":8.0})", 2),
            "AssertionError: Gradient accumulation steps: 0.0 has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_batch_size":Infinity,"train_micro_batch_size_per_gpu":2})", 2),
            "AssertionError: Gradient accumulation steps: nan has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":Infinity})", 2), "inf/inf/1");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8.5,"train_micro_batch_size_per_gpu":2})"),
            "AssertionError: Check batch related parameters. train_batch_size is not equal to "
            "micro_batch_per_gpu * gradient_acc_step * world_size 8.5 != 2 * 4.0 * 1");
  EXPECT_EQ(batch_text(R"({"train_batch_size":-2.0,"train_micro_batch_size_per_gpu":2,
                           "gradient_accumulation_steps":1})"),
            "AssertionError: Train batch size: -2.0 has to be greater than 0");
}

TEST(DeepSpeedConfigBatch, NeverWraps) {
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":9223372036854775807,"gradient_accumulation_steps":2})", 2),
            "36893488147419103228/9223372036854775807/2");
}

TEST(DeepSpeedConfigErrors, AllreduceOpIsLowerCasedAndChecked) {
  EXPECT_TRUE(read(R"({"train_batch_size":8,"gradient_allreduce_op":"MEAN"})"));
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":"Max"})"),
            "ValueError: Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: 'max'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":null})"),
            "ValueError: Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: None");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":"it's"})"),
            "ValueError: Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: \"it's\"");
  // Any other value is compared with the two strs (never lowered) and printed.
  EXPECT_EQ(
      batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":["Mean"]})"),
      "ValueError: Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: ['Mean']");
  EXPECT_EQ(
      batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":{"a":1e100}})"),
      "ValueError: Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: {'a': 1e+100}");
}

TEST(DeepSpeedConfigErrors, OtherFeaturesKeysAreRefusedWhereConfigPyReadsThem) {
  // Each where _initialize_params reads it: the communication types before gradient_allreduce_op, amp after
  // fp16/bf16 and before the optimizer, the scheduler after the optimizer and before the batch values.
  EXPECT_EQ(
      batch_text(R"({"train_batch_size":8,"communication_data_type":"fp8","gradient_allreduce_op":"x"})"),
      "ValueError: Invalid communication_data_type. Supported data types: ['fp16', 'bf16', 'fp32']. Got: "
      "fp8");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"amp":[],"fp16":{"enabled":true},"bf16":{"enabled":true}})"),
            "AssertionError: bfloat16 and fp16 modes cannot be simultaneously enabled");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"amp":{"opt_level":"O1"},"optimizer":[]})"),
            "KeyError: 'enabled'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":0,"optimizer":{"type":"Adam"},"scheduler":[]})"),
            "AttributeError: 'list' object has no attribute 'keys'");
  // The logging sections between the ZeRO section and fp16.
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"tensorboard":{"enable":true},"fp16":[]})"),
            "ValidationError: Extra inputs are not permitted");
  EXPECT_EQ(
      batch_text(R"({"train_batch_size":8,"tensorboard":{"enable":true},"zero_optimization":{"stage":"x"}})"),
      "ValidationError: Input should be 0, 1, 2, 3 or 3");
  // hybrid_engine between flops_profiler and sparse_attention; weight_quantization's `**` and compile last.
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"sparse_attention":[],"hybrid_engine":{"bogus":1}})"),
            "ValidationError: Extra inputs are not permitted");
  EXPECT_EQ(
      batch_text(R"({"train_batch_size":8,"compile":[],"weight_quantization":null})"),
      "TypeError: deepspeed.inference.config.WeightQuantConfig() argument after ** must be a mapping, not "
      "NoneType");
  // compression_training after torch_autocast, before the optimizer; with its own shared parameters on,
  // quantize_training after autotuning, before hybrid_engine.
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"compression_training":[],"torch_autocast":[]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"optimizer":[],"compression_training":[]})"),
            "AttributeError: 'list' object has no attribute 'keys'");
  const std::string quantized =
      R"({"train_batch_size":8,"compression_training":{"shared_parameters":{"enabled":true}},)"
      R"("quantize_training":[],)";
  EXPECT_EQ(batch_text(quantized + R"("autotuning":{"exps_dir":""}})"),
            "AssertionError: exps_dir cannot be empty");
  EXPECT_EQ(batch_text(quantized + R"("hybrid_engine":{"bogus":1}})"),
            "AttributeError: 'list' object has no attribute 'keys'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"checkpoint":{"tag_validation":"none"}})"),
            "DeepSpeedConfigError: Checkpoint config contains invalid tag_validation value of NONE, "
            "expecting one of "
            "['WARN', 'IGNORE', 'FAIL']");
}

TEST(DeepSpeedConfigErrors, SumIsRefusedWithStage3AndWithZenFlow) {
  EXPECT_TRUE(read(R"({"train_batch_size":8,"gradient_allreduce_op":"sum"})"));
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":"SUM","zero_optimization":{"zenflow":{}}})"),
            "ValueError: gradient_allreduce_op='sum' is not supported with ZenFlow");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":"sum","zero_optimization":{"stage":3,"zenflow":{}}})"),
            "ValueError: gradient_allreduce_op='sum' is not supported with ZeRO stage 3");
  // "auto" drops the block: ZenFlow is off, so sum is fine.
  EXPECT_TRUE(read(R"({"train_batch_size":8,"gradient_allreduce_op":"sum","zero_optimization":{"zenflow":"auto"}})"));
}

// The warnings logged, joined by " | ", or the error raised after them.
std::string warnings_text(std::string_view config) {
  std::vector<std::string> warnings;
  auto ds = read_deepspeed_config(*testing::json(config).as<py::Dict>(), py::Int(1), Switches{}, warnings);
  std::string text = ds ? "ok" : ds.error().type + ": " + ds.error().message;
  for (const std::string& w : warnings) text += " | " + w;
  return text;
}

TEST(DeepSpeedConfigWarnings, WarningCheckAsUpstreamLogsIt) {
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"fp16":{"enabled":true},"vocabulary_size":50257,
                             "optimizer":{"type":"Adam","params":{"max_grad_norm":1.0}}})"),
            "ok | DeepSpeedConfig: vocabulary size 50257 is not aligned to 8, may import tensor core utilization."
            " | DeepSpeedConfig: In FP16 mode, DeepSpeed will pass max_grad_norm:1.0 to FP16 wrapper");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"fp16":{"enabled":"auto"},"optimizer":{"type":"AdamW",
                             "params":{"max_grad_norm":2}}})"),
            "ok | DeepSpeedConfig: In FP32 mode, DeepSpeed does not permit MAX_GRAD_NORM (2) > 0, setting to zero");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"vocabulary_size":50304,"optimizer":{"params":{"max_grad_norm":1}}})"),
            "ok");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"optimizer":{"type":"Adam","params":{"max_grad_norm":0}}})"), "ok");
}

TEST(DeepSpeedConfigWarnings, OptimizerValuesOfOtherTypesFailWhereUpstreamReadsThem) {
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"optimizer":"Adam"})"),
            "AttributeError: 'str' object has no attribute 'keys'");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"optimizer":null})"),
            "AttributeError: 'NoneType' object has no attribute 'keys'");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"optimizer":{"type":1}})"),
            "AttributeError: 'int' object has no attribute 'lower'");
  // params are first read by _do_warning_check, after the batch assertions.
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"optimizer":{"type":"Adam","params":"x"}})"),
            "AttributeError: 'str' object has no attribute 'keys'");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":0,"optimizer":{"type":"Adam","params":"x"}})"),
            "AssertionError: Train batch size: 0 has to be greater than 0");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"optimizer":{"type":"Adam","params":{"max_grad_norm":"1"}}})"),
            "TypeError: '>' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"optimizer":{"type":"Adam","params":{"max_grad_norm":null}}})"),
            "TypeError: '>' not supported between instances of 'NoneType' and 'int'");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"vocabulary_size":[8]})"),
            "TypeError: unsupported operand type(s) for %: 'list' and 'int'");
  // A str: `% 8` formats 8 into it, which text without a conversion refuses.
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"vocabulary_size":"50257"})"),
            "TypeError: not all arguments converted during string formatting");
  // With a conversion it formats, and the text is not 0: the warning prints the str as given.
  EXPECT_EQ(
      warnings_text(R"({"train_batch_size":8,"vocabulary_size":"%d"})"),
      "ok | DeepSpeedConfig: vocabulary size %d is not aligned to 8, may import tensor core utilization.");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"vocabulary_size":"%d%s"})"),
            "TypeError: not enough arguments for format string");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"vocabulary_size":"%099999999d"})"),
            "Unmodelled: vocabulary_size given as text with a width or precision above 2^24 is not modelled");
}

TEST(DeepSpeedConfigBatch, ElasticBatchValuesAreReadOnAsIfWritten) {
  // Finding about upstream (elasticity_test.cpp): v0.2 on 34 GPUs with a bound of 64 chooses batch size 0,
  // which the batch assertions then refuse.
  const std::string_view elastic =
      R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4]}})";
  EXPECT_EQ(batch_text(elastic, 34), "AssertionError: Train batch size: 0 has to be greater than 0");
  EXPECT_EQ(batch_text(elastic, 2), "48/4/6");
}

TEST(DeepSpeedConfigWarnings, PrecisionFlagsAreAsserted) {
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"fp16":{"enabled":true},"bf16":{"enabled":"true"}})"),
            "AssertionError: bfloat16 and fp16 modes cannot be simultaneously enabled");
  // "bfloat16" is read only when "bf16" is absent or null.
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"fp16":{"enabled":true},"bf16":null,"bfloat16":{"enabled":1}})"),
            "AssertionError: bfloat16 and fp16 modes cannot be simultaneously enabled");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"fp16":{"enabled":true},"bf16":{},"bfloat16":{"enabled":1}})"),
            "ok");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"bf16":{"bf16_optimizer_states":true},
                             "zero_optimization":{"stage":1}})"),
            "AssertionError: bf16_optimizer_states requires bf16_master_weights_and_grads to be enabled.");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"fp16":{"fp16_master_weights_and_grads":true}})"),
            "AssertionError: Fp16_master_weights_and_grads is only supported with ZeRO Stage 1, 2, or 3.");
  // A validation error of the blocks (reference/precision_config) comes before the assertion.
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"fp16":{"enabled":true},"bf16":{"enabled":true,"bogus":1}})"),
            "ValidationError: Extra inputs are not permitted");
}

TEST(DeepSpeedConfigWarnings, ZeroWarningsComeFirstAndStayWhenItRaises) {
  EXPECT_EQ(warnings_text(R"({"train_batch_size":8,"zero_optimization":{"stage":2,"cpu_offload":true},
                             "optimizer":{"type":"Adam","params":{"max_grad_norm":1.0}}})"),
            "ok | Config parameter cpu_offload is deprecated use offload_optimizer instead"
            " | DeepSpeedConfig: In FP32 mode, DeepSpeed does not permit MAX_GRAD_NORM (1.0) > 0, setting to zero");
  EXPECT_EQ(warnings_text(R"({"train_batch_size":0,"zero_optimization":{"cpu_offload":false}})"),
            "AssertionError: Train batch size: 0 has to be greater than 0"
            " | Config parameter cpu_offload is deprecated use offload_optimizer instead");
}

}  // namespace
}  // namespace zfcheck
