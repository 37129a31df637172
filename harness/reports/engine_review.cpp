// Review = the two sweeps' findings matched by invariant (with where their cases went) + the diff's groups +
// the resolution table, rendered most important first.
#include "harness/reports/engine_review.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/checks/result_summary.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/replay_command.hpp"
#include "harness/io/report_json.hpp"
#include "harness/io/report_text.hpp"
#include "harness/io/result_json.hpp"
#include "harness/reports/findings_report.hpp"
#include "harness/reports/resolution_table.hpp"
#include "reference/py_json.hpp"

#include <map>
#include <regex>

namespace zfcheck {

namespace {

constexpr std::int64_t kTableSteps = 40;

// What a result makes of an invariant a case no longer breaks: it holds, or the case stopped at `outcome`.
std::string fate(const Result& r) {
  return r.outcome == Outcome::ok ? std::string("holds") : std::string(outcome_name(r.outcome));
}

// For each invariant, the cases that break it on one side only, by what the other side made of them.
class InvariantMoves {
 public:
  InvariantMoves() : left_(invariants().size()), joined_(invariants().size()) {}

  void add(const Case& c, const Result& a, const Result& b) {
    if (runner_failure(a) || runner_failure(b)) return;  // not evaluated: no invariant moves
    ViolationMask before = violation_mask(c, a), after = violation_mask(c, b);
    for (std::size_t i = 0; i < left_.size(); ++i) {
      const ViolationMask bit = ViolationMask{1} << i;
      if ((before & bit) && !(after & bit)) ++left_[i][fate(b)];
      if ((after & bit) && !(before & bit)) ++joined_[i][fate(a)];
    }
  }

  void give_to(std::vector<InvariantChange>& out) {
    const auto all = invariants();
    for (InvariantChange& change : out) {
      for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].name != change.invariant) continue;
        change.left = std::move(left_[i]);
        change.joined = std::move(joined_[i]);
      }
    }
  }

 private:
  std::vector<std::map<std::string, std::uint64_t>> left_, joined_;
};

std::string bullet(TableFormat format) { return format == TableFormat::markdown ? "- " : "  "; }

// "no cause", "1 cause", "2 causes".
std::string plural(std::uint64_t n, const std::string& one, const std::string& many) {
  return n == 0 ? "no " + one : std::to_string(n) + " " + (n == 1 ? one : many);
}

// "11156 config_error, 3 holds": most first.
std::string moves_text(const std::map<std::string, std::uint64_t>& moves) {
  std::vector<std::pair<std::string, std::uint64_t>> sorted(moves.begin(), moves.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& x, const auto& y) { return x.second > y.second; });
  std::string out;
  for (const auto& [fate, n] : sorted) out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + fate;
  return out;
}

std::uint64_t total(const std::map<std::string, std::uint64_t>& moves) {
  std::uint64_t n = 0;
  for (const auto& [fate, count] : moves) n += count;
  return n;
}

// Why the counts differ between the sides: how many cases stopped breaking it and what they became, how
// many started and what they were.
std::string count_shift(const InvariantChange& c) {
  if (c.left.empty() && c.joined.empty()) return "The same cases break it under both sides.";
  std::string out;
  if (!c.left.empty())
    out += plural(total(c.left), "case breaks", "cases break") +
           " it under base only; under head they are: " + moves_text(c.left) +
           " (holds: an ok result that keeps it; otherwise the outcome they moved to).";
  if (!c.joined.empty())
    out += std::string(out.empty() ? "" : " ") + plural(total(c.joined), "case breaks", "cases break") +
           " it under head only; under base they were: " + moves_text(c.joined) + ".";
  return out;
}

std::string invariant_detail(const InvariantChange& c, TableFormat format, const std::string& base_option,
                             const std::string& head_option) {
  const bool fixed = c.status == "fixed";
  std::string out =
      heading(quoted(c.invariant, format) + ": " + c.status + " (" + std::to_string(c.base_count) +
                  " cases under base, " + std::to_string(c.head_count) + " under head)",
              format, 3);
  out += count_shift(c) + "\n\n";
  out += "Simplest case" + std::string(fixed ? " under base" : "") + ", as a DeepSpeed config:\n\n" +
         code_block(deepspeed_config_json(c.example), format);
  out += "Result: " + summarize(c.result, c.example.micro_steps) + "\n\nReplay:\n\n" +
         code_block(replay_command(c.example, fixed ? base_option : head_option), format, "sh");
  return out;
}

