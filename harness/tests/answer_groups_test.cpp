// Runner answers grouped by their text besides the leading id (all of it where there is none): each group
// parsed once, every answer's value its own (its own id), and an answer that is not a JSON object, or whose
// id is not a JSON string, refused.
#include "harness/upstream/answer_groups.hpp"

#include "harness/checks/engine.hpp"
#include "reference/py_json.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

std::string failure_at(std::size_t i) { return "answer " + std::to_string(i); }

TEST(AnswerGroups, theLeadingIdIsItsJsonStringWithEscapes) {
  const std::string answer = R"({"id": "a\"b\\", "outcome": "ok"})";
  const LeadingId id = leading_id(answer);
  EXPECT_EQ(id.token, R"("a\"b\\")");
  EXPECT_EQ(answer.substr(id.rest), R"(, "outcome": "ok"})");
  EXPECT_TRUE(leading_id(R"({"outcome": "ok", "id": "1"})").token.empty());
  EXPECT_TRUE(leading_id(R"({"id": 7, "outcome": "ok"})").token.empty());
  EXPECT_TRUE(leading_id(R"({"id": "unterminated)").token.empty());
}

TEST(AnswerGroups, answersThatDifferOnlyInTheirIdAreParsedOnceAndKeepTheirOwnId) {
  const std::vector<std::string> answers = {
      R"({"id": "0", "outcome": "ok", "selections": [1, 2]})",
      R"({"id": "1", "outcome": "config_error"})",
      R"({"id": "2", "outcome": "ok", "selections": [1, 2]})",
      R"({"id": "\u00e9", "outcome": "config_error"})",
      R"({"outcome": "ok", "selections": [1, 2]})",
      R"({"outcome": "ok", "selections": [1, 2]})",  // no id (the kept answers have none): the same text
      R"({"outcome": "ok", "selections": [1]})",
  };
  const AnswerGroups groups = group_answers(answers, 2, failure_at);
  EXPECT_EQ(groups.first, (std::vector<std::size_t>{0, 1, 0, 1, 4, 4, 6}));
  for (std::size_t i = 0; i < answers.size(); ++i) {
    auto parsed = py::parse_json(answers[i]);
    ASSERT_TRUE(parsed.has_value());
    EXPECT_EQ(groups.value(i), *parsed) << answers[i];
  }
  EXPECT_EQ(groups.values[2].kind(), py::Kind::none);  // not parsed: the first's text with its own id
}

TEST(AnswerGroups, anAnswerThatIsNoObjectOrHasABadIdThrowsNamingIt) {
  EXPECT_THROW(
      {
        try {
          group_answers({R"({"id": "0", "outcome": "ok"})", "[1]"}, 2, failure_at);
        } catch (const EngineFailure& e) {
          EXPECT_STREQ(e.what(), "answer 1");
          throw;
        }
      },
      EngineFailure);
  // The same text after the id as a good answer, but an id JSON cannot read (a raw control character).
  EXPECT_THROW(group_answers({R"({"id": "0", "outcome": "ok"})", "{\"id\": \"\x01\", \"outcome\": \"ok\"}"},
                             1, failure_at),
               EngineFailure);
}

}  // namespace
}  // namespace zfcheck
