// Reads the runner's answer keys back into the oracle's answer types, and picks where upstream read the
// columns from by which reading makes its selection a valid top-k.
#include "kernels/check/upstream_answer.hpp"

#include "kernels/check/topk_io.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

using ojson = nlohmann::ordered_json;

// A list of indices; absent: none (a key of another type throws, as get<> does).
std::vector<std::int64_t> indices_at(const ojson& object, const char* key) {
  return object.contains(key) ? object.at(key).get<std::vector<std::int64_t>>() : std::vector<std::int64_t>{};
}

ParamAnswer read_param(const ojson& param, ObservedRun& observed) {
  if (param.contains("error")) {
    const ojson& error = param.at("error");
    return tl::unexpected(raised(error.at("type").get<std::string>(), error.value("message", "")));
  }
  ParamSelection selection;
  selection.skipped = param.value("skipped", false);
  if (param.value("unanswered", false) && !selection.skipped)
    return tl::unexpected(raised("Unanswered", "no rank answered it: the run stopped first"));
  for (const ojson& chunk : json_array_at(param, "chunks")) {
    Stage12Chunk geometry;
    geometry.rank = chunk.at("rank").get<std::int64_t>();
    geometry.offset = chunk.at("offset").get<std::int64_t>();
    geometry.numel = chunk.at("numel").get<std::int64_t>();
    geometry.start_column = chunk.at("start_column").get<std::int64_t>();
    geometry.end_column = chunk.at("end_column").get<std::int64_t>();
    geometry.num_select = chunk.at("num_select").get<std::int64_t>();
    selection.chunks.push_back(ChunkSelection{geometry, indices_at(chunk, "indices")});
  }
  for (const ojson& rank : json_array_at(param, "ranks")) {
    selection.ranks.push_back(RankSelection{rank.at("rank").get<std::int64_t>(),
                                            rank.at("start_column").get<std::int64_t>(),
                                            indices_at(rank, "local_indices")});
    if (rank.contains("dtype")) observed.index_dtypes.push_back(rank.at("dtype").get<std::string>());
  }
  if (param.contains("dtype")) observed.index_dtypes.push_back(param.at("dtype").get<std::string>());
  selection.selected = indices_at(param, "selected");
  return selection;
}

std::vector<std::string> judged(SelectionProblem problem, bool shifted, const UpstreamAnswer& answer) {
  problem.layout.one_d_params_shift_offsets = shifted;
  return topk_violations(TopkSubject{problem, answer.answer, nullptr, &answer.observed});
}

bool valid(const std::vector<std::string>& violations) {
  return std::find(violations.begin(), violations.end(), "topk-is-valid-selection") == violations.end();
}

}  // namespace

tl::expected<UpstreamAnswer, std::string> read_upstream_answer(const SelectionProblem& problem,
                                                               const ojson& line) {
  if (!line.is_object()) return tl::unexpected(std::string("the answer is not a JSON object"));
  if (line.contains("error"))
    return tl::unexpected("the runner could not run the problem (" + line["error"].value("type", "?") + ")");
  const ojson& params = json_array_at(line, "params");
  if (params.size() != problem.layout.params.size())
    return tl::unexpected("the answer has " + std::to_string(params.size()) + " parameters, the problem " +
                          std::to_string(problem.layout.params.size()));
  UpstreamAnswer out;
  out.answer.stage = problem.layout.stage;
  try {
    for (const ojson& param : params) out.answer.params.push_back(read_param(param, out.observed));
  } catch (const nlohmann::json::exception& e) {
    return tl::unexpected("a parameter's answer is malformed: " + std::string(e.what()));
  }
  for (const ojson& rank : json_array_at(line, "outcome"))
    out.observed.some_rank_blocked = out.observed.some_rank_blocked || rank.contains("blocked");
  return out;
}

std::vector<std::string> upstream_violations(const SelectionProblem& problem, const UpstreamAnswer& answer) {
  std::vector<std::string> own = judged(problem, false, answer);
  if (valid(own)) return own;
  std::vector<std::string> shifted = judged(problem, true, answer);
  return valid(shifted) ? shifted : own;
}

}  // namespace zfcheck
