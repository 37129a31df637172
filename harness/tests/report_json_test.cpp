// The reports' JSON writer: members on one line, records one a line, nested report text as given.
#include "harness/io/report_json.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(ReportJson, MembersFollowOnOneLineAndTheObjectEndsWithANewline) {
  ReportJson json;
  json.member("profile", py::Str{"p\"q"})
      .member("cases", py::Int(3))
      .member("ok", true)
      .member("none", py::None{});
  EXPECT_EQ(json.text(), "{\"profile\":\"p\\\"q\",\"cases\":3,\"ok\":true,\"none\":null}\n");
}

TEST(ReportJson, RecordsStandOneALineAndAnEmptyListIsBrackets) {
  ReportJson json;
  json.records("findings", {"{\"a\":1}", "{\"b\":2}"}).records("causes", {});
  EXPECT_EQ(json.text(), "{\"findings\":[\n{\"a\":1},\n{\"b\":2}\n],\"causes\":[]}\n");
}

TEST(ReportJson, AnotherReportsTextIsAMemberAsWritten) {
  ReportJson inner;
  inner.member("from", py::Str{"a"});
  ReportJson outer;
  outer.member_text("diff", inner.text()).member("title", py::Str{""});
  EXPECT_EQ(outer.text(), "{\"diff\":{\"from\":\"a\"}\n,\"title\":\"\"}\n");
}

}  // namespace
}  // namespace zfcheck
