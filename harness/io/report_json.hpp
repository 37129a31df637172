// The one writer of the reports' JSON (sweep --json, diff --json, review --format json): an object whose
// members follow on one line, but for lists of records, each record on a line of its own:
//   {"profile":"p","cases":3,"findings":[
//   {...},
//   {...}
//   ]}
#pragma once

#include "reference/py_json.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

class ReportJson {
 public:
  ReportJson() : object_(text_) {}
  ReportJson(const ReportJson&) = delete;
  ReportJson& operator=(const ReportJson&) = delete;

  // A member whose value is a Python value, written as json.dumps writes it.
  ReportJson& member(std::string_view key, const py::Value& value);
  // A member whose value is JSON text already (another report's text(), its newline kept).
  ReportJson& member_text(std::string_view key, std::string_view json);
  // A list of records given as JSON texts: "[]" when empty, else "[", each record on a line of its own,
  // and "]" on the line after the last.
  ReportJson& records(std::string_view key, const std::vector<std::string>& json_records);
  // The object, closed, and a newline.
  std::string text();

 private:
  std::string text_;
  py::ObjectWriter object_;
};

}  // namespace zfcheck
