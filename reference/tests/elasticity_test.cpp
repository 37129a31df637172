// Tests of elastic training in DeepSpeedConfig (reference/elasticity); expected values are what upstream's
// runtime/config.py and elasticity/ give at edaa72212 (read with the upstream engine, numpy 1.24).
#include "reference/elasticity.hpp"

#include "reference/deepspeed_warnings.hpp"
#include "test_support.hpp"

#include <cmath>

namespace zfcheck {
namespace {

// "off", "on: <the three batch values>" or "<type>: <message>", then " | " and each warning logged.
std::string elastic_text(std::string_view config, const py::Number& world_size = py::Int(2)) {
  std::vector<std::string> warnings;
  auto out = elastic_config(*testing::json(config).as<py::Dict>(), world_size, warnings);
  std::string text = !out ? out.error().type + ": " + out.error().message : !*out ? "off" : "on";
  if (out && *out) {
    for (const char* key :
         {"train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps"})
      text += " " + py::to_json(*(*out)->find(key));
  }
  for (const std::string& w : warnings) text += " | " + w;
  return text;
}

// elastic_text of a config holding only an enabled elasticity block with `fields`.
std::string with(std::string_view fields, const py::Number& world_size = py::Int(2)) {
  return elastic_text(R"({"elasticity":{"enabled":true,)" + std::string(fields) + "}}", world_size);
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

TEST(Elasticity, Version01AsDeepSpeedsOwnTestComputesIt) {
  // tests/unit/elasticity/test_elastic.py: batch 9792 with 23 valid GPU counts; the largest micro batch
  // dividing 9792 // world is chosen.
  const std::string block = R"({"elasticity":{"enabled":true,"max_train_batch_size":10000,
      "micro_batch_sizes":[8,12,16,17],"min_gpus":32,"max_gpus":1500,"min_time":20,"version":0.1}})";
  EXPECT_EQ(elastic_text(block, 32), "on 9792 17 18 | " + elastic_scheduler_warning());
  // Finding about upstream: 9792 is the lcm 816 scaled, a numpy int64, and so are 9792 // 8, // 12 and // 17
  // in the valid counts its error prints: "576, 612, 816, 1224" under numpy 1, "np.int64(576), 612,
  // np.int64(816), np.int64(1224)" under numpy 2 (612 came first from range(), a Python int).
  EXPECT_EQ(elastic_text(block, 2),
            "Unmodelled: elasticity's list of valid GPU counts holding numpy int64s is not modelled (numpy 2 "
            "prints np.int64(n), numpy 1 n)");
  // Every count a Python int: the lcm's candidate 6 is also micro batch 3's, which set() keeps.
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":7,"micro_batch_sizes":[2,3],
                             "version":0.1}})",
                         4),
            "ElasticityIncompatibleWorldSize: World size (4) is not valid with the current list of valid GPU "
            "counts: [1, 2, 3]");
}

TEST(Elasticity, Version02IsTheDefault) {
  EXPECT_EQ(
      elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4]}})"),
      "on 48 4 6 | " + elastic_scheduler_warning());
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":10000,
                             "micro_batch_sizes":[8,12,16,17],"min_gpus":32,"max_gpus":1500}})",
                         4),
            "on 9996 17 147 | " + elastic_scheduler_warning());
  // Per-node GPUs not divisible by the model-parallel size.
  EXPECT_EQ(
      elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2],
                             "num_gpus_per_node":3,"model_parallel_size":2}})"),
      "ElasticityError: In Elasticity v0.2, number of GPUs per node:3 should be divisible by model parallel "
      "size 2");
  // No candidate has a valid GPU count and prefer_larger_batch is false: v0.2 iterates over None.
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":100,"micro_batch_sizes":[8],
                             "min_gpus":32,"num_gpus_per_node":2,"prefer_larger_batch":false}})",
                         3),
            "TypeError: 'NoneType' object is not iterable");
}

TEST(Elasticity, AWorldPastTheBatchBoundGetsBatchSizeZero) {
  // Finding about upstream: 34 GPUs are not among v0.2's valid counts for a bound of 64, so it scales the
  // bound down to a multiple of 34 * micro batch, which is 0; DeepSpeedConfig then asserts on a train batch
  // size the user never wrote.
  EXPECT_EQ(elastic_text(
                R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4]}})", 34),
            "on 0 4 0 | " + elastic_scheduler_warning());
}

