// Each problem's per-rank outcomes, per-parameter errors, geometry, selections (equal up to ties) and dtypes.
#include "kernels/check/topk_conformance.hpp"

#include "kernels/oracle/columns.hpp"
#include "kernels/oracle/run_outcome.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>

namespace zfcheck {

namespace {

using ojson = nlohmann::ordered_json;

std::string kind_of(const ojson& rank) {
  for (const char* kind : {"ok", "raised", "blocked"})
    if (rank.contains(kind)) return kind;
  return "unknown";
}

// Where a rank's exception under upstream's torch 1.x differs from the oracle's (torch 2's) only by what
// torch itself changed, the change; empty where the difference is not one of them.
std::string torch_1_difference(const ojson& upstream_line, const ojson& ours, const ojson& theirs) {
  if (!upstream_line.value("torch", "").starts_with("1.")) return {};
  const std::string ours_type = ours.value("type", ""), theirs_type = theirs.value("type", "");
  const std::string message = ours.value("message", "");
  // torch 1.13 checks narrow's start before its length: a stage-3 rank inside one column whose first full
  // column starts past its part raises IndexError where torch 2 raises RuntimeError on the negative length.
  if (ours_type == "RuntimeError" && theirs_type == "IndexError" &&
      message.starts_with("narrow(): length must be non-negative") &&
      ours.value("param", ojson()) == theirs.value("param", ojson()))
    return "torch 1.13 checks narrow's start before its length";
  // torch 1.13 wraps a start of -1 into an empty buffer (an empty dimension counts as size 1 there), so the
  // rank goes on to the first broadcast's slice and raises on it.
  if (ours_type == "IndexError" && theirs_type == "RuntimeError" &&
      message.find("[0, 0], but got -1") != std::string::npos)
    return "torch 1.13 wraps narrow's start -1 into an empty buffer";
  // torch 1.13 refuses a tensor size past int64 as a TypeError about SymInts; torch 2 cannot unpack it.
  if (ours_type == "RuntimeError" && theirs_type == "TypeError" &&
      message.starts_with("Overflow when unpacking long") &&
      theirs.value("message", "").find("SymInt") != std::string::npos)
    return "torch 1.13 refuses a size past int64 as a TypeError";
  return {};
}

// The scores, as the selection reads them, of `columns` of parameter `p`, in torch.topk's order (NaN first):
// two selections of one chunk are the same top-k up to ties exactly when these agree.
std::optional<std::vector<float>> scores_of(const SelectionProblem& problem, std::size_t p,
                                            std::int64_t read_begin, const ojson& columns) {
  const ParamShape& shape = problem.layout.params[p];
  std::vector<float> scores;
  for (const ojson& c : columns) {
    if (!c.is_number_integer()) return std::nullopt;
    std::int64_t column = c.get<std::int64_t>();
    if (column < 0 || column >= shape.cols) return std::nullopt;
    std::int64_t begin = read_begin + column * shape.rows;
    if (begin < 0 || begin + shape.rows > static_cast<std::int64_t>(problem.bucket.size()))
      return std::nullopt;
    auto values = std::span<const float>(problem.bucket)
                      .subspan(static_cast<std::size_t>(begin), static_cast<std::size_t>(shape.rows));
    scores.push_back(column_scores(values, shape.rows, 1, problem.dtype)[0]);
  }
  std::sort(scores.begin(), scores.end(), ranks_above);
  return scores;
}

bool same_scores(const std::optional<std::vector<float>>& a, const std::optional<std::vector<float>>& b) {
  if (!a || !b || a->size() != b->size()) return false;
  for (std::size_t i = 0; i < a->size(); ++i) {
    float x = (*a)[i], y = (*b)[i];
    if (!(x == y || (std::isnan(x) && std::isnan(y)))) return false;
  }
  return true;
}

// The parts of a parameter's answer that fix its geometry: chunks without their indices, ranks without
// theirs.
ojson geometry_of(const ojson& param) {
  ojson out = ojson::array();
  for (const char* key : {"chunks", "ranks"}) {
    for (ojson part : param.value(key, ojson::array())) {
      part.erase("indices");
      part.erase("local_indices");
      part.erase("dtype");
      out.push_back(std::move(part));
    }
  }
  return out;
}

ojson dtypes_of(const ojson& param) {
  ojson out = ojson::array({param.value("dtype", ojson())});
  for (const ojson& rank : param.value("ranks", ojson::array())) out.push_back(rank.value("dtype", ojson()));
  return out;
}

// The dtypes upstream's rule gives a parameter's own index tensors (a stage-3 rank's depends on whether its
// selection is empty, which ties may decide otherwise than the oracle did).
ojson rule_dtypes_of(int stage, const ojson& param) {
  ojson out = ojson::array({param.contains("dtype") ? ojson(index_dtype(stage, false)) : ojson()});
  for (const ojson& rank : param.value("ranks", ojson::array()))
    out.push_back(index_dtype(stage, rank.value("local_indices", ojson::array()).empty()));
  return out;
}

// Whether upstream's selection of a parameter is a top-k the oracle's could be (identical, or the same
// scores where ties let torch pick other columns): per chunk at stages 1/2, over the whole parameter at 3.
std::string selection_agreement(const SelectionProblem& problem, std::size_t p, const ojson& oracle,
                                const ojson& upstream) {
  if (oracle.value("selected", ojson()) == upstream.value("selected", ojson())) return "identical";
  auto places = param_places(problem.layout);
  if (!places) return "differs";
  const ParamPlace& place = (*places)[p];
  if (problem.layout.stage == 3)
    return same_scores(scores_of(problem, p, place.bucket_begin, oracle["selected"]),
                       scores_of(problem, p, place.bucket_begin, upstream["selected"]))
               ? "equal under ties"
               : "differs";
  const ojson& ours = oracle["chunks"];
  const ojson& theirs = upstream["chunks"];
  for (std::size_t i = 0; i < ours.size() && i < theirs.size(); ++i) {
    if (!same_scores(scores_of(problem, p, place.read_begin, ours[i]["indices"]),
                     scores_of(problem, p, place.read_begin, theirs[i]["indices"])))
      return "differs";
  }
  return "equal under ties";
}

}  // namespace

void TopkConformance::tally(const std::string& check, bool agrees, bool& problem_agrees,
                            const std::string& line, const ojson& oracle, const ojson& upstream) {
  TopkTally& t = tallies_[check];
  ++t.total;
  t.agreed += agrees ? 1 : 0;
  if (agrees) return;
  problem_agrees = false;
  Disagreement& d = disagreements_[check];
  if (d.count++ == 0 || line.size() < d.line.size()) d = Disagreement{d.count, line, oracle, upstream};
}

void TopkConformance::add(const std::string& line, const SelectionProblem& problem, const ojson& oracle,
                          const ojson& upstream) {
  if (upstream.contains("error")) {
    const ojson& error = upstream["error"];
    std::string reason = error.value("type", "") + ": " + error.value("message", "");
    auto& [count, first] = not_compared_[reason];
    if (count++ == 0) first = line;
    return;
  }
  ++problems_;
  bool agrees = true;
  const ojson ranks_ours = oracle.value("outcome", ojson::array());
  const ojson ranks_theirs = upstream.value("outcome", ojson::array());
  tally("rank count", ranks_ours.size() == ranks_theirs.size(), agrees, line, oracle, upstream);
  for (std::size_t r = 0; r < ranks_ours.size() && r < ranks_theirs.size(); ++r) {
    const ojson& ours = ranks_ours[r];
    const ojson& theirs = ranks_theirs[r];
    std::string kind = kind_of(ours);
    bool same = kind == kind_of(theirs);
    if (same && kind == "raised") {
      const ojson& a = ours["raised"];
      const ojson& b = theirs["raised"];
      same = a.value("param", ojson()) == b.value("param", ojson()) && a["type"] == b["type"];
    }
    if (!same && kind == "raised" && theirs.contains("raised")) {
      std::string difference = torch_1_difference(upstream, ours["raised"], theirs["raised"]);
      if (!difference.empty()) {
        ++torch_differences_[difference];
        same = true;
      }
    } else if (same && kind == "blocked") {
      same = ours["blocked"] == theirs["blocked"];
    }
    tally("rank outcome: " + kind, same, agrees, line, oracle, upstream);
  }
  const ojson params_theirs = upstream.value("params", ojson::array());
  for (std::size_t p = 0; p < oracle["params"].size() && p < params_theirs.size(); ++p) {
    const ojson& ours = oracle["params"][p];
    const ojson& theirs = params_theirs[p];
    if (theirs.value("unanswered", false)) {
      ++unanswered_params_;
      continue;
    }
    if (ours.contains("error") || theirs.contains("error")) {
      // The run's errors are compared rank by rank above (types and parameters): a parameter's error here is
      // the first rank's that raised on it, the oracle's the first its chunks meet as if nothing raised
      // before.
      tally("parameter raised", ours.contains("error") && theirs.contains("error"), agrees, line, oracle,
            upstream);
      continue;
    }
    tally("parameter skipped", ours.value("skipped", false) == theirs.value("skipped", false), agrees, line,
          oracle, upstream);
    tally("parameter geometry", geometry_of(ours) == geometry_of(theirs), agrees, line, oracle, upstream);
    std::string selection = selection_agreement(problem, p, ours, theirs);
    tally("parameter selection", selection != "differs", agrees, line, oracle, upstream);
    ++tallies_["parameter selection, " + selection].total;
    ojson expected =
        selection == "identical" ? dtypes_of(ours) : rule_dtypes_of(problem.layout.stage, theirs);
    tally("index dtype", expected == dtypes_of(theirs), agrees, line, oracle, upstream);
  }
  tally("parameter count", oracle["params"].size() == params_theirs.size(), agrees, line, oracle, upstream);
  agreed_ += agrees ? 1 : 0;
}

std::string TopkConformance::render(const std::string& oracle_replay,
                                    const std::string& upstream_replay) const {
  std::ostringstream out;
  for (const auto& [check, t] : tallies_) {
    if (check.starts_with("parameter selection, "))
      out << "  " << check.substr(std::string("parameter selection, ").size()) << ": " << t.total << "\n";
    else
      out << check << ": " << t.agreed << "/" << t.total << " agree\n";
  }
  for (const auto& [difference, count] : torch_differences_)
    out << "differ only by torch's version (the oracle answers as torch 2 does; " << difference
        << "): " << count << " ranks\n";
  out << "parameters no rank answered (the run stopped first): " << unanswered_params_ << "\n";
  for (const auto& [check, d] : disagreements_) {
    out << "\nDISAGREE " << check << ": " << d.count << " (shortest problem below)\n"
        << "  problem:  " << d.line << "\n"
        << "  oracle:   " << d.oracle.dump() << "\n"
        << "  upstream: " << d.upstream.dump() << "\n"
        << "  replay:   echo '" << d.line << "' | " << oracle_replay << "\n"
        << "            echo '" << d.line << "' | " << upstream_replay << "\n";
  }
  for (const auto& [reason, seen] : not_compared_)
    out << "\nnot compared: " << seen.first << " problems: " << reason << "\n  first: " << seen.second
        << "\n";
  if (!invalid_.empty()) {
    out << "\nnot problems (" << invalid_.size() << "):\n";
    for (const std::string& line : invalid_) out << "  " << line << "\n";
  }
  out << "agreement: " << agreed_ << "/" << problems_ << " problems\n";
  return out.str();
}

}  // namespace zfcheck