std::string cause_lines(const Review& r, CauseStatus status, TableFormat format,
                        const std::string& base_option, const std::string& head_option) {
  std::string out;
  for (const CauseChange& c : r.diff.causes) {
    if (c.status != status) continue;
    out +=
        bullet(format) + std::string(cause_status_name(c.status)) + ": " + quoted(c.invariant, format) +
        ", " + quoted(c.cause, format) + " (" + std::to_string(c.from_count) + " -> " +
        std::to_string(c.to_count) + " cases); replay: " +
        quoted(replay_command(c.example, status == CauseStatus::fixed ? base_option : head_option), format) +
        "\n";
  }
  return out.empty() ? out : out + "\n";
}

std::vector<const InvariantChange*> with_status(const Review& r, const std::string& status) {
  std::vector<const InvariantChange*> out;
  for (const InvariantChange& c : r.invariants) {
    if (c.status == status) out.push_back(&c);
  }
  return out;
}

std::size_t causes_with(const Review& r, CauseStatus status) {
  return static_cast<std::size_t>(std::count_if(r.diff.causes.begin(), r.diff.causes.end(),
                                                [&](const CauseChange& c) { return c.status == status; }));
}

std::string names(const std::vector<const InvariantChange*>& changes, TableFormat format) {
  std::string out;
  for (const InvariantChange* c : changes) out += (out.empty() ? "" : ", ") + quoted(c->invariant, format);
  return out;
}

bool unreached_lines(const Review& r) { return r.coverage && !r.coverage->unreached.empty(); }

// The top-k invariants with `status` ("introduced" or "fixed"); none without an evaluated top-k part.
std::vector<const TopkInvariantChange*> topk_with(const Review& r, std::string_view status) {
  if (!r.topk || !r.topk->changes) return {};
  return r.topk->changes->with_status(status);
}

// "`topk-scores-own-columns` on 17 top-k problems, ..."
std::string topk_names(const std::vector<const TopkInvariantChange*>& changes, TableFormat format) {
  std::string out;
  for (const TopkInvariantChange* c : changes)
    out += (out.empty() ? "" : ", ") + quoted(c->invariant, format) + " on " +
           plural(c->problems, "top-k problem", "top-k problems");
  return out;
}

std::string verdict(const Review& r, TableFormat format) {
  const std::string strong = format == TableFormat::markdown ? "**" : "";
  const auto topk_introduced = topk_with(r, "introduced");
  const bool introduces = r.introduced || !topk_introduced.empty();
  std::string out;
  if (introduces) {
    std::string what = names(with_status(r, "introduced"), format);
    if (what.empty() && r.introduced)  // only new causes, of invariants the base already broke
      what = plural(causes_with(r, CauseStatus::introduced), "new cause", "new causes");
    const std::string topk = topk_names(topk_introduced, format);
    what += (what.empty() || topk.empty() ? "" : ", ") + topk;
    out = "the head introduces a finding the base did not have (" + what + ")";
  } else {
    out = "the head introduces no finding";
  }
  if (r.diff.not_evaluated.count > 0) {
    out += " in the " + plural(r.diff.cases - r.diff.not_evaluated.count, "grid case", "grid cases") +
           " both revisions answered; " + r.diff.not_evaluated.summary(1) +
           ", and the review says nothing about " + (r.diff.not_evaluated.count == 1 ? "it" : "them");
  }
  if (unreached_lines(r)) {
    out += (introduces ? ", and " : ", but ") +
           plural(r.coverage->unreached.size(), "changed code line", "changed code lines") +
           " ran in no case, so the grid says nothing about " +
           (r.coverage->unreached.size() == 1 ? "it" : "them");
  } else if (r.coverage && !introduces && r.coverage->code > 0) {
    out += ", and every changed code line ran";
  }
  if (r.topk && !r.topk->changes)
    out += "; top-k selection was not evaluated (" + r.topk->not_evaluated + ")";
  return strong + "Verdict: " + out + "." + strong + "\n\n";
}

// "Top-k selection: 3 of 515 problems answer differently (selection 2, rank outcome 1)."
// " On the 510 judged, the head fixes `topk-scores-own-columns` (17 problems) and introduces no top-k
// invariant."
std::string topk_summary(const Review& r, TableFormat format) {
  const TopkReview& t = *r.topk;
  if (!t.changes) return "Top-k selection: not evaluated (" + t.not_evaluated + ").";
  auto listed = [&](std::string_view status) {
    const auto changes = topk_with(r, status);
    return changes.empty() ? std::string("no top-k invariant") : topk_names(changes, format);
  };
  return "Top-k selection: " + t.changes->changed_summary() + "; on the " +
         std::to_string(t.changes->judged) + " both revisions answered, the head fixes " + listed("fixed") +
         " and introduces " + listed("introduced") + ".";
}

