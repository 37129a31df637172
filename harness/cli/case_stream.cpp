// Streaming evaluation of case lines: bounded line reading, batches for the engine, invalid lines in place.
#include "harness/cli/case_stream.hpp"

#include "harness/cli/commands.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/named_input.hpp"
#include "harness/io/result_json.hpp"

#include <iostream>

namespace zfcheck::cli {

namespace {

constexpr std::size_t kBatchLines = 4096;

}  // namespace

void add_case_stream_options(CLI::App* cmd, CaseStreamOptions& opts) {
  add_engine_choice(cmd, opts.engine, false);
  cmd->add_option("input", opts.input, "Cases file, or - for standard input")->capture_default_str();
}

int stream_cases(std::string_view command, const CaseStreamOptions& opts, const Annotate& annotate) {
  auto engines = chosen_engines(opts.engine);
  if (!engines) {
    std::cerr << "zfcheck " << command << ": " << engines.error() << "\n";
    return kExitUsage;
  }
  const Engine& engine = *engines->front();
  InputFile input(opts.input);
  if (!input.error().empty()) {
    std::cerr << "zfcheck " << command << ": " << input.error() << "\n";
    return kExitUsage;
  }
  return guard_engine_failure(command, [&] {
    std::string out;
    bool any_invalid = false;
    bool any_finding = false;
    std::vector<tl::expected<Case, CaseError>> parsed;
    std::vector<std::size_t> line_numbers;
    std::vector<Case> cases;
    std::vector<Result> results;
    auto flush = [&] {
      engine.evaluate_batch(cases, results);
      std::size_t next = 0;
      for (std::size_t i = 0; i < parsed.size(); ++i) {
        const Case* c = parsed[i] ? &*parsed[i] : nullptr;
        Result r = c ? std::move(results[next++]) : invalid_case_result(parsed[i].error(), line_numbers[i], engine.name());
        any_invalid = any_invalid || c == nullptr;
        ExtraKeys extra;
        if (annotate) extra = [&](py::ObjectWriter& o) { any_finding = annotate(c, r, o) || any_finding; };
        out.clear();
        write_result(out, r, extra);
        out += '\n';
        std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
      }
      parsed.clear();
      line_numbers.clear();
      cases.clear();
    };
    const bool read =
        for_each_case_line(input.stream(), [&](std::size_t line, tl::expected<Case, CaseError> c) {
          if (c) cases.push_back(*c);
          parsed.push_back(std::move(c));
          line_numbers.push_back(line);
          if (parsed.size() == kBatchLines) flush();
        });
    flush();
    std::cout.flush();
    if (!read) {
      std::cerr << "zfcheck " << command << ": read error on " << input.name() << "\n";
      return kExitUsage;
    }
    return any_invalid ? kExitUsage : any_finding ? kExitFinding : kExitOk;
  });
}

}  // namespace zfcheck::cli
