// Streaming evaluation of case lines: bounded line reading, invalid lines reported in place.
#include "harness/cli/case_stream.hpp"

#include "harness/case_io.hpp"
#include "harness/cli/commands.hpp"
#include "harness/line_reader.hpp"
#include "harness/result_json.hpp"
#include "reference/py_json.hpp"

#include <iostream>

namespace zfcheck::cli {

int stream_cases(std::string_view command, const std::string& profile_spec, const std::string& input_path,
                 const Annotate& annotate) {
  auto profile = find_profile(profile_spec);
  if (!profile) {
    std::cerr << "zfcheck " << command << ": " << profile.error() << "\n";
    return kExitUsage;
  }
  InputFile input(input_path);
  if (!input.error().empty()) {
    std::cerr << "zfcheck " << command << ": " << input.error() << "\n";
    return kExitUsage;
  }
  LineReader reader(input.stream());
  std::string line;
  std::string out;
  bool too_long = false;
  bool any_invalid = false;
  bool any_finding = false;
  while (reader.next(line, too_long)) {
    out.clear();
    auto parsed = too_long ? tl::expected<Case, CaseError>(tl::unexpected(
                                 CaseError{std::nullopt, std::nullopt,
                                           "line longer than " + std::to_string(kMaxLineBytes) + " bytes"}))
                           : parse_case(line);
    py::Value value;
    if (parsed) {
      Result r = evaluate(*parsed, *profile);
      value = result_to_value(r);
      if (annotate) any_finding = annotate(&*parsed, &r, *value.as<py::Dict>()) || any_finding;
    } else {
      any_invalid = true;
      value = invalid_case_value(parsed.error(), reader.line_number(), profile->name);
      if (annotate) annotate(nullptr, nullptr, *value.as<py::Dict>());
    }
    py::write_json(out, value);
    out += '\n';
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
  }
  std::cout.flush();
  if (input.stream().bad()) {
    std::cerr << "zfcheck " << command << ": read error on " << input.name() << "\n";
    return kExitUsage;
  }
  return any_invalid ? kExitUsage : any_finding ? kExitFinding : kExitOk;
}

}  // namespace zfcheck::cli
