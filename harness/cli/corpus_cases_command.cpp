// `zfcheck corpus cases`: each reviewed seed's case as an eval-format line (for eval, check, fuzz corpora).
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/cli/reviewed_case_stream.hpp"
#include "harness/io/case_io.hpp"
#include "reference/py_json.hpp"

#include <fstream>
#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct CasesOptions {
  std::vector<std::string> paths;  // none: the reviewed corpus of zfcheck's data
  std::string out_dir;
};

int run_cases(const CasesOptions& opts) {
  bool write_failed = false;
  ReviewedCaseCounts counts = for_each_reviewed_case(
      "corpus cases", opts.paths, [&](const std::filesystem::path& file, const ReviewedCase& seed) {
        Case c = seed.c;
        c.id = py::Str{file.stem().string()};
        std::string line = case_line(c);
        if (opts.out_dir.empty()) {
          std::cout << line << "\n";
          return;
        }
        std::filesystem::path out =
            std::filesystem::path(opts.out_dir) / ("reviewed-" + file.stem().string() + ".jsonl");
        if (!(std::ofstream(out, std::ios::binary) << line)) {
          std::cerr << "zfcheck corpus cases: " << out.string() << ": cannot be written\n";
          write_failed = true;
        }
      });
  std::cout.flush();
  if (!counts.paths_ok || counts.unreadable > 0 || write_failed) return kExitUsage;
  return kExitOk;
}

}  // namespace

void add_corpus_cases_command(CLI::App& corpus, int& exit_code) {
  auto opts = std::make_shared<CasesOptions>();
  CLI::App* cmd =
      corpus.add_subcommand("cases", "Print each seed's case as an eval-format line, its id the seed's name");
  cmd->add_option(
         "paths", opts->paths,
         "ReviewedCase files, directories of them (*.json), or - for one on standard input (default: the "
         "reviewed corpus of zfcheck's data)")
      ->type_name("PATH");
  cmd->add_option(
         "--out", opts->out_dir,
         "Instead, write each case to DIR/reviewed-<seed>.jsonl (one case line, no newline: the form a "
         "fuzz target's seed corpus takes, e.g. corpus/fuzz/config_fuzzer)")
      ->type_name("DIR");
  set_help_footer(
      cmd,
      "zfcheck corpus cases | zfcheck check --profile P   shows every seed's result under P.\n"
      "Without paths, the reviewed corpus of zfcheck's data (as zfcheck replay finds it).",
      {"every seed read (and written)", "",
       "an unreadable seed, a path that does not exist, no reviewed corpus found, or a write failure"});
  cmd->callback([opts, &exit_code] { exit_code = run_cases(*opts); });
}

}  // namespace zfcheck::cli