std::string summary(const Review& r, TableFormat format) {
  auto fixed = with_status(r, "fixed"), introduced = with_status(r, "introduced"),
       still = with_status(r, "still broken");
  std::string out = "Against the base, the head fixes " + plural(fixed.size(), "invariant", "invariants") +
                    (fixed.empty() ? "" : " (" + names(fixed, format) + ")") + " and " +
                    plural(causes_with(r, CauseStatus::fixed), "cause", "causes") + ", and introduces " +
                    plural(introduced.size(), "invariant", "invariants") +
                    (introduced.empty() ? "" : " (" + names(introduced, format) + ")") + " and " +
                    plural(causes_with(r, CauseStatus::introduced), "cause", "causes") + ". ";
  std::string blocks;  // the grid walked: all of it, or the blocks --grid-blocks named
  for (const std::string& b : r.grid_blocks) blocks += (blocks.empty() ? "" : ", ") + quoted(b, format);
  out += std::to_string(r.diff.differing) + " of " + std::to_string(r.diff.cases) + " grid cases" +
         (blocks.empty() ? "" : " (only the blocks " + blocks + ")") + " behave differently" +
         (r.diff.not_evaluated.count > 0
              ? " and " + std::to_string(r.diff.not_evaluated.count) + " were not evaluated"
              : "");
  if (!r.diff.groups.empty())
    out += " (the largest change: " + std::to_string(r.diff.groups.front().count) + " cases, " +
           r.diff.groups.front().change + ")";
  out += ". ";
  if (r.new_fields.empty() && r.removed_fields.empty()) {
    out += "It adds no ZenFlow field. ";
  } else {
    for (const auto& [list, verb] :
         {std::pair{&r.new_fields, "adds"}, std::pair{&r.removed_fields, "removes"}}) {
      if (list->empty()) continue;
      std::string fields;
      for (const std::string& f : *list) fields += (fields.empty() ? "" : ", ") + quoted(f, format);
      out += std::string("It ") + verb + " the ZenFlow " + (list->size() == 1 ? "field " : "fields ") +
             fields + ". ";
    }
  }
  out +=
      "Patch coverage: " + (r.coverage ? patch_coverage_summary(*r.coverage) : std::string("not measured")) +
      ". ";
  if (r.topk) out += topk_summary(r, format) + " ";
  out += plural(still.size(), "invariant stays", "invariants stay") + " broken on both sides" +
         (still.empty() ? "." : " (below, collapsed, with where their cases went).");
  return out + "\n\n";
}

std::string unreached_section(const Review& r, TableFormat format) {
  if (!unreached_lines(r)) return "";
  std::string out =
      heading("Changed code lines no case reached (" + std::to_string(r.coverage->unreached.size()) + " of " +
                  std::to_string(r.coverage->code) + ")",
              format);
  std::string listing;
  for (const ChangedLine& l : r.coverage->unreached)
    listing += (listing.empty() ? "" : "\n") + l.file + ":" + std::to_string(l.line) + ": " + l.text;
  return out + code_block(listing, format, "text");
}

std::string behaviour_section(const Review& r, TableFormat format) {
  std::string out = heading("Behaviour changes (" + std::to_string(r.diff.differing) + " of " +
                                std::to_string(r.diff.cases) + " grid cases)",
                            format);
  if (r.diff.not_evaluated.count > 0) out += r.diff.not_evaluated.summary(10) + ".\n\n";
  if (r.diff.groups.empty())
    return out + (r.diff.not_evaluated.count > 0
                      ? "No grid case both revisions answered behaves differently.\n\n"
                      : "No grid case behaves differently.\n\n");
  for (const DiffGroup& g : r.diff.groups) {
    out += bullet(format) + std::to_string(g.count) + " cases: " + g.change + "\n";
    out += "    example: " + case_line(g.example) + "\n";
    out += "    base: " + summarize(g.from, g.example.micro_steps) + "\n";
    out += "    head: " + summarize(g.to, g.example.micro_steps) + "\n";
  }
  return out + "\n";
}

