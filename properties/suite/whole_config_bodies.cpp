// The whole-config bodies: the block taken out of its config, the batch triple and its derivation, ZeRO's
// defaults, DeepSpeedConfig's own refusals (allreduce "sum", the stage range).
#include "properties/suite/whole_config_bodies.hpp"

#include "harness/io/result_json.hpp"
#include "properties/suite/block_of_whole_config.hpp"
#include "reference/deepspeed_warnings.hpp"

#include <algorithm>

namespace zfcheck::props {

namespace {

constexpr std::string_view kBlockPath = "zero_optimization.zenflow";

// ZenFlow runs under this ZeRO config: stage 3, or stage 1/2 with an offload_optimizer device other than
// "none" (what the stage-1/2 optimizer counts as cpu_offload).
bool zenflow_can_run(const DeepSpeedView& ds) {
  if (ds.stage == 3) return true;
  return ds.stage != 0 && ds.offload_optimizer && *ds.offload_optimizer != "none";
}

// The whole config's refusal of its block, as the block alone states it: the field relative to the block
// (none for the block itself), nothing of DeepSpeed's own view.
std::optional<Result> block_refusal(const Case& c, const Result& whole) {
  if (whole.outcome != Outcome::config_error || !whole.error || !whole.error->field) return std::nullopt;
  const std::string& field = *whole.error->field;
  if (!field.starts_with(kBlockPath)) return std::nullopt;
  // The dotted path is the block's only where no other key of the section begins "zenflow." (an extra key
  // "zenflow.x" reads as zero_optimization.zenflow.x too).
  const py::Dict* config = c.deepspeed_config->as<py::Dict>();
  const py::Value* zero = config ? config->find("zero_optimization") : nullptr;
  const py::Dict* section = zero ? zero->as<py::Dict>() : nullptr;
  if (section == nullptr || section->find("zenflow") == nullptr) return std::nullopt;
  for (const auto& [key, value] : section->entries()) {
    if (key.text.starts_with("zenflow.")) return std::nullopt;
  }
  Result expected = whole;
  expected.whole_config = false;
  if (field.size() == kBlockPath.size()) {
    expected.error->field.reset();
  } else if (field[kBlockPath.size()] == '.') {
    expected.error->field = field.substr(kBlockPath.size() + 1);
  } else {
    return std::nullopt;
  }
  return expected;
}

// The result as its eval-format line, for a failure's message.
std::string result_line(const Result& r) {
  std::string out;
  write_result(out, r);
  return out;
}

// The case with the config's top-level `key` set to `value`; nothing when the config is not an object.
std::optional<Case> with_config_key(const Case& c, std::string_view key, py::Value value) {
  Case out = c;
  py::Dict* config = out.deepspeed_config->as<py::Dict>();
  if (config == nullptr) return std::nullopt;
  config->set(py::Str{std::string(key)}, std::move(value));
  return out;
}

// The case with zero_optimization.`key` set to `value` (the section created when absent); nothing when the
// config or its section is not an object.
std::optional<Case> with_zero_key(const Case& c, std::string_view key, py::Value value) {
  Case out = c;
  py::Dict* config = out.deepspeed_config->as<py::Dict>();
  if (config == nullptr) return std::nullopt;
  py::Value* zero = config->find_mutable("zero_optimization");
  if (zero == nullptr) {
    config->set(py::Str{"zero_optimization"}, py::Value(py::Dict{}));
    zero = config->find_mutable("zero_optimization");
  }
  py::Dict* section = zero->as<py::Dict>();
  if (section == nullptr) return std::nullopt;
  section->set(py::Str{std::string(key)}, std::move(value));
  return out;
}

// The case with what _do_warning_check reads made harmless (vocabulary_size 0, the optimizer's params
// null), so that its result shows how far DeepSpeedConfig got before that check; the case itself when the
// config is not an object.
Case before_warning_check(const Case& c) {
  auto out = with_config_key(c, "vocabulary_size", py::Value(0));
  if (!out) return c;
  py::Value* optimizer = out->deepspeed_config->as<py::Dict>()->find_mutable("optimizer");
  py::Dict* dict = optimizer ? optimizer->as<py::Dict>() : nullptr;
  if (dict != nullptr && dict->find("params") != nullptr) dict->set(py::Str{"params"}, py::Value(py::None{}));
  return *out;
}

}  // namespace

std::optional<Failure> whole_config_gives_its_blocks_result(const Case& c, const ProfileSet& profiles) {
  if (!c.deepspeed_config) return std::nullopt;
  for (const Profile& p : profiles.all()) {
    Result whole = evaluate(c, p);
    std::optional<Result> expected;
    Case block;
    if (whole.deepspeed && zenflow_can_run(*whole.deepspeed)) {
      block = block_of_whole_config(c, whole.deepspeed);
      expected = whole;
      expected->whole_config = false;
      expected->deepspeed.reset();
    } else if ((expected = block_refusal(c, whole))) {
      block = block_of_whole_config(c, std::nullopt);
    } else {
      continue;
    }
    std::erase_if(expected->warnings, is_deepspeed_config_warning);  // the block alone has no DeepSpeedConfig
    if (auto diff = differences("a whole config and its zenflow block", *expected, evaluate(block, p))) {
      return "under " + p.name + ", " + case_line(c) + " against " + case_line(block) + ": " + *diff;
    }
  }
  return std::nullopt;
}

std::optional<Failure> batch_triple_holds(const Case& c, const ProfileSet& profiles) {
  if (!c.deepspeed_config) return std::nullopt;
  const Case off = without_zenflow_block(c);
  for (const Profile& p : profiles.all()) {
    const Result without = evaluate(off, p);
    const Result with = evaluate(c, p);
    const auto broke = [&](const std::string& what) {
      return "under " + p.name + ", " + case_line(c) + ": " + what;
    };
    if (without.deepspeed) {
      const BatchSizes& b = without.deepspeed->batch;
      // The world size DeepSpeed divides by (sequence_parallel_size's float, where the config has one).
      auto world = effective_world_size(*off.deepspeed_config->as<py::Dict>(), py::Int(c.world_size));
      auto per_step = py::number_multiply(b.train_micro_batch_size_per_gpu, b.gradient_accumulation_steps);
      auto product = world && per_step ? py::number_multiply(*per_step, *world) : per_step;
      if (!world || !product || !py::number_equals(b.train_batch_size, *product)) {
        return broke("DeepSpeed accepts " + case_line(off) + " with a batch triple that does not hold: " +
                     py::number_text(b.train_batch_size) + " != " + py::number_text(b.train_micro_batch_size_per_gpu) +
                     " x " + py::number_text(b.gradient_accumulation_steps) + " x the world size");
      }
    }
    if (!with.deepspeed) continue;
    if (!without.deepspeed) return broke("DeepSpeed accepts it with its zenflow block but not without");
    const BatchSizes& asked = without.deepspeed->batch;
    const BatchSizes& after = with.deepspeed->batch;
    if (after.train_batch_size != asked.train_batch_size ||
        after.train_micro_batch_size_per_gpu != asked.train_micro_batch_size_per_gpu) {
      return broke("the zenflow block changes the batch sizes DeepSpeed derives");
    }
    const py::Number expected =
        with.engine ? py::Number(with.engine->update_interval) : asked.gradient_accumulation_steps;
    if ((with.engine || !with.zenflow_enabled) && after.gradient_accumulation_steps != expected) {
      return broke("gradient_accumulation_steps after set-up is " +
                   py::number_text(after.gradient_accumulation_steps) + ", not " + py::number_text(expected) +
                   (with.engine ? " (the engine's update interval)" : " (DeepSpeed's, ZenFlow being off)"));
    }
  }
  return std::nullopt;
}

std::optional<Failure> derivable_batch_values_may_be_left_out(const Case& c, const ProfileSet& profiles) {
  if (!c.deepspeed_config) return std::nullopt;
  const py::Dict* config = c.deepspeed_config->as<py::Dict>();
  constexpr std::string_view kBatchKeys[] = {"train_batch_size", "train_micro_batch_size_per_gpu",
                                             "gradient_accumulation_steps"};
  for (std::string_view key : kBatchKeys) {
    if (config == nullptr || config->find(key) == nullptr) return std::nullopt;
  }
  // Elastic training picks the batch values itself and logs each one given that it replaces.
  const py::Value* elasticity = config->find("elasticity");
  const py::Dict* elastic = elasticity ? elasticity->as<py::Dict>() : nullptr;
  const py::Value* enabled = elastic ? elastic->find("enabled") : nullptr;
  if (enabled != nullptr && enabled->truthy()) return std::nullopt;
  for (const Profile& p : profiles.all()) {
    const Result given = evaluate(c, p);
    if (!given.deepspeed) continue;
    for (std::string_view left_out : kBatchKeys) {
      Case derived = c;
      py::Dict kept;
      for (const auto& [key, value] : config->entries()) {
        if (!(key == left_out)) kept.set(key, value);
      }
      derived.deepspeed_config = py::Value(std::move(kept));
      Result result = evaluate(derived, p);
      if (result.deepspeed) {  // with a float world size, DeepSpeed derives the float of the int given
        for (auto field : {&BatchSizes::train_batch_size, &BatchSizes::train_micro_batch_size_per_gpu,
                           &BatchSizes::gradient_accumulation_steps}) {
          if (py::number_equals(result.deepspeed->batch.*field, given.deepspeed->batch.*field))
            result.deepspeed->batch.*field = given.deepspeed->batch.*field;
        }
      }
      if (auto diff = differences("the results", given, result)) {
        return "under " + p.name + ", " + case_line(c) + " without " + std::string(left_out) +
               " (DeepSpeed derives it): " + *diff;
      }
    }
  }
  return std::nullopt;
}

std::optional<Failure> zero_defaults_written_out_change_nothing(const Case& c, const ProfileSet& profiles) {
  if (!c.deepspeed_config) return std::nullopt;
  const py::Dict* config = c.deepspeed_config->as<py::Dict>();
  const py::Value* zero = config ? config->find("zero_optimization") : nullptr;
  if (config == nullptr || (zero != nullptr && zero->as<py::Dict>() == nullptr)) return std::nullopt;
  const py::Dict* section = zero ? zero->as<py::Dict>() : nullptr;
  for (const Profile& p : profiles.all()) {
    const Result as_written = evaluate(c, p);
    std::vector<std::pair<std::string_view, py::Value>> defaults;
    if (section == nullptr || section->find("stage") == nullptr) defaults.emplace_back("stage", py::Value(0));
    if ((section == nullptr || section->find("overlap_comm") == nullptr) && as_written.deepspeed)
      defaults.emplace_back("overlap_comm", py::Value(as_written.deepspeed->stage == 3));
    for (auto& [key, value] : defaults) {
      auto written = with_zero_key(c, key, value);
      if (!written) continue;
      Result expected = as_written;
      if (key == "overlap_comm") {  // left unset, its validator assigns it and so logs elastic's warning again
        auto again = std::find(expected.warnings.begin(), expected.warnings.end(), elastic_checkpoint_warning());
        if (again != expected.warnings.end()) expected.warnings.erase(again);
      }
      if (auto diff = differences("the results", expected, evaluate(*written, p))) {
        return "under " + p.name + ", " + case_line(c) + " against " + case_line(*written) + " (" +
               std::string(key) + " written as its default): " + *diff;
      }
    }
  }
  return std::nullopt;
}

std::optional<Failure> sum_allreduce_is_refused_only_with_stage_3_or_zenflow(const Case& c,
                                                                             const ProfileSet& profiles) {
  if (!c.deepspeed_config) return std::nullopt;
  auto mean = with_config_key(c, "gradient_allreduce_op", py::Str{"mean"});
  auto sum = with_config_key(c, "gradient_allreduce_op", py::Str{"sum"});
  if (!mean || !sum) return std::nullopt;
  const py::Value* zero = mean->deepspeed_config->as<py::Dict>()->find("zero_optimization");
  const py::Dict* section = zero ? zero->as<py::Dict>() : nullptr;
  const py::Value* block = section ? section->find("zenflow") : nullptr;
  const bool has_block = block != nullptr && block->as<py::None>() == nullptr;
  const Case mean_checked = before_warning_check(*mean);
  for (const Profile& p : profiles.all()) {
    const Result with_mean = evaluate(*mean, p);
    if (with_mean.outcome == Outcome::unmodelled) continue;
    const Result with_sum = evaluate(*sum, p);
    // _do_error_check's refusal, once DeepSpeedConfig has read the rest (_do_warning_check comes after it).
    const Result checked = evaluate(mean_checked, p);
    std::optional<std::string> refusal;
    if (checked.deepspeed && checked.deepspeed->stage == 3) {
      refusal = "gradient_allreduce_op='sum' is not supported with ZeRO stage 3";
    } else if (checked.deepspeed && has_block) {
      refusal = "gradient_allreduce_op='sum' is not supported with ZenFlow";
    }
    const auto broke = [&](const std::string& what) {
      return "under " + p.name + ", " + case_line(*sum) + ": " + what;
    };
    if (!refusal) {
      if (auto diff = differences("\"sum\" and \"mean\"", with_mean, with_sum)) return broke(*diff);
    } else if (with_sum.outcome != Outcome::config_error || !with_sum.error ||
               with_sum.error->type != "ValueError" || with_sum.error->message != *refusal) {
      return broke("DeepSpeedConfig raises ValueError: " + *refusal + "; the result is " +
                   result_line(with_sum));
    }
  }
  return std::nullopt;
}

std::optional<Failure> zero_stage_outside_its_enum_is_refused(const Case& c, const ProfileSet& profiles) {
  if (!c.deepspeed_config) return std::nullopt;
  for (const Profile& p : profiles.all()) {
    const Result accepted = evaluate(c, p);
    if (!accepted.deepspeed) continue;
    for (int stage : {-1, 4}) {
      auto outside = with_zero_key(c, "stage", py::Value(stage));
      if (!outside) continue;
      const Result r = evaluate(*outside, p);
      if (r.outcome == Outcome::unmodelled) continue;
      if (r.outcome != Outcome::config_error || !r.error || r.error->type != "ValidationError" ||
          r.error->field != "zero_optimization.stage") {
        return "under " + p.name + ", " + case_line(*outside) +
               ": ZeroStageEnum refuses the stage (ValidationError at zero_optimization.stage); the result "
               "is " +
               result_line(r);
      }
    }
  }
  return std::nullopt;
}

}  // namespace zfcheck::props
