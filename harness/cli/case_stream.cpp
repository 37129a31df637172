// Streaming evaluation of case lines: bounded line reading, invalid lines reported in place.
#include "harness/cli/case_stream.hpp"

#include "harness/io/case_io.hpp"
#include "harness/cli/commands.hpp"
#include "harness/io/line_reader.hpp"
#include "harness/io/result_json.hpp"

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
    const Case* c = parsed ? &*parsed : nullptr;
    Result r = c ? evaluate(*c, *profile) : invalid_case_result(parsed.error(), reader.line_number(), profile->name);
    any_invalid = any_invalid || c == nullptr;
    ExtraKeys extra;
    if (annotate) extra = [&](py::ObjectWriter& o) { any_finding = annotate(c, r, o) || any_finding; };
    write_result(out, r, extra);
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
