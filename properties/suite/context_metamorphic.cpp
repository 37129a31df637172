// The context rewrites: another stage, a longer horizon, another id, another dataloader, the block taken
// out of its whole config.
#include "properties/suite/context_metamorphic.hpp"

#include "harness/io/case_io.hpp"
#include "properties/suite/block_of_whole_config.hpp"

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
std::optional<Result> block_refusal(const Result& whole) {
  if (whole.outcome != Outcome::config_error || !whole.error || !whole.error->field) return std::nullopt;
  const std::string& field = *whole.error->field;
  if (!field.starts_with(kBlockPath)) return std::nullopt;
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

Case at_stage(const Case& c, int stage) {
  Case out = c;
  out.stage = stage;
  return out;
}

}  // namespace

std::optional<Failure> stages_one_and_two_agree(const Case& c, const ProfileSet& profiles) {
  return same_under_every_profile("stages 1 and 2 share their code", at_stage(c, 1), at_stage(c, 2),
                                  profiles);
}

std::optional<Failure> stage_three_differs_only_where_offload_is_on(const Case& c, const ProfileSet& profiles) {
  for (const Profile& p : profiles.all()) {
    Result two = evaluate(at_stage(c, 2), p);
    if (two.config && two.config->offload) continue;
    if (auto diff = differences("stages 2 and 3", two, evaluate(at_stage(c, 3), p))) {
      return "under " + p.name + ", without offload, for " + case_line(c) + ": " + *diff;
    }
  }
  return std::nullopt;
}

std::optional<Failure> selections_are_prefix_consistent(const Case& c, const ProfileSet& profiles) {
  Case longer = c;
  longer.micro_steps = std::max(c.micro_steps, std::min(2 * c.micro_steps + 13, kMaxMicroSteps));
  for (const Profile& p : profiles.all()) {
    Result shorter_run = evaluate(c, p);
    Result longer_run = evaluate(longer, p);
    auto cut = std::lower_bound(longer_run.selections.begin(), longer_run.selections.end(), c.micro_steps);
    longer_run.selections.erase(cut, longer_run.selections.end());
    if (auto diff = differences("a run and the start of a longer one", shorter_run, longer_run)) {
      return "under " + p.name + ", " + case_line(c) + " against micro_steps " +
             std::to_string(longer.micro_steps) + ": " + *diff;
    }
  }
  return std::nullopt;
}

std::optional<Failure> result_does_not_depend_on_the_id(const Case& c, const ProfileSet& profiles) {
  Case other = c;
  other.id = py::Str{c.id ? c.id->text + "-renamed" : "renamed"};
  return same_under_every_profile("only the id differs", c, other, profiles);
}

std::optional<Failure> config_errors_ignore_the_engine_context(const Case& c, const ProfileSet& profiles) {
  Case elsewhere = c;
  elsewhere.dataloader_len = c.dataloader_len ? std::nullopt : std::optional<std::int64_t>(10);
  elsewhere.stage = c.stage == 3 ? 1 : 3;
  elsewhere.micro_steps = c.micro_steps + 7;
  for (const Profile& p : profiles.all()) {
    Result here = evaluate(c, p);
    if (here.outcome != Outcome::config_error) continue;
    if (auto diff = differences("a config error in two contexts", here, evaluate(elsewhere, p))) {
      return "under " + p.name + ", " + case_line(c) + " against " + case_line(elsewhere) + ": " + *diff;
    }
  }
  return std::nullopt;
}

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
    } else if ((expected = block_refusal(whole))) {
      block = block_of_whole_config(c, std::nullopt);
    } else {
      continue;
    }
    if (auto diff = differences("a whole config and its zenflow block", *expected, evaluate(block, p))) {
      return "under " + p.name + ", " + case_line(c) + " against " + case_line(block) + ": " + *diff;
    }
  }
  return std::nullopt;
}

}  // namespace zfcheck::props
