// The profile-pair property bodies: evaluate under both, check the named cases, compare the rest.
#include "properties/suite/differential.hpp"

#include "properties/suite/block_of_whole_config.hpp"
#include "reference/pydantic_lax.hpp"

namespace zfcheck::props {

namespace {

constexpr std::string_view kUpdateBelow1 =
    "Value error, If update_interval is a number, it must be at least 1";
constexpr std::string_view kStepsBelow1 = "Value error, If steps_per_epoch is set, it must be at least 1";
// pydantic's messages for Field(gt=0.0, lt=1.0), the bounds PR #8274 gives topk_ratio.
constexpr std::string_view kOpenIntervalMessages[] = {"Input should be greater than 0",
                                                      "Input should be less than 1"};

bool rejected_on(const Result& r, std::string_view field) {
  return r.outcome == Outcome::config_error && r.error && r.error->field == field;
}

bool rejected_with(const Result& r, std::string_view message) {
  return r.outcome == Outcome::config_error && r.error && r.error->message == message;
}

bool open_interval_message(const Result& r) {
  if (!r.error) return false;
  for (std::string_view m : kOpenIntervalMessages) {
    if (r.error->message == m) return true;
  }
  return false;
}

// A config error raised before any field is validated: a block that is not an object, a "self" key
// (TypeError), a key holding a lone surrogate. Neither PR #8274's bounds nor anything else can change it.
bool refused_before_the_fields(const Result& r) {
  return r.outcome == Outcome::config_error && r.error &&
         (r.error->type == "TypeError" ||
          (!r.error->field && !r.error->message.starts_with("Value error, ")));
}

// The block's topk_ratio, as pydantic coerces it, is 0 or 1: master accepts it, PR #8274 does not.
bool topk_ratio_at_an_end(const Case& c) {
  const py::Dict* block = c.zenflow.as<py::Dict>();
  const py::Value* value = block ? block->find("topk_ratio") : nullptr;
  if (value == nullptr) return false;
  auto ratio = pydantic::lax_float(*value);
  return ratio && (*ratio == 0.0 || *ratio == 1.0);
}

std::optional<Failure> broken(std::string_view what, const Result& r) {
  return std::string(what) + "; " + r.profile + " gives " + std::string(outcome_name(r.outcome)) +
         (r.error ? " " + r.error->type + " (" + r.error->field.value_or("no field") + ") " + r.error->message
                  : "");
}

// Both revision pairs change only what the zenflow block says: where the block alone gives the same result
// under both, so must the whole config that holds it (the batch sizes, the ZeRO section and the GAS
// overwrite included).
std::optional<Failure> whole_config_changes_only_with_its_block(std::string_view what, const Case& c,
                                                                const Profile& before, const Profile& after,
                                                                const Result& whole_before,
                                                                const Result& whole_after) {
  Case block = block_of_whole_config(c, whole_before.deepspeed);
  if (differences(what, evaluate(block, before), evaluate(block, after))) return std::nullopt;
  return differences(std::string(what) + ", where the zenflow block alone gives the same result,",
                     whole_before, whole_after);
}

}  // namespace

std::optional<Failure> pr8274_changes_exactly_its_two_bounds(const Case& c, const ProfileSet& profiles) {
  const Profile& master_profile = profiles.at("deepspeed-edaa722");
  const Profile& pr_profile = profiles.at("deepspeed-8274");
  Result master = evaluate(c, master_profile);
  Result pr = evaluate(c, pr_profile);
  if (rejected_with(master, kUpdateBelow1) ||
      (rejected_on(master, "topk_ratio") && open_interval_message(master))) {
    return broken("master must not apply PR #8274's bounds", master);
  }
  if (c.deepspeed_config) {
    return whole_config_changes_only_with_its_block("deepspeed-edaa722 and deepspeed-8274", c, master_profile,
                                                    pr_profile, master, pr);
  }
  if (!refused_before_the_fields(master)) {
    if (topk_ratio_at_an_end(c)) {
      if (rejected_on(master, "topk_ratio"))
        return broken("master must accept a topk_ratio of 0 or 1", master);
      if (!rejected_on(pr, "topk_ratio") || !open_interval_message(pr)) {
        return broken("PR #8274 must reject a topk_ratio of 0 or 1", pr);
      }
      return std::nullopt;
    }
    if (rejected_on(master, "topk_ratio")) {
      if (!rejected_on(pr, "topk_ratio")) return broken("a topk_ratio master rejects must stay rejected", pr);
      return std::nullopt;
    }
    const py::Int* update = master.config ? std::get_if<py::Int>(&master.config->update_interval) : nullptr;
    if (update != nullptr && *update < 1) {
      if (!rejected_with(pr, kUpdateBelow1))
        return broken("PR #8274 must reject an update_interval below 1", pr);
      return std::nullopt;
    }
  }
  return differences("deepspeed-edaa722 and deepspeed-8274", master, pr);
}

std::optional<Failure> fix_commit_changes_exactly_its_cases(const Case& c, const ProfileSet& profiles) {
  const Profile& first_commit = profiles.at("pr-8456-4ffc94ea");
  const Profile& fixed = profiles.at("pr-8456");
  Result first = evaluate(c, first_commit);
  Result final = evaluate(c, fixed);
  if (first.config && first.config->steps_per_epoch && *first.config->steps_per_epoch < 1) {
    if (!rejected_with(final, kStepsBelow1))
      return broken("ffb0860 must reject a steps_per_epoch below 1", final);
    return std::nullopt;
  }
  if (c.dataloader_len == 0) {
    Case without = c;
    without.dataloader_len.reset();
    return differences("under pr-8456, an empty dataloader and no dataloader", final,
                       evaluate(without, fixed));
  }
  if (c.deepspeed_config) {
    return whole_config_changes_only_with_its_block("pr-8456-4ffc94ea and pr-8456", c, first_commit, fixed,
                                                    first, final);
  }
  return differences("pr-8456-4ffc94ea and pr-8456", first, final);
}

std::optional<Failure> dataloader_callers_see_no_change(const Case& c, const ProfileSet& profiles) {
  if (!c.dataloader_len || *c.dataloader_len == 0) return std::nullopt;
  Result before = evaluate(c, profiles.at("deepspeed-8274"));
  Result after = evaluate(c, profiles.at("pr-8456"));
  if (before.outcome == Outcome::config_error || after.outcome == Outcome::config_error) return std::nullopt;
  if (before.error && before.error->type == "Warning") return std::nullopt;
  return differences("deepspeed-8274 and pr-8456", before, after);
}

}  // namespace zfcheck::props
