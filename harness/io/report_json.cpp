// The reports' JSON object, member by member.
#include "harness/io/report_json.hpp"

namespace zfcheck {

ReportJson& ReportJson::member(std::string_view key, const py::Value& value) {
  py::write_json(object_.key(key), value);
  return *this;
}

ReportJson& ReportJson::member_text(std::string_view key, std::string_view json) {
  object_.key(key) += json;
  return *this;
}

ReportJson& ReportJson::records(std::string_view key, const std::vector<std::string>& json_records) {
  std::string& out = object_.key(key);
  out += '[';
  for (std::size_t i = 0; i < json_records.size(); ++i) out += (i == 0 ? "\n" : ",\n") + json_records[i];
  out += json_records.empty() ? "]" : "\n]";
  return *this;
}

std::string ReportJson::text() {
  object_.close();
  return std::move(text_) + "\n";
}

}  // namespace zfcheck
