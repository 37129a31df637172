// Reads the problems (a file or the top-k grid) in batches, answers each batch with the oracle and with the
// upstream runners, and hands both answers to TopkConformance.
#include "harness/cli/conformance_topk.hpp"

#include "harness/checks/topk_grid.hpp"
#include "harness/cli/commands.hpp"
#include "harness/io/line_reader.hpp"
#include "harness/io/named_input.hpp"
#include "harness/io/progress.hpp"
#include "harness/io/shell_quote.hpp"
#include "kernels/check/selection_rules.hpp"
#include "kernels/check/topk_conformance.hpp"
#include "kernels/check/topk_generators.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <functional>
#include <iostream>
#include <optional>
#include <vector>

namespace zfcheck::cli {

namespace {

using ojson = nlohmann::ordered_json;

// One batch's problems, answered by the oracle here and by upstream's runners, into `conformance`.
class TopkBatch {
 public:
  TopkBatch(const Profile& profile, const TopkUpstream& upstream, TopkConformance& conformance)
      : profile_(profile), upstream_(upstream), conformance_(conformance) {}

  // Line `number` of the input; compared once the batch is full (or at flush()).
  void add(const std::string& line, std::size_t number) {
    auto parsed = parse_topk_problem(line);
    if (!parsed) {
      conformance_.add_invalid("line " + std::to_string(number) + ": " + parsed.error().error.message);
      return;
    }
    apply_selection_rules(parsed->problem.layout, profile_.switches);
    auto answer = oracle_answer(parsed->problem);
    if (!answer) {
      conformance_.add_invalid("line " + std::to_string(number) + ": " + answer.error().message);
      return;
    }
    lines_.push_back(line);
    problems_.push_back(std::move(parsed->problem));
    oracle_.push_back(topk_answer_to_json(parsed->id, *answer));
    if (lines_.size() == kTopkUpstreamBatch) flush();
  }

  void flush() {
    std::vector<ojson> answers = upstream_.answers(lines_);
    for (std::size_t i = 0; i < lines_.size(); ++i)
      conformance_.add(lines_[i], problems_[i], oracle_[i], answers[i]);
    lines_.clear();
    problems_.clear();
    oracle_.clear();
  }

 private:
  const Profile& profile_;
  const TopkUpstream& upstream_;
  TopkConformance& conformance_;
  std::vector<std::string> lines_;
  std::vector<SelectionProblem> problems_;
  std::vector<ojson> oracle_;
};

}  // namespace

int run_topk_conformance(const Profile& profile, const EngineChoice& engine,
                         const TopkProblemSource& source) {
  auto fail = [](const std::string& why) {
    std::cerr << "zfcheck conformance: " << why << "\n";
    return kExitUsage;
  };
  std::optional<InputFile> input;
  if (!source.file.empty()) {
    input.emplace(source.file);
    if (!input->error().empty()) return fail(input->error());
  }
  auto upstream = open_topk_upstream(engine.upstream, engine);
  if (!upstream) return fail(upstream.error());
  const std::uint64_t total = input ? 0 : source.generated > 0 ? source.generated : topk_grid_size();
  const std::string from = input                  ? "problems from " + input->name()
                           : source.generated > 0 ? std::to_string(total) + " generated problems (seed " +
                                                        std::to_string(source.seed) + ")"
                                                  : "the top-k grid (" + std::to_string(total) + " problems)";
  std::cout << "zfcheck conformance: the top-k oracle under profile " << profile.name << " against "
            << (*upstream)->name() << " (its own selection code, ranks in lockstep), " << from << "\n";
  std::cout.flush();
  return guard_engine_failure("conformance", [&] {
    TopkConformance conformance;
    TopkBatch batch(profile, **upstream, conformance);
    Progress progress = Progress::on_terminal("conformance", total, "problems");
    std::size_t number = 0;
    auto add = [&](const std::string& line) {
      batch.add(line, ++number);
      progress.update(number);
    };
    if (input) {
      LineReader reader(input->stream());
      std::string line;
      bool too_long = false;
      while (reader.next(line, too_long)) {
        if (too_long)
          conformance.add_invalid("line " + std::to_string(++number) + ": longer than the limit");
        else
          add(line);
      }
      if (input->stream().bad()) return fail("read error on " + input->name());
    } else if (source.generated > 0) {
      gen::sample_topk_problem_lines(source.seed, source.generated, add);
    } else {
      for (std::uint64_t i = 0; i < total; ++i)
        add(topk_problem_to_json("topk-grid-" + std::to_string(i), topk_grid_problem(i)).dump());
    }
    batch.flush();
    progress.finish();
    std::string spec = shell_quote((*upstream)->spec());
    std::cout << conformance.render("zfcheck topk --profile " + shell_quote(profile.name) + " -",
                                    "zfcheck topk --upstream " + spec + " -");
    std::cout.flush();
    if (!conformance.invalid().empty()) return kExitUsage;
    return conformance.agreed() == conformance.problems() ? kExitOk : kExitFinding;
  });
}

}  // namespace zfcheck::cli
