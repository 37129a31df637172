// The context rewrites: another stage, a longer horizon, another id, another dataloader.
#include "properties/suite/context_metamorphic.hpp"

#include "harness/io/case_io.hpp"

#include <algorithm>

namespace zfcheck::props {

namespace {

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

}  // namespace zfcheck::props