TEST(Elasticity, BatchValuesGivenTooAreRefusedOrOverridden) {
  const std::string warned = " | " + elastic_scheduler_warning();
  EXPECT_EQ(
      elastic_text(R"({"train_batch_size":8,"elasticity":{"enabled":true,"max_train_batch_size":64,
                             "micro_batch_sizes":[2,4]}})"),
      "ElasticityConfigError: One or more batch related parameters were found in your ds_config "
      "(train_batch_size, train_micro_batch_size_per_gpu, and/or gradient_accumulation_steps). These "
      "parameters *will not be used* since elastic training is enabled, which takes control of these "
      "parameters. If you want to suppress this error (the parameters will be silently ignored) please set "
      "ignore_non_elastic_batch_info':true in your elasticity config." +
          warned);
  EXPECT_EQ(elastic_text(R"({"train_batch_size":8,"gradient_accumulation_steps":"auto","elasticity":{
                             "enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4],
                             "ignore_non_elastic_batch_info":true}})"),
            "on 48 4 6" + warned + " | [Elasticity] overriding training_batch_size: 8 -> 48" +
                " | [Elasticity] overriding gradient_accumulation_steps: auto -> 6");
}

TEST(Elasticity, ElasticityConfigsChecksInOrder) {
  EXPECT_EQ(with(R"("micro_batch_sizes":[2])"),
            "ElasticityConfigError: Elasticity config missing max_train_batch_size");
  EXPECT_EQ(with(R"("max_train_batch_size":64)"),
            "ElasticityConfigError: Elasticity config missing micro_batch_sizes");
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":8)"),
      "ElasticityConfigError: Elasticity expected value of micro_batch_sizes to be a list of micro batches, "
      "instead is: <class 'int'>, containing: 8");
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2,"x"])"),
      "ElasticityConfigError: Elasticity expected micro_batch_sizes to only contain a list of integers, "
      "instead contains: f[2, 'x']");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2,0])"),
            "ElasticityConfigError: Elasticity expected micro_batch_sizes to only contain positive integers, "
            "instead contains: f[2, 0]");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"min_gpus":0)"),
            "ElasticityConfigError: Elasticity min/max gpus must be > 0, given min_gpus: 0, max_gpus: 10000");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"min_gpus":4,"max_gpus":2)"),
            "ElasticityConfigError: Elasticity min_gpus cannot be greater than max_gpus, given min_gpus: 4, "
            "max_gpus: 2");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"model_parallel_size":0)"),
            "ElasticityConfigError: Model-Parallel size cannot be less than 1, given model-parallel size: 0");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"num_gpus_per_node":0)"),
            "ElasticityConfigError: Number of GPUs per node cannot be less than 1, given number of GPUs per "
            "node: 0");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"min_time":-1)"),
            "ElasticityConfigError: Elasticity min time needs to be >= 0: given -1");
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"model_parallel_size":2,"version":0.1)"),
      "ElasticityConfigError: Elasticity V0.1 does not support model-parallel training. Given model-parallel "
      "size: 2");
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"version":0.3)"),
      "ElasticityConfigError: Attempting to run elasticity version 0.3 but runtime only supports up to 0.2");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"version":0.15)"),
            "NotImplementedError: Unable to find elastic logic for version: 0.15");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"version":"x")"),
            "ValueError: could not convert string to float: 'x'");
  // float() reads Unicode digits and spaces; a refused text beyond what every Python prints alike is not
  // modelled (its message would print it).
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"version":"\u0660.\u0663\u3000")"),
      "ElasticityConfigError: Attempting to run elasticity version \u0660.\u0663\u3000 but runtime only "
      "supports up to 0.2");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"version":"\u00e9\u0378")"),
            "Unmodelled: elasticity.version of this value is not modelled");
  EXPECT_EQ(
      with(R"("max_train_batch_size":1,"micro_batch_sizes":[2],"version":"0.1")"),
      "ValueError: All micro batches must be less than             or equal to max_acceptable_batch_size: 1");
}