// A top-k problem, both revisions' answers and the commands that replay them.
std::string topk_example(const std::string& line, const nlohmann::ordered_json& base,
                         const nlohmann::ordered_json& head, TableFormat format,
                         const std::string& base_option, const std::string& head_option) {
  return code_block("problem: " + line + "\nbase:    " + base.dump() + "\nhead:    " + head.dump() +
                        "\nreplay:  echo '" + line + "' | zfcheck topk " + base_option +
                        " -\n         echo '" + line + "' | zfcheck topk " + head_option + " -",
                    format, "text");
}

// The top-k invariants the head introduces and fixes, then each kind of change, each with its shortest
// problem.
std::string topk_section(const Review& r, TableFormat format, const std::string& base_option,
                         const std::string& head_option) {
  if (!r.topk || !r.topk->changes) return "";
  const TopkChanges& t = *r.topk->changes;
  std::string out = heading("Top-k selection (" + std::to_string(t.changed) + " of " +
                                std::to_string(t.problems) + " problems answer differently)",
                            format);
  out += "Upstream's own selection code at each revision on " + r.topk->problem_set + ".\n\n";
  for (const TopkInvariantChange& c : t.invariants) {
    out += bullet(format) + c.status + ": " + quoted(c.invariant, format) + ", " +
           plural(c.problems, "problem", "problems") + " (the shortest below)\n\n" +
           topk_example(c.line, c.base, c.head, format, base_option, head_option);
  }
  if (t.kinds.empty()) return out + "Every problem is answered the same at both revisions.\n\n";
  for (const TopkChange& c : t.kinds) {
    out += bullet(format) + plural(c.problems, "problem", "problems") + ": " + c.kind +
           " (the shortest below)\n\n" +
           topk_example(c.line, c.base, c.head, format, base_option, head_option);
  }
  return out;
}

std::string fields_section(const Review& r, TableFormat format) {
  if (r.new_fields.empty() && r.removed_fields.empty() && r.swept_fields.empty()) return "";
  std::string out = heading("ZenFlow fields", format);
  for (const std::string& f : r.new_fields)
    out += bullet(format) + "new in head: " + quoted(f, format) + "\n";
  for (const std::string& f : r.removed_fields)
    out += bullet(format) + "gone in head: " + quoted(f, format) + "\n";
  for (const NewField& f : r.swept_fields) {
    std::string values;
    for (const std::string& v : f.values) values += (values.empty() ? "" : ", ") + v;
    out += bullet(format) + quoted(f.name, format) + " (" + f.annotation +
           "), which the model does not know: tried " + values + " (" + std::to_string(f.cases) +
           " cases, each with the grid's coercion corners)\n";
  }
  return out + "\n";
}

std::string still_broken_section(const Review& r, TableFormat format, const std::string& base_option,
                                 const std::string& head_option) {
  auto still = with_status(r, "still broken");
  std::string causes = cause_lines(r, CauseStatus::remaining, format, base_option, head_option);
  if (still.empty() && causes.empty()) return "";
  std::string title = "Still broken on both sides: " + plural(still.size(), "invariant", "invariants") +
                      ", " + plural(causes_with(r, CauseStatus::remaining), "cause", "causes");
  std::string body;
  for (const InvariantChange* c : still) body += invariant_detail(*c, format, base_option, head_option);
  body += causes;
  if (format != TableFormat::markdown) return heading(title, format) + body;
  return "<details>\n<summary>" + title + "</summary>\n\n" + body + "</details>\n\n";
}

}  // namespace

std::string pull_request_title(const std::string& rev) {
  static const std::regex pull(R"((?:^|/)pull/(\d+)/(?:head|merge)$)");
  std::smatch m;
  return std::regex_search(rev, m, pull) ? "PR #" + m[1].str() : std::string();
}

std::string portable_upstream_option(const std::string& engine_name) {
  const std::string sha = engine_name.substr(engine_name.find('@') + 1);
  return "--upstream \"$DEEPSPEED_SRC@" + sha + "\"";
}

bool review_passes(const Review& review) {
  return !review.introduced && topk_with(review, "introduced").empty() && !unreached_lines(review);
}

