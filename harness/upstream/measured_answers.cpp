// The cache holds a measured batch as two entries: its answers under the batch's key, the lines that ran
// under a key derived from it; a batch cached without the second is run again, and a batch with an answer
// from a stand-in is not cached.
#include "harness/upstream/measured_answers.hpp"

#include "harness/upstream/runner_pool.hpp"
#include "harness/upstream/upstream_source.hpp"

#include <algorithm>
#include <mutex>
#include <optional>

namespace zfcheck {

namespace {

// Each runner's answer to the request for the lines that ran, merged.
MeasuredAnswers run_measured(RunnerPool& pool, const std::vector<std::string>& lines) {
  MeasuredAnswers out;
  std::mutex merging;  // the runners' threads each merge what their runner ran
  out.answers =
      pool.answer(lines, coverage_request_line(), [&](std::size_t /*part*/, UpstreamRunner& runner) {
        std::string answer;
        auto coverage =
            runner.next(answer) ? ExecutedLines::from_json(answer) : tl::unexpected(std::string("no answer"));
        if (!coverage) return "the request for the lines that ran (" + coverage.error() + ")";
        std::lock_guard lock(merging);
        out.ran.merge(*coverage);
        return std::string();
      });
  return out;
}

}  // namespace

// The runner writes JSON with ", " and ": ", and a quote inside a string is escaped, so only the error's own
// type can read so.
bool leans_on_a_stand_in(const std::string& answer) {
  return answer.find("\"type\": \"RunnerStandIn\"") != std::string::npos;
}

VerifyFailure answer_differs(const std::string& engine, const std::string& line, const std::string& now,
                             const std::string& kept) {
  return VerifyFailure("--verify: " + engine + " answers " + line + " with " + now +
                       ", but the answer kept from an earlier run, which would have been reused here, is " +
                       kept);
}

MeasuredAnswers answer_measured(const ResultCache& cache, const std::string& key,
                                const std::vector<std::string>& lines, bool measure, RunnerPool& pool,
                                const std::function<void(const std::vector<std::string>&)>& check,
                                const AcrossRevisions* across) {
  const std::string coverage_key = digest(key + "\ncoverage");
  MeasuredAnswers out;
  std::optional<std::vector<std::string>> kept = cache.load(key, lines.size());
  if (kept && !(across && across->verify)) {
    if (!measure) return MeasuredAnswers{std::move(*kept), {}, true};
    auto entry = cache.load(coverage_key, 1);
    auto ran = entry ? ExecutedLines::from_json(entry->front()) : tl::unexpected(std::string("absent"));
    if (ran) return MeasuredAnswers{std::move(*kept), across ? across->place(*ran) : std::move(*ran), true};
  }
  if (measure)
    out = run_measured(pool, lines);
  else
    out.answers = pool.answer(lines);
  check(out.answers);
  if (kept && across && across->verify) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if ((*kept)[i] != out.answers[i])
        throw answer_differs(across->engine, lines[i], out.answers[i], (*kept)[i]);
    }
    out.verified = true;
  }
  if (std::any_of(out.answers.begin(), out.answers.end(), leans_on_a_stand_in)) return out;
  cache.store(key, out.answers);
  if (measure) cache.store(coverage_key, {(across ? across->keep(out.ran) : out.ran).to_json()});
  return out;
}

}  // namespace zfcheck