TEST(Elasticity, TrueInTheMicroBatchesComputesAsOneAndIsKeptWhereChosen) {
  const std::string scheduler = " | " + elastic_scheduler_warning();
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[true,2])", 2), "on 60 2 15" + scheduler);
  // set([True, 2]) keeps True, so the micro batch of 1 it picks is True; set([1, True]) keeps 1.
  EXPECT_EQ(with(R"("max_train_batch_size":7,"micro_batch_sizes":[true,2])", 2), "on 6 true 3" + scheduler);
  EXPECT_EQ(with(R"("max_train_batch_size":7,"micro_batch_sizes":[1,true,2])", 2), "on 6 1 3" + scheduler);
  EXPECT_EQ(
      elastic_text(R"({"train_micro_batch_size_per_gpu":2,"elasticity":{"enabled":true,
                             "max_train_batch_size":64,"micro_batch_sizes":[true,2],
                             "ignore_non_elastic_batch_info":true}})",
                   4),
      "on 60 true 15" + scheduler + " | [Elasticity] overriding train_micro_batch_size_per_gpu: 2 -> True");
  // An empty list fails on min() before numpy where v0.2 passes int(max_gpus / per node) == 0 on.
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[],"max_gpus":1,"num_gpus_per_node":2)", 1),
            "ValueError: min() arg is an empty sequence");
}

TEST(Elasticity, AWorldSizeSequenceParallelSizeMadeAFloatComputesAsPython) {
  // DeepSpeedConfig's world size is dist.get_world_size() / sequence_parallel_size, a float (checked against
  // upstream's code at edaa72212 and PR #8274 on 1,446 such configs).
  const std::string v02 =
      R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4]}})";
  const std::string v01 =
      R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4],
                             "version":0.1}})";
  const std::string scheduler = " | " + elastic_scheduler_warning();
  // A valid count: the accumulation steps are final_batch_size // (micro batch * 2.0), a float.
  EXPECT_EQ(elastic_text(v02, 2.0), "on 48 4 6.0" + scheduler);
  EXPECT_EQ(
      elastic_text(v02, 0.5),
      "ElasticityIncompatibleWorldSize: World size (0.5) is not valid with the current list of valid GPU "
      "counts: [0]");
  // 0.0 (sequence_parallel_size Infinity): v0.2 reads WORLD_SIZE from the environment, unset for cases.
  EXPECT_EQ(
      elastic_text(v02, 0.0),
      "ElasticityConfigError: Elasticity V 0.2 needs WORLD_SIZE to compute valid batch size. Either give it "
      "as argument to function compute_elastic_config or set it as an environment variable. Value of "
      "WORLD_SIZE as environment variable is None");
  // Not above 0: compute_elastic_config returns two values, which DeepSpeedConfig unpacks into three.
  EXPECT_EQ(elastic_text(v01, 0.0), "ValueError: not enough values to unpack (expected 3, got 2)");
  EXPECT_EQ(elastic_text(v02, -2.0), "ValueError: not enough values to unpack (expected 3, got 2)");
  EXPECT_EQ(elastic_text(v01, std::nan("")), "ValueError: not enough values to unpack (expected 3, got 2)");
  // v0.2 scales the bound by micro batch * the world size: math.floor of NaN, int() of infinity.
  EXPECT_EQ(elastic_text(v02, std::nan("")), "ValueError: cannot convert float NaN to integer");
  EXPECT_EQ(elastic_text(v02, HUGE_VAL), "OverflowError: cannot convert float infinity to integer");
  EXPECT_EQ(
      elastic_text(v01, HUGE_VAL),
      "ElasticityIncompatibleWorldSize: World size (inf) is not valid with the current list of valid GPU "
      "counts: [1, 2, 3, 4, 6, 8, 12, 24]");
  // A world of 2^53 or more: int() of it exactly, as Python computes (sequence_parallel_size 1e-300 gives
  // 1e300); v0.2 scales the bound down to 0.
  EXPECT_EQ(elastic_text(v02, 1e300), "on 0 4 0.0" + scheduler);
  EXPECT_EQ(elastic_text(v02, py::Int(1) << 70), "on 0 4 0" + scheduler);
  EXPECT_EQ(
      elastic_text(v01, py::Int(1) << 70),
      "ElasticityIncompatibleWorldSize: World size (1180591620717411303424) is not valid with the current "
      "list of valid GPU counts: [1, 2, 3, 4, 6, 8, 12, 24]");
}

