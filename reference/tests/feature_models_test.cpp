// Tests of the feature models (HybridEngineConfig, CompileConfig, TPTrainingConfig, ...) as DeepSpeedConfig
// builds them (reference/feature_models); expected values are what upstream's code gives at edaa72212 and
// PR #8274 (943 probes through the upstream engine, 851 more for tensor_parallel, 294 for
// weight_quantization).
#include "reference/feature_models.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

// "ok", or "<type> (<field>): <message>".
std::string model_text(std::optional<Error> (*check)(const py::Dict&), std::string_view config) {
  auto error = check(*testing::json(config).as<py::Dict>());
  if (!error) return "ok";
  return error->type + (error->field ? " (" + *error->field + ")" : "") + ": " + error->message;
}

TEST(FeatureModels, HybridEngineAsDeepSpeedChatWritesItAndItsRefusals) {
  EXPECT_EQ(model_text(hybrid_engine_check,
                 R"({"hybrid_engine":{"enabled":true,"max_out_tokens":512,"inference_tp_size":1,
      "release_inference_cache":false,"pin_parameters":true,"tp_gather_partition_size":8}})"),
            "ok");
  EXPECT_EQ(model_text(hybrid_engine_check, R"({"hybrid_engine":{"enabled":true,"max_out_token":512}})"),
            "ValidationError (hybrid_engine.max_out_token): Extra inputs are not permitted");
  EXPECT_EQ(
      model_text(hybrid_engine_check, R"({"hybrid_engine":{"bogus":1,"max_out_tokens":"x"}})"),
      "ValidationError (hybrid_engine.max_out_tokens): Input should be a valid integer, unable to parse "
      "string as an integer");
  EXPECT_EQ(
      model_text(hybrid_engine_check, R"({"hybrid_engine":null})"),
      "TypeError: deepspeed.runtime.config.HybridEngineConfig() argument after ** must be a mapping, not "
      "NoneType");
  // DeepSpeedConfigModel.__init__ drops "auto" and binds "strict".
  EXPECT_EQ(model_text(hybrid_engine_check, R"({"hybrid_engine":{"enabled":"auto","strict":false}})"), "ok");
  EXPECT_EQ(model_text(hybrid_engine_check, R"({"hybrid_engine":{"self":1}})"),
            "TypeError: DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
}

TEST(FeatureModels, CompileAndItsPasses) {
  EXPECT_EQ(model_text(compile_check, R"({"compile":{"deepcompile":true,"passes":["z3","autotp"]}})"), "ok");
  EXPECT_EQ(
      model_text(compile_check, R"({"compile":{"deepcompile":"x"}})"),
      "ValidationError (compile.deepcompile): Input should be a valid boolean, unable to interpret input");
  EXPECT_EQ(model_text(compile_check, R"({"compile":{"passes":["z3","z2"]}})"),
            "ValidationError (compile.passes.1): Input should be 'z1', 'z3', 'autosp' or 'autotp'");
  EXPECT_EQ(model_text(compile_check, R"({"compile":{"passes":"z1"}})"),
            "ValidationError (compile.passes): Input should be a valid list");
  EXPECT_EQ(model_text(compile_check, R"({"compile":{"passes":null}})"), "ok");
  EXPECT_EQ(
      model_text(compile_check, R"({"compile":[]})"),
      "TypeError: deepspeed.compile.config.CompileConfig() argument after ** must be a mapping, not list");
}

