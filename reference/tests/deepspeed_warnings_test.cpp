// Tests of DeepSpeedConfig's warning texts (reference/deepspeed_warnings): upstream's words, and knowing
// them.
#include "reference/deepspeed_warnings.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(DeepSpeedWarnings, TextsAreUpstreamsWithTheValuesFilledIn) {
  EXPECT_EQ(deprecated_field_warning("cpu_offload", "offload_optimizer"),
            "Config parameter cpu_offload is deprecated use offload_optimizer instead");
  EXPECT_EQ(
      vocabulary_size_warning("50257"),
      "DeepSpeedConfig: vocabulary size 50257 is not aligned to 8, may import tensor core utilization.");
  EXPECT_EQ(max_grad_norm_warning(true, "1.0"),
            "DeepSpeedConfig: In FP16 mode, DeepSpeed will pass max_grad_norm:1.0 to FP16 wrapper");
  EXPECT_EQ(
      max_grad_norm_warning(false, "2"),
      "DeepSpeedConfig: In FP32 mode, DeepSpeed does not permit MAX_GRAD_NORM (2) > 0, setting to zero");
}

TEST(DeepSpeedWarnings, KnowsEachOfItsTextsAndNothingElse) {
  for (const std::string& text :
       {deprecated_field_warning("a b", "c"), elastic_checkpoint_warning(), vocabulary_size_warning("True"),
        max_grad_norm_warning(true, "(1)"), max_grad_norm_warning(false, "0.5")}) {
    EXPECT_TRUE(is_deepspeed_config_warning(text)) << text;
  }
  EXPECT_FALSE(
      is_deepspeed_config_warning("Config parameter  is deprecated use x instead"));  // an empty value
  EXPECT_FALSE(is_deepspeed_config_warning("Config parameter cpu_offload is deprecated"));
  EXPECT_FALSE(is_deepspeed_config_warning(elastic_checkpoint_warning() + " "));
  EXPECT_FALSE(is_deepspeed_config_warning("select-interval-never-repeats"));
}

}  // namespace
}  // namespace zfcheck
