// `zfcheck corpus add`: a new seed with today's expectations under every profile; never overwrites.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/corpus/reviewed_case_files.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/json_error_text.hpp"
#include "harness/io/line_reader.hpp"
#include "harness/io/named_input.hpp"
#include "harness/io/text_table.hpp"
#include "properties/generators/reproduce.hpp"
#include "reference/py_json.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct AddOptions {
  std::string title;
  std::string thread;
  std::string reporter;
  std::string date;
  std::string quote;
  std::string note;
  std::string case_file;
  std::string fuzz_artifact;
  std::string rc_reproduce;
  std::vector<std::string> profiles;
  std::string out_dir = "corpus/reviewed";
  std::string slug;
  bool allow_duplicate = false;
};

// The case a seed is made from, and a one-line account of where it was read.
struct CaseInput {
  Case c;
  std::string provenance;
};

std::string today() {
  std::chrono::year_month_day ymd{std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now())};
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
  return text;
}

// The one failing case a RapidCheck reproduce string names (a seed holds one case).
tl::expected<CaseInput, std::string> case_from_rc(const std::string& rc_params) {
  auto cases = props::cases_from_reproduce(rc_params);
  if (!cases) return tl::unexpected("--from-rc: " + cases.error());
  if (cases->size() != 1) {
    return tl::unexpected("--from-rc: the string names " + std::to_string(cases->size()) +
                          " failing properties; give the reproduce= entry of one");
  }
  return CaseInput{std::move(cases->front().second), "RapidCheck failure of " + cases->front().first};
}

// --case given inline: a JSON object written on the command line rather than a file name.
bool inline_json(const std::string& text) {
  auto first = text.find_first_not_of(" \t\r\n");
  return first != std::string::npos && text[first] == '{';
}

// The reason `text` (named `name`) is not a case; for JSON that does not parse, the line with a caret.
std::string not_a_case(std::string_view name, std::string_view text, const CaseError& error) {
  std::string out =
      std::string(name) + ": not a case: " + (error.field ? *error.field + ": " : "") + error.reason;
  if (error.json_offset) {
    out += "\n" + caret_excerpt(text, *error.json_offset);
    out.pop_back();
  }
  return out;
}

tl::expected<CaseInput, std::string> inline_case(const std::string& text) {
  auto c = parse_case(text);
  if (!c) return tl::unexpected(not_a_case("--case", text, c.error()));
  return CaseInput{std::move(*c), "case given inline"};
}

// --case JSON|FILE (an eval-format case inline, in a file, or "-" for standard input), --from-fuzz
// ARTIFACT (the bytes a fuzz target read: one case line) or --from-rc "reproduce=..." (a property's failure).
tl::expected<CaseInput, std::string> read_case_input(const AddOptions& opts) {
  if (!opts.rc_reproduce.empty()) return case_from_rc(opts.rc_reproduce);
  bool fuzz = !opts.fuzz_artifact.empty();
  if (!fuzz && inline_json(opts.case_file)) return inline_case(opts.case_file);
  auto input = read_input_text(fuzz ? opts.fuzz_artifact : opts.case_file, kMaxLineBytes);
  if (!input) return tl::unexpected(input.error());
  auto c = parse_case(input->text);
  if (!c) return tl::unexpected(not_a_case(input->name, input->text, c.error()));
  return CaseInput{std::move(*c), (fuzz ? "fuzz artifact " : "case file ") + input->name};
}

// The built-in profiles, then each one the user names that is not among them.
tl::expected<std::vector<Profile>, std::string> profiles_for(const std::vector<std::string>& specs) {
  std::vector<Profile> out = builtin_profiles();
  for (const std::string& spec : specs) {
    auto p = find_profile(spec);
    if (!p) return tl::unexpected(p.error());
    if (std::none_of(out.begin(), out.end(), [&](const Profile& q) { return q.name == p->name; }))
      out.push_back(std::move(*p));
  }
  return out;
}

// The seed in `dir` that already holds `c` (ids aside), if any; unreadable seeds are replay's business.
std::optional<std::filesystem::path> seed_holding(const std::string& dir, Case c) {
  c.id.reset();
  auto files = reviewed_case_files({dir});
  if (!files) return std::nullopt;
  for (const auto& file : *files) {
    auto seed = read_reviewed_case_file(file);
    if (!seed) continue;
    Case held = seed->c;
    held.id.reset();
    if (held == c) return file;
  }
  return std::nullopt;
}

std::optional<std::string> given(const std::string& s) { return s.empty() ? std::nullopt : std::optional(s); }

void print_expectations(const ReviewedCase& seed) {
  std::vector<std::vector<std::string>> rows;
  for (const ProfileExpectation& pe : seed.expect) {
    const py::Value e = expectation_to_value(pe.expect);
    std::vector<std::string> row{pe.profile.name};
    for (const auto& [key, value] : e.as<py::Dict>()->entries()) row.push_back(py::to_json(value));
    rows.push_back(std::move(row));
  }
  std::cout << render_table(
      {"profile", "outcome", "error_type", "select_interval", "selection_count", "warnings", "violations"},
      rows, TableFormat::text);
}