TEST(Elasticity, NumbersOfEveryTypeComputeAsPython) {
  // ElasticityConfig only compares its numbers with ints, so floats and bools pass on into the search
  // (checked against upstream's code at edaa72212 and PR #8274 on 10,000 random blocks).
  const std::string scheduler = " | " + elastic_scheduler_warning();
  EXPECT_EQ(with(R"("max_train_batch_size":64.0,"micro_batch_sizes":[2])", 2), "on 48 2 12" + scheduler);
  EXPECT_EQ(with(R"("max_train_batch_size":64.5,"micro_batch_sizes":[2,4],"version":0.1)", 4),
            "on 48 4 3" + scheduler);
  // The bounds of the GPU count search: i < 2.5 skipped, i > 12.5 stops it.
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2,4],"min_gpus":2.5,"max_gpus":12.5,
                    "version":0.1)",
                 3),
            "on 48 4 4" + scheduler);
  // NaN compares false: no lower bound for the factors, but batch // micro batch is never within it.
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2,4],"min_gpus":NaN,"version":0.1)", 64),
      "ElasticityIncompatibleWorldSize: World size (64) is not valid with the current list of valid GPU "
      "counts: [1, 2, 3, 4, 6, 8, 12]");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2,4],"min_gpus":1e300,"max_gpus":Infinity,
                    "version":0.1)",
                 2),
            "ElasticityIncompatibleWorldSize: World size (2) is not valid with the current list of valid GPU "
            "counts: []");
  // An infinite bound: inf // base is NaN, so every base is scaled by the last highly composite number.
  EXPECT_EQ(with(R"("max_train_batch_size":Infinity,"micro_batch_sizes":[2,3],"version":0.1)", 6),
            "on 4324320 3 240240" + scheduler);
  EXPECT_EQ(
      with(R"("max_train_batch_size":NaN,"micro_batch_sizes":[2],"version":0.1)", 2),
      "ValueError: All micro batches must be less than             or equal to max_acceptable_batch_size: "
      "nan");
  // A float per-node count: dp_size_per_node 3.0 // 1.5 == 2.0 makes the valid counts floats.
  const std::string per_node = R"("max_train_batch_size":64,"micro_batch_sizes":[2,4],"num_gpus_per_node":3.0,
                                  "model_parallel_size":1.5)";
  EXPECT_EQ(with(per_node, 3),
            "ElasticityIncompatibleWorldSize: World size (3) is not valid with the current list of valid GPU "
            "counts: [2.0, 4.0, 6.0, 8.0, 12.0, 24.0]");
  EXPECT_EQ(with(per_node, 2),
            "ElasticityIncompatibleWorldSize: World size (2) is not valid with the current list of valid GPU "
            "counts: [1]");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"num_gpus_per_node":NaN)", 2),
            "ElasticityError: In Elasticity v0.2, number of GPUs per node:nan should be divisible by model "
            "parallel size 1");
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"max_gpus":100000000000000000000000)", 2),
      "on 48 2 12" + scheduler);
}

TEST(Elasticity, ALongGpuCountSearchIsAnsweredFromPrimeFactors) {
  // 720720 * 100000007 with micro batch 1: upstream's range() walks 60,000,000 steps to max_gpus (3 s);
  // the 240 counts tie with batch 720720's, and the larger batch wins.
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":72072005045040,
                             "micro_batch_sizes":[1,100000007],"max_gpus":60000000,"version":0.1}})",
                         720720),
            "on 72072005045040 100000007 1 | " + elastic_scheduler_warning());
}