TEST(FeatureModels, TheLoggingSectionsAfterTheZeroSection) {
  EXPECT_EQ(model_text(logging_features_check,
                       R"({"tensorboard":{"enabled":true,"output_path":"logs/","job_name":"j"},
      "wandb":{"enabled":true,"project":"p","team":null},"comet":{"enabled":true,"samples_log_interval":50,"online":false},
      "csv_monitor":{"enabled":true},"comms_logger":{"enabled":true,"prof_ops":["all_reduce"]},
      "activation_checkpointing":{"partition_activations":true,"number_checkpoints":4}})"),
            "ok");
  EXPECT_EQ(model_text(logging_features_check, R"({"activation_checkpointing":[]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(
      model_text(logging_features_check, R"({"comms_logger":{"enabled":true,"prof_op":["all_reduce"]}})"),
      "ValidationError (comms_logger.prof_op): Extra inputs are not permitted");
  // A key that is not text: a model built on its own refuses it with no field, a monitor block at its key.
  EXPECT_EQ(model_text(logging_features_check, R"({"comms_logger":{"enabled":1,"\ud800":1}})"),
            "ValidationError: Input should be a valid string, unable to parse raw data as a unicode string");
  EXPECT_EQ(
      model_text(logging_features_check, R"({"tensorboard":{"\ud800":1},"wandb":{"bogus":1}})"),
      "ValidationError (tensorboard): Input should be a valid string, unable to parse raw data as a unicode "
      "string");
  EXPECT_EQ(
      model_text(logging_features_check, R"({"comms_logger":"auto"})"),
      "TypeError: deepspeed.comm.config.CommsLoggerConfig() argument after ** must be a mapping, not str");
  // A typo in a monitor block, which upstream refuses and a training script would meet at start-up.
  EXPECT_EQ(model_text(logging_features_check, R"({"tensorboard":{"enable":true}})"),
            "ValidationError (tensorboard.enable): Extra inputs are not permitted");
  EXPECT_EQ(model_text(logging_features_check, R"({"wandb":null})"),
            "ValidationError (wandb): Input should be a valid dictionary or instance of WandbConfig");
  // The monitors in DeepSpeedMonitorConfig's order (tensorboard, comet, wandb, csv_monitor), each through
  // DeepSpeedConfigModel.__init__: "auto" dropped, "strict" bound, and "self" a TypeError beating the rest.
  EXPECT_EQ(model_text(logging_features_check, R"({"wandb":{"bogus":1},"comet":{"project":5}})"),
            "ValidationError (comet.project): Input should be a valid string");
  EXPECT_EQ(model_text(logging_features_check,
                       R"({"tensorboard":{"strict":false,"enabled":"auto"},"csv_monitor":"auto"})"),
            "ok");
  EXPECT_EQ(model_text(logging_features_check, R"({"tensorboard":5,"wandb":{"self":1}})"),
            "TypeError: DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
}

TEST(FeatureModels, TimersThroughputLast) {
  EXPECT_EQ(model_text(timers_check, R"({"timers":{"throughput":{"enabled":true,"synchronized":false}}})"),
            "ok");
  EXPECT_EQ(model_text(timers_check, R"({"timers":{"throughput":{"enable":true}}})"),
            "ValidationError (timers.throughput.enable): Extra inputs are not permitted");
  EXPECT_EQ(model_text(timers_check, R"({"timers":{"throughput":[]}})"),
            "TypeError: deepspeed.utils.config.DeepSpeedThroughputTimerConfig() argument after ** must be a "
            "mapping, "
            "not list");
  EXPECT_EQ(model_text(timers_check, R"({"timers":5})"), "TypeError: argument of type 'int' is not iterable");
  // `"throughput" in` a str searches it: no such text is the defaults.
  EXPECT_EQ(model_text(timers_check, R"({"timers":"x"})"), "ok");
  EXPECT_EQ(model_text(timers_check, R"({"timers":"my throughput"})"),
            "TypeError: string indices must be integers, not 'str'");
  EXPECT_EQ(model_text(timers_check, R"({"timers":["throughput"]})"),
            "TypeError: list indices must be integers or slices, not str");
}

TEST(FeatureModels, WeightQuantizationItsFieldsAndItsRefusals) {
  EXPECT_EQ(model_text(weight_quantization_check, R"({"weight_quantization":{"enabled":true,"num_bits":4,
      "q_type":"asymmetric","q_groups":64,"quantized_initialization":{"num_bits":4,"group_size":64},
      "post_init_quant":{"fc":{"num_bits":8}}}})"),
            "ok");
  EXPECT_EQ(model_text(weight_quantization_check, R"({"weight_quantization":{}})"), "ok");
  // QuantTypeEnum's values only, as written; the Dict fields refuse null.
  EXPECT_EQ(model_text(weight_quantization_check, R"({"weight_quantization":{"q_type":"SYMMETRIC"}})"),
            "ValidationError (weight_quantization.q_type): Input should be 'asymmetric' or 'symmetric'");
  EXPECT_EQ(model_text(weight_quantization_check, R"({"weight_quantization":{"post_init_quant":null}})"),
            "ValidationError (weight_quantization.post_init_quant): Input should be a valid dictionary");
  EXPECT_EQ(model_text(weight_quantization_check, R"({"weight_quantization":{"bits":8,"num_bits":"8"}})"),
            "ValidationError (weight_quantization.bits): Extra inputs are not permitted");
  EXPECT_EQ(
      model_text(weight_quantization_check, R"({"weight_quantization":"int8"})"),
      "TypeError: deepspeed.inference.config.WeightQuantConfig() argument after ** must be a mapping, not "
      "str");
}