int run_add(const AddOptions& opts) {
  auto fail = [](const std::string& why) {
    std::cerr << "zfcheck corpus add: " << why << "\n";
    return kExitUsage;
  };
  if (!opts.case_file.empty() + !opts.fuzz_artifact.empty() + !opts.rc_reproduce.empty() != 1)
    return fail("give exactly one of --case, --from-fuzz and --from-rc");
  auto input = read_case_input(opts);
  if (!input) return fail(input.error());
  auto profiles = profiles_for(opts.profiles);
  if (!profiles) return fail(profiles.error());
  std::string slug = opts.slug.empty() ? slug_of(opts.title) : opts.slug;
  if (slug.empty() || slug != slug_of(slug))
    return fail("no usable file name from '" + slug + "' (use --slug)");
  std::optional<std::string> date = opts.date.empty() ? today() : given(opts.date == "none" ? "" : opts.date);
  ReviewedCaseSource source{opts.thread, given(opts.reporter), std::move(date),
                    opts.quote.empty() ? input->provenance : opts.quote};
  ReviewedCase seed =
      seed_with_expectations(opts.title, std::move(source), given(opts.note), std::move(input->c), *profiles);
  std::string text = seed_to_json(seed);
  // What replay will read back: checks the options the seed's format constrains (the date, empty texts).
  auto parsed = py::parse_json(text);
  if (!parsed) return fail("the seed's JSON does not read back: " + parsed.error().reason);
  if (auto reread = seed_from_value(*parsed); !reread)
    return fail(reread.error().field + ": " + reread.error().reason);
  std::filesystem::path path = std::filesystem::path(opts.out_dir) / (slug + ".json");
  // A file of that name is refused below, by name; another seed holding the same case is refused here.
  if (std::error_code ec; !opts.allow_duplicate && std::filesystem::is_directory(opts.out_dir, ec) &&
                          !std::filesystem::exists(path, ec)) {
    if (auto held = seed_holding(opts.out_dir, seed.c)) {
      return fail("the seed " + held->string() + " already holds this case; pass --allow-duplicate to keep both");
    }
  }
  if (auto written = write_new_file(path, text); !written) return fail(written.error());
  std::cout << "wrote " << path.string() << " (review the expectations, then commit it):\n";
  print_expectations(seed);
  std::cout.flush();
  return kExitOk;
}

}  // namespace

void add_corpus_add_command(CLI::App& corpus, int& exit_code) {
  auto opts = std::make_shared<AddOptions>();
  CLI::App* cmd = corpus.add_subcommand(
      "add", "Write a new seed: a case with the expectations the model gives today under every profile");
  cmd->add_option("--title", opts->title, "What the seed guards, in one line (its file name is made from it)")
      ->required();
  cmd->add_option("--source", opts->thread, "Where it was reported, e.g. deepspeedai/DeepSpeed#8456")
      ->required();
  cmd->add_option("--reporter", opts->reporter, "Who reported it");
  cmd->add_option(
      "--date", opts->date,
      "When it was reported, YYYY-MM-DD, or none when the source gives no date (default: today, UTC)");
  cmd->add_option("--quote", opts->quote,
                  "One line quoted from the report, or a summary (default: the case's file)");
  cmd->add_option("--note", opts->note,
                  "How the case expresses the reported path, when the title cannot say");
  CLI::Option* case_file =
      cmd->add_option("--case", opts->case_file,
                      "An eval-format case: inline JSON ('{\"zenflow\":{...}}'), a file holding one, or - for stdin");
  CLI::Option* fuzz =
      cmd->add_option("--from-fuzz", opts->fuzz_artifact,
                      "A fuzz artifact: the case line a fuzz target read (a file, or - for standard input)")
          ->type_name("FILE")
          ->excludes(case_file);
  cmd->add_option("--from-rc", opts->rc_reproduce,
                  "A property's failure: the RC_PARAMS=\"reproduce=...\" line RapidCheck printed")
      ->excludes(case_file)
      ->excludes(fuzz);
  cmd->add_option(
         "--profile", opts->profiles,
         "A further profile to record, e.g. 'pr-8456:assign_only_positive_dataloader_len=off' (repeatable)")
      ->type_name(kProfileType);
  cmd->add_option("--out", opts->out_dir, "Directory to write <slug>.json into")
      ->type_name("DIR")
      ->capture_default_str();
  cmd->add_option("--slug", opts->slug, "File name stem instead of the one made from the title");
  cmd->add_flag("--allow-duplicate", opts->allow_duplicate,
                "Write the seed even when a seed in the directory already holds the same case");
  set_help_footer(
      cmd,
      "Refuses to overwrite an existing seed, and (unless --allow-duplicate) to add a case a seed in the\n"
      "directory already holds, naming that seed.",
      {"written", "", "bad usage, an unreadable case, or an existing file"});
  cmd->callback([opts, &exit_code] { exit_code = run_add(*opts); });
}

}  // namespace zfcheck::cli