Review review_engines(const SweepGrid& grid, const Engine& base, const Engine& head, TableFormat table_format,
                      Progress* progress) {
  Review review;
  review.base = base.name();
  review.head = head.name();
  // One walk of the grid through both engines: the diff, each side's sweep of the cases both answered (the
  // invariants are judged on those) and the invariants' moves.
  DiffTally walk(base, head, grid.size());
  InvariantMoves moves;
  for_each_result_pair(
      grid, base, head,
      [&](const Case& c, const Result& a, const Result& b) {
        walk.add(c, a, b);
        moves.add(c, a, b);
      },
      progress);
  review.diff = walk.diff();
  const auto rows = resolution_table_cases(kTableSteps);
  std::vector<Case> row_cases;
  for (const ResolutionTableRow& row : rows) row_cases.push_back(row.c);
  const std::vector<Result> base_rows = evaluate_all(base, row_cases),
                            head_rows = evaluate_all(head, row_cases);
  review.table_sides_agree = std::equal(
      base_rows.begin(), base_rows.end(), head_rows.begin(), head_rows.end(),
      [](const Result& a, const Result& b) { return compact_result_cell(a) == compact_result_cell(b); });
  std::vector<const Engine*> columns{&base, &head};
  if (review.table_sides_agree) columns = {&head};
  review.table = render_resolution_table(rows, columns, kTableSteps, table_format);
  SweepReport before = walk.from_sweep().report(base, grid.size());
  SweepReport after = walk.to_sweep().report(head, grid.size());
  std::map<std::string, const Finding*> base_findings;
  for (const Finding& f : before.findings) base_findings[f.invariant] = &f;
  for (const Finding& f : after.findings) {
    auto it = base_findings.find(f.invariant);
    bool old = it != base_findings.end();
    review.invariants.push_back({f.invariant,
                                 old ? "still broken" : "introduced",
                                 old ? it->second->count : 0,
                                 f.count,
                                 f.example,
                                 f.result,
                                 {},
                                 {}});
    review.introduced = review.introduced || !old;
    if (old) base_findings.erase(it);
  }
  for (const auto& [name, f] : base_findings)
    review.invariants.push_back({name, "fixed", f->count, 0, f->example, f->result, {}, {}});
  moves.give_to(review.invariants);
  // A cause the base did not have is a finding too, even of an invariant the base already broke (a new
  // field's defect): as for diff's exit status.
  for (const CauseChange& c : review.diff.causes) review.introduced |= c.status == CauseStatus::introduced;
  return review;
}

std::string render_review(const Review& r, TableFormat format, const std::string& base_option,
                          const std::string& head_option) {
  std::string out = heading("ZenFlow review" + (r.title.empty() ? std::string() : " of " + r.title) + ": " +
                                r.base + " -> " + r.head,
                            format, 1);
  out += verdict(r, format) + summary(r, format);
  auto introduced = with_status(r, "introduced"), fixed = with_status(r, "fixed");
  std::string introduced_causes = cause_lines(r, CauseStatus::introduced, format, base_option, head_option);
  if (!introduced.empty() || !introduced_causes.empty()) {
    out += heading("Introduced by the head", format);
    for (const InvariantChange* c : introduced) out += invariant_detail(*c, format, base_option, head_option);
    out += introduced_causes;
  }
  std::string fixed_causes = cause_lines(r, CauseStatus::fixed, format, base_option, head_option);
  if (!fixed.empty() || !fixed_causes.empty()) {
    out += heading("Fixed by the head", format);
    for (const InvariantChange* c : fixed) out += invariant_detail(*c, format, base_option, head_option);
    out += fixed_causes;
  }
  out += unreached_section(r, format) + behaviour_section(r, format) +
         topk_section(r, format, base_option, head_option) + fields_section(r, format);
  out += heading("Resolution table (cells: resolved select_interval / selections in " +
                     std::to_string(kTableSteps) + " micro-steps / warning)",
                 format);
  if (r.table_sides_agree) out += "Base and head agree on every row; the head's results:\n\n";
  out += r.table + "\n";
  out += still_broken_section(r, format, base_option, head_option);
  out +=
      "Replay commands run on any DeepSpeed clone: set DEEPSPEED_SRC to its path (with the pull request's "
      "head fetched).\n";
  return out;
}

