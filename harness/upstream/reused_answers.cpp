// Per case: the newest kept answer whose trace holds here, else the runners; the batch's entry rewritten with
// what they answered.
#include "harness/upstream/reused_answers.hpp"

#include "harness/checks/engine.hpp"
#include "harness/upstream/reuse_store.hpp"
#include "harness/upstream/runner_pool.hpp"

namespace zfcheck {

void ReuseCounts::add(const ReuseCounts& other) {
  reused += other.reused;
  changed_lines += other.changed_lines;
  module_level += other.module_level;
  new_cases += other.new_cases;
}

std::string ReuseCounts::summary() const {
  const std::uint64_t all = reused + evaluated();
  if (evaluated() == 0) return "reused all " + std::to_string(all) + " cases";
  std::string why;
  for (auto [count, reason] : {std::pair{changed_lines, "changed lines"},
                               std::pair{module_level, "module level"}, std::pair{new_cases, "new"}}) {
    if (count > 0) why += (why.empty() ? "" : ", ") + std::to_string(count) + " " + reason;
  }
  return "re-evaluated " + std::to_string(evaluated()) + " of " + std::to_string(all) + " cases (" + why +
         ")";
}

void TraceMemo::learn(const std::string& id, const std::string& text) {
  std::lock_guard lock(mutex_);
  if (!known_.contains(id)) known_.emplace(id, Known{text, std::nullopt});
}

bool TraceMemo::knows(const std::string& id) const {
  std::lock_guard lock(mutex_);
  return known_.contains(id);
}

const std::string& TraceMemo::text(const std::string& id) const {
  std::lock_guard lock(mutex_);
  return known_.at(id).text;
}

const TraceAtRevision& TraceMemo::at(const std::string& id) const {
  std::lock_guard lock(mutex_);
  const Known& known = known_.at(id);
  if (!known.read) known.read = table_.read(known.text);
  return *known.read;
}

void TraceMemo::cover(const std::string& id) {
  const TraceAtRevision& trace = at(id);
  std::lock_guard lock(mutex_);
  if (!covered_traces_.insert(id).second) return;
  for (const std::string& file : trace.reached) {
    if (covered_files_.insert(file).second) table_.add_loading_lines(file, covered_);
  }
  for (const auto& [file, lines] : trace.ran) covered_.executed[file].insert(lines.begin(), lines.end());
}

ExecutedLines TraceMemo::covered() const {
  std::lock_guard lock(mutex_);
  ExecutedLines out = covered_;
  out.tool = kTraceTool;
  return out;
}

namespace {

// "<trace id>\t<trace, or empty once the runner has given it>\t<answer>", split.
struct Traced {
  std::string id, trace, answer;
};

Traced split_traced(const std::string& line, const std::string& case_line) {
  std::size_t first = line.find('\t');
  std::size_t second = first == std::string::npos ? first : line.find('\t', first + 1);
  if (second == std::string::npos)
    throw EngineFailure("the upstream runner's answer to " + case_line +
                        " does not start with what the case executed: " + line.substr(0, 300));
  return Traced{line.substr(0, first), line.substr(first + 1, second - first - 1), line.substr(second + 1)};
}

}  // namespace

MeasuredAnswers answer_reusing(const ReuseRequest& request, TraceMemo& memo,
                               const std::vector<std::string>& lines, RunnerPool& pool,
                               const std::function<void(const std::vector<std::string>&)>& check,
                               ReuseCounts& counts) {
  ReuseBatch batch = load_reuse_batch(request.cache, request.key, lines.size());
  MeasuredAnswers out;
  out.answers.resize(lines.size());
  std::vector<std::string> used(lines.size());  // the trace each answer holds by
  std::vector<std::size_t> to_run;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::vector<ReuseEntry>& entries = batch.entries[i];
    Staleness newest = Staleness::none;
    for (const ReuseEntry& e : entries) {
      if (!memo.knows(e.trace_id)) memo.learn(e.trace_id, batch.traces[e.trace_id]);
      Staleness why = memo.at(e.trace_id).staleness;
      if (&e == &entries.front()) newest = why;
      if (why != Staleness::none) continue;
      out.answers[i] = e.answer;
      used[i] = e.trace_id;
      break;
    }
    if (!used[i].empty()) {
      ++counts.reused;
      if (request.verify) to_run.push_back(i);
      continue;
    }
    ++(entries.empty()                      ? counts.new_cases
       : newest == Staleness::changed_lines ? counts.changed_lines
                                            : counts.module_level);
    to_run.push_back(i);
  }
  bool ran_any = !to_run.empty();
  if (ran_any) {
    std::vector<std::string> run_lines;
    run_lines.reserve(to_run.size());
    for (std::size_t i : to_run) run_lines.push_back(lines[i]);
    std::vector<std::string> answers = pool.answer(run_lines);
    for (std::size_t k = 0; k < to_run.size(); ++k) {
      const std::size_t i = to_run[k];
      Traced traced = split_traced(answers[k], lines[i]);
      if (!traced.trace.empty() || !memo.knows(traced.id)) memo.learn(traced.id, traced.trace);
      if (memo.at(traced.id).staleness != Staleness::none)
        throw EngineFailure("the upstream runner's trace of " + lines[i] + " (" + traced.id +
                            ") does not hold at the revision it was recorded at (" + request.engine + ")");
      if (!used[i].empty() && out.answers[i] != traced.answer)
        throw answer_differs(request.engine, lines[i], traced.answer, out.answers[i]);
      out.answers[i] = std::move(traced.answer);
      used[i] = std::move(traced.id);
    }
  }
  check(out.answers);
  if (ran_any) {
    for (std::size_t i : to_run) {
      if (!leans_on_a_stand_in(out.answers[i]))
        batch.record(i, ReuseEntry{used[i], out.answers[i]}, memo.text(used[i]));
    }
    store_reuse_batch(request.cache, request.key, batch);
  }
  for (const std::string& id : std::set<std::string>(used.begin(), used.end())) memo.cover(id);
  return out;
}

}  // namespace zfcheck
