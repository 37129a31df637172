// Runner answers that are the same text, or differ only in the case id they start with, parsed once: the
// grid's 344,147 answers through a revision are about 12,400 texts besides their ids.
#pragma once

#include "reference/py_value.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// The answers, each parsed where it is the first of its text besides the id.
struct AnswerGroups {
  std::vector<std::size_t>
      first;  // the first answer equal to answer i but for the id it starts with (i itself)
  std::vector<py::Value> values;            // the parsed answer where first[i] == i, else None
  std::vector<std::optional<py::Str>> ids;  // where first[i] != i: answer i's own id, if it starts with one
  // Answer i as a value: the first's with its own id where it is not the first.
  py::Value value(std::size_t i) const;
};

// The JSON text of the string an answer starts with as its "id" member ({"id": "7", ...} gives "\"7\""), and
// where the rest of the answer starts; an empty token (and 0) where it does not start so.
struct LeadingId {
  std::string_view token;
  std::size_t rest = 0;
};
LeadingId leading_id(std::string_view answer);

// Groups the answers and parses each group's first (on `threads` threads); the message of the first answer
// that is not a JSON object (or whose id is not a JSON string) throws EngineFailure, as `failure` words it
// from that answer's index.
AnswerGroups group_answers(const std::vector<std::string>& answers, unsigned threads,
                           const std::function<std::string(std::size_t)>& failure);

}  // namespace zfcheck