TEST(Elasticity, ValuesThatAreNoNumbersFailWhereFirstUsed) {
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"max_gpus":"8")"),
            "TypeError: '<' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"min_gpus":null)"),
            "TypeError: '<' not supported between instances of 'NoneType' and 'int'");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"min_time":"soon")"),
            "TypeError: '<' not supported between instances of 'str' and 'int'");
  // min_gpus < 1 is refused before max_gpus is compared, printing it whatever it is.
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"min_gpus":0.5,"max_gpus":[8])"),
            "ElasticityConfigError: Elasticity min/max gpus must be > 0, given min_gpus: 0.5, max_gpus: [8]");
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"min_gpus":false)"),
      "ElasticityConfigError: Elasticity min/max gpus must be > 0, given min_gpus: False, max_gpus: 10000");
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2,4],"min_gpus":1.5,"max_gpus":true,
                    "version":0.1)"),
      "ElasticityConfigError: Elasticity min_gpus cannot be greater than max_gpus, given min_gpus: 1.5, "
      "max_gpus: True");
  EXPECT_EQ(with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"min_time":-0.5)"),
            "ElasticityConfigError: Elasticity min time needs to be >= 0: given -0.5");
  EXPECT_EQ(
      with(R"("max_train_batch_size":64,"micro_batch_sizes":[2],"model_parallel_size":2.5,"version":0.1)"),
      "ElasticityConfigError: Elasticity V0.1 does not support model-parallel training. Given "
      "model-parallel size: 2.5");
  // max_train_batch_size: v0.1 compares each micro batch with it, v0.2 first divides it per node.
  EXPECT_EQ(with(R"("max_train_batch_size":"64","micro_batch_sizes":[true,2],"version":0.1)"),
            "TypeError: '<=' not supported between instances of 'bool' and 'str'");
  EXPECT_EQ(with(R"("max_train_batch_size":null,"micro_batch_sizes":[2])"),
            "TypeError: unsupported operand type(s) for /: 'NoneType' and 'int'");
  EXPECT_EQ(with(R"("max_train_batch_size":"64","micro_batch_sizes":[2],"num_gpus_per_node":2.0)"),
            "TypeError: unsupported operand type(s) for /: 'str' and 'float'");
}

TEST(Elasticity, WhatTheModelDoesNotComputeIsNamed) {
  // numpy's lcm refuses an empty list (float64) and one of bools alone, in words of its version.
  EXPECT_EQ(
      elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[true]}})"),
      "Unmodelled: elasticity.micro_batch_sizes empty or holding only bools is not modelled (numpy's lcm "
      "refuses it, in words of its numpy version)");
  EXPECT_EQ(
      elastic_text(
          R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[],"version":0.1}})"),
      "Unmodelled: elasticity.micro_batch_sizes empty or holding only bools is not modelled (numpy's lcm "
      "refuses it, in words of its numpy version)");
  // Past int64 numpy holds the list as int64 or not by its version, and an lcm past it wraps in C.
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":64,
                             "micro_batch_sizes":[2,100000000000000000000]}})"),
            "Unmodelled: elasticity.micro_batch_sizes holding an int past int64 is not modelled (numpy holds "
            "the list as int64 or not by its version)");
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":64,"version":0.1,
                             "micro_batch_sizes":[4611686018427387904,3]}})"),
            "ValueError: All micro batches must be less than             or equal to "
            "max_acceptable_batch_size: 64");
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":Infinity,"version":0.1,
                             "micro_batch_sizes":[4611686018427387904,3]}})"),
            "Unmodelled: elasticity.micro_batch_sizes whose lcm passes int64 is not modelled");
  // max_train_batch_size // lcm with a Python int past int64: numpy 1 computes it, numpy 2 refuses.
  EXPECT_EQ(
      elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":1180591620717411303424,
                             "micro_batch_sizes":[2,3],"version":0.1}})"),
      "Unmodelled: elasticity whose max_train_batch_size (per node) passes int64 is not modelled (numpy 1 "
      "divides it by the lcm, numpy 2 refuses a Python int out of int64's bounds)");
  // numpy's int64 of 2^53 or more compares with a float rounded: the lcm 3 * 2^51 scaled by 360.
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":4611686018427387904,
                             "micro_batch_sizes":[2251799813685248,3],"version":0.1}})"),
            "Unmodelled: elasticity whose batch size scaled from the lcm reaches 2^53 is not modelled (numpy "
            "compares its int64 with floats rounded)");
  // v0.2's valid counts 10 and 14, numpy's from the lcm 35, times 2^50 GPUs per node.
  EXPECT_EQ(elastic_text(R"({"elasticity":{"enabled":true,"max_train_batch_size":78812993478983680,
                             "micro_batch_sizes":[5,7],"num_gpus_per_node":1125899906842624}})"),
            "Unmodelled: elasticity whose valid GPU count reaches 2^53 as numpy's is not modelled");
}

}  // namespace
}  // namespace zfcheck