TEST(FeatureModels, TensorParallelAsAutoTpTrainingWritesItAndItsRefusals) {
  // DeepSpeedExamples' AutoTP training config, and the configurable AutoTP keys.
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"autotp_size":4}})"), "ok");
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"autotp_size":2,"preset_model":"llama",
      "partition_config":{"use_default_specs":false,"layer_specs":[]},"tp":{"tp_size":2,"mpu":[1]},
      "injection_policy_tuple":[1,[2]],"kernel_inject":false}})"),
            "ok");
  // torch.dtype holds no JSON value, "auto" aside (dropped by DeepSpeedConfigModel.__init__).
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"dtype":"bf16"}})"),
            "ValidationError (tensor_parallel.dtype): Input should be an instance of dtype");
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"dtype":"auto"}})"), "ok");
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"injection_policy_tuple":{}}})"),
            "ValidationError (tensor_parallel.injection_policy_tuple): Input should be a valid tuple");
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"partition_config":[]}})"),
            "ValidationError (tensor_parallel.partition_config): Input should be a valid dictionary");
  // The nested TPConfig by either name, its errors under the name given.
  EXPECT_EQ(
      model_text(tensor_parallel_check, R"({"tensor_parallel":{"tensor_parallel":{"tp_size":1.5}}})"),
      "ValidationError (tensor_parallel.tensor_parallel.tp_size): Input should be a valid integer, got a "
      "number with a fractional part");
  EXPECT_EQ(
      model_text(tensor_parallel_check, R"({"tensor_parallel":{"tp":[]}})"),
      "ValidationError (tensor_parallel.tp): Input should be a valid dictionary or instance of TPConfig");
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"tp":{"tp_size":2},
      "tensor_parallel":{"tp_size":"x"}}})"),
            "ValidationError (tensor_parallel.tensor_parallel): Extra inputs are not permitted");
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"mpu":1}})"),
            "ValidationError (tensor_parallel.mpu): Extra inputs are not permitted");
  // The nested __init__'s TypeError beats the errors of the fields before it.
  EXPECT_EQ(model_text(tensor_parallel_check, R"({"tensor_parallel":{"dtype":"x","tp":{"self":1}}})"),
            "TypeError: DeepSpeedConfigModel.__init__() got multiple values for argument 'self'");
  EXPECT_EQ(
      model_text(tensor_parallel_check, R"({"tensor_parallel":{"kernel_inject":"auto","strict":true}})"),
      "ValidationError (tensor_parallel.kernel_inject): Input should be a valid boolean, unable to "
      "interpret input");
  EXPECT_EQ(
      model_text(tensor_parallel_check, R"({"tensor_parallel":null})"),
      "TypeError: deepspeed.runtime.tensor_parallel.config.TPTrainingConfig() argument after ** must be "
      "a mapping, not NoneType");
}

}  // namespace
}  // namespace zfcheck
