// Tests of the other features' parsers kept in their own modules (reference/module_readers); expected values
// are what upstream's code gives at edaa72212 and PR #8274 (probes through the upstream engine, 82 of them
// for expert_parallel).
#include "reference/module_readers.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

TEST(ModuleReaders, Autotuning) {
  EXPECT_EQ(testing::check_text(autotuning_check,
                                R"({"autotuning":{"enabled":true,"fast":false,"model_info":{}}})"),
            "ok");
  EXPECT_EQ(testing::check_text(autotuning_check, R"({"autotuning":null})"),
            "AttributeError: 'NoneType' object has no attribute 'get'");
  EXPECT_EQ(testing::check_text(autotuning_check, R"({"autotuning":{"results_dir":""}})"),
            "AssertionError: results_dir cannot be empty");
  EXPECT_EQ(testing::check_text(autotuning_check, R"({"autotuning":{"exps_dir":0,"results_dir":"r"}})"),
            "AssertionError: exps_dir cannot be empty");
  // results_dir is read before exps_dir, whatever the order in the block.
  EXPECT_EQ(testing::check_text(autotuning_check, R"({"autotuning":{"exps_dir":null,"results_dir":[]}})"),
            "AssertionError: results_dir cannot be empty");
  EXPECT_EQ(testing::check_text(autotuning_check, R"({"autotuning":{"model_info":null}})"), "ok");
  EXPECT_EQ(testing::check_text(autotuning_check, R"({"autotuning":{"model_info":"gpt2"}})"),
            "AttributeError: 'str' object has no attribute 'get'");
}

TEST(ModuleReaders, DataEfficiency) {
  EXPECT_EQ(testing::check_text(data_pipeline_check, R"({"data_efficiency":{"enabled":true,"seed":1,
      "data_sampling":{"enabled":true,"num_workers":2,"curriculum_learning":{"enabled":true,
        "curriculum_metrics":{}},"dynamic_batching":{"enabled":true,"max_tokens":"2048","min_batch_size":1.5}},
      "data_routing":{"enabled":true,"random_ltd":{"enabled":false}}}})"),
            "ok");
  // The legacy top-level curriculum_learning first, read as amp is.
  EXPECT_EQ(
      testing::check_text(data_pipeline_check, R"({"curriculum_learning":{"curriculum_type":"seqlen"}})"),
      "KeyError: 'enabled'");
  EXPECT_EQ(testing::check_text(data_pipeline_check, R"({"data_efficiency":[]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(testing::check_text(data_pipeline_check, R"({"data_efficiency":{"data_sampling":null}})"),
            "AttributeError: 'NoneType' object has no attribute 'get'");
  EXPECT_EQ(
      testing::check_text(data_pipeline_check,
                          R"({"data_efficiency":{"data_sampling":{"curriculum_learning":{"enabled":1}}}})"),
      "AssertionError: Curriculum learning is enabled, curriculum_metrics must be specified");
  EXPECT_EQ(
      testing::check_text(data_pipeline_check,
                          R"({"data_efficiency":{"data_sampling":{"dynamic_batching":{"enabled":"no"}}}})"),
      "AssertionError: Dynamic batching is enabled, so max_tokens must be specified");
  EXPECT_EQ(testing::check_text(
                data_pipeline_check,
                R"({"data_efficiency":{"data_sampling":{"dynamic_batching":{"min_batch_size":"1.5"}}}})"),
            "ValueError: invalid literal for int() with base 10: '1.5'");
  EXPECT_EQ(
      testing::check_text(
          data_pipeline_check,
          R"({"data_efficiency":{"data_sampling":{"dynamic_batching":{"max_batch_size":null}}}})"),
      "TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'");
  EXPECT_EQ(
      testing::check_text(data_pipeline_check, R"({"data_efficiency":{"data_sampling":{"dynamic_batching":
      {"enabled":true,"max_tokens":"NaN"}}}})"),
      "ValueError: invalid literal for int() with base 10: 'NaN'");
  // int() reads Unicode digits, and prints the text it refuses as "%.200R" does.
  EXPECT_EQ(testing::check_text(data_pipeline_check,
                                R"({"data_efficiency":{"data_sampling":{"dynamic_batching":
      {"min_batch_size":"\u0661\u0662","max_batch_size":"\uff18x"}}}})"),
            "ValueError: invalid literal for int() with base 10: '\uff18x'");
  EXPECT_EQ(
      testing::check_text(data_pipeline_check,
                          R"({"data_efficiency":{"data_sampling":{"dynamic_batching":{"min_batch_size":")" +
                              std::string(250, 'x') + R"("}}}})"),
      "ValueError: invalid literal for int() with base 10: '" + std::string(199, 'x'));
  EXPECT_EQ(
      testing::check_text(data_pipeline_check, R"({"data_efficiency":{"data_routing":{"random_ltd":5}}})"),
      "AttributeError: 'int' object has no attribute 'get'");
}