namespace {

// An answer line as a value of the report (its text where the dialect cannot read it back).
py::Value json_value(const nlohmann::ordered_json& json) {
  const std::string text = json.dump();
  auto value = py::parse_json(text);
  return value ? std::move(*value) : py::Value(py::Str{text});
}

// `d` with a top-k change's count, shortest problem and both answers.
template <class Change>
py::Dict with_example(py::Dict d, const Change& c) {
  d.set(py::Str{"problems"}, py::Int(c.problems));
  d.set(py::Str{"example"}, c.line);
  d.set(py::Str{"base"}, json_value(c.base));
  d.set(py::Str{"head"}, json_value(c.head));
  return d;
}

py::Dict topk_value(const TopkReview& t) {
  py::Dict d;
  d.set(py::Str{"problem_set"}, t.problem_set);
  d.set(py::Str{"evaluated"}, t.changes.has_value());
  if (!t.changes) {
    d.set(py::Str{"not_evaluated"}, t.not_evaluated);
    return d;
  }
  d.set(py::Str{"problems"}, py::Int(t.changes->problems));
  d.set(py::Str{"changed"}, py::Int(t.changes->changed));
  py::List kinds;
  for (const TopkChange& c : t.changes->kinds) {
    py::Dict kind;
    kind.set(py::Str{"kind"}, c.kind);
    kinds.push_back(with_example(std::move(kind), c));
  }
  d.set(py::Str{"kinds"}, std::move(kinds));
  d.set(py::Str{"judged"}, py::Int(t.changes->judged));
  py::List invariants;
  for (const TopkInvariantChange& c : t.changes->invariants) {
    py::Dict invariant;
    invariant.set(py::Str{"invariant"}, c.invariant);
    invariant.set(py::Str{"status"}, c.status);
    invariants.push_back(with_example(std::move(invariant), c));
  }
  d.set(py::Str{"invariants"}, std::move(invariants));
  return d;
}

}  // namespace

std::string review_json(const Review& r) {
  ReportJson json;
  json.member("base", r.base).member("head", r.head);
  // said first, as the text says it in the verdict
  if (r.diff.not_evaluated.count > 0) json.member("not_evaluated", r.diff.not_evaluated.to_value());
  auto counts = [](const std::map<std::string, std::uint64_t>& moves) {
    py::Dict d;
    for (const auto& [fate, n] : moves) d.set(py::Str{fate}, py::Int(n));
    return d;
  };
  std::vector<std::string> invariants;
  for (const InvariantChange& c : r.invariants) {
    py::Dict d;
    d.set(py::Str{"invariant"}, c.invariant);
    d.set(py::Str{"status"}, c.status);
    d.set(py::Str{"base_count"}, py::Int(c.base_count));
    d.set(py::Str{"head_count"}, py::Int(c.head_count));
    d.set(py::Str{"example"}, case_to_value(c.example));
    d.set(py::Str{"result"}, result_to_value(c.result));
    d.set(py::Str{"left"}, counts(c.left));
    d.set(py::Str{"joined"}, counts(c.joined));
    invariants.push_back(py::to_json(d));
  }
  json.member("introduced", r.introduced)
      .records("invariants", invariants)
      .member_text("diff", profile_diff_json(r.diff))
      .member("title", r.title)
      .member("passes", review_passes(r))
      .member("table_sides_agree", r.table_sides_agree)
      .member("new_fields", py::List(r.new_fields.begin(), r.new_fields.end()))
      .member("removed_fields", py::List(r.removed_fields.begin(), r.removed_fields.end()));
  py::List swept;
  for (const NewField& f : r.swept_fields) {
    py::Dict d;
    d.set(py::Str{"name"}, f.name);
    d.set(py::Str{"annotation"}, f.annotation);
    py::List values;
    for (const std::string& v : f.values) values.push_back(*py::parse_json(v));
    d.set(py::Str{"values"}, std::move(values));
    d.set(py::Str{"cases"}, py::Int(f.cases));
    swept.push_back(std::move(d));
  }
  json.member("swept_fields", swept);
  if (!r.grid_blocks.empty())
    json.member("grid_blocks", py::List(r.grid_blocks.begin(), r.grid_blocks.end()));
  if (r.coverage) {
    py::Dict coverage;
    coverage.set(py::Str{"tool"}, r.coverage->tool);
    coverage.set(py::Str{"changed"}, py::Int(r.coverage->changed));
    coverage.set(py::Str{"code"}, py::Int(r.coverage->code));
    coverage.set(py::Str{"reached"}, py::Int(r.coverage->reached));
    py::List unreached;
    for (const ChangedLine& l : r.coverage->unreached) {
      py::Dict line;
      line.set(py::Str{"file"}, l.file);
      line.set(py::Str{"line"}, l.line);
      line.set(py::Str{"text"}, l.text);
      unreached.push_back(line);
    }
    coverage.set(py::Str{"unreached"}, unreached);
    json.member("coverage", coverage);
  } else {
    json.member("coverage", py::None{});
  }
  if (r.topk) json.member("topk", topk_value(*r.topk));
  return json.text();
}

}  // namespace zfcheck
