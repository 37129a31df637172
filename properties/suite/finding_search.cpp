// Judging a run against its expectation, and writing the account of it.
#include "properties/suite/finding_search.hpp"

#include "harness/checks/minimal_order.hpp"
#include "properties/generators/reproduce.hpp"

#include <sstream>

namespace zfcheck::props {

namespace {

std::string falsified_text(const PropertySpec& spec, const Falsification& f, int passed) {
  return "falsified after " + std::to_string(passed + 1) + " tests and " +
         std::to_string(f.reproduce.shrink_path.size()) + " shrinks:\n" + f.description + "\n" +
         reproduce_params(spec.name, f.reproduce);
}

std::optional<std::string> unmet_finding(const PropertySpec& spec, const ProfileSet& profiles,
                                         const PropertyRun& run, const Case& recorded) {
  std::optional<Failure> on_recorded = spec.body(recorded, profiles);
  if (!run.falsified) {
    return "the recorded finding was not found in " + std::to_string(run.passed) +
           " cases; its recorded example " + case_line(recorded) +
           (on_recorded ? " still breaks it: the generator misses it" : " no longer breaks it");
  }
  const Case& found = run.falsified->counterexample;
  if (compare_simplicity(found, recorded) > 0) {
    return "RapidCheck's minimal counterexample " + case_line(found) + " is not as simple as the recorded " +
           case_line(recorded) + " (the finding changed, or shrinking stopped early)\n" +
           falsified_text(spec, *run.falsified, run.passed);
  }
  if (!on_recorded) return "the recorded example " + case_line(recorded) + " no longer breaks the property";
  return std::nullopt;
}

}  // namespace

PropertyRun run_for_expectation(const PropertySpec& spec, const ProfileSet& profiles,
                                const TestParams& params, const Case* recorded,
                                const ReproduceMap& reproduce) {
  PropertyRun best = run_property(spec, profiles, params, reproduce);
  if (recorded == nullptr || !reproduce.empty()) return best;
  TestParams next = params;
  while (best.runs < kMaxFindingRuns && !best.trouble && best.falsified &&
         compare_simplicity(best.falsified->counterexample, *recorded) > 0) {
    ++next.seed;
    PropertyRun run = run_property(spec, profiles, next);
    run.passed += best.passed;
    run.runs = best.runs + 1;
    if (!run.falsified && !run.trouble) {
      // A whole run without a counterexample: stop searching, keep the simplest one found.
      best.passed = run.passed;
      best.runs = run.runs;
      break;
    }
    if (run.trouble || simpler(run.falsified->counterexample, best.falsified->counterexample)) {
      best = std::move(run);
    } else {
      best.passed = run.passed;
      best.runs = run.runs;
    }
  }
  return best;
}

std::optional<std::string> unmet_expectation(const PropertySpec& spec, const ProfileSet& profiles,
                                             const PropertyRun& run, const Case* recorded) {
  if (run.trouble) return *run.trouble;
  if (run.skipped) return std::nullopt;
  if (recorded != nullptr) return unmet_finding(spec, profiles, run, *recorded);
  if (run.falsified) return falsified_text(spec, *run.falsified, run.passed);
  return std::nullopt;
}

std::string run_report(const PropertySpec& spec, const PropertyRun& run, const Case* recorded) {
  std::ostringstream out;
  out << spec.name << ": " << spec.statement << "\n";
  if (run.skipped) {
    out << "skipped: RC_PARAMS reproduces other properties\n";
  } else if (run.falsified && recorded != nullptr) {
    const Case& found = run.falsified->counterexample;
    out << "known finding (corpus/findings/" << spec.profiles.front() << ".json), found in " << run.runs
        << (run.runs == 1 ? " run" : " runs") << " (" << run.passed
        << " cases held before the failures), shrunk in " << run.falsified->reproduce.shrink_path.size()
        << " steps\n"
        << "  shrunk:   " << case_line(found) << "\n  recorded: " << case_line(*recorded)
        << (compare_simplicity(found, *recorded) < 0
                ? "  (RapidCheck's is simpler: the sweep grid lacks it)\n"
                : "\n")
        << "  " << reproduce_params(spec.name, run.falsified->reproduce) << "\n";
  } else if (!run.falsified && !run.trouble) {
    print_success(out, run.passed, run.distribution);
    out << "\n";
  }
  return out.str();
}

}  // namespace zfcheck::props
