// Answers grouped by their text after the leading id; each group's first parsed, the others only their id.
#include "harness/upstream/answer_groups.hpp"

#include "harness/checks/engine.hpp"
#include "harness/upstream/runner_pool.hpp"
#include "reference/py_json.hpp"

#include <unordered_map>

namespace zfcheck {

namespace {

// How the runner's json.dumps starts an answer with an id.
constexpr std::string_view kIdMember = "{\"id\": ";

}  // namespace

LeadingId leading_id(std::string_view answer) {
  if (!answer.starts_with(kIdMember) || answer.size() == kIdMember.size() || answer[kIdMember.size()] != '"')
    return {};
  for (std::size_t at = kIdMember.size() + 1; at < answer.size(); ++at) {
    if (answer[at] == '\\') {
      ++at;  // the escaped character, whatever it is, ends nothing
    } else if (answer[at] == '"') {
      return {answer.substr(kIdMember.size(), at + 1 - kIdMember.size()), at + 1};
    }
  }
  return {};
}

py::Value AnswerGroups::value(std::size_t i) const {
  if (first[i] == i) return values[i];
  py::Value out = values[first[i]];
  if (ids[i]) out.as<py::Dict>()->set(py::Str{"id"}, *ids[i]);
  return out;
}

AnswerGroups group_answers(const std::vector<std::string>& answers, unsigned threads,
                           const std::function<std::string(std::size_t)>& failure) {
  AnswerGroups out;
  out.first.resize(answers.size());
  out.values.resize(answers.size());
  out.ids.resize(answers.size());
  std::unordered_map<std::string_view, std::size_t> seen;  // the text after the id -> its first answer
  for (std::size_t i = 0; i < answers.size(); ++i) {
    // Its text after the id, else all of it: no clash, as a whole answer starts with "{" and a rest does not.
    const std::string_view text = std::string_view(answers[i]).substr(leading_id(answers[i]).rest);
    out.first[i] = seen.try_emplace(text, i).first->second;
  }
  const std::size_t parts = answers.empty() ? 0 : std::max(1u, threads);
  std::vector<std::string> failures(parts);
  in_parallel(parts, [&](std::size_t part) {
    for (std::size_t i = answers.size() * part / parts; i < answers.size() * (part + 1) / parts; ++i) {
      if (out.first[i] == i) {
        auto value = py::parse_json(answers[i]);
        if (!value || value->as<py::Dict>() == nullptr) {
          failures[part] = failure(i);
          return;
        }
        out.values[i] = std::move(*value);
      } else if (const LeadingId leading = leading_id(answers[i]); !leading.token.empty()) {
        auto id = py::parse_json(leading.token);
        if (!id || id->as<py::Str>() == nullptr) {
          failures[part] = failure(i);
          return;
        }
        out.ids[i] = std::move(*id->as<py::Str>());
      }
    }
  });
  for (const std::string& f : failures) {
    if (!f.empty()) throw EngineFailure(f);
  }
  return out;
}

}  // namespace zfcheck