TEST(ModuleReaders, Aio) {
  EXPECT_EQ(
      testing::check_text(aio_check, R"({"aio":{"block_size":1048576,"queue_depth":8,"use_gds":false}})"),
      "ok");
  EXPECT_EQ(testing::check_text(aio_check, R"({"aio":null})"), "ok");
  EXPECT_EQ(testing::check_text(aio_check, R"({"aio":"fast"})"),
            "AttributeError: 'str' object has no attribute 'get'");
  // GDS needs a CUDA accelerator, which cases run on.
  EXPECT_EQ(testing::check_text(aio_check, R"({"aio":{"use_gds":1}})"), "ok");
  EXPECT_EQ(testing::check_text(aio_check, R"({"aio":5})"),
            "AttributeError: 'int' object has no attribute 'get'");
}

TEST(ModuleReaders, CheckpointWriter) {
  EXPECT_EQ(testing::check_text(
                checkpoint_writer_check,
                R"({"checkpoint":{"writer":{"type":"python","data_parallel":"Socket","decoupled":true}}})"),
            "ok");
  EXPECT_EQ(testing::check_text(checkpoint_writer_check, R"({"checkpoint":{"writer":null}})"), "ok");
  EXPECT_EQ(testing::check_text(checkpoint_writer_check, R"({"checkpoint":{"writer":[]}})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(testing::check_text(checkpoint_writer_check, R"({"checkpoint":{"writer":{"type":true}}})"),
            "AttributeError: 'bool' object has no attribute 'upper'");
  // Both values are upper-cased before either is checked.
  EXPECT_EQ(testing::check_text(checkpoint_writer_check,
                                R"({"checkpoint":{"writer":{"type":"x","data_parallel":3}}})"),
            "AttributeError: 'int' object has no attribute 'upper'");
  EXPECT_EQ(
      testing::check_text(checkpoint_writer_check, R"({"checkpoint":{"writer":{"type":"torch"}}})"),
      "AssertionError: writer contains invalid value TORCH for type, expecting one of ['MOCK', 'PYTHON', "
      "'FAST']");
  EXPECT_EQ(
      testing::check_text(checkpoint_writer_check, R"({"checkpoint":{"writer":{"data_parallel":"node"}}})"),
      "AssertionError: writer contains invalid value NODE for data_parallel, expecting one of ['REPLICA', "
      "'SOCKET', 'MACHINE']");
}

TEST(ModuleReaders, ExpertParallel) {
  EXPECT_EQ(
      testing::check_text(expert_parallel_check,
                          R"({"expert_parallel":{"enabled":true,"autoep_size":4,"preset_model":"mixtral",
      "load_balance_coeff":null}})"),
      "ok");
  // A falsy block is the defaults, unread; any other is read with .get.
  for (const char* falsy :
       {R"({"expert_parallel":0})", R"({"expert_parallel":""})", R"({"expert_parallel":[]})",
        R"({"expert_parallel":{}})", R"({"expert_parallel":null})"})
    EXPECT_EQ(testing::check_text(expert_parallel_check, falsy), "ok") << falsy;
  EXPECT_EQ(testing::check_text(expert_parallel_check, R"({"expert_parallel":[1]})"),
            "AttributeError: 'list' object has no attribute 'get'");
  EXPECT_EQ(testing::check_text(expert_parallel_check, R"({"expert_parallel":"x"})"),
            "AttributeError: 'str' object has no attribute 'get'");
  // Any load_balance_coeff but null, quoted as repr() gives it.
  EXPECT_EQ(testing::check_text(expert_parallel_check, R"({"expert_parallel":{"load_balance_coeff":1e-7}})"),
            "ValueError: load_balance_coeff=1e-07 is not supported in this AutoEP build (would register "
            "expert_bias and route through unsupported auxiliary-loss-free load balancing). Set "
            "load_balance_coeff to null or omit the key.");
  EXPECT_EQ(
      testing::check_text(expert_parallel_check, R"({"expert_parallel":{"load_balance_coeff":"auto"}})"),
      "ValueError: load_balance_coeff='auto' is not supported in this AutoEP build (would register "
      "expert_bias and route through unsupported auxiliary-loss-free load balancing). Set "
      "load_balance_coeff to null or omit the key.");
}

}  // namespace
}  // namespace zfcheck
